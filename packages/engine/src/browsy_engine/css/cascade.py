"""Placeholder cascade: every element gets the initial style. Replaced by the real cascade."""

from __future__ import annotations

from collections.abc import Sequence

from ..dom.tree import Document
from .style import ComputedStyle


def compute_styles(
    doc: Document, width: float, height: float, extra_css: Sequence[str] = ()
) -> list[ComputedStyle | None]:
    """One ComputedStyle per node index; None for text nodes."""
    return [None if n.is_text else ComputedStyle(display="block") for n in doc.nodes]
