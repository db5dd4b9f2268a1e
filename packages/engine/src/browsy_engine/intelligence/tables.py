"""tables(): headers and rows of the page's data tables.

From `<table>` markup when the document is at hand: rows of the table itself (not of nested tables),
rowspan/colspan expanded so every row has one string per column, header rows from `<thead>` or a first
row made only of `<th>`; tables that are hidden or marked role=presentation are left out. Without a
document (a Spatial DOM rebuilt from JSON), the seed's geometric method: th/td elements grouped into rows
by top edge (within 5 px) and sorted left to right.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any, Final

from ..dom.tree import Document
from ..model import SpatialDom
from ..spatial.text import INLINE_TAGS, SILENT_TAGS, collapse

ROW_TOLERANCE: Final = 5
MAX_SPAN: Final = 1000  # browsers clamp colspan/rowspan; so do we (a hostile rowspan must not explode a grid)
MAX_CELLS: Final = 200_000  # per table: a hostile page of huge colspans stops growing here


@dataclass(slots=True)
class TableData:
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"headers": list(self.headers), "rows": [list(r) for r in self.rows]}


def cell_text(doc: Document, index: int) -> str:
    """Rendered text of a cell: scripts and styles left out, a space at <br> and block boundaries."""
    parts: list[str] = []
    stack = [index]
    nodes = doc.nodes
    while stack:
        node = nodes[stack.pop()]
        if node.text is not None:
            parts.append(node.text)
        elif node.tag in SILENT_TAGS:
            continue
        else:
            if node.tag not in INLINE_TAGS or node.tag == "br":
                parts.append(" ")
            stack.extend(reversed(node.children))
    return collapse("".join(parts))


def _span(value: str | None) -> int:
    try:
        return max(1, min(int((value or "1").strip() or "1"), MAX_SPAN))
    except ValueError:
        return 1


def _table_rows(doc: Document, table: int) -> list[tuple[int, bool]]:
    """(tr node, in thead) for the table's own rows, in order."""
    rows: list[tuple[int, bool]] = []
    for child in doc.nodes[table].children:
        node = doc.nodes[child]
        if node.tag == "tr":
            rows.append((child, False))
        elif node.tag in ("thead", "tbody", "tfoot"):
            rows.extend((tr, node.tag == "thead") for tr in node.children if doc.nodes[tr].tag == "tr")
    return rows


def _fill_spanned(pending: dict[int, tuple[int, str]], out: list[str], col: int) -> int:
    """Append the texts of cells spanning down from earlier rows into this row from `col` on."""
    while col in pending:
        left, text = pending[col]
        out.append(text)
        if left <= 1:
            del pending[col]
        else:
            pending[col] = (left - 1, text)
        col += 1
    return col


def _expand(doc: Document, rows: list[int]) -> tuple[list[list[str]], list[bool]]:
    """Cell texts per row with spans expanded, and whether each row is all header cells."""
    grid: list[list[str]] = []
    all_th: list[bool] = []
    pending: dict[int, tuple[int, str]] = {}  # column -> (rows still covered, text)
    cells_so_far = 0
    for tr in rows:
        if cells_so_far > MAX_CELLS:
            break
        cells = [c for c in doc.nodes[tr].children if doc.nodes[c].tag in ("td", "th")]
        out: list[str] = []
        col = 0
        for cell in cells:
            col = _fill_spanned(pending, out, col)
            attrs = doc.nodes[cell].attrs
            text = cell_text(doc, cell)
            rowspan = _span(attrs.get("rowspan"))
            for _ in range(_span(attrs.get("colspan"))):
                out.append(text)
                if rowspan > 1:
                    pending[col] = (rowspan - 1, text)
                col += 1
        _fill_spanned(pending, out, col)
        cells_so_far += len(out)
        grid.append(out)
        all_th.append(bool(cells) and all(doc.nodes[c].tag == "th" for c in cells))
    return grid, all_th


def _merge_headers(header_rows: list[list[str]]) -> list[str]:
    width = max((len(r) for r in header_rows), default=0)
    merged = []
    for col in range(width):
        parts: list[str] = []
        for row in header_rows:
            text = row[col] if col < len(row) else ""
            if text and text not in parts:
                parts.append(text)
        merged.append(" / ".join(parts))
    return merged


def _markup_table(doc: Document, table: int) -> TableData | None:
    rows = _table_rows(doc, table)
    grid, all_th = _expand(doc, [tr for tr, _ in rows])
    head = [i for i, (_, in_thead) in enumerate(rows) if in_thead]
    if not head and grid and all_th[0]:
        head = [0]
    body = [row for i, row in enumerate(grid) if i not in head and any(row)]
    headers = _merge_headers([grid[i] for i in head])
    if not headers and not body:
        return None
    return TableData(headers, body)


def _hidden_nodes(dom: SpatialDom) -> tuple[list[int], list[int]]:
    visible = sorted(el.node for el in dom.els if el.node >= 0 and not el.hidden)
    hidden = sorted(el.node for el in dom.els if el.node >= 0 and el.hidden)
    return visible, hidden


def _any_in(sorted_nodes: list[int], start: int, end: int) -> bool:
    i = bisect_left(sorted_nodes, start)
    return i < len(sorted_nodes) and sorted_nodes[i] < end


def _geometric_tables(dom: SpatialDom) -> list[TableData]:
    cells = sorted(
        (el for el in dom.els if el.tag in ("th", "td") and not el.hidden), key=lambda e: (e.b[1], e.id)
    )
    rows: list[list] = []
    for cell in cells:
        if rows and abs(cell.b[1] - rows[-1][0].b[1]) <= ROW_TOLERANCE:
            rows[-1].append(cell)
        else:
            rows.append([cell])
    if not rows:
        return []
    ordered = [sorted(r, key=lambda e: (e.b[0], e.id)) for r in rows]
    texts = [[c.text or "" for c in r] for r in ordered]
    if all(c.tag == "th" for c in ordered[0]):
        return [TableData(texts[0], texts[1:])]
    return [TableData([], texts)]


def tables(dom: SpatialDom) -> list[TableData]:
    doc = dom.document
    if doc is None:
        return _geometric_tables(dom)
    visible, hidden = _hidden_nodes(dom)
    out: list[TableData] = []
    for table in doc.select("table"):
        if (doc.nodes[table].attrs.get("role") or "").lower() in ("presentation", "none"):
            continue
        end = doc.subtree_end(table)
        if _any_in(hidden, table, end) and not _any_in(visible, table, end):
            continue
        data = _markup_table(doc, table)
        if data is not None:
            out.append(data)
    return out
