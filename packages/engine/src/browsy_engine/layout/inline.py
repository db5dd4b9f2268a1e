"""The inline formatting context: text and inline-level boxes share line boxes.

`inline_run` lays out a run of inline-level children of a block container: it flattens them into
pieces (words, hanging spaces, inline-box start/end edges, atomic inlines, forced breaks, floats),
groups pieces into unbreakable units, fills line boxes greedily at the available width (narrowed by
floats), aligns each line vertically (baseline, line-height with floored half-leading, as Chromium)
and horizontally (text-align), and records every box relative to the container.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import block, intrinsic  # circular: atomic inlines contain block layout (attributes used at call time)
from .context import LayoutContext
from .floats import FloatArea
from .geometry import px
from .text import (
    FontMetrics,
    apply_transform,
    collapse,
    has_breaks_inside,
    metrics_for,
    metrics_with_fallback,
    split_words,
    uses_fallback,
)

WORD, SPACE, OPEN, CLOSE, ATOMIC, FLOAT, ABS = range(7)
FORCED = None  # a unit that forces a line break


@dataclass(slots=True)
class Piece:
    kind: int
    node: int
    width: float
    text: str = ""
    metrics: FontMetrics | None = None
    # atomics and floats: margin-box height and baseline offset from the margin-box top
    height: float = 0.0
    baseline: float = 0.0
    x: float = 0.0
    min_width: float = 0.0  # atomics while measuring: min-content contribution
    raised: float = 0.0  # baseline shift of the inline box it sits in (vertical-align sub/super)


@dataclass(slots=True)
class Unit:
    pieces: list[Piece] = field(default_factory=list)
    width: float = 0.0
    content: bool = False  # holds a word or an atomic inline

    @property
    def trail(self) -> float:
        last = self.pieces[-1] if self.pieces else None
        return last.width if last is not None and last.kind == SPACE else 0.0

    @property
    def has_content(self) -> bool:
        return self.content


@dataclass(slots=True)
class Line:
    y: float
    left: float
    right: float
    pieces: list[Piece] = field(default_factory=list)
    pen: float = 0.0
    forced: bool = False


@dataclass(slots=True)
class InlineResult:
    height: float
    last_baseline: float | None  # from the top of the content box
    first_baseline: float | None


def has_inline_content(ctx: LayoutContext, nodes: list[int]) -> bool:
    """False when a run holds nothing but collapsible whitespace (it then produces no line boxes)."""
    doc_nodes = ctx.doc.nodes
    stack = list(nodes)
    while stack:
        i = stack.pop()
        d = ctx.display[i]
        if d == "text":
            text = doc_nodes[i].text or ""
            if text.strip(" \t\n\r\f") or ctx.style(i).white_space in ("pre", "pre-wrap", "break-spaces"):
                return True
        elif d == "inline" and not ctx.is_replaced(i):
            s = ctx.styles[i]
            if s is not None and (s.padding_left != (0.0, 0.0) or s.border_left_width or s.padding_right != (0.0, 0.0)):
                return True
            stack.extend(ctx.box_children(i))
        elif d != "none":
            return True
    return False


def _flatten(ctx: LayoutContext, nodes: list[int]) -> list[tuple[int, int]]:
    """(kind, node) items in order; OPEN/CLOSE around inline boxes' contents."""
    out: list[tuple[int, int]] = []
    stack: list[tuple[int, int]] = [(0, n) for n in reversed(nodes)]
    tag_of = ctx.doc.nodes
    while stack:
        mark, i = stack.pop()
        if mark:
            out.append((CLOSE, i))
            continue
        d = ctx.display[i]
        if d == "text":
            ctx.rel[i] = None
            out.append((WORD, i))
        elif ctx.is_out_of_flow(i):
            out.append((ABS, i))
        elif ctx.is_float(i):
            out.append((FLOAT, i))
        elif tag_of[i].tag == "br":
            out.append((-1, i))
        elif d == "inline" and not ctx.is_replaced(i):
            ctx.rel[i] = None
            out.append((OPEN, i))
            stack.append((1, i))
            stack.extend((0, c) for c in reversed(ctx.box_children(i)))
        else:
            out.append((ATOMIC, i))
    return out


