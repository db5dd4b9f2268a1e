"""The document tree the whole pipeline reads: a flat, pre-order list of nodes built from lexbor.

Every later stage (cascade, layout, spatial emission, forms) addresses nodes by their index in
`Document.nodes`, so per-node data (computed styles, boxes) lives in plain lists indexed the same way.
Lexbor's own tree (`Document.lexbor`) answers CSS selectors: `Document.select(selector)` returns our
indices for the nodes lexbor matches. It costs about as much memory as our nodes, so once a page is built
`release_parser()` drops it; a later `select` re-parses the kept source and maps it again (same input, same
walk, same indices).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from selectolax.lexbor import LexborHTMLParser, LexborNode

from .decode import utf8_source
from .depth import MAX_DEPTH, limit_depth
from .quirks import compat_mode

TEXT: Final = "#text"
_TEXT_TAG_ID: Final = 2  # lexbor's tag id of text nodes (LXB_TAG__TEXT)
_NO_ATTRIBUTES: dict[str, str | None] = {}  # the attributes of every text node (never written to)
_NO_CHILDREN: list[int] = []  # the children of every text node built by `_flatten` (never written to)
# Attributes the index lists the elements of: the UA sheet's selectors require `hidden` and `popover` on
# every page, and CAPTCHA detection looks for `data-sitekey` on every page; lexbor would walk the whole
# tree to find (mostly) none.
INDEXED_ATTRIBUTES: Final = frozenset({"hidden", "popover", "data-sitekey"})
# A document with at most this many "<" is handed to lexbor as it is, and its depth read from the tree
# lexbor builds: no tree that deep costs lexbor more than milliseconds (its tree builder is quadratic in
# depth: 4,000 nested elements take about 9 ms), while depth.py's scans of the text cost a few percent of
# every parse. The median corpus-real page has 1,337 "<", nine in ten under 2,700.
PARSE_FIRST_TAGS: Final = 4096
# A tree this deep is parsed again through depth.py, which re-parents what lies beyond Blink's cap (its own
# count of open elements decides: implied end tags and misnested formatting make the two depths differ).
RECHECK_DEPTH: Final = MAX_DEPTH // 2


def has_any_attribute(attrs: dict[str, str | None], names: frozenset[str]) -> bool:
    """Whether an element's attributes include one of `names`: its few attributes looked up in the set
    (mypyc compiles any() over a generator expression into a loop; a frozenset.isdisjoint call costs
    about 700 instructions from compiled code)."""
    return any(name in names for name in attrs)


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

    def __reduce__(self) -> tuple:
        # pickled by its constructor's arguments: the compiled class has no argument-free __new__
        return (Node, (self.index, self.tag, self.attrs, self.parent, self.children, self.text))

    def __repr__(self) -> str:
        return f"Node(index={self.index}, tag={self.tag!r}, parent={self.parent}, children={self.children})"

    @property
    def is_text(self) -> bool:
        return self.tag == TEXT

    def attr(self, name: str) -> str | None:
        return self.attrs.get(name)


@dataclass(slots=True, init=False)
class DocumentIndex:
    """The elements of a document by tag, by class, by id (its whole `id` attribute) and by
    INDEXED_ATTRIBUTES, and all elements: index lists in document order, built in one pass."""

    tags: dict[str, list[int]]
    classes: dict[str, list[int]]
    ids: dict[str, list[int]]
    elements: list[int]
    with_attribute: dict[str, list[int]]

    # Written out rather than generated (init=False): a dataclass's generated __init__ runs interpreted
    # under mypyc, and one is made per parse. Same parameters as the generated one.
    def __init__(
        self,
        tags: dict[str, list[int]],
        classes: dict[str, list[int]],
        ids: dict[str, list[int]],
        elements: list[int],
        with_attribute: dict[str, list[int]],
    ) -> None:
        self.tags = tags
        self.classes = classes
        self.ids = ids
        self.elements = elements
        self.with_attribute = with_attribute

    def __reduce__(self) -> tuple[type[DocumentIndex], tuple[Any, ...]]:
        # pickling and copying rebuild it through __init__ (a compiled class's __new__ runs it)
        return (DocumentIndex, (self.tags, self.classes, self.ids, self.elements, self.with_attribute))


@dataclass(slots=True, init=False)
class Document:
    nodes: list[Node]
    source: str  # the markup lexbor parsed (after the depth guard), to rebuild the parser on demand
    _parser: LexborHTMLParser | None = field(default=None, repr=False)
    compat_mode: str = "no-quirks"  # 'quirks' | 'limited-quirks' | 'no-quirks' (from the doctype)
    _ends: list[int] | None = field(default=None, repr=False)  # see `subtree_ends`
    # (element, "before"/"after") -> the computed style of that generated box (set by the cascade)
    pseudo_styles: dict[tuple[int, str], Any] = field(default_factory=dict, repr=False)
    _index: DocumentIndex | None = field(default=None, repr=False)  # see `index`
    _by_mem_id: dict[int, int] | None = field(default=None, repr=False)  # see `by_mem_id`

    # Written out rather than generated (init=False): one is made per parse, and a dataclass's generated
    # __init__ runs interpreted under mypyc. Same parameters, order and defaults as the generated one.
    def __init__(
        self,
        nodes: list[Node],
        source: str,
        _parser: LexborHTMLParser | None = None,
        compat_mode: str = "no-quirks",
        _ends: list[int] | None = None,
        pseudo_styles: dict[tuple[int, str], Any] | None = None,
        _index: DocumentIndex | None = None,
        _by_mem_id: dict[int, int] | None = None,
    ) -> None:
        self.nodes = nodes
        self.source = source
        self._parser = _parser
        self.compat_mode = compat_mode
        self._ends = _ends
        self.pseudo_styles = {} if pseudo_styles is None else pseudo_styles
        self._index = _index
        self._by_mem_id = _by_mem_id

    def __reduce__(self) -> tuple[type[Document], tuple[Any, ...]]:
        # pickling and copying rebuild it through __init__ (a compiled class's __new__ runs it)
        return (
            Document,
            (
                self.nodes,
                self.source,
                self._parser,
                self.compat_mode,
                self._ends,
                self.pseudo_styles,
                self._index,
                self._by_mem_id,
            ),
        )

    @property
    def lexbor(self) -> LexborHTMLParser:
        """Lexbor's tree of this document, re-parsed from `source` if it was released."""
        if self._parser is None:
            self._parser = _parser_for(self.source)  # same input, same tree: `by_mem_id` maps it again
            self._by_mem_id = None
        return self._parser

    @property
    def by_mem_id(self) -> dict[int, int]:
        """Lexbor's element ids → our indices (text nodes are never selected); valid for `lexbor` only.

        Built on the first `select` that finds something, by a second walk of lexbor's tree: most pages
        never ask (about 1 in 6 of corpus-real), so `_flatten` does not read every element's id."""
        if self._parser is None:
            return {}  # released: no lexbor ids are valid
        if self._by_mem_id is None:
            ids = _element_ids(_root_of(self._parser))
            self._by_mem_id = dict(zip(ids, self.index().elements, strict=True))
        return self._by_mem_id

    def release_parser(self) -> None:
        """Free lexbor's tree (about as large as our nodes), the subtree ends and the index; all are rebuilt
        when asked."""
        self._parser = None
        self._by_mem_id = None
        self._ends = None
        self._index = None

    def index(self) -> DocumentIndex:
        """The elements by tag, class, id and indexed attribute (computed once, shared by the stages)."""
        if self._index is None:
            self._index = index_elements(self.nodes)
        return self._index

    def subtree_ends(self) -> list[int]:
        """`ends[i]`: the index of the last node in node i's subtree (computed once, shared by the stages)."""
        if self._ends is None:
            index = self._index  # when the index is built, only its elements can have children
            self._ends = subtree_ends(self.nodes, index.elements if index is not None else None)
        return self._ends

    def subtree_end(self, index: int) -> int:
        """One past the last node of node `index`'s subtree: from `subtree_ends()` when it is computed,
        else by following last children (cheap for one node, and it leaves no array behind)."""
        if self._ends is not None:
            return self._ends[index] + 1
        nodes = self.nodes
        node = nodes[index]
        while node.children:
            node = nodes[node.children[-1]]
        return node.index + 1

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
        return self._our_indices(found)

    def select_checked(self, selector: str) -> list[int] | None:
        """Like `select`, but None when lexbor cannot parse the selector (CSS then drops the whole rule)."""
        try:
            found = self.lexbor.css(selector)
        except Exception:
            return None
        return self._our_indices(found)

    def _our_indices(self, found: list[LexborNode]) -> list[int]:
        """Our indices of lexbor's nodes (those we dropped, never elements of ours, left out)."""
        if not found:
            return []
        by_mem_id = self.by_mem_id
        out = [by_mem_id.get(n.mem_id, -1) for n in found]
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


