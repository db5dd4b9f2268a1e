"""Hostile clients against a real `browsy serve` process: 1,000 concurrent connections, slowloris-style
clients trickling their headers, a flood of new sessions. The server stays up, keeps answering the
others, and its limits answer with JSON errors (429)."""

from __future__ import annotations

import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest
from server_harness import serve_process

IDLE = 1000  # connections held open at once (the descriptor limit is raised for the test and the server)
SLOW = 20  # clients sending their request a byte at a time


def raise_descriptor_limit(wanted: int) -> int:
    """Raise this process's open-file limit towards `wanted` (a server started from here inherits it);
    returns the limit now in force (the hard limit caps it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


@pytest.fixture
def server() -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    raise_descriptor_limit(IDLE + SLOW + 200)
    with serve_process("--new-sessions-per-minute", "20") as running:
        yield running


def test_idle_and_slow_connections_do_not_starve_the_others(
    server: tuple[str, subprocess.Popen[bytes]], fixture_site: str
) -> None:
    url, proc = server
    port = int(url.rsplit(":", 1)[1])
    idle = min(IDLE, raise_descriptor_limit(IDLE + SLOW + 200) - SLOW - 200)
    if idle < IDLE:
        print(f"NOTE: the open-file hard limit allows {idle} connections, not {IDLE}", file=sys.stderr)
    held: list[socket.socket] = []
    try:
        for _ in range(idle):
            held.append(socket.create_connection(("127.0.0.1", port)))
        slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(SLOW)]
        held += slow
        request = b"POST /api/browse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Pad: "
        for i in range(12):  # a few seconds of trickling, interleaved with real work
            for s in slow:
                s.send(request[i : i + 1])
            assert httpx.get(f"{url}/health", timeout=10).json() == {"status": "ok"}
            time.sleep(0.2)
        page = httpx.post(f"{url}/api/browse", json={"url": f"{fixture_site}/list"}, timeout=30)
        assert page.status_code == 200 and page.text.startswith("title: ")
    finally:
        for s in held:
            s.close()
    assert proc.poll() is None  # still serving
    assert httpx.get(f"{url}/health", timeout=10).status_code == 200


def test_a_flood_of_new_sessions_is_refused_with_429_and_the_rest_goes_on(
    server: tuple[str, subprocess.Popen[bytes]], fixture_site: str
) -> None:
    url, proc = server
    with httpx.Client(timeout=30) as client:
        kept = client.post(f"{url}/api/browse", json={"url": f"{fixture_site}/list"})
        token = kept.headers["X-Browsy-Session"]
        answers = [
            client.post(f"{url}/api/browse", json={"url": f"{fixture_site}/articles/1"}) for _ in range(40)
        ]
        refused = [a for a in answers if a.status_code == 429]
        assert refused and all(a.json()["code"] == "rate_limited" for a in refused)
        assert client.get(f"{url}/api/page-info", headers={"X-Browsy-Session": token}).status_code == 200
    assert proc.poll() is None
