"""`browsy serve --session-store redis://…`: sessions shared by several real server processes through a real
`redis-server` on loopback (Debian's package, installed by `make setup-system`). A session moves between
servers mid-flow, survives the death of the server that started it, expires, and the session cap holds
across the deployment. `--workers 2` runs one such deployment behind one port."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator

import httpx
import pytest
from server_harness import BROWSY, free_port, serve_process

from tests.fixture_site.auth import ORDERS, PASSWORD, USERNAME

HEADER = "X-Browsy-Session"
REDIS = shutil.which("redis-server") or next(
    (p for p in ("/usr/bin/redis-server", "/usr/sbin/redis-server") if os.path.exists(p)), None
)


@pytest.fixture(scope="module")
def redis_server() -> Iterator[str]:
    """A real redis-server on a free loopback port, without persistence; yields its base URL."""
    if REDIS is None:
        reason = "redis-server is not installed (make setup-system installs Debian's redis-server)"
        print(f"SKIPPED: {reason}", file=sys.stderr)
        pytest.skip(reason)
    port = free_port()
    proc = subprocess.Popen(
        [REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 15
    import redis

    while True:
        try:
            redis.Redis(port=port, socket_connect_timeout=1).ping()
            break
        except redis.RedisError:
            assert proc.poll() is None and time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=10)


_databases = iter(range(1, 16))


@pytest.fixture
def store(redis_server: str) -> str:
    """A Redis database of its own for each test (no state leaks from one test to the next)."""
    return f"{redis_server}/{next(_databases)}"


@pytest.fixture
def serve() -> Iterator[Callable[..., tuple[str, subprocess.Popen[bytes]]]]:
    """Start `browsy serve` processes with the given flags; all are stopped after the test."""
    with contextlib.ExitStack() as stack:
        yield lambda *flags: stack.enter_context(serve_process(*flags))


def call(base: str, token: str | None, method: str, path: str, **kwargs: object) -> httpx.Response:
    headers = {HEADER: token} if token else {}
    return httpx.request(method, base + path, headers=headers, timeout=60, **kwargs)  # type: ignore[arg-type]


def test_login_on_one_server_and_2fa_on_the_other(
    serve: Callable[..., tuple[str, subprocess.Popen[bytes]]], store: str, fixture_site: str
) -> None:
    a, _ = serve("--session-store", store)
    b, _ = serve("--session-store", store)
    opened = call(a, None, "POST", "/api/browse", json={"url": f"{fixture_site}/login"})
    assert opened.status_code == 200, opened.text
    token = opened.headers[HEADER]
    on_b = call(b, token, "GET", "/api/page")
    assert on_b.text == call(a, token, "GET", "/api/page").text  # the same page, the same ids, on both
    logged_in = call(b, token, "POST", "/api/login", json={"username": USERNAME, "password": PASSWORD})
    assert logged_in.status_code == 200 and logged_in.headers[HEADER] == token
    assert call(a, token, "GET", "/api/page-info").json()["page_type"] == "TwoFactorAuth"
    inbox = call(a, token, "POST", "/api/browse", json={"url": f"{fixture_site}/email"})
    code = re.search(r"verification code is (\d{6})", inbox.text)
    assert code is not None
    assert call(b, token, "POST", "/api/back").status_code == 200
    done = call(b, token, "POST", "/api/enter-code", json={"code": code.group(1)})
    assert done.status_code == 200, done.text
    assert call(a, token, "GET", "/api/page-info").json()["page_type"] == "Dashboard"
    tables = call(a, token, "GET", "/api/tables").json()
    assert any(t["rows"] == ORDERS for t in tables)


def test_form_state_typed_on_one_server_is_sent_by_the_other(
    serve: Callable[..., tuple[str, subprocess.Popen[bytes]]], store: str, fixture_site: str
) -> None:
    a, _ = serve("--session-store", store)
    b, _ = serve("--session-store", store)
    opened = call(
        a, None, "POST", "/api/browse", json={"url": f"{fixture_site}/forms/post", "format": "json"}
    )
    token = opened.headers[HEADER]
    name = next(el for el in opened.json()["els"] if el.get("name") == "name")
    assert call(a, token, "POST", "/api/type", json={"id": name["id"], "text": "Grace"}).status_code == 200
    state = call(b, token, "GET", "/api/page", params={"format": "json"}).json()
    assert next(el for el in state["els"] if el.get("name") == "name")["val"] == "Grace"


def test_a_server_killed_mid_flow_leaves_the_session_to_the_other(
    serve: Callable[..., tuple[str, subprocess.Popen[bytes]]], store: str, fixture_site: str
) -> None:
    a, proc_a = serve("--session-store", store)
    b, _ = serve("--session-store", store)
    token = call(a, None, "POST", "/api/browse", json={"url": f"{fixture_site}/login"}).headers[HEADER]
    assert call(a, token, "POST", "/api/login", json={"username": USERNAME, "password": PASSWORD}).is_success
    proc_a.send_signal(signal.SIGKILL)
    proc_a.wait(timeout=10)
    assert call(b, token, "GET", "/api/page-info").json()["page_type"] == "TwoFactorAuth"
    inbox = call(b, token, "POST", "/api/browse", json={"url": f"{fixture_site}/email"})
    code = re.search(r"verification code is (\d{6})", inbox.text)
    assert code is not None and call(b, token, "POST", "/api/back").is_success
    assert call(b, token, "POST", "/api/enter-code", json={"code": code.group(1)}).is_success
    assert call(b, token, "GET", "/api/page-info").json()["page_type"] == "Dashboard"


def test_an_idle_session_expires_for_every_server(
    serve: Callable[..., tuple[str, subprocess.Popen[bytes]]], store: str, fixture_site: str
) -> None:
    a, _ = serve("--session-store", store, "--session-ttl", "2")
    b, _ = serve("--session-store", store, "--session-ttl", "2")
    token = call(a, None, "POST", "/api/browse", json={"url": f"{fixture_site}/list"}).headers[HEADER]
    assert call(b, token, "GET", "/api/page").status_code == 200
    time.sleep(3.5)
    later = call(b, token, "GET", "/api/page")
    assert later.headers[HEADER] != token  # a new, empty session
    assert later.status_code == 404 and "No page loaded" in later.json()["error"]


def test_the_session_cap_holds_across_servers(
    serve: Callable[..., tuple[str, subprocess.Popen[bytes]]], store: str, fixture_site: str
) -> None:
    a, _ = serve("--session-store", store, "--max-sessions", "2")
    b, _ = serve("--session-store", store, "--max-sessions", "2")
    first = call(a, None, "POST", "/api/browse", json={"url": f"{fixture_site}/list"})
    second = call(b, None, "POST", "/api/browse", json={"url": f"{fixture_site}/list"})
    assert first.status_code == second.status_code == 200
    for server in (a, b):
        third = call(server, None, "POST", "/api/browse", json={"url": f"{fixture_site}/list"})
        assert third.status_code == 503 and "capacity" in third.json()["error"]
    # the sessions already open go on, on either server
    assert call(b, first.headers[HEADER], "GET", "/api/page").status_code == 200
    assert call(a, second.headers[HEADER], "GET", "/api/page").status_code == 200


def test_two_workers_behind_one_port_carry_a_flow(
    serve: Callable[..., tuple[str, subprocess.Popen[bytes]]], store: str, fixture_site: str
) -> None:
    url, _ = serve("--session-store", store, "--workers", "2")
    token = call(url, None, "POST", "/api/browse", json={"url": f"{fixture_site}/login"}).headers[HEADER]
    assert call(
        url, token, "POST", "/api/login", json={"username": USERNAME, "password": PASSWORD}
    ).is_success
    for _ in range(6):  # new connections: the kernel spreads them over both workers
        assert call(url, token, "GET", "/api/page-info").json()["page_type"] == "TwoFactorAuth"
    inbox = call(url, token, "POST", "/api/browse", json={"url": f"{fixture_site}/email"})
    code = re.search(r"verification code is (\d{6})", inbox.text)
    assert code is not None and call(url, token, "POST", "/api/back").is_success
    assert call(url, token, "POST", "/api/enter-code", json={"code": code.group(1)}).is_success
    assert call(url, token, "GET", "/api/page-info").json()["page_type"] == "Dashboard"


def test_an_unreachable_store_and_workers_without_one_are_one_line_errors() -> None:
    port = free_port()
    down = subprocess.run(
        [BROWSY, "serve", "--port", "0", "--session-store", f"redis://127.0.0.1:{port}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert down.returncode != 0 and "cannot reach Redis" in down.stderr and "Traceback" not in down.stderr
    alone = subprocess.run(
        [BROWSY, "serve", "--port", "0", "--workers", "2"], capture_output=True, text=True, timeout=60
    )
    assert alone.returncode != 0 and "session store" in alone.stderr and "Traceback" not in alone.stderr
