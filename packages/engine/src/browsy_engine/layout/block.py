"""Block formatting: block boxes in normal flow, margin collapsing (the margins themselves: margins.py),
anonymous inline runs, floats, list items (their markers: markers.py), and the sizing of atomic boxes
(inline-blocks, replaced elements, floats, absolutely positioned boxes).

All functions here are generator tasks (see trampoline.py). Boxes are recorded relative to the box
that lays them out (context.py).
"""

from __future__ import annotations

from typing import Final

from ..css.style import ComputedStyle
from . import atomic, clamp, flexgrid, intrinsic, multicol, table  # circular: they call back into block
from .context import FLOATING, OUT_OF_FLOW, REPLACED, LayoutContext
from .controls import (
    alt_baselines,
    alt_box_ratio,
    alt_fallback,
    alt_ignores_size,
)
from .floats import FloatArea
from .geometry import (
    ContentBox,
    clamp_height,
    clamp_width,
    contained_height,
    horizontal_pb,
    px,
    px_or_none,
    specified_height,
    specified_width,
    vertical_pb,
)
from .inline import InlineResult, has_inline_content, inline_run, inline_text_run
from .lines import edges
from .margins import (
    NO_MARGIN,
    UA_MARGIN_TAGS,
    Margin,
    as_margin,
    collapse,
    quirk_container,
    quirky_margins,
    ua_margins,
    used_left_margin,
    value,
)
from .markers import inside_marker, marker_drop, marker_line_height, marker_only_item, splits_inline
from .multicol import is_multicol
from .text import metrics_for, white_space_only
from .units import in_split_box

FLEX_LIKE: Final = frozenset({"flex", "grid", "inline-flex", "inline-grid", "-webkit-box"})
TABLE_LIKE: Final = frozenset({"table", "inline-table"})
PLAIN_BLOCKS: Final = frozenset({"block", "list-item", "flow-root"})  # no table or flex/grid contents
VISIBLE_OVERFLOW: Final = frozenset({"visible", "clip"})  # the overflow values that make no scroll container


class FlowOut:
    """What a block container's flow gives its box. A plain class rather than a dataclass: mypyc
    compiles its __init__ (a dataclass's generated __init__ stays interpreted, ~3,000 instructions a call,
    and one is made per block)."""

    __slots__ = (
        "height",
        "top",
        "bottom",
        "empty",
        "baseline",
        "quirk_top",
        "quirk_bottom",
        "frame_drop",
        "first_baseline",
        "first_line_nested",
    )

    def __init__(
        self,
        height: float,
        top: Margin,
        bottom: Margin,
        empty: bool,
        baseline: float | None = None,
        quirk_top: bool = False,
        quirk_bottom: bool = False,
        frame_drop: float = 0.0,
        first_baseline: float | None = None,
        first_line_nested: bool = False,
    ) -> None:
        self.height = height  # content height
        self.top = top  # margins of first children collapsed into the container's top margin
        self.bottom = bottom  # margins collapsed into the container's bottom margin
        self.empty = empty  # no in-flow content at all
        self.baseline = baseline  # last line baseline from the content top
        self.quirk_top = quirk_top  # the collapsed-in top margin is quirky (quirks mode)
        self.quirk_bottom = quirk_bottom
        # how far below its estimate (ContentBox.oy) the content lies beside the floats once the margins
        # of its first child have collapsed into its top (see _add_block_child)
        self.frame_drop = frame_drop
        self.first_baseline = first_baseline  # first line baseline from the content top
        self.first_line_nested = (
            first_line_nested  # that first line is inside a block child, not in a run of its own
        )

    def copy(self) -> FlowOut:
        return FlowOut(
            self.height,
            self.top,
            self.bottom,
            self.empty,
            self.baseline,
            self.quirk_top,
            self.quirk_bottom,
            self.frame_drop,
            self.first_baseline,
            self.first_line_nested,
        )


class BlockOut:
    """What a block-level box gives the flow around it (a plain class for mypyc, as FlowOut)."""

    __slots__ = (
        "x",
        "top",
        "bottom",
        "through",
        "height",
        "quirk_top",
        "quirk_bottom",
        "marker_only",
        "baseline",
        "drop",
        "first_baseline",
        "inner_top",
    )

    def __init__(
        self,
        x: float,
        top: Margin,
        bottom: Margin,
        through: bool,
        height: float,
        quirk_top: bool = False,
        quirk_bottom: bool = False,
        marker_only: bool = False,
        baseline: float | None = None,
        drop: float = 0.0,
        first_baseline: float | None = None,
    ) -> None:
        self.x = x  # used left margin (the border box's offset in the container's content box)
        self.top = top
        self.bottom = bottom
        self.through = through  # margins collapse through this (empty) box
        self.height = height  # border-box height
        self.quirk_top = quirk_top  # its top margin is a quirky UA margin (quirks mode)
        self.quirk_bottom = quirk_bottom
        # A list item whose only content is its marker's line: it takes that line's height, yet the
        # margins around it go on collapsing as if it were empty (marker_only_item).
        self.marker_only = marker_only
        self.baseline = baseline  # its last line box's baseline, from its border-box top (CSS 2 §10.8.1)
        # how far below its expected top it goes to fit beside the floats (_width_and_margin)
        self.drop = drop
        self.first_baseline = first_baseline  # its first line box's baseline, from its border-box top
        # of a box margins collapse through: the margins of its children collapsed into its top margin
        self.inner_top: Margin = NO_MARGIN


# Boxes whose block children share their parent's formatting context: blocks, list items, and an
# inline split around block-level children (block-in-inline: CSS 2 §9.2.1.1 puts those blocks in
# anonymous block boxes of the same context, so margins collapse across the inline's empty parts).
IN_FLOW_WRAPPERS: Final = frozenset({"block", "list-item", "inline"})


