"""Selector handling: specificity, state pseudo-classes, pseudo-elements, invalid lists, Level 4 selectors."""

from __future__ import annotations

import pytest
import tinycss2
from browsy_engine.css import compute_styles
from browsy_engine.css.selectors import parse_selector_list
from browsy_engine.dom import build_document


def specificities(text: str) -> list[tuple[int, int, int]] | None:
    parsed = parse_selector_list(tinycss2.parse_component_value_list(text))
    return None if parsed is None else [s.specificity for s in parsed]


@pytest.mark.parametrize(
    ("selector", "expected"),
    [
        ("*", (0, 0, 0)),
        ("div", (0, 0, 1)),
        ("div p > a", (0, 0, 3)),
        (".a.b", (0, 2, 0)),
        ("#x .y[href] a:first-child", (1, 3, 1)),
        ("ul li:nth-child(2n+1)", (0, 1, 2)),
        (":not(#a, .b)", (1, 0, 0)),
        (":is(p, #a) span", (1, 0, 1)),
        (":where(#a .b) p", (0, 0, 1)),
        (":has(> img.x)", (0, 1, 1)),
        ("li:nth-child(2 of .important)", (0, 2, 1)),
        ("a:hover", (0, 1, 1)),
    ],
)
def test_specificity(selector: str, expected: tuple[int, int, int]) -> None:
    assert specificities(selector) == [expected]


def test_before_and_after_style_their_generated_box_other_pseudo_elements_drop() -> None:
    parsed = parse_selector_list(
        tinycss2.parse_component_value_list("p::before, .x, a:after, i::placeholder")
    )
    assert parsed is not None
    assert [(s.text, s.pseudo, s.specificity) for s in parsed] == [
        ("p", "before", (0, 0, 2)),
        (".x", None, (0, 1, 0)),
        ("a", "after", (0, 0, 2)),
    ]
    assert specificities("p::-webkit-scrollbar-thumb:hover") == []  # a generated box must end the selector
    assert specificities("p::before:hover") is None  # Chromium: no pseudo-class after ::before


def test_chromium_selector_validity() -> None:
    """Lists with a selector Chromium accepts survive (matching what they mean without scripts);
    one it rejects invalidates its list."""
    for kept in (
        "u:valid",
        "u:scope",
        "u:state(x)",
        "u:is()",
        "u:where(:no-such)",
        "u:host(p)",
        "u::-webkit-foo",
    ):
        assert specificities(kept + ", p") is not None, kept
    for dropped in ("u:blank", "u:matches(p)", "u:any(p)", "u::no-such", "u:host-context()", "u:current(p)"):
        assert specificities(dropped + ", p") is None, dropped


def test_generated_box_styles_do_not_style_their_element() -> None:
    doc = build_document(
        "<style>p::after{content:'';display:table;width:5px} p{width:7px}</style><p id=a>x</p>"
    )
    computed = compute_styles(doc, 1024, 768)
    p = next(n for n in doc.nodes if n.tag == "p")
    assert computed[p.index].width == (7.0, 0.0)  # type: ignore[union-attr]
    generated = doc.pseudo_styles[(p.index, "after")]
    assert (generated.display, generated.content, generated.width) == ("table", "", (5.0, 0.0))
    none = build_document("<style>p::after{content:none;display:table}</style><p>x</p>")
    compute_styles(none, 1024, 768)
    assert none.pseudo_styles == {}


def test_foreign_vendor_pseudo_invalidates_the_list() -> None:
    assert specificities("button:-moz-focusring, .x") is None
    assert specificities("input::-moz-placeholder, .x") is None


def styled(css: str, body: str) -> dict[str, tuple[float, float] | None]:
    doc = build_document(f"<style>{css}</style>{body}")
    computed = compute_styles(doc, 1024, 768)
    return {n.attrs["id"]: computed[n.index].width for n in doc.nodes if not n.is_text and n.attrs.get("id")}  # type: ignore[union-attr]


def test_state_pseudo_classes_never_match_but_their_negation_does() -> None:
    css = (
        "a:hover, a:focus, a:visited, a:focus-within, a:focus-visible, a:target, a:active { width: 1px }"
        " a:not(:focus-visible) { width: 2px }"
    )
    assert styled(css, "<a id=a href=#>x</a>") == {"a": (2.0, 0.0)}


def test_static_state_pseudo_classes_match() -> None:
    css = "input:checked { width: 1px } input:disabled { width: 2px } a:link { width: 3px }"
    got = styled(css, "<input id=c type=checkbox checked><input id=d disabled><a id=l href=/x>l</a>")
    assert got == {"c": (1.0, 0.0), "d": (2.0, 0.0), "l": (3.0, 0.0)}