def subtree_ends(nodes: list[Node], elements: list[int] | None = None) -> list[int]:
    """`ends[i]`: the index of the last node in node i's subtree (pre-order numbering): the end of its last
    child's subtree, or i itself. Children come after their parent, so a backward pass has them ready.
    `elements`, when given, lists the element nodes (text nodes have no children): the pass visits only them."""
    ends = list(range(len(nodes)))
    if elements is None:
        for node in reversed(nodes):
            children = node.children
            if children:
                ends[node.index] = ends[children[-1]]
        return ends
    for i in reversed(elements):
        children = nodes[i].children
        if children:
            ends[i] = ends[children[-1]]
    return ends


def index_elements(nodes: list[Node]) -> DocumentIndex:
    """One pass over the nodes: elements by tag, by class, by id and by INDEXED_ATTRIBUTES, and all
    elements (document order).

    Plain dicts with get-or-insert, not defaultdicts: compiled, a defaultdict lookup is a generic
    `__getitem__` call."""
    tags: dict[str, list[int]] = {}
    classes: dict[str, list[int]] = {}
    ids: dict[str, list[int]] = {}
    with_attribute: dict[str, list[int]] = {}
    elements: list[int] = []
    for n in nodes:
        if n.text is not None:
            continue
        index = n.index
        elements.append(index)
        found = tags.get(n.tag)
        if found is None:
            tags[n.tag] = [index]
        else:
            found.append(index)
        attrs = n.attrs
        if not attrs:
            continue
        # INDEXED_ATTRIBUTES, as plain lookups (the cheapest test)
        if "hidden" in attrs or "popover" in attrs or "data-sitekey" in attrs:
            for name in INDEXED_ATTRIBUTES.intersection(attrs):
                with_attribute.setdefault(name, []).append(index)
        cls = attrs.get("class")
        if cls:
            words = cls.split()
            for c in words if len(words) == 1 else dict.fromkeys(words):  # each class once, in order
                found = classes.get(c)
                if found is None:
                    classes[c] = [index]
                else:
                    found.append(index)
        ident = attrs.get("id")
        if ident:
            found = ids.get(ident)
            if found is None:
                ids[ident] = [index]
            else:
                found.append(index)
    return DocumentIndex(tags, classes, ids, elements, with_attribute)


