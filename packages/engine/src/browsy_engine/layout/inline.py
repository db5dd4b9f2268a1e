"""The inline formatting context: text and inline-level boxes share line boxes.

`inline_run` lays out a run of inline-level children of a block container: it flattens them into
pieces (words, hanging spaces, inline-box start/end edges, atomic inlines, forced breaks, floats),
groups pieces into unbreakable units, fills line boxes greedily at the available width (narrowed by
floats), aligns each line vertically (baseline, line-height with floored half-leading, as Chromium)
and horizontally (text-align), and records every box relative to the container.
"""

from __future__ import annotations

from ..css.style import ComputedStyle
from . import block  # circular: floats are placed by the block layout (attributes used at call time)
from .clamp import count_line
from .context import LayoutContext
from .geometry import ContentBox, px
from .lines import has_content, line_metrics, place_line
from .pieces import (
    ATOMIC,
    BREAK,
    CLOSE,
    CONTENT,
    FLOAT,
    FORCED,
    HEIGHT,
    KIND,
    METRICS,
    NODE,
    OPEN,
    PIECES,
    RAISED,
    SPACE,
    TEXT,
    TEXTRUN,
    UWIDTH,
    WIDTH,
    WORD,
    Line,
    Piece,
    lone_word,
    soft_hyphen_width,
    unit_trail,
)
from .text import FontMetrics, metrics_for
from .units import PRESERVING, breaks_all, breaks_anywhere, build_units, has_inline_content, text_units

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


class InlineResult:
    """A laid-out run's height and baselines (a plain class for mypyc: see block.FlowOut)."""

    __slots__ = ("height", "last_baseline", "first_baseline")

    def __init__(self, height: float, last_baseline: float | None, first_baseline: float | None) -> None:
        self.height = height
        self.last_baseline = last_baseline  # from the top of the content box
        self.first_baseline = first_baseline


def inline_run(
    ctx: LayoutContext,
    container: int,
    nodes: list[int],
    cw: float,
    at: ContentBox,
    y0: float,
    marker: float = 0.0,
    marker_line: bool = False,
    line_quirk: bool | None = None,
    marker_text: bool = False,
):
    """Generator task: lay out a run at content-box y0; returns InlineResult (height from y0).
    `marker`: width of an inside list marker that starts the first line. `marker_line`: the run starts
    a list item with a marker, so its first line is never empty (the marker sits on it): it gets the
    strut's height even when it holds only collapsed spaces and empty inline boxes. `at`: the
    container's content box (its origin, and the float area beside the lines). `line_quirk`: whether
    the line height quirk applies to these lines (None: as the document's mode says); `marker_text`: the
    first line holds an outside list marker, whose ascent then counts (see line_metrics)."""
    units = yield from build_units(ctx, container, nodes, cw)
    return _lay_out_lines(ctx, container, units, cw, at, y0, marker, marker_line, line_quirk, marker_text)


def inline_text_run(
    ctx: LayoutContext,
    container: int,
    nodes: list[int],
    cw: float,
    at: ContentBox,
    y0: float,
    marker: float,
    marker_line: bool,
    line_quirk: bool | None,
    marker_text: bool,
) -> InlineResult:
    """inline_run for a run of text nodes alone (no inline box split around blocks among their parents):
    nothing in it is sized, so a plain call (text_units) rather than a generator task."""
    units = text_units(ctx, container, nodes, cw)
    return _lay_out_lines(ctx, container, units, cw, at, y0, marker, marker_line, line_quirk, marker_text)


def _lay_out_lines(
    ctx: LayoutContext,
    container: int,
    units: list,
    cw: float,
    at: ContentBox,
    y0: float,
    marker: float,
    marker_line: bool,
    line_quirk: bool | None,
    marker_text: bool,
) -> InlineResult:
    """inline_run's lines: the units filled into line boxes, which are then placed and aligned."""
    s = ctx.styles[container]
    strut = metrics_for(s)
    lines = _Lines(ctx, container, cw, at, y0, strut, px(s.text_indent, cw) + marker, marker_line)
    if line_quirk is not None:
        lines.quirk = line_quirk
    lines.marker_text = marker_text
    align = _text_align(ctx, container, s)
    lines.fill(units)
    return _place_lines(ctx, container, lines.done, strut, at, y0, align, cw)


def _text_align(ctx: LayoutContext, container: int, s: ComputedStyle) -> str:
    """The alignment of the container's lines: left, right, center or justify (text-align, resolved
    for the direction, the -webkit- values and the quirks mode's tables)."""
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
    return align


