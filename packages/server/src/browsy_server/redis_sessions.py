"""RedisSessionStore: sessions kept in Redis, so that any `browsy serve` process (`--workers N`, or several
servers behind a load balancer) can answer any request of any session.

What is shared (keys under `browsy:`):
- `session:<token>`: a hash of the session's snapshot (engine session/snapshot.py: cookies, history, form
  state, the current page's source, URL and viewport) and its revision, expiring after the TTL of idleness;
- `sessions`: a sorted set of live tokens by last use, which holds the session cap for the whole deployment;
- `lock:<token>`: the per-session lock (redis-py's Lock: SET NX with a timeout, released by a script that
  checks the owner), so that the requests of one session run one after another on whatever process;
- `new:<address>:<minute>`: sessions an address opened this minute (the 429 limit across processes).

Each process keeps the sessions it used last (an LRU of parsed pages, `local_sessions`): when the stored
revision is the one its copy matches (only the revision is read), the copy is used as it is; otherwise the
session is restored from the snapshot and its page parsed again, which gives the same elements and ids.
A request that changes nothing (a read) keeps the revision, so reads spread over processes stay cheap. Tokens stay `secrets.token_urlsafe(24)`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass

from browsy_engine.session import AsyncSession, BrowsyError, SessionConfig
from browsy_engine.session.snapshot import fingerprint, restore, snapshot
from redis import asyncio as aioredis
from redis.exceptions import LockError, RedisError

from .sessions import AtCapacity, SessionEntry, SessionUnavailable, TooManyNewSessions, holds_state

log = logging.getLogger("browsy.server")

PREFIX = "browsy:"
# Take a place under the cap: forget places idle past the TTL, refuse when the cap is reached. Atomic, so
# two processes cannot both take the last place.
_TAKE_PLACE = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
return 1
"""


@dataclass(slots=True)
class LocalCopy:
    """A session as this process last used it: the stored revision it matches and its fingerprint then
    (snapshot.fingerprint: equal exactly when nothing changed since)."""

    revision: str
    session: AsyncSession
    fingerprint: str
    used: float