def build_document(html: str) -> Document:
    """Parse HTML with lexbor and flatten it into our pre-order node list (comments dropped).

    Pathologically deep markup is first flattened the way Blink's parser caps depth (see depth.py). A
    document with few tags is parsed first and only a deep tree goes through depth.py (PARSE_FIRST_TAGS).
    """
    if html.count("<") <= PARSE_FIRST_TAGS:
        parser = _parser_for(html, utf8_source(html))
        nodes, deepest = _flatten(_root_of(parser))
        source = html if deepest < RECHECK_DEPTH else limit_depth(html)
        if source is html:
            return Document(nodes, html, parser, compat_mode(html))
    else:
        source = limit_depth(html)
    parser = _parser_for(source, utf8_source(source))
    nodes, _ = _flatten(_root_of(parser))
    return Document(nodes, source, parser, compat_mode(html))


def _parser_for(source: str, utf8: bytes | None = None) -> LexborHTMLParser:
    """Lexbor's tree of `source`; `utf8`, when given, is its UTF-8 encoding (lexbor's input, so it is not
    encoded again)."""
    parser = LexborHTMLParser(utf8 if utf8 is not None else source)
    if parser.root is None:
        parser = LexborHTMLParser("<html><head></head><body></body></html>")
    return parser


def _root_of(parser: LexborHTMLParser) -> LexborNode:
    """The document's root node; lexbor always builds one (an empty input gets html/head/body)."""
    root = parser.root
    if root is None:
        raise ValueError("the HTML parser built no document")
    return root


