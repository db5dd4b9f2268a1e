"""ServerSettings: how a `browsy serve` instance runs (bind address, session limits, network policy)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from browsy_engine.session import SessionConfig

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 3847
REDIS_SCHEMES = ("redis://", "rediss://", "unix://")  # what --session-store takes besides "memory"


@dataclass(slots=True)
class ServerSettings:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    max_sessions: int = 100
    session_ttl: float = 1800.0
    allow_private_network: bool = False
    allowed_hosts: list[str] = field(default_factory=list)
    viewport: tuple[float, float] = (1920.0, 1080.0)
    fetch_css: bool = True
    timeout_secs: float = 30.0
    max_history: int = 20  # pages each session keeps for back(); every page held costs memory
    max_loads: int = 16  # page loads (fetch + parse) running at once; more wait their turn before starting
    session_overrides: dict[str, Any] = field(default_factory=dict)  # any other SessionConfig fields
    parse_threads: int | None = None  # threads parsing pages off the event loop (None: Python's default)
    # Worker processes that parse pages, so that no parse holds this process's GIL (session/parse_pool.py);
    # 0: parse in threads of this process.
    parse_processes: int = 0
    token: str | None = None  # bearer token every route but /health requires (guard.py)
    cors_origins: list[str] = field(default_factory=list)  # origins allowed cross-origin access ('*': any)
    server_names: list[str] = field(
        default_factory=list
    )  # Host names clients may use besides the bind address
    max_body: int = 1 << 20  # bytes of any request body, on every route
    new_sessions_per_minute: int = 60  # sessions one client address may open a minute (429 beyond)
    # Where sessions live: "memory" (this process) or a Redis URL (shared by every process; redis_sessions.py)
    session_store: str = "memory"
    workers: int = 1  # server processes on the one socket (more than 1 needs a Redis session store)

    def __post_init__(self) -> None:
        if self.max_sessions < 1:
            raise ValueError("max_sessions must be at least 1")
        if self.session_ttl <= 0:
            raise ValueError("session_ttl must be positive")
        if self.max_loads < 1:
            raise ValueError("max_loads must be at least 1")
        if self.parse_processes < 0:
            raise ValueError("parse_processes must be 0 or more")
        if self.parse_threads is not None and self.parse_threads < 1:
            raise ValueError("parse_threads must be at least 1")
        if self.workers < 1:
            raise ValueError("workers must be at least 1")
        if self.session_store != "memory" and not self.session_store.startswith(REDIS_SCHEMES):
            raise ValueError("session_store is 'memory' or a Redis URL (redis://host:port/db)")
        if self.workers > 1 and self.session_store == "memory":
            raise ValueError(
                "more than one worker needs a shared session store: add --session-store redis://HOST:PORT"
            )
        if self.max_body < 1:
            raise ValueError("max_body must be at least 1 byte")

    def session_config(self) -> SessionConfig:
        """The configuration every session of this server is created with."""
        from browsy_engine.session import SessionConfig  # the network stack loads only when a server runs

        width, height = self.viewport
        config = SessionConfig(
            viewport_width=width,
            viewport_height=height,
            fetch_css=self.fetch_css,
            timeout_secs=self.timeout_secs,
            max_history=self.max_history,
            allow_private_network=self.allow_private_network,
            allowed_hosts=list(self.allowed_hosts),
        )
        return dataclasses.replace(config, **self.session_overrides) if self.session_overrides else config
