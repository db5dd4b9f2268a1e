"""Deltas: content matching independent of ids, and the compact delta format."""

from __future__ import annotations

from browsy_engine import DeltaDom, SpatialDom, SpatialElement, delta_to_compact_string, diff, parse


def test_identical_pages_give_an_empty_delta() -> None:
    html = "<h1>Hi</h1><a href='/x'>X</a><input name='q'>"
    delta = diff(parse(html), parse(html))
    assert delta.is_empty() and delta_to_compact_string(delta) == ""


def test_matching_is_by_content_not_by_id() -> None:
    old = parse("<p>Intro</p><a href='/a'>A</a><a href='/b'>B</a>")
    new = parse("<p>Banner</p><p>Intro</p><a href='/a'>A</a><a href='/b'>B</a>")
    delta = diff(old, new)
    assert [(e.id, e.text) for e in delta.changed] == [(1, "Banner")]
    assert delta.removed == []


def test_added_changed_and_removed() -> None:
    old = parse("<a href='/x'>X</a><input name='q'><p>Old para</p><p>Same</p>")
    new = parse("<a href='/x'>X</a><input name='q' value='typed'><p>Same</p><p>New para</p><button>Go</button>")
    delta = diff(old, new)
    assert [(e.tag, e.text or e.val) for e in delta.changed] == [("input", "typed"), ("p", "New para"), ("button", "Go")]
    assert delta.removed == [3]
    assert delta.vp == new.vp
    assert delta_to_compact_string(delta).splitlines() == [
        "-[3]", "[+2:input [q] [=typed]]", '[+4:p "New para"]', '[+5:button "Go"]'
    ]


def test_duplicates_pair_in_order_and_extra_twins_are_removed() -> None:
    old = parse("<a href='/e'>Edit</a><a href='/e'>Edit</a><a href='/e'>Edit</a>")
    new = parse("<a href='/e'>Edit</a>")
    assert diff(old, new).removed == [2, 3] and diff(old, new).changed == []


def test_moved_elements_count_as_changed() -> None:
    a = SpatialElement(id=1, tag="button", text="Go", b=[0, 0, 10, 10])
    b = SpatialElement(id=1, tag="button", text="Go", b=[0, 50, 10, 10])
    delta = diff(SpatialDom(els=[a]), SpatialDom(els=[b]))
    assert delta.removed == [1] and [e.b for e in delta.changed] == [[0, 50, 10, 10]]


def test_hidden_changed_elements_are_marked() -> None:
    delta = DeltaDom(changed=[SpatialElement(id=7, tag="a", text="Menu", hidden=True)], removed=[1, 2])
    assert delta_to_compact_string(delta) == '-[1,2]\n[+!7:a "Menu"]'
    assert delta.to_dict()["removed"] == [1, 2]
