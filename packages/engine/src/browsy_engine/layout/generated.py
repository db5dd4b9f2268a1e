"""Boxes of the layout tree that the document has no node for: ::before/::after boxes (CSS Pseudo 4 §2,
CSS Generated Content 3) and the anonymous cells that hold a table's other content (CSS 2 §17.2.1).

A generated box is a child of its element: ::before before the element's first child, ::after after its
last. Layout gets each one that is in flow or floated as a node of its own (`LayoutContext.nodes` past the
document's nodes), holding a text node with the `content` strings and counters (css/counters.py), so
that its font, line height, edges, width and height count as any box's: an icon font's glyph
(`.icon::before { content: "\\f122" }`) gives its line a height, a `" · "` separator between list items
takes its width, `::after { display: block; padding-top: 75% }` gives its container an aspect ratio, the
clearfix's `::after { clear: both }` is an ordinary cleared block. Absolutely positioned ones change no
other box and are left out.

A table's children that are no table parts (a `display: table` wrapper around a list or text) are
wrapped, each run of them, in an anonymous table cell, which sits in an anonymous row like any cell
outside a row: the table is then as wide as that content (shrink-to-fit) and as tall. Rows and cells
outside a table get an anonymous table.

An element that gains such children appears as a copy whose children list them; the document itself is
not touched, so nothing past layout sees these boxes (theirs are dropped at the end, and the boxes inside
them re-anchored: anchor_past_generated).
"""

from __future__ import annotations

from typing import Final

from ..css.counters import counter_texts
from ..css.resolve import inherit_base
from ..css.style import ComputedStyle
from ..dom.tree import TEXT, Node
from .context import FLOATING, NEVER_RENDERED, OUT_OF_FLOW, REPLACED, LayoutContext
from .text import white_space_only

# elements that never hold generated boxes: replaced content, and the void elements Chromium gives none
NO_GENERATED: Final = REPLACED | NEVER_RENDERED | {"br", "wbr", "canvas", "area", "col", "colgroup", "option"}
ITEM_PARENTS: Final = frozenset(
    {"flex", "inline-flex", "grid", "inline-grid", "-webkit-box", "-webkit-inline-box"}
)


def add_generated_boxes(ctx: LayoutContext) -> None:
    """Extend ctx.nodes and ctx.styles with the generated boxes that take part in layout."""
    generated = ctx.doc.pseudo_styles
    if not generated:
        return
    doc_nodes = ctx.doc.nodes
    counted = counter_texts(ctx.doc, ctx.styles_or_none)
    for (i, name), s in sorted(generated.items()):
        owner = doc_nodes[i]
        if owner.tag in NO_GENERATED or ctx.styles[i] is None or not _in_layout(s):
            continue
        current = layout_copy(ctx, i)
        nodes, styles = ctx.nodes, ctx.styles
        j = len(nodes)
        text = counted.get((i, name), s.content or "")
        nodes.append(Node(j, "::" + name, {}, i, [j + 1] if text else []))
        styles.append(s)
        if text:
            nodes.append(Node(j + 1, TEXT, {}, j, None, text))
            styles.append(None)  # type: ignore[arg-type]  # text nodes have no style of their own
        if name == "before":
            current.children.insert(0, j)
        else:
            current.children.append(j)


def layout_copy(ctx: LayoutContext, i: int) -> Node:
    """Node i as the layout tree's own copy, whose children may change (the layout's node and style lists
    are copied from the document's on the first such change)."""
    if ctx.nodes is ctx.doc.nodes:
        ctx.nodes, ctx.styles = list(ctx.nodes), list(ctx.styles)
    node = ctx.nodes[i]
    if node is ctx.doc.nodes[i]:
        node = ctx.nodes[i] = Node(i, node.tag, node.attrs, node.parent, list(node.children))
    return node


TABLES: Final = frozenset({"table", "inline-table"})
# what a table holds as it is: the parts of its grid (cells outside rows get an anonymous row, table.py)
TABLE_PARTS: Final = frozenset(
    {
        "table-row-group",
        "table-header-group",
        "table-footer-group",
        "table-row",
        "table-cell",
        "table-caption",
        "table-column",
        "table-column-group",
        "none",
    }
)


