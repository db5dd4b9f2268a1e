"""Tables: rows and cells on a grid (colspan/rowspan), automatic column widths from the cells'
min/max-content widths, border-spacing, captions, and vertical alignment of cell contents."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ..css.style import ComputedStyle, copy_style
from . import block, intrinsic
from .context import LayoutContext
from .geometry import horizontal_pb, px_or_none, vertical_pb

GROUPS: Final = frozenset({"table-row-group", "table-header-group", "table-footer-group"})


@dataclass(slots=True)
class Cell:
    node: int
    row: int
    col: int
    rowspan: int
    colspan: int
    content_h: float = 0.0  # its contents' height with its paddings and borders (vertical-align moves them)


@dataclass(slots=True)
class Grid:
    captions: list[int]
    rows: list[int]  # tr node per row (-1 for an anonymous row)
    groups: list[tuple[int, int, int]]  # group node, first row, end row
    cells: list[Cell]
    columns: int
    collapsed: bool = False  # border-collapse: neighbouring cells share their borders
    fixed: set[int] = field(default_factory=set)  # columns with a px width on a cell
    percent: dict[int, float] = field(default_factory=dict)  # columns with a % width on a cell
    column_styles: list = field(default_factory=list)  # the computed style of each <col> column, in order
    widths: tuple[list[float], list[float]] | None = None  # per-column (min, max), once measured


def _span(ctx: LayoutContext, i: int, name: str) -> int:
    raw = ctx.nodes[i].attrs.get(name)
    if raw is None:
        return 1
    try:
        v = int(str(raw).strip())
    except ValueError:
        v = 1
    return max(1, min(v, 1000)) if name == "colspan" else max(0, min(v, 65534)) or 1


def structure(ctx: LayoutContext, i: int) -> Grid:
    """Table i's captions, rows and cells on the grid (memoised for the layout run)."""
    grid = ctx.table_grids.get(i)
    if grid is None:
        grid = ctx.table_grids[i] = _structure(ctx, i)
    return grid


def _structure(ctx: LayoutContext, i: int) -> Grid:
    captions: list[int] = []
    row_nodes: list[tuple[int, list[int]]] = []
    groups: list[tuple[int, int, int]] = []
    loose: list[int] = []

    def add_row(tr: int) -> None:
        cells = [c for c in ctx.box_children(tr) if ctx.display[c] != "text"]
        row_nodes.append((tr, cells))

    for c in ctx.box_children(i):
        d = ctx.display[c]
        if d == "table-caption":
            captions.append(c)
        elif d in GROUPS:
            start = len(row_nodes)
            for r in ctx.box_children(c):
                if ctx.display[r] == "table-row":
                    add_row(r)
            groups.append((c, start, len(row_nodes)))
        elif d == "table-row":
            add_row(c)
        elif d == "table-cell":
            loose.append(c)
    if loose:
        row_nodes.append((-1, loose))
    grid = _grid(ctx, captions, row_nodes, groups, ctx.styles[i].border_collapse == "collapse")
    grid.column_styles = _column_styles(ctx, i)
    return grid


def _column_styles(ctx: LayoutContext, i: int) -> list:
    """The style of each column that table i's <col> and <colgroup> elements describe (HTML §4.9.3-4:
    a col spans `span` columns; a colgroup without cols spans its own `span`), in order. Column elements
    have no box of their own here, so they are read from the document's children."""
    out: list = []
    styles = ctx.styles_or_none  # text nodes have none
    for c in ctx.nodes[i].children:
        s = styles[c]
        if s is None or s.display not in ("table-column", "table-column-group"):
            continue
        if s.display == "table-column":
            out.extend([s] * _span(ctx, c, "span"))
            continue
        found = False
        for k in ctx.nodes[c].children:
            ks = styles[k]
            if ks is None or ks.display != "table-column":
                continue
            found = True
            out.extend([ks if ks.width is not None else s] * _span(ctx, k, "span"))
        if not found:
            out.extend([s] * _span(ctx, c, "span"))
    return out


