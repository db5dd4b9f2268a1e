"""CSS transforms, as getBoundingClientRect reports boxes after them: a translation, then a linear map
(scales, rotations, skews) about the transform origin (css/props_box.py reduces `transform` to that).
Both run after every box is placed, positioned ones included, and move or map the whole subtree; a
mapped box is reported as the bounding box of its four mapped corners."""

from __future__ import annotations

from ..css.style import Matrix
from .context import LayoutContext, scales
from .geometry import px_or_none


def translate_boxes(ctx: LayoutContext) -> None:
    """Move the boxes a transform translates (percentages of the box's own border box); descendants
    placed relative to them move along."""
    styles, rel = ctx.styles, ctx.rel
    for i in ctx.transformed:
        r = rel[i]
        if r is None:
            continue
        s = styles[i]
        r[0] += px_or_none(s.translate_x, r[2]) or 0.0
        r[1] += px_or_none(s.translate_y, r[3]) or 0.0


def scale_boxes(ctx: LayoutContext) -> None:
    """Map the subtree of every box whose transform scales, rotates or skews, about its transform origin
    (in document coordinates, after translation). Each box goes through the maps of its transformed
    ancestors and its own, inner ones first, corner by corner (a rotation undone by an inner one leaves
    the box straight); it is then stored as the bounding box, in document coordinates (anchor -1)."""
    styles, rel, anchor = ctx.styles, ctx.rel, ctx.anchor
    scaled = [i for i in ctx.transformed if scales(styles[i])]
    if not scaled:
        return
    boxes = ctx.document_boxes()
    ends = ctx.subtree_ends()
    maps: dict[int, list[Step]] = {}
    for i in reversed(scaled):
        own = boxes.unclamped(i)
        if own is None:
            continue
        s = styles[i]
        ox = own[0] + (px_or_none(s.transform_origin_x, own[2]) or 0.0)
        oy = own[1] + (px_or_none(s.transform_origin_y, own[3]) or 0.0)
        step = (ox, oy, s.transform_matrix)
        for j in range(i, ends[i] + 1):
            found = maps.get(j)
            if found is None:
                maps[j] = [step]
            else:
                found.append(step)
    before = [(j, boxes.unclamped(j), steps) for j, steps in maps.items()]  # all read before any changes
    for j, b, steps in before:
        if b is None:
            continue
        moved = _mapped(b, steps)
        rel[j] = list(moved)
        anchor[j] = -1
        boxes.remember(j, moved)


Step = tuple[float, float, Matrix]  # a linear map about an origin (x, y)


def _mapped(b: tuple[float, float, float, float], steps: list[Step]) -> tuple[float, float, float, float]:
    """The bounding box of box b's corners mapped by each step in turn."""
    xs = [b[0], b[0] + b[2], b[0], b[0] + b[2]]
    ys = [b[1], b[1], b[1] + b[3], b[1] + b[3]]
    for ox, oy, (a, bb, c, d) in steps:
        for k in range(4):
            x, y = xs[k] - ox, ys[k] - oy
            xs[k] = ox + (x * a + c * y if c != 0.0 else x * a)
            ys[k] = oy + (bb * x + y * d if bb != 0.0 else y * d)
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
