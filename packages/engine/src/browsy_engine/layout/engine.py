"""Placeholder layout: no boxes. Replaced by the real layout engine."""

from __future__ import annotations

from dataclasses import dataclass

from ..css.style import ComputedStyle
from ..dom.tree import Document

Box = tuple[float, float, float, float]


@dataclass(slots=True)
class Layout:
    """`boxes[i]` is node i's border box (x, y, w, h) in document coordinates, or None when it has no box
    (display:none, inside such a subtree, or never rendered like <head>). For an inline element that
    breaks across lines it is the union of its fragments, as getBoundingClientRect() reports."""

    boxes: list[Box | None]
    document_height: float = 0.0


def compute_layout(doc: Document, styles: list[ComputedStyle | None], width: float, height: float) -> Layout:
    return Layout(boxes=[None] * len(doc.nodes), document_height=height)