def _grid(
    ctx: LayoutContext,
    captions: list[int],
    row_nodes: list[tuple[int, list[int]]],
    groups: list[tuple[int, int, int]],
    collapsed: bool,
) -> Grid:
    """Place cells on the grid (colspan/rowspan occupy later slots)."""
    occupied: set[tuple[int, int]] = set()  # slots of later rows taken by a rowspan
    cells: list[Cell] = []
    columns = 0
    for r, (_, tds) in enumerate(row_nodes):
        col = 0
        for td in tds:
            while (r, col) in occupied:
                col += 1
            rs = min(_span(ctx, td, "rowspan"), len(row_nodes) - r)
            cs = _span(ctx, td, "colspan")
            for dr in range(1, rs):  # this row's later cells start right of this one anyway
                for dc in range(cs):
                    occupied.add((r + dr, col + dc))
            cells.append(Cell(td, r, col, rs, cs))
            col += cs
            columns = max(columns, col)
    return Grid(captions, [tr for tr, _ in row_nodes], groups, cells, columns, collapsed)


def collapse_table_borders(ctx: LayoutContext) -> None:
    """The collapsing border model (CSS 2 §17.6.2), done once before layout on a copy of the styles
    list: a border between two cells, or between a cell and the table's edge, is the widest of the
    borders that meet there (the cells', their rows', the table's), and each side owns half of it. So
    each cell's border widths become half the collapsed borders around it, and the table's become half
    the widest collapsed border along each of its edges; the table has no padding (measured: layout_fixtures/collapsed_table_borders)."""
    tables = [
        i
        for i, d in enumerate(ctx.display)
        if d in ("table", "inline-table") and ctx.styles[i].border_collapse == "collapse"
    ]
    if not tables:
        return
    original = ctx.styles
    ctx.styles = list(original)
    for i in tables:
        _collapse_borders(ctx, original, i)


def _collapse_borders(ctx: LayoutContext, styles: list, i: int) -> None:
    """collapse_table_borders for table i, reading the specified borders from `styles`."""
    grid = structure(ctx, i)
    if not grid.cells:
        return
    slots: dict[tuple[int, int], Cell] = {}
    for cell in grid.cells:
        for dr in range(cell.rowspan):
            for dc in range(cell.colspan):
                slots[(cell.row + dr, cell.col + dc)] = cell
    table = styles[i]
    last_row, last_col = len(grid.rows) - 1, grid.columns - 1
    top_edge = right_edge = bottom_edge = left_edge = 0.0
    for cell in grid.cells:
        top, right, bottom, left = _collapsed_edges(styles, grid, slots, cell, table)
        if cell.row == 0:
            top_edge = max(top_edge, top)
        if cell.row + cell.rowspan - 1 == last_row:
            bottom_edge = max(bottom_edge, bottom)
        if cell.col == 0:
            left_edge = max(left_edge, left)
        if cell.col + cell.colspan - 1 == last_col:
            right_edge = max(right_edge, right)
        ctx.styles[cell.node] = _with_borders(styles[cell.node], top / 2, right / 2, bottom / 2, left / 2)
    collapsed = ctx.styles[i] = _with_borders(
        table, top_edge / 2, right_edge / 2, bottom_edge / 2, left_edge / 2
    )
    collapsed.padding_top = collapsed.padding_right = collapsed.padding_bottom = collapsed.padding_left = (
        0.0,
        0.0,
    )


def _with_borders(s: ComputedStyle, top: float, right: float, bottom: float, left: float) -> ComputedStyle:
    """A copy of `s` with these border widths."""
    c = copy_style(s)
    c.border_top_width, c.border_right_width, c.border_bottom_width, c.border_left_width = (
        top,
        right,
        bottom,
        left,
    )
    return c


