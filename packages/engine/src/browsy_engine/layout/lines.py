"""Line boxes: vertical metrics (baseline, strut, half-leading, vertical-align of atomics) and the
placement of a finished line's pieces — text fragments, inline-box fragments (united into the box
getBoundingClientRect() reports), atomic inlines — with text-align and justification."""

from __future__ import annotations

from typing import Final

from ..css.style import ComputedStyle
from .context import LayoutContext
from .geometry import px
from .pieces import (
    ABS,
    ATOMIC,
    BASELINE,
    CLOSE,
    HEIGHT,
    INNER_SPACES,
    KIND,
    METRICS,
    NODE,
    OPEN,
    RAISED,
    SPACE,
    TEXT,
    WIDTH,
    WORD,
    Line,
    Piece,
)
from .text import FontMetrics, StyleMemo


def _atomic_ascent(p: Piece, strut: FontMetrics) -> float:
    """How far an atomic inline's margin box reaches above the baseline, by its vertical-align."""
    va = p[TEXT]
    base = p[BASELINE]
    if va == "baseline":
        return base
    if va == "middle":
        return (p[HEIGHT] + strut.x_height) / 2
    if va == "-webkit-baseline-middle":  # its vertical middle on the baseline
        return p[HEIGHT] / 2
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


def has_content(line: Line) -> bool:
    for p in line.pieces:
        k: int = p[KIND]
        if k in (WORD, ATOMIC):
            return True
        if k in (OPEN, CLOSE):
            width: float = p[WIDTH]
            if width > 0:
                return True
    return False


def line_metrics(
    line: Line,
    strut: FontMetrics,
    quirks: bool,
    nodes: list | None = None,
    root: int = -1,
    marker: bool = False,
) -> tuple[float, float]:
    """(height, baseline from line top) of a line box; (0, 0) when the line is empty. Under the line
    height quirk (quirks and limited-quirks modes) the strut only counts on lines with text of the root
    inline box itself, the block `root` (a line of images is as tall as the images, a paragraph holding
    only a <code> as tall as the code's text), and on lines ended by a <br> that hold nothing else
    (`<br><br>` keeps its empty line; `<img><br>` is as tall as the image, `<code>a<br>b</code>` as
    its text). `marker`: the line holds an outside list marker in the container's font; under the quirk
    its ascent still reaches above the baseline (the line grows when the marker is taller above it than the
    contents), its descent does not count (measured: layout_fixtures/quirks_list_item_lines). A <br> inside
    an inline box counts for that box rather than the block: see _break_metrics."""
    if not line.forced and not has_content(line):
        return 0.0, 0.0
    # under the quirk, the spaces before index `inner_end` count as text (see _inner_spaces_end)
    inner_end = _inner_spaces_end(line) if quirks else 0
    in_box = quirks and nodes is not None and line.brk is not None and line.brk[1] != root
    if (
        quirks
        and not _root_text(line, nodes, root)
        and not _root_space(line, inner_end, nodes, root)
        and not (line.forced and not in_box and not _text_or_atomic(line))
    ):
        above = below = 0.0  # (a line ended by <br> gets the strut only when it holds nothing else)
    else:
        above, below = strut.split
    ends: list[Piece] | None = None  # atomic inlines aligned top or bottom (rare: a list made when met)
    seen_m: FontMetrics | None = None
    seen_raised = 0.0
    for index, p in enumerate(line.pieces):
        k: int = p[KIND]
        if k == WORD or (k == OPEN and not quirks) or (k == SPACE and index < inner_end and _kept_space(p)):
            m: FontMetrics = p[METRICS]
            raised: float = p[RAISED]
            if m is seen_m and raised == seen_raised:
                continue
            seen_m, seen_raised = m, raised
            a, b = m.split
            a, b = a - seen_raised, b + seen_raised
            if a > above:
                above = a
            if b > below:
                below = b
        elif k == ATOMIC:
            va = p[TEXT]
            if va == "top" or va == "bottom":
                if ends is None:
                    ends = []
                ends.append(p)
            else:
                a = _atomic_ascent(p, strut)
                b = p[HEIGHT] - a
                if a > above:
                    above = a
                if b > below:
                    below = b
    if in_box and nodes is not None:
        a, b = _break_metrics(line, inner_end, nodes, root)
        if a > above:
            above = a
        if b > below:
            below = b
    if marker and quirks and strut.split[0] > above:
        above = strut.split[0]
    height = above + below
    if ends is not None:
        return _line_ends(ends, height, above, below)
    return height, above


