"""Views (all / actions / content), within=<id>, and output in parts under a character budget."""

from __future__ import annotations

import json

import pytest
from browsy_engine import parse
from browsy_engine.output.paging import page_key
from browsy_engine.output.selection import is_actionable, select_view, within
from browsy_engine.tools.result import ToolError
from browsy_engine.tools.views import render_page

PAGE = (
    """<title>Shop</title>
<header><nav><a href="/">Home</a><a href="/cart">Cart</a></nav></header>
<h1>Garden tools</h1>
<p>Everything for the garden, from spades to sprinklers, sent within two days.</p>
<h2>About us</h2><p>We are a family business.</p>
<h2>Search</h2>
<form id="f" action="/search"><label for="q">Product</label><input id="q" name="q"><button>Find</button></form>
<div role="alert" class="alert alert-danger">Card declined</div>
<ul>"""
    + "".join(
        f"<li><a href='/p/{i}'>Product number {i} with a long descriptive name</a></li>" for i in range(60)
    )
    + "</ul>"
)


def ids(els: list) -> list[str]:
    return [f"{el.tag}:{el.text}" for el in els]


def test_actions_view_keeps_controls_links_alerts_and_only_headings_followed_by_an_action() -> None:
    dom = parse(PAGE, url="https://shop.test/")
    shown = select_view(dom.els, "actions")
    tags = [el.tag for el in shown]
    assert "p" not in tags
    headings = [el.text for el in shown if el.tag in ("h1", "h2")]
    assert headings == ["Search"]  # "Garden tools" and "About us" have no action before the next heading
    assert any(el.alert_type == "error" for el in shown)
    assert all(is_actionable(el) or el.tag == "h2" or el.alert_type for el in shown)
    # every actionable element of `all` is in `actions`, under its id
    assert {el.id for el in dom.els if is_actionable(el)} <= {el.id for el in shown}


def test_content_view_is_text_for_reading_without_controls() -> None:
    dom = parse(PAGE, url="https://shop.test/")
    shown = select_view(dom.els, "content")
    assert "h1:Garden tools" in ids(shown) and "h2:About us" in ids(shown)
    assert not any(is_actionable(el) for el in shown)
    assert any(el.tag == "p" and "family business" in (el.text or "") for el in shown)


def test_within_gives_one_element_and_what_it_contains() -> None:
    dom = parse(PAGE, url="https://shop.test/")
    form = next(el for el in dom.els if el.tag == "form")
    inside = within(dom, form.id)
    assert inside is not None and [el.tag for el in inside] == ["form", "label", "input", "button"]
    assert within(dom, 10_000) is None
    # without the document (a page rebuilt from JSON) the boxes decide
    from browsy_engine.model import SpatialDom

    again = SpatialDom.from_dict(dom.to_dict())
    boxed = within(again, form.id)
    assert boxed is not None and {"input", "button"} <= {el.tag for el in boxed}


def test_compact_output_comes_in_parts_that_cover_every_element_once() -> None:
    dom = parse(PAGE, url="https://shop.test/")
    whole = render_page(dom).content
    seen: list[str] = []
    result = render_page(dom, max_chars=1200)
    parts = 0
    while True:
        parts += 1
        text = result.content
        assert len(text) <= 1200
        lines = text.split("\n")
        seen += [line for line in lines if line.startswith("[")]
        more = [line for line in lines if line.startswith("more:")]
        if not more:
            break
        cursor = more[0].split('cursor="', 1)[1].split('"', 1)[0]
        result = render_page(dom, cursor=cursor, max_chars=1200)
        assert result.content.startswith("continued: https://shop.test/")
    assert parts > 2
    assert seen == [line for line in whole.split("\n") if line.startswith("[")]


def test_a_part_always_holds_at_least_one_whole_element() -> None:
    dom = parse("<p>" + "word " * 400 + "</p><p>second</p>", url="https://x.test/")
    first = render_page(dom, max_chars=50).content
    assert "word word" in first and "more: 1 more elements" in first


def test_json_parts_carry_a_more_object_and_the_same_ids() -> None:
    dom = parse(PAGE, url="https://shop.test/")
    first = render_page(dom, "json", max_chars=3000).data
    assert len(json.dumps(first)) <= 3300
    cursor = first["more"]["cursor"]
    second = render_page(dom, "json", cursor=cursor, max_chars=3000).data
    assert second["els"][0]["id"] == first["els"][-1]["id"] + 1
    assert render_page(dom, "json").data.get("more") is None


