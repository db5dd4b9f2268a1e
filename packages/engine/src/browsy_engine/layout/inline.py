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
# A TEXTRUN unit is a tuple (TEXTRUN, node, metrics, raised, words, widths, space_piece): words of one
# text node each followed by a space (a break opportunity), broken into lines without a unit per word.
TEXTRUN = "textrun"

# A piece is a plain tuple (tens of thousands per page; tuples are several times cheaper than objects):
#   (kind, node, width, text, metrics, raised, height, baseline, min_width)
# text: the word, or the vertical-align of an atomic inline; metrics: FontMetrics of words and inline
# boxes; raised: baseline shift of the enclosing inline box (vertical-align sub/super); height/baseline:
# margin-box height of atomics and floats and their baseline from the margin-box top; min_width: their
# min-content contribution when only measuring.
KIND, NODE, WIDTH, TEXT, METRICS, RAISED, HEIGHT, BASELINE, MIN_WIDTH = range(9)
INNER_SPACES = HEIGHT  # for WORD pieces covering several words of a TEXTRUN: the spaces inside
Piece = tuple
# A unit is a list [pieces, width, has_content]: pieces that no line break may separate.
PIECES, UWIDTH, CONTENT = range(3)


def unit_trail(unit: list) -> float:
    """Width of the unit's trailing space (it hangs at the end of a line)."""
    pieces = unit[PIECES]
    return pieces[-1][WIDTH] if pieces and pieces[-1][KIND] == SPACE else 0.0


