"""Sessions for A2A tasks: a fresh session per task (closed when it ends), at most `limit` at once."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable

from browsy_engine.session import AsyncSession, SessionConfig

from ..sessions import AtCapacity


class TaskSessions:
    def __init__(self, make_config: Callable[[], SessionConfig], limit: int) -> None:
        self._make_config = make_config
        self.limit = limit
        self.active = 0

    @property
    def full(self) -> bool:
        return self.active >= self.limit

    @contextlib.asynccontextmanager
    async def open(self) -> AsyncIterator[AsyncSession]:
        if self.full:
            raise AtCapacity(self.limit)
        self.active += 1
        try:
            async with AsyncSession(self._make_config()) as session:
                yield session
        finally:
            self.active -= 1
