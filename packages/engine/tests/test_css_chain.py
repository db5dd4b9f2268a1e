"""The few-candidates matcher (css/chain.py) agrees with lexbor on every selector shape it accepts."""

from __future__ import annotations

import pytest
from browsy_engine.css.chain import _chains, chain_for, parse_chain
from browsy_engine.css.selectors import parse_selector_list
from browsy_engine.dom import build_document
from tinycss2 import parse_component_value_list

HTML = """<html lang=en-GB><body class='page home'><div id=main class='wrap x'><ul class=menu>
<li class='item a'><a href='/one.HTML' class=link>one</a></li><li class=item><a href='https://x.org/two' rel=nofollow>two</a>
<ul><li class='item deep'><span class=score>3</span></li></ul></li></ul><p lang=fr>t<b>b</b></p>
<input type=CHECKBOX checked><input type=text data-x='a b c'><table><tr class=athing><td><a class=storylink>s</a>
</td></tr></table></div><section><div><p><em>e</em></p></div></section></body></html>"""

SELECTORS = [
    "ul li",
    "ul > li",
    "ul li li",
    "ul li > a",
    ".menu .item a",
    "#main .item.a a",
    "div > p b",
    "body.home div p",
    "li:not(.a) > a",
    "li:not(.a):not(.deep)",
    "a:hover",
    "ul a:hover span",
    "div:not(:hover) p",
    "input[type=checkbox]",
    "input[type=checkbox s]",
    "input[type=text i]",
    "[lang|=en] b",
    "[lang|=fr] b",
    "a[href^='/']",
    "a[href$='.html' i]",
    "a[href$='.html']",
    "a[href*=x]",
    "[data-x~=b]",
    "[data-x~='']",
    "a[rel]",
    "tr.athing > td > a.storylink",
    "html body section div p em",
    "section > p",
    "* > a",
    "* em",
    "div div p",
    "body > div > ul > li > ul > li > span.score",
    "li + li",
    "li ~ li",
    "input + input",
    "input ~ table a",
    "p + input",
    "li.a + li > a",
    "ul li + li span",
    "div > p ~ input[type=text]",
    "tr + tr",
    "li:not(.a) ~ li",
    "b + b",
    "html + body",
]


@pytest.mark.parametrize("selector", SELECTORS)
def test_chain_agrees_with_lexbor(selector: str) -> None:
    _assert_chain_agrees_with_lexbor(HTML, selector)


def _assert_chain_agrees_with_lexbor(html: str, selector: str) -> None:
    """The selector has a chain, and it matches what lexbor matches among all the elements of `html`."""
    doc = build_document(html)
    chain = parse_chain(selector)
    assert chain is not None
    elements = [n.index for n in doc.nodes if not n.is_text]
    assert chain.match(doc.nodes, elements) == doc.select(selector)


@pytest.mark.parametrize(
    "selector", ["li:nth-child(2)", ":is(a, b)", "svg|a", "a:not(b c)", "p::before", "a > > b", "a + ~ b"]
)
def test_unsupported_shapes_fall_back_to_lexbor(selector: str) -> None:
    assert parse_chain(selector) is None


@pytest.mark.parametrize("count", [3, 10, 60])
@pytest.mark.parametrize("doctype", ["<!DOCTYPE html>", ""])
def test_attribute_value_groups_agree_with_matching_each_selector(count: int, doctype: str) -> None:
    """Matcher.by_attribute_value answers every user-agent `input[type=… i]` selector as matching it alone
    does (or declines, when that would ask lexbor)."""
    from browsy_engine.css.cascade import _flat_ua
    from browsy_engine.css.matching import Matcher

    types = ["CheckBox", "radio", "", None, "hidden", " submit", "RESET", "chec\u212abox", "IMAGE", "text"]
    inputs = "".join("<input>" if t is None else f"<input type='{t}'>" for t in (types * count)[:count])
    doc = build_document(f"{doctype}<html><body><form>{inputs}<p type=radio></p></form></body></html>")
    matcher = Matcher(doc)
    groups = matcher.by_attribute_value("input", "type")
    if doc.quirks and count > 48:
        assert groups is None
        return
    assert groups is not None
    (test,) = _flat_ua(doc.quirks).value_tests["input"]
    assert test.attribute == "type" and len(test.selectors) >= 10
    for sel, _key, _block in test.selectors:
        value = sel.text.split("=")[1].split()[0]
        assert groups.get(value, []) == Matcher(doc).match(sel), sel.text


