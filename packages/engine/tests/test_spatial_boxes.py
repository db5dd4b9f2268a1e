"""Boxes and style-driven visibility in emission, fed with explicit styles and layouts (the contracts of
css/style.py and layout/engine.py), so these rules hold whatever the cascade and layout compute."""

from __future__ import annotations

from browsy_engine.css.style import ComputedStyle
from browsy_engine.dom import build_document
from browsy_engine.layout.document_boxes import DocumentBoxes
from browsy_engine.layout.engine import Layout
from browsy_engine.model import SpatialElement
from browsy_engine.spatial import emit_elements

Box = tuple[float, float, float, float]


def emit(
    html: str, boxes: dict[str, Box] | None = None, styles: dict[str, ComputedStyle] | None = None
) -> list[SpatialElement]:
    """Emit with boxes/styles given per element id attribute (others: display block, no box)."""
    doc = build_document(html)
    node_styles: list[ComputedStyle | None] = []
    node_boxes: list[Box | None] = []
    for node in doc.nodes:
        key = node.attrs.get("id") if not node.is_text else None
        node_styles.append(
            None if node.is_text else (styles or {}).get(key or "", ComputedStyle(display="block"))
        )
        node_boxes.append((boxes or {}).get(key or ""))
    rel = [None if b is None else list(b) for b in node_boxes]  # each box its own anchor: already absolute
    boxes = DocumentBoxes(rel, [-1] * len(rel), [0.0] * len(rel))
    return emit_elements(doc, node_styles, Layout(boxes=boxes), None)


def test_boxes_are_rounded_half_up_and_never_negative() -> None:
    found = emit(
        "<a id='a' href='/x'>X</a><p id='p'>P</p>",
        boxes={"a": (10.5, 20.49, 99.5, 17.6), "p": (-3, 0, -5, 8)},
    )
    assert [e.b for e in found] == [[11, 20, 100, 18], [-3, 0, 0, 8]]


def test_elements_without_a_box_get_zeros() -> None:
    assert emit("<button>Go</button>")[0].b == [0, 0, 0, 0]


def test_visible_zero_size_text_is_skipped_but_listed_elements_are_kept_hidden() -> None:
    found = emit(
        "<p id='empty'>Artifact</p><p id='ok'>Kept</p><a id='icon' href='/i'>I</a>",
        boxes={"empty": (5, 5, 0, 0), "ok": (0, 0, 100, 20), "icon": (3, 3, 0, 0)},
    )
    assert [(e.tag, e.text, e.hidden) for e in found] == [("p", "Kept", None), ("a", "I", True)]


def test_display_none_hides_the_whole_subtree_and_keeps_it() -> None:
    found = emit(
        "<div id='menu'><a href='/a'>A</a><p>Text</p></div><p>Shown</p>",
        styles={"menu": ComputedStyle(display="none")},
    )
    assert [(e.text, e.hidden) for e in found] == [("A", True), ("Text", True), ("Shown", None)]


def test_visibility_hidden_can_be_overridden_by_a_child() -> None:
    found = emit(
        "<div id='box'><p id='a'>Invisible</p><p id='b'>Visible again</p></div>",
        styles={
            "box": ComputedStyle(display="block", visibility="hidden"),
            "a": ComputedStyle(display="block", visibility="hidden"),
            "b": ComputedStyle(display="block", visibility="visible"),
        },
    )
    assert [(e.text, e.hidden) for e in found] == [("Invisible", True), ("Visible again", None)]


def test_hidden_elements_keep_their_box_when_layout_has_one() -> None:
    found = emit(
        "<button id='b'>X</button>",
        boxes={"b": (1, 2, 30, 40)},
        styles={"b": ComputedStyle(visibility="hidden")},
    )
    assert (found[0].hidden, found[0].b) == (True, [1, 2, 30, 40])


def test_unrendered_text_is_left_out_of_a_visible_parent_but_read_in_a_hidden_one() -> None:
    found = emit(
        "<button><span id='gone'>secret</span>Save</button><button id='h'>All <span id='g2'>inside</span></button>",
        styles={
            "gone": ComputedStyle(display="none"),
            "h": ComputedStyle(display="none"),
        },
    )
    assert [(e.text, e.hidden) for e in found] == [("Save", None), ("All inside", True)]