def _line_ends(ends: list[Piece], height: float, above: float, below: float) -> tuple[float, float]:
    """line_metrics's (height, baseline) with the atomic inlines aligned top, then those aligned bottom:
    one taller than the line grows it downwards (top) or upwards (bottom)."""
    for p in ends:
        h: float = p[HEIGHT]
        if p[TEXT] == "top" and h > height:
            below += h - height
            height = h
    for p in ends:
        h = p[HEIGHT]
        if p[TEXT] == "bottom" and h > height:
            above += h - height
            height = h
    return height, above


def _break_metrics(line: Line, inner_end: int, nodes: list, root: int) -> tuple[float, float]:
    """(above, below) the baseline that the <br> ending the line gives it under the line height quirk:
    the text metrics of the inline box the <br> is in, unless text or an atomic inline in that box (or
    in a box inside it) gave the box metrics on the line already — Chromium makes a forced break ensure
    its box's text metrics. `<font size=2><br>` alone is a line of the small font, not of the block's
    strut; `<font><img><br></font>` is as tall as the image (measured:
    layout_fixtures/quirks_break_box_metrics)."""
    brk = line.brk
    assert brk is not None
    box: int = brk[1]
    for index, p in enumerate(line.pieces):
        k: int = p[KIND]
        if k in (WORD, ATOMIC) or (index < inner_end and _kept_space(p)):
            n: int = p[NODE]
            while n != box and n != root and n >= 0:
                n = nodes[n].parent
            if n == box:
                return 0.0, 0.0
    m: FontMetrics = brk[2]
    raised: float = brk[3]
    a, b = m.split
    return a - raised, b + raised


def _inner_spaces_end(line: Line) -> int:
    """The index of the line's last word or atomic inline (0 when it has none): the spaces before it with
    a width are those the line keeps between its contents (a space removed at the line's start has no
    width, one at its end hangs). Under the line height quirk such a space is text like a word: `<img>
    <img>` gets the strut, `<img>` alone does not (measured: layout_fixtures/quirks_space_between_images)."""
    pieces = line.pieces
    last = len(pieces) - 1
    while last >= 0:
        k: int = pieces[last][KIND]
        if k in (WORD, ATOMIC):
            return last
        last -= 1
    return 0


def _kept_space(p: Piece) -> bool:
    """Whether piece p, before a line's inner_spaces_end, is a space the line keeps."""
    k: int = p[KIND]
    width: float = p[WIDTH]
    return k == SPACE and width > 0


def _root_space(line: Line, inner_end: int, nodes: list | None, root: int) -> bool:
    """Whether one of the line's inner spaces is text of the block `root` itself (see _root_text)."""
    pieces = line.pieces
    for index in range(inner_end):
        p = pieces[index]
        if _kept_space(p) and (nodes is None or nodes[p[NODE]].parent == root):
            return True
    return False


def _text_or_atomic(line: Line) -> bool:
    """Whether the line holds text or an atomic inline (an image, an inline-block)."""
    return any(p[KIND] == ATOMIC or p[KIND] == WORD for p in line.pieces)


def _root_text(line: Line, nodes: list | None, root: int) -> bool:
    """Whether the line holds text (of the block `root` itself, when its nodes are given)."""
    if nodes is None:
        return any(p[KIND] == WORD for p in line.pieces)
    # a loop rather than any() over a generator (a frame resumed per piece): this runs per line in quirks mode
    for p in line.pieces:  # noqa: SIM110
        if p[KIND] == WORD and nodes[p[NODE]].parent == root:
            return True
    return False


