"""Flex and grid containers through Taffy (stretchable's low-level taffylib).

Each flex/grid container becomes a small Taffy tree: the container (content box, its own padding is
ours) and one measured leaf per item — element children, and anonymous items for runs of text. Taffy
calls back to measure an item's content at a given width (our block/inline layout, or the intrinsic
min/max-content widths); after Taffy places the items we lay out each item's contents at its final size.
"""

from __future__ import annotations

import math
import re
import threading
from bisect import bisect_left, bisect_right
from typing import Final

import stretchable.taffylib as taffylib

from ..css.style import ComputedStyle, Length
from . import atomic, block, inline, intrinsic, taffy_leak
from .context import LayoutContext
from .controls import alt_first_baseline
from .floats import FloatArea
from .geometry import (
    ContentBox,
    has_percent,
    horizontal_pb,
    margins_h,
    percent_width_as_auto,
    px,
    px_or_none,
    vertical_pb,
)
from .grid_tracks import (
    DEFAULT_UNITS,
    LineNames,
    TrackUnits,
    explicit_tracks,
    grid_names,
    stretched_auto_columns,
    template_areas,
    track_list,
    track_units,
)
from .taffy_style import AUTO, ZERO, auto_flow, base_style, container_style, definite_column_rows, item_style
from .trampoline import run

MAX_DEPTH: Final = 48  # nested flex/grid containers deeper than this are laid out as blocks
POOL_MAX: Final = 8192  # Taffy nodes the pool keeps for later layouts at most (`release_leaves`)
MADE_KEYS_MAX: Final = 16384  # flex items' and containers' pool keys remembered at most (`_pooled`)
_MADE_KEYS: dict[tuple, tuple[ComputedStyle, _PoolKey]] = {}
_instances: list[int] = []
_layout = taffylib.PyLayout()
# Taffy nodes free for reuse, by `_pool_key`: the nodes of past layouts (`release_leaves`), the keys
# released longest ago first, and in each list the nodes released longest ago first
_pool: dict[_PoolKey, list[int]] = {}
_pool_size = 0  # the nodes in `_pool`
_POOL_LOCK: Final = (
    threading.RLock()
)  # held to take a node from `_pool`, to drop it and to release a layout's
# The pool key of every node the current layouts made or took from the pool, by (depth, node)
_pool_keys: dict[tuple[int, int], _PoolKey] = {}
_OPEN: Final = object()  # markers in a style dict's pool key (`_flattened`)
_LIST: Final = object()
_CLOSE: Final = object()
_SAME: Final = object()
# a NaN (an auto length's value, a grid track's bound): one marker, since no NaN equals another (and
# compiled code makes a new float object for each NaN it passes on, so identity does not help either)
_NAN: Final = object()
_AUTO: Final = object()
_ZERO: Final = object()
_BASE: Final = base_style()


def _rounded(x: float) -> float:
    """x to the nearest thousandth, the cache keys' precision (Taffy's f32 arithmetic gives one width as
    slightly different floats). Integer arithmetic: round(x, 3) goes through a decimal string (about 2k
    instructions compiled), and layout asks for thousands of distinct values."""
    scaled = x * 1000.0
    if not -1e15 < scaled < 1e15:  # infinite, NaN or beyond an int's exact floats: kept as it is
        return x
    return float(int(scaled + 0.5 if scaled >= 0.0 else scaled - 0.5)) / 1000.0


def _taffy(depth: int) -> int:
    while len(_instances) <= depth:
        ptr = taffylib.init()
        taffylib.disable_rounding(ptr)
        _instances.append(ptr)
    return _instances[depth]


def _items(ctx: LayoutContext, i: int) -> tuple[list[int | list[int]], list[int]]:
    """In-flow items (a node, or a list of nodes forming an anonymous item) and out-of-flow children."""
    items: list[int | list[int]] = []
    positioned: list[int] = []
    anon: list[int] = []
    for c in ctx.box_children(i):
        if ctx.is_out_of_flow(c):
            positioned.append(c)
            continue
        if ctx.display[c] == "text":
            anon.append(c)
            continue
        if anon:
            if any((ctx.nodes[t].text or "").strip() for t in anon):
                items.append(anon)
            anon = []
        items.append(c)
    if anon and any((ctx.nodes[t].text or "").strip() for t in anon):
        items.append(anon)
    items.sort(key=lambda it: ctx.styles[it].order if isinstance(it, int) else 0)
    return items, positioned


def flex_grid_contents(ctx: LayoutContext, i: int, w: float, h: float | None, cx: float, cy: float):
    """Generator task: lay out the items of flex/grid container i (content box w × h or auto), once per
    (w, h, content box offset, nesting depth, outer percentage bases) when the container allows it
    (`_container_key`): a container inside a block inside a flex item is laid out again at each layout
    of that item (its measures included), at a handful of distinct sizes. A flex/grid item is cached
    by `item_contents` instead."""
    key = _container_key(ctx, i, w, h, cx, cy)
    if key is None:
        out = yield from _flex_grid_layout(ctx, i, w, h, cx, cy)
        return out
    first, last = i + 1, _subtree_end(ctx, i) + 1
    extra = _generated_within(ctx, i, last - 1)
    known = ctx.container_cache.get(key)
    if known is not None:
        out, rel, anchor, shift_y, extra_rel, extra_anchor, extra_shift = known
        ctx.rel[first:last] = _copies(rel)
        ctx.anchor[first:last] = anchor
        ctx.shift_y[first:last] = shift_y
        for g, r, a, y in zip(extra, _copies(extra_rel), extra_anchor, extra_shift):
            ctx.rel[g], ctx.anchor[g], ctx.shift_y[g] = r, a, y
        return out.copy()
    queued, column_sets = len(ctx.positioned), len(ctx.column_sets)
    out = yield from _flex_grid_layout(ctx, i, w, h, cx, cy)
    if len(ctx.positioned) == queued and len(ctx.column_sets) == column_sets:
        # (nothing queued for later: absolutely positioned boxes and multi-column sets are laid out or
        # split from state outside the subtree; none here, the boxes say everything the layout did)
        ctx.container_cache[key] = (
            out.copy(),
            _copies(ctx.rel[first:last]),
            ctx.anchor[first:last],
            ctx.shift_y[first:last],
            _copies([ctx.rel[g] for g in extra]),
            [ctx.anchor[g] for g in extra],
            [ctx.shift_y[g] for g in extra],
        )
    return out


def _container_key(
    ctx: LayoutContext, i: int, w: float, h: float | None, cx: float, cy: float
) -> tuple | None:
    """The container_cache key of flex/grid container i's layout, or None when it is not cached: a flex
    or grid item (item_contents caches it), a generated box, or a container laid out inside a line clamp
    or a multi-column flow (its lines are counted or logged there). Its items and everything below are
    laid out from their styles, these arguments and the Taffy nesting depth, and from one piece of state
    outside the subtree, when it has a percentage height (generated boxes' included): the base such a
    height resolves against where no box inside gives one. Both ctx.percent_base and
    intrinsic.percent_height_base walk up from the box to the first ancestor with an entry in
    ctx.pct_height (or stop earlier at a specified height); from i up, that is the same entry for every
    box inside, which the key holds: which ancestor (or -1 for none) and its value."""
    if i >= len(ctx.doc.nodes) or ctx.line_clamp is not None or ctx.line_log is not None or _is_item(ctx, i):
        return None
    if not _percent_heights_within(ctx, i):
        return (i, w, h, cx, cy, ctx.taffy_depth)
    nodes, known = ctx.nodes, ctx.pct_height
    p = i  # (no flex or grid container has an entry of its own, but a stale one would count too)
    while p >= 0 and p not in known:
        p = nodes[p].parent
    return (i, w, h, cx, cy, ctx.taffy_depth, p, known.get(p))


