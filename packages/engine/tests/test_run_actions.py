"""run_actions: batches of steps on a real session against the fixture site (real HTTP on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from browsy_engine.session import AsyncSession, SessionConfig
from browsy_engine.tools import call_tool

from tests.fixture_site.auth import PASSWORD, USERNAME

SECRET_ENV = "BROWSY_SECRET_FX_PASSWORD"


def login_flow(base: str) -> dict:
    """Login → 2FA (the code read from the mail page) → the dashboard's tables, as one batch."""
    return {
        "url": base + "/login",
        "actions": [
            {"action": "login", "username": USERNAME, "password": "${secret:FX_PASSWORD}"},
            {"action": "click", "text": "Open your inbox"},
            {"action": "extract", "selector": "article p", "pattern": r"(\d{6})", "name": "code"},
            {"action": "back"},
            {"action": "enter_code", "code": "${code}"},
            {"action": "assert_text", "text": f"Signed in as {USERNAME}"},
            {"action": "extract", "selector": "#orders tbody td:first-child", "name": "orders"},
            {"action": "tables", "name": "tables"},
        ],
    }


class Driver:
    """One real session per test; `run` calls run_actions on it (blocking, for plain pytest tests)."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.session: AsyncSession | None = None
        self.loop = asyncio.new_event_loop()

    def call(self, name: str, arguments: dict):
        if self.session is None:
            self.session = AsyncSession(SessionConfig(allowed_hosts=[self.host]))
        return self.loop.run_until_complete(call_tool(self.session, name, arguments))

    def close(self) -> None:
        if self.session is not None:
            self.loop.run_until_complete(self.session.close())
        self.loop.close()


@pytest.fixture
def session(fixture_host):
    driver = Driver(fixture_host)
    yield driver
    driver.close()


def run(session: Driver, arguments) -> tuple[int, dict | str]:
    result = session.call("run_actions", arguments)
    return result.status, (json.loads(result.content) if result.status == 200 else result.content)


def test_login_2fa_tables_in_one_call(session, fixture_site, monkeypatch):
    monkeypatch.setenv(SECRET_ENV, PASSWORD)
    status, out = run(session, login_flow(fixture_site))
    assert status == 200
    assert out["ok"] and out["assertions_passed"] and out["stopped_at"] is None
    assert out["steps_completed"] == out["steps_total"] == 8
    assert re.fullmatch(r"\d{6}", out["extractions"]["code"])
    assert out["extractions"]["orders"] == ["1001", "1002", "1003", "1004"]
    assert out["extractions"]["tables"][0]["rows"][0] == ["1001", "Ada Lovelace", "129.00", "Shipped"]
    assert [s["page"]["page_type"] for s in out["steps"]][:2] == ["TwoFactorAuth", "Other"]
    assert out["steps"][4]["page"]["url"].endswith("/dashboard")
    assert out["page"].startswith("title: Dashboard")
    assert PASSWORD not in json.dumps(out)


def test_secret_typed_into_a_field_never_shows(session, fixture_site, monkeypatch):
    monkeypatch.setenv(SECRET_ENV, PASSWORD)
    status, out = run(
        session,
        {
            "url": fixture_site + "/login",
            "actions": [
                {"action": "type_text", "label": "Password", "value": "${secret:FX_PASSWORD}"},
                {"action": "extract", "selector": "#password", "attr": "value", "name": "typed"},
                {
                    "action": "select",
                    "label": "Email",
                    "value": "${secret:FX_PASSWORD}",
                    "stop_on_error": False,
                },
            ],
            "format": "json",
        },
    )
    assert status == 200
    text = json.dumps(out)
    assert PASSWORD not in text
    assert out["extractions"]["typed"] == "••••"  # a password field's value shows masked
    assert "••••" in json.dumps(out["page"], ensure_ascii=False)
    assert out["steps"][2]["ok"] is False  # an email field is no select; its error names no value


def test_missing_secret_is_refused_before_any_step(session, fixture_site, monkeypatch):
    monkeypatch.delenv("BROWSY_SECRET_NOPE", raising=False)
    monkeypatch.delenv("BROWSY_SECRETS_FILE", raising=False)
    status, message = run(
        session,
        {
            "url": fixture_site + "/login",
            "actions": [{"action": "login", "username": "u", "password": "${secret:NOPE}"}],
        },
    )
    assert status == 400
    assert "Missing secret NOPE" in message and "BROWSY_SECRET_NOPE" in message
    assert session.session.dom_ref() is None  # nothing was fetched


def test_missing_target_stops_the_batch(session, fixture_site):
    status, out = run(
        session,
        {
            "url": fixture_site + "/login",
            "actions": [
                {"action": "type_text", "label": "Email", "value": "a@b.c"},
                {"action": "click", "text": "No such button"},
                {"action": "click", "text": "Sign in", "role": "button"},
            ],
        },
    )
    assert status == 200 and out["ok"] is False
    assert out["stopped_at"] == 1 and out["steps_completed"] == 1 and len(out["steps"]) == 2
    assert "No element matches text 'No such button'" in out["steps"][1]["error"]
    assert out["error"].startswith("Step 1 (click) failed")


def test_ambiguous_target_fails_and_lists_candidates(session, fixture_site):
    status, out = run(
        session,
        {
            "url": fixture_site + "/dashboard",  # not signed in: the login page
            "actions": [{"action": "click", "role": "link"}],
        },
    )
    assert status == 200 and out["stopped_at"] == 0
    assert re.search(r"\d+ elements match role 'link': \[\d+:a ", out["steps"][0]["error"])


def test_several_ways_of_naming_must_all_hold(session, fixture_site):
    status, out = run(
        session,
        {
            "url": fixture_site + "/login",
            "actions": [
                {"action": "extract", "selector": "form button", "text": "sign in", "name": "button"},
                {"action": "click", "selector": "form button", "text": "Forgot"},
            ],
        },
    )
    assert out["extractions"]["button"] == "Sign in"
    assert "No element matches selector 'form button', text 'Forgot'" in out["steps"][1]["error"]


def test_exact_text_wins_over_substring_matches(session, fixture_site):
    # "Sign in" is the heading and the button; with role the button is the one element meant.
    status, out = run(
        session,
        {
            "url": fixture_site + "/login",
            "actions": [{"action": "click", "text": "sign in", "role": "button"}],
        },
    )
    assert out["ok"], out
    assert out["steps"][0]["note"].startswith("[")


def test_failing_assertion_with_stop_on_error_false_goes_on(session, fixture_site):
    status, out = run(
        session,
        {
            "url": fixture_site + "/articles/1",
            "actions": [
                {"action": "assert_text", "text": "this text is not there"},
                {"action": "click", "text": "no such link", "stop_on_error": False},
                {"action": "extract", "selector": "h1", "name": "title"},
            ],
            "format": "none",
        },
    )
    assert status == 200
    assert out["assertions_passed"] is False and out["ok"] is False
    assert out["stopped_at"] is None and out["steps_completed"] == 1
    assert [s["ok"] for s in out["steps"]] == [False, False, True]
    assert "Assertion failed" in out["steps"][0]["error"]
    assert out["extractions"]["title"]
    assert "page" not in out


def test_overall_timeout(session, fixture_site):
    status, out = run(
        session,
        {
            "url": fixture_site + "/articles/1",
            "actions": [{"action": "browse", "url": fixture_site + "/slow?delay=5"}, {"action": "back"}],
            "timeout_secs": 0.5,
        },
    )
    assert status == 200 and out["ok"] is False
    assert "timed out after 0.5 s" in out["error"] and out["stopped_at"] == 0
    assert out["steps"][0]["error"] == "timed out"


def test_extract_attributes_and_lists(session, fixture_site):
    status, out = run(
        session,
        {
            "url": fixture_site + "/mailto",
            "actions": [
                {"action": "extract", "selector": "a", "attr": "href", "name": "hrefs"},
                {"action": "extract", "selector": "h1", "attr": "html", "name": "h1"},
                {"action": "extract", "selector": ".nothing-here", "stop_on_error": False},
            ],
        },
    )
    assert isinstance(out["extractions"]["hrefs"], list) and len(out["extractions"]["hrefs"]) > 1
    assert any(h.startswith("mailto:") for h in out["extractions"]["hrefs"])
    assert out["extractions"]["h1"].startswith("<h1") and out["extractions"]["h1"].endswith("</h1>")
    assert "Nothing matches selector '.nothing-here'" in out["steps"][2]["error"]


def test_wait_for_text(session, fixture_site):
    status, out = run(
        session,
        {
            "url": fixture_site + "/articles/1",
            "actions": [
                {"action": "wait_for_text", "text": "article"},
                {"action": "wait_for_text", "text": "never appears here", "timeout_secs": 0.6},
            ],
        },
    )
    assert out["steps"][0]["ok"] and out["steps"][0]["note"] == "found after 0 reloads"
    assert "did not appear within 0.6 s" in out["steps"][1]["error"]
    assert out["steps"][1]["page"]["url"].endswith("/articles/1")


def test_delta_format_shows_what_changed(session, fixture_site):
    session.call("browse", {"url": fixture_site + "/articles/1"})
    status, out = run(
        session,
        {
            "actions": [{"action": "browse", "url": fixture_site + "/articles/2"}],
            "format": "delta",
        },
    )
    assert out["page"].startswith("title: ") and "\n[+" in out["page"]


@pytest.mark.parametrize(
    ("steps", "reason"),
    [
        ([{"action": "fly"}], "actions.0.action"),
        ([{"action": "click"}], "click needs a target"),
        ([{"action": "extract", "attr": "href"}], "extract needs a target"),
        ([{"action": "click", "text": "x", "value": "y"}], "click does not take value"),
        ([{"action": "browse"}], "browse needs url"),
        ([{"action": "back", "url": "http://x"}], "back does not take url"),
        ([{"action": "enter_code", "code": "${code}"}], "uses ${code}"),
        ([], "actions"),
    ],
)
def test_bad_batches_are_refused_up_front(session, steps, reason):
    status, message = run(session, {"actions": steps})
    assert status == 400 and reason in message
    assert session.session.dom_ref() is None


def test_no_page_yet_is_a_clear_step_error(session):
    status, out = run(session, {"actions": [{"action": "click", "text": "x"}]})
    assert out["stopped_at"] == 0 and "No page is loaded yet" in out["steps"][0]["error"]


@pytest.mark.parametrize("tool", ["run_actions", "run_recipe"])
def test_the_final_page_is_cut_to_max_chars_with_a_cursor_get_page_takes(session, fixture_site, tool):
    steps = {"url": fixture_site + "/shop", "actions": [{"action": "assert_text", "text": "Product 8"}]}
    recipe = {"name": "shop", "url": steps["url"], "steps": steps["actions"]}
    arguments = steps if tool == "run_actions" else {"recipe": recipe}
    result = session.call(tool, {**arguments, "max_chars": 500})
    assert result.status == 200, result.content
    page = json.loads(result.content)["page"]
    assert len(page) <= 500 and "\nmore: " in page
    cursor = page.rsplit('cursor="', 1)[1].split('"', 1)[0]
    rest = session.call("get_page", {"cursor": cursor, "max_chars": 10_000_000}).content
    assert rest.startswith("continued: ") and '"Details of product 8"' in rest
    whole = json.loads(session.call(tool, {**arguments, "max_chars": 10_000_000}).content)["page"]
    assert "more:" not in whole and '"Details of product 8"' in whole
    unbudgeted = json.loads(session.call(tool, {**arguments, "format": "json"}).content)["page"]
    assert "more" not in unbudgeted  # json is cut only when max_chars is given