def place_line(
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
    carried: dict[int, Piece] | None = None,
    cw: float = 0.0,
) -> None:
    """`carried`: the inline boxes open at this line's start (node -> OPEN piece), updated for the next
    line; a box that neither opens nor closes here spans the whole line and gets that fragment. `cw`:
    the container's content width, against which atomic inlines' percentage margins resolve."""
    if carried is None:
        carried = {}
    spanning = list(carried) if carried else []  # (an empty list made directly: most lines carry no box)
    pieces = line.pieces
    xs = line.xs
    end = content_end(line)
    shift, gap = (line.left, 0.0) if align == "left" else _alignment(line, align, end)
    ox = cx + shift
    rel = ctx.rel
    styles = ctx.styles
    # inline boxes opened on this line: node -> (fragment start, end of the opening edge, OPEN piece); the
    # fragment is recorded once, when the box closes or the line ends
    open_at: dict[int, tuple[float, float, Piece]] = {}
    text_node = -1  # consecutive words of one text node are united once
    tx0 = tx1 = ty0 = ty1 = 0.0
    stretch = 0.0  # justification added so far
    base_y = cy + baseline
    has_content = False  # whether text, an atomic box or an inline box's end came before on the line
    for p, xk in zip(pieces, xs):
        kind: int = p[KIND]
        x = ox + xk + stretch
        if not has_content and (kind in (WORD, ATOMIC, CLOSE) or (kind == SPACE and p[WIDTH] > 0)):
            has_content = True
        if kind == WORD:
            width: float = p[WIDTH]
            if gap:
                inner_spaces: float = p[INNER_SPACES]
                width += gap * inner_spaces
                stretch += gap * inner_spaces
            word_node: int = p[NODE]
            if word_node == text_node:
                tx1 = x + width
                continue
            if text_node >= 0:
                _union(ctx, text_node, container, tx0, ty0, tx1, ty1)
            m: FontMetrics = p[METRICS]
            raised: float = p[RAISED]
            base = base_y + raised
            text_node, tx0, tx1, ty0, ty1 = word_node, x, x + width, base - m.ascent, base + m.descent
            continue
        if kind == SPACE:
            if gap and xk < end:
                stretch += gap
            continue
        if text_node >= 0:
            _union(ctx, text_node, container, tx0, ty0, tx1, ty1)
            text_node = -1
        node = p[NODE]
        if kind == OPEN:
            if xk >= end:  # an inline box opening after the hanging trailing space starts at the text's end
                x = ox + end + stretch  # (justified: the text's end moved by the stretch before it)
                end += p[WIDTH]
            open_at[node] = (x + p[TEXT][2], x + p[WIDTH], p)
        elif kind == CLOSE:
            box_edges = p[TEXT]
            if xk >= end:  # after the hanging trailing space: the box's end edge follows the text
                x = ox + end + stretch
                end += p[WIDTH]
            x1 = x + p[WIDTH] - box_edges[3]
            opened = open_at.pop(node, None)
            if opened is None:  # the box began on an earlier line
                carried.pop(node, None)
                start = ox
            else:
                start = opened[0]
                if opened[1] > x1:
                    x1 = opened[1]
            _inline_box(
                ctx, node, container, start, x1, None if empty else p[METRICS], base_y + p[RAISED], box_edges
            )
        elif kind == ATOMIC:
            s = styles[node]
            va = p[TEXT]
            if va == "top":
                y = cy + top
            elif va == "bottom":
                y = cy + top + height - p[HEIGHT]
            else:
                y = base_y - _atomic_ascent(p, strut)
            r = rel[node]
            if r is not None:
                r[0] = x + px(s.margin_left, cw)
                r[1] = y + px(s.margin_top, cw)
                ctx.anchor[node] = container
        elif kind == ABS:
            if styles[node].inline_static:  # inline-level: its static position is its place on the line
                ctx.positioned.append((node, container, x, cy + top))
            elif has_content:  # block-level: where a block after this line would start (Chromium)
                ctx.positioned.append((node, container, cx, cy + top + height))
            else:  # …or, with nothing before it on the line, where this line starts
                ctx.positioned.append((node, container, cx, cy + top))
    if text_node >= 0:
        _union(ctx, text_node, container, tx0, ty0, tx1, ty1)
    if spanning or open_at:  # (most lines close every inline box they open)
        _boxes_across_line(ctx, container, spanning, carried, open_at, ox, ox + end + stretch, base_y, empty)


def content_end(line: Line) -> float:
    """Where the line's text ends: its pen, less the hanging spaces at its end and the inline box edges
    and positioned boxes among and after them. Box edges do not end the run of trailing spaces, even
    with padding or borders: Chromium removes `text <span style="padding:8px"></span> `'s spaces and
    puts the box right after the text (measured: layout_fixtures/trailing_space_before_empty_box)."""
    pieces, xs = line.pieces, line.xs
    end = line.pen
    for k in range(len(pieces) - 1, -1, -1):
        kind = pieces[k][KIND]
        if kind == SPACE:
            end = xs[k]
        elif kind not in (CLOSE, ABS, OPEN):
            break
    return end


def _trailing_edges(line: Line, end: float) -> float:
    """The widths of the inline box edges after the text's end (they follow the text, in the line)."""
    total = 0.0
    for p, xk in zip(line.pieces, line.xs):
        if xk >= end and p[KIND] in (OPEN, CLOSE):
            total += p[WIDTH]
    return total


def _alignment(line: Line, align: str, end: float) -> tuple[float, float]:
    """(shift of the content from the line's left edge, extra width per space) for text-align `align`:
    the content is the text up to `end` and the box edges after it."""
    pieces, xs = line.pieces, line.xs
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
    if align in ("center", "right"):
        width = end + _trailing_edges(line, end)
        shift += max(0.0, (avail - width) / 2 if align == "center" else avail - width)
    return shift, gap