class RedisSessionStore:
    def __init__(
        self,
        url: str,
        make_config: Callable[[], SessionConfig],
        max_sessions: int = 100,
        ttl: float = 1800.0,
        new_per_minute: int = 60,
        local_sessions: int = 64,
        lock_timeout: float | None = None,
    ) -> None:
        self._redis = aioredis.Redis.from_url(url, socket_timeout=10, socket_connect_timeout=5)
        self._make_config = make_config
        self.max_sessions = max_sessions
        self.ttl = ttl
        self.new_per_minute = new_per_minute
        self.local_sessions = local_sessions
        # A request holds its session's lock at most this long (a stuck process frees it when it expires).
        self.lock_timeout = lock_timeout or max(60.0, 4 * make_config().timeout_secs)
        self._local: OrderedDict[str, LocalCopy] = OrderedDict()  # token -> this process's copy
        self._take_place = self._redis.register_script(_TAKE_PLACE)

    async def check(self) -> None:
        """Raise SessionUnavailable when Redis cannot be reached (at start-up: fail early and clearly)."""
        try:
            await self._redis.ping()
        except (RedisError, OSError) as err:
            raise SessionUnavailable(f"the session store (Redis) cannot be reached: {err}") from None

    @contextlib.asynccontextmanager
    async def use(self, token: str | None, client: str | None = None) -> AsyncIterator[SessionEntry]:
        """The session of `token` (or a new one), locked across every process for one request, and saved
        back when the request is done."""
        with _reachable():
            stored = token is not None and bool(await self._redis.exists(_key(token)))
        if token is None or not stored:
            async with self._new(client) as entry:
                yield entry
            return
        lock = self._redis.lock(
            PREFIX + "lock:" + token, timeout=self.lock_timeout, blocking_timeout=self.lock_timeout
        )
        with _reachable():
            if not await lock.acquire():
                raise SessionUnavailable("the session is busy with another request; retry")
        try:
            loaded = await self._load(token)
            if loaded is None:  # it expired between the check and the lock
                async with self._new(client) as fresh:
                    yield fresh
                return
            try:
                yield loaded
            finally:
                await self._save(loaded)
        finally:
            with contextlib.suppress(LockError, RedisError, OSError):
                await lock.release()

    @contextlib.asynccontextmanager
    async def _new(self, client: str | None) -> AsyncIterator[SessionEntry]:
        now = time.time()
        token = secrets.token_urlsafe(24)
        with _reachable():
            if client is not None:
                window = f"{PREFIX}new:{client}:{int(now // 60)}"
                opened = await self._redis.incr(window)
                if opened == 1:
                    await self._redis.expire(window, 120)
                if opened > self.new_per_minute:
                    raise TooManyNewSessions(self.new_per_minute)
            place: list[str | float] = [now, self.ttl, self.max_sessions, token]
            if not await self._take_place(keys=[PREFIX + "sessions"], args=place):
                raise AtCapacity(self.max_sessions)
        entry = SessionEntry(token, AsyncSession(self._make_config()), now)
        try:
            yield entry
        finally:
            if holds_state(entry.session):
                await self._save(entry)
            else:  # nothing to keep: give the place back
                with contextlib.suppress(RedisError, OSError):
                    await self._redis.zrem(PREFIX + "sessions", token)
                await entry.session.close()

    async def _load(self, token: str) -> SessionEntry | None:
        """The stored session: this process's copy when it holds the stored revision (only the revision is
        read), else restored from the snapshot (its page parsed again). None when it is gone."""
        with _reachable():
            stored = await self._redis.hget(_key(token), "revision")
        if stored is None:
            return None
        revision = _str(stored)
        cached = self._local.pop(token, None)
        if cached is not None and cached.revision == revision:
            cached.used = time.time()
            self._local[token] = cached
            return SessionEntry(token, cached.session, cached.used)
        if cached is not None:
            await cached.session.close()
        with _reachable():
            found, raw = await self._redis.hmget(_key(token), ["revision", "snapshot"])
        if found is None or raw is None:
            return None
        revision, text = _str(found), _str(raw)
        session = AsyncSession(self._make_config())
        try:
            await restore(session, json.loads(text))
        except (BrowsyError, ValueError) as err:
            await session.close()
            raise SessionUnavailable(f"the session could not be restored ({err}); start a new one") from None
        self._keep(token, LocalCopy(revision, session, fingerprint(session), time.time()))
        return SessionEntry(token, session, time.time())

    async def _save(self, entry: SessionEntry) -> None:
        """Write the session back when the request changed it (a new revision), refresh its TTL and its place
        under the cap, and keep it in this process's LRU. A request that changed nothing (a read) leaves the
        revision as it was, so every process holding that revision keeps using its copy."""
        current = fingerprint(entry.session)
        cached = self._local.get(entry.token)
        changed = cached is None or cached.session is not entry.session or cached.fingerprint != current
        revision = secrets.token_hex(8) if changed or cached is None else cached.revision
        now = time.time()
        key = _key(entry.token)
        try:
            async with self._redis.pipeline(transaction=True) as pipe:
                if changed:
                    text = json.dumps(snapshot(entry.session), separators=(",", ":"))
                    pipe.hset(key, mapping={"revision": revision, "snapshot": text})
                pipe.expire(key, math.ceil(self.ttl))
                pipe.zadd(PREFIX + "sessions", {entry.token: now})
                await pipe.execute()
        except (RedisError, OSError) as err:
            log.warning("saving a session to Redis failed: %s", err)
            self._local.pop(entry.token, None)
            await entry.session.close()
            return
        self._keep(entry.token, LocalCopy(revision, entry.session, current, now))

    def _keep(self, token: str, copy: LocalCopy) -> None:
        self._local[token] = copy
        self._local.move_to_end(token)
        while len(self._local) > self.local_sessions:
            _, old = self._local.popitem(last=False)
            _close_later(old.session)

    async def count(self) -> int:
        """Live sessions across the deployment."""
        now = time.time()
        await self._redis.zremrangebyscore(PREFIX + "sessions", "-inf", now - self.ttl)
        return int(await self._redis.zcard(PREFIX + "sessions"))

    async def sweep_forever(self) -> None:
        """Close this process's copies of sessions idle past the TTL (their stored form expires in Redis)."""
        interval = min(max(self.ttl / 4, 0.05), 60.0)
        while True:
            await asyncio.sleep(interval)
            oldest = time.time() - self.ttl
            for token in [t for t, copy in self._local.items() if copy.used < oldest]:
                await self._local.pop(token).session.close()

    async def close_all(self) -> None:
        sessions = [copy.session for copy in self._local.values()]
        self._local.clear()
        for session in sessions:
            await session.close()
        await self._redis.aclose()


def _close_later(session: AsyncSession) -> None:
    asyncio.get_running_loop().create_task(session.close())


def _str(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _key(token: str) -> str:
    return f"{PREFIX}session:{token}"


@contextlib.contextmanager
def _reachable() -> Iterator[None]:
    """Redis failures as SessionUnavailable (answered 503 with the reason)."""
    try:
        yield
    except (RedisError, OSError) as err:
        raise SessionUnavailable(f"the session store (Redis) cannot be reached: {err}") from None


def describe(url: str) -> str:
    """The store's URL without a password, for messages and logs."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{parts.path}"