def _collapsed_edges(
    styles: list, grid: Grid, slots: dict[tuple[int, int], Cell], cell: Cell, table: ComputedStyle
) -> tuple[float, float, float, float]:
    """The collapsed widths of a cell's top, right, bottom and left borders: the widest of its own, its
    neighbours' facing ones, its rows' (top and bottom), and the table's where it meets the table's edge."""
    s = styles[cell.node]
    first, last = cell.row, cell.row + cell.rowspan - 1
    start, end = cell.col, cell.col + cell.colspan - 1
    rows = grid.rows
    top, bottom = s.border_top_width, s.border_bottom_width
    left, right = s.border_left_width, s.border_right_width
    for c in range(start, end + 1):
        above, below = slots.get((first - 1, c)), slots.get((last + 1, c))
        if above is not None:
            top = max(top, styles[above.node].border_bottom_width)
        if below is not None:
            bottom = max(bottom, styles[below.node].border_top_width)
    for r in range(first, last + 1):
        before, after = slots.get((r, start - 1)), slots.get((r, end + 1))
        if before is not None:
            left = max(left, styles[before.node].border_right_width)
        if after is not None:
            right = max(right, styles[after.node].border_left_width)
    top = max(top, _row_border(styles, rows, first, "top"), _row_border(styles, rows, first - 1, "bottom"))
    bottom = max(
        bottom, _row_border(styles, rows, last, "bottom"), _row_border(styles, rows, last + 1, "top")
    )
    if first == 0:
        top = max(top, table.border_top_width)
    if last == len(rows) - 1:
        bottom = max(bottom, table.border_bottom_width)
    spanned = range(first, last + 1)
    if start == 0:
        left = max(left, table.border_left_width, *(_row_border(styles, rows, r, "left") for r in spanned))
    if end == grid.columns - 1:
        right = max(
            right, table.border_right_width, *(_row_border(styles, rows, r, "right") for r in spanned)
        )
    return top, right, bottom, left


def _row_border(styles: list, rows: list[int], r: int, side: str) -> float:
    """The border width of row r on one side (0 outside the table or for an anonymous row)."""
    if r < 0 or r >= len(rows) or rows[r] < 0:
        return 0.0
    s = styles[rows[r]]
    if side == "top":
        return s.border_top_width
    if side == "bottom":
        return s.border_bottom_width
    return s.border_left_width if side == "left" else s.border_right_width


def _spacing(ctx: LayoutContext, i: int) -> tuple[float, float]:
    s = ctx.styles[i]
    if s.border_collapse == "collapse":
        return 0.0, 0.0
    return s.border_spacing_h, s.border_spacing_v


def column_widths(ctx: LayoutContext, grid: Grid, sh: float):
    """Generator task: per-column (min, max) widths (fresh lists: callers may change them), `sh` the
    horizontal border spacing. Measured once per grid: a table asked for its intrinsic widths is laid out
    with the same columns."""
    if grid.widths is None:
        grid.widths = yield from _measure_columns(ctx, grid, sh)
    mins, maxs = grid.widths
    return list(mins), list(maxs)


def _measure_columns(ctx: LayoutContext, grid: Grid, sh: float):
    n = grid.columns
    mins = [0.0] * n
    maxs = [0.0] * n
    spanning: list[tuple[Cell, float, float]] = []
    specified: dict[int, float] = {}  # a px column's widest specified cell width (outer)
    for cell in grid.cells:
        lo, hi = yield from intrinsic.outer_intrinsic(ctx, cell.node)
        width = ctx.styles[cell.node].width
        if width is not None and cell.colspan == 1:
            if width[1]:
                grid.percent[cell.col] = max(grid.percent.get(cell.col, 0.0), width[1])
            else:
                grid.fixed.add(cell.col)
                specified[cell.col] = max(specified.get(cell.col, 0.0), hi)
        if cell.colspan == 1:
            mins[cell.col] = max(mins[cell.col], lo)
            maxs[cell.col] = max(maxs[cell.col], hi)
        else:
            spanning.append((cell, lo, hi))
    _column_widths(grid, n, specified)
    for c, w in specified.items():
        if c not in grid.percent:
            # a px column's max-content width is its width: the content of its other cells wraps in it
            # (automatic table layout as Chromium does it; CSS Tables 3 "constrained" columns)
            maxs[c] = max(mins[c], w)
    constrained = grid.fixed | set(grid.percent)
    for cell, lo, hi in spanning:
        cols = list(range(cell.col, min(n, cell.col + cell.colspan)))
        inner = sh * (len(cols) - 1)  # the spacing between the spanned columns is the cell's too
        _spread_min(mins, maxs, cols, lo - inner, constrained)
        if not all(c in grid.fixed and c not in grid.percent for c in cols):
            # columns that all have a px width keep it as their max-content width: a spanning cell's
            # wider content wraps in them (Chromium)
            _spread_excess(maxs, cols, hi - inner, constrained)
    maxs = [max(a, b) for a, b in zip(mins, maxs)]
    return mins, maxs