def _is_item(ctx: LayoutContext, i: int) -> bool:
    """Whether box i is a flex or grid item: its box parent (past `display: contents`) lays it out so."""
    nodes, display = ctx.nodes, ctx.display
    p = nodes[i].parent
    while p >= 0 and display[p] == "contents":
        p = nodes[p].parent
    return p >= 0 and display[p] in block.FLEX_LIKE


def _percent_heights_within(ctx: LayoutContext, i: int) -> bool:
    """Whether document node i's subtree (its generated boxes included) has a percentage height,
    min-height or max-height."""
    counts = ctx.percent_counts
    if counts is None:
        counts = ctx.percent_counts = _percent_counts(ctx)
    return counts[_subtree_end(ctx, i) + 1] != counts[i]


def _percent_counts(ctx: LayoutContext) -> list[int]:
    """Prefix counts over the document's nodes: `out[k]` is how many of nodes 0..k-1 have a percentage
    height, min-height or max-height, or hold a generated box that has one."""
    nodes, styles = ctx.nodes, ctx.styles_or_none
    count = len(ctx.doc.nodes)
    marked = [False] * count
    for k in range(len(nodes)):
        st = styles[k]
        if st is not None and _percent_height(st):
            marked[k if k < count else _host(ctx, k)] = True
    out = [0] * (count + 1)
    total = 0
    for k in range(count):
        if marked[k]:
            total += 1
        out[k + 1] = total
    return out


def _host(ctx: LayoutContext, g: int) -> int:
    """The document node holding generated box g (through the generated boxes holding it)."""
    count, nodes = len(ctx.doc.nodes), ctx.nodes
    p = nodes[g].parent
    while p >= count:
        p = nodes[p].parent
    return p


def _generated_within(ctx: LayoutContext, first: int, last: int) -> list[int]:
    """The generated boxes held by document nodes first..last: they lie past the document's nodes, outside
    the range of a subtree's boxes."""
    found = ctx.generated_hosts
    if found is None:
        pairs = sorted((_host(ctx, g), g) for g in range(len(ctx.doc.nodes), len(ctx.nodes)))
        found = ctx.generated_hosts = ([h for h, _ in pairs], [g for _, g in pairs])
    hosts, boxes = found
    return boxes[bisect_left(hosts, first) : bisect_right(hosts, last)]


def _subtree_end(ctx: LayoutContext, i: int) -> int:
    """The last node of document node i's subtree."""
    ends = ctx.subtree_end
    if ends is None:
        ends = ctx.subtree_end = ctx.subtree_ends()
    return ends[i]


def _flex_grid_layout(ctx: LayoutContext, i: int, w: float, h: float | None, cx: float, cy: float):
    """Generator task: flex_grid_contents, done."""
    s = ctx.styles[i]
    items, positioned = _items(ctx, i)
    if ctx.taffy_depth >= MAX_DEPTH:
        out = yield block.flow(
            ctx, i, ctx.box_children(i), w, ContentBox(cx, cy, FloatArea(), 0.0, 0.0), False, h
        )
        return out
    for c in positioned:
        ctx.positioned.append((c, i, cx, cy))
    flex = ctx.display[i] in ("flex", "inline-flex")
    if not items:
        if flex:
            _align_positioned(ctx, s, positioned, w, h or 0.0)
        return block.FlowOut(0.0, block.NO_MARGIN, block.NO_MARGIN, True)
    depth = ctx.taffy_depth
    ptr = _taffy(depth)
    areas = template_areas(s.grid_template_areas) or {} if ctx.display[i] in ("grid", "inline-grid") else None
    min_h = None
    if h is None and s.min_height is not None:
        min_h = px_or_none(s.min_height, None)
        if min_h is not None and s.box_sizing == "border-box":
            min_h = max(0.0, min_h - vertical_pb(s, w))
    # Taffy sums in f32: items that exactly fill a wrapping line (a shrink-to-fit container as wide as
    # its items' max-content) must not overflow it by a rounding error and wrap. Chromium's layout unit
    # is 1/64 px, so the line's width is taken up to the next one.
    line_w = math.ceil(w * 64.0 - 1e-6) / 64.0 if s.flex_wrap != "nowrap" else w
    units = track_units(ctx, s) if areas is not None else DEFAULT_UNITS
    columns = None
    if areas is not None and s.justify_content in ("normal", "stretch"):
        columns = yield from _stretched_columns(ctx, i, w)
    auto_placed = _auto_placed(ctx, items) if areas is not None and not areas else 0
    gutters = _gap_margins(ctx, s, items, w) if flex and ctx.display[i] != "-webkit-box" else None
    root_key = (
        depth,
        id(s),
        ctx.display[i],
        line_w,
        h,
        min_h,
        columns and tuple(columns),
        auto_placed,
        gutters is None,
    )
    root = _root(ctx, ptr, root_key, s)
    if root < 0 and areas is None:  # a flex container: its style dict is made of root_key alone
        root = _pooled(ptr, root_key, s, False)
    if root < 0:
        style = container_style(s, ctx.display[i], line_w, h, min_h, units, columns, auto_placed)
        if gutters is not None:
            if s.flex_direction.startswith("column"):
                style["gap"] = {"width": style["gap"]["width"], "height": ZERO}
            else:
                style["gap"] = {"width": ZERO, "height": style["gap"]["height"]}
        root = _node(ptr, depth, style, False)
        if areas is None:
            _remember(root_key, s, depth, root)
    ids: dict[int, int | list[int]] = {}
    cb_keys: dict[int, float] = {}  # items whose size depends on the container's width beyond Taffy's inputs
    names = None if areas is None else grid_names(s.grid_template_columns, s.grid_template_rows, areas)
    placed = _auto_rows(ctx, i, items, areas, names)
    cross_width = areas is not None or s.flex_direction.startswith("column")  # items' width: not flexed
    flexible_grid = areas is not None and _sized_columns(s)
    bases = _area_widths(ctx, s, items, w, units) if flexible_grid and auto_placed else {}
    for k, it in enumerate(items):
        row = None if placed is None else placed[k]
        edges = NO_GUTTER if gutters is None else gutters[k]
        base = bases.get(it) if isinstance(it, int) else None
        nid = _leaf(ctx, ptr, depth, it, w, h, areas, row, cross_width, names, edges, base)
        taffylib.node_add_child(ptr, root, nid)
        ids[nid] = it
        if isinstance(it, int) and (ctx.is_replaced(it) or _percent_padding(ctx.styles[it])):
            cb_keys[nid] = _rounded(w)

    passed: list[object] = []  # the dicts the binding leaks a reference to (taffy_leak), when it does
    leaks = taffy_leak.leaked_references() > 0

    def measure(
        known_w: float, known_h: float, avail_w: dict, avail_h: dict, nid: int
    ) -> tuple[float, float]:
        if leaks:
            passed.append(avail_w)
            passed.append(avail_h)
        it = ids.get(nid)
        if it is None:
            return (0.0, 0.0)
        key = (
            it if isinstance(it, int) else (it[0], it[-1]),
            None if math.isnan(known_w) else _rounded(known_w),
            None if math.isnan(known_h) else _rounded(known_h),
            avail_w.get("dim"),
            _rounded(avail_w.get("value", 0.0)),
            cb_keys.get(nid),
            depth,
        )
        size = ctx.measure_cache.get(key)
        if size is not None:
            return size
        ctx.taffy_depth = depth + 1
        try:
            cb_w = bases.get(it, w) if isinstance(it, int) else w
            size = ctx.measure_cache[key] = _measure(
                ctx, it, cb_w, known_w, known_h, avail_w, cross_width, flexible_grid, areas is not None
            )
            return size
        finally:
            ctx.taffy_depth = depth

    avail = {
        "width": {"dim": 1, "value": line_w},
        "height": {"dim": 4, "value": 0.0} if h is None else {"dim": 1, "value": h},
    }
    ctx.taffy_depth = depth + 1
    try:
        taffylib.node_compute_layout_with_measure(ptr, root, avail, measure)
    finally:
        ctx.taffy_depth = depth
        if passed:
            taffy_leak.release(passed)
    lay = _layout
    boxes: list[tuple[int | list[int], float, float, float, float]] = []
    for nid, it in ids.items():
        taffylib.node_get_layout(ptr, nid, lay)
        boxes.append((it, lay.x, lay.y, lay.width, lay.height))
    taffylib.node_get_layout(ptr, root, lay)
    height = lay.height
    for nid in ids:  # the root and its items' leaves stay, for the next layouts alike
        taffylib.node_remove_child(ptr, root, nid)
    ctx.taffy_roots[root_key] = (root, s)
    baseline: float | None = None
    synthesize = _first_item_baseline(ctx, i, items)
    packed = h is None and s.align_content in ("normal", "stretch", "flex-start", "start")
    aligned = _baseline_row(ctx, i, items, packed) if flex else False
    item_bases: dict[int, float] = {}  # baseline items: their baseline below their border box's top
    ctx.taffy_depth = depth + 1
    try:
        for k, (it, x, y, bw, bh) in enumerate(boxes):
            if isinstance(it, list):
                res = yield inline.inline_run(ctx, i, it, bw, ContentBox(cx + x, cy + y, None, 0.0, 0.0), 0.0)
                if baseline is None and res.first_baseline is not None:
                    baseline = y + res.first_baseline
                continue
            cs = ctx.styles[it]
            if ctx.is_replaced(it):
                yield _size_replaced(ctx, it, w)
                most = capped_width(ctx, it) if flexible_grid else None
                if most is not None:  # at the start of its area, its height from its ratio
                    pb_h = horizontal_pb(cs, w)
                    bw = min(bw, most + pb_h)
                    yield _size_replaced(ctx, it, w, bw - pb_h)
                    sized = ctx.rel[it]
                    if sized is not None and cs.height is None:
                        bh = sized[3]
            ctx.rel[it] = [cx + x, cy + y, bw, bh]
            ctx.anchor[it] = i
            if ctx.is_replaced(it):
                first = alt_first_baseline(ctx, it, cs, bw - horizontal_pb(cs, w))
                if first is not None:  # a broken image's alt text: its first line's baseline
                    first += cs.border_top_width + px(cs.padding_top, w)
                    item_bases[it] = first
                    if baseline is None:
                        baseline = y + first
            else:
                cb_w = bases.get(it, w)  # what its percentage paddings resolve against
                pb_h, pb_v = horizontal_pb(cs, cb_w), vertical_pb(cs, cb_w)
                out = yield item_contents(ctx, it, max(0.0, bw - pb_h), max(0.0, bh - pb_v), cb_w)
                ctx.rel[it] = [cx + x, cy + y, bw, bh]
                if out.baseline is not None:
                    item_bases[it] = cs.border_top_width + px(cs.padding_top, cb_w) + out.baseline
                if baseline is None and out.baseline is not None:
                    # the container's baseline is its first item's (inline-flex buttons align by their text)
                    baseline = y + cs.border_top_width + px(cs.padding_top, cb_w) + out.baseline
            if baseline is None and k == 0 and synthesize:
                baseline = y + bh  # no line in it: synthesized from its border box's bottom edge
    finally:
        ctx.taffy_depth = depth
    if aligned:
        shared, bottom = _align_baselines(ctx, boxes, item_bases, w, s.flex_wrap != "nowrap")
        baseline = shared
        height = max(height, bottom)
    if h is not None:
        height = h
    if positioned and flex:
        _align_positioned(ctx, s, positioned, w, height)
    return block.FlowOut(height, block.NO_MARGIN, block.NO_MARGIN, False, baseline)


