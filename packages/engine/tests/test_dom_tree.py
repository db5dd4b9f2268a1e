"""The document tree: unclosed tags, templates, deep nesting (Blink's depth cap), big pages."""

from __future__ import annotations

import pytest
from browsy_engine.dom import build_document
from browsy_engine.dom.depth import MAX_DEPTH, limit_depth


def depth_of(doc, index: int) -> int:  # type: ignore[no-untyped-def]
    depth = 0
    while index >= 0:
        index = doc.nodes[index].parent
        depth += 1
    return depth


def test_flat_preorder_with_parent_links() -> None:
    doc = build_document("<div><p>a<b>b</b></p><p>c")
    tags = [n.tag for n in doc.nodes]
    assert tags == ["html", "head", "body", "div", "p", "#text", "b", "#text", "p", "#text"]
    for n in doc.nodes[1:]:
        assert n.parent < n.index and n.index in doc.nodes[n.parent].children


def test_unclosed_tags_and_template_contents() -> None:
    doc = build_document(
        "<ul><li>one<li>two</ul><template><p id=t>x</p></template><table><tr><td>a<td>b</table>"
    )
    assert len(doc.select("li")) == 2 and len(doc.select("td")) == 2
    assert doc.select("#t") == []


def test_two_hundred_thousand_nested_divs() -> None:
    n = 200_000
    doc = build_document("<div>" * n + "deep" + "</div>" * n)
    divs = [node.index for node in doc.nodes if node.tag == "div"]
    assert len(divs) == n
    assert max(depth_of(doc, i) for i in divs[-5:]) <= MAX_DEPTH + 4  # html, body + the capped chain
    assert doc.text_of(0).count("deep") == 1


def test_depth_cap_matches_blink_structure() -> None:
    html = "<div>" * (MAX_DEPTH + 3) + "x" + "</div>" * (MAX_DEPTH + 3) + "<p id=after>after</p>"
    doc = build_document(html)
    after = doc.select("#after")[0]
    assert doc.nodes[doc.nodes[after].parent].tag == "body"
    # beyond the cap elements become siblings under the element at the cap
    assert limit_depth("<b>" * 3 + "</b>" * 3, cap=2) == "<b><b></b><b></b></b>"


def test_shallow_pages_are_untouched() -> None:
    html = "<div><p>" + "<span>x</span>" * 5000 + "</p></div>" + "<br>" * 3000 + "<li>a" * 1000
    assert limit_depth(html) is html


def test_raw_text_is_not_scanned_for_tags() -> None:
    script = "<script>var s = '" + "<div>" * 2000 + "';</script>"
    assert limit_depth(script + "<p>x</p>") == script + "<p>x</p>"


def test_five_megabyte_page() -> None:
    row = "<tr><td class=a><a href='/x'>link</a></td><td>" + "text " * 20 + "</td></tr>"
    html = "<table>" + row * (5_000_000 // len(row)) + "</table>"
    doc = build_document(html)
    assert len(doc.nodes) > 100_000


def test_compat_mode_from_doctype() -> None:
    assert build_document("<p>x").compat_mode == "quirks"
    assert build_document("<!doctype html><p>x").compat_mode == "no-quirks"
    legacy = '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"'
    assert (
        build_document(legacy + ' "http://www.w3.org/TR/html4/loose.dtd"><p>').compat_mode == "limited-quirks"
    )
    assert build_document(legacy + "><p>").compat_mode == "quirks"
    assert (
        build_document('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x"><p>').compat_mode
        == "no-quirks"
    )


def test_subtree_end_of_one_node_agrees_with_the_shared_array() -> None:
    doc = build_document("<div><p>a<b>b</b></p><ul><li>1<li>2</ul></div><span>x</span><!-- c --><i></i>")
    walked = [doc.subtree_end(i) for i in range(len(doc.nodes))]  # no array yet: last-child walks
    ends = doc.subtree_ends()
    assert walked == [e + 1 for e in ends] == [doc.subtree_end(i) for i in range(len(doc.nodes))]

    def descends(j: int, i: int) -> bool:
        while j > i:
            j = doc.nodes[j].parent
        return j == i

    for i, end in enumerate(walked):
        assert all(descends(j, i) for j in range(i, end))
        assert end == len(doc.nodes) or not descends(end, i)


def _flatten_by_traversal(source: str) -> list[tuple[object, ...]]:
    """The node list by the definition: lexbor's pre-order traversal, keeping text and elements whose
    parent is kept (comments and detached nodes such as <template> contents dropped)."""
    from browsy_engine.dom.tree import _parser_for

    out: list[tuple[object, ...]] = []
    index_of: dict[int, int] = {}
    for x in _parser_for(source).root.traverse(include_text=True):
        parent = index_of.get(x.parent.mem_id, -1) if x.parent is not None else -1
        if out and parent < 0:
            continue
        if x.tag_id == 2:
            out.append(("#text", {}, parent, x.text_content or ""))
        elif x.tag is not None and x.tag != "-comment":
            index_of[x.mem_id] = len(out)
            out.append((x.tag.lower(), x.attributes, parent, None))
    return out


@pytest.mark.parametrize(
    "source",
    [
        "<template><p>x</p></template><p>a<!--c-->b</p>",
        "<table><tr><td>x<template>y</template></table>",
        "<svg><foreignObject><p>x</p></foreignObject></svg><noscript><p>n</p></noscript>",
        "",
        "x",
        "<frameset><frame></frameset>",
        "<select><template><option>1</option></template></select>",
        "<!DOCTYPE html><html><head><title>t</title></head><body><div><span>a</span>b<!-- c --></div></body>"
        "<p>after body</p></html><!-- trailing -->",
    ],
)
def test_nodes_are_lexbors_preorder_traversal(source: str) -> None:
    doc = build_document(source)
    got = [(n.tag, n.attrs, n.parent, n.text) for n in doc.nodes]
    assert got == _flatten_by_traversal(source)
    for n in doc.nodes:
        assert n.children == [c.index for c in doc.nodes if c.parent == n.index]


@pytest.mark.python_engine
def test_a_document_with_few_tags_is_scanned_for_depth_only_when_its_tree_is_deep(monkeypatch) -> None:
    """A document with few tags is parsed as it is; depth.py reads its text only when lexbor's tree is
    deep, and re-parents what lies beyond Blink's cap then."""
    from browsy_engine.dom import tree

    scanned: list[str] = []

    def counting(html: str, cap: int = MAX_DEPTH) -> str:
        scanned.append(html)
        return limit_depth(html, cap)

    monkeypatch.setattr(tree, "limit_depth", counting)
    build_document("<div>" * 200 + "x" + "</div>" * 200 + "<a href=#>link" * 600)
    assert scanned == []  # 600 unclosed links are siblings: each <a> closes the one before
    deep = "<div>" * (MAX_DEPTH + 3) + "x" + "</div>" * (MAX_DEPTH + 3) + "<p id=after>after</p>"
    doc = build_document(deep)
    assert scanned == [deep]
    assert max(depth_of(doc, i) for i in range(len(doc.nodes))) <= MAX_DEPTH + 4
    after = doc.select("#after")[0]
    assert doc.nodes[doc.nodes[after].parent].tag == "body"
