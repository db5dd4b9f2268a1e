"""::before/::after boxes in the layout tree (CSS Pseudo 4 §2, CSS Generated Content 3).

A generated box is a child of its element: ::before before the element's first child, ::after after its
last. Layout gets each box that takes part in the lines or in a flex/grid container as a node of its own
(`LayoutContext.nodes` past the document's nodes), holding a text node with the `content` strings, so that
its font, line height, edges, width and height count as an ordinary inline box's or item's: an icon font's
glyph (`.icon::before { content: "\\f122" }`) gives its line a height, a `" · "` separator between list
items takes its width. The element appears as a copy whose children list the generated nodes; the
document itself is not touched, so nothing past layout sees them (their boxes are dropped at the end).

Block-level generated boxes in a block container (the clearfix's `display: table`) stay with block.py's
flow, which reads their styles directly; absolutely positioned ones change no other box and are left out.
"""

from __future__ import annotations

from ..css.style import ComputedStyle
from ..dom.tree import TEXT, Node
from .context import FLOATING, NEVER_RENDERED, OUT_OF_FLOW, REPLACED, LayoutContext

# elements that never hold generated boxes: replaced content, and the void elements Chromium gives none
NO_GENERATED = REPLACED | NEVER_RENDERED | {"br", "wbr", "canvas", "area", "col", "colgroup", "option"}
ITEM_PARENTS = frozenset({"flex", "inline-flex", "grid", "inline-grid", "-webkit-box", "-webkit-inline-box"})
INLINE_LEVEL = frozenset({"inline", "inline-block", "inline-flex", "inline-grid", "inline-table"})


def add_generated_boxes(ctx: LayoutContext) -> None:
    """Extend ctx.nodes and ctx.styles with the generated boxes that take part in layout."""
    generated = ctx.doc.pseudo_styles
    if not generated:
        return
    doc_nodes = ctx.doc.nodes
    nodes: list[Node] | None = None
    styles = ctx.styles
    for (i, name), s in sorted(generated.items()):
        owner = doc_nodes[i]
        owner_style = styles[i]
        if owner.tag in NO_GENERATED or owner_style is None or not _in_layout(s, owner_style):
            continue
        if nodes is None:
            nodes = list(doc_nodes)
            styles = list(styles)
        j = len(nodes)
        text = s.content or ""
        box = Node(j, "::" + name, {}, i, [j + 1] if text else [])
        nodes.append(box)
        styles.append(s)
        if text:
            nodes.append(Node(j + 1, TEXT, {}, j, None, text))
            styles.append(None)  # type: ignore[arg-type]  # text nodes have no style of their own
        current = nodes[i]
        if current is owner:  # the owner's first generated box: a copy of it lists them
            current = nodes[i] = Node(i, owner.tag, owner.attrs, owner.parent, list(owner.children))
        if name == "before":
            current.children.insert(0, j)
        else:
            current.children.append(j)
    if nodes is not None:
        ctx.nodes = nodes
        ctx.styles = styles


def _in_layout(s: ComputedStyle, owner: ComputedStyle) -> bool:
    """Whether a generated box with style s, child of an element styled `owner`, is laid out here: it is
    in flow or floated, and inline-level, floated or an item of a flex/grid container."""
    if s.position in OUT_OF_FLOW or s.display == "none":
        return False
    return s.display in INLINE_LEVEL or s.float_side in FLOATING or owner.display in ITEM_PARENTS
