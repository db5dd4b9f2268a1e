"""Intrinsic widths: the min-content and max-content widths of a box's contents (content box).

Used for shrink-to-fit (inline-blocks, floats, absolutely positioned boxes), table columns and the
measure functions of flex/grid items. Generator tasks, cached per node for one layout run.
"""

from __future__ import annotations

from typing import Final

from ..css.style import ComputedStyle
from . import atomic, block, table, units
from . import pieces as P
from .context import OUT_OF_FLOW, LayoutContext
from .controls import alt_ignores_size
from .geometry import (
    contained_width,
    has_percent,
    horizontal_pb,
    percent_width_as_auto,
    px,
    px_or_none,
    specified_height,
    vertical_pb,
)
from .grid_tracks import explicit_tracks, track_list, track_units
from .taffy_style import auto_flow
from .text import FontMetrics

FLEX_ROW: Final = frozenset({"row", "row-reverse"})
UNBOUNDED: Final = 1e7  # a containing block width against which a percentage max-width limits nothing


NARROWEST_LINE: Final = 1e-3  # px: a containing block that leaves every line as narrow as can be


def outer_intrinsic(ctx: LayoutContext, c: int):
    """(min, max) of child c's margin box as it contributes to its parent's intrinsic widths."""
    s = ctx.styles[c]
    pb = horizontal_pb(s, 0.0)
    margins = (px_or_none(s.margin_left, None) or 0.0) + (px_or_none(s.margin_right, None) or 0.0)
    w = px_or_none(s.width, None)
    if w is not None and not alt_ignores_size(ctx, c, s):
        if s.box_sizing != "border-box":
            w += pb
        if ctx.display[c] == "table-cell":
            # a cell's width is its column's max-content width (never below the content's min-content);
            # its min-content width stays the content's: a table narrower than its columns' widths
            # shrinks them (automatic table layout, CSS Tables 3 §3.9.3)
            lo, _ = yield intrinsic(ctx, c)
            return lo + pb + margins, max(w, lo + pb) + margins
        w = _clamped_border_width(s, w, pb)
        return w + margins, w + margins
    if ctx.is_replaced(c):
        # its size with CSS sizes and aspect ratio applied; a percentage height resolves as in layout
        cb_h = percent_height_base(ctx, c) if has_percent(s.height) else None
        box = yield atomic.atomic_box(ctx, c, 0.0, cb_h=cb_h)
        if alt_ignores_size(ctx, c, s):
            # an inline broken image's alt text wraps like any text: its min-content contribution is
            # its box on the narrowest line (its longest word), its max-content one the text unbroken
            narrow = yield atomic.atomic_box(ctx, c, NARROWEST_LINE)
            wide = yield atomic.atomic_box(ctx, c, UNBOUNDED)
            return narrow[0], wide[0]
        if has_percent(s.width):
            # CSS Sizing 3 §5.2.2, compressible replaced elements: a percentage width resolves against
            # zero for the min-content contribution and counts as auto for the max-content one (an
            # `svg {width: 100%}` logo in a shrink-to-fit box is as wide as its natural size)
            ctx.styles[c] = percent_width_as_auto(s)
            try:
                wide = yield atomic.atomic_box(ctx, c, UNBOUNDED, cb_h=cb_h)
            finally:
                ctx.styles[c] = s
            return box[0], wide[0]
        if has_percent(s.max_width):
            # CSS Sizing 3 §5.2.1, cyclic percentages: a percentage max-width resolves against zero for
            # the min-content contribution but counts as none for the max-content one (`img {max-width:
            # 100%}` in a float or inline-block is as wide as the image, not 0)
            wide = yield atomic.atomic_box(ctx, c, UNBOUNDED, cb_h=cb_h)
            return box[0], wide[0]
        return box[0], box[0]
    lo, hi = yield intrinsic(ctx, c)
    # min-/max-width size the border box under box-sizing: border-box, the content box otherwise
    inset = pb if s.box_sizing == "border-box" else 0.0
    mx = px_or_none(s.max_width, None)
    if mx is not None:
        mx = max(0.0, mx - inset)
        lo, hi = min(lo, mx), min(hi, mx)
    mn = px_or_none(s.min_width, None)
    if mn is not None:
        mn = max(0.0, mn - inset)
        lo, hi = max(lo, mn), max(hi, mn)
    return lo + pb + margins, hi + pb + margins


