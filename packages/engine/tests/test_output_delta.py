"""Deltas: content matching independent of ids, and the compact delta format."""

from __future__ import annotations

from browsy_engine import DeltaDom, SpatialDom, SpatialElement, delta_to_compact_string, diff, parse


def test_identical_pages_give_an_empty_delta() -> None:
    html = "<h1>Hi</h1><a href='/x'>X</a><input name='q'>"
    delta = diff(parse(html), parse(html))
    assert delta.is_empty() and delta_to_compact_string(delta) == ""


def el(id: int, tag: str, text: str | None = None, y: int = 0, **kw) -> SpatialElement:
    return SpatialElement(id=id, tag=tag, text=text, b=[0, y, 100, 20], **kw)


def test_matching_is_by_content_not_by_id() -> None:
    old = SpatialDom(
        els=[el(1, "p", "Intro", 20), el(2, "a", "A", 40, href="/a"), el(3, "a", "B", 60, href="/b")]
    )
    new = SpatialDom(els=[el(1, "p", "Banner", 0), el(2, "p", "Intro", 20), el(3, "a", "A", 40, href="/a"),
                          el(4, "a", "B", 60, href="/b")])  # fmt: skip
    delta = diff(old, new)
    assert [(e.id, e.text) for e in delta.changed] == [(1, "Banner")]
    assert delta.removed == []


def test_added_changed_and_removed() -> None:
    old = SpatialDom(els=[el(1, "a", "X", 0, href="/x"), el(2, "input", None, 20, name="q"), el(3, "p", "Old para", 40),
                          el(4, "p", "Same", 60)])  # fmt: skip
    new = SpatialDom(els=[el(1, "a", "X", 0, href="/x"), el(2, "input", None, 20, name="q", val="typed"),
                          el(3, "p", "Same", 60), el(4, "p", "New para", 80), el(5, "button", "Go", 100)])  # fmt: skip
    delta = diff(old, new)
    assert [(e.tag, e.text or e.val) for e in delta.changed] == [
        ("input", "typed"),
        ("p", "New para"),
        ("button", "Go"),
    ]
    assert delta.removed == [3]
    assert delta.vp == new.vp
    assert delta_to_compact_string(delta).splitlines() == [
        "-[3]",
        "[+2:input [q] [=typed] narrow]",
        '[+4:p "New para"]',
        '[+5:button "Go" narrow]',
    ]


def test_parsed_pages_report_what_an_action_changed() -> None:
    old = parse("<h1>Form</h1><input name='q'><p>Tail</p>")
    new = parse("<h1>Form</h1><input name='q' value='typed'><p>Tail</p>")
    delta = diff(old, new)
    assert [(e.id, e.val) for e in delta.changed] == [(2, "typed")] and delta.removed == []


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
