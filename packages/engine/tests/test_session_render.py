"""The rendering fallback (session/render.py) against the fixture site's single-page app, in a real
headless Chromium. Skipped, with the reason, where Playwright or a Chromium is missing."""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import quote

import pytest
from browsy_engine.session import AsyncSession, Network, RenderUnavailable, SessionConfig
from browsy_engine.session.render import unavailable_reason
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from tests.fixture_site.server_thread import serving_app

MISSING = unavailable_reason(SessionConfig())
needs_chromium = pytest.mark.skipif(MISSING is not None, reason=f"rendering unavailable here: {MISSING}")


def run(fixture_host: str, scenario: Any, **config: Any) -> Any:
    async def main() -> Any:
        async with AsyncSession(SessionConfig(allowed_hosts=[fixture_host], **config)) as session:
            return await scenario(session)

    return asyncio.run(main())


@needs_chromium
def test_auto_renders_an_application_shell_and_its_actions_work(fixture_site: str, fixture_host: str) -> None:
    async def scenario(s: AsyncSession) -> Any:
        dom = await s.goto(f"{fixture_site}/spa")
        links = [el.text for el in dom.els if el.tag == "a"]
        search = next(a for a in dom.suggested_actions if a.action == "Search")
        await s.type_text(search.input_id, "wind")
        echoed = await s.submit(search.submit_id)
        return dom, links, s.cookies, echoed

    dom, links, cookies, echoed = run(fixture_host, scenario, render="auto")
    assert dom.rendered and dom.needs_js
    assert [el.text for el in dom.els if el.tag == "h1"] == ["Weather instruments"]
    assert links == ["Anemometer", "Barometer", "Hygrometer", "Pluviometer", "Thermometer"]
    assert not any(el.tag == "noscript" for el in dom.els)  # scripting on: noscript is not rendered
    # the cookie the API set (through the session's fetcher) and the one the script set
    assert cookies.get("spa_seen") == "1" and cookies.get("spa_rendered") == "yes"
    assert "wind" in echoed.to_compact()


@needs_chromium
def test_the_rendering_has_the_sessions_cookies(fixture_site: str, fixture_host: str) -> None:
    async def scenario(s: AsyncSession) -> Any:
        await s.goto(f"{fixture_site}/cookies?fx_user=ada")
        return await s.goto(f"{fixture_site}/spa", render="always")

    texts = [el.text for el in run(fixture_host, scenario).els]
    assert "Signed in as ada" in texts  # the script's request carried the session's cookie
    assert "Cookie fx_user: ada" in texts  # and the page's own document.cookie has it


def test_never_keeps_the_zero_render_page_flagged(fixture_site: str, fixture_host: str) -> None:
    async def scenario(s: AsyncSession) -> Any:
        return await s.goto(f"{fixture_site}/spa")

    dom = run(fixture_host, scenario)  # render="never" is the default
    assert not dom.rendered and dom.needs_js
    assert "enable JavaScript" in (dom.needs_js_reason or "")
    assert not any(el.tag == "a" for el in dom.els)


@needs_chromium
@pytest.mark.parametrize("via_redirect", [False, True], ids=["direct", "redirect"])
def test_requests_of_the_page_scripts_pass_the_ssrf_guard(
    fixture_site: str, fixture_host: str, via_redirect: bool
) -> None:
    """A script's request to 127.0.0.2, straight or through a redirect from the allowed site, never lands."""
    hits: list[str] = []

    async def secret(request: Request) -> PlainTextResponse:
        hits.append(str(request.url))
        return PlainTextResponse("internal secret")

    inside = Starlette(routes=[Route("/secret", secret)])
    with serving_app(inside, "private-service", host="127.0.0.2") as private:
        target = f"{private}/secret"
        if via_redirect:
            target = f"{fixture_site}/redirect/to?url={quote(target, safe='')}"

        async def scenario(s: AsyncSession) -> Any:
            return await s.goto(f"{fixture_site}/spa?probe={quote(target, safe='')}")

        dom = run(fixture_host, scenario, render="always")
    assert hits == []
    assert dom.rendered and any(el.text == "Anemometer" for el in dom.els)  # the page carried on
    assert any("127.0.0.2" in note and "loopback" in note for note in dom.notes)


@needs_chromium
def test_a_rendering_that_never_finishes_times_out(fixture_site: str, fixture_host: str) -> None:
    async def auto(s: AsyncSession) -> Any:
        return await s.goto(f"{fixture_site}/spa/spin")

    dom = run(fixture_host, auto, render="auto", timeout_secs=3)
    assert not dom.rendered and dom.needs_js
    assert any("not rendered" in note and "did not finish" in note for note in dom.notes)

    async def always(s: AsyncSession) -> Any:
        return await s.goto(f"{fixture_site}/spa/spin", render="always")

    with pytest.raises(Network) as caught:
        run(fixture_host, always, timeout_secs=3)
    assert caught.value.error_code == "timeout"


@needs_chromium
def test_always_renders_a_server_rendered_page_too(fixture_site: str, fixture_host: str) -> None:
    async def scenario(s: AsyncSession) -> Any:
        return await s.goto(f"{fixture_site}/articles/1", render="always")

    dom = run(fixture_host, scenario)
    assert dom.rendered and not dom.needs_js
    assert any(el.tag == "h1" for el in dom.els)


def test_without_a_chromium_always_fails_clearly_and_auto_says_why(
    fixture_site: str, fixture_host: str
) -> None:
    async def scenario(s: AsyncSession) -> Any:
        return await s.goto(f"{fixture_site}/spa")

    with pytest.raises(RenderUnavailable) as caught:
        run(fixture_host, scenario, render="always", chromium_path="/nonexistent/chromium")
    message = str(caught.value)
    assert "browsy-ai[render]" in message and "--chromium-path" in message
    assert caught.value.code == "render_unavailable"
    dom = run(fixture_host, scenario, render="auto", chromium_path="/nonexistent/chromium")
    assert not dom.rendered and any("not rendered" in note for note in dom.notes)


def test_render_mode_is_checked() -> None:
    with pytest.raises(ValueError, match="render must be one of"):
        SessionConfig(render="sometimes")
