"""Browsing the fixture site: sign-in with 2FA, links, history, behaviours, pagination, finders."""

from __future__ import annotations

import asyncio
import logging

import pytest
from browsy_engine.session import ActionError, AsyncSession, InputPurpose, Session, SessionConfig

from tests.fixture_site.auth import PASSWORD, USERNAME


def run(coro):
    return asyncio.run(coro)


def browse(fixture_host: str, scenario, **config):
    async def main():
        async with AsyncSession(SessionConfig(allowed_hosts=[fixture_host], **config)) as session:
            return await scenario(session)

    return run(main())


def first(dom, text: str, tag: str | None = None) -> int:
    for el in dom.els:
        if (el.text or "").strip() == text and (tag is None or el.tag == tag):
            return el.id
    raise AssertionError(f"no element {tag or ''} with text {text!r}")


# ---- sign-in --------------------------------------------------------------------------------------
def test_login_then_code_from_the_email_page_then_dashboard_tables(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/login")
        assert dom.page_type == "Login"
        two_factor = await s.login(USERNAME, PASSWORD)
        assert s.url() == fixture_site + "/2fa"
        assert two_factor.page_type == "TwoFactorAuth"
        await s.click(first(two_factor, "Open your inbox", "a"))
        code = s.find_verification_code()
        assert code is not None and len(code) == 6
        await s.back()
        dashboard = await s.enter_code(code)
        return dashboard, s.url(), s.cookies

    dashboard, url, cookies = browse(fixture_host, scenario)
    assert url == fixture_site + "/dashboard"
    assert "fx_session" in cookies
    orders = dashboard.tables()[0]
    assert orders.headers == ["Order", "Customer", "Amount", "Status"]
    assert orders.rows[0] == ["1001", "Ada Lovelace", "129.00", "Shipped"]


def test_wrong_password_shows_the_error_and_stays_on_login(fixture_site, fixture_host):
    async def scenario(s):
        await s.goto(fixture_site + "/login")
        return await s.login(USERNAME, "wrong"), s.url()

    dom, url = browse(fixture_host, scenario)
    assert url == fixture_site + "/login"
    assert [el.text for el in dom.els if el.alert_type == "error"] == ["Invalid email or password."]


def test_login_and_enter_code_need_their_forms(fixture_site, fixture_host):
    async def scenario(s):
        await s.goto(fixture_site + "/articles/1")
        with pytest.raises(ActionError, match="No login form"):
            await s.login("a", "b")
        with pytest.raises(ActionError, match="verification-code form"):
            await s.enter_code("123456")

    browse(fixture_host, scenario)


def test_credentials_are_never_logged(fixture_site, fixture_host, caplog):
    caplog.set_level(logging.DEBUG)
    secret = "pa55-w0rd-never-logged"

    async def scenario(s):
        await s.goto(fixture_site + "/login")
        await s.login(USERNAME, secret)
        await s.goto(fixture_site + "/site-search")
        field = s.find_by_role("searchbox")[0].id
        await s.type_text(field, secret)
        await s.submit(field)  # a GET form: the secret travels in the query string

    browse(fixture_host, scenario)
    assert caplog.records, "expected request logging"
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert secret not in logged


def test_dashboard_without_signing_in_redirects_to_login(fixture_site, fixture_host):
    async def scenario(s):
        await s.goto(fixture_site + "/dashboard")
        return s.url()

    assert browse(fixture_host, scenario) == fixture_site + "/login"


# ---- links and history ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Email us", "mailto:"),
        ("Call us", "tel:"),
        ("Do nothing", "javascript:"),
        ("Back to top", "same page"),
        ("Jump to the bottom", "same page"),
    ],
)
def test_links_that_are_not_followed_say_so(fixture_site, fixture_host, text, reason):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/mailto")
        after = await s.click(first(dom, text, "a"))
        return after, s.url(), s.last_outcome

    after, url, outcome = browse(fixture_host, scenario)
    assert url == fixture_site + "/mailto"
    assert outcome.kind == "skip" and reason in outcome.message
    assert after.title == "Links"