def _stretched_columns(ctx: LayoutContext, i: int, w: float):
    """Generator step: the column widths of grid i (content width w) when its auto columns stretch
    (grid_tracks.stretched_auto_columns), for the grids whose items' columns we know; else None."""
    text = ctx.styles[i].grid_template_columns or ""
    if "auto" not in text or "fr" in text:
        return None  # no auto column, or a flexible one takes the space
    found = yield intrinsic.grid_column_contents(ctx, i)
    if found is None:
        return None
    tracks, _, highs = found
    gaps = px(ctx.styles[i].column_gap, w) * (len(tracks) - 1)
    return stretched_auto_columns(tracks, highs, w, gaps)


def _auto_placed(ctx: LayoutContext, items: list[int | list[int]]) -> int:
    """How many items a grid has when they are all auto-placed one cell each (a run of text is one),
    else 0."""
    for it in items:
        if isinstance(it, int):
            cs = ctx.styles[it]
            if (
                cs.grid_area
                or cs.grid_column_start
                or cs.grid_column_end
                or cs.grid_row_start
                or cs.grid_row_end
            ):
                return 0
    return len(items)


def _align_positioned(
    ctx: LayoutContext, s: ComputedStyle, positioned: list[int], w: float, h: float
) -> None:
    """The static position of an absolutely positioned child of flex container s (content box w × h) is
    where it would sit as the sole flex item (CSS Flexbox §4.1): justify-content places it on the main
    axis, its align-self (or the container's align-items) on the cross axis; positioned.py applies it."""
    main = _share(s.justify_content)
    reverse = s.flex_direction.endswith("reverse") and s.justify_content in (
        "normal",
        "flex-start",
        "flex-end",
    )
    if reverse:
        main = 1.0 - main
    for c in positioned:
        cs = ctx.styles[c]
        cross = _share(cs.align_self if cs.align_self != "auto" else s.align_items)
        if s.flex_direction.startswith("column"):
            ctx.static_align[c] = (w, h, cross, main)
        else:
            ctx.static_align[c] = (w, h, main, cross)


def _share(align: str) -> float:
    """The share of the free space before a box aligned so (0 start, 0.5 centre, 1 end)."""
    if align in ("center", "space-around", "space-evenly"):
        return 0.5
    if align in ("flex-end", "end", "right", "self-end"):
        return 1.0
    return 0.0