# Elements whose box establishes a new formatting context whatever its display: a fieldset (HTML
# rendering §15.3.13) and a button (button layout, §15.5.3: Chromium lays it out as its own context).
NEW_CONTEXT_TAGS: Final = frozenset({"fieldset", "button"})


def establishes_bfc(ctx: LayoutContext, i: int) -> bool:
    s = ctx.styles[i]
    if s is None:
        return False
    d = ctx.display[i]
    return (
        d not in IN_FLOW_WRAPPERS
        or s.overflow_x not in ("visible", "clip")
        or s.overflow_y not in ("visible", "clip")
        or s.float_side != "none"
        or s.position in ("absolute", "fixed")
        or ctx.nodes[i].parent < 0
        or s.display == "flow-root"
        or s.column_count is not None  # a multi-column container
        or s.column_width is not None
        or ctx.nodes[i].tag in NEW_CONTEXT_TAGS
        # a block container aligning its content (CSS Box Alignment §5.4) is an independent context
        or (s.align_content != "normal" and d != "inline")
        # layout containment, also from content-visibility auto/hidden (CSS Contain 2 §3.2, §4.1)
        or (
            (s.content_visibility != "visible" or s.contain_layout or s.container_type != "normal")
            and d != "inline"
        )
    )


def contained_content_height(ctx: LayoutContext, i: int, s: ComputedStyle) -> float | None:
    """contained_height(s), and likewise for a content-visibility: auto box whose contents are skipped
    (not relevant to the user: CSS Contain 2 §4.1 gives it size containment then)."""
    contained_h = contained_height(s)
    if contained_h is None and ctx.skipped and i in ctx.skipped:
        return px(s.contain_intrinsic_height, 0.0)
    return contained_h


def flow(
    ctx: LayoutContext,
    i: int,
    children: list[int],
    cw: float,
    at: ContentBox,
    collapse_top: bool,
    cb_h: float | None,
    strut_in: Margin = NO_MARGIN,
):
    """Lay out block-level children and inline runs of container i in its content box. `strut_in` holds
    the margins adjoining the content's top from above (the container's own and its ancestors', when
    collapse_top), which only a marker-only list item carries on past itself.

    The FlowOut is filled in as the flow goes, an inline run or a block child at a time: its height is
    where the next box goes, its bottom the margins pending below it. While it is empty (no box in flow
    has taken space yet) and collapse_top, the margins met collapse into its top instead."""
    out = FlowOut(0.0, NO_MARGIN, NO_MARGIN, True)
    run: list[int] = []
    run_has_boxes = False  # the run holds more than text nodes
    styles, block_child = ctx.styles_or_none, ctx.block_child
    split = bool(ctx.split_set)
    edge_after = 0.0  # the height of a line holding only the end edges of inline boxes split around blocks
    for c in children:
        s = styles[c]
        if s is None:  # a text node
            run.append(c)
            continue
        # a float met within inline content goes on the line it comes on (CSS 2 §9.5.1), not below it;
        # an absolutely positioned box is out of flow: the line goes on around it (lines.py places it)
        out_of_flow, floating = s.position in OUT_OF_FLOW, s.float_side in FLOATING
        inline_level = not block_child[c] or (run and (out_of_flow or (floating and s.clear == "none")))
        if inline_level and (run or not (out_of_flow or floating)):
            run.append(c)  # inline content (a float or positioned box starting a run is placed apart)
            run_has_boxes = True
            continue
        lines = False
        if run:
            lines = split and has_inline_content(ctx, run)
            if _text_only(ctx, run, run_has_boxes):
                _add_text_run(ctx, i, out, run, False, cw, at, collapse_top)
            else:
                yield from _add_run(ctx, i, out, run, run_has_boxes, False, cw, at, collapse_top)
            run = []
            run_has_boxes = False
        in_flow = not (out_of_flow or floating)
        if split and in_flow:
            if not lines:
                _add_edge_line(out, max(edge_after, _edge_line(ctx, i, c, cw, True)), collapse_top)
            edge_after = _edge_line(ctx, i, c, cw, False)
        elif out.empty and in_flow:
            _add_edge_line(out, _inside_marker_line(ctx, i), collapse_top)
        if out_of_flow:
            ctx.positioned.append((c, i, at.cx, at.cy + out.height + value(out.bottom)))
        elif floating:
            box = yield atomic.atomic_box(ctx, c, cw)
            place_float(ctx, c, i, box[0], box[1], out.height + value(out.bottom), cw, at)
        else:
            drop = out.frame_drop
            yield from _add_block_child(ctx, i, out, c, s, cw, cb_h, at, collapse_top, strut_in)
            if out.frame_drop != drop:  # what follows goes where those margins put the content
                at = ContentBox(
                    at.cx, at.cy, at.floats, at.ox, at.oy + out.frame_drop - drop, at.strut_floats
                )
    if edge_after and not (run and has_inline_content(ctx, run)):
        _add_edge_line(out, edge_after, collapse_top)
    if run:
        # a list item's marker sits on its first line box, so when no block follows to hold one,
        # this run's first line exists even with only empty inline boxes on it
        marker_line = out.empty and ctx.display[i] == "list-item" and ctx.styles[i].list_style_type != "none"
        if _text_only(ctx, run, run_has_boxes):
            _add_text_run(ctx, i, out, run, marker_line, cw, at, collapse_top)
        else:
            yield from _add_run(ctx, i, out, run, run_has_boxes, marker_line, cw, at, collapse_top)
    if out.quirk_bottom and quirk_container(ctx, i):
        out.bottom = NO_MARGIN
    return out


