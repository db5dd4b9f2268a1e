"""browsy engine: HTML → Spatial DOM, with page intelligence."""

from typing import Any

from .model import SpatialDom, SpatialElement
from .output.delta import DeltaDom, delta_to_compact_string, diff
from .pipeline import parse

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