def build_units(ctx: LayoutContext, container: int, nodes: list[int], cw: float, measuring: bool = False):
    """Generator task: the units of a run (atomic inlines and floats are sized here)."""
    units: list[Unit | None] = []
    unit = Unit()
    units.append(unit)
    after_space = True
    break_pending = False
    abs_pieces: list[Piece] = []

    def new_unit() -> Unit:
        u = Unit()
        units.append(u)
        return u

    raise_stack: list[float] = [0.0]  # baseline shift (px, negative = up) from vertical-align sub/super

    def add(p: Piece) -> None:
        p.raised = raise_stack[-1]
        unit.pieces.append(p)
        unit.width += p.width
        if p.kind == WORD or p.kind == ATOMIC:
            unit.content = True

    for kind, i in _flatten(ctx, nodes):
        if kind == WORD:
            s = ctx.style(i)
            mode = s.white_space
            text = collapse(ctx.doc.nodes[i].text or "", mode, after_space)
            if not text:
                continue
            if s.text_transform != "none":
                text = apply_transform(text, s.text_transform)
            m = metrics_for(s)
            if uses_fallback(text, m.face):
                m = metrics_with_fallback(s, m)
            wraps = mode not in ("nowrap", "pre")
            preserve = mode in ("pre", "pre-wrap", "break-spaces")
            special = has_breaks_inside(text)
            for li, line_text in enumerate(text.split("\n")):
                if li > 0:
                    units.append(FORCED)
                    unit = new_unit()
                    break_pending = False
                if not line_text:
                    continue
                if preserve:
                    line_text = line_text.replace("\t", "        ")
                parts = line_text.split(" ")
                for pi, word in enumerate(parts):
                    if pi > 0:  # a space precedes this word
                        sp = Piece(SPACE, i, m.space, " ", m)
                        if wraps:
                            add(sp)
                            break_pending = True
                        else:
                            add(sp)
                            sp.kind = WORD
                    if not word:
                        continue
                    if wraps and special:
                        for ci, chunk in enumerate(split_words(word)):
                            if (break_pending or ci > 0) and unit.content:
                                unit = new_unit()
                            break_pending = False
                            add(Piece(WORD, i, m.width(chunk), chunk, m))
                    else:
                        if break_pending and unit.content:
                            unit = new_unit()
                        break_pending = False
                        add(Piece(WORD, i, m.width(word), word, m))
            after_space = text.endswith(" ") and not preserve
        elif kind in (OPEN, CLOSE):
            s = ctx.styles[i]
            if kind == OPEN:
                if break_pending and unit.has_content:
                    unit = new_unit()
                    break_pending = False
                w = px(s.margin_left, cw) + s.border_left_width + px(s.padding_left, cw)
                raise_stack.append(raise_stack[-1] + _baseline_shift(ctx, i, s.vertical_align))
            else:
                w = px(s.margin_right, cw) + s.border_right_width + px(s.padding_right, cw)
            add(Piece(kind, i, w, metrics=metrics_for(s)))
            if kind == CLOSE and len(raise_stack) > 1:
                raise_stack.pop()
        elif kind == ATOMIC:
            box = yield _atomic_size(ctx, i, cw, measuring)
            if unit.has_content:
                unit = new_unit()
            va = ctx.styles[i].vertical_align
            if va == "text-bottom" and ctx.doc.nodes[i].tag == "textarea":
                va = "baseline"  # measured: Chromium's textarea bottom sits on the baseline
            add(Piece(ATOMIC, i, box[0], va, height=box[1], baseline=box[2], min_width=box[3]))
            break_pending = True
            after_space = False
        elif kind == -1:  # <br>
            units.append(FORCED)
            unit = new_unit()
            after_space = True
            break_pending = False
        elif kind == FLOAT:
            box = yield _atomic_size(ctx, i, cw, measuring)
            units.append(Unit([Piece(FLOAT, i, box[0], height=box[1], min_width=box[3])], 0.0))
            unit = new_unit()
        else:
            p = Piece(ABS, i, 0.0)
            abs_pieces.append(p)
            add(p)
    return units


