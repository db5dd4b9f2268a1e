"""A hostile web page in the user's browser against a local `browsy serve` (issue: DNS rebinding, CSRF,
cross-origin reads), and the server's own limits: a real server on 127.0.0.1 driven by httpx."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import httpx

HEADER = "X-Browsy-Session"
EVIL = "http://evil.example"


def test_no_cors_for_unlisted_origins_and_their_requests_are_refused(server_url: str) -> None:
    plain = httpx.get(f"{server_url}/api/page")
    assert "access-control-allow-origin" not in plain.headers  # SDKs and curl send no Origin
    cross = httpx.post(
        f"{server_url}/api/browse", json={"url": "http://127.0.0.1:1/"}, headers={"Origin": EVIL}
    )
    assert cross.status_code == 403 and "--cors-origin" in cross.json()["error"]
    assert "access-control-allow-origin" not in cross.headers
    preflight = httpx.options(
        f"{server_url}/api/browse", headers={"Origin": EVIL, "Access-Control-Request-Method": "POST"}
    )
    assert preflight.status_code == 403
    # a no-cors request whose Origin the browser hides still says where it comes from
    hidden = httpx.get(f"{server_url}/api/page", headers={"Sec-Fetch-Site": "cross-site"})
    assert hidden.status_code == 403


def test_listed_origins_get_cors_and_star_restores_any(start_server: Callable[..., str]) -> None:
    app = "http://localhost:5173"
    url = start_server(cors_origins=[app])
    ok = httpx.get(f"{url}/api/page", headers={"Origin": app})
    assert ok.status_code == 404 and ok.json()["error"].startswith("No page loaded")  # reached the route
    assert ok.headers["access-control-allow-origin"] == app and ok.headers["vary"] == "Origin"
    assert ok.headers["access-control-expose-headers"] == HEADER
    preflight = httpx.options(
        f"{url}/api/browse", headers={"Origin": app, "Access-Control-Request-Method": "POST"}
    )
    assert preflight.status_code == 204 and "POST" in preflight.headers["access-control-allow-methods"]
    assert HEADER in preflight.headers["access-control-allow-headers"]
    assert httpx.get(f"{url}/api/page", headers={"Origin": EVIL}).status_code == 403
    anyone = start_server(cors_origins=["*"])
    assert (
        httpx.get(f"{anyone}/api/page", headers={"Origin": EVIL}).headers["access-control-allow-origin"]
        == "*"
    )


def test_bodies_must_be_json(server_url: str) -> None:
    # text/plain, urlencoded and multipart bodies are what a page can send cross-origin without a preflight
    for content_type in (
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ):
        response = httpx.post(
            f"{server_url}/api/browse",
            content=b'{"url": "http://127.0.0.1:9/"}',
            headers={"Content-Type": content_type},
        )
        assert response.status_code == 415, content_type
        assert "application/json" in response.json()["error"]
    assert httpx.post(f"{server_url}/api/back").status_code in (200, 400, 404)  # no body: nothing to check
    assert httpx.post(f"{server_url}/api/find", json={"text": "x"}).status_code != 415


def test_host_header_must_name_this_server(start_server: Callable[..., str], server_url: str) -> None:
    # DNS rebinding: evil.example now resolves to 127.0.0.1, but the browser still sends its name
    rebound = httpx.get(f"{server_url}/api/page", headers={"Host": "evil.example:3847"})
    assert rebound.status_code == 421 and "--server-name" in rebound.json()["error"]
    for name in ("localhost", "127.0.0.1", "LOCALHOST.", "[::1]:80"):
        assert httpx.get(f"{server_url}/health", headers={"Host": name}).status_code == 200, name
    named = start_server(server_names=["browsy.internal"])
    assert httpx.get(f"{named}/health", headers={"Host": "browsy.internal:8080"}).status_code == 200
    assert httpx.get(f"{named}/health", headers={"Host": "other.internal"}).status_code == 421


def test_bearer_token(start_server: Callable[..., str]) -> None:
    url = start_server(token="s3cret-token")
    assert httpx.get(f"{url}/health").status_code == 200  # liveness stays open
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic s3cret-token"}):
        refused = httpx.get(f"{url}/api/page", headers=headers)
        assert refused.status_code == 401 and refused.headers["www-authenticate"].startswith("Bearer")
        assert HEADER not in refused.headers  # no session was made
    for path in ("/a2a/jsonrpc", "/.well-known/agent.json", "/.well-known/agent-card.json", "/openapi.json"):
        assert httpx.get(f"{url}{path}").status_code == 401, path
    ok = httpx.get(f"{url}/api/page", headers={"Authorization": "Bearer s3cret-token"})
    assert ok.status_code == 404 and ok.json()["error"].startswith("No page loaded")  # reached the route


def test_body_limit_on_every_route(start_server: Callable[..., str]) -> None:
    url = start_server(max_body=10_000)
    big = b'{"url": "' + b"a" * 20_000 + b'"}'
    for path in ("/api/browse", "/a2a/jsonrpc", "/a2a/tasks"):
        declared = httpx.post(f"{url}{path}", content=big, headers={"Content-Type": "application/json"})
        assert declared.status_code == 413, path

        def chunks():  # no Content-Length: the limit holds while the body streams in
            for _ in range(20):
                yield b"a" * 1000

        streamed = httpx.post(f"{url}{path}", content=chunks(), headers={"Content-Type": "application/json"})
        assert streamed.status_code == 413, path
        assert "limit" in streamed.json()["error"]


def test_serve_on_a_public_address_needs_a_token() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "browsy_server", "serve", "--host", "0.0.0.0", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 1
    assert "--token" in result.stderr and "Traceback" not in result.stderr


def test_deeply_nested_json_and_overlong_host_labels_are_400s(server_url: str) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    for path in ("/api/browse", "/api/find"):
        response = httpx.post(
            f"{server_url}{path}", content=deep, headers={"Content-Type": "application/json"}
        )
        assert response.status_code == 400, (path, response.text)
        assert "Traceback" not in response.text
    rpc = httpx.post(f"{server_url}/a2a/jsonrpc", content=deep, headers={"Content-Type": "application/json"})
    assert rpc.status_code < 500 and "Traceback" not in rpc.text
    long_label = httpx.post(f"{server_url}/api/browse", json={"url": "http://" + "a" * 64 + ".com/"})
    assert long_label.status_code == 400 and "63" in long_label.json()["error"]


def test_agent_card_url_is_the_servers_not_the_callers_host(server_url: str) -> None:
    card = httpx.get(f"{server_url}/.well-known/agent.json", headers={"Host": "localhost"}).json()
    assert card["url"] == server_url  # not http://localhost…: a Host header is never echoed


def test_405_says_which_methods_are_allowed(server_url: str) -> None:
    response = httpx.get(f"{server_url}/api/browse")
    assert response.status_code == 405 and "POST" in response.headers["allow"]


def test_element_ids_are_strict_integers(server_url: str) -> None:
    for body in ({"id": True}, {"id": "7"}, {"id": 7.5}):  # 7.0 is a JSON integer: accepted
        response = httpx.post(f"{server_url}/api/click", json=body)
        assert response.status_code == 400 and "id" in response.json()["error"], body
