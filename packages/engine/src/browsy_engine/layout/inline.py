"""The inline formatting context: text and inline-level boxes share line boxes.

`inline_run` lays out a run of inline-level children of a block container: it flattens them into
pieces (words, hanging spaces, inline-box start/end edges, atomic inlines, forced breaks, floats),
groups pieces into unbreakable units, fills line boxes greedily at the available width (narrowed by
floats), aligns each line vertically (baseline, line-height with floored half-leading, as Chromium)
and horizontally (text-align), and records every box relative to the container.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import block  # circular: floats are placed by the block layout (attributes used at call time)
from .context import LayoutContext
from .geometry import ContentBox, px
from .lines import has_content, line_metrics, place_line
from .pieces import (
    ATOMIC,
    CLOSE,
    CONTENT,
    FLOAT,
    FORCED,
    HEIGHT,
    KIND,
    NODE,
    OPEN,
    PIECES,
    SPACE,
    TEXTRUN,
    UWIDTH,
    WIDTH,
    WORD,
    Line,
    Piece,
    unit_trail,
)
from .text import metrics_for
from .units import PRESERVING, build_units, has_inline_content

__all__ = ["InlineResult", "build_units", "has_inline_content", "inline_run"]


def _without_leading_spaces(ctx: LayoutContext, pieces: list) -> list:
    """A unit starting a line (after a wrap): its collapsible spaces before any content are removed, as
    CSS Text 3 §4.1.2 removes spaces at the beginning of a line (the edges of inline boxes do not count as
    content; preserved spaces stay)."""
    out = None
    for k, p in enumerate(pieces):
        kind = p[KIND]
        if kind == SPACE:
            if ctx.styles[ctx.nodes[p[NODE]].parent].white_space in PRESERVING:
                break
            if out is None:
                out = list(pieces)
            out[k] = (SPACE, p[NODE], 0.0, *p[3:])
        elif not (kind in (OPEN, CLOSE) and p[WIDTH] == 0):
            break
    return pieces if out is None else out


@dataclass(slots=True)
class InlineResult:
    height: float
    last_baseline: float | None  # from the top of the content box
    first_baseline: float | None


def inline_run(
    ctx: LayoutContext,
    container: int,
    nodes: list[int],
    cw: float,
    at: ContentBox,
    y0: float,
    marker: float = 0.0,
    marker_line: bool = False,
):
    """Generator task: lay out a run at content-box y0; returns InlineResult (height from y0).
    `marker`: width of an inside list marker that starts the first line. `marker_line`: the run starts
    a list item with a marker, so its first line is never empty (the marker sits on it): it gets the
    strut's height even when it holds only collapsed spaces and empty inline boxes. `at`: the
    container's content box (its origin, and the float area beside the lines)."""
    cx, cy, floats, ox, oy = at.cx, at.cy, at.floats, at.ox, at.oy
    s = ctx.styles[container]
    strut = metrics_for(s)
    units = yield from build_units(ctx, container, nodes, cw)
    indent = px(s.text_indent, cw) + marker
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
        height, baseline = line_metrics(line, strut, ctx.line_quirk)
        if height <= 0 and marker_line and not results:
            above, below = strut.leading_split()
            height, baseline = above + below, above
        results.append((line, height, baseline))
        lines.append(line)
        y = line.y + height

    def place(p: Piece, line_y: float) -> None:
        block.place_float(ctx, p[NODE], container, p[WIDTH], p[HEIGHT], line_y, cw, at)

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
        if unit[0] is TEXTRUN:
            _, node, m, raised, words, widths, space_piece = unit
            space_w = space_piece[WIDTH]
            j = 0
            count = len(words)
            while j < count:
                limit = line.right - line.left + 0.01 - line.pen
                seg = widths[j]
                first_word = j
                if seg > limit and line.pieces and has_content(line):
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
            and has_content(line)
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
        if not has_content(line):
            pieces = _without_leading_spaces(ctx, pieces)
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
    carried: dict[int, Piece] = {}  # inline boxes open at the start of the next line
    for line, height, baseline in results:
        line_align = align
        if align == "justify" and (line.forced or line is last_line):
            line_align = "left"  # the last line of a paragraph and lines ended by <br> are not justified
        if height <= 0 and not any(p[KIND] == ATOMIC for p in line.pieces):
            # an empty line (only collapsed spaces / empty inline boxes): no height, but place its boxes
            place_line(
                ctx, container, line, strut, cx, cy, line.y, line.y, line_align, empty=True, carried=carried
            )
            continue
        # (a line holding only a 0-height image, under the line height quirk, is 0px tall but still a line:
        # its block is no empty box for margin collapsing)
        place_line(
            ctx,
            container,
            line,
            strut,
            cx,
            cy,
            line.y,
            line.y + baseline,
            line_align,
            height,
            carried=carried,
        )
        if first_baseline is None:
            first_baseline = line.y + baseline
        last_baseline = line.y + baseline
        total = line.y + height - y0
    return InlineResult(total if total > 0.0 else 0.0, last_baseline, first_baseline)


def _quirks_table_align(ctx: LayoutContext, container: int, align: str) -> str:
    """Quirks mode resets text-align on tables (quirks.css): an alignment inherited from outside the
    nearest table does not apply inside it."""
    nodes = ctx.nodes
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