_UNKNOWN: Final = -1.0


def percent_height_base(ctx: LayoutContext, c: int) -> float | None:
    """The height box c's percentage height resolves against (CSS 2 §10.5), for intrinsic widths, which
    are measured before its containing block is laid out: that block's height once its contents are being
    laid out (ctx.pct_height), else its specified height — a length, or a percentage of a height known the
    same way — or, for a stretched item of a single-line row flex container of definite height, that
    container's inner height (CSS Flexbox §9.8). None: auto (Chromium's intrinsic sizes of a replaced
    element use the definite height they find; measured: layout_fixtures/percent_height_replaced)."""
    p = ctx.block_container(c)
    if p < 0:
        return None
    known = ctx.pct_height.get(p, _UNKNOWN)
    if known is None or known >= 0:
        return known
    s = ctx.styles[p]
    pb_v = vertical_pb(s, 0.0)
    if s.height is None:
        return _stretched_height(ctx, p, s, pb_v)
    return specified_height(s, percent_height_base(ctx, p) if has_percent(s.height) else None, pb_v)


def _stretched_height(ctx: LayoutContext, p: int, s: ComputedStyle, pb_v: float) -> float | None:
    """The definite content height of auto-height flex item p stretched in a single-line row flex
    container of definite height, else None."""
    q = ctx.nodes[p].parent
    if q < 0 or ctx.display[q] not in ("flex", "inline-flex"):
        return None
    qs = ctx.styles[q]
    align = s.align_self if s.align_self != "auto" else qs.align_items
    if qs.flex_direction not in FLEX_ROW or qs.flex_wrap != "nowrap" or align not in ("normal", "stretch"):
        return None
    if s.margin_top is None or s.margin_bottom is None:
        return None  # an auto margin takes the free space instead
    inner = percent_height_base(ctx, p)
    if inner is None:
        return None
    margins = px(s.margin_top, 0.0) + px(s.margin_bottom, 0.0)
    return max(0.0, inner - margins - pb_v)


def _clamped_border_width(s: ComputedStyle, w: float, pb: float) -> float:
    """A specified border-box width `w` as it contributes to intrinsic sizes: limited by max-width, then
    raised to min-width (CSS 2 §10.4: min-width wins), each sizing the box box-sizing says, and never below
    the borders and padding. Percentages count as none here (CSS Sizing 3 §5.2.1, cyclic percentages)."""
    inset = 0.0 if s.box_sizing == "border-box" else pb
    mx = px_or_none(s.max_width, None)
    if mx is not None and mx + inset < w:
        w = mx + inset
    mn = px_or_none(s.min_width, None)
    if mn is not None and mn + inset > w:
        w = mn + inset
    return max(w, pb)


def intrinsic(ctx: LayoutContext, i: int):
    """(min-content, max-content) width of i's content box: a table's from its columns, a flex row's
    from its items side by side, any other box's from its flow (_flow_intrinsic)."""
    cached = ctx.intrinsic_cache.get(i)
    if cached is not None:
        return cached
    d = ctx.display[i]
    contained_w = contained_width(ctx.styles[i])
    if contained_w is not None:
        lo = hi = contained_w
    elif d in ("table", "inline-table"):
        lo, hi = yield from table.table_intrinsic(ctx, i)
    elif d in ("flex", "inline-flex", "-webkit-box") and ctx.styles[i].flex_direction in FLEX_ROW:
        lo, hi = yield from _flex_row_intrinsic(ctx, i)
    else:
        found = None
        if d in ("grid", "inline-grid"):
            found = yield from _grid_intrinsic(ctx, i)
        lo, hi = found if found is not None else (yield from _flow_intrinsic(ctx, i))
    if lo > hi:
        hi = lo
    ctx.intrinsic_cache[i] = (lo, hi)
    return lo, hi