def _flatten(root: LexborNode) -> tuple[list[Node], int]:
    """Our nodes in pre-order, from one walk of lexbor's tree, and the depth of its deepest element.

    The walk goes down first children and along next siblings, with a stack of the siblings still to
    visit at outer levels, so every node's parent is known without asking lexbor for it (a `parent` node
    object and a lookup of its id per node). Comments are dropped; anything outside the document's tree
    (e.g. <template> contents, which lexbor keeps in a fragment of their own) is never reached. Tag names
    are looked up once per lexbor tag id: within one document an id always names the same tag. Text
    nodes share one empty attribute dict and one empty children list (no stage ever writes to a node's
    attributes or to a text node's children).

    This loop runs once per node of every page, so it is written for mypyc: list methods are called
    directly (a bound `append` kept in a local is a generic Python call in compiled code) and the shared
    empty dict and list are locals (a module global is a dict lookup per use).
    """
    nodes: list[Node] = []
    no_attributes = _NO_ATTRIBUTES
    no_children = _NO_CHILDREN
    tag_names: dict[int, str | None] = {}  # lexbor tag id → our lowercase tag (None: not kept)
    count = 0
    stack: list[tuple[LexborNode | None, int]] = []  # (next sibling to visit at an outer level, its parent)
    x: LexborNode | None = root
    parent = -1  # the index of x's parent (-1: x is the root, whose siblings are not visited)
    deepest = 0  # the stack holds an entry per ancestor of the node visited
    while True:
        if x is None:
            if not stack:
                break
            x, parent = stack.pop()
            continue
        tag_id = x.tag_id
        if tag_id == _TEXT_TAG_ID:
            if parent >= 0:
                nodes.append(Node(count, TEXT, no_attributes, parent, no_children, x.text_content or ""))
                nodes[parent].children.append(count)
                count += 1
            x = x.next
            continue
        tag = tag_names.get(tag_id, "")
        if tag == "":
            tag = tag_names[tag_id] = _element_tag(x)
        if tag is None:
            x = x.next
            continue
        nodes.append(Node(count, tag, x.attributes, parent))
        if parent >= 0:
            nodes[parent].children.append(count)
        following = x.next if parent >= 0 else None
        first = x.first_child
        if first is not None:  # its children come next, then its following siblings
            stack.append((following, parent))
            if len(stack) > deepest:
                deepest = len(stack)
            parent = count
            x = first
        else:
            x = following
        count += 1
    return nodes, deepest


def _element_ids(root: LexborNode) -> list[int]:
    """Lexbor's ids of the elements `_flatten` keeps, in the same (document) order: lexbor's own walk of
    the same tree, without its text nodes, dropping what `_flatten` drops (decided per tag id as there)."""
    kept: dict[int, bool] = {}
    ids: list[int] = []
    for x in root.traverse():
        tag_id = x.tag_id
        keep = kept.get(tag_id)
        if keep is None:
            keep = kept[tag_id] = _element_tag(x) is not None
        if keep:
            ids.append(x.mem_id)
    return ids


def _element_tag(x: LexborNode) -> str | None:
    """The lowercase tag of an element node; None for comments and other nodes we do not keep."""
    tag = x.tag
    if tag is None or tag == "-comment":
        return None
    return tag.lower()