class _Lines:
    """The line boxes of a run being filled greedily with its units (inline_run): the line being
    filled, the finished ones with their (height, baseline), the y where the next one starts, and the
    floats met on a line too full for them, placed at the top of the next."""

    __slots__ = (
        "ctx",
        "container",
        "cw",
        "at",
        "strut",
        "marker_line",
        "quirk",
        "marker_text",
        "y",
        "line",
        "done",
        "deferred",
    )

    def __init__(
        self,
        ctx: LayoutContext,
        container: int,
        cw: float,
        at: ContentBox,
        y0: float,
        strut: FontMetrics,
        indent: float,
        marker_line: bool,
    ) -> None:
        self.ctx = ctx
        self.container = container
        self.cw = cw
        self.at = at
        self.strut = strut
        self.marker_line = marker_line
        self.quirk = ctx.line_quirk
        self.marker_text = False
        self.y = y0
        self.done: list[tuple[Line, float, float]] = []  # line, height, baseline
        self.deferred: list[Piece] = []
        self.line = self._open()
        self.line.pen = indent

    def _open(self) -> Line:
        """A new line box at y, as wide as the floats beside it leave free; it becomes the current line."""
        at, cw = self.at, self.cw
        left, right = 0.0, cw
        floats = at.floats
        if floats is not None and floats.any:
            lo, hi = floats.band(at.oy + self.y, self.strut.line_height, at.ox, at.ox + cw)
            left, right = lo - at.ox, hi - at.ox
        line = self.line = Line(self.y, left, right)
        return line

    def _finish(self) -> None:
        """End the current line: its height and baseline (line_metrics); the next line starts below it."""
        line = self.line
        ctx = self.ctx
        marker = self.marker_text and not self.done
        height, baseline = line_metrics(line, self.strut, self.quirk, ctx.nodes, self.container, marker)
        if height <= 0 and self.marker_line and not self.done:
            above, below = self.strut.leading_split()
            height, baseline = above + below, above
        self.done.append((line, height, baseline))
        self.y = line.y + height

    def _wrap(self) -> Line:
        """Break the line at a break opportunity: the next line, with the floats that did not fit on the
        line before at its top."""
        self._finish()
        line = self._open()
        if self.deferred:
            for p in self.deferred:
                self._place_float(p, line.y)
            self._narrow(line)
        self.deferred = []
        return line

    def _place_float(self, p: Piece, line_y: float) -> None:
        block.place_float(self.ctx, p[NODE], self.container, p[WIDTH], p[HEIGHT], line_y, self.cw, self.at)

    def _narrow(self, line: Line, height: float = 0.0) -> None:
        """The line's band left free by the floats, after a float was placed or the line moved down; the
        band is as tall as the strut's line, or `height` when more."""
        at = self.at
        floats = at.floats
        if floats is not None and floats.any:
            h = max(height, self.strut.line_height)
            lo, hi = floats.band(at.oy + line.y, h, at.ox, at.ox + self.cw)
            line.left, line.right = lo - at.ox, hi - at.ox

    def fill(self, units: list) -> None:
        """Fill lines with the units in order: a unit goes on the current line if it fits (its trailing
        space hangs), else on the next; forced breaks end lines; floats go beside the line they come on
        when they fit, else at the top of the next. The last line is finished and left floats placed."""
        ctx, floats = self.ctx, self.at.floats
        line = self.line
        filled = None  # the current line once has_content(line) held (pieces are only ever added to it)
        for unit in units:
            if unit is FORCED:
                line.forced = True
                self._finish()
                line = self._open()
                continue
            if unit[0] is TEXTRUN:
                line = self._text_run(unit)
                continue
            if unit[0] is BREAK:
                line.forced = True
                line.brk = unit
                self._finish()
                line = self._open()
                continue
            # typed locals: mypyc then reads the unit's fields and the pieces' kinds and widths natively
            unit_list: list = unit
            pieces: list[Piece] = unit_list[PIECES]
            if not pieces:
                continue
            first = pieces[0]
            first_kind: int = first[KIND]
            if first_kind == FLOAT:
                if line.right - line.left - line.pen >= first[WIDTH] or not line.pieces:
                    self._place_float(first, line.y)
                    self._narrow(line)
                else:
                    self.deferred.append(first)
                continue
            content: bool = unit_list[CONTENT]
            unit_width: float = unit_list[UWIDTH]
            if content and line.pieces:
                # unit_trail(unit), without the call when the unit ends with a space, a word or an atomic
                last = pieces[-1]
                kind: int = last[KIND]
                trail: float
                if kind == SPACE:
                    trail = last[WIDTH]
                elif kind == WORD:
                    trail = -soft_hyphen_width(last)
                elif kind == ATOMIC:
                    trail = 0.0
                else:
                    trail = unit_trail(unit)
                if line.pen + unit_width - trail > line.right - line.left + 0.01 and (
                    line is filled or has_content(line)
                ):
                    word = self._word_breaking_all(pieces, line)
                    if word >= 0:  # word-break: break-all: it fills this line, cut where it ends
                        line = filled = self._put_breaking_unit(pieces, word, line)
                        continue
                    line = self._wrap()
            if (
                floats is not None
                and floats.any
                and content
                and not line.pieces
                and not self._breaks_beside(unit)
            ):
                self._below_floats(line, unit)
            if line is not filled:
                if line.pieces and has_content(line):  # (an empty line has no content: no call)
                    filled = line
                elif first_kind != WORD:  # (a unit starting with a word has no leading space)
                    pieces = _without_leading_spaces(ctx, pieces)
            if content and line.pen + unit_width > line.right - line.left + 0.01:
                word = self._lone_breaking_word(pieces)  # (its trailing space hangs: not part of the fit)
                if word >= 0 and line.pen + unit_width - unit_trail(unit) > line.right - line.left + 0.01:
                    line = filled = self._put_breaking_unit(pieces, word, line)
                    continue
            pen = line.pen
            xs = line.xs
            for p in pieces:
                xs.append(pen)
                width: float = p[WIDTH]
                pen += width
            line.pen = pen
            line.pieces.extend(pieces)
        if line.pieces or not self.done:
            self._finish()
        for p in self.deferred:
            self._place_float(p, self.y)

    def _style_of(self, p: Piece) -> ComputedStyle:
        """The style of the text of word piece p (its text node's parent's)."""
        ctx = self.ctx
        return ctx.styles[ctx.nodes[p[NODE]].parent]

    def _breaks_here(self, line: Line, p: Piece, room: float) -> bool:
        """Whether word piece p, too wide for the room on its line, may be cut there: on a line as wide as
        the container, or beside floats when its first character fits (see _breaks_beside)."""
        return (line.left <= 0 and line.right >= self.cw) or _first_fits(p, room)

    def _breaks_beside(self, unit: list) -> bool:
        """Whether a unit that starts a line beside floats is a word that breaks anywhere, too wide for the
        room they leave, of which a first character fits there: it breaks on this line (Chromium's line
        breaker cuts it in that layout opportunity; one that fits no character moves down past them)."""
        word = self._lone_breaking_word(unit[PIECES])
        if word < 0:
            return False
        line = self.line
        room = line.right - line.left - line.pen
        return unit[UWIDTH] - unit_trail(unit) > room + 0.01 and _first_fits(unit[PIECES][word], room)

    def _lone_breaking_word(self, pieces: list[Piece]) -> int:
        """The index of the unit's only word when it may break anywhere (lone_word, breaks_anywhere),
        else -1."""
        word = lone_word(pieces)
        return word if word >= 0 and breaks_anywhere(self._style_of(pieces[word])) else -1

    def _word_breaking_all(self, pieces: list[Piece], line: Line) -> int:
        """The index of a unit's only word when it does not fit in the room left on `line`, which holds
        content, and is cut at the line's end (breaks_all, and a first character fits), else -1."""
        word = lone_word(pieces)
        if word < 0:
            return -1
        room = line.right - line.left - line.pen
        p = pieces[word]
        return word if breaks_all(self._style_of(p)) and _first_fits(p, room) else -1

    def _put_breaking_unit(self, pieces: list[Piece], word: int, line: Line) -> Line:
        """Put a unit that does not fit on the line it starts, whose only word (`pieces[word]`) may
        break anywhere: the pieces in order, the word cut where lines end. Returns the current line."""
        for k, p in enumerate(pieces):
            if k == word:
                line = self._put_breaking(p, line)
            else:
                _append(line, p)
        return line

    def _put_breaking(self, p: Piece, line: Line) -> Line:
        """Put word piece p from the line's pen, cut between characters where lines end: each line
        takes the longest part that fits (at least one character), the rest starts the next (CSS Text 3
        §5.5, overflow-wrap: an unbreakable word otherwise overflows its line). Returns the line it
        ends on."""
        text: str = p[TEXT]
        m: FontMetrics = p[METRICS]
        start = 0
        while True:
            room = line.right - line.left - line.pen
            end = _fitting_end(m, text, start, room)
            part = text[start:end]
            _append(line, (WORD, p[NODE], m.width(part), part, m, p[RAISED], 0.0, 0.0, 0.0))
            if end >= len(text):
                return line
            line = self._wrap()
            start = end

    def _below_floats(self, line: Line, unit: list) -> None:
        """Nothing is on the line yet and the unit does not fit beside the floats: move the line down
        past them until it fits or no float is beside it. A line starting with an atomic inline taller
        than the strut's line fits only where the floats leave room all along its height (LayoutNG
        moves a line that does not fit its layout opportunity's block size to the next opportunity)."""
        at, cw = self.at, self.cw
        floats = at.floats
        assert floats is not None
        need = unit[UWIDTH] - unit_trail(unit)
        tall = max((p[HEIGHT] for p in unit[PIECES] if p[KIND] == ATOMIC), default=0.0)
        if tall > self.strut.line_height:
            self._narrow(line, tall)
        while line.pen + need > line.right - line.left + 0.01 and (line.left > 0 or line.right < cw):
            edge = floats.next_edge(at.oy + line.y)
            if edge is None:
                break
            line.y = edge - at.oy
            self._narrow(line, tall)
        self.y = max(self.y, line.y)

    def _text_run(self, unit: tuple) -> Line:
        """A TEXTRUN unit: its words, each with the space after it, fill the current line and as many
        next ones as they need, a line's words as one WORD piece (INNER_SPACES: the spaces inside).
        Returns the current line."""
        _, node, m, raised, words, _, space_piece = unit
        widths: list[float] = unit[5]  # (typed: the sums below are native)
        space_w: float = space_piece[WIDTH]
        line = self.line
        j = 0
        count = len(words)
        style: ComputedStyle | None = None  # the style of the run's text, once a word overflows a line
        while j < count:
            limit = line.right - line.left + 0.01 - line.pen
            seg = widths[j]
            first_word = j
            if seg > limit and line.pieces and has_content(line):
                if style is None:
                    style = self._style_of(space_piece)
                if breaks_all(style):  # word-break: break-all: cut where this line ends
                    word_piece = (WORD, node, seg, words[j], m, raised, 0.0, 0.0, 0.0)
                    if _first_fits(word_piece, limit):
                        line = self._put_breaking(word_piece, line)
                        _append(line, space_piece)
                        j += 1
                        continue
                line = self._wrap()
                continue
            j += 1
            if seg > limit:  # a word wider than the line, alone on it
                if style is None:
                    style = self._style_of(space_piece)
                if breaks_anywhere(style):
                    word_piece = (WORD, node, seg, words[first_word], m, raised, 0.0, 0.0, 0.0)
                    if self._breaks_here(line, word_piece, limit):
                        line = self._put_breaking(word_piece, line)
                        _append(line, space_piece)
                        continue
            while j < count and seg + space_w + widths[j] <= limit:
                seg += space_w + widths[j]
                j += 1
            line.xs.append(line.pen)
            line.pieces.append((WORD, node, seg, "", m, raised, float(j - first_word - 1), 0.0, 0.0))
            line.xs.append(line.pen + seg)
            line.pieces.append(space_piece)
            line.pen += seg + space_w
            if j < count:
                line = self._wrap()
        return line