def _column_widths(grid: Grid, n: int, specified: dict[int, float]) -> None:
    """A <col>'s width sizes its column as a cell's width does (its cells' border boxes): a px width
    makes the column's specified width, a percentage its share of the table."""
    for c, s in enumerate(grid.column_styles[:n]):
        width = s.width
        if width is None or s.display == "none":
            continue
        if width[1]:
            grid.percent[c] = max(grid.percent.get(c, 0.0), width[1])
        else:
            grid.fixed.add(c)
            specified[c] = max(specified.get(c, 0.0), width[0])


def _spread_min(
    mins: list[float], maxs: list[float], cols: list[int], need: float, constrained: set[int]
) -> None:
    """A spanning cell's min-content width over its columns (automatic table layout as Chromium does
    it): up to the columns' max-content widths, each column grows from its min toward its max in
    proportion to the room it has; beyond, every column is at its max and the rest is spread as a
    max-content width is (`_spread_excess`)."""
    have = sum(mins[c] for c in cols)
    if need <= have:
        return
    have_max = sum(maxs[c] for c in cols)
    if need <= have_max:
        room = have_max - have
        for c in cols:
            mins[c] += (need - have) * (maxs[c] - mins[c]) / room
        return
    for c in cols:
        mins[c] = max(mins[c], maxs[c])
    _spread_excess(mins, cols, need, constrained)


def _spread_excess(widths: list[float], cols: list[int], need: float, constrained: set[int]) -> None:
    """Widen `cols` to `need` in all: the excess goes to the columns without a specified width, in
    proportion to their widths (equally when all are 0); only when every column has one, to them."""
    have = sum(widths[c] for c in cols)
    if need <= have or not cols:
        return
    targets = [c for c in cols if c not in constrained] or cols
    weight = sum(widths[c] for c in targets)
    for c in targets:
        widths[c] += (need - have) * (widths[c] / weight if weight > 0 else 1 / len(targets))


def table_intrinsic(ctx: LayoutContext, i: int):
    grid = structure(ctx, i)
    sh, _ = _spacing(ctx, i)
    mins, maxs = yield from column_widths(ctx, grid, sh)
    extra = sh * (grid.columns + 1) if grid.columns else 0.0
    lo, hi = sum(mins) + extra, sum(maxs) + extra
    if grid.percent:
        hi = max(hi, _percent_max(grid, maxs) + extra)
    for cap in grid.captions:
        a, b = yield from intrinsic.outer_intrinsic(ctx, cap)
        lo, hi = max(lo, a), max(hi, b)
    return lo, hi


def _percent_max(grid: Grid, maxs: list[float]) -> float:
    """The widest the columns ask a table to be when some have percentage widths (automatic table layout
    as browsers do it): wide enough that each percentage column's share holds its max-content width, and
    that the share left over holds the other columns'."""
    total = min(1.0, sum(grid.percent.values()))
    wanted = max((maxs[c] / share for c, share in grid.percent.items() if share > 0), default=0.0)
    rest = sum(m for c, m in enumerate(maxs) if c not in grid.percent)
    if rest > 0 and total < 1.0:
        wanted = max(wanted, rest / (1.0 - total))
    return wanted