def test_cursor_carries_the_selection_and_is_refused_on_another_page() -> None:
    dom = parse(PAGE, url="https://shop.test/")
    first = render_page(dom, view="actions", max_chars=800).content
    assert "showing: view actions" in first
    cursor = first.rsplit('cursor="', 1)[1].split('"', 1)[0]
    second = render_page(dom, cursor=cursor, max_chars=800).content
    assert "(view actions)" in second.split("\n", 1)[0]
    assert not any(line.startswith("[") and ":p " in line for line in second.split("\n"))
    other = parse(PAGE.replace("Shop", "Other shop"), url="https://shop.test/")
    with pytest.raises(ToolError, match="another page"):
        render_page(other, cursor=cursor)
    with pytest.raises(ToolError, match="not one browsy gave"):
        render_page(dom, cursor="garbage")
    assert page_key(dom) in cursor


def test_within_an_unknown_id_is_a_clear_error() -> None:
    dom = parse(PAGE, url="https://shop.test/")
    with pytest.raises(ToolError) as caught:
        render_page(dom, within_id=9999)
    assert caught.value.code == "not_found" and "9999" in caught.value.message


def test_long_paragraphs_are_cut_in_lists_and_whole_in_content_and_within() -> None:
    long = " ".join(f"word{i}" for i in range(120))
    dom = parse(f"<article><p>{long}</p><a href='/x'>{long}</a></article>", url="https://x.test/")
    listed = render_page(dom).content
    paragraph = next(line for line in listed.split("\n") if line.startswith("[") and ":p " in line)
    assert paragraph.endswith('…"]') and len(paragraph) < 260
    assert long in listed  # the link's text is what an agent clicks: never cut
    assert 'texts past 100 characters end in … (view="content" or within=<id>: whole)' in listed
    assert long in next(
        line for line in render_page(dom, view="content").content.split("\n") if ":p " in line
    )
    p_id = next(el.id for el in dom.els if el.tag == "p")
    assert long in render_page(dom, within_id=p_id).content


def _site_page(path: str, body: str) -> str:
    return f"""<title>{path}</title><header><a href="/">Shop</a><nav><a href="/a">Tools</a><a href="/b">Seeds</a>
    <a href="/c">Pots</a></nav></header><main><h1>{body}</h1><p>Text of {body}.</p></main>
    <footer><a href="/imprint">Imprint</a><a href="/privacy">Privacy</a></footer>"""


def test_chrome_the_same_as_on_the_previous_page_is_one_line_until_expanded() -> None:
    first = parse(_site_page("a", "Tools"), url="https://shop.test/a")
    second = parse(_site_page("b", "Seeds"), url="https://shop.test/b")
    whole = render_page(second).content
    folded = render_page(second, previous=first).content
    header = next(el for el in second.els if el.role == "banner")
    footer = next(el for el in second.els if el.role == "contentinfo")
    assert f"[{header.id}:header] …5 elements as on the previous page (get_page expand={header.id})" in folded
    assert f"get_page expand={footer.id}" in folded
    assert "Tools" not in folded.split("---", 1)[1] and "Imprint" not in folded  # folded away
    assert "[" in folded and '"Seeds"' in folded  # the page's own content stays
    opened = render_page(second, previous=first, expand=header.id).content
    assert '"Tools"' in opened and "Imprint" not in opened  # only the one asked for opens
    assert len(folded) < len(whole)
    # a changed navigation, the same URL (a reload), json, and other views are shown whole
    changed = parse(_site_page("b", "Seeds").replace("Pots", "Vases"), url="https://shop.test/b")
    assert "as on the previous page" not in render_page(changed, previous=first).content.split("[", 2)[1]
    assert (
        "as on the previous page"
        not in render_page(
            second, previous=parse(_site_page("b", "Seeds"), url="https://shop.test/b")
        ).content
    )
    assert "as on the previous page" not in json.dumps(render_page(second, "json", previous=first).data)
    assert "as on the previous page" not in render_page(second, view="actions", previous=first).content
