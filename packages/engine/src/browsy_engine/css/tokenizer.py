"""CSS text → component values (CSS Syntax 3 §4 tokenization with §5.4.8 blocks), compiled with the engine.

The values are tinycss2's node types (`tinycss2.ast`), the ones the rest of `css` reads, and the list is the
one `tinycss2.parse_component_value_list` gives for the same text, node for node, including its choices
where CSS Syntax 3 leaves room or tinycss2 departs from it:
- the text is preprocessed first (NUL → U+FFFD; CR LF, CR and FF → LF), so white space values hold LF only;
- `u+` followed by a hex digit or `?` is a unicode-range token wherever it appears;
- a `}`, `]` or `)` that closes no open block is a ParseError node, not a token;
- a bad string or bad URL leaves a ParseError node where the token would be; an unterminated string, URL
  or comment is kept (with a ParseError after the string or URL), and an unterminated comment ends the
  input, blocks still open included;
- an escape of a surrogate code point keeps it (only 0 and values above U+10FFFF become U+FFFD).
Nodes carry tinycss2's positions (line from 1, column from 1 at a line's first character).

tinycss2 tokenizes in pure Python at about 400 ns a character, the largest cost of a page's first parse
after layout; this module is the same work compiled. A block's declarations and rules are read from the
list by `css.blocks` (compiled too); tinycss2 still builds a whole stylesheet's rules (`stylesheet_rules`).
"""

from __future__ import annotations

from typing import Any, Final

import tinycss2
from tinycss2 import ast as tinycss2_ast
from tinycss2.serializer import serialize_string_value, serialize_url

from .blocks import block_contents
from .nodes import ascii_lower, new_node

# tinycss2's classes, as Final names (C statics, see css/blocks.py)
AtKeywordToken: Final = tinycss2_ast.AtKeywordToken
Comment: Final = tinycss2_ast.Comment
CurlyBracketsBlock: Final = tinycss2_ast.CurlyBracketsBlock
DimensionToken: Final = tinycss2_ast.DimensionToken
FunctionBlock: Final = tinycss2_ast.FunctionBlock
HashToken: Final = tinycss2_ast.HashToken
IdentToken: Final = tinycss2_ast.IdentToken
LiteralToken: Final = tinycss2_ast.LiteralToken
NumberToken: Final = tinycss2_ast.NumberToken
ParenthesesBlock: Final = tinycss2_ast.ParenthesesBlock
ParseError: Final = tinycss2_ast.ParseError
PercentageToken: Final = tinycss2_ast.PercentageToken
SquareBracketsBlock: Final = tinycss2_ast.SquareBracketsBlock
StringToken: Final = tinycss2_ast.StringToken
UnicodeRangeToken: Final = tinycss2_ast.UnicodeRangeToken
URLToken: Final = tinycss2_ast.URLToken
WhitespaceToken: Final = tinycss2_ast.WhitespaceToken


_MAX_CODE_POINT: Final = 0x10FFFF


def _valued(cls: type, line: int, column: int, value: str) -> Any:
    """A WhitespaceToken or LiteralToken (a `value`), or with `lower_value` an IdentToken or AtKeywordToken."""
    node = new_node(cls, line, column)
    node.value = value
    if cls is IdentToken or cls is AtKeywordToken:
        node.lower_value = ascii_lower(value)
    return node


def _numeric(
    cls: type, line: int, column: int, value: float, int_value: int | None, text: str, unit: str = ""
) -> Any:
    """A NumberToken, PercentageToken or (with its unit) DimensionToken."""
    node = new_node(cls, line, column)
    node.value = value
    node.int_value = int_value
    node.is_integer = int_value is not None
    node.representation = text
    if cls is DimensionToken:
        node.unit = unit
        node.lower_unit = ascii_lower(unit)
    return node


def _block(cls: type, line: int, column: int, content: list[Any]) -> Any:
    node = new_node(cls, line, column)
    node.content = content
    return node


def _function(line: int, column: int, name: str, arguments: list[Any]) -> Any:
    node = new_node(FunctionBlock, line, column)
    node.name = name
    node.lower_name = ascii_lower(name)
    node.arguments = arguments
    return node


def _is_name_start(o: int) -> bool:
    """A name-start code point: a letter, `_`, or any non-ASCII code point."""
    return (ord("a") <= o <= ord("z")) or (ord("A") <= o <= ord("Z")) or o == ord("_") or o > 0x7F


def _is_name(o: int) -> bool:
    """A name code point: a name-start code point, a digit or `-`."""
    return _is_name_start(o) or _is_digit(o) or o == ord("-")


def _is_digit(o: int) -> bool:
    return ord("0") <= o <= ord("9")


