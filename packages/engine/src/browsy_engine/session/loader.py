"""Turning a URL (or a form submission) into a parsed Page: fetch, stylesheets, parse off the loop.

HTML (and XHTML) is parsed with its external CSS; text and JSON are shown as preformatted text; any
other type (PDF, images, archives, …) becomes a short page that says what the URL returned, instead of
parsing binary garbage.
"""

from __future__ import annotations

import asyncio
import html as html_escape
import logging

import httpx

from ..dom import decode_html
from ..model import SpatialDom
from .config import RENDER_MODES, SessionConfig, knob
from .errors import ActionError, BlockedUrl, HttpError, InvalidUrl, Network, PageError, RenderUnavailable
from .fetch import HTML_TYPES, Fetcher, Response
from .frames import load_frames
from .page import Page, PageSource
from .parse_pool import run_parse
from .refresh import refresh_target
from .render import render
from .stylesheets import fetch_stylesheets, find_stylesheets

TEXT_TYPES = frozenset(
    {"text/plain", "application/json", "text/csv", "text/markdown", "text/xml", "application/xml"}
)
MAX_TEXT_SHOWN = 200_000

log = logging.getLogger("browsy.session")


class PageLoader:
    def __init__(self, config: SessionConfig, fetcher: Fetcher) -> None:
        self.config = config
        self.fetcher = fetcher

    async def load(
        self,
        url: str,
        *,
        method: str = "GET",
        content: bytes | None = None,
        headers: dict[str, str] | None = None,
        initiator: str | None = None,
        render: str | None = None,
    ) -> Page:
        """Fetch and parse, following `<meta http-equiv=refresh>` redirects like HTTP ones. The document,
        its refreshes, its stylesheets and a rendering share one deadline (`timeout_secs`). A refresh to a
        URL the policy refuses leaves the user on the page that asked for it, as a browser does, with a note.
        `render` ("never" | "auto" | "always", default the config's) runs the page's scripts in headless
        Chromium: always, or on "auto" when the page is flagged needs_js (render.py).
        Raises the fetch errors, HttpError for a non-2xx final status, RenderUnavailable when "always" cannot
        be honoured."""
        mode = render or self.config.render
        if mode not in RENDER_MODES:
            raise ActionError(f"render must be one of {', '.join(RENDER_MODES)}, not {mode!r}")
        deadline = asyncio.get_running_loop().time() + self.config.timeout_secs
        response = await self.fetcher.fetch(
            url, method=method, content=content, headers=headers, initiator=initiator, deadline=deadline
        )
        for _ in range(self.config.max_redirects + 1):
            if not response.ok:
                raise HttpError(response.status, response.url, response.reason)
            target = _meta_refresh(response)
            if target is None:
                page = await self.page_from_response(response, deadline)
                if mode == "always" or (mode == "auto" and page.dom.needs_js):
                    return await self._rendered(page, response, deadline, mode)
                return page
            try:
                response = await self.fetcher.fetch(target, initiator=response.url, deadline=deadline)
            except (BlockedUrl, InvalidUrl) as refused:
                page = await self.page_from_response(response, deadline)
                page.dom.notes.append(
                    f"This page asks to refresh to another URL, which was not loaded: {refused}"
                )
                return page
        raise Network(
            url, f"more than {self.config.max_redirects} meta refresh redirects ({knob('max_redirects')})"
        )

    async def _rendered(self, page: Page, response: Response, deadline: float, mode: str) -> Page:
        """The page as headless Chromium shows it after running its scripts. On "auto", a page that
        cannot be rendered (no extra, a timeout) stays the zero-render page, with a note saying why."""
        if response.mime_type not in HTML_TYPES:
            return page
        try:
            rendered = await render(response, self.fetcher, self.config, deadline)
        except (RenderUnavailable, Network) as err:
            if mode == "always":
                raise
            page.dom.notes.append(f"This page needs JavaScript and was not rendered: {err}")
            return page
        html_response = Response(
            response.url,
            response.status,
            response.reason,
            httpx.Headers({"content-type": "text/html; charset=utf-8"}),
            rendered.html.encode("utf-8", "replace"),
            response.redirects,
            response.http_version,
        )
        # Stylesheets come from the session's cache-less fetcher again, within what is left of the deadline.
        result = await self._parse(html_response, fetch_css=self.config.fetch_css, deadline=deadline)
        result.dom.rendered = True
        result.dom.needs_js_reason = (
            page.dom.needs_js_reason
        )  # what the page is, not what rendering made of it
        result.dom.notes.extend(rendered.notes)
        return result

    async def page_from_response(self, response: Response, deadline: float | None = None) -> Page:
        return await self._parse(response, fetch_css=self.config.fetch_css, deadline=deadline)

    async def _parse(
        self, response: Response, *, fetch_css: bool, deadline: float | None = None, fetch_frames: bool = True
    ) -> Page:
        mime = response.mime_type
        if mime in HTML_TYPES or (mime.endswith("+xml") and b"<html" in response.body[:2048].lower()):
            text = decode_html(response.body, response.content_type)
            report = None
            extra_css: list[str] = []
            if fetch_css:
                refs = find_stylesheets(text, response.url)
                if refs:
                    extra_css, report = await fetch_stylesheets(self.fetcher, refs, self.config, deadline)
        else:
            text, extra_css, report = _describe_non_html(response), [], None
        source = PageSource(text, extra_css, response.content_type)
        dom = await self._parse_source(source, response.url)
        if fetch_frames and dom.frames:
            await load_frames(dom, self.fetcher, self.config, deadline)
        return Page(
            dom,
            status=response.status,
            content_type=response.content_type,
            redirects=response.redirects,
            stylesheets=report,
            http_version=response.http_version,
            source=source,
        )

    async def page_from_source(self, source: PageSource, url: str, *, load_frames_again: bool) -> Page:
        """The page parsed again from what it was parsed from (a page kept in a shared session store):
        the same source and viewport give the same elements and ids. Frame documents are fetched again
        when `load_frames_again` (they are not part of the source)."""
        dom = await self._parse_source(source, url)
        if load_frames_again and dom.frames:
            deadline = asyncio.get_running_loop().time() + self.config.timeout_secs
            await load_frames(dom, self.fetcher, self.config, deadline)
        return Page(dom, content_type=source.content_type, source=source)

    async def _parse_source(self, source: PageSource, url: str) -> SpatialDom:
        try:
            return await run_parse(
                source.html,
                self.config.viewport_width,
                self.config.viewport_height,
                url,
                extra_css=source.extra_css,
                content_type=source.content_type,
            )
        except Exception as err:  # an engine bug must not reach the user as a traceback
            log.exception("parsing %s failed", url.split("?", 1)[0])
            raise PageError(url.split("?", 1)[0], f"{type(err).__name__}: {err}") from err

    async def page_from_html(self, html: str | bytes, url: str) -> Page:
        """A Page from HTML in hand (no network; text is UTF-8, bytes are sniffed like a response)."""
        content_type = "text/html; charset=utf-8" if isinstance(html, str) else "text/html"
        body = html.encode("utf-8", "surrogatepass") if isinstance(html, str) else html
        response = Response(url, 200, "OK", httpx.Headers({"content-type": content_type}), body)
        return await self._parse(response, fetch_css=False, fetch_frames=False)