def test_level4_selectors_through_lexbor() -> None:
    css = (
        "li:nth-child(2) { width: 1px } li + li + li { width: 2px } p ~ span { width: 3px }"
        " div:has(> em) { width: 4px } [data-x^='ab'] { width: 5px } [lang|=en] { width: 6px }"
        " section :not(.skip) { width: 7px } [data-x$=yz i] { width: 8px }"
    )
    body = (
        "<ul><li id=l1>a</li><li id=l2>b</li><li id=l3>c</li></ul><p>p</p><span id=s>s</span>"
        "<div id=h><em>e</em></div><b id=ab data-x=abc>x</b><b id=en lang=en-GB>y</b>"
        "<section><i id=n>n</i><i id=k class=skip>k</i></section><b id=ci data-x=WXYZ>z</b>"
    )
    got = styled(css, body)
    assert got["l1"] is None and got["l2"] == (1.0, 0.0) and got["l3"] == (2.0, 0.0)
    assert got["s"] == (3.0, 0.0) and got["h"] == (4.0, 0.0)
    assert got["ab"] == (5.0, 0.0) and got["en"] == (6.0, 0.0)
    assert got["n"] == (7.0, 0.0) and got["k"] is None and got["ci"] == (8.0, 0.0)


def test_one_invalid_selector_drops_the_whole_rule() -> None:
    css = "#a, #b:::bogus { width: 1px } #a, #b!x { width: 2px } #a, p:nth-child(foo) { width: 3px } #a { height: 1px }"
    doc = build_document(f"<style>{css}</style><div id=a></div>")
    style = compute_styles(doc, 1024, 768)[doc.select("#a")[0]]
    assert style.width is None and style.height == (1.0, 0.0)


def test_class_names_with_escapes_and_unicode() -> None:
    css = r".sm\:flex { width: 1px } .caf\E9 { width: 2px } .日本 { width: 3px }"
    got = styled(css, "<i id=a class='sm:flex'></i><i id=b class='café'></i><i id=c class='日本'></i>")
    assert got == {"a": (1.0, 0.0), "b": (2.0, 0.0), "c": (3.0, 0.0)}


def test_lang_and_dir_pseudo_classes() -> None:
    css = ":lang(en) { width: 1px } p:lang(ar) { width: 2px } p:dir(rtl) { height: 3px } p:dir(ltr) { height: 4px }"
    got = styled(
        css, "<div lang=en-GB><p id=a>x</p></div><div lang=ar dir=rtl><p id=b>y</p></div><p id=c>z</p>"
    )
    assert got["a"] == (1.0, 0.0) and got["b"] == (2.0, 0.0) and got["c"] is None
    doc = build_document(f"<style>{css}</style><div lang=ar dir=rtl><p id=b>y</p></div><p id=c>z</p>")
    computed = compute_styles(doc, 1024, 768)
    assert computed[doc.select("#b")[0]].height == (3.0, 0.0) and computed[doc.select("#c")[0]].height == (
        4.0,
        0.0,
    )


def test_forgiving_is_and_where() -> None:
    assert specificities(":is(.a, :-moz-focusring) p") == [(0, 1, 1)]
    assert specificities(":where(:-moz-x, #a)") == [(0, 0, 0)]
    assert specificities(":not(:-moz-x)") is None


def test_parsed_selectors_share_one_empty_name_set() -> None:
    """Cached sheets keep several name sets per selector, most of them empty; since Python 3.10 each
    empty frozenset is an object of its own (216 bytes), so they all share EMPTY_NAMES."""
    from browsy_engine.css.scanner import EMPTY_NAMES, frozen, selector_needs

    parsed = parse_selector_list(tinycss2.parse_component_value_list("div, .a > p, #x"))
    assert parsed is not None
    div, a_p, x = parsed
    assert div.classes is div.ids is div.key_classes is div.key_ids is EMPTY_NAMES
    assert div.tags == div.key_tags == frozenset({"div"})
    assert a_p.classes == frozenset({"a"}) and a_p.key_classes is EMPTY_NAMES
    assert x.ids == frozenset({"x"}) and x.tags is EMPTY_NAMES
    needs = selector_needs("div.a, #b")
    assert needs == (
        (frozenset({"a"}), frozenset(), frozenset({"div"})),
        (frozenset(), frozenset({"b"}), frozenset()),
    )
    assert needs[0][1] is needs[1][0] is needs[1][2] is EMPTY_NAMES
    assert frozen([]) is EMPTY_NAMES and frozen(["a"]) == frozenset({"a"})