def _boxes_across_line(
    ctx: LayoutContext,
    container: int,
    spanning: list[int],
    carried: dict[int, Piece],
    open_at: dict[int, tuple[float, float, Piece]],
    x0: float,
    x1: float,
    base_y: float,
    empty: bool,
) -> None:
    """The fragments of the inline boxes that do not close on this line (from x0 to the content's end
    x1): those open from an earlier line through this one, and those opened here that continue onto the
    next line (remembered in `carried`)."""
    for node in spanning:
        opening = carried.get(node)
        if opening is not None:
            m = None if empty else opening[METRICS]
            _inline_box(ctx, node, container, x0, x1, m, base_y + opening[RAISED], opening[TEXT])
    for node, (start, end_of_edge, opening) in open_at.items():
        box_edges, m = opening[TEXT], None if empty else opening[METRICS]
        _inline_box(ctx, node, container, start, end_of_edge, m, base_y + opening[RAISED], box_edges)
        _inline_box(ctx, node, container, start, x1, m, base_y, box_edges)
        carried[node] = opening


def edges(s: ComputedStyle, cw: float) -> tuple[float, float, float, float, float, float]:
    """An inline box's (left edge, right edge, margin-left, margin-right, top extra, bottom extra):
    edges are margin + border + padding; extras are border + padding above/below the content area."""
    fixed = fixed_edges(s)
    return fixed if fixed is not None else edges_at(s, cw)


_FIXED_EDGES: Final[StyleMemo[tuple[tuple[float, float, float, float, float, float] | None]]] = StyleMemo()


def fixed_edges(s: ComputedStyle) -> tuple[float, float, float, float, float, float] | None:
    """edges() of a style without percentages (they need no containing block), else None."""
    known = _FIXED_EDGES.get(s)
    if known is not None:
        return known[0]
    if any(v is not None and v[1] for v in _lengths(s)):
        return _FIXED_EDGES.put(s, (None,))[0]
    return _FIXED_EDGES.put(s, (edges_at(s, 0.0),))[0]


def _lengths(s: ComputedStyle) -> tuple:
    return (s.margin_left, s.margin_right, s.padding_left, s.padding_right, s.padding_top, s.padding_bottom)


def edges_at(s: ComputedStyle, cw: float) -> tuple[float, float, float, float, float, float]:
    ml, mr, pl, pr, pt, pb = (px(v, cw) for v in _lengths(s))
    return (
        ml + s.border_left_width + pl,
        mr + s.border_right_width + pr,
        ml,
        mr,
        s.border_top_width + pt,
        s.border_bottom_width + pb,
    )


def _inline_box(
    ctx: LayoutContext,
    node: int,
    container: int,
    x0: float,
    x1: float,
    m: FontMetrics | None,
    baseline: float,
    box_edges: tuple[float, ...],
) -> None:
    """Add a fragment of inline box `node` (`box_edges`: its edges()); m None: a fragment on an empty
    line (no height at all)."""
    if x1 < x0:
        x1 = x0
    if m is None:
        _union(ctx, node, container, x0, baseline, x1, baseline)
        return
    top = baseline - m.ascent - box_edges[4]
    bottom = baseline + m.descent + box_edges[5]
    _union(ctx, node, container, x0, top, x1, bottom)


def _union(ctx: LayoutContext, node: int, anchor: int, x0: float, y0: float, x1: float, y1: float) -> None:
    r = ctx.rel[node]
    if r is None or ctx.anchor[node] != anchor:
        ctx.rel[node] = [x0, y0, x1 - x0, y1 - y0]
        ctx.anchor[node] = anchor
        return
    # getBoundingClientRect unites only non-empty fragment rects: an empty one (no width, as the part of a
    # label on a line holding only its <br>) counts only while nothing else does
    if x1 <= x0 or y1 <= y0:
        return
    if r[2] <= 0 or r[3] <= 0:
        r[0], r[1], r[2], r[3] = x0, y0, x1 - x0, y1 - y0
        return
    # the union of r and the new rectangle (comparisons rather than min()/max() calls: this runs per fragment)
    rx1 = r[0] + r[2]
    if x1 > rx1:
        rx1 = x1
    ry1 = r[1] + r[3]
    if y1 > ry1:
        ry1 = y1
    if x0 < r[0]:
        r[0] = x0
    if y0 < r[1]:
        r[1] = y0
    r[2] = rx1 - r[0]
    r[3] = ry1 - r[1]
