"""A real `browsy serve` app under uvicorn on 127.0.0.1, in a background thread (for tests and benchmarks)."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
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


BROWSY = str(Path(sys.executable).with_name("browsy"))


@contextmanager
def serve_process(*flags: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`browsy serve --port <free> --allow-private-network --parse-processes 0 <flags>` as its own process;
    yields (base URL, process) once /health answers, and stops it afterwards (unless the test did)."""
    port = free_port()
    proc = subprocess.Popen(
        [BROWSY, "serve", "--port", str(port), "--allow-private-network", "--parse-processes", "0", *flags],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                err = proc.stderr.read().decode() if proc.stderr and proc.poll() is not None else ""
                raise AssertionError(f"browsy serve did not start: {err}")
            time.sleep(0.1)
        yield url, proc
    finally:
        if proc.poll() is None:
            proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