def _leaf(
    ctx: LayoutContext,
    ptr: int,
    depth: int,
    it: int | list[int],
    w: float,
    h: float | None,
    areas: dict | None,
    auto_row: tuple[int, int, int, int] | None = None,
    clamp_width: bool = False,
    names: tuple[LineNames, LineNames] | None = None,
    gutter: tuple[float, float] = (0.0, 0.0),
    area_w: float | None = None,
) -> int:
    """The Taffy leaf of item `it` (`clamp_width`: see item_style; `gutter`: px added to its left and
    right margins, see _gap_margins), made on its container's first layout and kept for the later ones
    (several per container: measured at min-content, max-content and its final width by the flex or grid
    container around it, each time a new Taffy tree). Taffy caches a node's sizes by the constraints it
    was measured under, as its own layouts do between passes, so a kept leaf answers a repeated measure
    without calling back, and is not converted from a style dict again. A leaf serves while its style
    dict is the same: it is keyed by the container's width or height when its style dict reads them
    (`_style_reads`). Taffy's cache holds sizes that depend on more than its keys when the item has
    percentages resolving against the container's width (Taffy resolves them against the parent's size,
    which its cache does not key) or is a replaced element (sized against it), or has percentage
    heights: the leaf notes the container size its cache holds, and a layout at another size marks it
    dirty first (Taffy then keeps nothing of its measures, as for a new leaf). Its grid row placed by us
    (`auto_row`) is the same at every layout of the container (it depends on the items' styles alone),
    so it needs no key. Pooled with the layout's other nodes at its end (`release_leaves`)."""
    sizes: tuple = ()
    if isinstance(it, list):
        key: tuple = (depth, it[0], it[-1], gutter)
    else:
        s = ctx.styles[it]
        across, down = _percent_axes(ctx, s)
        by_w, by_h = _style_reads(s, clamp_width, gutter)
        w_key, h_key = _rounded(w), None if h is None else _rounded(h)
        key = (
            depth,
            it,
            w_key if by_w else None,
            h_key if by_h else -1.0,
            gutter,
            None if area_w is None else _rounded(area_w),
        )
        sizes = (w_key if across or ctx.is_replaced(it) else None, h_key if down else -1.0)
    known = ctx.taffy_leaves.get(key)
    if known is not None:
        nid, cached = known
        if cached != sizes:
            taffylib.node_mark_dirty(ptr, nid)
            ctx.taffy_leaves[key] = (nid, sizes)
        return nid
    made_of: tuple | None = None
    if areas is None and isinstance(it, int):  # a flex item: its style dict is made of these alone
        in_column = gutter != NO_GUTTER and ctx.styles[ctx.nodes[it].parent].flex_direction.startswith(
            "column"
        )
        made_of = (depth, id(ctx.styles[it]), w, h, clamp_width, gutter, in_column)
        nid = _pooled(ptr, made_of, ctx.styles[it], True)
        if nid >= 0:
            ctx.taffy_leaves[key] = (nid, sizes)
            return nid
    if isinstance(it, list):
        st = base_style()
        st["display"] = 3
    else:
        capped = areas is not None and _sized_columns(ctx.styles[ctx.nodes[it].parent])
        capped = capped and capped_width(ctx, it) is not None
        st = item_style(ctx.styles[it], w, h, areas, auto_row, clamp_width, names, capped)
    if area_w is not None:  # percentage margins and paddings: of its grid area's width
        st["margin"] = _resolved(st["margin"], area_w)
        st["padding"] = _resolved(st["padding"], area_w)
    if gutter != NO_GUTTER:
        column = ctx.styles[ctx.nodes[it if isinstance(it, int) else it[0]].parent].flex_direction
        st["margin"] = _widened(st["margin"], gutter, w, column.startswith("column"))
    nid = _node(ptr, depth, st, True)
    if made_of is not None and isinstance(it, int):
        _remember(made_of, ctx.styles[it], depth, nid)
    ctx.taffy_leaves[key] = (nid, sizes)
    return nid


def _remember(made_of: tuple, s: ComputedStyle, depth: int, nid: int) -> None:
    """Remember the pool key of node `nid`, made of style `s` and `made_of` (`_pooled`)."""
    made = _pool_keys.get((depth, nid))
    if made is None:
        return
    if len(_MADE_KEYS) >= MADE_KEYS_MAX:
        _MADE_KEYS.clear()
    _MADE_KEYS[made_of] = (s, made)


def _pooled(ptr: int, made_of: tuple, s: ComputedStyle, leaf: bool) -> int:
    """A pooled node whose style dict is made of style `s` and `made_of` alone, or -1: a flex item's
    leaf (depth, the style, the container's width and height, clamp_width, the gutter, a column or
    not: what taffy_style.item_style and _widened read) or a flex container's root (`root_key`: what
    container_style and the gap reads). The pool key of the dict they made once is remembered
    (`_MADE_KEYS`, with the style, so that its id stays its own): a page laid out again takes its
    nodes without making their style dicts again."""
    known = _MADE_KEYS.get(made_of)
    if known is None or known[0] is not s:
        return -1
    key = known[1]
    if key.leaf != leaf:
        return -1
    nid = _take(key)
    if nid < 0:
        return -1
    taffylib.node_mark_dirty(ptr, nid)
    _pool_keys[(key.depth, nid)] = key
    return nid


def _take(key: _PoolKey) -> int:
    """A node out of the pool under `key`, or -1. Under the pool's lock: threads parse pages at once
    (the server's parse threads), and a layout that ends may drop the pool's oldest nodes."""
    global _pool_size
    with _POOL_LOCK:
        free = _pool.get(key)
        if not free:
            return -1
        _pool_size -= 1
        nid = free.pop()
        if not free:
            del _pool[key]
        return nid


def _node(ptr: int, depth: int, st: dict, leaf: bool) -> int:
    """A Taffy node of style dict `st` (a measured leaf, or a container), at nesting depth `depth`: one
    a past layout left in the pool with the same style, marked dirty, or a new one. Converting the
    style dict (~80k instructions, every key of every nested dict read through a new string) is most
    of what making a node costs; a dirty node keeps nothing of its past layouts (Taffy clears its
    cache), so with the same style it is as a new one. Its pool key is the style dict flattened."""
    key = _pool_key(depth, leaf, st)
    nid = -1 if key is None else _take(key)
    if nid >= 0:
        taffylib.node_mark_dirty(ptr, nid)
    else:
        nid = taffylib.node_create(ptr, st)
        if leaf:
            taffylib.node_set_measure(ptr, nid, True)
    if key is not None:
        _pool_keys[(depth, nid)] = key
    return nid


class _PoolKey:
    """A pooled node's key: its depth, kind and flattened style dict (`_flattened`), hashed once."""

    __slots__ = ("depth", "leaf", "flat", "hashed")

    def __init__(self, depth: int, leaf: bool, flat: tuple, hashed: int) -> None:
        self.depth = depth
        self.leaf = leaf
        self.flat = flat
        self.hashed = hashed

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _PoolKey):
            return False
        return (
            self.hashed == other.hashed
            and self.depth == other.depth
            and self.leaf == other.leaf
            and self.flat == other.flat
        )


def _pool_key(depth: int, leaf: bool, st: dict) -> _PoolKey | None:
    """The pool key of a node of style dict `st`, or None when its flattened values do not hash (a
    dict nested deeper than `_flattened` reads)."""
    flat = _flattened(st)
    try:
        hashed = hash((depth, leaf, flat))
    except TypeError:
        return None
    return _PoolKey(depth, leaf, flat, hashed)


def _flattened(st: dict) -> tuple:
    """Style dict `st` as one flat tuple, equal for equal dicts: its number of keys, then its values in
    order, those of nested dicts in place. Every style dict is a copy of taffy_style's base style with
    values replaced, and a nested dict at a given place holds the same keys in the same order in all
    of them (an edge rect of lengths, a width and height, a length, a grid line), so its values say it
    all; the track lists of grids are kept whole, keys and all, between markers. A value that is the
    base style's own, and the shared lengths `auto` and zero, stand for themselves: one marker each,
    never equal to a value, so the values after them keep their places, and so does every NaN (an
    auto track bound's value: equal for Taffy, never for Python). A negative zero counts as zero:
    Taffy sums it as zero and keeps a zero's sign at most, which no box we emit shows (coordinates are
    rounded to integers)."""
    out: list = [len(st)]
    for k, v in st.items():
        if v is _BASE.get(k):
            out.append(_SAME)
        elif isinstance(v, dict):
            _flatten_values(v, out)
        elif isinstance(v, list):
            _flatten(v, out)
        else:
            out.append(_key_value(v))
    return tuple(out)