def _add_run(
    ctx: LayoutContext,
    i: int,
    out: FlowOut,
    run: list[int],
    has_boxes: bool,
    marker_line: bool,
    cw: float,
    at: ContentBox,
    collapse_top: bool,
):
    """Generator step of flow: an anonymous inline run of container i (`has_boxes`: it holds more than
    text nodes; marker_line: see inline_run). Its line boxes go below the flow so far (`out`), past the
    margins pending there, or with those margins collapsed into the container's top margin when
    nothing came before and collapse_top; a run without line boxes still places the floats and
    positioned boxes inside."""
    if has_inline_content(ctx, run) or (marker_line and has_boxes):
        y, marker, quirk, marker_text = _run_start(ctx, i, out, collapse_top)
        res: InlineResult = yield from inline_run(
            ctx, i, run, cw, at, y, marker, marker_line, quirk, marker_text
        )
        _run_end(out, y, res)
    elif has_boxes:
        # no line boxes, but floats or positioned boxes inside still need placing
        yield from inline_run(ctx, i, run, cw, at, out.height)


def _text_only(ctx: LayoutContext, run: list[int], has_boxes: bool) -> bool:
    """Whether an inline run is text nodes alone (`has_boxes`: it holds more), none of them a child of an
    inline box split around blocks (spliced into the run; build_units walks those boxes apart)."""
    return not has_boxes and not in_split_box(ctx, run)


def _add_text_run(
    ctx: LayoutContext,
    i: int,
    out: FlowOut,
    run: list[int],
    marker_line: bool,
    cw: float,
    at: ContentBox,
    collapse_top: bool,
) -> None:
    """_add_run for a run of text nodes alone, none inside an inline box split around blocks: nothing in
    it is sized, so its lines are laid out by plain calls (inline_text_run), without generator tasks."""
    if has_inline_content(ctx, run):
        y, marker, quirk, marker_text = _run_start(ctx, i, out, collapse_top)
        _run_end(out, y, inline_text_run(ctx, i, run, cw, at, y, marker, marker_line, quirk, marker_text))


def _run_start(
    ctx: LayoutContext, i: int, out: FlowOut, collapse_top: bool
) -> tuple[float, float, bool, bool]:
    """Where an inline run of container i that makes line boxes starts: its top (below the flow so far,
    past the margins pending there, or with those collapsed into the container's top when nothing came
    before and collapse_top), the width of an inside marker before it, and _line_quirk's answers."""
    if ctx.line_clamp is not None:
        clamp.content_follows(ctx, i, out)
    if out.empty and collapse_top:
        out.top = collapse(out.top, out.bottom)
        y = out.height
    else:
        y = out.height + value(out.bottom)
    marker = inside_marker(ctx, i) if out.empty else 0.0
    quirk, marker_text = _line_quirk(ctx, i, out)
    return y, marker, quirk, marker_text


def _run_end(out: FlowOut, y: float, res: InlineResult) -> None:
    """The flow below an inline run laid out at y: its lines, when they take space or have a baseline."""
    if res.height > 0 or res.last_baseline is not None:
        out.height = y + res.height
        out.bottom = NO_MARGIN
        out.quirk_bottom = False
        out.empty = False
        if res.last_baseline is not None:
            out.baseline = res.last_baseline
        if out.first_baseline is None:
            out.first_baseline = res.first_baseline


def _edge_line(ctx: LayoutContext, i: int, c: int, cw: float, start: bool) -> float:
    """The height of the line that holds only the start (`start`) or end edges of the inline boxes split
    around block child c of container i that c begins or ends, or 0. Such an edge, when it has a margin,
    border or padding, makes the line before (after) the block no empty line (CSS 2 §9.4.2, Chromium):
    it is as high as the container's strut and those boxes' fonts make it."""
    child, p = c, ctx.nodes[c].parent
    if p == i or p not in ctx.split_set:
        return 0.0  # (most block children: not inside a split inline box, asked of every one once a page has some)
    above, below = metrics_for(ctx.styles[i]).split
    found = False
    while p != i and p in ctx.split_set:
        kids = [k for k in ctx.box_children(p) if not _blank_text(ctx, k)]
        if not kids or kids[0 if start else -1] != child:
            break
        e = edges(ctx.styles[p], cw)
        if e[0 if start else 1]:
            found = True
            a, b = metrics_for(ctx.styles[p]).split
            above, below = max(above, a), max(below, b)
        child, p = p, ctx.nodes[p].parent
    return above + below if found else 0.0


def _inside_marker_line(ctx: LayoutContext, i: int) -> float:
    """The height of the line an inside marker takes before list item i's first block child, or 0 when
    i has none: the marker is inline content at the start of the item, so with no inline content of
    its own before that block it sits on an anonymous line of its own (CSS Lists 3 §3.1; Chromium)."""
    if ctx.display[i] != "list-item":
        return 0.0
    s = ctx.styles[i]
    if s.list_style_position != "inside" or s.list_style_type == "none":
        return 0.0
    return marker_line_height(s)


def _blank_text(ctx: LayoutContext, k: int) -> bool:
    """A text node of collapsible white space only (it puts nothing on a line)."""
    return ctx.display[k] == "text" and white_space_only(ctx.nodes[k].text or "")


def _add_edge_line(out: FlowOut, h: float, collapse_top: bool) -> None:
    """A line box of height h (_edge_line) in the flow, below the margins pending (as _add_run's)."""
    if not h:
        return
    if out.empty and collapse_top:
        out.top = collapse(out.top, out.bottom)
        y = out.height
    else:
        y = out.height + value(out.bottom)
    out.height = y + h
    out.bottom = NO_MARGIN
    out.quirk_bottom = False
    out.empty = False