@dataclass(slots=True)
class Line:
    y: float
    left: float
    right: float
    pieces: list = field(default_factory=list)
    xs: list[float] = field(default_factory=list)  # x of each piece from the line's start
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
    """Generator task: the units of a run (atomic inlines and floats are sized here, or only measured)."""
    units: list[list | None] = []
    unit: list = [[], 0.0, False]
    units.append(unit)
    after_space = True
    break_pending = False
    raise_stack: list[float] = [0.0]  # baseline shift (px, negative = up) from vertical-align sub/super

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
            raised = raise_stack[-1]
            widths = m.widths
            if len(widths) > 100_000:
                widths.clear()
            space_piece = (SPACE if wraps else WORD, i, m.space, " ", m, raised, 0.0, 0.0, 0.0)
            special = wraps and has_breaks_inside(text)
            for li, line_text in enumerate(text.split("\n") if "\n" in text else (text,)):
                if li > 0:
                    units.append(FORCED)
                    unit = [[], 0.0, False]
                    units.append(unit)
                    break_pending = False
                if not line_text:
                    continue
                if preserve:
                    line_text = line_text.replace("\t", "        ")
                if not special:  # the common case: words separated by spaces
                    space_w = space_piece[WIDTH]
                    words = line_text.split(" ")
                    if wraps and len(words) > 5:
                        # the words strictly inside the text: one TEXTRUN unit instead of a unit per word
                        middle = words[1:-1]
                        if all(middle):
                            run_widths = []
                            for word in middle:
                                w = widths.get(word)
                                if w is None:
                                    w = widths[word] = m.width(word)
                                run_widths.append(w)
                            head, tail = words[0], words[-1]
                            words = [head]
                            if head:
                                w = widths.get(head)
                                if w is None:
                                    w = widths[head] = m.width(head)
                                p = (WORD, i, w, head, m, raised, 0.0, 0.0, 0.0)
                                if break_pending and unit[CONTENT]:
                                    unit = [[p], w, True]
                                    units.append(unit)
                                else:
                                    unit[PIECES].append(p)
                                    unit[UWIDTH] += w
                                    unit[CONTENT] = True
                            unit[PIECES].append(space_piece)
                            unit[UWIDTH] += space_w
                            units.append((TEXTRUN, i, m, raised, middle, run_widths, space_piece))
                            unit = [[], 0.0, False]
                            units.append(unit)
                            break_pending = False
                            if tail:
                                w = widths.get(tail)
                                if w is None:
                                    w = widths[tail] = m.width(tail)
                                unit[PIECES].append((WORD, i, w, tail, m, raised, 0.0, 0.0, 0.0))
                                unit[UWIDTH] += w
                                unit[CONTENT] = True
                            continue
                    first = True
                    for word in words:
                        if first:
                            first = False
                        else:
                            unit[PIECES].append(space_piece)
                            unit[UWIDTH] += space_w
                            if wraps:
                                break_pending = True
                        if not word:
                            continue
                        w = widths.get(word)
                        if w is None:
                            w = widths[word] = m.width(word)
                        p = (WORD, i, w, word, m, raised, 0.0, 0.0, 0.0)
                        if break_pending and unit[CONTENT]:
                            unit = [[p], w, True]
                            units.append(unit)
                        else:
                            unit[PIECES].append(p)
                            unit[UWIDTH] += w
                            unit[CONTENT] = True
                        break_pending = False
                    continue
                for pi, word in enumerate(line_text.split(" ")):
                    if pi > 0:  # a space precedes this word
                        unit[PIECES].append(space_piece)
                        unit[UWIDTH] += space_piece[WIDTH]
                        if wraps:
                            break_pending = True
                    if not word:
                        continue
                    for ci, chunk in enumerate(split_words(word)):
                        w = widths.get(chunk)
                        if w is None:
                            w = widths[chunk] = m.width(chunk)
                        p = (WORD, i, w, chunk, m, raised, 0.0, 0.0, 0.0)
                        if (break_pending or ci > 0) and unit[CONTENT]:
                            unit = [[p], w, True]
                            units.append(unit)
                        else:
                            unit[PIECES].append(p)
                            unit[UWIDTH] += w
                            unit[CONTENT] = True
                        break_pending = False
            after_space = text.endswith(" ") and not preserve
        elif kind in (OPEN, CLOSE):
            s = ctx.styles[i]
            if kind == OPEN:
                if break_pending and unit[CONTENT]:
                    unit = [[], 0.0, False]
                    units.append(unit)
                    break_pending = False
                w = _edges(s, cw)[0]
                raise_stack.append(raise_stack[-1] + _baseline_shift(ctx, i, s.vertical_align))
            else:
                w = _edges(s, cw)[1]
            unit[PIECES].append((kind, i, w, "", metrics_for(s), raise_stack[-1], 0.0, 0.0, 0.0))
            unit[UWIDTH] += w
            if kind == CLOSE and len(raise_stack) > 1:
                raise_stack.pop()
        elif kind == ATOMIC:
            box = yield _atomic_size(ctx, i, cw, measuring)
            if unit[CONTENT]:
                unit = [[], 0.0, False]
                units.append(unit)
            va = ctx.styles[i].vertical_align
            if va == "text-bottom" and ctx.doc.nodes[i].tag == "textarea":
                va = "baseline"  # measured: Chromium's textarea bottom sits on the baseline
            unit[PIECES].append((ATOMIC, i, box[0], va, None, raise_stack[-1], box[1], box[2], box[3]))
            unit[UWIDTH] += box[0]
            unit[CONTENT] = True
            break_pending = True
            after_space = False
        elif kind == -1:  # <br>
            units.append(FORCED)
            unit = [[], 0.0, False]
            units.append(unit)
            after_space = True
            break_pending = False
        elif kind == FLOAT:
            box = yield _atomic_size(ctx, i, cw, measuring)
            units.append([[(FLOAT, i, box[0], "", None, 0.0, box[1], 0.0, box[3])], 0.0, False])
            unit = [[], 0.0, False]
            units.append(unit)
        else:
            unit[PIECES].append((ABS, i, 0.0, "", None, 0.0, 0.0, 0.0, 0.0))
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
    if align == "justify" and s.direction != "rtl" and s.white_space not in ("pre", "nowrap"):
        pass
    elif align in ("start", "justify", "match-parent", "-webkit-left", "left"):
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
        if floats is not None and floats.any:
            lo, hi = floats.band(oy + y, strut.line_height, ox, ox + cw)
            left, right = lo - ox, hi - ox
        line = Line(y, left, right)
        if first:
            line.pen = indent
        return line

    line = open_line(y, True)
    deferred_floats: list = []
    results: list[tuple[Line, float, float]] = []  # line, height, baseline

    def finish(line: Line) -> None:
        nonlocal y
        height, baseline = _line_metrics(line, strut, ctx.quirks)
        results.append((line, height, baseline))
        lines.append(line)
        y = line.y + height

    def place(p: Piece, line_y: float) -> None:
        block.place_float(ctx, p[NODE], container, p[WIDTH], p[HEIGHT], cx, cy, line_y, cw, floats, ox, oy)

    def place_deferred(line: Line, pending: list) -> list:
        """Floats that did not fit on the previous line go at the top of this one."""
        if pending:
            for p in pending:
                place(p, line.y)
            narrow(line)
        return []

    def narrow(line: Line) -> None:
        if floats is not None and floats.any:
            lo, hi = floats.band(oy + line.y, strut.line_height, ox, ox + cw)
            line.left, line.right = lo - ox, hi - ox

    for unit in units:
        if unit is FORCED:
            line.forced = True
            finish(line)
            line = open_line(y, False)
            continue
        if unit[0] == TEXTRUN:
            _, node, m, raised, words, widths, space_piece = unit
            space_w = space_piece[WIDTH]
            j = 0
            count = len(words)
            while j < count:
                limit = line.right - line.left + 0.01 - line.pen
                seg = widths[j]
                first_word = j
                if seg > limit and line.pieces and _has_content(line):
                    finish(line)
                    line = open_line(y, False)
                    deferred_floats = place_deferred(line, deferred_floats)
                    continue
                j += 1
                while j < count and seg + space_w + widths[j] <= limit:
                    seg += space_w + widths[j]
                    j += 1
                line.xs.append(line.pen)
                line.pieces.append((WORD, node, seg, "", m, raised, float(j - first_word - 1), 0.0, 0.0))
                line.xs.append(line.pen + seg)
                line.pieces.append(space_piece)
                line.pen += seg + space_w
                if j < count:
                    finish(line)
                    line = open_line(y, False)
                    deferred_floats = place_deferred(line, deferred_floats)
            continue
        pieces = unit[PIECES]
        if not pieces:
            continue
        if pieces[0][KIND] == FLOAT:
            p = pieces[0]
            if line.right - line.left - line.pen >= p[WIDTH] or not line.pieces:
                place(p, line.y)
                narrow(line)
            else:
                deferred_floats.append(p)
            continue
        if (
            unit[CONTENT]
            and line.pieces
            and line.pen + unit[UWIDTH] - unit_trail(unit) > line.right - line.left + 0.01
            and _has_content(line)
        ):
            finish(line)
            line = open_line(y, False)
            deferred_floats = place_deferred(line, deferred_floats)
        if floats is not None and floats.any and unit[CONTENT] and not line.pieces:
            # nothing on this line yet and the unit does not fit beside the floats: go down past them
            need = unit[UWIDTH] - unit_trail(unit)
            while line.pen + need > line.right - line.left + 0.01 and (line.left > 0 or line.right < cw):
                edge = floats.next_edge(oy + line.y)
                if edge is None:
                    break
                line.y = edge - oy
                narrow(line)
            y = max(y, line.y)
        pen = line.pen
        xs = line.xs
        for p in pieces:
            xs.append(pen)
            pen += p[WIDTH]
        line.pen = pen
        line.pieces.extend(pieces)
    if line.pieces or not lines:
        finish(line)
    for p in deferred_floats:
        place(p, y)

    total = 0.0
    first_baseline: float | None = None
    last_baseline: float | None = None
    last_line = results[-1][0] if results else None
    for line, height, baseline in results:
        line_align = align
        if align == "justify" and (line.forced or line is last_line):
            line_align = "left"  # the last line of a paragraph and lines ended by <br> are not justified
        if height <= 0:
            # an empty line (only collapsed spaces / empty inline boxes): no height, but place its boxes
            _place_line(ctx, container, line, strut, cx, cy, line.y, line.y, line_align, empty=True)
            continue
        _place_line(ctx, container, line, strut, cx, cy, line.y, line.y + baseline, line_align, height)
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
    va = p[TEXT]
    base = p[BASELINE]
    if va == "baseline":
        return base
    if va == "middle":
        return (p[HEIGHT] + strut.x_height) / 2
    if va == "text-bottom":
        return p[HEIGHT] - strut.descent
    if va == "text-top":
        return strut.ascent
    if va == "sub":
        return base - (strut.size / 5 + 1)
    if va == "super":
        return base + strut.size / 3 + 1
    for unit, scale in (("px", 1.0), ("em", strut.size)):
        if va.endswith(unit):
            try:
                return base + float(va[: -len(unit)]) * scale
            except ValueError:
                return base
    return base


