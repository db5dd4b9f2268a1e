"""Multi-column layout (CSS Multi-column Layout §3–§8): a block container with `column-count` or
`column-width` lays its contents out in columns of equal width, side by side.

The contents are laid out once, as one tall column of the used column width. Then the column boxes are
cut from that flow, between its lines and unbreakable boxes, at the smallest column height that fits
everything into the columns (`column-fill: balance`, the initial value; a definite height is a limit,
and what does not fit goes to further columns, as overflow columns do). The container gets that
height. When the whole layout is done (`place_in_columns`), every box of the contents moves to its
column: across by the columns before it, up by the flow above its column's top. A box cut across
columns is reported as the union of its pieces, as getBoundingClientRect reports a fragmented box.

Left out: `column-span: all` (its box stays in the flow of the columns), breaks inside tables and
flex/grid containers (they are cut as a whole), `orphans`/`widows` and `break-*` properties.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from typing import Final

from ..css.style import ComputedStyle
from . import block  # circular: block lays the flow out and calls back here
from .context import LayoutContext
from .floats import FloatArea
from .geometry import ContentBox, px

PLAIN: Final = frozenset({"block", "list-item", "flow-root"})  # containers whose lines and blocks can be cut
MAX_COLUMNS: Final = 1000


@dataclass(slots=True)
class Columns:
    count: int  # columns that the container's width holds
    width: float  # the used column width
    gap: float


@dataclass(slots=True)
class ColumnSet:
    """The columns of container `box`, for place_in_columns: `starts[k]` is where column k's content
    begins in the single-column flow (from the container's content-box top, at `top`)."""

    box: int
    top: float  # the content box's offset in the container's border box
    columns: Columns
    starts: list[float]
    height: float  # of the columns


def is_multicol(s: ComputedStyle) -> bool:
    return s.column_count is not None or s.column_width is not None


def used_columns(s: ComputedStyle, available: float) -> Columns:
    """The number and width of columns (the pseudo-algorithm of CSS Multi-column §3.4); a `normal`
    column gap is 1em."""
    gap = s.font_size if s.column_gap is None else max(0.0, px(s.column_gap, available))
    count = s.column_count
    width = None if s.column_width is None else max(0.0, px(s.column_width, 0.0))
    if width is None:
        n = count or 1
        return Columns(n, max(0.0, (available - (n - 1) * gap) / n), gap)
    fit = max(1, min(MAX_COLUMNS, math.floor((available + gap) / (width + gap)))) if width + gap > 0 else 1
    n = fit if count is None else min(count, fit)
    return Columns(n, max(0.0, (available + gap) / n - gap), gap)


def _offsets(ctx: LayoutContext, box: int, end: int) -> dict[int, float]:
    """Each placed node's border-box top in `box`'s subtree, from `box`'s border-box top (boxes are
    relative to their anchors until layout ends)."""
    rel, anchor, shift_y = ctx.rel, ctx.anchor, ctx.shift_y
    top: dict[int, float] = {box: 0.0}
    for j in range(box + 1, end + 1):
        r = rel[j]
        a = anchor[j]
        if r is None or a not in top:
            continue
        top[j] = top[a] + (shift_y[a] if a != box else 0.0) + r[1]
    return top


def _pieces(ctx: LayoutContext, box: int, ends: list[int], lines: list[tuple[int, float, float]]) -> list:
    """The (top, bottom) of what columns may be cut between, from the container's border-box top: the
    line boxes of block containers in the flow, and boxes that are cut as a whole (replaced boxes,
    tables, flex and grid containers, inline-blocks' blocks, blocks with no lines and no blocks)."""
    end = ends[box]
    top = _offsets(ctx, box, end)
    with_lines = {c for c, _, _ in lines}
    cuttable = {box}
    pieces: list[tuple[float, float]] = []
    j = box + 1
    while j <= end:
        r, y = ctx.rel[j], top.get(j)
        if r is None or y is None or not ctx.block_child[j] or ctx.is_out_of_flow(j) or ctx.is_float(j):
            j += 1
            continue
        if ctx.display[j] in PLAIN and not ctx.is_replaced(j) and (j in with_lines or ctx.holds_block[j]):
            cuttable.add(j)  # cut between its lines or inside its blocks
            j += 1
            continue
        pieces.append((y, y + r[3]))  # a box cut as a whole: skip what is inside it
        j = ends[j] + 1
    shift_y = ctx.shift_y
    for c, y, h in lines:
        if c in cuttable:
            base = top[c] + (shift_y[c] if c != box else 0.0) + y
            pieces.append((base, base + h))
    pieces.sort()
    return pieces


def _column_starts(pieces: list, top: float, height: float, limit: int | None) -> list[float]:
    """Where each column begins when columns are `height` tall: a piece that would cross a column's
    bottom starts the next one (unless it is the column's first: it overflows). `limit` stops early."""
    starts = [top]
    for t, b in pieces:
        if b - starts[-1] > height + 0.01 and t > starts[-1] + 0.01:
            starts.append(t)
            if limit is not None and len(starts) > limit:
                break
    return starts


def _balanced_height(pieces: list, top: float, total: float, count: int) -> float:
    """The smallest column height at which the pieces fit in `count` columns (to 1/64 px, the layout
    unit of Chromium)."""
    if count <= 1 or not pieces:
        return total
    lo, hi = total / count, total
    if len(_column_starts(pieces, top, lo, count)) <= count:
        return lo
    while hi - lo > 1 / 64:
        mid = (lo + hi) / 2
        if len(_column_starts(pieces, top, mid, count)) <= count:
            hi = mid
        else:
            lo = mid
    return hi


def cut_columns(
    ctx: LayoutContext,
    box: int,
    columns: Columns,
    top: float,
    flow_height: float,
    h_spec: float | None,
    lines: list[tuple[int, float, float]],
) -> float:
    """Cut container `box`'s laid-out flow (`flow_height` tall from its content top at `top`) into
    columns; records them for place_in_columns and returns the container's content height."""
    ends = ctx.subtree_ends()
    pieces = [(t - top, b - top) for t, b in _pieces(ctx, box, ends, lines)]
    total = max(flow_height, max((b for _, b in pieces), default=0.0))
    height = _balanced_height(pieces, 0.0, total, columns.count)
    if h_spec is not None:
        height = min(height, h_spec)
    starts = _column_starts(pieces, 0.0, height, None)
    if len(starts) > 1:
        ctx.column_sets.append(ColumnSet(box, top, columns, starts, height))
    return h_spec if h_spec is not None else height


def place_in_columns(ctx: LayoutContext) -> None:
    """Move the boxes of every multi-column container's contents into their columns (inner containers
    first, as they were laid out). The moved boxes are stored in document coordinates (anchor -1)."""
    ends = ctx.subtree_ends()
    for cs in ctx.column_sets:
        boxes = ctx.document_boxes()
        own = boxes.unclamped(cs.box)
        if own is None:
            continue
        y0 = own[1] + cs.top
        stride = cs.columns.width + cs.columns.gap
        starts = cs.starts
        inside = [(j, boxes.unclamped(j)) for j in range(cs.box + 1, ends[cs.box] + 1)]
        for j, b in inside:
            if b is None:
                continue
            top, bottom = b[1] - y0, b[1] + b[3] - y0
            first = max(0, bisect_right(starts, top + 0.01) - 1)
            final = max(first, bisect_right(starts, bottom - 0.01) - 1) if b[3] > 0 else first
            if first == final:
                moved = (b[0] + first * stride, y0 + top - starts[first], b[2], b[3])
            else:  # cut across columns: the union of its pieces (each but the last fills its column)
                up = min(top - starts[first], 0.0)
                down = max(cs.height, bottom - starts[final])
                moved = (b[0] + first * stride, y0 + up, b[2] + (final - first) * stride, down - up)
            ctx.rel[j] = list(moved)
            ctx.anchor[j] = -1
            boxes.remember(j, moved)


def contents(
    ctx: LayoutContext,
    i: int,
    children: list[int],
    w: float,
    cx: float,
    cy: float,
    h_spec: float | None,
    cb_h: float | None,
):
    """Generator task: a multi-column container's contents, one flow of the column width (block.flow),
    then cut into columns; its FlowOut's height is the columns' height."""
    columns = used_columns(ctx.styles[i], w)
    own = FloatArea()
    outer_lines, ctx.line_log = ctx.line_log, []
    lines = ctx.line_log
    out = yield from block.flow(
        ctx, i, children, columns.width, ContentBox(cx, cy, own, 0.0, 0.0), False, cb_h
    )
    ctx.line_log = outer_lines
    height = max(out.height + block.value(out.bottom), own.bottom())
    out.height = cut_columns(ctx, i, columns, cy, height, h_spec, lines)
    out.bottom = block.NO_MARGIN
    return out
