"""Rule-driven selector matching: which elements each selector matches, one query per selector.

Simple selectors (`div`, `.a.b`, `p#x.y`, `*`) are answered from indexes of the document built in one
pass (tag → elements, class → elements, id → elements). Others are answered once per distinct selector
text, after a cheap pre-check (a selector requiring a class, id or tag that does not occur in the
document cannot match and is skipped): when the subject compound has only a few candidate elements (from
its tag/class/id, else from an attribute it requires) and the selector has a common shape, chain.py
checks those candidates; when every compound of such a shape names a tag, class or id, index_join.py
joins the index lists; otherwise lexbor searches the tree.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from selectolax.lexbor import LexborHTMLParser
from tinycss2.serializer import serialize_identifier

from ..dom.tree import INDEXED_ATTRIBUTES, Document
from .chain import Compound, chain_for
from .index_join import match_by_index
from .selectors import Selector

_UNIVERSAL: Final = frozenset({"*"})
FEW_CANDIDATES: Final = 48  # below this, checking candidates in Python beats lexbor's whole-tree walk
VERY_FEW_CANDIDATES: Final = 4  # below this, checking candidates beats joining the indexes too
_probe = LexborHTMLParser("<p>")


@lru_cache(maxsize=8192)
def lexbor_accepts(selector: str) -> bool:
    """Whether lexbor can parse a selector (checked on a tiny document, so it costs nothing)."""
    try:
        _probe.css(selector)
    except Exception:
        return False
    return True


class Matcher:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        index = doc.index()
        self.tags, self.classes, self.ids = index.tags, index.classes, index.ids
        self.elements, self._with_indexed = index.elements, index.with_attribute
        self._lexbor_cache: dict[str, list[int] | None] = {}
        self._attribute_cache: dict[str, list[int] | None] = {}

    # ---- matching -------------------------------------------------------------------------------
    def could_match(self, sel: Selector) -> bool:
        """False when the selector requires a tag, class or id the document does not have, a state no
        static page has (`:hover`, `:focus`, …), or an indexed attribute no element has (`[hidden]`)."""
        tags = sel.tags - _UNIVERSAL if "*" in sel.tags else sel.tags
        if not (
            self.tags.keys() >= tags and self.classes.keys() >= sel.classes and self.ids.keys() >= sel.ids
        ):
            return False
        chain = chain_for(sel)
        if chain is None:
            return True
        attributes = chain.compounds[-1].attributes
        if (
            attributes
            and attributes[0].name in INDEXED_ATTRIBUTES
            and attributes[0].name not in self._with_indexed
        ):
            return False
        return not chain.never

    def match(self, sel: Selector) -> list[int] | None:
        """Element indices the selector matches (document order); None if lexbor rejects it."""
        if sel.simple:
            return self._match_simple(sel)
        if not self.could_match(sel):
            return [] if lexbor_accepts(sel.text) else None
        cached = self._lexbor_cache.get(sel.text, ())
        if cached != ():
            return cached  # type: ignore[return-value]
        found: list[int] | None = None
        candidates = self.subject_candidates(sel)
        chain = chain_for(sel)
        if candidates is None and chain is not None and chain.compounds[-1].root:
            nodes = self.doc.nodes
            candidates = [i for i in self.elements[:1] if nodes[i].parent < 0]  # the document element
        if candidates is None and chain is not None and chain.compounds[-1].attributes:
            candidates = self._with_attribute(chain.compounds[-1].attributes[0].name)
        if candidates is None and len(self.elements) <= FEW_CANDIDATES:
            candidates = self.elements  # a small document: every element is a cheap candidate
        if chain is not None:
            joinable = (
                not self.doc.quirks and chain.indexable
            )  # lexbor matches classes/ids caselessly in quirks
            few = FEW_CANDIDATES if not joinable else VERY_FEW_CANDIDATES
            if candidates is not None and len(candidates) <= few:
                found = chain.match(self.doc.nodes, candidates)
            elif joinable:
                found = match_by_index(
                    chain, self.doc.nodes, self._compound_candidates, self.doc.subtree_ends()
                )
        if found is None:
            found = self.doc.select_checked(sel.text)
        self._lexbor_cache[sel.text] = found
        return found

    def by_attribute_value(self, tag: str, name: str) -> dict[str, list[int]] | None:
        """The `tag` elements having attribute `name`, grouped by its value in lowercase, in document order:
        what `match` finds for each `tag[name=value i]` at once. None when `match` would ask lexbor instead
        (a quirks document with many such elements; lexbor compares ASCII letters only)."""
        elements = self.tags.get(tag, [])
        if self.doc.quirks and len(elements) > FEW_CANDIDATES:
            return None
        nodes = self.doc.nodes
        groups: dict[str, list[int]] = {}
        for i in elements:
            attrs = nodes[i].attrs
            if name in attrs:
                value = (attrs[name] or "").lower()
                found = groups.get(value)
                if found is None:
                    groups[value] = [i]
                else:
                    found.append(i)
        return groups

    def subject_candidates(self, sel: Selector) -> list[int] | None:
        """The shortest index list the subject compound must be in (None: it names no tag/class/id)."""
        best: list[int] | None = None
        for key, index in (
            (sel.key_tags, self.tags),
            (sel.key_classes, self.classes),
            (sel.key_ids, self.ids),
        ):
            for name in key:
                found = index.get(name, [])
                if best is None or len(found) < len(best):
                    best = found
        return best

    def _with_attribute(self, name: str) -> list[int] | None:
        """Candidates for a subject compound that requires attribute `name` (and names no tag/class/id): the
        elements having it when it is one of INDEXED_ATTRIBUTES or the document is small; on a large one
        none if lexbor finds no element with it, else None (unknown: lexbor matches the whole selector)."""
        found = self._attribute_cache.get(name, ())
        if found != ():
            return found  # type: ignore[return-value]
        if name in INDEXED_ATTRIBUTES:
            found = self._with_indexed.get(name, [])
        elif len(self.elements) <= FEW_CANDIDATES:
            nodes = self.doc.nodes
            found = [i for i in self.elements if name in nodes[i].attrs]
        else:
            found = None if self.doc.select(f"[{serialize_identifier(name)}]") else []
        self._attribute_cache[name] = found
        return found

    def _match_simple(self, sel: Selector) -> list[int]:
        return self._intersect(sel.tags, sel.classes, sel.ids)

    def _compound_candidates(self, compound: Compound) -> list[int]:
        """Elements with the compound's tag, classes and ids (its other conditions unchecked)."""
        return self._intersect(
            (compound.tag,) if compound.tag is not None else (), compound.classes, compound.ids
        )

    def _intersect(self, tags: Iterable[str], classes: Iterable[str], ids: Iterable[str]) -> list[int]:
        """Elements having all these tags, classes and ids, in document order (every element if none)."""
        lists: list[list[int]] = []
        for t in tags:
            lists.append(self.tags.get(t, []))
        for c in classes:
            lists.append(self.classes.get(c, []))
        for i in ids:
            lists.append(self.ids.get(i, []))
        if not lists:
            return self.elements
        if len(lists) == 1:
            return lists[0]
        lists.sort(key=len)
        result = lists[0]
        for other in lists[1:]:
            keep = set(other)
            result = [i for i in result if i in keep]
        return result
