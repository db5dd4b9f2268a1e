"""Sessions over the network: AsyncSession (the engine), Session (blocking facade), SessionConfig, errors."""

from .config import SessionConfig
from .errors import (
    ActionError,
    BlockedUrl,
    BrowsyError,
    HttpError,
    InvalidUrl,
    Network,
    PageError,
    ResponseTooLarge,
)
from .finders import InputPurpose
from .interact import Outcome
from .search import SearchEngine, SearchPage, SearchResult
from .session import AsyncSession
from .sync import Session

__all__ = [
    "ActionError",
    "AsyncSession",
    "BlockedUrl",
    "BrowsyError",
    "HttpError",
    "InputPurpose",
    "InvalidUrl",
    "Network",
    "Outcome",
    "PageError",
    "ResponseTooLarge",
    "SearchEngine",
    "SearchPage",
    "SearchResult",
    "Session",
    "SessionConfig",
]
