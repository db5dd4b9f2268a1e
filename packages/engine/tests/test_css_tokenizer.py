"""The compiled CSS tokenizer (css.tokenizer): CSS Syntax 3 tokens as tinycss2's nodes, node for node the
list `tinycss2.parse_component_value_list` gives, which is the oracle here (a real dependency, not a mock)."""

from __future__ import annotations

import math
import random

import pytest
import tinycss2
from browsy_engine.css.tokenizer import block_items, stylesheet_rules, tokenize
from tinycss2.ast import (
    DimensionToken,
    FunctionBlock,
    HashToken,
    IdentToken,
    LiteralToken,
    NumberToken,
    ParseError,
    StringToken,
    UnicodeRangeToken,
    URLToken,
    WhitespaceToken,
)


def _attributes(node: object) -> list[str]:
    return [name for cls in type(node).__mro__ for name in getattr(cls, "__slots__", ())]


def difference(want: list[object], got: list[object], path: str = "") -> str:
    """Where two node lists differ (type, any attribute, recursively), or "" when they are the same."""
    if len(want) != len(got):
        return f"{path}: {len(want)} nodes != {len(got)}: {want[:6]} vs {got[:6]}"
    for i, (a, b) in enumerate(zip(want, got, strict=True)):
        if type(a) is not type(b):
            return f"{path}[{i}]: {a!r} vs {b!r}"
        for name in _attributes(a):
            x, y = getattr(a, name, None), getattr(b, name, None)
            if isinstance(x, list):
                found = difference(x, y, f"{path}[{i}].{name}")  # type: ignore[arg-type]
                if found:
                    return found
            elif isinstance(x, float) and math.isnan(x) and isinstance(y, float) and math.isnan(y):
                continue
            elif x != y or type(x) is not type(y):
                return f"{path}[{i}].{name}: {x!r} vs {y!r}"
    return ""


def assert_same_as_tinycss2(text: str) -> None:
    for skip_comments in (False, True):
        found = difference(
            tinycss2.parse_component_value_list(text, skip_comments), tokenize(text, skip_comments)
        )
        assert not found, f"{text!r} (skip_comments={skip_comments}): {found}"


# each line one case of CSS Syntax 3 §4 (or one of tinycss2's choices the module docstring lists)
CASES = [
    "",
    "a.b > c ~ d + e, f[g=h] i:not(.j) ::before",
    "color: red !important; margin: 0 auto",
    "  \t\n  x  \r\n y \r z \f w",  # preprocessing: CR LF, CR and FF are LF
    "a\0b",  # NUL is U+FFFD
    "12 +3 -4 .5 +.5 -.5 1. 1.2.3 1e3 1E+3 1e-3 1e 1e+ 1ex 2em 3px% 4% 5.0% -0 +0",
    "1e3px 1.5e-2em 10\\70x 7-x 8--x 9_",  # exponents, escaped units, names after numbers
    "#abc #-a #1a #- # #\\31 x #é #\\\n",  # hashes: identifier or not, escapes, a lone #
    "@media @-x @1 @ @\\41",
    'url(a.png) URL( b.png ) url(  ) url() Url(c d) url(e"f) url(g\\)h) url(i\\\nj) url(\'k\') url( "l")',
    "url(unterminated",
    "url(  ",
    "url(x  ",
    "url(a b",
    'x "str" \'s\\\'q\' "esc\\41 x" "nl\\\ncont" "bad\nnext" "eof',
    "'eof\\",
    "/* c */a/**/b/* unterminated",
    "a /* c */ { b }",
    "<!-- --> -->x -- --x -\\31 -",
    "||a |= ~= ^= $= *= | ~ ^ $ * = !",
    "u+1 U+1-ff u+?? u+1?? u+a-z U+ u+ x u+g",
    "f( g[ h{ i",  # unclosed blocks end at EOF
    ") ] } (]) [}] {)}",  # closers that close nothing are ParseErrors
    "calc(1px + (2 * 3%)) var(--x, fallback) fn(a, b)",
    "\\ \\\\ \\\n \\30 \\000041 \\110000 \\0 \\d800 \\",  # escapes: space, backslash, newline, hex, EOF
    "é😀x .😀 #😀 😀(1)",
    # lower_value/lower_unit/lower_name: ASCII letters only lowercased (İ, É and a surrogate stay)
    "DIV ÉCOLE İx @MEDIA 10PX 2ÉM 3\\d800 Q FÜNC(1) \\d800 AB x \\d800 F(",
    "--custom-prop: { a: b }; --x:[1]",
    'a\n\nb\n c /* multi\nline */ d "s\\\nt" e',  # positions across newlines
]