def _line_quirk(ctx: LayoutContext, i: int, out: FlowOut) -> tuple[bool, bool]:
    """Whether the line height quirk applies to the lines of container i's next inline run, and whether
    its first line holds the item's outside marker (see lines.line_metrics). Chromium applies none to a list item that
    holds inline content only, list-style or not; the runs of one that holds blocks are anonymous blocks
    and keep it (measured: layout_fixtures/quirks_list_item_lines)."""
    if not ctx.line_quirk or ctx.display[i] != "list-item":
        return ctx.line_quirk, False
    if not ctx.holds_block[i]:
        return False, False
    s = ctx.styles[i]
    return True, out.empty and s.list_style_type != "none" and s.list_style_position != "inside"


def _add_block_child(
    ctx: LayoutContext,
    i: int,
    out: FlowOut,
    c: int,
    s: ComputedStyle,
    cw: float,
    cb_h: float | None,
    at: ContentBox,
    collapse_top: bool,
    strut_in: Margin,
):
    """Generator step of flow: block-level child c of container i, laid out where its top is expected
    (its top margin collapsed with the margins pending, below the floats it clears: the floats beside
    it depend on it), then placed where its collapsed margins put it."""
    if ctx.line_clamp is not None:
        clamp.content_follows(ctx, i, out)
    into_top = out.empty and collapse_top  # its top margin may collapse into the container's
    mt = as_margin(px(s.margin_top, cw))
    floats = at.floats
    page_drop = 0.0  # how far below y_est it lies beside the floats, with the margins collapsing above it
    drops = False  # page_drop applies (no float moves with these margins)
    if into_top:
        y_est = out.height
        above = collapse(strut_in, out.top)
        strut_floats = at.strut_floats
        # the container was placed below the margins adjoining its top (strut_in); the child's top margin
        # (and those of empty children before it) collapse with them and push the child, whose lines go
        # beside the floats, further down: past the floats placed before these margins began, which
        # stay; floats placed since (adjoining these margins) move down with them, as Chromium places
        # them once the margins are resolved
        drops = floats is not None
        if floats is not None:
            page_drop = value(collapse(above, mt)) - value(strut_in)
            if page_drop and floats.count() > strut_floats:
                floats.shift_since(strut_floats, page_drop)
    else:
        y_est = out.height + value(collapse(out.bottom, mt))
        above = out.bottom
        strut_floats = floats.count() if floats is not None else 0
    clear_to = _clearance(s, at)
    seals = False  # an empty child treated as having clearance though the floats end above it
    if clear_to is not None and clear_to <= y_est:
        # the floats end above where it would go anyway: `clear` introduces no clearance (CSS 2 §9.5.2),
        # so its margins collapse as without it (into an empty container's top too). Chromium still
        # gives an empty child clearance when the floats reach below the container's content top moved
        # down by the margins pending above the child (not by the content between): see _advance
        seals = not into_top and clear_to > value(collapse(out.bottom, mt))
        clear_to = None
    if clear_to is not None:
        y_est = max(y_est, clear_to)
        page_drop = 0.0
    moves_frame = drops and clear_to is None
    box = block_box(ctx, c, cw, cb_h, floats, at.ox, at.oy + y_est + page_drop, above, strut_floats)
    res: BlockOut  # (typed: mypyc then reads its fields natively)
    if ctx.holds_block[c] or ctx.display[c] not in PLAIN_BLOCKS:
        res = yield box
    else:  # a plain block without block children: laid out within this task (a bounded step down)
        res = yield from box
    y = _collapse_top_margin(ctx, i, out, res, into_top, clear_to)
    if res.through and not into_top:
        # an empty child's top border edge is where its top margin alone puts it (CSS 2 §8.3.1)
        hypothetical = out.height + value(collapse(collapse(out.bottom, mt), res.inner_top))
        cleared = seals or (clear_to is not None and hypothetical < clear_to)
        # its top border edge is where it would be with a bottom border: its own top margin collapsed
        # with those pending above and with its children's margins (all of them, with that border, collapse
        # into its top margin: `<div><h4></h4></div>` sits below the h4's margins), not its own bottom one
        # (measured: layout_fixtures/empty_block_child_margins)
        y = hypothetical if clear_to is None else max(hypothetical, clear_to)
    else:
        cleared = False
    if clear_to is not None and y < clear_to:
        y, cleared = clear_to, True
    if res.drop and y < y_est + res.drop:
        y = y_est + res.drop  # below the floats it does not fit beside
    r = ctx.rel[c]
    assert r is not None  # block_box sized it
    r[0] = at.cx + res.x
    r[1] = at.cy + y
    ctx.anchor[c] = i
    if ctx.line_clamp is not None:
        clamp.placed(ctx, i, c, y)
    _advance(out, res, y, cleared, above, into_top, mt)
    if moves_frame and not out.empty:
        # the margins collapsed into the container's top are resolved: its content, the next boxes and
        # floats too, lies that far below where the container was estimated
        out.frame_drop = value(collapse(strut_in, out.top)) - value(strut_in)


def _clearance(s: ComputedStyle, at: ContentBox) -> float | None:
    """The content-y below the floats that a box with `clear` must go to, or None (no clearance)."""
    floats = at.floats
    if s.clear != "none" and floats:
        edge = floats.clearance(s.clear)
        if edge > float("-inf"):
            return edge - at.oy
    return None


