"""JSON output: the seed's shape, deterministic byte for byte, always encodable as UTF-8."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..model import SpatialDom


def well_formed(text: str) -> str:
    """`text` with lone surrogates (possible in str input, e.g. from surrogateescape) replaced by U+FFFD,
    so that every output can be written as UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def to_json(dom: SpatialDom, indent: int | None = None, explain: bool = False) -> str:
    separators = (",", ":") if indent is None else (",", ": ")
    data = dom.to_dict(explain=explain)
    return well_formed(json.dumps(data, ensure_ascii=False, indent=indent, separators=separators))
