"""Delta output. Placeholder until the output stage lands."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import SpatialDom, SpatialElement


@dataclass(slots=True)
class DeltaDom:
    changed: list[SpatialElement] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    vp: list[float] = field(default_factory=lambda: [1920.0, 1080.0])


def diff(old: SpatialDom, new: SpatialDom) -> DeltaDom:
    return DeltaDom(changed=list(new.els), removed=[el.id for el in old.els], vp=list(new.vp))


def delta_to_compact_string(delta: DeltaDom) -> str:
    return ""