def _baseline_shift(ctx: LayoutContext, i: int, align: str) -> float:
    """Chromium's shifts for inline boxes: sub lowers by parent size/5 + 1, super raises by size/3 + 1."""
    if align not in ("sub", "super"):
        return 0.0
    parent_size = ctx.style(ctx.doc.nodes[i].parent).font_size
    return parent_size / 5 + 1 if align == "sub" else -(parent_size / 3 + 1)


def _atomic_size(ctx: LayoutContext, i: int, cw: float, measuring: bool):
    """(margin-box width, height, baseline, min-content width) of an atomic inline or float. When only
    measuring intrinsic widths, the width is its max-content contribution (no layout)."""
    if measuring:
        lo, hi = yield intrinsic.outer_intrinsic(ctx, i)
        return (hi, 0.0, 0.0, lo)
    box = yield block.atomic_box(ctx, i, cw)
    return (box[0], box[1], box[2], box[0])


def inline_run(
    ctx: LayoutContext,
    container: int,
    nodes: list[int],
    cw: float,
    cx: float,
    cy: float,
    y0: float,
    floats: FloatArea | None,
    ox: float,
    oy: float,
):
    """Generator task: lay out a run at content-box y0; returns InlineResult (height from y0).

    (cx, cy): content-box origin relative to the container's border box; (ox, oy): the same origin
    in the coordinates of the block formatting context's float area."""
    s = ctx.styles[container]
    strut = metrics_for(s)
    units = yield build_units(ctx, container, nodes, cw)
    indent = px(s.text_indent, cw)
    align = s.text_align
    if ctx.quirks and align not in ("start", "left"):
        align = _quirks_table_align(ctx, container, align)
    if align in ("start", "justify", "match-parent", "-webkit-left", "left"):
        align = "right" if s.direction == "rtl" and align in ("start", "justify", "match-parent") else "left"
    elif align == "end":
        align = "left" if s.direction == "rtl" else "right"
    elif align == "-webkit-center":
        align = "center"
    elif align == "-webkit-right":
        align = "right"

    lines: list[Line] = []
    y = y0

    def open_line(y: float, first: bool) -> Line:
        left, right = 0.0, cw
        if floats:
            lo, hi = floats.band(oy + y, strut.line_height, ox, ox + cw)
            left, right = lo - ox, hi - ox
        line = Line(y, left, right)
        if first:
            line.pen = indent
        return line

    line = open_line(y, True)
    deferred_floats: list[Piece] = []
    results: list[tuple[Line, float, float]] = []  # line, height, baseline

    def finish(line: Line) -> None:
        nonlocal y
        height, baseline = _line_metrics(line, strut, ctx.quirks)
        results.append((line, height, baseline))
        lines.append(line)
        y = line.y + height

    for unit in units:
        if unit is FORCED:
            line.forced = True
            finish(line)
            line = open_line(y, False)
            continue
        if unit.pieces and unit.pieces[0].kind == FLOAT:
            p = unit.pieces[0]
            fits = line.right - line.left - line.pen >= p.width
            if fits or not line.pieces:
                block.place_float(ctx, p.node, container, p.width, p.height, cx, cy, line.y, cw, floats, ox, oy)
                if floats:
                    lo, hi = floats.band(oy + line.y, strut.line_height, ox, ox + cw)
                    line.left, line.right = lo - ox, hi - ox
            else:
                deferred_floats.append(p)
            continue
        if not unit.pieces:
            continue
        need = unit.width - unit.trail
        if line.pieces and _has_content(line) and line.pen + need > line.right - line.left + 0.01 and unit.has_content:
            finish(line)
            line = open_line(y, False)
            for p in deferred_floats:
                block.place_float(ctx, p.node, container, p.width, p.height, cx, cy, line.y, cw, floats, ox, oy)
            if deferred_floats and floats:
                lo, hi = floats.band(oy + line.y, strut.line_height, ox, ox + cw)
                line.left, line.right = lo - ox, hi - ox
            deferred_floats = []
        for p in unit.pieces:
            p.x = line.pen
            line.pen += p.width
            line.pieces.append(p)
    if (line.pieces or not lines) and (_has_content(line) or line.pieces):
        finish(line)
    for p in deferred_floats:
        block.place_float(ctx, p.node, container, p.width, p.height, cx, cy, y, cw, floats, ox, oy)

    total = 0.0
    first_baseline: float | None = None
    last_baseline: float | None = None
    for line, height, baseline in results:
        if height <= 0:
            # an empty line (only collapsed spaces / empty inline boxes): no height, but place its boxes
            _place_line(ctx, container, line, strut, cx, cy, line.y, line.y, align)
            continue
        _place_line(ctx, container, line, strut, cx, cy, line.y, line.y + baseline, align, height)
        if first_baseline is None:
            first_baseline = line.y + baseline
        last_baseline = line.y + baseline
        total = line.y + height - y0
    return InlineResult(max(0.0, total), last_baseline, first_baseline)


