"""SessionStore: the server's browsing sessions, keyed by the X-Browsy-Session token.

The seed's semantics: no token or an unknown/expired one → a new session (and a new token); a known token
→ that session; a session idle longer than the TTL expires and is closed; creating one more session than
`max_sessions` is refused (`AtCapacity`, answered with 503). Each session has a lock so that requests on one
session run one after another, while different sessions run concurrently.

Against exhaustion: a session made for a request is kept only if it holds something afterwards (a page or
a cookie); a request that failed before using it (400, 404, 502) leaves nothing behind. And one client
address may open at most `new_per_minute` sessions a minute (`TooManyNewSessions`, answered with 429).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from browsy_engine.session import AsyncSession, SessionConfig

log = logging.getLogger("browsy.server")


class AtCapacity(Exception):
    def __init__(self, limit: int) -> None:
        super().__init__(
            f"Server at capacity ({limit} sessions). Retry later or reuse your X-Browsy-Session token."
        )


class TooManyNewSessions(Exception):
    def __init__(self, limit: int) -> None:
        super().__init__(
            f"Too many new sessions from this address ({limit} a minute). Reuse your "
            "X-Browsy-Session token, or retry in a minute."
        )


class SessionUnavailable(Exception):
    """The shared session store cannot serve the session now (unreachable, or the session is busy)."""


@dataclass(slots=True)
class SessionEntry:
    token: str
    session: AsyncSession
    last_used: float
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    in_use: int = 0


class SessionStore:
    def __init__(
        self,
        make_config: Callable[[], SessionConfig],
        max_sessions: int = 100,
        ttl: float = 1800.0,
        clock: Callable[[], float] = time.monotonic,
        new_per_minute: int = 60,
    ) -> None:
        self._make_config = make_config
        self.max_sessions = max_sessions
        self.ttl = ttl
        self._clock = clock
        self._entries: dict[str, SessionEntry] = {}
        self.new_per_minute = new_per_minute
        self._opened: dict[str, list[float]] = {}  # client address -> when it opened its recent sessions

    def __len__(self) -> int:
        return len(self._entries)

    def _expired(self, entry: SessionEntry, now: float) -> bool:
        return entry.in_use == 0 and now - entry.last_used > self.ttl

    def resolve(self, token: str | None, client: str | None = None) -> SessionEntry:
        """The live session for `token`, or a new one; raises AtCapacity when a new one cannot be made and
        TooManyNewSessions when `client` opened too many this minute."""
        now = self._clock()
        entry = self._entries.get(token) if token else None
        if entry is not None and not self._expired(entry, now):
            return entry
        if entry is not None:
            self._drop(entry)
        if client is not None:
            recent = [t for t in self._opened.get(client, []) if now - t < 60.0]
            if len(recent) >= self.new_per_minute:
                self._opened[client] = recent
                raise TooManyNewSessions(self.new_per_minute)
            recent.append(now)
            self._opened[client] = recent
            if len(self._opened) > 10_000:  # forget the quiet addresses: the map stays bounded
                self._opened = {k: v for k, v in self._opened.items() if v and now - v[-1] < 60.0}
        if len(self._entries) >= self.max_sessions:
            self.sweep()
            if len(self._entries) >= self.max_sessions:
                raise AtCapacity(self.max_sessions)
        entry = SessionEntry(secrets.token_urlsafe(24), AsyncSession(self._make_config()), now)
        self._entries[entry.token] = entry
        return entry

    @contextlib.asynccontextmanager
    async def use(self, token: str | None, client: str | None = None) -> AsyncIterator[SessionEntry]:
        """Resolve `token` and hold the session's lock for the duration of one request. A session made
        for this request that holds nothing afterwards is dropped at once."""
        known = token is not None and token in self._entries
        entry = self.resolve(token, client)
        created = not known or entry.token != token
        entry.in_use += 1
        try:
            async with entry.lock:
                yield entry
        finally:
            entry.in_use -= 1
            entry.last_used = self._clock()
            if created and entry.in_use == 0 and not holds_state(entry.session):
                self._drop(entry)

    def sweep(self) -> int:
        """Expire every session idle longer than the TTL; returns how many were dropped."""
        now = self._clock()
        stale = [e for e in self._entries.values() if self._expired(e, now)]
        for entry in stale:
            self._drop(entry)
        return len(stale)

    def _drop(self, entry: SessionEntry) -> None:
        self._entries.pop(entry.token, None)
        task = asyncio.get_running_loop().create_task(entry.session.close())
        task.add_done_callback(_log_close_failure)

    async def sweep_forever(self) -> None:
        interval = min(max(self.ttl / 4, 0.05), 60.0)
        while True:
            await asyncio.sleep(interval)
            self.sweep()

    async def close_all(self) -> None:
        entries = list(self._entries.values())
        self._entries.clear()
        await asyncio.gather(*(e.session.close() for e in entries), return_exceptions=True)


def holds_state(session: AsyncSession) -> bool:
    """A page loaded or a cookie set: something a later request of this client may need."""
    return session.url() is not None or bool(session.cookies)


def _log_close_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.warning("closing an expired session failed: %s", task.exception())
