"""Labels of form fields: `aria-labelledby`, `<label for=id>`, a wrapping `<label>`, then `aria-label`.

Built once per document (id map, for= map, nearest label ancestor per node) so that looking up a
field's label is O(1) plus reading the label's text once (cached).
"""

from __future__ import annotations

from ..dom.tree import Document
from .text import TextReader, collapse


class LabelIndex:
    def __init__(self, doc: Document, reader: TextReader) -> None:
        self._nodes = doc.nodes
        self._reader = reader
        self.by_id: dict[str, int] = {}
        self._for: dict[str, int] = {}
        self._cache: dict[int, str] = {}
        n = len(doc.nodes)
        self.label_ancestor = [-1] * n
        anc = self.label_ancestor
        for node in doc.nodes:
            if node.text is not None:
                continue
            i = node.index
            p = node.parent
            attrs = node.attrs
            element_id = attrs.get("id")
            if element_id and element_id not in self.by_id:
                self.by_id[element_id] = i
            if node.tag == "label":
                anc[i] = i
                target = attrs.get("for")
                if target and target not in self._for:
                    self._for[target] = i
            elif p >= 0:
                anc[i] = anc[p]

    def text_of_label(self, label: int) -> str:
        cached = self._cache.get(label)
        if cached is None:
            cached = self._reader.label_text(label)
            self._cache[label] = cached
        return cached

    def labelledby_text(self, index: int) -> str:
        ids = (self._nodes[index].attrs.get("aria-labelledby") or "").split()
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
            label = self._for.get(element_id)
            if label is not None:
                text = self.text_of_label(label)
                if text:
                    return text
        wrapping = self.label_ancestor[index]
        if wrapping >= 0:
            target = self._nodes[wrapping].attrs.get("for")
            if not target or target == element_id:
                text = self.text_of_label(wrapping)
                if text:
                    return text
        return collapse(node.attrs.get("aria-label") or "") or None