def _quirks_table_align(ctx: LayoutContext, container: int, align: str) -> str:
    """Quirks mode resets text-align on tables (quirks.css): an alignment inherited from outside the
    nearest table does not apply inside it."""
    nodes = ctx.doc.nodes
    i = container
    while i >= 0:
        parent = nodes[i].parent
        ps = ctx.styles[parent] if parent >= 0 else None
        if ps is None or ps.text_align != align:
            return align  # the alignment was set on i, inside any table
        if nodes[i].tag == "table":
            return "start"
        i = parent
    return align


def _atomic_ascent(p: Piece, strut: FontMetrics) -> float:
    """How far an atomic inline's margin box reaches above the baseline, by its vertical-align."""
    va = p.text
    if va == "middle":
        return (p.height + strut.x_height) / 2
    if va == "text-bottom":
        return p.height - strut.descent
    if va == "text-top":
        return strut.ascent
    if va == "sub":
        return p.baseline - (strut.size / 5 + 1)
    if va == "super":
        return p.baseline + strut.size / 3 + 1
    if va.endswith("px"):
        try:
            return p.baseline + float(va[:-2])
        except ValueError:
            return p.baseline
    return p.baseline


def _has_content(line: Line) -> bool:
    for p in line.pieces:
        if p.kind == WORD or p.kind == ATOMIC:
            return True
        if (p.kind == OPEN or p.kind == CLOSE) and p.width > 0:
            return True
    return False


def _line_metrics(line: Line, strut: FontMetrics, quirks: bool) -> tuple[float, float]:
    """(height, baseline from line top) of a line box; (0, 0) when the line is empty. In quirks mode
    the strut only counts on lines with text (a line of images is as tall as the images)."""
    if not _has_content(line) and not line.forced:
        return 0.0, 0.0
    if quirks and not line.forced and not any(p.kind == WORD for p in line.pieces):
        above = below = 0.0
    else:
        above, below = strut.leading_split()
    tops: list[float] = []
    bottoms: list[float] = []
    for p in line.pieces:
        if p.kind == WORD or (p.kind == OPEN and not quirks):
            a, b = p.metrics.leading_split()  # type: ignore[union-attr]
            a, b = a - p.raised, b + p.raised
            if a > above:
                above = a
            if b > below:
                below = b
        elif p.kind == ATOMIC:
            if p.text == "top":
                tops.append(p.height)
            elif p.text == "bottom":
                bottoms.append(p.height)
            else:
                a = _atomic_ascent(p, strut)
                b = p.height - a
                if a > above:
                    above = a
                if b > below:
                    below = b
    height = above + below
    for h in tops + bottoms:
        if h > height:
            if h in tops:
                below += h - height
            else:
                above += h - height
            height = h
    return height, above


