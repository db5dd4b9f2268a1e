"""Portable session state (session/state.py): a signed-in session exported and restored in browsy, and
moved to and from a real Playwright Chromium (skipped, with the reason, where there is none)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from browsy_engine.session import ActionError, AsyncSession, SessionConfig
from browsy_engine.session.render import unavailable_reason

USERNAME, PASSWORD = "agent@example.com", "correct-horse-battery"
MISSING = unavailable_reason(SessionConfig())


def run(fixture_host: str, scenario: Any) -> Any:
    async def main() -> Any:
        async with AsyncSession(SessionConfig(allowed_hosts=[fixture_host])) as session:
            return await scenario(session)

    return asyncio.run(main())


async def sign_in(s: AsyncSession, site: str) -> None:
    await s.goto(site + "/login")
    two_factor = await s.login(USERNAME, PASSWORD)
    inbox = next(el for el in two_factor.els if el.tag == "a" and "inbox" in (el.text or "").lower())
    await s.click(inbox.id)
    code = s.find_verification_code()
    await s.back()
    await s.enter_code(code or "")


def signed_in(texts: list[str | None]) -> bool:
    return any("Signed in as agent@example.com" in (t or "") for t in texts)


def test_a_signed_in_state_moves_to_a_new_session(fixture_site: str, fixture_host: str) -> None:
    async def first(s: AsyncSession) -> dict[str, Any]:
        await sign_in(s, fixture_site)
        return s.export_state()

    state = run(fixture_host, first)
    assert json.loads(json.dumps(state)) == state  # plain JSON
    assert {"fx_session"} <= {c["name"] for c in state["cookies"]}
    assert state["browsy"]["url"] == fixture_site + "/dashboard" and state["browsy"]["history"]
    assert all(
        {"name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite"} <= set(c)
        for c in state["cookies"]
    )

    async def second(s: AsyncSession) -> Any:
        dom = await s.import_state(state)
        history = s.export_state()["browsy"]["history"]
        await s.back()  # the history came along: back loads its last URL again
        return dom, history

    dom, history = run(fixture_host, second)
    assert dom.url == fixture_site + "/dashboard" and signed_in([el.text for el in dom.els])
    assert history == state["browsy"]["history"]


def test_bad_states_are_refused_with_the_reason(fixture_host: str) -> None:
    async def scenario(s: AsyncSession) -> list[str]:
        errors = []
        for bad in (
            [],
            {"cookies": "x"},
            {"cookies": [{"value": "v"}]},
            {"cookies": [1]},
            {"cookies": [], "browsy": {"history": "x"}},
        ):
            try:
                await s.import_state(bad)  # type: ignore[arg-type]
            except ActionError as err:
                errors.append(str(err))
        return errors

    errors = run(fixture_host, scenario)
    assert len(errors) == 5 and all("state" in e or "cookie" in e for e in errors)


@pytest.mark.skipif(MISSING is not None, reason=f"no Playwright Chromium here: {MISSING}")
def test_states_move_between_browsy_and_playwright(fixture_site: str, fixture_host: str) -> None:
    from browsy_engine.session.render import find_chromium
    from playwright.sync_api import sync_playwright

    async def browsy_sign_in(s: AsyncSession) -> dict[str, Any]:
        await sign_in(s, fixture_site)
        return s.export_state()

    exported = run(fixture_host, browsy_sign_in)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(SessionConfig()), headless=True)
        try:
            context = browser.new_context(storage_state=exported)  # type: ignore[arg-type]
            page = context.new_page()
            page.goto(fixture_site + "/dashboard")
            assert "Signed in as agent@example.com" in page.content()  # browsy → Playwright
            context.close()
            # Playwright signs in by itself, and hands its state to browsy
            context = browser.new_context()
            page = context.new_page()
            page.goto(fixture_site + "/login")
            page.fill("input[name=email]", USERNAME)
            page.fill("input[name=password]", PASSWORD)
            page.click("button[type=submit], input[type=submit]")
            page.goto(fixture_site + "/email")
            code = page.inner_text("body").split("verification code is ", 1)[1][:6]
            page.goto(fixture_site + "/2fa")
            page.fill("input[name=code]", code)
            page.click("button[type=submit], input[type=submit]")
            state = context.storage_state()
        finally:
            browser.close()

    async def browsy_resumes(s: AsyncSession) -> Any:
        assert await s.import_state(dict(state)) is None  # Playwright's state has no URL to open
        return await s.goto(fixture_site + "/dashboard")

    dom = run(fixture_host, browsy_resumes)
    assert signed_in([el.text for el in dom.els])  # Playwright → browsy