@pytest.mark.parametrize("count", [5, 100])
@pytest.mark.parametrize(
    "marked",
    [
        "",
        "<svg><g HIDDEN=1/></svg>",
        "<p hidden>h</p><div popover>p</div><p hidden=until-found>u</p>",
        "<p hidden=UNTIL-FOUND>a</p><p hidden='until-found '>b</p><p hidden=''>c</p><dialog open popover>d</dialog>"
        "<dialog popover>e</dialog><div popover=manual hidden>f</div>",
    ],
)
def test_indexed_attributes_match_as_lexbor_does(count: int, marked: str) -> None:
    """[hidden] and [popover] (found by the index pass, not by a lexbor walk) match what lexbor matches,
    on small and large documents, with and without such elements."""
    from browsy_engine.css.cascade import _flat_ua
    from browsy_engine.css.matching import Matcher

    filler = "<span data-hidden=x xlink:hidden=y>s</span>" * count
    doc = build_document(f"<!DOCTYPE html><html><body>{filler}{marked}</body></html>")
    selectors = [sel for sel, _key, _block in _flat_ua(False).rest_any]
    assert {sel.text for sel in selectors} >= {
        "[hidden=until-found i]",
        "[popover]:not(:hover):not(dialog[open])",
    }
    for sel in selectors:
        assert Matcher(doc).match(sel) == doc.select(sel.text), sel.text


LINKS_HTML = """<html><head><link href=/s.css rel=stylesheet class=x><link rel=preconnect></head><body>
<p><a href=/one class=x>one</a> <a name=anchor>no href</a> <a href="">empty href</a> <A HREF=/UP>upper</A></p>
<img usemap=#m><map name=m><area href=/a shape=rect coords=0,0,1,1><area shape=default></map>
<svg><a href=/svg><text>svg link</text></a></svg><div href=/div>not a link element</div>
<ul><li><a href=/li>in a list</a></li></ul></body></html>"""

LINK_SELECTORS = [
    ":link",
    "a:link",
    "*:link",
    ":any-link",
    "a:any-link",
    "area:link",
    "area:any-link",
    "link:link",
    "link:any-link",
    "div:link",
    "li > a:link",
    "p :any-link",
    "ul :link",
    "a:link:not(.x)",
    ":link:not(a)",
    "a:not(:link)",
    ":not(:any-link)",
    ":link:any-link",
    ".x:link",
    "map > :link + :link",
    ":root",
    "html:root",
    "body:root",
    ":root > body",
    ":root p :link",
    ":not(:root)",
    ":root:not(.x)",
    "p :root",
    ":root:root",
    ":first-child",
    ":last-child",
    ":only-child",
    "p > a:first-child",
    "p > a:last-child",
    "li:only-child a",
    "a:first-child:last-child",
    ":not(:first-child)",
    "map > :last-child",
    "head > :first-child + link",
]


@pytest.mark.parametrize("selector", LINK_SELECTORS)
def test_link_root_and_child_pseudo_classes_match_as_lexbor_does(selector: str) -> None:
    """`:link` and `:any-link` are hyperlink sources with an href (a static page visits nothing), `:root` the
    document element, `:first-child`/`:last-child`/`:only-child` elements without an element sibling before
    or after: matched by the chain without lexbor's walk over the whole tree, and to the same elements."""
    _assert_chain_agrees_with_lexbor(LINKS_HTML, selector)


def test_the_document_element_is_first_last_and_only_child_after_a_doctype() -> None:
    """Chromium (checked with its `Element.matches`) counts no DOCTYPE as a sibling of the document element,
    so it is `:first-child`, `:last-child` and `:only-child`; lexbor's `:first-child` says no."""
    doc = build_document("<!DOCTYPE html><html><body><p>t</p></body></html>")
    root = doc.nodes[0]
    assert root.tag == "html" and root.parent < 0
    for text in (":first-child", ":last-child", ":only-child", "html:first-child:root"):
        chain = parse_chain(text)
        assert chain is not None
        assert chain.match(doc.nodes, [root.index]) == [root.index], text
    assert doc.select("html:first-child") == []  # lexbor's answer, which the chain does not follow


@pytest.mark.parametrize(
    "text", [".x::before", ".x:after", "ul > li::after", "p a.x:before ", "a:link::after", "li + li::before"]
)
def test_a_generated_box_selector_gets_the_chain_of_its_elements(text: str) -> None:
    """`.x::before` styles the box generated for the elements `.x` matches: it has the chain of `.x`, which
    shares its text (the chains' cache key), whichever of the two is met first; lexbor is not asked."""
    generated = parse_selector_list(parse_component_value_list(text))[0]  # type: ignore[index]
    assert generated.pseudo in ("before", "after")
    _chains.pop(generated.text, None)
    chain = chain_for(generated)
    assert chain is not None
    assert chain == parse_chain(generated.text)
    _assert_chain_agrees_with_lexbor(LINKS_HTML + HTML, generated.text)
