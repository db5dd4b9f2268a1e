"""Whole flows over REST against the fixture site: login → 2FA → tables, and a form filled then submitted."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from tests.fixture_site.auth import ORDERS, PASSWORD, USERNAME

HEADER = "X-Browsy-Session"


@pytest.fixture
def client(server_url: str) -> Iterator[httpx.Client]:
    """An httpx client that keeps the X-Browsy-Session token it is given, like the seed's curl examples."""

    def keep_token(response: httpx.Response) -> None:
        if HEADER in response.headers:
            client.headers[HEADER] = response.headers[HEADER]

    with httpx.Client(base_url=server_url, timeout=30, event_hooks={"response": [keep_token]}) as client:
        yield client


def page_type(client: httpx.Client) -> str:
    return client.get("/api/page-info").json()["page_type"]


def test_login_then_2fa_then_tables(client: httpx.Client, fixture_site: str) -> None:
    assert client.post("/api/browse", json={"url": f"{fixture_site}/login"}).status_code == 200
    info = client.get("/api/page-info").json()
    assert info["page_type"] == "Login"
    assert info["suggested_actions"][0]["action"] == "Login"

    after_login = client.post("/api/login", json={"username": USERNAME, "password": PASSWORD})
    assert after_login.status_code == 200, after_login.text
    assert PASSWORD not in after_login.text
    assert page_type(client) == "TwoFactorAuth"

    inbox = client.post("/api/browse", json={"url": f"{fixture_site}/email"})
    code = re.search(r"verification code is (\d{6})", inbox.text).group(1)
    back = client.post("/api/back")
    assert back.status_code == 200 and page_type(client) == "TwoFactorAuth"

    dashboard = client.post("/api/enter-code", json={"code": code})
    assert dashboard.status_code == 200, dashboard.text
    assert page_type(client) == "Dashboard"
    tables = client.get("/api/tables").json()
    orders = next(t for t in tables if t["headers"] == ["Order", "Customer", "Amount", "Status"])
    assert orders["rows"] == ORDERS


def test_wrong_action_for_the_page_is_404(client: httpx.Client, fixture_site: str) -> None:
    client.post("/api/browse", json={"url": f"{fixture_site}/list"})
    response = client.post("/api/enter-code", json={"code": "123456"})
    assert response.status_code == 404
    assert response.json()["error"]


def element(dom: dict, name: str) -> dict:
    return next(el for el in dom["els"] if el.get("name") == name)


def test_form_state_then_submit(client: httpx.Client, fixture_site: str) -> None:
    dom = client.post("/api/browse", json={"url": f"{fixture_site}/forms/post", "format": "json"}).json()
    name, terms, country = element(dom, "name"), element(dom, "terms"), element(dom, "country")

    typed = client.post("/api/type", json={"id": name["id"], "text": "Grace"})
    assert typed.status_code == 200 and typed.headers["content-type"].startswith("text/plain")
    assert client.post("/api/check", json={"id": terms["id"]}).status_code == 200
    assert client.post("/api/select", json={"id": country["id"], "value": "jp"}).status_code == 200

    state = client.get("/api/page", params={"format": "json"}).json()
    assert element(state, "name")["val"] == "Grace"
    assert element(state, "terms")["checked"] is True
    assert element(state, "country")["val"] == "jp"
    assert client.post("/api/uncheck", json={"id": terms["id"]}).status_code == 200
    assert not element(client.get("/api/page", params={"format": "json"}).json(), "terms").get("checked")

    buttons = client.post("/api/find", json={"text": "Save", "role": "button"}).json()
    assert [b["tag"] for b in buttons] == ["button"]
    echoed = client.post("/api/click", json={"id": buttons[0]["id"]})
    assert echoed.status_code == 200
    fields = client.get("/api/tables").json()[0]["rows"]
    assert ["name", "Grace"] in fields and ["country", "jp"] in fields
    assert not any(row[0] == "terms" for row in fields)


def test_scopes_filter_elements(client: httpx.Client, fixture_site: str) -> None:
    every = client.post("/api/browse", json={"url": f"{fixture_site}/styled", "format": "json"}).json()["els"]
    visible = client.get("/api/page", params={"format": "json", "scope": "visible"}).json()["els"]
    assert any(el.get("hidden") for el in every)
    assert len(visible) == len([el for el in every if not el.get("hidden")])


def test_click_that_loads_nothing_says_so_first(client: httpx.Client, fixture_site: str) -> None:
    client.post("/api/browse", json={"url": f"{fixture_site}/mailto"})
    mail = client.post("/api/find", json={"text": "Email us"}).json()[0]
    skipped = client.post("/api/click", json={"id": mail["id"]})
    assert skipped.status_code == 200
    first, rest = skipped.text.split("\n", 1)
    assert "mailto" in first
    assert rest == "The page did not change (get_page shows it)."  # not the whole page again
    real = client.post("/api/find", json={"text": "A real link"}).json()[0]
    followed = client.post("/api/click", json={"id": real["id"]})
    assert followed.text.startswith("title: ")
    assert f"url: {fixture_site}/articles/1" in followed.text