def _flatten_values(d: dict, out: list) -> None:
    """The values of a dict nested in a style dict (lengths and grid lines: dicts of numbers, or of
    such dicts)."""
    for v in d.values():
        if v is AUTO:
            out.append(_AUTO)
        elif v is ZERO:
            out.append(_ZERO)
        elif isinstance(v, dict):
            _flatten_values(v, out)
        else:
            out.append(_key_value(v))


def _key_value(v: object) -> object:
    """A number, string or None of a style dict as its pool key holds it: a NaN as the `_NAN` marker."""
    return _NAN if isinstance(v, float) and math.isnan(v) else v


def _flatten(value: object, out: list) -> None:
    """`value` (a grid's track list) flattened with its dicts' keys."""
    if isinstance(value, dict):
        out.append(_OPEN)
        for k, v in value.items():
            out.append(k)
            _flatten(v, out)
        out.append(_CLOSE)
    elif isinstance(value, list):
        out.append(_LIST)
        for v in value:
            _flatten(v, out)
        out.append(_CLOSE)
    else:
        out.append(_key_value(value))


def _style_reads(s: ComputedStyle, clamp_width: bool, gutter: tuple[float, float]) -> tuple[bool, bool]:
    """Whether an item's Taffy style dict (taffy_style.item_style, _widened) reads its container's width,
    and its height: a length mixing px and a percentage is resolved against them (`dim`), a width
    clamped by percentage min/max-widths (`clamped_width`) and percentage margins widened by a gutter
    against the width; plain percentages stay percentages."""
    by_w = any(_mixed(v) for v in _width_axis_lengths(s))
    if clamp_width and (has_percent(s.min_width) or has_percent(s.max_width)):
        by_w = True
    if gutter != NO_GUTTER and any(
        has_percent(v) for v in (s.margin_top, s.margin_right, s.margin_bottom, s.margin_left)
    ):
        by_w = True
    return by_w, _mixed(s.height) or _mixed(s.min_height) or _mixed(s.max_height)


def _width_axis_lengths(s: ComputedStyle) -> tuple[Length, ...]:
    """An item's lengths that Taffy resolves against its container's width: margins, paddings (all four
    sides: percentages refer to the width), widths and the flex basis."""
    return (
        s.margin_top, s.margin_right, s.margin_bottom, s.margin_left,
        s.padding_top, s.padding_right, s.padding_bottom, s.padding_left,
        s.width, s.min_width, s.max_width, s.flex_basis,
    )  # fmt: skip


def _mixed(length: Length) -> bool:
    """A length of px and a percentage both (`calc(100% - 10px)`)."""
    return length is not None and length[0] != 0.0 and length[1] != 0.0


NO_GUTTER = (0.0, 0.0)  # not Final: mypyc 2.4 never sets a Final float tuple


def _resolved(edges: dict, base: float) -> dict:
    """Taffy edge lengths with their percentages resolved against `base` px."""
    return {side: {"dim": 1, "value": v["value"] * base} if v["dim"] == 2 else v for side, v in edges.items()}


def _area_widths(
    ctx: LayoutContext, s: ComputedStyle, items: list[int | list[int]], w: float, units: TrackUnits
) -> dict[int, float]:
    """The widths of the grid areas of grid s's items whose margins or paddings have percentages,
    which resolve against the area (CSS Grid §6.5; Taffy resolves them against the grid): for grids
    whose items are all auto-placed one cell each (item k in column k mod n) in explicit columns of
    lengths, percentages and fr, the fr columns sharing what the others leave."""
    wanted = [
        k
        for k, it in enumerate(items)
        if isinstance(it, int) and not ctx.is_replaced(it) and _percent_axes(ctx, ctx.styles[it])[0]
    ]
    if not wanted:
        return {}
    tracks = explicit_tracks(track_list(s.grid_template_columns, w, units))
    if not tracks:
        return {}
    widths: list[float | None] = []
    fixed, fr = 0.0, 0.0
    for track in tracks:
        most = track["max_size"]
        if most["dim"] == 7:
            widths.append(None)
            fr += most["value"]
        elif most["dim"] in (1, 2):
            width = most["value"] * (w if most["dim"] == 2 else 1.0)
            widths.append(width)
            fixed += width
        else:
            return {}
    free = max(0.0, w - fixed - px(s.column_gap, w) * (len(tracks) - 1))
    sizes = [free * t["max_size"]["value"] / fr if v is None else v for t, v in zip(tracks, widths)]
    out: dict[int, float] = {}
    for k in wanted:
        it = items[k]
        if isinstance(it, int):
            out[it] = sizes[k % len(sizes)]
    return out


def _gap_margins(
    ctx: LayoutContext, s: ComputedStyle, items: list[int | list[int]], w: float
) -> list[tuple[float, float]] | None:
    """The main-axis gaps of a single-line flex container as margins, when an item has an auto
    margin on the main axis: Taffy 0.3 then drops the gaps (a `margin-left: auto` link in a nav with
    `gap: 1rem` lost them), while CSS Flexbox §8.1 leaves them between the items before auto margins
    take the free space. Each gap goes on the margin of the item before it that faces it, or of the
    item after it when that margin is auto (neither: None, Taffy's result stands); (left, right) px
    per item, or None when nothing needs it."""
    if s.flex_wrap != "nowrap" or len(items) < 2:
        return None
    column = s.flex_direction.startswith("column")
    gap = px(s.row_gap, 0.0) if column else px(s.column_gap, w)
    if gap <= 0.0:
        return None
    sides = [_auto_sides(ctx, it, column) for it in items]
    if not any(left or right for left, right in sides):
        return None
    reverse = s.flex_direction.endswith("reverse")
    out = [(0.0, 0.0)] * len(items)
    for k in range(len(items) - 1):
        # the gap between items k and k+1: on k's trailing side or k+1's leading one
        trailing_auto = sides[k][0] if reverse else sides[k][1]
        leading_auto = sides[k + 1][1] if reverse else sides[k + 1][0]
        if not trailing_auto:
            target, on_right = k, not reverse
        elif not leading_auto:
            target, on_right = k + 1, reverse
        else:
            return None
        left, right = out[target]
        out[target] = (left, right + gap) if on_right else (left + gap, right)
    return out


def _auto_sides(ctx: LayoutContext, it: int | list[int], column: bool) -> tuple[bool, bool]:
    """Whether an item's left and right margins (top and bottom in a column) are auto (an anonymous
    item's never are)."""
    if isinstance(it, list):
        return False, False
    cs = ctx.styles[it]
    if column:
        return cs.margin_top is None, cs.margin_bottom is None
    return cs.margin_left is None, cs.margin_right is None


def _widened(margin: dict, gutter: tuple[float, float], w: float, column: bool) -> dict:
    """Taffy margins with `gutter` px added to the left and right ones, or the top and bottom ones in
    a column (percentages resolved)."""
    out = dict(margin)
    first, second = ("top", "bottom") if column else ("left", "right")
    for side, extra in ((first, gutter[0]), (second, gutter[1])):
        if extra:
            m = margin[side]
            base = m["value"] * w if m["dim"] == 2 else m["value"]
            out[side] = {"dim": 1, "value": base + extra}
    return out