def test_click_link_back_and_delta(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/mailto")
        assert s.delta() is None
        article = await s.click(first(dom, "A real link", "a"))
        delta = s.delta()
        back = await s.back()
        with pytest.raises(ActionError, match="no previous page"):
            await s.back()
        return article, delta, back, s.url()

    article, delta, back, url = browse(fixture_host, scenario)
    assert article.title == "Article 1"
    assert delta is not None and any(el.text == "Article 1" for el in delta.changed)
    assert back.title == "Links" and url == fixture_site + "/mailto"


def test_back_restores_the_form_state(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/get")
        name = next(el.id for el in dom.els if el.name == "name")
        await s.type_text(name, "typed before leaving")
        await s.goto(fixture_site + "/articles/2")
        restored = await s.back()
        return restored.get(name).val

    assert browse(fixture_host, scenario) == "typed before leaving"


def test_pagination_by_clicking_next(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/list?page=1")
        page2 = await s.click(first(dom, "Next", "a"))
        page3 = await s.click(first(page2, "Next", "a"))
        return page3, s.url()

    page3, url = browse(fixture_host, scenario)
    assert url == fixture_site + "/list?page=3"
    assert "Item 21" in [el.text for el in page3.els]


def test_cookie_banner_goes_away_after_accepting(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/")
        after = await s.click(first(dom, "Accept all cookies"))
        return dom, after, s.cookies

    before, after, cookies = browse(fixture_host, scenario)
    assert any("We use cookies" in (el.text or "") for el in before.els)
    assert not any("We use cookies" in (el.text or "") for el in after.els)
    assert cookies.get("fx_consent") == "accept"


def test_clicking_plain_text_does_nothing_like_clicking_a_text_field(fixture_site, fixture_host):
    """A click on a heading or paragraph answers as a click on a text field does: the unchanged page and
    a hint (in a browser, both clicks do nothing visible), not an error."""

    async def scenario(s):
        dom = await s.goto(fixture_site + "/articles/1")
        outcomes = []
        for tag in ("p", "h1"):
            element = next(el.id for el in dom.els if el.tag == tag)
            after = await s.click(element)
            outcomes.append((after.url, s.last_outcome.kind, s.last_outcome.message))
        return dom.url, outcomes

    url, outcomes = browse(fixture_host, scenario)
    for after_url, kind, message in outcomes:
        assert (after_url, kind) == (url, "none") and "did nothing" in message


# ---- JS behaviours --------------------------------------------------------------------------------
def test_toggle_behaviours_change_hidden_and_say_what_changed(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/behaviors")
        second = next(el for el in dom.els if el.text == "Second article")
        assert second.hidden is True
        opened = await s.click(first(dom, "Menu", "button"))
        outcome = s.last_outcome
        closed = await s.click(first(dom, "Menu", "button"))
        return second.id, opened, outcome, closed, s.behaviors()

    link_id, opened, outcome, closed, behaviors = browse(fixture_host, scenario)
    assert not opened.get(link_id).hidden
    assert closed.get(link_id).hidden is True
    assert outcome.kind == "toggle" and link_id in outcome.changed and "now visible" in outcome.message
    assert {b.action for b in behaviors} >= {"toggle", "navigate"}


def test_script_navigation_is_followed(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/behaviors")
        await s.click(first(dom, "Read the first article", "button"))
        first_url = s.url()
        dom = await s.goto(fixture_site + "/behaviors")
        await s.click(first(dom, "Second article by script", "a"))
        return first_url, s.url()

    assert browse(fixture_host, scenario) == (fixture_site + "/articles/1", fixture_site + "/articles/2")


# ---- finders --------------------------------------------------------------------------------------
def test_finders_on_the_login_page(fixture_site, fixture_host):
    async def scenario(s):
        await s.goto(fixture_site + "/login")
        return s

    s = browse(fixture_host, scenario)
    password = s.find_input_by_purpose(InputPurpose.PASSWORD)
    email = s.find_input_by_purpose("email")
    assert password is not None and password.name == "password"
    assert email is not None and email.name == "email"
    assert s.find_input_by_purpose("phone") is None
    assert s.find_input_by_purpose("username").name == "email"  # autocomplete="username"
    button = s.find_nearest_button(password.id)
    assert button is not None and button.text == "Sign in"
    assert [el.text for el in s.find_by_text("Sign in") if el.tag == "button"] == ["Sign in"]
    assert s.find_by_text("sign in") == [] or all(
        "sign in" in (el.text or "") for el in s.find_by_text("sign in")
    )
    assert any(el.tag == "button" for el in s.find_by_text_fuzzy("SIGN   IN"))
    assert [el.text for el in s.find_by_role("heading")] == ["Sign in"]
    assert s.element(password.id).name == "password"
    assert s.element(99999) is None
    assert s.is_captcha() is False and s.captcha_info() is None
    with pytest.raises(ActionError, match="Unknown input purpose"):
        s.find_input_by_purpose("favourite colour")


def test_code_input_is_found_by_purpose(fixture_site, fixture_host):
    async def scenario(s):
        await s.goto(fixture_site + "/login")
        await s.login(USERNAME, PASSWORD)
        return s.find_input_by_purpose("verification_code"), s.find_input_by_purpose(InputPurpose.SEARCH)

    code, search = browse(fixture_host, scenario)
    assert code is not None and code.name == "code"
    assert search is None


# ---- the blocking facade --------------------------------------------------------------------------
def test_sync_session_runs_the_whole_flow(fixture_site, fixture_host):
    with Session(SessionConfig(allowed_hosts=[fixture_host])) as s:
        s.goto(fixture_site + "/login")
        s.login(USERNAME, PASSWORD)
        s.goto(fixture_site + "/email")
        code = s.find_verification_code()
        s.goto(fixture_site + "/2fa")
        dom = s.enter_code(code)
        assert s.url() == fixture_site + "/dashboard"
        assert dom.tables()[1].rows == [["INV-77", "2026-10-01", "Paid"], ["INV-78", "2026-11-01", "Due"]]
        with pytest.raises(ActionError):
            s.type_text(99999, "x")


def test_older_history_is_reloaded_with_its_form_state(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/get")
        name = next(el.id for el in dom.els if el.name == "name")
        await s.type_text(name, "kept across reloads")
        for n in (1, 2, 3):
            await s.goto(f"{fixture_site}/articles/{n}")
        titles = [(await s.back()).title for _ in range(3)]
        return titles, s.dom().get(name).val, s.last_outcome.message

    titles, value, message = browse(fixture_host, scenario, history_pages_kept=1)
    assert titles == ["Article 2", "Article 1", "GET form"]
    assert value == "kept across reloads"
    assert message == f"Went back to {fixture_site}/forms/get"


def test_load_html_makes_a_page_whose_links_resolve_against_its_url(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.load_html(
            '<h1>Given</h1><a href="/articles/4">Fourth</a>', fixture_site + "/somewhere/page"
        )
        assert s.url() == fixture_site + "/somewhere/page"
        return dom, await s.click(first(dom, "Fourth", "a"))

    given, clicked = browse(fixture_host, scenario)
    assert given.title == "" and any(el.text == "Given" for el in given.els)
    assert clicked.title == "Article 4"


def test_concurrent_navigations_on_one_session_are_serialised(fixture_site, fixture_host):
    async def scenario(s):
        urls = [f"{fixture_site}/articles/{n}" for n in range(1, 6)]
        doms = await asyncio.gather(*(s.goto(u) for u in urls))
        titles = [d.title for d in doms]
        history = []
        while True:
            try:
                history.append((await s.back()).title)
            except ActionError:
                break
        return titles, history

    titles, history = browse(fixture_host, scenario)
    assert titles == [f"Article {n}" for n in range(1, 6)]
    assert sorted(history) == [f"Article {n}" for n in range(1, 5)]  # four earlier pages, each once


def test_a_closed_session_says_so(fixture_site, fixture_host):
    async def scenario():
        s = AsyncSession(SessionConfig(allowed_hosts=[fixture_host]))
        await s.close()
        with pytest.raises(ActionError, match="closed"):
            await s.goto(fixture_site + "/")

    run(scenario())


def test_sync_session_works_inside_a_running_event_loop(fixture_site, fixture_host):
    """As in a notebook cell, where an event loop is already running in this thread."""

    async def notebook_cell():
        with Session(SessionConfig(allowed_hosts=[fixture_host])) as s:
            return s.goto(fixture_site + "/articles/3").title

    assert run(notebook_cell()) == "Article 3"


def test_a_typed_password_is_masked_everywhere_but_still_submitted(fixture_site, fixture_host):
    async def scenario(s):
        from browsy_engine.tools import call_tool

        dom = await s.goto(fixture_site + "/login")
        password = s.find_input_by_purpose(InputPurpose.PASSWORD)
        user = s.find_input_by_purpose(InputPurpose.USERNAME)
        await s.type_text(user.id, USERNAME)
        await s.type_text(password.id, PASSWORD)
        typed = s.dom()
        shown = [
            typed.to_compact(),
            typed.to_json(),
            (await call_tool(s, "get_page", {})).content,
            (await call_tool(s, "get_page", {"format": "json"})).content,
            (await call_tool(s, "find", {"role": "textbox"})).content,
        ]
        for text in shown:
            assert PASSWORD not in text
        assert "[=••••]" in shown[0] and USERNAME in shown[0]
        await s.click(next(el.id for el in dom.els if el.tag == "button" and el.text == "Sign in"))
        assert s.url() == fixture_site + "/2fa"  # the real value went with the form
        back = await s.back()
        assert PASSWORD not in back.to_json()

    browse(fixture_host, scenario)
