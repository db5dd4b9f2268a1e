"""Deltas between two Spatial DOMs: what an agent needs to re-read after an action.

Elements are matched by content — (tag, text, placeholder, href, input type, box) — not by id, since
ids are renumbered on every parse. A new element with no match in the old DOM is *changed* (added or
modified: when the content matches but a state such as val, checked or hidden differs, it is
reported too); an old element with no match in the new DOM is *removed* (its old id).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Final

from ..model import SpatialDom, SpatialElement
from .compact import element_lines
from .json_output import well_formed

_STATE_FIELDS: Final = ("role", "hidden", "name", "val", "label", "checked", "disabled", "expanded", "selected",
                 "required", "alert_type")  # fmt: skip

Key = tuple[Any, ...]


@dataclass(slots=True)
class DeltaDom:
    changed: list[SpatialElement] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    vp: list[float] = field(default_factory=lambda: [1920.0, 1080.0])

    def to_dict(self) -> dict[str, Any]:
        return {
            "changed": [el.to_dict() for el in self.changed],
            "removed": list(self.removed),
            "vp": list(self.vp),
        }

    def is_empty(self) -> bool:
        return not self.changed and not self.removed


def content_key(el: SpatialElement) -> Key:
    return (el.tag, el.text, el.ph, el.href, el.input_type, tuple(el.b))


def _state(el: SpatialElement) -> tuple[Any, ...]:
    return tuple(getattr(el, f) for f in _STATE_FIELDS)


def diff(old: SpatialDom, new: SpatialDom) -> DeltaDom:
    """Changed (added or modified) elements of `new` and removed ids of `old`, matched by content in
    document order (the k-th element with a given content pairs with the k-th one of the other DOM)."""
    pending: dict[Key, list[SpatialElement]] = defaultdict(list)
    for el in old.els:
        pending[content_key(el)].append(el)
    cursor: dict[Key, int] = defaultdict(int)
    changed: list[SpatialElement] = []
    matched_old: set[int] = set()
    for el in new.els:
        key = content_key(el)
        candidates = pending.get(key)
        k = cursor[key]
        if candidates and k < len(candidates):
            cursor[key] = k + 1
            twin = candidates[k]
            matched_old.add(twin.id)
            if _state(twin) != _state(el):
                changed.append(el)
        else:
            changed.append(el)
    removed = [el.id for el in old.els if el.id not in matched_old]
    return DeltaDom(changed=changed, removed=removed, vp=list(new.vp))


def delta_to_compact_string(delta: DeltaDom) -> str:
    """`-[ids]` (when something was removed), then one `[+id:…]` line per changed element."""
    lines: list[str] = []
    if delta.removed:
        lines.append("-[" + ",".join(str(i) for i in delta.removed) + "]")
    lines.extend(element_lines(delta.changed, delta.vp, marker="+"))
    return well_formed("\n".join(lines))