@pytest.mark.parametrize("text", CASES)
def test_tokens_are_tinycss2s(text: str) -> None:
    assert_same_as_tinycss2(text)


def test_random_text_over_tricky_pieces() -> None:
    """30,000 random strings built from the characters and sequences where tokenizers go wrong."""
    pieces = list("aAuUeE0123456789+-.% \n\t\r\f\0\\/*\"'(){}[]#@!<>|~^$=;:,?_é😀") + [
        "url(",
        "URL(",
        "-->",
        "<!--",
        "/*",
        "*/",
        "\\\n",
        "\\31 ",
        "U+1?",
        "u+a-f",
        "1e3",
        "1.5em",
        "\\d800",
    ]
    rng = random.Random(20261127)
    for _ in range(30_000):
        assert_same_as_tinycss2("".join(rng.choice(pieces) for _ in range(rng.randint(0, 16))))


def test_spec_examples_directly() -> None:
    tokens = [t for t in tokenize('a#b 1.5em u+0-7f url( x ) "s" f(') if not isinstance(t, WhitespaceToken)]
    a, hash_, dim, urange, url, string, function = tokens
    assert isinstance(a, IdentToken) and a.value == "a"
    assert isinstance(hash_, HashToken) and hash_.value == "b" and hash_.is_identifier
    assert isinstance(dim, DimensionToken) and (dim.value, dim.int_value, dim.unit) == (1.5, None, "em")
    assert isinstance(urange, UnicodeRangeToken) and (urange.start, urange.end) == (0, 0x7F)
    assert isinstance(url, URLToken) and url.value == "x"
    assert isinstance(string, StringToken) and string.value == "s"
    assert isinstance(function, FunctionBlock) and function.name == "f" and function.arguments == []
    bad = tokenize("url(a b) 2")
    assert isinstance(bad[0], ParseError) and bad[0].kind == "bad-url"
    assert isinstance(bad[-1], NumberToken) and bad[-1].int_value == 2
    assert [t.value for t in tokenize("|=||") if isinstance(t, LiteralToken)] == ["|=", "||"]
    escaped = tokenize("\\31 a")[0]
    assert isinstance(escaped, IdentToken) and escaped.value == "1a"


BLOCKS = [
    "color: red; /* note */ margin: 0 !important; --x: { a }; bad",
    "a: b ! important; c: d !IMPORTANT ; e: f ! ; g: !important h; i: j !important !important",
    "a: b { c: d } e: f; & .x { g: h } .y { i: j }; k: l",  # nested rules, a {} block after values
    "--x: {a}; --y: {a} b; p; q r; s; t { u: v } w",  # a `;` before any block spoils a rule
    "{ a: b } ; ; @media print { a: b } @font-feature-values x; @x; c: d; 1: 2; :e; f g: h; i",
    "a : b; c:; d:  ; e",
    "x {",
    "@x {",
    "a:b{",
    "y",  # unterminated at the end
]


@pytest.mark.parametrize("body", BLOCKS)
def test_a_blocks_declarations_and_rules_are_tinycss2s(body: str) -> None:
    # css.blocks, a compiled CSS Syntax 3 §5.4.4, against tinycss2's parse_blocks_contents, node for node
    want = tinycss2.parse_blocks_contents(body, skip_comments=True, skip_whitespace=True)
    assert not difference(want, block_items(body))


@pytest.mark.parametrize("body", BLOCKS)
def test_a_blocks_contents_leave_its_comments_out(body: str) -> None:
    # the nesting path reads blocks whose tokens keep their comments
    from browsy_engine.css.blocks import block_contents

    tokens = tokenize("/* a */" + body.replace(";", "; /* b */").replace(":", ":/**/"))
    want = tinycss2.parse_blocks_contents(tokens, skip_comments=True, skip_whitespace=True)
    assert not difference(want, block_contents(tokens))


def test_declarations_and_rules_parse_from_our_tokens() -> None:
    sheet = "@import url(a.css) screen; /* c */ p { color: red } @media print { a { b: c } }"
    want = tinycss2.parse_stylesheet(sheet, skip_comments=True, skip_whitespace=True)
    assert not difference(want, stylesheet_rules(sheet))