def _place_line(
    ctx: LayoutContext,
    container: int,
    line: Line,
    strut: FontMetrics,
    cx: float,
    cy: float,
    top: float,
    baseline: float,
    align: str,
    height: float = 0.0,
) -> None:
    # content width: drop hanging trailing spaces
    end = line.pen
    for p in reversed(line.pieces):
        if p.kind == SPACE:
            end = p.x
        elif p.kind == CLOSE or p.kind == ABS:
            continue
        else:
            break
    avail = line.right - line.left
    shift = line.left
    if align == "center":
        shift += max(0.0, (avail - end) / 2)
    elif align == "right":
        shift += max(0.0, avail - end)
    ox = cx + shift
    rel = ctx.rel
    open_at: dict[int, float] = {}
    for p in line.pieces:
        x = ox + p.x
        k = p.kind
        if k == WORD:
            m = p.metrics
            base = cy + baseline + p.raised
            _union(ctx, p.node, container, x, base - m.ascent, x + p.width, base + m.descent)
        elif k == OPEN:
            s = ctx.styles[p.node]
            open_at[p.node] = x + px(s.margin_left, 0.0)
            _inline_box(ctx, p.node, container, open_at[p.node], x + p.width, p, cy + baseline + p.raised)
        elif k == CLOSE:
            s = ctx.styles[p.node]
            start = open_at.pop(p.node, ox)
            if p.x >= end:  # after the hanging trailing space: the box ends with the text
                x = ox + end - p.width
                end += p.width
            _inline_box(ctx, p.node, container, start, x + p.width - px(s.margin_right, 0.0), p, cy + baseline + p.raised)
        elif k == ATOMIC:
            s = ctx.styles[p.node]
            va = s.vertical_align if s is not None else "baseline"
            if va == "top":
                y = cy + top
            elif va == "bottom":
                y = cy + top + height - p.height
            else:
                y = cy + baseline - _atomic_ascent(p, strut)
            r = rel[p.node]
            if r is not None:
                r[0] = x + px(s.margin_left, 0.0)
                r[1] = y + px(s.margin_top, 0.0)
                ctx.anchor[p.node] = container
        elif k == ABS:
            ctx.positioned.append((p.node, container, x, cy + top))
    # inline boxes continuing onto the next line: their fragment ends at the line's end
    for node, start in open_at.items():
        pseudo = Piece(CLOSE, node, 0.0, metrics=metrics_for(ctx.styles[node]))
        _inline_box(ctx, node, container, start, ox + end, pseudo, cy + baseline)


def _inline_box(ctx: LayoutContext, node: int, container: int, x0: float, x1: float, p: Piece, baseline: float) -> None:
    s = ctx.styles[node]
    m = p.metrics
    top = baseline - m.ascent - s.border_top_width - px(s.padding_top, 0.0)
    bottom = baseline + m.descent + s.border_bottom_width + px(s.padding_bottom, 0.0)
    _union(ctx, node, container, x0, top, max(x0, x1), bottom)


def _union(ctx: LayoutContext, node: int, anchor: int, x0: float, y0: float, x1: float, y1: float) -> None:
    r = ctx.rel[node]
    if r is None or ctx.anchor[node] != anchor:
        ctx.rel[node] = [x0, y0, x1 - x0, y1 - y0]
        ctx.anchor[node] = anchor
        return
    rx1 = max(r[0] + r[2], x1)
    ry1 = max(r[1] + r[3], y1)
    r[0] = min(r[0], x0)
    r[1] = min(r[1], y0)
    r[2] = rx1 - r[0]
    r[3] = ry1 - r[1]
