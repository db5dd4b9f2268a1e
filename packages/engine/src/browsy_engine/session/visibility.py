"""Simulated show/hide/toggle behaviours: a new Spatial DOM with the targets' `hidden` flipped.

The first target is the container (the element named by data-target, aria-controls, …); every element
inside it follows its new state. The result says which element ids changed, and how.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..model import SpatialDom, SpatialElement
from .forms import descendants


@dataclass(slots=True)
class VisibilityChange:
    dom: SpatialDom  # the new DOM (the same object when nothing changed)
    shown: list[int]
    hidden: list[int]

    @property
    def changed(self) -> list[int]:
        return self.shown + self.hidden

    def summary(self) -> str:
        parts = []
        if self.shown:
            parts.append(f"now visible: {_ids(self.shown)}")
        if self.hidden:
            parts.append(f"now hidden: {_ids(self.hidden)}")
        return "; ".join(parts) if parts else "no element changed"


def apply_visibility(dom: SpatialDom, behavior: Any) -> VisibilityChange:
    """Apply a toggle/show/hide behaviour (its `action` and `target_ids`) to `dom` (left untouched)."""
    by_id = {e.id: e for e in dom.els}
    targets = [by_id[t] for t in behavior.target_ids if t in by_id]
    if not targets:
        return VisibilityChange(dom, [], [])
    hidden = {"show": False, "hide": True}.get(behavior.action, not targets[0].hidden)
    wanted = {t.id: hidden for t in targets}
    doc = dom.document
    container = targets[0].node
    if doc is not None and 0 <= container < len(doc.nodes):
        inside = descendants(doc, container)
        wanted.update({e.id: hidden for e in dom.els if e.node in inside})
    changed = {i for i, h in wanted.items() if bool(by_id[i].hidden) != h}
    if not changed:
        return VisibilityChange(dom, [], [])
    els = [_with_hidden(e, hidden) if e.id in changed else e for e in dom.els]
    ordered = [e.id for e in dom.els if e.id in changed]
    new_dom = dataclasses.replace(dom, els=els)
    return VisibilityChange(new_dom, [] if hidden else ordered, ordered if hidden else [])


def _with_hidden(el: SpatialElement, hidden: bool) -> SpatialElement:
    clone = el.copy()
    clone.hidden = True if hidden else None
    return clone


def _ids(ids: list[int]) -> str:
    return ", ".join(str(i) for i in ids[:20]) + (f" and {len(ids) - 20} more" if len(ids) > 20 else "")
