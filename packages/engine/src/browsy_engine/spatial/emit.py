"""Placeholder emission: no elements. Replaced by the real emitter."""

from __future__ import annotations

from ..css.style import ComputedStyle
from ..dom.tree import Document
from ..layout.engine import Layout
from ..model import SpatialElement


def emit_elements(
    doc: Document, styles: list[ComputedStyle | None], layout: Layout, url: str | None
) -> list[SpatialElement]:
    return []


def document_title(doc: Document) -> str:
    node = doc.find_first("title")
    return " ".join(doc.text_of(node.index).split()) if node else ""