def _has_content(line: Line) -> bool:
    for p in line.pieces:
        k = p[KIND]
        if k in (WORD, ATOMIC):
            return True
        if (k in (OPEN, CLOSE)) and p[WIDTH] > 0:
            return True
    return False


def _line_metrics(line: Line, strut: FontMetrics, quirks: bool) -> tuple[float, float]:
    """(height, baseline from line top) of a line box; (0, 0) when the line is empty. In quirks mode
    the strut only counts on lines with text (a line of images is as tall as the images)."""
    if not line.forced and not _has_content(line):
        return 0.0, 0.0
    if quirks and not line.forced and not any(p[KIND] == WORD for p in line.pieces):
        above = below = 0.0
    else:
        above, below = strut.split
    tops: list[float] = []
    bottoms: list[float] = []
    seen_m = None
    seen_raised = 0.0
    for p in line.pieces:
        k = p[KIND]
        if k == WORD or (k == OPEN and not quirks):
            m = p[METRICS]
            if m is seen_m and p[RAISED] == seen_raised:
                continue
            seen_m, seen_raised = m, p[RAISED]
            a, b = m.split
            a, b = a - seen_raised, b + seen_raised
            if a > above:
                above = a
            if b > below:
                below = b
        elif k == ATOMIC:
            va = p[TEXT]
            if va == "top":
                tops.append(p[HEIGHT])
            elif va == "bottom":
                bottoms.append(p[HEIGHT])
            else:
                a = _atomic_ascent(p, strut)
                b = p[HEIGHT] - a
                if a > above:
                    above = a
                if b > below:
                    below = b
    height = above + below
    for h in tops:
        if h > height:
            below += h - height
            height = h
    for h in bottoms:
        if h > height:
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
    empty: bool = False,
) -> None:
    pieces = line.pieces
    xs = line.xs
    # content width: drop hanging trailing spaces
    end = line.pen
    for k in range(len(pieces) - 1, -1, -1):
        kind = pieces[k][KIND]
        if kind == SPACE:
            end = xs[k]
        elif kind in (CLOSE, ABS) or (kind == OPEN and pieces[k][WIDTH] == 0):
            continue
        else:
            break
    avail = line.right - line.left
    shift = line.left
    gap = 0.0  # extra width per space when justifying
    if align == "justify" and avail > end:
        spaces = 0.0
        for k, p in enumerate(pieces):
            if xs[k] >= end:
                break
            if p[KIND] == SPACE:
                spaces += 1
            elif p[KIND] == WORD:
                spaces += p[INNER_SPACES]
        if spaces:
            gap = (avail - end) / spaces
    if align == "center":
        shift += max(0.0, (avail - end) / 2)
    elif align == "right":
        shift += max(0.0, avail - end)
    ox = cx + shift
    rel = ctx.rel
    styles = ctx.styles
    open_at: dict[int, float] = {}
    text_node = -1  # consecutive words of one text node are united once
    tx0 = tx1 = ty0 = ty1 = 0.0
    stretch = 0.0  # justification added so far
    for k, p in enumerate(pieces):
        kind = p[KIND]
        x = ox + xs[k] + stretch
        if kind == WORD:
            width = p[WIDTH]
            if gap and p[INNER_SPACES]:
                width += gap * p[INNER_SPACES]
                stretch += gap * p[INNER_SPACES]
            if p[NODE] == text_node:
                tx1 = x + width
                continue
            if text_node >= 0:
                _union(ctx, text_node, container, tx0, ty0, tx1, ty1)
            m = p[METRICS]
            base = cy + baseline + p[RAISED]
            text_node, tx0, tx1, ty0, ty1 = p[NODE], x, x + width, base - m.ascent, base + m.descent
            continue
        if kind == SPACE:
            if gap and xs[k] < end:
                stretch += gap
            continue
        if text_node >= 0:
            _union(ctx, text_node, container, tx0, ty0, tx1, ty1)
            text_node = -1
        node = p[NODE]
        if kind == OPEN:
            s = styles[node]
            if xs[k] >= end:  # an inline box opening after the hanging trailing space starts at the text's end
                x = ox + end
            open_at[node] = x + _edges(s, 0.0)[2]
            metrics = None if empty else p[METRICS]
            _inline_box(ctx, node, container, open_at[node], x + p[WIDTH], metrics, cy + baseline + p[RAISED])
        elif kind == CLOSE:
            s = styles[node]
            start = open_at.pop(node, ox)
            if xs[k] >= end:  # after the hanging trailing space: the box ends with the text
                x = ox + end - p[WIDTH]
                end += p[WIDTH]
            x1 = x + p[WIDTH] - _edges(s, 0.0)[3]
            _inline_box(ctx, node, container, start, x1, None if empty else p[METRICS], cy + baseline + p[RAISED])
        elif kind == ATOMIC:
            s = styles[node]
            va = p[TEXT]
            if va == "top":
                y = cy + top
            elif va == "bottom":
                y = cy + top + height - p[HEIGHT]
            else:
                y = cy + baseline - _atomic_ascent(p, strut)
            r = rel[node]
            if r is not None:
                r[0] = x + px(s.margin_left, 0.0)
                r[1] = y + px(s.margin_top, 0.0)
                ctx.anchor[node] = container
        elif kind == ABS:
            ctx.positioned.append((node, container, x, cy + top))
    if text_node >= 0:
        _union(ctx, text_node, container, tx0, ty0, tx1, ty1)
    # inline boxes continuing onto the next line: their fragment ends at the line's end
    for node, start in open_at.items():
        _inline_box(ctx, node, container, start, ox + end, None if empty else metrics_for(styles[node]), cy + baseline)


