"""What the user did to a page's form controls, and how that shows in the Spatial DOM.

State is keyed by source node index (`SpatialElement.node`), so it survives re-emission and applies to
the form data set directly. The controls of an inlined frame's document have a state of their own,
keyed by their node in that document (`FormState.frames`, by the iframe's element id). Values never
appear in repr() (they may be passwords).
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
    frames: dict[int, FormState] = field(default_factory=dict)  # iframe element id → its document's state

    def is_empty(self) -> bool:
        own = not (self.values or self.checked or self.selected)
        return own and all(state.is_empty() for state in self.frames.values())

    def of_frame(self, frame_id: int) -> FormState:
        """The state of the controls in the document of frame `frame_id` (made on first use)."""
        return self.frames.setdefault(frame_id, FormState())

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
    """A copy of `dom` whose elements show the form state (val, checked), the page's and its frames';
    `dom` itself is untouched."""
    if state.is_empty() or dom.document is None:
        return dom
    shown: dict[int, SpatialElement] = {}
    for el in dom.els:
        if el.node >= 0:
            changed = _shown(el, el.node, state, dom.document)
            if changed is not None:
                shown[el.id] = changed
    for frame in dom.frames:
        frame_state = state.frames.get(frame.id)
        if frame_state is None or frame_state.is_empty() or frame.first is None or frame.last is None:
            continue
        for element_id in range(frame.first, frame.last + 1):
            inside, node = dom.get(element_id), frame.node_of(element_id)
            if inside is not None and node is not None:
                changed = _shown(inside, node, frame_state, frame.document)
                if changed is not None:
                    shown[inside.id] = changed
    if not shown:
        return dom
    return dataclasses.replace(dom, els=[shown.get(el.id, el) for el in dom.els])


def _shown(el: SpatialElement, node: int, state: FormState, doc: Document) -> SpatialElement | None:
    """A copy of `el` (whose source is `node` of `doc`) showing `state`; None when it has none."""
    if node not in state.values and node not in state.checked and node not in state.selected:
        return None
    el = el.copy()
    if node in state.values:
        value = state.values[node]
        el.val = PASSWORD_MASK if value and el.tag == "input" and el.input_type == "password" else value
    if node in state.checked:
        el.checked = state.checked[node]
    if node in state.selected:
        chosen = state.selected[node]
        el.val = ", ".join(forms.option_value(doc, o) for o in chosen) if chosen else None
    return el
