"""CSS transforms, as getBoundingClientRect reports boxes after them: a translation, then a scale about the
transform origin (css/props_box.py reduces `transform` to that; rotations and skews are left out). Both
run after every box is placed, positioned ones included, and move or scale the whole subtree."""

from __future__ import annotations

from .context import LayoutContext
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
    """Scale the subtree of every box whose transform scales, about its transform origin (in document
    coordinates, after translation). Inner transforms first, so an outer one scales their result too;
    the boxes of a scaled subtree are stored in document coordinates from then on (anchor -1)."""
    styles, rel, anchor = ctx.styles, ctx.rel, ctx.anchor
    scaled = [i for i in ctx.transformed if styles[i].scale_x != 1.0 or styles[i].scale_y != 1.0]
    if not scaled:
        return
    boxes = ctx.document_boxes()
    ends = ctx.subtree_ends()
    for i in reversed(scaled):
        own = boxes.unclamped(i)
        if own is None:
            continue
        s = styles[i]
        sx, sy = s.scale_x, s.scale_y
        ox = own[0] + (px_or_none(s.transform_origin_x, own[2]) or 0.0)
        oy = own[1] + (px_or_none(s.transform_origin_y, own[3]) or 0.0)
        subtree = [(j, boxes.unclamped(j)) for j in range(i, ends[i] + 1)]  # all read before any changes
        for j, b in subtree:
            if b is None:
                continue
            x0, x1 = ox + (b[0] - ox) * sx, ox + (b[0] + b[2] - ox) * sx
            y0, y1 = oy + (b[1] - oy) * sy, oy + (b[1] + b[3] - oy) * sy
            moved = (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
            rel[j] = list(moved)
            anchor[j] = -1
            boxes.remember(j, moved)
