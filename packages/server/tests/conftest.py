"""Fixtures: a real `browsy serve` app under uvicorn on 127.0.0.1, in a background thread."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
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
    server = uvicorn.Server(uvicorn.Config(create_app(config), host="127.0.0.1", port=port, log_level="warning"))
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


@pytest.fixture
def start_server() -> Iterator[Callable[..., str]]:
    """start_server(**settings) -> base URL; every server started is stopped after the test."""
    stack: list = []

    def start(**settings: object) -> str:
        cm = running_server(**settings)
        url = cm.__enter__()
        stack.append(cm)
        return url

    yield start
    for cm in reversed(stack):
        cm.__exit__(None, None, None)


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    """One shared server for tests that need no special settings (private network allowed for the fixture site)."""
    with running_server(allow_private_network=True) as url:
        yield url
