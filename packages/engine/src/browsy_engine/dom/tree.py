"""The document tree the whole pipeline reads: a flat, pre-order list of nodes built from lexbor.

Every later stage (cascade, layout, spatial emission, forms) addresses nodes by their index in
`Document.nodes`, so per-node data (computed styles, boxes) lives in plain lists indexed the same way.
Lexbor's own tree is kept (`Document.lexbor`) because CSS selector matching runs through it:
`Document.select(selector)` returns our indices for the nodes lexbor matches.
"""

from __future__ import annotations

from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser

from .depth import limit_depth
from .quirks import compat_mode

TEXT = "#text"


class Node:
    """One element or text node. `tag` is lowercase; text nodes have tag `#text` and `text` set.

    A plain slotted class (not a dataclass): a page builds tens of thousands of these, and the
    hand-written constructor is the cheapest way to make them. Nodes compare by identity.
    """

    __slots__ = ("index", "tag", "attrs", "parent", "children", "text")

    def __init__(
        self,
        index: int,
        tag: str,
        attrs: dict[str, str | None],
        parent: int,
        children: list[int] | None = None,
        text: str | None = None,
    ) -> None:
        self.index = index
        self.tag = tag
        self.attrs = attrs
        self.parent = parent
        self.children: list[int] = [] if children is None else children
        self.text = text

    def __repr__(self) -> str:
        return f"Node(index={self.index}, tag={self.tag!r}, parent={self.parent}, children={self.children})"

    @property
    def is_text(self) -> bool:
        return self.tag == TEXT

    def attr(self, name: str) -> str | None:
        return self.attrs.get(name)


@dataclass(slots=True)
class Document:
    nodes: list[Node]
    lexbor: LexborHTMLParser
    by_mem_id: dict[int, int]  # lexbor node id → our index, for elements (text nodes are never selected)
    compat_mode: str = "no-quirks"  # 'quirks' | 'limited-quirks' | 'no-quirks' (from the doctype)

    @property
    def quirks(self) -> bool:
        return self.compat_mode == "quirks"

    @property
    def root(self) -> Node:
        return self.nodes[0]

    def select(self, selector: str) -> list[int]:
        """Indices of the nodes matching a CSS selector, in document order. Invalid selectors match nothing."""
        try:
            found = self.lexbor.css(selector)
        except Exception:  # lexbor raises on selectors it cannot parse; CSS says: drop the rule
            return []
        get = self.by_mem_id.get
        out = [get(n.mem_id, -1) for n in found]
        return [i for i in out if i >= 0]

    def select_checked(self, selector: str) -> list[int] | None:
        """Like `select`, but None when lexbor cannot parse the selector (CSS then drops the whole rule)."""
        try:
            found = self.lexbor.css(selector)
        except Exception:
            return None
        get = self.by_mem_id.get
        out = [get(n.mem_id, -1) for n in found]
        return [i for i in out if i >= 0]

    def find_first(self, tag: str) -> Node | None:
        for n in self.nodes:
            if n.tag == tag:
                return n
        return None

    def text_of(self, index: int) -> str:
        """All descendant text of a node, concatenated (no whitespace collapsing)."""
        parts: list[str] = []
        stack = [index]
        nodes = self.nodes
        while stack:
            n = nodes[stack.pop()]
            if n.text is not None:
                parts.append(n.text)
            elif n.children:
                stack.extend(reversed(n.children))
        return "".join(parts)


def build_document(html: str) -> Document:
    """Parse HTML with lexbor and flatten it into our pre-order node list (comments dropped).

    Pathologically deep markup is first flattened the way Blink's parser caps depth (see depth.py).
    """
    parser = LexborHTMLParser(limit_depth(html))
    nodes: list[Node] = []
    by_mem_id: dict[int, int] = {}
    root = parser.root
    if root is None:
        parser = LexborHTMLParser("<html><head></head><body></body></html>")
        root = parser.root
    get = by_mem_id.get
    append_node = nodes.append
    for x in root.traverse(include_text=True):
        tag = x.tag
        if tag == "-comment" or tag is None:
            continue
        parent = x.parent
        pidx = get(parent.mem_id, -1) if parent is not None else -1
        if pidx < 0 and nodes:
            continue  # detached (e.g. inside <template> contents): not part of the rendered document
        idx = len(nodes)
        if tag == "-text":
            node = Node(idx, TEXT, {}, pidx, None, x.text_content or "")  # no children, never selected: unmapped
        else:
            node = Node(idx, tag.lower(), x.attributes, pidx)
            by_mem_id[x.mem_id] = idx
        append_node(node)
        if pidx >= 0:
            nodes[pidx].children.append(idx)
    return Document(nodes, parser, by_mem_id, compat_mode(html))