def _baseline_row(
    ctx: LayoutContext, i: int, items: list[int | list[int]], wrapped_lines_packed: bool
) -> bool:
    """Whether flex container i is a row (a single line, or wrapping lines packed at its start with
    nothing to spread: `wrapped_lines_packed`) whose items all align by their baselines (align-items
    or align-self baseline, no auto cross margins, no anonymous item): Taffy 0.3 aligns such items by
    their bottom edges, as it knows no baselines of measured items."""
    s = ctx.styles[i]
    if s.flex_wrap == "nowrap":
        if not s.flex_direction.startswith("row"):
            return False
    elif s.flex_wrap != "wrap" or s.flex_direction != "row" or not wrapped_lines_packed:
        return False
    for it in items:
        if isinstance(it, list):
            return False
        cs = ctx.styles[it]
        align = s.align_items if cs.align_self in ("auto", None) else cs.align_self
        if align not in ("baseline", "first baseline"):
            return False
        if cs.margin_top is None or cs.margin_bottom is None:
            return False
    return bool(items)


def _align_baselines(
    ctx: LayoutContext, boxes: list, item_bases: dict[int, float], w: float, wraps: bool
) -> tuple[float, float]:
    """Move the items of baseline row i (its `boxes` from Taffy, in order) so their baselines line
    up on each flex line (CSS Flexbox §8.3, §9.4 step 8): each item's baseline (`item_bases`, else
    synthesized from its border box's bottom) as far below its line's top as the lowest one's; a
    line that grows pushes the lines after it down. The first line's shared baseline and the bottom
    of the lowest margin box, from the container's content top."""
    lines: list[list[tuple[int, float, float, float, float]]] = []  # item, y, margin top, baseline, h
    last_x = math.inf
    for it, x, y, _bw, bh in boxes:
        cs = ctx.styles[it]
        if not lines or (wraps and x <= last_x):
            lines.append([])  # a wrapped row starts again at the left
        last_x = x
        lines[-1].append((it, y, px(cs.margin_top, w), item_bases.get(it, bh), bh))
    first: float | None = None
    push = 0.0
    bottom = 0.0
    for line in lines:
        line_top = min(y - mt for _it, y, mt, _b, _h in line)
        old_bottom = max(y + bh + px(ctx.styles[it].margin_bottom, w) for it, y, _mt, _b, bh in line)
        shared = max(mt + base for _it, _y, mt, base, _bh in line)
        new_bottom = line_top
        for it, y, _mt, base, bh in line:
            r = ctx.rel[it]
            top = line_top + push + shared - base  # its border box's top
            if r is not None:
                r[1] += top - y
            new_bottom = max(new_bottom, top + bh + px(ctx.styles[it].margin_bottom, w))
        if first is None:
            first = line_top + push + shared
        push = max(push, new_bottom - old_bottom)
        bottom = max(bottom, new_bottom)
    return (first or 0.0), bottom


def _first_item_baseline(ctx: LayoutContext, i: int, items: list[int | list[int]]) -> bool:
    """Whether flex container i's baseline is its first item's even when that item has no line (CSS
    Flexbox §8.5: with no item in baseline alignment, the first item gives the baseline, synthesized
    from its border box when it has none), rather than the first item with a line."""
    if ctx.display[i] not in ("flex", "inline-flex"):
        return False
    normal = ctx.styles[i].align_items or ""
    for it in items:
        own = ctx.styles[it].align_self if isinstance(it, int) else None
        if "baseline" in (normal if own in (None, "auto") else own or ""):
            return False
    return True


def _auto_rows(
    ctx: LayoutContext,
    i: int,
    items: list[int | list[int]],
    areas: dict | None,
    names: tuple[LineNames, LineNames] | None,
) -> list[tuple[int, int, int, int]] | None:
    """The cells we place a grid's items in ourselves (see taffy_style.definite_column_rows), or None."""
    s = ctx.styles[i]
    if areas is None or auto_flow(s) != "row":
        return None
    styles = [ctx.styles[it] for it in items if isinstance(it, int)]
    if len(styles) < len(items):
        return None  # an anonymous item (a run of text) is auto-placed: Taffy places them all
    tracks = explicit_tracks(track_list(s.grid_template_columns, None))
    columns = len(tracks) if tracks else max((a[3] - 1 for a in areas.values()), default=0)
    return definite_column_rows(styles, areas, names, columns)


def _root(ctx: LayoutContext, ptr: int, key: tuple, s: ComputedStyle) -> int:
    """The Taffy root node kept for container style `key` (`_flex_grid_layout`), emptied of the items
    of its last layout and marked dirty, or -1 when there is none. The root's style dict is made from
    the container's style and the arguments in the key alone, so a root made for one layout serves
    every layout with the same key (of any container with that style), as a new one would: Taffy
    keeps nothing of a dirty node's last layout, and the items' leaves are added afresh. Converting a
    style dict is most of what making a node costs."""
    known = ctx.taffy_roots.pop(key, None)  # (back once emptied: a layout that fails leaves it out)
    if known is None:
        return -1
    if known[1] is not s:  # a style's id is only its own while it lives
        _pool_keys.pop((key[0], known[0]), None)
        taffylib.node_drop(ptr, known[0])
        return -1
    taffylib.node_mark_dirty(ptr, known[0])
    return known[0]


def release_leaves(ctx: LayoutContext, reuse: bool = True) -> None:
    """Give back the Taffy nodes a layout kept (`_leaf`, `_root`): the Taffy trees live as long as the
    process. They join the pool, which keeps the POOL_MAX nodes released last: a page laid out again, or
    another with the same styles, takes them instead of converting its style dicts again, even when
    other pages were laid out in between (an agent going back and forth between sites). After a failed
    layout (`reuse` false) a leaf may still be a child of its container's node: its nodes are dropped."""
    with _POOL_LOCK:
        for key, (nid, _s) in ctx.taffy_roots.items():
            _release(key[0], nid, reuse)
        ctx.taffy_roots.clear()
        for key, (nid, _sizes) in ctx.taffy_leaves.items():
            _release(key[0], nid, reuse)
        ctx.taffy_leaves.clear()
        _trim_pool(POOL_MAX)


def drop_pool() -> None:
    """Drop the pooled Taffy nodes (`release_leaves`)."""
    _trim_pool(0)


def _trim_pool(limit: int) -> None:
    """Drop the nodes released longest ago until the pool holds at most `limit`."""
    global _pool_size
    with _POOL_LOCK:
        if _pool_size <= limit:
            return
        for key in list(_pool):
            free = _pool[key]
            while free and _pool_size > limit:
                taffylib.node_drop(_taffy(key.depth), free.pop(0))
                _pool_size -= 1
            if not free:
                del _pool[key]
            if _pool_size <= limit:
                return


def _release(depth: int, nid: int, reuse: bool) -> None:
    """Pool node `nid` (no child, no parent) as the last one released under its key, or drop it (a node
    of no known key, or of a failed layout)."""
    global _pool_size
    key = _pool_keys.pop((depth, nid), None)
    if key is None or not reuse:
        taffylib.node_drop(_taffy(depth), nid)
        return
    free = _pool.pop(key, None)  # taken out and put back: its key becomes the last released
    if free is None:
        free = []
    free.append(nid)
    _pool[key] = free
    _pool_size += 1


def _percent_axes(ctx: LayoutContext, s: ComputedStyle) -> tuple[bool, bool]:
    """Whether an item's Taffy style has percentages resolving against its container's width (margins,
    paddings, widths, flex-basis) and against its height (heights). Memoised per style."""
    known = ctx.percent_axes.get(id(s))
    if known is None:
        across = any(has_percent(v) for v in _width_axis_lengths(s))
        known = ctx.percent_axes[id(s)] = (across, _percent_height(s))
    return known


