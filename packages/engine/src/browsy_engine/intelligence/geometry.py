"""Distances between element boxes, and "the nearest X below Y" which several recipes need."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from ..model import SpatialElement

# How far above an anchor's top a candidate may start and still count as "below" (same row).
SAME_ROW_TOLERANCE: Final = 10


def centre(el: SpatialElement) -> tuple[float, float]:
    x, y, w, h = el.b
    return x + w / 2, y + h / 2


def distance(a: SpatialElement, b: SpatialElement) -> float:
    """Shortest distance between the two boxes (0 when they touch or overlap): a wide paragraph and the
    button under its left end are close even though their centres are far apart."""
    ax, ay, aw, ah = a.b
    bx, by, bw, bh = b.b
    dx = max(0, bx - (ax + aw), ax - (bx + bw))
    dy = max(0, by - (ay + ah), ay - (by + bh))
    return (dx * dx + dy * dy) ** 0.5


def nearest_below(
    anchor: SpatialElement,
    candidates: Iterable[SpatialElement],
    same_group: Callable[[SpatialElement], bool] | None = None,
) -> SpatialElement | None:
    """The candidate closest below `anchor` (or on its row), preferring those in the same group
    (e.g. the same form) and those after it in document order when boxes are equal."""
    best: SpatialElement | None = None
    best_key: tuple[float, ...] | None = None
    top = anchor.b[1]
    for cand in candidates:
        if cand.id == anchor.id:
            continue
        dy = cand.b[1] - top
        key = (
            0 if same_group is None or same_group(cand) else 1,
            0 if dy >= -SAME_ROW_TOLERANCE else 1,
            0 if cand.id > anchor.id else 1,
            abs(dy),
            abs(centre(cand)[0] - centre(anchor)[0]),
            cand.id,
        )
        if best_key is None or key < best_key:
            best, best_key = cand, key
    return best


def nearest(anchor: SpatialElement, candidates: Iterable[SpatialElement]) -> SpatialElement | None:
    return min(candidates, key=lambda c: (distance(anchor, c), c.id), default=None)