def _meta_refresh(response: Response) -> str | None:
    if response.mime_type not in HTML_TYPES:
        return None
    html = decode_html(response.body, response.content_type)
    return refresh_target(html, response.url, response.headers.get("refresh"))


def _describe_non_html(response: Response) -> str:
    """An HTML stand-in for a non-HTML response: text types verbatim in <pre>, others summarised."""
    mime = response.mime_type or "unknown type"
    name = html_escape.escape(response.url.rsplit("/", 1)[-1] or response.url)
    if mime in TEXT_TYPES or mime.startswith("text/") or mime.endswith("+json"):
        body = response.body[:MAX_TEXT_SHOWN].decode("utf-8", errors="replace")
        more = "" if len(response.body) <= MAX_TEXT_SHOWN else "<p>(text truncated)</p>"
        return (
            f"<title>{name} ({html_escape.escape(mime)})</title><pre>{html_escape.escape(body)}</pre>{more}"
        )
    return (
        f"<title>{name} ({html_escape.escape(mime)})</title>"
        f"<h1>Not a web page: {html_escape.escape(mime)}</h1>"
        f"<p>{html_escape.escape(response.url)} returned {len(response.body)} bytes of {html_escape.escape(mime)}. "
        "browsy reads HTML pages; this content cannot be shown as elements.</p>"
    )
