"""Sessions for A2A tasks: a fresh session per task (closed when it ends), or a named one that lives on.

A task whose params name a `session` runs in that named session: the first task opens it, later tasks
with the same name find its cookies, history and page (one task at a time per session). Names belong to
their owner — the caller's `X-Browsy-Session` key, or else the task's A2A context id — so one caller can
never reach another's sessions. Named sessions idle longer than `ttl` are closed. At most `limit`
sessions (fresh and named together) are in use at once; one more is refused with AtCapacity.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from browsy_engine.session import AsyncSession, SessionConfig

from ..sessions import AtCapacity


@dataclass(slots=True)
class _Kept:
    session: AsyncSession
    last_used: float
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    busy: int = 0


class TaskSessions:
    def __init__(self, make_config: Callable[[], SessionConfig], limit: int, ttl: float = 1800.0) -> None:
        self._make_config = make_config
        self.limit = limit
        self.ttl = ttl
        self.active = 0
        self._kept: dict[tuple[str, str], _Kept] = {}

    @property
    def full(self) -> bool:
        return self.active + self._idle_kept() >= self.limit

    def _idle_kept(self) -> int:
        return sum(1 for k in self._kept.values() if k.busy == 0)

    @contextlib.asynccontextmanager
    async def open(self, name: str | None = None, owner: str | None = None) -> AsyncIterator[AsyncSession]:
        """A session for one task: a fresh one, or the named session of `owner` (opened on first use)."""
        if name is not None and owner:
            async with self._named(name, owner) as session:
                yield session
            return
        await self._expire()
        if self.full:
            raise AtCapacity(self.limit)
        self.active += 1
        try:
            async with AsyncSession(self._make_config()) as session:
                yield session
        finally:
            self.active -= 1

    @contextlib.asynccontextmanager
    async def _named(self, name: str, owner: str) -> AsyncIterator[AsyncSession]:
        await self._expire()
        key = (owner, name)
        kept = self._kept.get(key)
        if kept is None:
            if self.full:
                raise AtCapacity(self.limit)
            kept = self._kept[key] = _Kept(AsyncSession(self._make_config()), time.monotonic())
        kept.busy += 1
        self.active += 1
        try:
            async with kept.lock:
                yield kept.session
        finally:
            kept.busy -= 1
            self.active -= 1
            kept.last_used = time.monotonic()

    async def _expire(self) -> None:
        now = time.monotonic()
        stale = [k for k, v in self._kept.items() if v.busy == 0 and now - v.last_used > self.ttl]
        for key in stale:
            await self._kept.pop(key).session.close()

    async def close_all(self) -> None:
        kept, self._kept = list(self._kept.values()), {}
        for entry in kept:
            await entry.session.close()
