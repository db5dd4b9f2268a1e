"""What the user did to a page's form controls, and how that shows in the Spatial DOM.

State is keyed by source node index (`SpatialElement.node`), so it survives re-emission and applies to
the form data set directly. Values never appear in repr() (they may be passwords).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..dom.tree import Document
from ..model import PASSWORD_MASK, SpatialDom, SpatialElement
from . import forms


@dataclass(slots=True)
class FormState:
    values: dict[int, str] = field(default_factory=dict, repr=False)
    checked: dict[int, bool] = field(default_factory=dict)
    selected: dict[int, list[int]] = field(default_factory=dict)  # select node → option nodes

    def is_empty(self) -> bool:
        return not (self.values or self.checked or self.selected)

    def value(self, doc: Document, index: int) -> str:
        found = self.values.get(index)
        return found if found is not None else forms.default_value(doc, index)

    def is_checked(self, doc: Document, index: int) -> bool:
        found = self.checked.get(index)
        return found if found is not None else forms.default_checked(doc.nodes[index])

    def selected_options(self, doc: Document, index: int) -> list[int]:
        found = self.selected.get(index)
        return list(found) if found is not None else forms.default_selected(doc, index)

    def reset(self, nodes: set[int]) -> None:
        """Forget the user's changes to these controls (a reset button)."""
        for store in (self.values, self.checked, self.selected):
            for i in [k for k in store if k in nodes]:
                del store[i]


def overlay(dom: SpatialDom, state: FormState) -> SpatialDom:
    """A copy of `dom` whose elements show the form state (val, checked); `dom` itself is untouched."""
    if state.is_empty() or dom.document is None:
        return dom
    doc: Document = dom.document
    touched = set(state.values) | set(state.checked) | set(state.selected)
    els: list[SpatialElement] = []
    for el in dom.els:
        if el.node not in touched:
            els.append(el)
            continue
        el = el.copy()
        if el.node in state.values:
            value = state.values[el.node]
            el.val = PASSWORD_MASK if value and el.tag == "input" and el.input_type == "password" else value
        if el.node in state.checked:
            el.checked = state.checked[el.node]
        if el.node in state.selected:
            chosen = state.selected[el.node]
            el.val = ", ".join(forms.option_value(doc, o) for o in chosen) if chosen else None
        els.append(el)
    return dataclasses.replace(dom, els=els)
