"""A real `browsy serve` app under uvicorn on 127.0.0.1, in a background thread (for tests and benchmarks)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from browsy_server.rest import create_app
from browsy_server.settings import ServerSettings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_server(**settings: object) -> Iterator[str]:
    """Run create_app(ServerSettings(**settings)) on a free loopback port; yields its base URL."""
    port = free_port()
    config = ServerSettings(host="127.0.0.1", port=port, **settings)  # type: ignore[arg-type]
    server = uvicorn.Server(
        uvicorn.Config(create_app(config), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