def test_equal_name_sets_and_needs_are_one_object_across_selectors() -> None:
    """Cached sheets name the same classes rule after rule, and a one-compound selector's sets equal its
    subject's: equal sets (and equal per-rule needs) are kept once (`shared`), whatever rule made them."""
    from browsy_engine.css.nodes import ascii_lower
    from browsy_engine.css.scanner import selector_needs

    first = parse_selector_list(tinycss2.parse_component_value_list(".menu > a.item"))
    second = parse_selector_list(tinycss2.parse_component_value_list("li.item, nav.menu"))
    assert first is not None and second is not None
    (menu_item,) = first
    li_item, nav_menu = second
    assert menu_item.key_classes == frozenset({"item"}) and menu_item.key_classes is li_item.classes
    assert li_item.classes is li_item.key_classes and nav_menu.classes is nav_menu.key_classes
    assert menu_item.classes == frozenset({"menu", "item"})
    # the prefilter's needs: equal per-selector triples and equal whole lists are one object
    assert selector_needs(".a, .a")[0] is selector_needs(".a, .a")[1]
    assert selector_needs("div.x > .y") is selector_needs("div.x > .y")
    # an identifier already lowercase is its own lower_value (one string kept, not two)
    name = "".join(["men", "u"])
    assert ascii_lower(name) is name and ascii_lower("MenU") == "menu"


def test_selector_needs_reads_type_selectors_at_each_compound_start() -> None:
    """The prefilter's element names: a type selector begins a compound (the selector's start, or after a
    combinator: white space, >, +, ~), lowercased; a namespaced one (svg|rect) and names inside brackets,
    parentheses or strings require nothing (lexbor decides)."""
    from browsy_engine.css.scanner import selector_needs

    def tags(prelude: str) -> list[set[str]]:
        return [set(t) for _, _, t in selector_needs(prelude)]

    assert tags("DIV > p+A ~ Span\tem\nli") == [{"div", "p", "a", "span", "em", "li"}]
    assert tags(".a div, #b>ul, p.c") == [{"div"}, {"ul"}, {"p"}]
    assert tags("svg|rect, h1-x:hover, *, .x") == [set(), {"h1-x"}, set(), set()]
    assert tags("div:not(p > span) a[title='b c'] em") == [{"div", "a", "em"}]
    assert tags('a[href="x,y"] b') == [{"a", "b"}]
    assert tags("  > li") == [{"li"}]
    classes = [set(c) for c, _, _ in selector_needs(r".a\:b .c.d, p")]
    assert classes == [{"c", "d"}, set()]  # an escaped name is left to lexbor


def test_split_rules_reads_semicolons_only_at_top_level() -> None:
    """A top-level semicolon ends a statement at-rule, or belongs to (and spoils) a style rule's prelude;
    inside a block semicolons separate declarations and leave the rules as they are."""
    from browsy_engine.css.scanner import split_rules

    rules = split_rules("@import 'a.css'; p; a { color: red; b: '}'; } @media x { i { c: d; } } q { e: f")
    assert [(r.prelude, r.block) for r in rules] == [
        ("@import 'a.css'", None),
        ("p; a", " color: red; b: '}'; "),
        ("@media x", " i { c: d; } "),
        ("q", " e: f"),
    ]


def test_split_rules_skips_comments_strings_and_escapes_whole() -> None:
    """Braces, brackets and semicolons inside a comment, a string or an escape structure nothing (CSS
    Syntax 3 §4.3: each is one token); a string stops unterminated at a line break, a comment at the end."""
    from browsy_engine.css.scanner import split_rules

    def rules(text: str) -> list[tuple[str, str | None]]:
        return [(r.prelude, r.block) for r in split_rules(text)]

    assert rules('a/* } { */{b:\'x}\';c:"y{\\"}"} .w-\\[3px\\]{d:e}') == [
        ("a", 'b:\'x}\';c:"y{\\"}"'),
        (".w-\\[3px\\]", "d:e"),
    ]
    assert rules('a{b:"open\n}c{d:e}') == [("a", 'b:"open\n'), ("c", "d:e")]  # the line break ends it
    assert rules("x{[}]}y{z:'it\\'s'}/* unterminated { ") == [("x", "[}]"), ("y", "z:'it\\'s'")]
    assert rules("p{q:r}\\") == [("p", "q:r")]  # a lone final backslash escapes nothing
