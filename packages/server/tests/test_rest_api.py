"""The REST API on a real uvicorn server, driven by httpx: sessions, content types, error statuses."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable

import httpx
import pytest

HEADER = "X-Browsy-Session"


def test_health_needs_no_session(server_url: str) -> None:
    response = httpx.get(f"{server_url}/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def session_with_a_page(url: str, site: str) -> str:
    response = httpx.post(f"{url}/api/browse", json={"url": f"{site}/list"}, timeout=60)
    assert response.status_code == 200, response.text
    return response.headers[HEADER]


def test_session_header_semantics(server_url: str, fixture_site: str) -> None:
    first = httpx.get(f"{server_url}/api/page-info")
    assert first.status_code == 404 and first.json() == {
        "error": "No page loaded. Call browse with a URL first.",
        "code": "no_page",
    }
    token = session_with_a_page(server_url, fixture_site)
    reused = httpx.get(f"{server_url}/api/page-info", headers={HEADER: token})
    assert reused.headers[HEADER] == token
    replaced = httpx.get(f"{server_url}/api/page-info", headers={HEADER: "not-a-real-token"})
    assert replaced.headers[HEADER] not in (token, "not-a-real-token")


def test_idle_session_expires_and_is_replaced(start_server: Callable[..., str], fixture_site: str) -> None:
    url = start_server(session_ttl=0.3, allow_private_network=True)
    token = session_with_a_page(url, fixture_site)
    assert httpx.get(f"{url}/api/page", headers={HEADER: token}).headers[HEADER] == token
    time.sleep(0.8)
    assert httpx.get(f"{url}/api/page", headers={HEADER: token}).headers[HEADER] != token


def test_capacity_is_503_but_known_sessions_keep_working(
    start_server: Callable[..., str], fixture_site: str
) -> None:
    url = start_server(max_sessions=2, allow_private_network=True)
    tokens = [session_with_a_page(url, fixture_site) for _ in range(2)]
    full = httpx.post(f"{url}/api/browse", json={"url": f"{fixture_site}/list"})
    assert full.status_code == 503
    assert "capacity" in full.json()["error"]
    assert httpx.get(f"{url}/api/page", headers={HEADER: tokens[0]}).headers[HEADER] == tokens[0]


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "needle", "code"),
    [
        ("POST", "/api/browse", b"{not json", 400, "not valid JSON", "invalid_arguments"),
        ("POST", "/api/browse", b"[1, 2]", 400, "must be a JSON object", "invalid_arguments"),
        ("POST", "/api/browse", b"{}", 400, "url: Field required", "invalid_arguments"),
        ("POST", "/api/find", b"{}", 400, "at least one of text or role", "invalid_arguments"),
        ("POST", "/api/browse", b'{"url": "ftp://x"}', 400, "Blocked URL", "blocked_url"),
        ("POST", "/api/browse", b'{"url": "http://10.0.0.1/"}', 400, "Blocked URL", "blocked_url"),
        ("POST", "/api/browse", b'{"url": "http://a b/"}', 400, "Invalid URL", "invalid_url"),
        ("POST", "/api/click", b'{"id": 1}', 404, "No page", "no_page"),
        (
            "GET",
            "/api/page?format=xml",
            None,
            400,
            "format: Input should be 'compact' or 'json'",
            "invalid_arguments",
        ),
        ("GET", "/no/such/route", None, 404, "Not found: /no/such/route", "not_found"),
        ("GET", "/api/browse", None, 405, "not allowed", "method_not_allowed"),
    ],
)
def test_errors_are_json_with_the_right_status_and_code(
    start_server: Callable[..., str],
    method: str,
    path: str,
    body: bytes | None,
    status: int,
    needle: str,
    code: str,
) -> None:
    url = start_server()  # private network NOT allowed here
    response = httpx.request(
        method, f"{url}{path}", content=body, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == status
    assert response.headers["content-type"] == "application/json"
    assert needle in response.json()["error"]
    assert response.json()["code"] == code


def test_upstream_failures_are_502_and_504(start_server: Callable[..., str], fixture_site: str) -> None:
    url = start_server(allow_private_network=True, timeout_secs=1.0)
    with httpx.Client(base_url=url, timeout=30) as client:
        not_found = client.post("/api/browse", json={"url": f"{fixture_site}/status/500"})
        refused = client.post("/api/browse", json={"url": "http://127.0.0.1:9/"})
        slow = client.post("/api/browse", json={"url": f"{fixture_site}/slow?delay=5"})
    assert refused.status_code == 502 and "Network error" in refused.json()["error"]
    assert not_found.status_code == 502 and "HTTP 500" in not_found.json()["error"]
    assert slow.status_code == 504, slow.text
    codes = [r.json()["code"] for r in (refused, not_found, slow)]
    assert codes == ["network_error", "http_error", "timeout"]


def test_compact_is_text_and_json_is_json(server_url: str, fixture_site: str) -> None:
    with httpx.Client(base_url=server_url) as client:
        compact = client.post("/api/browse", json={"url": f"{fixture_site}/login"})
        assert compact.status_code == 200, compact.text
        assert compact.headers["content-type"].startswith("text/plain")
        assert compact.text.startswith("title: ")
        token = compact.headers[HEADER]
        page = client.get("/api/page", params={"format": "json", "scope": "visible"}, headers={HEADER: token})
        assert page.headers["content-type"] == "application/json"
        dom = page.json()
        assert dom["url"] == f"{fixture_site}/login"
        assert all(not el.get("hidden") for el in dom["els"])


def test_openapi_and_docs_are_served(server_url: str) -> None:
    spec = httpx.get(f"{server_url}/openapi.json").json()
    assert spec["info"]["title"] == "browsy"
    assert "/api/browse" in spec["paths"]
    docs = httpx.get(f"{server_url}/docs")
    assert docs.status_code == 200 and "text/html" in docs.headers["content-type"]
    assert "cdn." not in docs.text and "unpkg" not in docs.text  # nothing from the internet: works offline
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css"):
        assert f"/docs/assets/{asset}" in docs.text
        served = httpx.get(f"{server_url}/docs/assets/{asset}")
        assert served.status_code == 200 and len(served.content) > 100_000
    assert (
        "5." in httpx.get(f"{server_url}/docs/assets/swagger-ui-bundle.js").text[:400_000]
    )  # Swagger UI 5 reads 3.1


def test_one_session_is_serialised_while_others_run(server_url: str, fixture_site: str) -> None:
    """A request waits for the one before it on the same session; another session is not held up."""

    async def scenario() -> tuple[httpx.Response, httpx.Response, bool]:
        async with httpx.AsyncClient(base_url=server_url, timeout=60) as client:
            token = (await client.post("/api/browse", json={"url": f"{fixture_site}/list"})).headers[HEADER]
            slow = asyncio.create_task(
                client.post(
                    "/api/browse", json={"url": f"{fixture_site}/slow?delay=3"}, headers={HEADER: token}
                )
            )
            await asyncio.sleep(0.5)  # let the slow browse take the session first
            same = asyncio.create_task(client.get("/api/page", headers={HEADER: token}))
            other = await client.get("/api/page-info")  # a new session: answered while the browse still runs
            other_done_first = not slow.done()
            await slow
            return await same, other, other_done_first

    same, other, other_done_first = asyncio.run(scenario())
    assert same.status_code == 200 and "title: Slow page" in same.text  # it waited for the page
    assert other.status_code == 404 and other_done_first


def test_failed_requests_keep_no_session_and_new_sessions_are_rate_limited(
    start_server: Callable[..., str], fixture_site: str
) -> None:
    url = start_server(max_sessions=3, new_sessions_per_minute=10, allow_private_network=True)
    for _ in range(4):  # 400, 404 and a refused URL: none of them may lock new clients out
        assert httpx.post(f"{url}/api/browse", json={}).status_code == 400
        assert httpx.get(f"{url}/api/page-info").status_code == 404
    kept = session_with_a_page(url, fixture_site)  # the server is not full: failed requests kept nothing
    assert httpx.get(f"{url}/api/page-info", headers={HEADER: kept}).status_code == 200
    flood = httpx.get(f"{url}/api/page-info")  # the 10th new session this minute from this address
    assert flood.status_code == 404
    flood = httpx.get(f"{url}/api/page-info")  # the 11th
    assert flood.status_code == 429 and "a minute" in flood.json()["error"]
    assert (
        httpx.get(f"{url}/api/page-info", headers={HEADER: kept}).status_code == 200
    )  # known tokens still work


def test_get_page_explains_the_page_type_when_asked(server_url: str, fixture_site: str) -> None:
    token = session_with_a_page(server_url, fixture_site)
    plain = httpx.get(f"{server_url}/api/page", params={"format": "json"}, headers={HEADER: token}).json()
    explained = httpx.get(
        f"{server_url}/api/page", params={"format": "json", "explain": "true"}, headers={HEADER: token}
    ).json()
    assert "page_reasons" not in plain  # the default output is unchanged
    assert explained["page_reasons"] and 0 < explained["page_confidence"] <= 1
    assert explained["els"] == plain["els"]


def test_pages_come_in_parts_with_a_cursor_and_views(
    start_server: Callable[..., str], fixture_site: str
) -> None:
    url = start_server(allow_private_network=True, session_overrides={"max_output_chars": 400})
    with httpx.Client(base_url=url, timeout=60) as client:
        first = client.post("/api/browse", json={"url": f"{fixture_site}/list"})
        assert first.status_code == 200, first.text
        token = first.headers[HEADER]
        text = first.text
        assert len(text) <= 400 and "\nmore: " in text  # the server's budget applies to compact output
        cursor = text.rsplit('cursor="', 1)[1].split('"', 1)[0]
        second = client.get("/api/page", params={"cursor": cursor}, headers={HEADER: token})
        assert second.status_code == 200 and second.text.startswith("continued: ")
        whole = client.get("/api/page", params={"max_chars": 10_000_000}, headers={HEADER: token}).text
        assert "more:" not in whole
        as_json = client.get("/api/page", params={"format": "json"}, headers={HEADER: token}).json()
        assert "more" not in as_json  # json is cut only when max_chars is given
        actions = client.get(
            "/api/page", params={"view": "actions", "max_chars": 10_000_000}, headers={HEADER: token}
        ).text
        assert "showing: view actions" in actions
        first_id = as_json["els"][0]["id"]
        inside = client.get(
            "/api/page", params={"within": first_id, "format": "json"}, headers={HEADER: token}
        ).json()
        assert inside["showing"]["within"] == first_id and inside["els"][0]["id"] == first_id
        assert len(inside["els"]) < len(as_json["els"])
        stale = client.get("/api/page", params={"cursor": "1~all~all~~00000000"}, headers={HEADER: token})
        assert stale.status_code == 400 and stale.json()["code"] == "invalid_arguments"


def _listed_ids(text: str) -> list[int]:
    """The ids of the element lines of a compact part, in order."""
    return [int(m.group(1)) for m in re.finditer(r"^\[[!+]*(\d+):", text, re.M)]


def _element_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if re.match(r"^\[[!+]*\d+:", line)]


def test_a_cursor_carries_expand_so_the_next_parts_stay_open(server_url: str, fixture_site: str) -> None:
    with httpx.Client(base_url=server_url, timeout=60) as client:
        first = client.post("/api/browse", json={"url": f"{fixture_site}/shop", "max_chars": 10_000_000})
        token = first.headers[HEADER]
        fold = next(line for line in first.text.split("\n") if "(get_page expand=" in line)
        nav = int(fold[1:].split(":", 1)[0])
        whole = client.get(
            "/api/page", params={"expand": nav, "max_chars": 10_000_000}, headers={HEADER: token}
        )
        assert '"Category 20"' in whole.text and "(get_page expand=" not in whole.text
        part = client.get("/api/page", params={"expand": nav, "max_chars": 400}, headers={HEADER: token}).text
        seen = _element_lines(part)
        assert '"Category 20"' not in part  # the cut falls inside the opened menu
        while "\nmore: " in part:
            assert len(part) <= 400
            cursor = part.rsplit('cursor="', 1)[1].split('"', 1)[0]
            answer = client.get(
                "/api/page", params={"cursor": cursor, "max_chars": 400}, headers={HEADER: token}
            )
            assert answer.status_code == 200, answer.text
            part = answer.text
            assert part.startswith("continued: ") and "(get_page expand=" not in part  # no fold again
            seen += _element_lines(part)
        # every element once, whole (no line split or changed), in order, under the page's ids
        assert seen == _element_lines(whole.text) and _listed_ids(whole.text) == sorted(
            _listed_ids(whole.text)
        )


def test_within_combines_with_views_scope_and_cursors(server_url: str, fixture_site: str) -> None:
    with httpx.Client(base_url=server_url, timeout=60) as client:
        page = client.post("/api/browse", json={"url": f"{fixture_site}/behaviors", "format": "json"})
        token = page.headers[HEADER]
        els = page.json()["els"]
        main = next(el["id"] for el in els if el["tag"] == "main")
        home = next(el["id"] for el in els if el.get("text") == "Home")  # outside main
        hidden = {el["id"] for el in els if el.get("hidden")}
        buttons = {el["id"] for el in els if el["tag"] == "button"}
        answer = next(el["id"] for el in els if el.get("text") == "Answer to a frequent question.")

        def ids(**params: object) -> set[int]:
            got = client.get("/api/page", params={"format": "json", **params}, headers={HEADER: token})
            assert got.status_code == 200, got.text
            return {el["id"] for el in got.json()["els"]}

        actions = ids(within=main, view="actions")
        assert buttons <= actions and home not in actions and hidden - {answer} <= actions
        visible_actions = ids(within=main, view="actions", scope="visible")
        assert buttons <= visible_actions and not visible_actions & hidden
        content = ids(within=main, view="content")
        assert answer in content and not content & buttons
        assert answer not in ids(within=main, view="content", scope="visible")
        # the cursor carries within, view and scope: the parts cover the selection and nothing else
        part = client.get(
            "/api/page",
            params={"within": main, "view": "actions", "scope": "visible", "max_chars": 1},
            headers={HEADER: token},
        ).text
        seen = _listed_ids(part)
        while "\nmore: " in part:
            cursor = part.rsplit('cursor="', 1)[1].split('"', 1)[0]
            part = client.get(
                "/api/page", params={"cursor": cursor, "max_chars": 1}, headers={HEADER: token}
            ).text
            seen += _listed_ids(part)
        assert sorted(seen) == sorted(visible_actions) and len(seen) > 1