def add_anonymous_table_boxes(ctx: LayoutContext) -> None:
    """The anonymous boxes CSS 2 §17.2.1 puts around misparented table content: each run of rows, row
    groups or cells in an element that is no table gets an anonymous table (rule 3), and each run of a
    table's or a row's children that are no table parts an anonymous cell (rule 2; white space between
    them is dropped, positioned children stay the table's). Cells outside rows get an anonymous row
    (table.py)."""
    nodes = ctx.nodes
    styles = ctx.styles_or_none  # generated boxes included: they may be table parts too
    stray_parents: set[int] = set()
    tables: list[int] = []
    rows: list[int] = []
    for i, s in enumerate(styles):  # one pass over the styles: misparented table parts are rare
        if s is None:
            continue
        if s.display in STRAY:
            if s.position not in OUT_OF_FLOW and s.float_side not in FLOATING:
                stray_parents.add(nodes[i].parent)
            if s.display == "table-row":
                rows.append(i)
        elif s.display in TABLES:
            tables.append(i)
    for p in sorted(stray_parents):
        owner_style: ComputedStyle | None = styles[p] if p >= 0 else None
        if owner_style is None or owner_style.display in TABLE_OWNERS or nodes[p].tag in NO_GENERATED:
            continue
        _wrap_runs(ctx, p, _stray, "inline-table" if owner_style.display == "inline" else "table")
    for t in tables:
        if ctx.nodes[t].tag not in NO_GENERATED and not all(
            _table_part(ctx, c) for c in ctx.nodes[t].children
        ):
            _wrap_runs(ctx, t, _no_table_part, "table-cell")
    # rule 2 for rows: each run of a row's children that are no table parts (links, `display: block`
    # cells, text) is one anonymous cell. White space between them is no part of it: Blink gives a
    # row's whitespace-only text no box at all (measured: layout_fixtures/table_row_anonymous_cell)
    for r in rows:
        if not all(_table_part(ctx, c) for c in ctx.nodes[r].children):
            _wrap_runs(ctx, r, _no_table_part, "table-cell", drop_blank=True)


def _wrap_runs(ctx: LayoutContext, parent: int, belongs, display: str, drop_blank: bool = False) -> None:
    """Replace each run of parent's children that `belongs` (white space inside a run stays in it, or
    with `drop_blank` is left out of it) by a new anonymous box with that display, holding the run."""
    owner = layout_copy(ctx, parent)
    nodes, styles = ctx.nodes, ctx.styles
    kept: list[int] = []
    run: list[int] = []
    for c in [*owner.children, -1]:
        if c >= 0 and drop_blank and _blank(ctx, c):
            kept.append(c)  # stays the parent's, where it has no box
            continue
        if c >= 0 and (run and _blank(ctx, c) or belongs(ctx, c)):
            run.append(c)
            continue
        if any(not _blank(ctx, r) for r in run):
            box = len(nodes)
            nodes.append(Node(box, "::anonymous", {}, parent, run))
            style = inherit_base(styles[parent])
            style.display = display
            styles.append(style)
            kept.append(box)
        else:
            kept += run
        run = []
        if c >= 0:
            kept.append(c)
    owner.children = kept


STRAY: Final = frozenset(
    {"table-cell", "table-row", "table-row-group", "table-header-group", "table-footer-group"}
)
# the elements whose table-part children need no anonymous table: tables, their parts, flex/grid containers
# (whose children are blockified items)
TABLE_OWNERS: Final = TABLES | STRAY | ITEM_PARENTS | {"none", "contents"}


def _stray(ctx: LayoutContext, c: int) -> bool:
    s = ctx.styles_or_none[c]
    return (
        s is not None
        and s.display in STRAY
        and s.position not in OUT_OF_FLOW
        and s.float_side not in FLOATING
    )


def _table_part(ctx: LayoutContext, c: int) -> bool:
    s = ctx.styles_or_none[c]
    if s is None:
        return _blank(ctx, c)
    return s.display in TABLE_PARTS or s.position in OUT_OF_FLOW


def _no_table_part(ctx: LayoutContext, c: int) -> bool:
    """What an anonymous cell wraps in a table or a row (CSS 2 §17.2.1 rule 2)."""
    return not _table_part(ctx, c)


def _blank(ctx: LayoutContext, c: int) -> bool:
    node = ctx.nodes[c]
    return node.tag == TEXT and white_space_only(node.text or "")


def _in_layout(s: ComputedStyle) -> bool:
    """Whether a generated box with style s is laid out here: in flow or floated (an absolutely
    positioned one changes no other box)."""
    return s.position not in OUT_OF_FLOW and s.display != "none"


def anchor_past_generated(ctx: LayoutContext) -> None:
    """Boxes of the document's nodes placed inside a box of the layout tree alone (an anonymous cell)
    are re-anchored to that box's own anchor, so that they keep their place when it leaves."""
    n = len(ctx.doc.nodes)
    rel, anchor, shift_y = ctx.rel, ctx.anchor, ctx.shift_y
    for i in range(n):
        a = anchor[i]
        r = rel[i]
        while a >= n and r is not None:
            outer = rel[a]
            if outer is None:
                r = None
                break
            r = [outer[0] + r[0], outer[1] + shift_y[a] + r[1], r[2], r[3]]
            a = anchor[a]
        if a != anchor[i]:
            rel[i], anchor[i] = r, a
