"""compute_layout(): boxes for every rendered node, in document coordinates.

Pipeline: classify displays (context.py) → lay out the root as a block (block.py, inline.py,
flexgrid.py, table.py; all generator tasks run by trampoline.py, so no Python recursion over the tree)
→ absolutely positioned boxes (positioned.py) → relative offsets → document coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..css.style import ComputedStyle
from ..dom.tree import Document
from .block import block_box
from .context import LayoutContext, classify, find_blocks_in_inlines, is_quirks
from .floats import FloatArea
from .positioned import Absolute, layout_positioned, relative_offsets
from .trampoline import run

Box = tuple[float, float, float, float]


@dataclass(slots=True)
class Layout:
    """`boxes[i]` is node i's border box (x, y, w, h) in document coordinates, or None when it has no box
    (display:none, inside such a subtree, or never rendered like <head>). For an inline element that
    breaks across lines it is the union of its fragments, as getBoundingClientRect() reports. Text
    nodes get the union of their line fragments too."""

    boxes: list[Box | None]
    document_height: float = 0.0


LIMIT = 1e7  # px; absurd CSS (margin: -1e300px) must not produce absurd boxes


def _clamped(b: Box) -> Box:
    """A box with absurd coordinates (or NaN) brought within ±LIMIT."""
    clamp = lambda v, lo: min(max(v, lo), LIMIT) if v == v else 0.0  # noqa: E731  (v == v: not NaN)
    return (clamp(b[0], -LIMIT), clamp(b[1], -LIMIT), clamp(b[2], 0.0), clamp(b[3], 0.0))


def _subtree_ends(doc: Document) -> list[int]:
    nodes = doc.nodes
    end = list(range(len(nodes)))
    for i in range(len(nodes) - 1, -1, -1):
        p = nodes[i].parent
        if p >= 0 and end[i] > end[p]:
            end[p] = end[i]
    return end


def _document_boxes(ctx: LayoutContext, bottom: float) -> tuple[list[Box | None], float]:
    """Document coordinates in one forward pass (every anchor precedes the nodes anchored to it), with
    absurd boxes clamped; and the lowest box bottom, at least `bottom`."""
    rel, anchor, shift_y = ctx.rel, ctx.anchor, ctx.shift_y
    unclamped: list[Box | None] = [None] * len(rel)  # anchors' boxes as computed, for their dependents
    boxes: list[Box | None] = [None] * len(rel)
    for i, r in enumerate(rel):
        if r is None:
            continue
        a = anchor[i]
        x, y, w, h = r
        if a >= 0:
            base = unclamped[a]
            if base is None:
                continue
            x = base[0] + x
            y = base[1] + shift_y[a] + y
        unclamped[i] = b = (x, y, w, h)
        if y + h > bottom:
            bottom = y + h
        if -LIMIT < x < LIMIT and -LIMIT < y < LIMIT and 0 <= w < LIMIT and 0 <= h < LIMIT:
            boxes[i] = b
        else:
            boxes[i] = _clamped(b)
    return boxes, bottom


def compute_layout(doc: Document, styles: list[ComputedStyle | None], width: float, height: float) -> Layout:
    n = len(doc.nodes)
    ctx = LayoutContext(doc, styles, float(width), float(height))
    ctx.rel = [None] * n
    ctx.anchor = [-1] * n
    ctx.shift_y = [0.0] * n
    classify(ctx)
    find_blocks_in_inlines(ctx)
    ctx.quirks = is_quirks(doc)
    if n == 0 or ctx.display[0] == "none":
        return Layout(boxes=[None] * n, document_height=float(height))
    root = 0
    res = run(block_box(ctx, root, float(width), float(height), FloatArea(), 0.0, 0.0))
    r = ctx.rel[root]
    r[0] = res.x
    r[1] = res.top[0] + res.top[1]
    ctx.anchor[root] = -1
    relative_offsets(ctx)
    if ctx.positioned:
        layout_positioned(ctx, Absolute(ctx), _subtree_ends(doc))
    boxes, bottom = _document_boxes(ctx, float(height))
    return Layout(boxes=boxes, document_height=min(bottom, LIMIT))