def _size_replaced(ctx: LayoutContext, c: int, cb_w: float, force_w: float | None = None):
    box = yield atomic.atomic_box(ctx, c, cb_w, force_w)
    return box


def _measure(
    ctx: LayoutContext,
    it: int | list[int],
    cb_w: float,
    known_w: float,
    known_h: float,
    avail_w: dict,
    cross: bool,
    in_grid: bool,
    any_grid: bool = False,
):
    if isinstance(it, list):
        container = ctx.nodes[it[0]].parent
        lo, hi = run(intrinsic.run_intrinsic(ctx, container, it))
        cw = known_w if not math.isnan(known_w) else _pick(lo, hi, avail_w)
        if not math.isnan(known_h):
            return (cw, known_h)
        res = run(inline.inline_run(ctx, container, it, cw, ContentBox(0.0, 0.0, None, 0.0, 0.0), 0.0))
        return (cw, res.height)
    s = ctx.styles[it]
    pb_h, pb_v = horizontal_pb(s, cb_w), vertical_pb(s, cb_w)
    if ctx.is_replaced(it):
        # at a width (or height) Taffy gave it, the other size follows from its aspect ratio
        force_w = None if math.isnan(known_w) else max(0.0, known_w - pb_h)
        force_h = None if math.isnan(known_h) else max(0.0, known_h - pb_v)
        most = capped_width(ctx, it) if in_grid else None
        if force_w is not None and most is not None:
            force_w = min(force_w, most)  # stretched over its area, but no wider than its own width
        if force_w is None and _compressible(s) and (avail_w.get("dim") == 3 or in_grid):
            # its min-content width: its percentage sizes resolve against zero. Taffy sizes grid
            # tracks with one measure at the container's width, against which the percentages would
            # resolve instead of the grid area; the item's size follows at the area's width.
            cb_w = 0.0
        if force_w is None and any_grid and not in_grid and cb_w and has_percent(s.width):
            # in intrinsically sized columns, its max-content contribution: a percentage width (and
            # max-width) counts as auto (CSS Sizing 3 §5.2.2), Taffy's one measure standing for it
            ctx.styles[it] = percent_width_as_auto(s)
            try:
                run(atomic.atomic_box(ctx, it, cb_w, None, force_h))
            finally:
                ctx.styles[it] = s
        else:
            run(atomic.atomic_box(ctx, it, cb_w, force_w, force_h))
        r = ctx.rel[it]
        assert r is not None  # atomic_box placed it
        return (r[2] - pb_h, r[3] - pb_v)
    if not math.isnan(known_w):
        if cross:  # stretched (or clamped) across a column flexbox or a grid area
            known_w = _past_margins(s, cb_w, known_w)
        cw = max(0.0, known_w - pb_h)
    else:
        lo, hi = run(intrinsic.intrinsic(ctx, it))
        cw = _clamped_content_width(s, cb_w, pb_h, _pick(lo, hi, _unclamped_avail(s, cb_w, pb_h, avail_w)))
    if not math.isnan(known_h):
        return (cw, max(0.0, known_h - pb_v))
    content_h = run(item_contents(ctx, it, cw, None, cb_w)).height
    if s.aspect_ratio and s.height is None:
        return (cw, _ratio_dependent_height(s, cw, pb_h, pb_v, content_h))
    return (cw, content_h)


_INTRINSIC_TRACK: Final = re.compile(r"(?<![\w-])auto(?![\w-])|content")


def _sized_columns(s: ComputedStyle) -> bool:
    """Whether grid s's columns are all sized without their items' max-content (lengths, percentages,
    fr): Taffy measures the items once at the grid's width, which serves as their min-content
    contribution only there."""
    text = s.grid_template_columns
    return bool(text) and _INTRINSIC_TRACK.search(text or "") is None


def capped_width(ctx: LayoutContext, it: int) -> float | None:
    """The content width of replaced grid item `it` when it has a length width that its percentage
    max-width may cap at its grid area's width, and its area does not align it otherwise (justify-self
    normal or stretch: a replaced item then starts its area at its own width, CSS Grid §11.1); else
    None."""
    if not ctx.is_replaced(it):
        return None
    s = ctx.styles[it]
    if not has_percent(s.max_width) or s.width is None or s.width[1]:
        return None
    if s.justify_self not in ("auto", "normal", "stretch"):
        return None
    grid = ctx.styles[ctx.nodes[it].parent]
    if grid.justify_items not in ("normal", "stretch", "legacy", None):
        return None
    inset = horizontal_pb(s, 0.0) if s.box_sizing == "border-box" else 0.0
    return max(0.0, s.width[0] - inset)


def _compressible(s: ComputedStyle) -> bool:
    """Whether a replaced element's min-content contribution is 0 (CSS Sizing 3 §5.2.2, compressible
    replaced elements: a percentage width or max-width resolves against zero for it)."""
    return has_percent(s.width) or has_percent(s.max_width)


def _clamped_content_width(s: ComputedStyle, cb_w: float, pb_h: float, cw: float) -> float:
    """An item's content width sized to fit its contents (cw), clamped by its max-width, then its
    min-width (CSS 2 §10.4): an item whose min-content width passes its max-width is that wide, and its
    contents (their height) are laid out at that width, as they will be in its final layout."""
    most = px_or_none(s.max_width, cb_w)
    least = px_or_none(s.min_width, cb_w)
    if most is None and least is None:
        return cw
    inner = pb_h if s.box_sizing == "border-box" else 0.0
    if most is not None:
        cw = min(cw, max(0.0, most - inner))
    if least is not None:
        cw = max(cw, least - inner)
    return cw


def _unclamped_avail(s: ComputedStyle, cb_w: float, pb_h: float, avail: dict) -> dict:
    """The width available to an item's contents when it is sized to fit them. Taffy 0.3 clamps the
    space by the item's max-width before taking its margins off, so an item with margins whose
    max-width is below the space got its max-width less its margins (a centred `max-width: 400px;
    margin: 0 20px` paragraph measured 360px wide). The fit-content width (CSS Sizing 3 §5.2) takes the
    margins off the space, then max-width clamps: when Taffy's value is that clamped one, the space is
    at least the max-width, so the max-width itself is what is available."""
    if avail.get("dim") != 1:
        return avail
    value = avail.get("value", 0.0)
    unclamped = _past_margins(s, cb_w, value + pb_h) - pb_h
    return avail if unclamped == value else {"dim": 1, "value": unclamped}


def _past_margins(s: ComputedStyle, cb_w: float, border_w: float) -> float:
    """`border_w` (a border-box width Taffy gave an item), or the item's max-width when it is that
    max-width less the item's margins: Taffy clamps by max-width before it takes the margins off."""
    left, right = margins_h(s, cb_w)
    most = px_or_none(s.max_width, cb_w)
    if most is None or left + right <= 0.0:
        return border_w
    max_border_box = most if s.box_sizing == "border-box" else most + horizontal_pb(s, cb_w)
    if abs(border_w - (max_border_box - left - right)) > 0.01:
        return border_w
    return max_border_box


def _ratio_dependent_height(s: ComputedStyle, cw: float, pb_h: float, pb_v: float, content_h: float) -> float:
    """The content height of an auto-height item with `aspect-ratio` at content width cw: the ratio's
    (CSS Sizing 4 §5.1), no less than its contents' unless min-height is set or it is a scroll container
    (its automatic minimum height is then not content-based, §5.2)."""
    ratio_h = block.ratio_height(s, cw, pb_h, pb_v)
    content_minimum = s.min_height is None and s.overflow_y in ("visible", "clip")
    return max(ratio_h, content_h) if content_minimum else ratio_h