def _flex_row_intrinsic(ctx: LayoutContext, i: int):
    """Generator step of intrinsic: the items of flex row i side by side (text directly inside counts as
    an item; white space and positioned items do not). Their max-content widths add up, with the column
    gaps; so do their min-content widths, unless the items wrap: then the widest decides."""
    s = ctx.styles[i]
    lo = hi = 0.0
    for c in ctx.box_children(i):
        if ctx.display[c] == "text" and not (ctx.nodes[c].text or "").strip():
            continue
        if ctx.display[c] == "text" or ctx.is_out_of_flow(c):
            if ctx.display[c] == "text":
                a, b = yield from run_intrinsic(ctx, i, [c])
                lo, hi = (lo + a if s.flex_wrap == "nowrap" else max(lo, a)), hi + b
            continue
        a, b = yield from outer_intrinsic(ctx, c)
        lo = lo + a if s.flex_wrap == "nowrap" else max(lo, a)
        hi += b
    gap = px(s.column_gap, 0.0)
    count = len(ctx.box_children(i))
    if gap and count > 1:
        hi += gap * (count - 1)
    return lo, hi


def _grid_intrinsic(ctx: LayoutContext, i: int):
    """Generator step of intrinsic: grid i's columns side by side (CSS Grid §12: each column sized by
    the min-/max-content contributions of its items, a fixed one by its length; flexible columns share
    one size per fr, the largest their items need, §12.7.1), with the column gaps. None for the grids
    grid_column_contents does not know."""
    found = yield from grid_column_contents(ctx, i)
    if found is None:
        return None
    tracks, lows, highs = found
    gaps = px(ctx.styles[i].column_gap, 0.0) * (len(tracks) - 1)
    return _columns_width(tracks, lows) + gaps, _columns_width(tracks, highs) + gaps


def grid_column_contents(ctx: LayoutContext, i: int):
    """Generator task: (explicit column tracks, min-content and max-content contributions of each
    column's items) of grid i, when its items are all auto-placed in rows, one cell each, in explicit
    columns (so item k sits in column k mod n); else None."""
    s = ctx.styles[i]
    if auto_flow(s) != "row" or s.grid_template_areas:
        return None
    tracks = explicit_tracks(track_list(s.grid_template_columns, None, track_units(ctx, s)))
    if not tracks:
        return None
    items: list[int] = []
    for c in ctx.box_children(i):
        if ctx.display[c] == "text":
            if (ctx.nodes[c].text or "").strip():
                return None  # an anonymous item
            continue
        cs = ctx.styles[c]
        if ctx.is_out_of_flow(c):
            continue
        if cs.grid_area or cs.grid_column_start or cs.grid_column_end or cs.grid_row_start or cs.grid_row_end:
            return None
        items.append(c)
    n = len(tracks)
    lows, highs = [0.0] * n, [0.0] * n
    for k, c in enumerate(items):
        a, b = yield from outer_intrinsic(ctx, c)
        col = k % n
        lows[col], highs[col] = max(lows[col], a), max(highs[col], b)
    return tracks, lows, highs


def _columns_width(tracks: list[dict], contents: list[float]) -> float:
    """The columns' widths added up, each column's items being `contents` wide."""
    total = 0.0
    per_fr = 0.0
    for track, need in zip(tracks, contents):
        least, most = track["min_size"], track["max_size"]
        floor = least["value"] if least["dim"] == 1 else 0.0
        if most["dim"] == 7:  # flexible: one size per fr for all of them
            if most["value"] > 0:
                per_fr = max(per_fr, max(floor, need) / most["value"])
            continue
        if most["dim"] == 1:
            total += max(floor, most["value"]) if least["dim"] == 1 else min(need, most["value"])
            continue
        total += max(floor, need)
    for track in tracks:
        if track["max_size"]["dim"] == 7:
            total += per_fr * track["max_size"]["value"]
    return total