def _first_fits(p: Piece, room: float) -> bool:
    """Whether the first character of word piece p fits in `room`."""
    text: str = p[TEXT]
    m: FontMetrics = p[METRICS]
    return bool(text) and m.width(text[0]) <= room + 0.01


def _fitting_end(m: FontMetrics, text: str, start: int, room: float) -> int:
    """The end of the longest part of `text` from `start` that is no wider than `room` (at least one
    character): a binary search over its widths."""
    lo, hi = start + 1, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if m.width(text[start:mid]) <= room + 0.01:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _append(line: Line, p: Piece) -> None:
    """Put piece p at the line's pen."""
    width: float = p[WIDTH]
    line.xs.append(line.pen)
    line.pieces.append(p)
    line.pen += width


def _place_lines(
    ctx: LayoutContext,
    container: int,
    done: list[tuple[Line, float, float]],
    strut: FontMetrics,
    at: ContentBox,
    y0: float,
    align: str,
    cw: float,
) -> InlineResult:
    """Place the pieces of the finished lines (place_line), aligned; the run's height from y0 and its
    first and last baselines. `cw`: the container's content width (atomic inlines' percentage margins)."""
    cx, cy = at.cx, at.cy
    total = 0.0
    first_baseline: float | None = None
    last_baseline: float | None = None
    last_line = done[-1][0] if done else None
    carried: dict[int, Piece] = {}  # inline boxes open at the start of the next line
    for line, height, baseline in done:
        line_align = align
        if align == "justify" and (line.forced or line is last_line):
            line_align = "left"  # the last line of a paragraph and lines ended by <br> are not justified
        if height <= 0 and not any(p[KIND] == ATOMIC for p in line.pieces):
            # an empty line (only collapsed spaces / empty inline boxes): no height, but place its boxes
            place_line(
                ctx,
                container,
                line,
                strut,
                cx,
                cy,
                line.y,
                line.y,
                line_align,
                empty=True,
                carried=carried,
                cw=cw,
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
            cw=cw,
        )
        if ctx.line_log is not None:  # inside a multi-column container: lines it may cut between
            ctx.line_log.append((container, cy + line.y, height))
        if ctx.line_clamp is not None:  # inside a -webkit-line-clamp box
            count_line(ctx.line_clamp, container, line.y + height)
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