def _is_hex(o: int) -> bool:
    return _is_digit(o) or (ord("a") <= o <= ord("f")) or (ord("A") <= o <= ord("F"))


def _is_assign_prefix(o: int) -> bool:
    """The first code point of `~=`, `|=`, `^=`, `$=` or `*=` (alone, a literal)."""
    return o == ord("~") or o == ord("|") or o == ord("^") or o == ord("$") or o == ord("*")


def _is_space(o: int) -> bool:
    """White space after preprocessing (CR and FF have become LF)."""
    return o == ord(" ") or o == ord("\n") or o == ord("\t")


def _valid_escape(css: str, pos: int) -> bool:
    """A `\\` at `pos` that starts an escape: not followed by a newline (at the end of input it escapes
    nothing, which gives U+FFFD)."""
    return pos < len(css) and css[pos] == "\\" and (pos + 1 >= len(css) or css[pos + 1] != "\n")


def _starts_ident(css: str, pos: int) -> bool:
    """Whether the three code points from `pos` would start an ident sequence (§4.3.9)."""
    o = ord(css[pos])
    if _is_name_start(o):
        return True
    if o == ord("-"):
        if pos + 1 < len(css):
            after = ord(css[pos + 1])
            if _is_name_start(after) or after == ord("-"):
                return True
        return _valid_escape(css, pos + 1)
    return _valid_escape(css, pos)


def _escape(css: str, pos: int) -> tuple[str, int]:
    """Consume an escaped code point (§4.3.7); `pos` is just after the backslash."""
    length = len(css)
    if pos >= length:
        return "\ufffd", pos
    end = pos
    limit = min(pos + 6, length)
    while end < limit and _is_hex(ord(css[end])):
        end += 1
    if end == pos:
        return css[pos], pos + 1
    code = int(css[pos:end], 16)
    if end < length and _is_space(ord(css[end])):
        end += 1
    return (chr(code) if 0 < code <= _MAX_CODE_POINT else "\ufffd"), end


def _name(css: str, pos: int) -> tuple[str, int]:
    """Consume an ident sequence (§4.3.11) from `pos`."""
    length = len(css)
    start = pos
    while pos < length and _is_name(ord(css[pos])):
        pos += 1
    if pos >= length or css[pos] != "\\":
        return css[start:pos], pos
    chunks: list[str] = [css[start:pos]]
    start = pos
    while pos < length:
        if _is_name(ord(css[pos])):
            pos += 1
        elif _valid_escape(css, pos):
            chunks.append(css[start:pos])
            value, pos = _escape(css, pos + 1)
            chunks.append(value)
            start = pos
        else:
            break
    chunks.append(css[start:pos])
    return "".join(chunks), pos


def _number_end(css: str, pos: int) -> tuple[int, bool]:
    """The end of a number starting at `pos` (§4.3.12; -1 if none starts there) and whether it is an
    integer (no fraction, no exponent)."""
    length = len(css)
    i = pos
    if i < length and (css[i] == "+" or css[i] == "-"):
        i += 1
    digits_start = i
    while i < length and _is_digit(ord(css[i])):
        i += 1
    integer = True
    if i + 1 < length and css[i] == "." and _is_digit(ord(css[i + 1])):
        i += 2
        while i < length and _is_digit(ord(css[i])):
            i += 1
        integer = False
    elif i == digits_start:
        return -1, False
    if i + 1 < length and (css[i] == "e" or css[i] == "E"):
        j = i + 1
        if css[j] == "+" or css[j] == "-":
            j += 1
        if j < length and _is_digit(ord(css[j])):
            while j < length and _is_digit(ord(css[j])):
                j += 1
            return j, False
    return i, integer


def _quoted(css: str, pos: int) -> tuple[str | None, int, str]:
    """Consume a string token (§4.3.5) whose quote is at `pos`: (value or None when bad, end, error kind
    or "")."""
    length = len(css)
    quote = ord(css[pos])
    pos += 1
    start = pos
    chunks: list[str] = []
    while pos < length:
        o = ord(css[pos])
        if o == quote:
            chunks.append(css[start:pos])
            return "".join(chunks), pos + 1, ""
        if o == ord("\\"):
            chunks.append(css[start:pos])
            pos += 1
            if pos < length:
                if css[pos] == "\n":
                    pos += 1
                else:
                    value, pos = _escape(css, pos)
                    chunks.append(value)
            start = pos
        elif o == ord("\n"):
            return None, pos, "bad-string"
        else:
            pos += 1
    chunks.append(css[start:pos])
    return "".join(chunks), pos, "eof-in-string"


