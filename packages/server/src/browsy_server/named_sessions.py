"""Named sessions for hosts that serve one client over one connection (`browsy mcp`).

Every tool takes an optional `session` name; without it the call goes to the session named "default".
A name opens its session on first use; sessions are independent (cookies, history, form state). At most
`max_sessions` live at once (one more is refused with the names to close); a session idle longer than
`ttl` seconds is closed on the next call. `list_sessions` and `close_session` manage them.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from browsy_engine.session import AsyncSession, SessionConfig
from browsy_engine.tools import ToolResult
from browsy_engine.tools.result import ToolError

DEFAULT = "default"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
SESSION_PROPERTY: dict[str, Any] = {
    "type": "string",
    "pattern": NAME.pattern,
    "description": 'Name of the browsing session to use (opened on first use; default "default"). Sessions '
    "are independent: cookies, history and form state.",
}
LIST_SESSIONS_DESCRIPTION = (
    "List the open browsing sessions: JSON array of name, url and title of the current page, cookies and "
    "seconds idle."
)
CLOSE_SESSION_DESCRIPTION = (
    "Close a named browsing session (its cookies and history are gone). Returns a confirmation."
)


@dataclass(slots=True)
class _Named:
    session: AsyncSession
    last_used: float = field(default_factory=time.monotonic)


class NamedSessions:
    def __init__(
        self, make_config: Callable[[], SessionConfig], max_sessions: int = 20, ttl: float = 1800.0
    ) -> None:
        self._make_config = make_config
        self.max_sessions = max_sessions
        self.ttl = ttl
        self._open: dict[str, _Named] = {}

    async def get(self, name: str | None) -> AsyncSession:
        """The session called `name` (default "default"), opened if needed; ToolError for a bad name or
        when `max_sessions` are open."""
        key = check_name(name)
        await self._expire()
        entry = self._open.get(key)
        if entry is None:
            if len(self._open) >= self.max_sessions:
                raise ToolError(
                    f"{self.max_sessions} sessions are open ({', '.join(sorted(self._open))}); close one "
                    "with close_session first.",
                    status=503,
                    code="at_capacity",
                )
            entry = self._open[key] = _Named(AsyncSession(self._make_config()))
        entry.last_used = time.monotonic()
        return entry.session

    async def list(self) -> ToolResult:
        await self._expire()
        now = time.monotonic()
        listed = []
        for name, entry in sorted(self._open.items()):
            dom = entry.session.dom_ref()
            listed.append(
                {
                    "name": name,
                    "url": dom.url if dom else None,
                    "title": dom.title if dom else None,
                    "cookies": len(entry.session.cookies),
                    "idle_secs": round(now - entry.last_used, 1),
                }
            )
        return ToolResult.json(listed)

    async def close(self, name: str | None) -> ToolResult:
        key = check_name(name)
        entry = self._open.pop(key, None)
        if entry is None:
            raise ToolError(
                f"There is no open session named {key!r}; list_sessions shows the open ones.",
                status=404,
                code="not_found",
            )
        await entry.session.close()
        return ToolResult.text(f"Closed session {key!r}.")

    async def close_all(self) -> None:
        entries, self._open = list(self._open.values()), {}
        for entry in entries:
            await entry.session.close()

    async def _expire(self) -> None:
        now = time.monotonic()
        for name in [n for n, e in self._open.items() if now - e.last_used > self.ttl]:
            await self._open.pop(name).session.close()


def check_name(name: object) -> str:
    if name is None:
        return DEFAULT
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ToolError(
            f"Invalid session name {str(name)[:80]!r}: 1-64 letters, digits, '_', '.' or '-', starting "
            "with a letter or digit.",
            status=400,
            code="invalid_arguments",
        )
    return name


def with_session_property(schema: dict[str, Any]) -> dict[str, Any]:
    """A tool's input schema with the optional `session` property added."""
    out = dict(schema)
    out["properties"] = {**schema.get("properties", {}), "session": SESSION_PROPERTY}
    return out
