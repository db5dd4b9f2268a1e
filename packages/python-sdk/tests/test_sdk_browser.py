"""Browser against the fixture site, embedded and remote: the seed's Python API, same results, same errors."""

from __future__ import annotations

import asyncio

import browsy
import pytest
from browsy import ActionError, BlockedUrl, Browser, HttpError, InvalidArguments, InvalidUrl
from browsy_engine.session import SessionConfig
from browsy_engine.session.render import unavailable_reason
from sdk_support import CODE, PASSWORD, USERNAME, expected_orders

RENDER_MISSING = unavailable_reason(SessionConfig())


def log_in(browser: Browser, base: str) -> browsy.Page:
    page = browser.goto(f"{base}/login")
    assert page.page_type() == "Login"
    page = browser.login(USERNAME, PASSWORD)
    assert page.page_type() == "TwoFactorAuth"
    browser.goto(f"{base}/email")
    code = browser.find_verification_code()
    assert code is not None and len(code) == 6
    browser.back()
    return browser.enter_code(code)


def test_login_two_factor_dashboard_tables(browser: Browser, fixture_site: str) -> None:
    page = log_in(browser, fixture_site)
    assert page.page_type() == "Dashboard"
    assert page.url == f"{fixture_site}/dashboard"
    assert page.title == "Dashboard"
    assert page.tables()[0] == expected_orders()
    assert browser.url() == page.url


def test_login_page_reads_like_the_seed(browser: Browser, fixture_site: str) -> None:
    page = browser.goto(f"{fixture_site}/login")
    login = next(a for a in page.suggested_actions() if a["action"] == "Login")
    username, password, submit = (page.get(login[k]) for k in ("username_id", "password_id", "submit_id"))
    assert username.input_type == "email" and username.placeholder == "you@example.com"
    assert password.input_type == "password" and password.required is True
    assert submit.tag == "button" and submit.text == "Sign in"
    assert len(page) == len(page.elements) > 5
    assert all(isinstance(v, int) for v in username.bounds) and len(username.bounds) == 4
    assert page.visible() and set(page.visible()) <= set(page.elements)
    assert page.get(10_000) is None
    assert page.to_json().startswith('{"url":')
    assert f'[{submit.id}:button "Sign in"' in page.to_compact()


def test_form_state_is_kept_and_shown(browser: Browser, fixture_site: str) -> None:
    page = browser.goto(f"{fixture_site}/login")
    login = next(a for a in page.suggested_actions() if a["action"] == "Login")
    browser.type_text(login["username_id"], "someone@example.com")
    browser.check(login["remember_me_id"])
    current = browser.dom()
    assert current is not None
    assert current.get(login["username_id"]).value == "someone@example.com"
    assert current.get(login["remember_me_id"]).checked is True
    browser.uncheck(login["remember_me_id"])
    assert not browser.dom().get(login["remember_me_id"]).checked
    browser.type_text(login["password_id"], PASSWORD)
    shown = browser.dom()
    assert shown.get(login["password_id"]).value == "••••"  # masked in embedded and remote mode alike
    assert PASSWORD not in shown.to_json() and PASSWORD not in shown.to_compact()


def test_wrong_password_shows_an_alert(browser: Browser, fixture_site: str) -> None:
    browser.goto(f"{fixture_site}/login")
    page = browser.login(USERNAME, "wrong")
    assert page.url == f"{fixture_site}/login"
    assert any("Invalid email or password" in (el.text or "") for el in page.alerts())


def test_finders(browser: Browser, fixture_site: str) -> None:
    browser.goto(f"{fixture_site}/login")
    assert [el.text for el in browser.find_by_text("Sign in") if el.tag == "button"] == ["Sign in"]
    assert browser.find_by_text("SIGN IN") == []
    assert any(el.tag == "button" for el in browser.find_by_text_fuzzy("SIGN IN"))
    assert [el.tag for el in browser.find_by_role("heading")] == ["h1"]
    assert browser.find_input_by_purpose("password").input_type == "password"
    assert browser.find_input_by_purpose("email").name == "email"
    assert browser.find_verification_code() is None


def test_errors_are_the_engine_classes(browser: Browser, fixture_site: str) -> None:
    assert browser.dom() is None
    with pytest.raises(ActionError):
        browser.click(1)
    with pytest.raises(InvalidUrl):
        browser.goto("not a url")
    with pytest.raises(BlockedUrl):
        browser.goto("http://10.1.2.3/")
    with pytest.raises(HttpError) as http_error:
        browser.goto(f"{fixture_site}/status/404")
    assert http_error.value.status == 404
    browser.goto(f"{fixture_site}/login")
    with pytest.raises(ActionError, match="999"):
        browser.click(999)
    with pytest.raises(ActionError):
        browser.enter_code("123456")
    with pytest.raises(InvalidArguments, match="id"):
        browser.click("three")  # type: ignore[arg-type]


def test_embedded_and_remote_give_the_same_results(
    fixture_host: str, browsy_server: str, fixture_site: str
) -> None:
    embedded, remote = Browser(allowed_hosts=[fixture_host]), Browser(server=browsy_server)
    try:
        pages = [log_in(b, fixture_site) for b in (embedded, remote)]
        assert pages[0].to_json() == pages[1].to_json()
        assert pages[0].to_compact() == pages[1].to_compact()
        assert pages[0].tables() == pages[1].tables()
        assert pages[0].suggested_actions() == pages[1].suggested_actions()
        errors = []
        for b in (embedded, remote):
            with pytest.raises(ActionError) as caught:
                b.click(999)
            errors.append(str(caught.value))
        assert errors[0] == errors[1]
    finally:
        embedded.close()
        remote.close()