def item_contents(ctx: LayoutContext, it: int, w: float, h: float | None, cb_w: float):
    """Generator task: `block.box_contents` of flex/grid item `it`, done once per (width, height,
    containing width, nesting depth). Taffy measures an item, then places it, and every flex/grid
    container nested inside does the same: laid out afresh each time, a subtree n containers deep would
    be laid out O(n²) times or worse. An item's contents are a formatting context of their own, so the
    result depends on those arguments alone: a repeat restores the boxes its subtree got (relative to
    their anchors) and the absolutely positioned boxes it queued, as Taffy's per-node cache does.
    The containing width only places the content box (percentage paddings), so it counts only then; the
    height only when `_height_matters` (else the contents measured at an auto height are reused).
    Pinned by test_layout_mechanisms (measure counts) and by byte-identical corpus output."""
    s = ctx.styles[it]
    cb_key = _rounded(cb_w) if has_percent(s.padding_left) or has_percent(s.padding_top) else None
    h_key = None if h is None or not _height_matters(ctx, it) else _rounded(h)
    key = (it, _rounded(w), h_key, cb_key, ctx.taffy_depth)
    first, last = it + 1, _subtree_end(ctx, it) + 1
    known = ctx.contents_cache.get(key)
    if known is None and h is not None and h_key is not None:
        known = _at_auto_height(ctx, it, h, key)
    if known is not None:
        out, rel, anchor, shift_y, queued = known
        ctx.rel[first:last] = _copies(rel)
        ctx.anchor[first:last] = anchor
        ctx.shift_y[first:last] = shift_y
        ctx.positioned.extend(queued)
        return out.copy()
    mark = len(ctx.positioned)
    out = yield block.box_contents(ctx, it, w, h, cb_w)
    ctx.contents_cache[key] = (
        out.copy(),
        _copies(ctx.rel[first:last]),
        ctx.anchor[first:last],
        ctx.shift_y[first:last],
        ctx.positioned[mark:],
    )
    return out


def _at_auto_height(ctx: LayoutContext, it: int, h: float, key: tuple) -> tuple | None:
    """The contents_cache entry of item `it` laid out at an auto height at this width, when its
    definite height `h` is the height that layout gave it and that layout serves it (see
    `_auto_height_serves`); else None. Taffy measures an item at an auto height, then places it at
    the height it measured: a flex container laid out again at that height would repeat the work."""
    auto = ctx.contents_cache.get((key[0], key[1], None, key[3], key[4]))
    if auto is None or auto[0].height != h or auto[4]:
        return None  # (an absolutely positioned box inside leaves state the cache does not hold)
    serves = ctx.auto_height_serves.get(it)
    if serves is None:
        serves = ctx.auto_height_serves[it] = _auto_height_serves(ctx, it)
    return auto if serves else None


def _auto_height_serves(ctx: LayoutContext, it: int) -> bool:
    """Whether flex container `it`, laid out at a definite height equal to the height it took at an
    auto height (at the same width), lays out its items as it did then. For a single-line flex
    container (CSS Flexbox §9): the items are measured with no regard to the available height (our
    measure callback ignores it); in a row, the line's cross size is the container's definite height,
    which is the height the line (clamped by min-height) gave the container before; in a column, the
    free space is the definite height less the items' hypothetical sizes, which the auto height was
    (or the min-height left over, the same either way), so the items flex alike. What would see the
    height itself is ruled out: percentage heights of items (`_percent_heights`), percentage flex
    bases in a column, a percentage row gap, and baseline alignment (`_baseline_row` applies to
    packed lines at an auto height only). Wrapping and grid containers are not covered: line breaks
    in a column and grid rows (fr, percentages, stretched auto tracks) depend on the height."""
    s = ctx.styles[it]
    if ctx.display[it] not in ("flex", "inline-flex") or s.flex_wrap != "nowrap":
        return False
    if _height_matters_below(ctx, it) or has_percent(s.row_gap) or "baseline" in (s.align_items or ""):
        return False
    column = s.flex_direction.startswith("column")
    for c in ctx.box_children(it):
        cs = ctx.styles_or_none[c]
        if cs is None:
            continue
        if "baseline" in cs.align_self or (column and has_percent(cs.flex_basis)):
            return False
    return True


def _height_matters(ctx: LayoutContext, it: int) -> bool:
    """Whether item `it`'s contents depend on the definite height it is given. A flex or grid container
    lays its items out in that height. A block container (or a table, which ignores it) passes it down only
    as the base of percentage heights, min-heights and max-heights: without any resolving against it, the
    contents are the same at every height."""
    return ctx.display[it] in block.FLEX_LIKE or _height_matters_below(ctx, it)


def _height_matters_below(ctx: LayoutContext, it: int) -> bool:
    """Whether a percentage height, min-height or max-height resolves against node `it`'s height."""
    below = ctx.percent_heights
    if below is None:
        below = ctx.percent_heights = _percent_heights(ctx)
    return below[it]


def _percent_heights(ctx: LayoutContext) -> list[bool]:
    """Per node: whether a percentage height, min-height or max-height resolves against its height.

    In standards mode (CSS 2 §10.5) a percentage resolves against the containing block's height only where
    that height is specified; an auto-height box in between makes it behave as auto. So only the boxes
    whose containing block is the node count: its children (a ::before/::after box too), and the children
    of `display: contents` and inline boxes inside it, which are not containing blocks. In quirks mode the
    percentage height quirk looks through auto-height blocks to the nearest definite height, so every node
    inside counts. Nodes share few distinct styles, so each style is looked at once."""
    nodes, styles = ctx.nodes, ctx.styles_or_none  # the layout tree's nodes: generated boxes included
    distinct = {id(s): s for s in styles if s is not None}
    relative = {k for k, s in distinct.items() if _percent_height(s)}
    styled = [i for i, s in enumerate(styles) if s is not None and id(s) in relative] if relative else []
    # a generated box's containing block is its element
    hosts = [i for (i, _name), s in (ctx.doc.pseudo_styles or {}).items() if _percent_height(s)]
    out = [False] * len(nodes)
    for i in hosts:
        out[i] = True
    if ctx.quirks:
        for i in styled:
            out[i] = True
        for i in styled + hosts:
            p = nodes[i].parent
            while p >= 0 and not out[p]:  # a marked ancestor is (or will be) walked up from itself
                out[p] = True
                p = nodes[p].parent
        return out
    for i in styled:
        p = ctx.block_container(i)
        if p >= 0:
            out[p] = True
    return out


def _percent_height(s: ComputedStyle) -> bool:
    return has_percent(s.height) or has_percent(s.min_height) or has_percent(s.max_height)


def _percent_padding(s: ComputedStyle) -> bool:
    """Whether a box's paddings depend on its containing block's width (percentages resolve against it)."""
    return (
        has_percent(s.padding_left)
        or has_percent(s.padding_right)
        or has_percent(s.padding_top)
        or has_percent(s.padding_bottom)
    )


def _copies(boxes: list[list[float] | None]) -> list[list[float] | None]:
    """Copies of the box lists: layout reuses a node's list and writes into it in place, so neither the
    cache nor a restored subtree may share a list with the live boxes."""
    return [None if b is None else b[:] for b in boxes]


def _pick(lo: float, hi: float, avail: dict) -> float:
    d = avail.get("dim")
    if d == 3:
        return lo
    if d == 4:
        return hi
    return min(max(lo, avail.get("value", hi)), hi)
