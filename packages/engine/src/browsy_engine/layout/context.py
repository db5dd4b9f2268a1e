"""The state one layout run works on: the document, styles, display roles and the boxes being built.

Boxes are recorded relative to an *anchor*: `rel[i] = [x, y, w, h]` is node i's border box with (x, y)
measured from the border-box origin of node `anchor[i]` (its containing box, -1 = the document), plus
that anchor's `shift_y` (used to align table-cell contents vertically after the row height is known).
`document_boxes.py` turns them into document coordinates in one forward pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from ..css.style import ComputedStyle
from ..dom.tree import TEXT, Document, Node
from .document_boxes import DocumentBoxes

if TYPE_CHECKING:
    from .clamp import LineClamp
    from .multicol import ColumnSet

NEVER_RENDERED: Final = frozenset(
    {"head", "script", "style", "template", "title", "meta", "link", "base", "noembed", "noframes", "param"}
)
REPLACED: Final = frozenset(
    {
        "img",
        "input",
        "select",
        "textarea",
        "iframe",
        "video",
        "svg",
        "object",
        "embed",
        "audio",
        "meter",
        "progress",
    }
)  # no <canvas>: with scripting off it renders its fallback content, like an ordinary element
BLOCK_LEVEL: Final = frozenset(
    {
        "block",
        "list-item",
        "flex",
        "grid",
        "table",
        "flow-root",
        "table-caption",
        "table-row-group",
        "table-header-group",
        "table-footer-group",
        "table-row",
        "table-cell",
        "table-column",
        "table-column-group",
        "ruby",
        "-webkit-box",
    }
)
TRANSPARENT: Final = frozenset({"none", "contents"})  # displays whose element is not itself a box child
OUT_OF_FLOW: Final = frozenset({"absolute", "fixed"})  # the positions that take a box out of the flow
FLOATING: Final = frozenset({"left", "right"})  # the float values that float a box
BLOCKIFY: Final = {
    "inline": "block",
    "inline-block": "block",
    "inline-flex": "flex",
    "inline-grid": "grid",
    "inline-table": "table",
    "contents": "contents",
    "-webkit-inline-box": "flex",
}


class LayoutContext:
    """What one layout of a document works on and keeps. A plain class, not a dataclass: under mypyc a
    dataclass's generated __init__ runs as Python (one LayoutContext per parse, with some 50 fields)."""

    def __init__(
        self,
        doc: Document,
        nodes: list[Node],
        styles: list[ComputedStyle],
        viewport_w: float,
        viewport_h: float,
    ) -> None:
        self.doc = doc
        # The nodes layout works on: the document's, then the ::before/::after boxes it generates
        # (generated.py), whose owners appear here as copies listing them among their children.
        self.nodes = nodes
        # Per node; None for text nodes and unstyled ones. Layout reads the styles of the elements it lays
        # out, which always have one, so the list is typed as theirs (`style(i)` serves text nodes).
        self.styles = styles
        self.viewport_w = viewport_w
        self.viewport_h = viewport_h
        self.display: list[str] = []
        self.rel: list[list[float] | None] = []
        self.anchor: list[int] = []
        self.shift_y: list[float] = []
        self.intrinsic_cache: dict[int, tuple[float, float]] = {}
        # runs of text and inline boxes, by their first node -> (their container, last node and length, their
        # units, the nodes a build clears, the width or None): units.build_units
        self.units_cache: dict[int, tuple[int, int, int, list, list[int], float | None]] = {}
        # block container -> the height its children's percentage heights resolve against (None: auto)
        self.pct_height: dict[int, float | None] = {}
        # Flex/grid items laid out once per (node, width, height, containing width, depth): see flexgrid.py.
        self.contents_cache: dict[tuple[int, float, float | None, float | None, int], Any] = {}
        self.subtree_end: list[int] | None = None  # last descendant of each node (lazy, for contents_cache)
        # Flex/grid containers that are no items, laid out once per (node, width, height, content box offset
        # x and y, depth, outer percentage-height bases): see flexgrid.flex_grid_contents.
        self.container_cache: dict[tuple, Any] = {}
        self.percent_counts: list[int] | None = None  # flexgrid._percent_counts (lazy)
        self.generated_hosts: tuple[list[int], list[int]] | None = None  # flexgrid._generated_within (lazy)
        self.percent_heights: list[bool] | None = None  # subtrees with percentage heights (lazy, flexgrid.py)
        # flex items whose layout at an auto height serves at that height made definite (flexgrid.py memo)
        self.auto_height_serves: dict[int, bool] = {}
        # What Taffy's measure callback answered, per (item, known size, available width, container width,
        # depth): a new Taffy tree per container layout starts with an empty cache of its own.
        self.measure_cache: dict[tuple, tuple[float, float]] = {}
        # Taffy leaves kept between layouts of a flex/grid container, by item and style, with the container
        # size their Taffy cache holds (flexgrid._leaf)
        self.taffy_leaves: dict[tuple, tuple[int, tuple]] = {}
        # Taffy root nodes kept between layouts of flex/grid containers, by style and arguments, with the
        # style they were made for (flexgrid._root)
        self.taffy_roots: dict[tuple, tuple[int, Any]] = {}
        self.percent_axes: dict[int, tuple[bool, bool]] = {}  # flexgrid._percent_axes memo
        # content-visibility: auto boxes whose contents are skipped, far from the viewport (engine.py):
        # size-contained (block.contained_content_height)
        self.skipped: set[int] = set()
        # broken image, width its alt text wraps in, whether it keeps it -> controls._alt_box of its alt text
        self.alt_boxes: dict[tuple[int, float | None, bool], tuple[float, float, float, float]] = {}
        self.positioned: list[tuple[int, int, float, float]] = []
        # absolutely positioned children of flex containers: (content width, content height, x and y shares
        # of the free space before them) placing their static position as the sole flex item's
        self.static_align: dict[int, tuple[float, float, float, float]] = {}
        self.block_child: list[bool] = []  # see classify()
        self.holds_block: list[bool] = []  # node i's box children hold an in-flow block
        self.relative: list[int] = []  # rendered elements with position: relative (classify)
        self.transformed: list[int] = []  # rendered boxes a transform moves or scales
        # closed <details> with a <summary> -> that summary: the rest is laid out, in a slot of no height
        self.closed_details: dict[int, int] = {}
        self.split_inlines: list[int] = []  # inline boxes split around blocks (classify)
        self.split_set: set[int] = set()  # the same, for membership tests
        self.pruned: set[int] = set()  # nodes with a child that is no box child (see classify)
        self.children_cache: dict[int, list[int]] = {}
        self.table_grids: dict[int, Any] = {}  # table node -> table.Grid
        # img node -> (URL, pixel density) of what it loads (controls._source: asked several times per image)
        self.image_sources: dict[int, tuple[str | None, float]] = {}
        self.taffy_depth: int = 0
        # Multi-column containers laid out (multicol.ColumnSet), inner ones first; while one is laid out, the
        # line boxes of its flow as (container, top from its border box, height).
        self.column_sets: list[ColumnSet] = []
        self.line_log: list[tuple[int, float, float]] | None = None
        self.line_clamp: LineClamp | None = (
            None  # while a -webkit-line-clamp box's flow is laid out (clamp.py)
        )
        self.quirks: bool = False  # quirks mode (from the doctype): quirky margins, alt boxes, quirks.css
        self.line_quirk: bool = False  # HTML's line height calculation quirk: quirks and limited-quirks modes
        self.absolute_base: bool | None = None  # a <base href> gives relative URLs a base (controls.py; lazy)

    def style(self, i: int) -> ComputedStyle:
        s: ComputedStyle | None = self.styles[i]
        if s is None:  # text node: its parent's style
            s = self.styles[self.nodes[i].parent]
        return s

    def subtree_ends(self) -> list[int]:
        """`ends[i]`: the last node of node i's subtree, for the document's nodes (their generated boxes
        lie outside these ranges) and for generated boxes (their own text)."""
        ends = self.doc.subtree_ends()
        if len(self.nodes) == len(ends):
            return ends
        ends = ends + [node.children[-1] if node.children else node.index for node in self.nodes[len(ends) :]]
        return ends

    def place(self, i: int, anchor: int, x: float, y: float, w: float, h: float) -> None:
        self.rel[i] = [x, y, w, h]
        self.anchor[i] = anchor

    def percent_base(self, i: int) -> float | None:
        """The height node i's percentage height resolves against: its nearest block container's entry
        in `pct_height` (inline boxes in between do not count)."""
        nodes, known = self.nodes, self.pct_height
        p = nodes[i].parent
        while p >= 0 and p not in known:
            p = nodes[p].parent
        return known.get(p) if p >= 0 else None

    def block_container(self, i: int) -> int:
        """The nearest ancestor of in-flow box i that is a block container (inline boxes and `display:
        contents` elements are not), or -1: its containing block."""
        nodes, display = self.nodes, self.display
        p = nodes[i].parent
        while p >= 0 and display[p] in ("inline", "contents"):
            p = nodes[p].parent
        return p

    def box_children(self, i: int) -> list[int]:
        """Rendered children of i, with `display: contents` elements replaced by their own children
        (memoised; callers must not modify the list)."""
        if i not in self.pruned:
            return self.nodes[i].children  # the common case: every child has a box of its own
        known = self.children_cache.get(i)
        if known is None:
            known = self.children_cache[i] = self._box_children(i)
        return known

    def _box_children(self, i: int) -> list[int]:
        display = self.display
        nodes = self.nodes
        out: list[int] = []
        stack = nodes[i].children[::-1]
        while stack:
            c = stack.pop()
            d = display[c]
            if d == "none":
                continue
            if d == "contents" or c in self.split_set:
                stack.extend(reversed(nodes[c].children))  # its children take its place (see classify)
                continue
            out.append(c)
        return out

    def document_boxes(self) -> DocumentBoxes:
        """The nodes' boxes in document coordinates, converted from `rel` on demand."""
        return DocumentBoxes(self.rel, self.anchor, self.shift_y)

    @property
    def styles_or_none(self) -> list[ComputedStyle | None]:
        """`styles` as what it holds: None for text nodes and unstyled ones."""
        return cast("list[ComputedStyle | None]", self.styles)

    def is_out_of_flow(self, i: int) -> bool:
        s = self.styles_or_none[i]
        return s is not None and s.position in OUT_OF_FLOW

    def is_float(self, i: int) -> bool:
        s = self.styles[i]
        return s is not None and s.float_side in FLOATING and s.position not in OUT_OF_FLOW

    def is_replaced(self, i: int) -> bool:
        return self.nodes[i].tag in REPLACED


