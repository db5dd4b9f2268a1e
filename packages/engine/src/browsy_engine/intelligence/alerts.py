"""alerts(): the elements the emitter classified as alerts (role alert/status, compound alert classes)."""

from __future__ import annotations

from ..model import SpatialDom, SpatialElement


def alerts(dom: SpatialDom) -> list[SpatialElement]:
    return [el for el in dom.els if el.alert_type]