def _flow_intrinsic(ctx: LayoutContext, i: int):
    """Generator step of intrinsic: block container i's inline runs and block-level children.

    Block children stack, so the widest decides; but block-level floats in a row sit side by side: their
    max-content widths add up until a clear, an in-flow block or an inline run ends the row (Chromium's
    block min/max computation). A child that establishes its own formatting context may sit beside the
    row, so its width is added to it."""
    lo = hi = 0.0
    run: list[int] = []
    styles, block_child = ctx.styles_or_none, ctx.block_child
    out_of_flow = False
    row = 0.0  # the max-content widths of the current row of floats
    for c in ctx.box_children(i) + [-1]:
        if c >= 0:
            cs = styles[c]
            out_of_flow = cs is not None and cs.position in OUT_OF_FLOW
            if not block_child[c] and not out_of_flow:
                run.append(c)
                continue
            if out_of_flow and run:
                continue  # out of flow, it leaves the line to go on around it, as block.flow lays it out
        if run and row and not units.has_inline_content(ctx, run):
            run = []  # white space between floats makes no line box: the row goes on
        if run:
            a, b = yield from run_intrinsic(ctx, i, run)
            if a > lo:  # comparisons, not max(): a builtin call costs about a thousand instructions
                lo = a
            hi = _end_row(hi, row, b)
            row = 0.0
            run = []
        if c < 0:
            break
        if out_of_flow:
            continue
        a, b = yield from outer_intrinsic(ctx, c)
        if a > lo:
            lo = a
        cs = styles[c]
        if cs is not None and cs.float_side != "none":
            if cs.clear != "none" and row > hi:  # a cleared float starts a new row
                hi = row
            row = row + b if cs.clear == "none" else b
            continue
        if row and block.establishes_bfc(ctx, c):
            b += row
        hi = _end_row(hi, row, b)
        row = 0.0
    if row > hi:
        hi = row
    return lo, hi


def fit_width(fit: str | None, lo: float, hi: float, avail: float) -> float:
    """The content width `width: min-content | max-content | fit-content` gives a box whose contents are
    lo (min-content) to hi (max-content) wide in `avail` (CSS Sizing 3 §3.1); None is fit-content, the
    shrink-to-fit width of CSS 2 §10.3.5."""
    if fit == "min-content":
        return lo
    if fit == "max-content":
        return hi
    return min(max(lo, avail), hi)


def _end_row(hi: float, row: float, b: float) -> float:
    """The widest max-content width so far, `hi`, once a row of floats `row` wide ends and a line or an
    in-flow block b wide comes below it."""
    if row > hi:
        hi = row
    if b > hi:
        hi = b
    return hi


def run_intrinsic(ctx: LayoutContext, container: int, run: list[int]):
    """(min-content, max-content) of a run of inline-level nodes."""
    found = yield from units.build_units(ctx, container, run, 0.0, measuring=True)
    lo = 0.0
    hi = 0.0
    line = 0.0
    floats = 0.0
    for j, unit in enumerate(found):
        if P.is_break(unit):  # a forced break: the space before it hangs, as at the end of the run
            line -= _hanging_trail(found, j)
            if line > hi:
                hi = line
            line = 0.0
            continue
        if unit[0] is P.TEXTRUN:
            run_widths = unit[5]
            if _anywhere(ctx, unit[1]):
                m = unit[2]
                lo = max(lo, max(units.widest_character(m, word) for word in unit[4]))
            else:
                lo = max(lo, _widest_alone(unit))
            line += sum(run_widths) + len(run_widths) * unit[6][P.WIDTH]
            continue
        parts = unit[P.PIECES]
        if parts and parts[0][P.KIND] == P.FLOAT:
            floats += parts[0][P.WIDTH]
            lo = max(lo, parts[0][P.MIN_WIDTH])
            continue
        if unit[P.CONTENT]:
            shrink = 0.0  # atomic inlines count with their min-content width
            for p in parts:
                if p[P.KIND] == P.ATOMIC:
                    shrink += p[P.WIDTH] - p[P.MIN_WIDTH]
            # a unit ending at a soft hyphen shows a hyphen where the line breaks after it
            least = unit[P.UWIDTH] - P.unit_trail(unit) - shrink + P.soft_hyphen_width(parts[-1])
            least -= _kerning_at_ends(found, j, parts)
            word = _breaking_word(ctx, parts)
            if word is not None:  # its characters, not the whole word, then count (with the unit's edges)
                least -= word[P.WIDTH] - units.widest_character(word[P.METRICS], word[P.TEXT])
            if least > lo:
                lo = least
        line += unit[P.UWIDTH]
    line -= _hanging_trail(found, len(found))
    if line > hi:
        hi = line
    return lo, hi + floats