def table_contents(ctx: LayoutContext, i: int, w: float, cx: float, cy: float, h_spec: float | None = None):
    """Generator task: lay out captions, rows and cells of table i in a content box of width w; a
    specified height taller than the rows is shared among them (in proportion to their heights)."""
    grid = structure(ctx, i)
    sh, sv = _spacing(ctx, i)
    y = yield from _captions(ctx, i, grid, w, cx, cy)
    n = grid.columns
    if n == 0:
        return block.FlowOut(y, block.NO_MARGIN, block.NO_MARGIN, not grid.captions)
    mins, maxs = yield from column_widths(ctx, grid, sh)
    xs = [sh]  # the columns' left edges, and the right edge of the last one plus spacing
    for cw in _used_widths(grid, mins, maxs, max(0.0, w - sh * (n + 1))):
        xs.append(xs[-1] + cw + sh)
    heights = _specified_row_heights(ctx, grid)
    yield from _lay_out_cells(ctx, i, grid, xs, sh, heights, w, cx)
    _heights_for_rowspans(ctx, grid, heights, sv)
    if h_spec is not None and heights:
        heights = _stretched_rows(heights, h_spec, y, sv)
    ys = []
    y += sv
    for h in heights:
        ys.append(y)
        y += h + sv
    _place_rows(ctx, i, grid, ys, heights, cx + sh, cy, max(0.0, w - 2 * sh))
    _place_cells(ctx, grid, ys, heights, cy)
    return block.FlowOut(y, block.NO_MARGIN, block.NO_MARGIN, False)


def _captions(ctx: LayoutContext, i: int, grid: Grid, w: float, cx: float, cy: float):
    """Generator step of table_contents: the captions, one below the other at the top of the content box
    (width w at (cx, cy)); returns their height."""
    y = 0.0
    for cap in grid.captions:
        res = yield block.block_box(ctx, cap, w, None, None, 0.0, 0.0)
        placed = ctx.rel[cap]
        assert placed is not None  # block_box placed it
        placed[0] = cx + res.x
        placed[1] = cy + y
        ctx.anchor[cap] = i
        y += res.height
    return y


def _used_widths(grid: Grid, mins: list[float], maxs: list[float], avail: float) -> list[float]:
    """The columns' used widths in `avail` px (automatic table layout, CSS Tables 3 §3.9.3), from their
    min- and max-content widths. Four guesses, each wider: every column at its min-content width; then
    percentage columns at their share of avail (at least their min); then also the columns with a px
    width at it (their max); then every column at its max. Between two guesses each column moves by
    the same fraction of its own difference. Past the last, the room left goes to the columns without a
    px or percentage width (to all when none is without), in proportion to their max-content widths;
    before the first, columns get their min-content widths."""
    n = grid.columns
    percent = [max(mins[c], grid.percent[c] * avail) if c in grid.percent else mins[c] for c in range(n)]
    specified = [maxs[c] if c in grid.fixed and c not in grid.percent else percent[c] for c in range(n)]
    widest = [percent[c] if c in grid.percent else maxs[c] for c in range(n)]
    guesses = [mins, percent, specified, widest]
    if sum(mins) >= avail:
        return list(mins)
    for low, high in zip(guesses, guesses[1:]):
        lo, hi = sum(low), sum(high)
        if avail <= hi:
            f = (avail - lo) / (hi - lo) if hi > lo else 0.0
            return [a + (b - a) * f for a, b in zip(low, high)]
    extra = avail - sum(widest)
    flexible = [c for c in range(n) if c not in grid.fixed and c not in grid.percent] or list(range(n))
    base = sum(widest[c] for c in flexible)
    widths = list(widest)
    for c in flexible:
        widths[c] += extra * widest[c] / base if base else extra / len(flexible)
    return widths


def _specified_row_heights(ctx: LayoutContext, grid: Grid) -> list[float]:
    """The rows' heights before their cells are laid out: a tr's px height, else 0."""
    heights = [0.0] * len(grid.rows)
    for r, tr in enumerate(grid.rows):
        if tr >= 0:
            h = px_or_none(ctx.styles[tr].height, None)
            if h:
                heights[r] = h
    return heights


