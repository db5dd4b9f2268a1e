"""JSON output: the seed's shape, deterministic byte for byte."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model import SpatialDom


def to_json(dom: SpatialDom, indent: int | None = None) -> str:
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(dom.to_dict(), ensure_ascii=False, indent=indent, separators=separators)