def _collapse_top_margin(
    ctx: LayoutContext, i: int, out: FlowOut, res: BlockOut, into_top: bool, clear_to: float | None
) -> float:
    """The content-y of a laid-out child's top border edge: its top margin collapses with the margins
    pending, or into the container's top margin (`into_top`) unless clearance comes between them. A
    quirky UA top margin first in a quirks container is dropped."""
    if res.quirk_top and out.empty:
        if quirk_container(ctx, i):
            res.top = NO_MARGIN
        if into_top:
            out.quirk_top = True
    if into_top and clear_to is None:
        out.top = collapse(out.top, res.top)
        return out.height
    return out.height + value(collapse(out.bottom, res.top))


def _advance(
    out: FlowOut, res: BlockOut, y: float, cleared: bool, above: Margin, into_top: bool, mt: Margin
) -> None:
    """The flow after a child placed at content-y y: below it, with its bottom margin pending. The
    margins of an empty child collapse through it, unless it has clearance: then it sits below the
    floats (the clearfix's `::after {clear: both}`) and the container grows to hold them, and its own
    margins (`mt` the top one), collapsed together from the top of its top margin, are not carried past
    the container's bottom (CSS 2 §8.3.1; Chromium keeps them inside). A marker-only list item passes
    the margins above it (`above`) on too."""
    if res.through:
        if cleared:
            out.height = y - value(mt) + value(res.top)
            out.bottom = NO_MARGIN
            out.empty = False
        elif into_top:
            out.top = collapse(out.top, res.bottom)
        else:
            out.bottom = collapse(collapse(out.bottom, res.top), res.bottom)
        return
    out.height = y + res.height
    out.bottom = res.bottom
    if res.baseline is not None:
        out.baseline = y + res.baseline  # the last line box in the flow may be inside a block child
    if out.first_baseline is None and res.first_baseline is not None:
        out.first_baseline = y + res.first_baseline
        out.first_line_nested = True
    if res.marker_only:
        out.bottom = collapse(collapse(above, res.top), res.bottom)
    out.quirk_bottom = res.quirk_bottom
    out.empty = False


def used_height(display: str, h_spec: float | None, content_h: float) -> float:
    """A box's content height: the specified one, or its content's when none is; a table's height is a
    minimum, its rows are never cut (CSS 2 §17.5.3)."""
    if h_spec is None:
        return content_h
    return max(h_spec, content_h) if display in TABLE_LIKE else h_spec


def ratio_height(s: ComputedStyle, w: float, pb_h: float, pb_v: float) -> float:
    """Content height from `aspect-ratio` (width / height; box-sizing decides which box it sizes)."""
    ratio = s.aspect_ratio
    assert ratio, "asked only of a style with an aspect-ratio"
    if s.box_sizing == "border-box":
        return max(0.0, (w + pb_h) / ratio - pb_v)
    return w / ratio


def ratio_minimum_is_content(s: ComputedStyle) -> bool:
    """Whether a height from `aspect-ratio` grows to fit the content: its automatic minimum size is the
    content's when min-height is auto and the box is no scroll container (CSS Sizing 4 §5.1)."""
    return s.min_height is None and s.overflow_y in VISIBLE_OVERFLOW and s.overflow_x in VISIBLE_OVERFLOW


def quirky_percent_base(
    ctx: LayoutContext, i: int, s: ComputedStyle, cb_w: float, cb_h: float | None, pb_v: float
) -> float | None:
    """What the children of auto-height block i resolve percentage heights against: nothing in standards
    mode; in quirks mode (the percentage height calculation quirk) the nearest ancestor's definite height,
    looked up through auto-height blocks, where html fills the viewport and body fills html less its
    margins, borders and padding."""
    if not ctx.quirks or cb_h is None:
        return None
    if ctx.nodes[i].tag in ("html", "body"):
        return max(0.0, cb_h - px(s.margin_top, cb_w) - px(s.margin_bottom, cb_w) - pb_v)
    return cb_h


def place_float(
    ctx: LayoutContext, c: int, container: int, w: float, h: float, y: float, cw: float, at: ContentBox
) -> None:
    """Place float c (margin box w × h) no higher than content-y `y` of its container (content box `at`,
    width cw)."""
    cx, cy, floats, ox, oy = at.cx, at.cy, at.floats, at.ox, at.oy
    s = ctx.styles[c]
    side = "right" if s.float_side == "right" else "left"
    if floats is None:
        fx, fy = (cw - w if side == "right" else 0.0), y
    else:
        if s.clear != "none":
            edge = floats.clearance(s.clear)
            if edge > float("-inf"):
                y = max(y, edge - oy)
        bx, by = floats.place(side, w, h, oy + y, ox, ox + cw)
        fx, fy = bx - ox, by - oy
    r = ctx.rel[c]
    assert r is not None  # sized before it is placed
    r[0] = cx + fx + px(s.margin_left, cw)
    r[1] = cy + fy + px(s.margin_top, cw)
    ctx.anchor[c] = container


