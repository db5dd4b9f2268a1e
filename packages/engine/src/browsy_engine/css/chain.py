"""A small right-to-left matcher for the most common selector shapes.

lexbor answers a selector by walking the whole tree, which costs the same whether one element or a
thousand match. When the subject compound of a selector (its rightmost part) names a class, id or tag
with only a few elements in the document, checking just those few candidates is much cheaper. This
module parses a selector (already rewritten for lexbor, see selectors.py) into a chain of compounds
joined by descendant (` `), child (`>`), next-sibling (`+`) or subsequent-sibling (`~`) combinators,
and matches candidates against it. Supported
in a compound: a type or `*`, `#id`, `.class`, attribute tests (`[a]`, `=`, `~=`, `|=`, `^=`, `$=`,
`*=`, with the `i`/`s` flags), `:not(<compound>)`, the never-matching state pseudo-classes, `:root` (the
document element, the one element without a parent: custom properties are usually declared on it),
`:first-child`, `:last-child` and `:only-child` (no element sibling before, after, either; text does not
count, and the document element is all three, as in Chromium: lexbor counts a DOCTYPE before it), and `:link` and
`:any-link` (a static page has no visited links, so these are the elements that are hyperlink sources: HTML
§4.16.3 names `a` and `area` elements with an `href`; lexbor's `:link` also takes `link` elements, its
`:any-link` does not, and the chain matches as lexbor does). Anything else (other pseudo-classes,
namespaces) makes `parse_chain` return None and the caller uses lexbor.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from tinycss2.ast import (
    FunctionBlock,
    HashToken,
    IdentToken,
    LiteralToken,
    SquareBracketsBlock,
    StringToken,
    WhitespaceToken,
)

from ..dom.tree import Node
from .selectors import NEVER_MATCH, Selector
from .tokenizer import tokenize

MAX_COMPOUNDS: Final = 32
COMBINATORS: Final = frozenset({">", "+", "~"})  # besides whitespace (descendant)
ATTRIBUTE_OPERATORS: Final = frozenset({"=", "~=", "|=", "^=", "$=", "*="})
# :first-child, :last-child and :only-child as bits of Compound.position
FIRST_CHILD: Final = 1
LAST_CHILD: Final = 2
POSITIONS: Final = {
    "first-child": FIRST_CHILD,
    "last-child": LAST_CHILD,
    "only-child": FIRST_CHILD | LAST_CHILD,
}
# the elements that :link and :any-link take, when they have an `href` (as lexbor matches them)
LINK_TAGS: Final = {"link": frozenset({"a", "area", "link"}), "any-link": frozenset({"a", "area"})}
# HTML attributes whose values selectors compare case-insensitively (HTML spec, "case-sensitivity of selectors")
CASE_INSENSITIVE_ATTRIBUTES: Final = frozenset(
    {"accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear", "codetype",
     "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype", "face", "frame",
     "hreflang", "http-equiv", "lang", "language", "link", "media", "method", "multiple", "nohref", "noresize",
     "noshade", "nowrap", "readonly", "rel", "rev", "rules", "scope", "scrolling", "selected", "shape", "target",
     "text", "type", "valign", "valuetype", "vlink"}
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class AttributeTest:
    name: str
    operator: str | None  # None: presence only
    value: str
    ignore_case: bool

    def passes(self, attrs: dict[str, str | None]) -> bool:
        if self.name not in attrs:
            return False
        if self.operator is None:
            return True
        actual = attrs[self.name] or ""
        wanted = self.value
        if self.ignore_case:
            actual, wanted = actual.lower(), wanted.lower()
        op = self.operator
        if op == "=":
            return actual == wanted
        if op == "~=":
            return bool(wanted) and wanted in actual.split()
        if op == "|=":
            return actual == wanted or actual.startswith(wanted + "-")
        if not wanted:
            return False
        if op == "^=":
            return actual.startswith(wanted)
        if op == "$=":
            return actual.endswith(wanted)
        return wanted in actual  # *=


@dataclass(frozen=True, slots=True)
class Compound:
    tag: str | None = None
    ids: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    attributes: tuple[AttributeTest, ...] = ()
    negations: tuple[Compound, ...] = ()
    never: bool = False
    one_of: frozenset[str] | None = None  # the tags allowed (from :link or :any-link without a type)
    root: bool = False  # :root
    position: int = 0  # FIRST_CHILD and/or LAST_CHILD

    def matches(self, node: Node, nodes: Sequence[Node]) -> bool:
        if self.never or (self.tag is not None and node.tag != self.tag) or (self.root and node.parent >= 0):
            return False
        if self.one_of is not None and node.tag not in self.one_of:
            return False
        attrs = node.attrs
        for ident in self.ids:
            if attrs.get("id") != ident:
                return False
        if self.classes:
            words = (attrs.get("class") or "").split()
            for c in self.classes:
                if c not in words:
                    return False
        for test in self.attributes:
            if not test.passes(attrs):
                return False
        if self.position and not _in_position(node, nodes, self.position):
            return False
        return not any(negation.matches(node, nodes) for negation in self.negations)


def _in_position(node: Node, nodes: Sequence[Node], position: int) -> bool:
    """Whether no element sibling comes before the node (FIRST_CHILD) and after it (LAST_CHILD). Text
    nodes do not count; the document element has no siblings."""
    if node.parent < 0:
        return True
    siblings = nodes[node.parent].children
    if position & FIRST_CHILD:
        for s in siblings:
            if nodes[s].text is None:  # the first element child
                if s != node.index:
                    return False
                break
    if position & LAST_CHILD:
        for s in reversed(siblings):
            if nodes[s].text is None:
                return s == node.index
    return True


@dataclass(frozen=True, slots=True)
class Chain:
    compounds: tuple[Compound, ...]  # left to right
    combinators: tuple[
        str, ...
    ]  # combinators[k] joins compounds[k] and compounds[k + 1]: " ", ">", "+" or "~"
    # only descendant/child combinators, and every compound names a tag, class or id (see index_join.py)
    indexable: bool = field(init=False, compare=False, repr=False)
    never: bool = field(init=False, compare=False, repr=False)  # a compound never matches (e.g. `:hover`)

    def __post_init__(self) -> None:
        indexable = all(c in (" ", ">") for c in self.combinators) and all(
            c.tag is not None or c.classes or c.ids for c in self.compounds
        )
        object.__setattr__(self, "indexable", indexable)
        object.__setattr__(self, "never", any(c.never for c in self.compounds))

    def match(self, nodes: list[Node], candidates: list[int]) -> list[int]:
        last = len(self.compounds) - 1
        subject = self.compounds[last]
        memo: dict[tuple[int, int], bool] = {}
        return [
            i
            for i in candidates
            if subject.matches(nodes[i], nodes) and (last == 0 or self._up(nodes, i, last - 1, memo))
        ]

    def _up(self, nodes: list[Node], index: int, k: int, memo: dict[tuple[int, int], bool]) -> bool:
        """Does the node the combinator after compound k points to from `index` (an ancestor, the parent, the
        previous element sibling or any previous one) match compound k and, recursively, the rest?"""
        key = (index, k)
        known = memo.get(key)
        if known is not None:
            return known
        compound = self.compounds[k]
        combinator = self.combinators[k]
        result = False
        for p in _related(nodes, index, combinator):
            if compound.matches(nodes[p], nodes) and (k == 0 or self._up(nodes, p, k - 1, memo)):
                result = True
                break
        memo[key] = result
        return result


def _related(nodes: list[Node], index: int, combinator: str) -> Iterator[int]:
    """The nodes a combinator relates `index` to, nearest first."""
    if combinator in (" ", ">"):
        p = nodes[index].parent
        while p >= 0:
            yield p
            if combinator == ">":
                return
            p = nodes[p].parent
        return
    parent = nodes[index].parent
    if parent < 0:
        return
    siblings = nodes[parent].children
    for s in reversed(siblings[: siblings.index(index)]):
        if nodes[s].text is None:  # elements only
            yield s
            if combinator == "+":
                return


class _Unsupported(Exception):
    pass


MAX_CACHED_CHAINS: Final = 8192
_chains: dict[str, Chain | None] = {}


def chain_for(selector: Selector) -> Chain | None:
    """The chain of a prepared selector (from its tokens; cached by its text)."""
    text = selector.text
    if text in _chains:
        return _chains[text]
    tokens: Sequence[object] = selector.tokens
    if selector.pseudo is not None:
        tokens = _before_pseudo_element(tokens, selector.pseudo)
    chain = chain_from_tokens(tokens)
    if len(_chains) >= MAX_CACHED_CHAINS:
        _chains.clear()
    _chains[text] = chain
    return chain


def _before_pseudo_element(tokens: Sequence[object], name: str) -> Sequence[object]:
    """A selector's tokens without its final `::before`/`:after` (the selector's `pseudo`, styled apart):
    what its text (the key of `_chains`) says, so `.a::before` gets the chain of `.a`. Unchanged when the
    tokens do not end so (the chain then fails as before and lexbor matches)."""
    end = len(tokens)
    while end and isinstance(tokens[end - 1], WhitespaceToken):
        end -= 1
    last = tokens[end - 1] if end else None
    if not (isinstance(last, IdentToken) and last.lower_value == name):
        return tokens
    start = end - 1
    for _ in range(2):  # `:after` or `::after`
        if start and isinstance(tokens[start - 1], LiteralToken) and tokens[start - 1].value == ":":  # type: ignore[attr-defined]
            start -= 1
    return tokens[:start] if start < end - 1 else tokens


@lru_cache(maxsize=1024)
def parse_chain(text: str) -> Chain | None:
    """The chain form of a selector text, or None when it uses something this matcher does not support."""
    return chain_from_tokens(tokenize(text))


def chain_from_tokens(tokens: Sequence[object]) -> Chain | None:
    try:
        compounds: list[Compound] = []
        combinators: list[str] = []
        current: list[object] = []
        pending = " "
        for t in tokens:
            if isinstance(t, WhitespaceToken) or (isinstance(t, LiteralToken) and t.value in COMBINATORS):
                if current:
                    compounds.append(_compound(current))
                    current = []
                    pending = " "
                elif isinstance(t, LiteralToken) and pending != " ":
                    return None  # two combinators in a row
                if isinstance(t, LiteralToken):
                    pending = t.value
                continue
            if not current and compounds:
                combinators.append(pending)
            current.append(t)
        if not current:
            return None
        compounds.append(_compound(current))
        if len(compounds) > MAX_COMPOUNDS or len(combinators) != len(compounds) - 1:
            return None
        return Chain(tuple(compounds), tuple(combinators))
    except (_Unsupported, IndexError, RecursionError):
        return None


def _compound(tokens: list[object]) -> Compound:
    tag: str | None = None
    ids: list[str] = []
    classes: list[str] = []
    attributes: list[AttributeTest] = []
    negations: list[Compound] = []
    never = False
    one_of: frozenset[str] | None = None
    root = False
    position = 0
    i = 0
    n = len(tokens)
    while i < n:
        t = tokens[i]
        if isinstance(t, IdentToken) and i == 0:
            tag = t.lower_value
        elif isinstance(t, LiteralToken) and t.value == "*" and i == 0:
            pass
        elif isinstance(t, HashToken) and t.is_identifier:
            ids.append(t.value)
        elif (
            isinstance(t, LiteralToken)
            and t.value == "."
            and i + 1 < n
            and isinstance(tokens[i + 1], IdentToken)
        ):
            classes.append(tokens[i + 1].value)  # type: ignore[attr-defined]
            i += 1
        elif isinstance(t, SquareBracketsBlock):
            attributes.append(_attribute(t))
        elif isinstance(t, LiteralToken) and t.value == ":" and i + 1 < n:
            pseudo = tokens[i + 1]
            i += 1
            if isinstance(pseudo, IdentToken) and pseudo.lower_value in NEVER_MATCH:
                never = True
            elif isinstance(pseudo, IdentToken) and pseudo.lower_value == "root":
                root = True
            elif isinstance(pseudo, IdentToken) and pseudo.lower_value in POSITIONS:
                position |= POSITIONS[pseudo.lower_value]
            elif isinstance(pseudo, IdentToken) and pseudo.lower_value in LINK_TAGS:
                allowed = LINK_TAGS[pseudo.lower_value]
                one_of = allowed if one_of is None else one_of & allowed
                attributes.append(AttributeTest("href", None, "", False))
            elif isinstance(pseudo, FunctionBlock) and pseudo.lower_name == "not":
                inner = [a for a in pseudo.arguments if not isinstance(a, WhitespaceToken)]
                if (
                    any(isinstance(a, LiteralToken) and a.value in (",", ">", "+", "~") for a in inner)
                    or not inner
                ):
                    raise _Unsupported
                negated = _compound(inner)
                if not (negated.never and len(inner) == 2):  # :not(:hover) always holds
                    negations.append(negated)
            else:
                raise _Unsupported
        else:
            raise _Unsupported
        i += 1
    if one_of is not None and tag is not None:  # `a:link`: the type decides
        never = never or tag not in one_of
        one_of = None
    return Compound(
        tag, tuple(ids), tuple(classes), tuple(attributes), tuple(negations), never, one_of, root, position
    )


def _attribute(block: SquareBracketsBlock) -> AttributeTest:
    parts = [t for t in block.content if not isinstance(t, WhitespaceToken)]
    if not parts or not isinstance(parts[0], IdentToken):
        raise _Unsupported
    name = parts[0].lower_value
    if len(parts) == 1:
        return AttributeTest(name, None, "", False)
    op_token = parts[1]
    rest = parts[2:]
    if not isinstance(op_token, LiteralToken):
        raise _Unsupported
    op = op_token.value
    if (
        op in ("~", "|", "^", "$", "*")
        and rest
        and isinstance(rest[0], LiteralToken)
        and rest[0].value == "="
    ):
        op += "="
        rest = rest[1:]
    if op not in ATTRIBUTE_OPERATORS or not rest or not isinstance(rest[0], (IdentToken, StringToken)):
        raise _Unsupported
    value = rest[0].value
    flags = rest[1:]
    ignore_case = name in CASE_INSENSITIVE_ATTRIBUTES
    if flags:
        if len(flags) != 1 or not isinstance(flags[0], IdentToken) or flags[0].lower_value not in ("i", "s"):
            raise _Unsupported
        ignore_case = flags[0].lower_value == "i"
    return AttributeTest(name, op, value, ignore_case)
