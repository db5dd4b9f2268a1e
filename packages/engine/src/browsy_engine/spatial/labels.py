"""Labels of form fields: `aria-labelledby`, `<label for=id>`, a wrapping `<label>`, then `aria-label`.

The id map and the for= map are built once per document, on first use (most pages need neither), so
that looking up a field's label is a dict lookup or a walk up its ancestors, plus reading each label's
text once (cached).
"""

from __future__ import annotations

from ..dom.tree import Document
from .text import TextReader, collapse


class LabelIndex:
    def __init__(self, doc: Document, reader: TextReader) -> None:
        self._nodes = doc.nodes
        self._reader = reader
        self._by_id: dict[str, int] | None = None  # built on the first aria-labelledby lookup
        self._for: dict[str, int] | None = None  # built on the first field with an id
        self._cache: dict[int, str] = {}
        self._label_above: dict[int, int] = {}  # node → nearest label at or above it

    @property
    def by_id(self) -> dict[str, int]:
        """HTML id → the first node carrying it."""
        if self._by_id is None:
            self._by_id = {}
            for node in self._nodes:
                element_id = node.attrs.get("id") if node.attrs else None
                if element_id and element_id not in self._by_id:
                    self._by_id[element_id] = node.index
        return self._by_id

    def _label_for(self, element_id: str) -> int | None:
        """The first <label for=element_id>."""
        if self._for is None:
            self._for = {}
            for node in self._nodes:
                if node.tag == "label":
                    target = node.attrs.get("for")
                    if target and target not in self._for:
                        self._for[target] = node.index
        return self._for.get(element_id)

    def wrapping_label(self, index: int) -> int:
        """The nearest <label> ancestor of a node, or -1 (memoised per ancestor: linear overall)."""
        nodes = self._nodes
        known = self._label_above
        path: list[int] = []
        p = nodes[index].parent
        found = -1
        while p >= 0:
            if p in known:
                found = known[p]
                break
            if nodes[p].tag == "label":
                found = p
                break
            path.append(p)
            p = nodes[p].parent
        for q in path:
            known[q] = found
        return found

    def text_of_label(self, label: int) -> str:
        cached = self._cache.get(label)
        if cached is None:
            cached = self._reader.label_text(label)
            self._cache[label] = cached
        return cached

    def labelledby_text(self, index: int) -> str:
        ids = (self._nodes[index].attrs.get("aria-labelledby") or "").split()
        if not ids:
            return ""
        parts = []
        for element_id in ids:
            target = self.by_id.get(element_id)
            if target is not None and target != index:
                parts.append(self._reader.full_text(target))
        return collapse(" ".join(parts))

    def label_for(self, index: int) -> str | None:
        node = self._nodes[index]
        text = self.labelledby_text(index)
        if text:
            return text
        element_id = node.attrs.get("id")
        if element_id:
            label = self._label_for(element_id)
            if label is not None:
                text = self.text_of_label(label)
                if text:
                    return text
        wrapping = self.wrapping_label(index)
        if wrapping >= 0:
            target = self._nodes[wrapping].attrs.get("for")
            if not target or target == element_id:
                text = self.text_of_label(wrapping)
                if text:
                    return text
        return collapse(node.attrs.get("aria-label") or "") or None