def block_box(
    ctx: LayoutContext,
    i: int,
    cb_w: float,
    cb_h: float | None,
    floats: FloatArea | None,
    ox: float,
    oy: float,
    strut_in: Margin = NO_MARGIN,
    strut_floats: int = 0,
):
    """A block-level box in normal flow of width cb_w's containing block. Returns BlockOut. `strut_in`:
    the margins adjoining its top edge from above (see flow), `strut_floats` the count of floats placed
    before those began (ContentBox.strut_floats). Its width and left margin come first
    (_width_and_margin), then its contents (flow, or box_contents for tables and flex/grid), its
    height (with a list item's marker line) and its vertical margins."""
    s = ctx.styles[i]
    tag = ctx.nodes[i].tag
    rel = ctx.rel
    pb_h = horizontal_pb(s, cb_w)
    pb_v = vertical_pb(s, cb_w)
    bfc = establishes_bfc(ctx, i)
    d = ctx.display[i]
    is_atomic = tag in REPLACED or d in TABLE_LIKE
    # a box that establishes a BFC, a table or a block-level replaced element must not overlap floats
    # (CSS 2 §9.5): it goes beside them, or below them when it does not fit
    avoid = floats if bfc or is_atomic else None
    # (typed: the task returns it untyped, and its three floats are then unpacked natively, not iterated)
    sized: tuple[float, float, float]
    if is_atomic or _content_sized(ctx, i, s):
        sized = yield from _width_and_margin(ctx, i, s, cb_w, pb_h, is_atomic, avoid, ox, oy)
    else:
        sized = _flow_width_and_margin(ctx, i, s, cb_w, pb_h, avoid, ox, oy)
    w, used_ml, drop = sized
    r = rel[i]
    if r is None:
        r = rel[i] = [0.0, 0.0, 0.0, 0.0]
    if is_atomic:
        r[2] = w + pb_h
        out_atomic = BlockOut(
            used_ml, as_margin(px(s.margin_top, cb_w)), as_margin(px(s.margin_bottom, cb_w)), False, r[3]
        )
        out_atomic.drop = drop
        alt = alt_baselines(ctx, i, s, cb_w, r[3] - pb_v) if tag == "img" else None
        if alt is not None:  # a broken image's alt text gives it baselines
            content_top = s.border_top_width + px(s.padding_top, cb_w)
            out_atomic.first_baseline = content_top + alt[0]
            out_atomic.baseline = content_top + alt[1]
        return out_atomic
    h_spec = specified_height(s, cb_h, pb_v)
    grows_to_content = False
    if h_spec is None and s.aspect_ratio:
        h_spec = ratio_height(s, w, pb_h, pb_v)
        grows_to_content = ratio_minimum_is_content(s)
    bt, bb = s.border_top_width, s.border_bottom_width
    pt, pbot = px(s.padding_top, cb_w), px(s.padding_bottom, cb_w)
    cx, cy = s.border_left_width + px(s.padding_left, cb_w), bt + pt
    collapse_top = not bfc and bt == 0 and pt == 0
    collapse_bottom = not bfc and bb == 0 and pbot == 0 and h_spec is None
    out: FlowOut  # (typed: the tasks below return it untyped, and mypyc then reads its fields natively)
    if d in FLEX_LIKE or d in TABLE_LIKE:
        out = yield from box_contents(ctx, i, w, h_spec, cb_w)
    else:
        children = ctx.box_children(i)
        if tag == "fieldset":
            children, legend_h = yield from rendered_legend(ctx, i, children, w, cx)
            if legend_h > bt:
                cy += legend_h - bt
                pb_v += legend_h - bt
        own = FloatArea() if bfc else floats
        fox, foy = (0.0, 0.0) if bfc else (ox + used_ml + cx, oy + cy)
        inner = collapse(strut_in, as_margin(px(s.margin_top, cb_w))) if collapse_top else NO_MARGIN
        base = h_spec if h_spec is not None else quirky_percent_base(ctx, i, s, cb_w, cb_h, pb_v)
        ctx.pct_height[i] = base
        outer_clamp = clamp.enter(ctx, s.line_clamp, bfc)
        if is_multicol(s):
            out = yield from multicol.contents(ctx, i, children, w, cx, cy, h_spec, base)
        else:
            out = yield from flow(
                ctx,
                i,
                children,
                w,
                ContentBox(cx, cy, own, fox, foy, strut_floats),
                collapse_top,
                base,
                inner,
            )
        clamp.leave(ctx, i, outer_clamp, out)
        if bfc and own is not None and own.any:  # (own is a FloatArea of its own when bfc)
            out.height = max(out.height + (0.0 if collapse_bottom else value(out.bottom)), own.bottom())
            out.bottom = NO_MARGIN
    content_h = out.height
    if not collapse_bottom and d not in FLEX_LIKE:
        content_h += value(out.bottom)
    contained_h = contained_content_height(ctx, i, s)
    if contained_h is not None:
        content_h = contained_h
    summary = ctx.closed_details.get(i, -1) if ctx.closed_details else -1
    if summary >= 0:
        content_h = _closed_details_height(ctx, summary, cy, w)
        out.bottom = NO_MARGIN
    marker_only = split = False
    if d == "list-item" and s.list_style_type != "none":
        split = splits_inline(ctx, i)
        marker_only = (split or ctx.holds_block[i]) and marker_only_item(
            s, out, content_h, pb_v, collapse_top, collapse_bottom
        )
        drop_content = 0.0 if split else marker_drop(s, out)
        if drop_content > 0.0:
            ctx.shift_y[i] += drop_content
            content_h += drop_content
            out.first_baseline = (out.first_baseline or 0.0) + drop_content
            if out.baseline is not None:
                out.baseline += drop_content
        elif not split and not out.first_line_nested:
            # the marker's own line, which counts borders and padding (LayoutNG)
            content_h = max(content_h, marker_line_height(s) - pb_v)
    natural_h = content_h
    used_h = used_height(d, h_spec, content_h)
    content_h = clamp_height(s, max(used_h, content_h) if grows_to_content else used_h, cb_h, pb_v)
    if tag == "button" and d not in FLEX_LIKE and d not in TABLE_LIKE:
        center_button_contents(ctx, i, out, content_h - natural_h)
    r[2] = w + pb_h
    r[3] = content_h + pb_v
    line_clamp = ctx.line_clamp
    if line_clamp is not None and line_clamp.box == i:  # the clamp point of the flow around is inside
        cut_h = clamp_height(s, used_height(d, h_spec, line_clamp.bottom), cb_h, pb_v) + pb_v
        clamp.block_done(ctx, i, r[3], cut_h)
    mt = as_margin(px(s.margin_top, cb_w))
    mb = as_margin(px(s.margin_bottom, cb_w))
    if tag in UA_MARGIN_TAGS:
        mt, mb = ua_margins(ctx, i, s, mt, mb)
    top = collapse(mt, out.top) if collapse_top else mt
    bottom = collapse(mb, out.bottom) if collapse_bottom else mb
    # margins collapse through an empty box of zero or auto height (CSS 2 §8.3.1): `height: 0` too,
    # though only an auto height lets its last child's bottom margin collapse with its own
    zero_height = h_spec is None or h_spec == 0
    through = collapse_top and bb == 0 and pbot == 0 and zero_height and out.empty and content_h + pb_v == 0
    through = through and not split
    if through:
        top = collapse(top, bottom)
    out_box = BlockOut(
        used_ml, top, bottom, through, content_h + pb_v, marker_only=marker_only and not through
    )
    if through:
        out_box.inner_top = out.top
    if out.baseline is not None and d not in TABLE_LIKE:
        if s.overflow_x in VISIBLE_OVERFLOW and s.overflow_y in VISIBLE_OVERFLOW:
            out_box.baseline = cy + out.baseline
            if out.first_baseline is not None and d not in FLEX_LIKE:
                out_box.first_baseline = cy + out.first_baseline
        else:  # a scroll container's baseline, for the line around it, is its bottom margin edge
            out_box.baseline = content_h + pb_v + px(s.margin_bottom, cb_w)
            if out.first_baseline is not None and d not in FLEX_LIKE:
                # a list marker aligns with its first line's baseline, clamped to its border box (Chromium)
                out_box.first_baseline = min(cy + out.first_baseline, content_h + pb_v)
    if ctx.quirks:
        quirky_margins(out_box, s, tag, mt, mb, out, collapse_top, collapse_bottom)
    out_box.drop = drop
    return out_box