FLEX_PARENTS: Final = frozenset(
    {"flex", "grid", "inline-flex", "inline-grid"}
)  # their children are blockified
TABLE_COLUMNS: Final = frozenset({"table-column", "table-column-group"})


IN_FLOW_BLOCKS: Final = frozenset({"block", "list-item", "flex", "grid", "table", "flow-root"})


def scales(s: ComputedStyle) -> bool:
    """Whether a style's transform matrix is other than the identity: its fields compared natively (a
    comparison with IDENTITY reads that global from the module's dict and unboxes it, per node)."""
    a, b, c, d = s.transform_matrix
    return a != 1.0 or b != 0.0 or c != 0.0 or d != 1.0


def classify(ctx: LayoutContext) -> None:
    """Fill `ctx.display`: the used display of every node ('none' for anything without a box, 'text'
    for text nodes), after blockification of floats, absolutely positioned boxes and flex/grid items.

    Also fills `ctx.block_child`: whether node i takes part in its parent's flow as a block rather than
    as inline content: a block-level box, or an inline box holding an in-flow block-level box (directly
    or through inline boxes and `display: contents`), which is laid out as a block (block-in-inline);
    `ctx.pruned`: the parents of nodes displayed 'none' or 'contents', whose box children differ from
    their children; and `ctx.relative`. One pass in document order: a node's ancestors are classified
    before it. The steps of rarer cases are functions of their own; the common ones stay in the loop,
    which runs once per node."""
    nodes = ctx.nodes
    styles = ctx.styles
    display = ["none"] * len(nodes)
    block_child = [False] * len(nodes)
    holds_block = [False] * len(nodes)  # node i's box children hold an in-flow block-level box
    pruned = ctx.pruned
    relative = ctx.relative
    transformed = ctx.transformed
    closed: dict[int, int] = {}  # closed <details> -> its first <summary> child (-1: none)
    for i, node in enumerate(nodes):
        p = node.parent
        if (p >= 0 and display[p] == "none") or (closed and closed.get(p, 0) < 0):
            pruned.add(p)
            continue  # no box inside a parent without one (nor in a closed <details> without summary)
        if node.tag == TEXT:
            display[i] = "text"
            continue
        s = styles[i]
        if s is None or node.tag in NEVER_RENDERED or s.display == "none":
            pruned.add(p)
            continue
        d = s.display
        position = s.position
        floating = s.float_side in FLOATING
        if p < 0:
            d = "block" if d in ("inline", "contents") else BLOCKIFY.get(d, d)
        elif (floating or position in OUT_OF_FLOW) and d != "contents":
            d = BLOCKIFY.get(d, d)
        elif display[p] in FLEX_PARENTS or (
            display[p] == "contents" and _box_parent_display(ctx, display, p) in FLEX_PARENTS
        ):
            d = BLOCKIFY.get(d, d)  # a flex or grid item
        if node.tag == "br" and d != "contents":
            d = "inline"  # a line break whatever its display (Chromium lays out every <br> as one)
        elif d == "inline" and node.tag == "button":
            d = "inline-block"  # HTML §15.5.3 button layout: an inline button is an inline-block
        if d in TABLE_COLUMNS:
            pruned.add(p)
            continue
        if d == "contents":
            pruned.add(p)
        if position == "relative":
            relative.append(i)
        if (s.translate_x is not None or s.translate_y is not None or scales(s)) and (
            d != "inline" or node.tag in REPLACED
        ):
            transformed.append(i)  # transforms apply to every box but non-replaced inline ones
        display[i] = d
        if node.tag == "details" and "open" not in node.attrs:
            closed[i] = next((c for c in node.children if nodes[c].tag == "summary"), -1)
            if closed[i] >= 0:
                ctx.closed_details[i] = closed[i]
        if d in BLOCK_LEVEL and not s.inline_static:
            # (an absolutely positioned box that was inline-level keeps its place among the inline
            # content around it: its static position is where it would have been on the line)
            block_child[i] = True
            if (
                d in IN_FLOW_BLOCKS
                and not floating
                and position not in OUT_OF_FLOW
                and p >= 0
                and not holds_block[p]
            ):
                _mark_block_holders(ctx, display, block_child, holds_block, p)
    ctx.display = display
    ctx.block_child = block_child
    ctx.holds_block = holds_block
    _split_inlines(ctx)