def _bad_url_rest(css: str, pos: int) -> int:
    """Consume the remnants of a bad URL (§4.3.14)."""
    length = len(css)
    while pos < length:
        if css[pos] == "\\" and pos + 1 < length and css[pos + 1] == ")":
            pos += 2
        elif css[pos] == ")":
            return pos + 1
        else:
            pos += 1
    return pos


def _url(css: str, pos: int) -> tuple[str | None, int, str]:
    """Consume an unquoted URL (§4.3.6) after `url(`: (value or None when bad, end, error kind or "")."""
    length = len(css)
    while pos < length and _is_space(ord(css[pos])):
        pos += 1
    if pos >= length:
        return "", pos, "eof-in-url"
    chunks: list[str] = []
    start = pos
    while True:
        if pos >= length:
            chunks.append(css[start:pos])
            return "".join(chunks), pos, "eof-in-url"
        o = ord(css[pos])
        if o == ord(")"):
            chunks.append(css[start:pos])
            return "".join(chunks), pos + 1, ""
        if _is_space(o):
            chunks.append(css[start:pos])
            pos += 1
            while pos < length and _is_space(ord(css[pos])):
                pos += 1
            if pos >= length:
                return "".join(chunks), pos, "eof-in-url"
            if css[pos] == ")":
                return "".join(chunks), pos + 1, ""
            return None, _bad_url_rest(css, pos), "bad-url"
        if _valid_escape(css, pos):
            chunks.append(css[start:pos])
            value, pos = _escape(css, pos + 1)
            chunks.append(value)
            start = pos
        elif (
            o <= 0x8
            or o == 0xB
            or 0xE <= o <= 0x1F
            or o == 0x7F
            or o == ord('"')
            or o == ord("'")
            or o == ord("(")
        ):
            return None, _bad_url_rest(css, pos + 1), "bad-url"
        else:
            pos += 1


_ERROR_MESSAGES: Final = {
    "bad-string": "Bad string token",
    "eof-in-string": "EOF in string",
    "eof-in-url": "EOF in URL",
    "bad-url": "bad URL token",
}


def _unicode_range(css: str, pos: int) -> tuple[int, int, int]:
    """Consume a unicode-range token's digits after `U+` (§4.3.15): (start, end, new position)."""
    length = len(css)
    start_pos = pos
    limit = min(pos + 6, length)
    while pos < limit and _is_hex(ord(css[pos])):
        pos += 1
    first = css[start_pos:pos]
    marks_start = pos
    while pos < limit and css[pos] == "?":
        pos += 1
    marks = pos - marks_start
    if marks:
        return int(first + "0" * marks, 16), int(first + "F" * marks, 16), pos
    if pos + 1 < length and css[pos] == "-" and _is_hex(ord(css[pos + 1])):
        pos += 1
        second_start = pos
        limit = min(pos + 6, length)
        while pos < limit and _is_hex(ord(css[pos])):
            pos += 1
        return int(first, 16), int(css[second_start:pos], 16), pos
    return int(first, 16), int(first, 16), pos


def _open_block(o: int, line: int, column: int, content: list[Any]) -> tuple[object, int]:
    """The block that `{`, `[` or `(` opens, and the code point that closes it."""
    if o == ord("{"):
        return _block(CurlyBracketsBlock, line, column, content), ord("}")
    if o == ord("["):
        return _block(SquareBracketsBlock, line, column, content), ord("]")
    return _block(ParenthesesBlock, line, column, content), ord(")")


