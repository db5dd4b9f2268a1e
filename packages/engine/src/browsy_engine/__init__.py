"""browsy engine: HTML → Spatial DOM, with page intelligence."""

from typing import Any

from . import _native

# Before any other module of the engine is imported: their compiled build, if it matches the sources.
_native.install()

from .intelligence.alerts import alerts
from .intelligence.behaviors import detect_behaviors
from .intelligence.codes import find_codes
from .intelligence.pagination import pagination
from .intelligence.tables import tables
from .model import SpatialDom, SpatialElement, connect_helpers
from .output.compact import to_compact_string
from .output.delta import DeltaDom, delta_to_compact_string, diff
from .output.json_output import to_json
from .pipeline import parse

connect_helpers(
    tables=tables,
    alerts=alerts,
    find_codes=find_codes,
    pagination=pagination,
    behaviors=detect_behaviors,
    to_json=to_json,
    to_compact=to_compact_string,
)

# Sessions pull in the network stack (httpx); they load on first use so `parse` stays light. The error
# names mirror session.errors.__all__ (a test checks they agree).
_SESSION_EXPORTS = (
    "ActionError",
    "AsyncSession",
    "BlockedUrl",
    "BrowsyError",
    "HttpError",
    "InvalidUrl",
    "Network",
    "NoPage",
    "PageError",
    "RenderUnavailable",
    "ResponseTooLarge",
    "Session",
    "SessionConfig",
)


def __getattr__(name: str) -> Any:
    if name in _SESSION_EXPORTS:
        from . import session

        return getattr(session, name)
    raise AttributeError(f"module 'browsy_engine' has no attribute {name!r}")


__all__ = [
    "DeltaDom",
    "SpatialDom",
    "SpatialElement",
    "delta_to_compact_string",
    "diff",
    "parse",
    *_SESSION_EXPORTS,
]
