"""The optional rendering fallback: run a page's scripts in headless Chromium, then read the result.

Installed with the `render` extra (`pip install 'browsy-engine[render]'`, Playwright's Python package) and a
Chromium already on the machine: `SessionConfig.chromium_path`, else `$BROWSY_CHROMIUM`, else the first of
`chromium`, `chromium-browser`, `google-chrome`… on the PATH, else a browser Playwright itself installed.
Nothing is ever downloaded.

The browser never touches the network itself:
- it is started with every host name mapped to nowhere (`--host-resolver-rules`), so nothing it might
  send on its own (prefetch, DNS, WebSocket, service worker) gets anywhere;
- every request it makes is intercepted and fetched by the session's own `Fetcher`, so each URL and each
  redirect hop passes the same SSRF guard, blocked patterns, byte limits and deadline as any page load,
  with the session's cookies and headers. A refused request fails in the page as a network error and is
  listed in the page's notes;
- the document itself is the response browsy already fetched (served to the browser, not fetched again).

The rendered DOM (`page.content()`) is parsed by browsy's own engine, so everything downstream is unchanged;
`SpatialDom.rendered` says how it was obtained. Cookies the scripts set go back to the session's jar.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .config import SessionConfig, knob
from .errors import BrowsyError, Network, RenderUnavailable

if TYPE_CHECKING:
    from .fetch import Fetcher, Response

log = logging.getLogger("browsy.session")

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
MAX_REQUESTS = 300  # requests one rendering may make (scripts, data, images); the rest are refused
SETTLE_SECS = 2.0  # after `load`, how long to wait for the page's own requests to quiet down
INSTALL_HINT = (
    "install the render extra (pip install 'browsy-ai[render]' or 'browsy-engine[render]') and a Chromium "
    "(e.g. apt-get install chromium), or point to one with --chromium-path / SessionConfig.chromium_path / "
    "$BROWSY_CHROMIUM"
)
# Headers the browser sets that the session's client sets itself (framing, encodings, its own cookie jar).
_DROPPED_REQUEST_HEADERS = frozenset({"host", "content-length", "connection", "accept-encoding", "cookie"})
_DROPPED_RESPONSE_HEADERS = frozenset(
    {"content-encoding", "content-length", "transfer-encoding", "connection"}
)


@dataclass(slots=True)
class Rendered:
    """What a rendering produced: the DOM serialised as HTML, and what the agent should know about it."""

    html: str
    notes: list[str] = field(default_factory=list)


def find_chromium(config: SessionConfig) -> str | None:
    """The Chromium to run: configured, from $BROWSY_CHROMIUM, or on the PATH (None when there is none)."""
    for candidate in (config.chromium_path, os.environ.get("BROWSY_CHROMIUM")):
        if candidate:
            return candidate if os.path.isfile(candidate) or shutil.which(candidate) else None
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def unavailable_reason(config: SessionConfig) -> str | None:
    """Why rendering cannot run here (no Playwright, no Chromium), or None when it can."""
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed"
    configured = config.chromium_path or os.environ.get("BROWSY_CHROMIUM")
    if find_chromium(config) is None:
        return f"no Chromium at {configured}" if configured else "no Chromium was found on this machine"
    return None


async def render(response: Response, fetcher: Fetcher, config: SessionConfig, deadline: float) -> Rendered:
    """Run `response`'s page in headless Chromium until it settles (or the load's deadline) and return its DOM.
    Raises RenderUnavailable without Playwright or Chromium, Network when the deadline passes first."""
    reason = unavailable_reason(config)
    if reason is not None:
        raise RenderUnavailable(f"{reason}; {INSTALL_HINT}")
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import async_playwright

    loop = asyncio.get_running_loop()
    guard = _Interceptor(response, fetcher, deadline)
    try:
        async with asyncio.timeout_at(deadline), async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=find_chromium(config),
                headless=True,
                args=[
                    "--host-resolver-rules=MAP * ~NOTFOUND",
                    "--disable-background-networking",
                    "--no-first-run",
                    "--disable-extensions",
                    "--disable-sync",
                ],
            )
            try:
                context = await browser.new_context(
                    viewport={"width": int(config.viewport_width), "height": int(config.viewport_height)},
                    user_agent=config.user_agent,
                    service_workers="block",
                    accept_downloads=False,
                )
                cookies = fetcher.state_cookies()
                if cookies:
                    await context.add_cookies(cookies)  # type: ignore[arg-type]
                await context.route("**/*", guard.handle)
                page = await context.new_page()
                left_ms = max(1.0, (deadline - loop.time()) * 1000)
                await page.goto(response.url, wait_until="load", timeout=left_ms)
                settle_ms = max(1.0, min(SETTLE_SECS, deadline - loop.time()) * 1000)
                with contextlib.suppress(PlaywrightError):  # a page that keeps polling: read it as it is now
                    await page.wait_for_load_state("networkidle", timeout=settle_ms)
                # With scripting on, <noscript> is not rendered: leave it out of what browsy reads.
                await page.evaluate("document.querySelectorAll('noscript').forEach(n => n.remove())")
                html = await page.content()
                fetcher.add_cookies(list(await context.cookies()))
            finally:
                await browser.close()
    except TimeoutError:
        raise _timed_out(response.url, config) from None
    except PlaywrightError as err:
        if "Timeout" in type(err).__name__ or "Timeout" in str(err).split("\n", 1)[0]:
            raise _timed_out(response.url, config) from None
        raise Network(
            response.url.split("?", 1)[0], f"the headless browser failed: {_first_line(err)}"
        ) from None
    return Rendered(html, guard.notes())


def _timed_out(url: str, config: SessionConfig) -> Network:
    return Network(
        url.split("?", 1)[0],
        f"rendering did not finish within the page's {config.timeout_secs:g} s ({knob('timeout_secs')})",
        timed_out=True,
    )


def _first_line(err: Exception) -> str:
    return str(err).strip().split("\n", 1)[0][:200]


class _Interceptor:
    """Answers every request of the browser: the document from the response in hand, the rest through
    the session's Fetcher (guarded), refusing what the guard refuses and anything past MAX_REQUESTS."""

    def __init__(self, response: Response, fetcher: Fetcher, deadline: float) -> None:
        self._response = response
        self._fetcher = fetcher
        self._deadline = deadline
        self._served_document = False
        self._count = 0
        self.refused: list[str] = []

    async def handle(self, route: Any, request: Any) -> None:
        url = request.url
        if not self._served_document and request.is_navigation_request() and url == self._response.url:
            self._served_document = True
            await route.fulfill(
                status=self._response.status,
                headers=_response_headers(self._response),
                body=self._response.body,
            )
            return
        self._count += 1
        if self._count > MAX_REQUESTS:
            self._refuse(url, f"more than {MAX_REQUESTS} requests in one rendering")
            await route.abort("blockedbyclient")
            return
        headers = {k: v for k, v in request.headers.items() if k.lower() not in _DROPPED_REQUEST_HEADERS}
        try:
            fetched = await self._fetcher.fetch(
                url,
                method=request.method,
                content=request.post_data_buffer,
                headers=headers,
                initiator=self._response.url,
                deadline=self._deadline,
            )
        except BrowsyError as err:
            self._refuse(url, getattr(err, "reason", None) or str(err))
            await route.abort("blockedbyclient")
            return
        await route.fulfill(status=fetched.status, headers=_response_headers(fetched), body=fetched.body)

    def _refuse(self, url: str, why: str) -> None:
        log.debug("rendering refused %s: %s", url.split("?", 1)[0], why)
        if len(self.refused) < 5:
            self.refused.append(f"{url.split('?', 1)[0][:120]} ({why[:240]})")

    def notes(self) -> list[str]:
        if not self.refused:
            return []
        more = "" if len(self.refused) < 5 else " (and possibly more)"
        return [
            "While rendering, requests of the page's scripts were refused"
            + more
            + ": "
            + "; ".join(self.refused)
        ]


def _response_headers(response: Response) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in response.headers.multi_items():
        key = name.lower()
        if key in _DROPPED_RESPONSE_HEADERS:
            continue
        out[key] = f"{out[key]}\n{value}" if key in out else value
    return out
