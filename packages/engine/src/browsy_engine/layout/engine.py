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
from .context import LayoutContext, classify, is_quirks
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


def _sane(b: Box | None) -> Box | None:
    if b is None:
        return None
    x, y, w, h = b
    if -LIMIT < x < LIMIT and -LIMIT < y < LIMIT and 0 <= w < LIMIT and 0 <= h < LIMIT:
        return b
    clamp = lambda v, lo: min(max(v, lo), LIMIT) if v == v else 0.0  # noqa: E731  (v == v: not NaN)
    return (clamp(x, -LIMIT), clamp(y, -LIMIT), clamp(w, 0.0), clamp(h, 0.0))


def _subtree_ends(doc: Document) -> list[int]:
    nodes = doc.nodes
    end = list(range(len(nodes)))
    for i in range(len(nodes) - 1, -1, -1):
        p = nodes[i].parent
        if p >= 0 and end[i] > end[p]:
            end[p] = end[i]
    return end


def _document_boxes(ctx: LayoutContext) -> list[Box | None]:
    """Document coordinates in one forward pass: every anchor precedes the nodes anchored to it."""
    rel, anchor, shift_y = ctx.rel, ctx.anchor, ctx.shift_y
    boxes: list[Box | None] = [None] * len(rel)
    for i, r in enumerate(rel):
        if r is None:
            continue
        a = anchor[i]
        if a < 0:
            boxes[i] = (r[0], r[1], r[2], r[3])
            continue
        base = boxes[a]
        if base is not None:
            boxes[i] = (base[0] + r[0], base[1] + shift_y[a] + r[1], r[2], r[3])
    return boxes


def compute_layout(doc: Document, styles: list[ComputedStyle | None], width: float, height: float) -> Layout:
    n = len(doc.nodes)
    ctx = LayoutContext(doc, styles, float(width), float(height))
    ctx.rel = [None] * n
    ctx.anchor = [-1] * n
    ctx.shift_y = [0.0] * n
    classify(ctx)
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
    absolute = Absolute(ctx)
    ends = _subtree_ends(doc)
    if ctx.positioned:
        layout_positioned(ctx, absolute, ends)
    boxes = _document_boxes(ctx)
    bottom = float(height)
    for b in boxes:
        if b is not None and b[1] + b[3] > bottom:
            bottom = b[1] + b[3]
    return Layout(boxes=[_sane(b) for b in boxes], document_height=min(bottom, LIMIT))