_EDGES: dict[int, tuple] = {}


def _edges(s, cw: float) -> tuple[float, float, float, float, float, float]:
    """An inline box's (left edge, right edge, margin-left, margin-right, top extra, bottom extra):
    edges are margin + border + padding; extras are border + padding above/below the content area.
    Memoised per style object when no percentage is involved."""
    hit = _EDGES.get(id(s))
    if hit is not None and hit[0] is s:
        return hit[1]
    lengths = (s.margin_left, s.margin_right, s.padding_left, s.padding_right, s.padding_top, s.padding_bottom)
    ml, mr, pl, pr, pt, pb = (px(v, cw) for v in lengths)
    out = (ml + s.border_left_width + pl, mr + s.border_right_width + pr, ml, mr,
           s.border_top_width + pt, s.border_bottom_width + pb)
    if not any(v is not None and v[1] for v in lengths):
        if len(_EDGES) > 50_000:
            _EDGES.clear()
        _EDGES[id(s)] = (s, out)
    return out


def _inline_box(
    ctx: LayoutContext, node: int, container: int, x0: float, x1: float, m: FontMetrics | None, baseline: float
) -> None:
    """Add a fragment of inline box `node`; m None: a fragment on an empty line (no height at all)."""
    if m is None:
        _union(ctx, node, container, x0, baseline, max(x0, x1), baseline)
        return
    s = ctx.styles[node]
    edges = _edges(s, 0.0)
    top = baseline - m.ascent - edges[4]
    bottom = baseline + m.descent + edges[5]
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