def _box_parent_display(ctx: LayoutContext, display: list[str], p: int) -> str:
    """The display of the box that p's children are in, p being displayed 'contents': its nearest
    ancestor with a box of its own ('block' above the root)."""
    nodes = ctx.nodes
    parent_disp = display[p]
    q = p
    while parent_disp == "contents" and q >= 0:
        q = nodes[q].parent
        parent_disp = display[q] if q >= 0 else "block"
    return parent_disp


def _mark_block_holders(
    ctx: LayoutContext, display: list[str], block_child: list[bool], holds_block: list[bool], p: int
) -> None:
    """An in-flow block-level box has come in p: p holds a block, and so do its ancestors up through
    inline boxes and 'contents' (they stop at the first that already does); those inline boxes become
    blocks of their parents' flow (block-in-inline)."""
    nodes = ctx.nodes
    q = p
    while q >= 0 and not holds_block[q]:
        holds_block[q] = True
        if display[q] == "inline" and nodes[q].tag not in REPLACED:
            block_child[q] = True
        elif display[q] != "contents":
            break
        q = nodes[q].parent


def _split_inlines(ctx: LayoutContext) -> None:
    """Note the inline boxes split around blocks (block-in-inline; ctx.split_inlines, ctx.split_set).
    They take part in their parent's flow through their children: their inline content joins the lines
    around them and their blocks stack among the parent's, as CSS 2 §9.2.1.1 describes; their own rect
    is the union of their content's (engine.py). Their parents' box children differ from their children
    (ctx.pruned)."""
    nodes, display, block_child = ctx.nodes, ctx.display, ctx.block_child
    split = [
        i for i, d in enumerate(display) if d == "inline" and block_child[i] and nodes[i].tag not in REPLACED
    ]
    ctx.split_inlines = split
    ctx.split_set = set(split)
    for i in split:
        ctx.pruned.add(nodes[i].parent)