def tokenize(css: str, skip_comments: bool = False) -> list[Any]:
    """The component values of `css` (tinycss2's `parse_component_value_list(css, skip_comments)`)."""
    css = css.replace("\0", "\ufffd").replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
    length = len(css)
    root: list[Any] = []
    tokens = root
    end_char = -1  # the code point that closes the innermost open block (none at the top level)
    stack: list[tuple[list[Any], int]] = []
    multiline = "\n" in css
    line = 1
    last_newline = -1
    counted = 0  # newlines before this position are counted in `line`
    pos = 0
    while pos < length:
        if multiline and counted < pos:
            newline = css.rfind("\n", counted, pos)
            if newline != -1:
                line += 1 + css.count("\n", counted, newline)
                last_newline = newline
            counted = pos
        column = pos - last_newline
        start = pos
        o = ord(css[pos])
        if _is_space(o):
            pos += 1
            while pos < length and _is_space(ord(css[pos])):
                pos += 1
            tokens.append(_valued(WhitespaceToken, line, column, css[start:pos]))
            continue
        if (o == ord("u") or o == ord("U")) and pos + 2 < length and css[pos + 1] == "+":
            after = ord(css[pos + 2])
            if after == ord("?") or _is_hex(after):
                first, last, pos = _unicode_range(css, pos + 2)
                tokens.append(UnicodeRangeToken(line, column, first, last))
                continue
        if o == ord("-") and css.startswith("-->", pos):
            tokens.append(_valued(LiteralToken, line, column, "-->"))
            pos += 3
            continue
        if _starts_ident(css, pos):
            value, pos = _name(css, pos)
            if pos >= length or css[pos] != "(":
                tokens.append(_valued(IdentToken, line, column, value))
                continue
            pos += 1
            if len(value) == 3 and value.lower() == "url":
                after_space = pos
                while after_space < length and _is_space(ord(css[after_space])):
                    after_space += 1
                if after_space >= length or (css[after_space] != '"' and css[after_space] != "'"):
                    url, pos, error = _url(css, pos)
                    if url is not None:
                        text = f"url({serialize_url(url)})"
                        if error:
                            text = text[:-1]
                        tokens.append(URLToken(line, column, url, text))
                    if error:
                        tokens.append(ParseError(line, column, error, _ERROR_MESSAGES[error]))
                    continue
            arguments: list[Any] = []
            tokens.append(_function(line, column, value, arguments))
            stack.append((tokens, end_char))
            end_char = ord(")")
            tokens = arguments
            continue
        if _is_digit(o) or o == ord("+") or o == ord("-") or o == ord("."):
            end, integer = _number_end(css, pos)
            if end != -1:
                text = css[start:end]
                number = float(text)
                whole = int(text) if integer else None
                pos = end
                if pos < length and _starts_ident(css, pos):
                    unit, pos = _name(css, pos)
                    tokens.append(_numeric(DimensionToken, line, column, number, whole, text, unit))
                elif pos < length and css[pos] == "%":
                    pos += 1
                    tokens.append(_numeric(PercentageToken, line, column, number, whole, text))
                else:
                    tokens.append(_numeric(NumberToken, line, column, number, whole, text))
                continue
        pos += 1
        if o == ord("@"):
            if pos < length and _starts_ident(css, pos):
                value, pos = _name(css, pos)
                tokens.append(_valued(AtKeywordToken, line, column, value))
            else:
                tokens.append(_valued(LiteralToken, line, column, "@"))
        elif o == ord("#"):
            if pos < length and (_is_name(ord(css[pos])) or _valid_escape(css, pos)):
                is_identifier = _starts_ident(css, pos)
                value, pos = _name(css, pos)
                tokens.append(HashToken(line, column, value, is_identifier))
            else:
                tokens.append(_valued(LiteralToken, line, column, "#"))
        elif o == ord("{") or o == ord("[") or o == ord("("):
            content: list[Any] = []
            block, closer = _open_block(o, line, column, content)
            tokens.append(block)
            stack.append((tokens, end_char))
            end_char = closer
            tokens = content
        elif o == end_char:
            tokens, end_char = stack.pop()
        elif o == ord("}") or o == ord("]") or o == ord(")"):
            tokens.append(ParseError(line, column, css[start], "Unmatched " + css[start]))
        elif o == ord('"') or o == ord("'"):
            string, pos, error = _quoted(css, start)
            if string is not None:
                text = f'"{serialize_string_value(string)}"'
                tokens.append(StringToken(line, column, string, text[:-1] if error else text))
            if error:
                tokens.append(ParseError(line, column, error, _ERROR_MESSAGES[error]))
        elif o == ord("/") and pos < length and css[pos] == "*":
            end = css.find("*/", pos + 1)
            if end == -1:
                if not skip_comments:
                    tokens.append(Comment(line, column, css[start + 2 :]))
                break
            if not skip_comments:
                tokens.append(Comment(line, column, css[start + 2 : end]))
            pos = end + 2
        elif o == ord("<") and css.startswith("!--", pos):
            tokens.append(_valued(LiteralToken, line, column, "<!--"))
            pos += 3
        elif o == ord("|") and pos < length and css[pos] == "|":
            tokens.append(_valued(LiteralToken, line, column, "||"))
            pos += 1
        elif _is_assign_prefix(o) and pos < length and css[pos] == "=":
            tokens.append(_valued(LiteralToken, line, column, css[start : pos + 1]))
            pos += 1
        else:
            tokens.append(_valued(LiteralToken, line, column, css[start]))
    return root


def block_items(text: str) -> list[Any]:
    """The declarations and rules of a block's text (a rule's body, a `style` attribute): what tinycss2's
    `parse_blocks_contents` gives for our tokens, comments and top-level white space left out."""
    return block_contents(tokenize(text, skip_comments=True))


def stylesheet_rules(text: str) -> list[Any]:
    """The top-level rules of a stylesheet's text (tinycss2's `parse_stylesheet` over our tokens)."""
    return tinycss2.parse_stylesheet(tokenize(text, skip_comments=True), skip_whitespace=True)