def _closed_details_height(ctx: LayoutContext, summary: int, cy: float, cw: float) -> float:
    """A closed <details>'s content height: down to its summary's bottom margin edge. Its other contents
    go in the ::details-content slot, which is content-visibility: hidden (HTML §15.5.5, Chromium): laid
    out, their boxes reported, in a box of no height after the summary."""
    r = ctx.rel[summary]
    s = ctx.styles[summary]
    if r is None or ctx.anchor[summary] != ctx.nodes[summary].parent:
        return 0.0
    return max(0.0, r[1] - cy + r[3] + px(s.margin_bottom, cw))


def center_button_contents(ctx: LayoutContext, i: int, out: FlowOut, room: float) -> None:
    """HTML rendering §15.5.3 (button layout): a button's contents are centred vertically in its content
    box when that is taller than they are (`room`: the difference); their boxes and baselines move down
    by half of it."""
    if room <= 0.0:
        return
    ctx.shift_y[i] += room / 2
    if out.baseline is not None:
        out.baseline += room / 2
    if out.first_baseline is not None:
        out.first_baseline += room / 2


def _width_and_margin(
    ctx: LayoutContext,
    i: int,
    s: ComputedStyle,
    cb_w: float,
    pb_h: float,
    is_atomic: bool,
    floats: FloatArea | None,
    ox: float,
    oy: float,
):
    """Generator step of block_box: block i's content width and used left margin (CSS 2 §10.3.3). The
    width is the specified one, an atomic box's own (a replaced element or table is laid out first),
    the content's for `width: fit-content` and the like, or else all the containing block leaves beside
    the margins, and beside the floats for a box that establishes a BFC (`floats`, None for others).
    Auto margins share what the width leaves free."""
    ml = px_or_none(s.margin_left, cb_w)
    mr = px_or_none(s.margin_right, cb_w)
    w = specified_width(s, cb_w, pb_h)
    cb_h: float | None = None
    if is_atomic:
        # a replaced element's or a table's percentage height resolves against its containing block's
        # height like a block's (CSS 2 §10.5; in quirks mode the percentage height quirk's, so that
        # `<table height=100%>` fills the viewport)
        cb_h = ctx.percent_base(i)
        yield from atomic.atomic_box(ctx, i, cb_w, cb_h=cb_h)
        w = _atomic_width(ctx, i, s, pb_h)
    ml, avail, drop = _room(ctx, i, cb_w, pb_h, w, ml, mr, is_atomic, floats, ox, oy)
    auto_width = w is None
    if auto_width and _content_sized(ctx, i, s):
        lo, hi = yield intrinsic.intrinsic(ctx, i)
        w = intrinsic.fit_width(s.width_fit, lo, hi, avail - pb_h)
    w = clamp_width(s, avail - pb_h if w is None else w, cb_w, pb_h)
    if auto_width and is_atomic and alt_box_ratio(ctx, i, s):
        # an alt text box (the one atomic box without a width of its own) fills the line, and its
        # aspect ratio makes its height follow that width
        yield from atomic.atomic_box(ctx, i, cb_w, force_w=w, cb_h=cb_h)
    return _with_margin(ctx, i, w, ml, mr, avail, pb_h, cb_w, auto_width, drop)


def _flow_width_and_margin(
    ctx: LayoutContext,
    i: int,
    s: ComputedStyle,
    cb_w: float,
    pb_h: float,
    floats: FloatArea | None,
    ox: float,
    oy: float,
) -> tuple[float, float, float]:
    """_width_and_margin of a box that is neither atomic nor sized by its content (_content_sized), the
    common block: nothing to lay out first, so plain calls rather than a generator task."""
    ml = px_or_none(s.margin_left, cb_w)
    mr = px_or_none(s.margin_right, cb_w)
    w = specified_width(s, cb_w, pb_h)
    ml, avail, drop = _room(ctx, i, cb_w, pb_h, w, ml, mr, False, floats, ox, oy)
    auto_width = w is None
    w = clamp_width(s, avail - pb_h if w is None else w, cb_w, pb_h)
    return _with_margin(ctx, i, w, ml, mr, avail, pb_h, cb_w, auto_width, drop)


