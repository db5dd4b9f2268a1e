"""Sessions over the network: AsyncSession (the engine), Session (blocking facade), SessionConfig, errors."""

from . import errors
from .config import SessionConfig
from .errors import *  # noqa: F403 - the error classes, listed once in errors.__all__
from .finders import InputPurpose
from .interact import Outcome
from .search import SearchEngine, SearchPage, SearchResult
from .session import AsyncSession
from .sync import Session

__all__ = [
    *errors.__all__,
    "AsyncSession",
    "InputPurpose",
    "Outcome",
    "SearchEngine",
    "SearchPage",
    "SearchResult",
    "Session",
    "SessionConfig",
]