def test_a_big_page_is_served_whole(client: httpx.Client, fixture_site: str) -> None:
    compact = client.post("/api/browse", json={"url": f"{fixture_site}/big?kb=60"})
    assert compact.status_code == 200, compact.text
    count = int(re.search(r"^els: (\d+)$", compact.text, re.M).group(1))
    assert count > 400  # rendered off the event loop (tools.handlers.BIG_PAGE)
    assert len(client.get("/api/page", params={"format": "json"}).json()["els"]) == count
    assert client.get("/api/page-info").status_code == 200
    assert isinstance(client.get("/api/tables").json(), list)


@pytest.mark.parametrize("engine", ["duckduckgo", "google"])
def test_search_returns_title_url_snippet(start_server, fixture_site: str, engine: str) -> None:  # noqa: ANN001
    endpoints = {"duckduckgo": f"{fixture_site}/search/duckduckgo", "google": f"{fixture_site}/search/google"}
    url = start_server(allow_private_network=True, session_overrides={"search_endpoints": endpoints})
    response = httpx.post(
        f"{url}/api/search", json={"query": "rust web framework", "engine": engine}, timeout=30
    )
    assert response.status_code == 200, response.text
    results = response.json()
    assert results and all(set(r) == {"title", "url", "snippet"} for r in results)
    assert all(r["url"].startswith("http") for r in results)


def test_clicking_a_heading_and_a_text_field_answer_alike(client: httpx.Client, fixture_site: str) -> None:
    """Both clicks do nothing in a browser: both are 200 with the page and a first line saying so."""
    page = client.post("/api/browse", json={"url": f"{fixture_site}/login", "format": "json"}).json()["els"]
    heading = next(el for el in page if el["tag"].startswith("h"))
    field = next(el for el in page if el["tag"] == "input" and el.get("type", "text") in ("text", "email"))
    for target in (heading, field):
        answer = client.post("/api/click", json={"id": target["id"]})
        assert answer.status_code == 200, answer.text
        first, rest = answer.text.split("\n", 1)
        assert f"Element {target['id']}" in first and rest == "The page did not change (get_page shows it)."


def test_a_click_that_toggles_part_of_the_page_answers_with_what_changed(
    client: httpx.Client, fixture_site: str
) -> None:
    page = client.post("/api/browse", json={"url": f"{fixture_site}/behaviors", "format": "json"}).json()[
        "els"
    ]
    button = next(el for el in page if el["tag"] == "button" and el.get("text") and "enu" in el["text"])
    answer = client.post("/api/click", json={"id": button["id"]})
    assert answer.status_code == 200, answer.text
    lines = answer.text.split("\n")
    assert f"Element {button['id']}" in lines[0] and lines[1] == "changed:"
    assert lines[2:] and all(line.startswith("[+") for line in lines[2:])
    assert not any(line.startswith("title: ") for line in lines)  # a delta, not the whole page


def test_site_chrome_repeated_from_the_previous_page_is_folded(
    client: httpx.Client, fixture_site: str
) -> None:
    client.post("/api/browse", json={"url": f"{fixture_site}/list"})
    second = client.post("/api/browse", json={"url": f"{fixture_site}/articles/1"}).text
    folded = [line for line in second.split("\n") if "as on the previous page" in line]
    assert len(folded) == 1 and folded[0].startswith("[") and ":nav]" in folded[0]
    assert '"Home"' not in second
    nav_id = int(folded[0][1:].split(":", 1)[0])
    opened = client.get("/api/page", params={"expand": nav_id}).text
    assert '"Home"' in opened and "as on the previous page" not in opened


def test_a_paragraph_cut_in_the_list_is_whole_on_find_and_within(
    client: httpx.Client, fixture_site: str
) -> None:
    listed = client.post("/api/browse", json={"url": f"{fixture_site}/big?kb=2"}).text
    line = next(line for line in listed.split("\n") if ':p "Paragraph 1 ' in line)
    assert line.endswith('…"]')  # past 100 characters: cut in the list, with the header's note
    assert "texts past 100 characters end in …" in listed
    whole = "Paragraph 1 with some text about topic 1, enough words to wrap across a line or two in a normal viewport."
    found = client.post("/api/find", json={"text": "Paragraph 1 with"}).json()
    assert whole in [el.get("text") for el in found]
    p_id = int(line[1:].split(":", 1)[0])
    assert whole in client.get("/api/page", params={"within": p_id}).text