def _content_sized(ctx: LayoutContext, i: int, s: ComputedStyle) -> bool:
    """Whether block i with an auto width is sized by its content: width: fit-content/min-content/
    max-content, or a block-level button (HTML rendering: fit-content)."""
    return s.width_fit is not None or ctx.nodes[i].tag == "button"


def _room(
    ctx: LayoutContext,
    i: int,
    cb_w: float,
    pb_h: float,
    w: float | None,
    ml: float | None,
    mr: float | None,
    is_atomic: bool,
    floats: FloatArea | None,
    ox: float,
    oy: float,
) -> tuple[float | None, float, float]:
    """_width_and_margin's room: the left margin (moved past the floats beside a box that avoids them),
    the width the margins leave and how far below its expected top the box goes to fit (a definite
    width that does not fit beside the floats goes below them)."""
    avail = cb_w - (ml or 0.0) - (mr or 0.0)
    drop = 0.0
    if floats is not None and floats.any and ctx.nodes[i].parent >= 0:
        lo, hi = floats.band(oy, 1.0, ox, ox + cb_w)
        if hi - lo < cb_w:
            if w is not None:
                needed = w + pb_h + (ml or 0.0) + (mr or 0.0)
                height = ctx.rel[i][3] if is_atomic else 1.0  # type: ignore[index]
                below, lo, hi = floats.fit(oy, height, needed, ox, ox + cb_w)
                drop = below - oy
            avail = min(avail, hi - lo - (ml or 0.0) - (mr or 0.0))
            ml = (ml or 0.0) + (lo - ox)
    return ml, avail, drop


def _with_margin(
    ctx: LayoutContext,
    i: int,
    w: float,
    ml: float | None,
    mr: float | None,
    avail: float,
    pb_h: float,
    cb_w: float,
    auto_width: bool,
    drop: float,
) -> tuple[float, float, float]:
    """_width_and_margin's result: the width, the used left margin (auto margins share what the width
    leaves free; none when an auto width fills the containing block) and the drop."""
    if auto_width and w + pb_h >= avail - 0.01:
        return w, ml or 0.0, drop  # fills the containing block: auto margins are 0
    return w, used_left_margin(ctx, i, ml, mr, cb_w - w - pb_h), drop


def _atomic_width(ctx: LayoutContext, i: int, s: ComputedStyle, pb_h: float) -> float | None:
    """The content width of block-level replaced element or table i, laid out as an atomic box; None for
    an alt text box, which fills the line like any block unless a width is given (or an aspect ratio
    gives one from its height)."""
    r = ctx.rel[i]
    assert r is not None  # atomic_box sized it
    if (
        ctx.nodes[i].tag in REPLACED
        and alt_fallback(ctx, i, s)
        and (
            alt_ignores_size(ctx, i, s)
            or (s.width is None and (s.height is None or alt_box_ratio(ctx, i, s) is None))
        )
    ):
        return None
    return r[2] - pb_h


def rendered_legend(ctx, i, children, w, cx):
    """A fieldset's first <legend> sits on its top border, shrink-to-fit at the content's left edge.
    Returns the remaining children and the legend's margin-box height."""
    for k, c in enumerate(children):
        if ctx.display[c] == "text":
            continue
        if ctx.nodes[c].tag != "legend" or ctx.is_float(c) or ctx.is_out_of_flow(c):
            break
        box = yield atomic.atomic_box(ctx, c, w)
        s = ctx.styles[c]
        ctx.rel[c][0] = cx + px(s.margin_left, w)
        ctx.rel[c][1] = px(s.margin_top, w)
        ctx.anchor[c] = i
        return children[:k] + children[k + 1 :], box[1]
    return children, 0.0


def box_contents(ctx: LayoutContext, i: int, w: float, h_spec: float | None, cb_w: float):
    """Lay out i's contents as a formatting-context root with content width w. Returns FlowOut."""
    s = ctx.styles[i]
    d = ctx.display[i]
    cx, cy = s.border_left_width + px(s.padding_left, cb_w), s.border_top_width + px(s.padding_top, cb_w)
    outer_clamp = clamp.enter(ctx, s.line_clamp, True)
    out: FlowOut
    if d in FLEX_LIKE:
        out = yield from flexgrid.flex_grid_contents(ctx, i, w, h_spec, cx, cy)
    elif d in TABLE_LIKE:
        out = yield from table.table_contents(ctx, i, w, cx, cy, h_spec)
    elif is_multicol(s):
        out = yield from multicol.contents(ctx, i, ctx.box_children(i), w, cx, cy, h_spec, h_spec)
    else:
        own = FloatArea()
        if h_spec is not None or not ctx.quirks:
            # the base of its inline contents' percentage heights (ctx.percent_base): its own height, as
            # for its blocks (flow's cb_h); an auto height in quirks mode leaves the quirk to look further up
            ctx.pct_height[i] = h_spec
        box = ContentBox(cx, cy, own, 0.0, 0.0)
        out = yield from flow(ctx, i, ctx.box_children(i), w, box, False, h_spec)
        clamp.leave(ctx, i, outer_clamp, out)
        out.height = max(out.height + value(out.bottom), own.bottom())
        out.bottom = NO_MARGIN
    ctx.line_clamp = outer_clamp
    return out