def test_async_browser_flow(
    mode: str, fixture_host: str, fixture_site: str, request: pytest.FixtureRequest
) -> None:
    async def flow() -> browsy.Page:
        options = (
            {"server": request.getfixturevalue("browsy_server")}
            if mode == "remote"
            else {"allowed_hosts": [fixture_host]}
        )
        async with browsy.AsyncBrowser(**options) as browser:
            await browser.goto(f"{fixture_site}/login")
            await browser.login(USERNAME, PASSWORD)
            email = await browser.goto(f"{fixture_site}/email")
            code = CODE.search(" ".join(el.text or "" for el in email.elements)).group(1)
            await browser.back()
            return await browser.enter_code(code)

    page = asyncio.run(flow())
    assert page.page_type() == "Dashboard"
    assert page.tables()[0] == expected_orders()


def test_sync_browser_works_inside_a_running_event_loop(browser: Browser, fixture_site: str) -> None:
    async def inside() -> str:
        return browser.goto(f"{fixture_site}/login").page_type()

    assert asyncio.run(inside()) == "Login"


def test_one_browser_shared_by_threads(browser: Browser, fixture_site: str) -> None:
    from concurrent.futures import ThreadPoolExecutor

    browser.goto(f"{fixture_site}/login")
    with ThreadPoolExecutor(4) as pool:
        kinds = list(pool.map(lambda _: browser.dom().page_type(), range(8)))
    assert kinds == ["Login"] * 8


def test_search_embedded_on_local_endpoint(fixture_host: str, fixture_site: str) -> None:
    endpoints = {"duckduckgo": f"{fixture_site}/search/duckduckgo", "google": f"{fixture_site}/search/google"}
    with Browser(allowed_hosts=[fixture_host], search_endpoints=endpoints) as browser:
        results = browser.search("browsy")
    assert results and set(results[0]) == {"title", "url", "snippet"}
    assert all(r["url"].startswith("http") for r in results)


def test_remote_load_html_is_refused_clearly(browsy_server: str) -> None:
    with Browser(server=browsy_server) as browser, pytest.raises(browsy.RemoteError, match="goto"):
        browser.load_html("<h1>x</h1>", "https://example.com/")


def test_unreachable_server_is_a_clear_error() -> None:
    from sdk_support import free_port

    with (
        Browser(server=f"http://127.0.0.1:{free_port()}") as browser,
        pytest.raises(browsy.RemoteError, match="browsy serve"),
    ):
        browser.goto("https://example.com/")


def test_remote_browser_sends_the_servers_bearer_token(
    fixture_host: str, fixture_site: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sdk_support import browsy_serve

    monkeypatch.delenv("BROWSY_TOKEN", raising=False)
    with browsy_serve("--allowed-host", fixture_host, "--token", "sdk-secret") as base:
        with Browser(server=base, server_token="sdk-secret") as browser:
            assert log_in(browser, fixture_site).page_type() == "Dashboard"
        monkeypatch.setenv("BROWSY_TOKEN", "sdk-secret")
        with Browser(server=base) as browser:
            assert browser.goto(fixture_site + "/login").title
        monkeypatch.delenv("BROWSY_TOKEN")
        with Browser(server=base) as browser, pytest.raises(browsy.RemoteError, match="bearer token"):
            browser.goto(fixture_site + "/login")


def test_a_saved_state_signs_a_new_browser_in(
    make_browser,
    mode: str,
    fixture_site: str,
    fixture_host: str,
    tmp_path,
    request: pytest.FixtureRequest,  # noqa: ANN001
) -> None:
    import os
    import stat

    first = make_browser()
    log_in(first, fixture_site)
    path = first.save_state(tmp_path / "state.json")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600  # it holds the session cookie
    if mode == "remote":
        second = Browser(server=request.getfixturevalue("browsy_server"), state=path)
    else:
        second = Browser(allowed_hosts=[fixture_host], state=path)
    try:
        page = second.goto(f"{fixture_site}/dashboard")
        assert page.page_type() == "Dashboard" and page.tables()[0] == expected_orders()
        assert second.load_state(first.state()).url == f"{fixture_site}/dashboard"  # and it opens the URL
    finally:
        second.close()
    with pytest.raises(ActionError, match="not JSON"):
        (tmp_path / "bad.json").write_text("{nope")
        Browser(state=tmp_path / "bad.json")


def test_goto_says_when_a_page_needs_javascript_and_render_is_checked(
    browser: Browser, fixture_site: str
) -> None:
    shell = browser.goto(f"{fixture_site}/spa")  # rendering is off unless asked
    assert shell.needs_js and not shell.rendered
    assert not any(el.tag == "a" for el in shell.elements)
    with pytest.raises(InvalidArguments):
        browser.goto(f"{fixture_site}/spa", render="sometimes")  # type: ignore[arg-type]


@pytest.mark.skipif(RENDER_MISSING is not None, reason=f"rendering unavailable here: {RENDER_MISSING}")
def test_goto_renders_an_application_shell_when_asked(browser: Browser, fixture_site: str) -> None:
    app = browser.goto(f"{fixture_site}/spa", render="auto")
    assert app.rendered and app.needs_js
    assert [el.text for el in app.elements if el.tag == "a"][:2] == ["Anemometer", "Barometer"]
    article = browser.goto(f"{fixture_site}/articles/1", render="auto")  # not flagged: not rendered
    assert not article.rendered