def _widest_alone(unit: tuple) -> float:
    """The widest word of a TEXTRUN unit on a line of its own (the min-content width): its width there
    lacks the kerning against the spaces around it (" W", "A "), which hang at the ends of the lines
    and carry that kerning in HarfBuzz's shaping (Chromium); its run width includes it."""
    m: FontMetrics = unit[2]
    widths: list[float] = unit[5]
    after, before = m.face.kern_after_space, m.face.kern_before_space
    if not after and not before:
        return max(widths)
    scale = m.advance
    return max(
        w - (after.get(word[0], 0.0) + before.get(word[-1], 0.0)) * scale for w, word in zip(widths, unit[4])
    )


def _kerning_at_ends(found: list, j: int, parts: list) -> float:
    """The kerning against spaces that unit j's words include at its ends (<= 0): a unit on a line of its
    own (the min-content width) lacks it, for the spaces hang at the ends of the lines and carry that
    kerning in HarfBuzz's shaping (Chromium). Its first word took the kerning with the space before it
    (" W") when that space is of the same text (units._line); its last word took the one with the space
    after it ("A "), which then ends the unit, unless nothing follows (units._hold_kern)."""
    kerning = 0.0
    k = 0
    while k < len(parts) and parts[k][P.KIND] == P.OPEN:
        k += 1
    first = parts[k] if k < len(parts) and j > 0 else None
    if (
        first is not None
        and first[P.KIND] == P.WORD
        and first[P.TEXT]
        and _ends_with_space_of(found[j - 1], first[P.NODE])
    ):
        m: FontMetrics = first[P.METRICS]
        kerning += m.face.kern_after_space.get(first[P.TEXT][0], 0.0) * m.advance
    if len(parts) > 1 and parts[-1][P.KIND] == P.SPACE and j + 1 < len(found) and found[j + 1] is not None:
        last = parts[-2]
        if last[P.KIND] == P.WORD and last[P.TEXT]:
            m = last[P.METRICS]
            kerning += m.face.kern_before_space.get(last[P.TEXT][-1], 0.0) * m.advance
    return kerning


def _ends_with_space_of(unit: list | tuple | None, node: int) -> bool:
    """Whether a unit ends with a space of text node `node` (a TEXTRUN unit of it always does)."""
    if unit is None:
        return False
    if unit[0] is P.TEXTRUN:
        return bool(unit[1] == node)
    parts = unit[P.PIECES]
    return bool(parts) and parts[-1][P.KIND] == P.SPACE and parts[-1][P.NODE] == node


def _anywhere(ctx: LayoutContext, text_node: int) -> bool:
    """Whether the text of node `text_node` breaks anywhere for its min-content width."""
    return units.breaks_anywhere_in_min_content(ctx.styles[ctx.nodes[text_node].parent])


def _breaking_word(ctx: LayoutContext, parts: list) -> tuple | None:
    """A unit's only word (pieces.lone_word) when its text breaks anywhere for its min-content width."""
    k = P.lone_word(parts)
    return parts[k] if k >= 0 and _anywhere(ctx, parts[k][P.NODE]) else None


def _hanging_trail(found: list, end: int) -> float:
    """The width of the space that hangs at the end of the line ending before unit `end` (CSS Text 3
    §4.1.3: a collapsible space at the end of a line does not count in its width)."""
    k = end - 1
    while k > 0 and not P.is_break(found[k]) and found[k][0] is not P.TEXTRUN and P.only_edges(found[k]):
        k -= 1  # empty inline boxes after the last text: its trailing space still hangs
    last = found[k] if k >= 0 else None
    if last is not None and not P.is_break(last) and last[0] is not P.TEXTRUN and last[P.PIECES]:
        return P.unit_trail(last)
    return 0.0