def _lay_out_cells(
    ctx: LayoutContext,
    i: int,
    grid: Grid,
    xs: list[float],
    sh: float,
    heights: list[float],
    w: float,
    cx: float,
):
    """Generator step of table_contents: each cell's contents laid out in the width of the columns it
    spans (xs: the columns' left edges, sh apart), the cell sized to them or its specified height and
    placed in its first column (its y comes with its row: _place_cells). A row is as tall as its
    tallest cell spanning no other row (`heights`, raised in place)."""
    n = grid.columns
    for cell in grid.cells:
        s = ctx.styles[cell.node]
        end = min(n, cell.col + cell.colspan)
        cw = xs[end] - sh - xs[cell.col]
        pb_h, pb_v = horizontal_pb(s, w), vertical_pb(s, w)
        out = yield from block.box_contents(ctx, cell.node, max(0.0, cw - pb_h), None, w)
        ch = out.height
        cell.content_h = ch + pb_v
        spec = px_or_none(s.height, None)
        if spec is not None:
            ch = max(ch, spec - (pb_v if s.box_sizing == "border-box" else 0.0))
        ctx.rel[cell.node] = [cx + xs[cell.col], 0.0, cw, ch + pb_v]
        ctx.anchor[cell.node] = i
        if cell.rowspan == 1:
            heights[cell.row] = max(heights[cell.row], ch + pb_v)


def _heights_for_rowspans(ctx: LayoutContext, grid: Grid, heights: list[float], sv: float) -> None:
    """A cell spanning rows taller than those rows (and the spacing between them) makes the last of them
    taller by the difference (`heights`, changed in place)."""
    for cell in grid.cells:
        if cell.rowspan > 1:
            laid = ctx.rel[cell.node]
            assert laid is not None  # every cell was laid out above
            need = laid[3]
            have = sum(heights[cell.row : cell.row + cell.rowspan]) + sv * (cell.rowspan - 1)
            if need > have:
                heights[cell.row + cell.rowspan - 1] += need - have


def _stretched_rows(heights: list[float], h_spec: float, y: float, sv: float) -> list[float]:
    """The row heights in a table of specified content height h_spec (y: the captions' height): what the
    rows and spacing leave of it is shared among the rows in proportion to their heights (equally when
    they have none)."""
    extra = h_spec - (y + sv * (len(heights) + 1) + sum(heights))
    if extra > 0:
        base = sum(heights)
        heights = [h + (extra * h / base if base else extra / len(heights)) for h in heights]
    return heights


def _place_rows(
    ctx: LayoutContext,
    i: int,
    grid: Grid,
    ys: list[float],
    heights: list[float],
    x: float,
    cy: float,
    width: float,
) -> None:
    """The rects of the rows (at content-y ys, `heights` tall) and of the row groups around them, all
    `width` wide at x."""
    for r, tr in enumerate(grid.rows):
        if tr >= 0:
            ctx.rel[tr] = [x, cy + ys[r], width, heights[r]]
            ctx.anchor[tr] = i
    for group, start, end in grid.groups:
        if end > start:
            top = ys[start]
            bottom = ys[end - 1] + heights[end - 1]
            ctx.rel[group] = [x, cy + top, width, bottom - top]
            ctx.anchor[group] = i


def _place_cells(ctx: LayoutContext, grid: Grid, ys: list[float], heights: list[float], cy: float) -> None:
    """Each cell as tall as the rows it spans, at its first row's y; its contents shifted down within
    it by vertical-align (ctx.shift_y)."""
    for cell in grid.cells:
        cell_box = ctx.rel[cell.node]
        assert cell_box is not None
        s = ctx.styles[cell.node]
        last = cell.row + cell.rowspan - 1
        total = ys[last] + heights[last] - ys[cell.row]
        used = cell.content_h  # a specified height is no content: the contents move within it too
        cell_box[1] = cy + ys[cell.row]
        cell_box[3] = total
        va = s.vertical_align
        if va == "middle":
            ctx.shift_y[cell.node] = (total - used) / 2
        elif va == "bottom":
            ctx.shift_y[cell.node] = total - used
        else:
            ctx.shift_y[cell.node] = 0.0
