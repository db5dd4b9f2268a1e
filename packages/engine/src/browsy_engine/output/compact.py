"""Compact output. Placeholder until the output stage lands."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model import SpatialDom


def to_compact_string(dom: SpatialDom, header: bool = False) -> str:
    lines = [f"[{el.id}:{el.tag}]" for el in dom.els]
    return "\n".join(lines)
