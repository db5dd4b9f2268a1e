"""Run an ASGI app (the fixture site, a scripted model server, …) under a real uvicorn in a background
thread, for tests and benchmarks."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from .app import create_app


@contextmanager
def serving_app(app: Any, name: str, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve `app` on a free port of `host`; yield its base URL (no trailing slash); stop it afterwards."""
    config = uvicorn.Config(app, host=host, port=0, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name=name, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"{name} did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def running_site(host: str = "127.0.0.1") -> Iterator[str]:
    """Start the fixture site on a free port; yield its base URL (no trailing slash); stop it afterwards."""
    with serving_app(create_app(), "fixture-site", host) as url:
        yield url
