"""Fetching one URL the way a careful browser does: checked, redirected by hand, streamed, bounded.

- Every URL and every redirect hop goes through `check_url`; every connection through the guarded
  network backend (transport.py).
- Redirects are followed by hand up to `max_redirects` (303 → GET, 301/302 after POST → GET, 307/308
  keep method and body); cookies land in the session's jar on every hop.
- Bodies are streamed, decompressed in small steps (decoding.py: gzip, deflate, br) and cut at the
  byte limit with `ResponseTooLarge` — never read or inflated whole first.
- Timeouts: connect, read, and one deadline for the whole page load (document, refreshes, stylesheets).
- Log lines carry method and URL without query string; request bodies are never logged.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookiejar import Cookie
from typing import Any

import httpx

from .config import SessionConfig, knob
from .decoding import BoundedDecoder, DecodeError
from .errors import ActionError, BlockedUrl, BrowsyError, InvalidUrl, Network, ResponseTooLarge
from .proxy import RoutingTransport
from .security import NetworkPolicy, check_url
from .state import jar_cookie, state_cookie
from .transport import GuardedBackend, GuardedTransport, Resolver, ssl_context_with

log = logging.getLogger("browsy.session")

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})

ACCEPT_HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
# Media types read as web pages ("": a server that names none).
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml", ""})


@dataclass(slots=True)
class Response:
    """A fetched response: final URL, status, headers and the (decoded, bounded) body."""

    url: str
    status: int
    reason: str
    headers: httpx.Headers
    body: bytes
    redirects: list[str] = field(default_factory=list)
    http_version: str = "HTTP/1.1"

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "")

    @property
    def mime_type(self) -> str:
        return self.content_type.split(";", 1)[0].strip().lower()

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


class Fetcher:
    """One HTTP client (cookie jar, connection pool) per session, with the session's policy."""

    def __init__(
        self, config: SessionConfig, *, resolver: Resolver | None = None, network_backend: Any = None
    ) -> None:
        self.config = config
        self.closed = False
        backend = GuardedBackend(
            NetworkPolicy.from_config(config),
            resolver,
            network_backend,
            resolve_timeout=config.connect_timeout_secs,
        )
        context = ssl_context_with(config.ca_bundle)
        transport = RoutingTransport(
            GuardedTransport(backend, ssl_context=context),
            backend,
            context,
            proxy=config.proxy,
            use_env=config.use_env_proxy,
        )
        self._client = httpx.AsyncClient(
            transport=transport,
            follow_redirects=False,
            event_hooks={"response": [self._check_redirect_target]},
            trust_env=False,
            timeout=httpx.Timeout(config.timeout_secs, connect=config.connect_timeout_secs),
            headers={
                "User-Agent": config.user_agent,
                "Accept": ACCEPT_HTML,
                "Accept-Language": "en-US,en;q=0.9",
                "Accept-Encoding": "gzip, deflate, br",
                **config.extra_headers,
            },
        )

    async def _check_redirect_target(self, response: httpx.Response) -> None:
        """httpx works out a redirect's next request before we see the response, and fails on targets
        like `javascript:` with an error about the *original* URL. Check the target first, so the error
        names the URL the server redirected to and why it is refused."""
        location = response.headers.get("location")
        if response.status_code in REDIRECT_STATUSES and location:
            check_url(location, self.config, str(response.request.url))

    async def close(self) -> None:
        self.closed = True
        await self._client.aclose()

    def cookie_dict(self) -> dict[str, str]:
        return {c.name: c.value or "" for c in self._client.cookies.jar}

    def state_cookies(self) -> list[dict[str, Any]]:
        """The jar's cookies in Playwright's storage-state form (state.py; also what a headless browser takes)."""
        return [state_cookie(c) for c in self._client.cookies.jar if c.domain]

    def add_cookies(self, cookies: list[Any]) -> None:
        """Put cookies in the jar: `http.cookiejar.Cookie`s, or storage-state entries (a headless browser's
        `context.cookies()`, a state file); an entry that is not a cookie raises ActionError."""
        jar = self._client.cookies.jar
        for c in cookies:
            jar.set_cookie(c if isinstance(c, Cookie) else jar_cookie(c))

    async def fetch(
        self,
        url: str | httpx.URL,
        *,
        method: str = "GET",
        content: bytes | None = None,
        headers: dict[str, str] | None = None,
        max_bytes: int | None = None,
        base: str | None = None,
        timeout: float | None = None,
        deadline: float | None = None,
        initiator: str | None = None,
    ) -> Response:
        """Fetch `url` (relative to `base`), following redirects. Non-2xx statuses are returned, not
        raised (the caller decides). `initiator` is the URL of the page that asked for it (a link, a
        form, a stylesheet): a web page never gets local files read. The fetch ends by `deadline` (the
        event loop's clock; a page load shares one between its document and its stylesheets), else within
        `timeout` seconds, else within the session's timeout. Raises InvalidUrl, BlockedUrl, Network,
        ResponseTooLarge."""
        if self.closed:
            raise ActionError("This session is closed; start a new session to browse again.")
        limit = max_bytes or self.config.max_response_bytes
        budget = timeout or self.config.timeout_secs
        now = asyncio.get_running_loop().time()
        if deadline is None:
            deadline = now + budget
        elif deadline <= now:
            raise Network(
                _redact(url),
                f"the page's {budget:g} s budget ran out ({knob('timeout_secs')})",
                timed_out=True,
            )
        local = _local_url(url, base) if self.config.allow_non_http else None
        if local is not None:
            from .local import read_local

            if initiator and initiator.split(":", 1)[0].lower() in ("http", "https"):
                raise BlockedUrl(local[:80], "a web page may not open local files (file:/data: URLs)")
            return read_local(local, limit)
        target = check_url(url, self.config, base)
        try:
            async with asyncio.timeout_at(deadline):
                return await self._follow(target, method.upper(), content, headers or {}, limit)
        except TimeoutError:
            raise Network(
                _redact(target), f"timed out after {budget:g} s ({knob('timeout_secs')})", timed_out=True
            ) from None

    async def _follow(
        self, target: httpx.URL, method: str, content: bytes | None, headers: dict[str, str], limit: int
    ) -> Response:
        hops: list[str] = []
        while True:
            log.debug("%s %s", method, _redact(target))
            response = await self._send(target, method, content, headers)
            try:
                location = response.headers.get("location")
                if response.status_code not in REDIRECT_STATUSES or not location:
                    body = await _read_bounded(response, limit, str(target))
                    return Response(
                        str(target),
                        response.status_code,
                        response.reason_phrase,
                        response.headers,
                        body,
                        hops,
                        response.http_version,
                    )
            finally:
                await response.aclose()
            if len(hops) >= self.config.max_redirects:
                raise Network(
                    _redact(target),
                    f"more than {self.config.max_redirects} redirects ({knob('max_redirects')})",
                )
            hops.append(str(target))
            target = check_url(location, self.config, str(target))
            if response.status_code == 303 or (response.status_code in (301, 302) and method == "POST"):
                method, content = ("HEAD" if method == "HEAD" else "GET"), None
                headers = {k: v for k, v in headers.items() if k.lower() != "content-type"}

    async def _send(
        self, target: httpx.URL, method: str, content: bytes | None, headers: dict[str, str]
    ) -> httpx.Response:
        request = self._client.build_request(method, target, content=content, headers=headers)
        try:
            return await self._client.send(request, stream=True)
        except BrowsyError:
            raise
        except httpx.TimeoutException:
            raise Network(_redact(target), "the server did not answer in time", timed_out=True) from None
        except httpx.InvalidURL as err:
            raise InvalidUrl(str(target), str(err)) from None
        except httpx.HTTPError as err:
            raise Network(_redact(target), _describe(err)) from None


def _local_url(url: str | httpx.URL, base: str | None) -> str | None:
    """The file:/data: URL this fetch is for, if it is one (only consulted when allow_non_http is on)."""
    raw = str(url).strip()
    if base and base.lower().startswith("file:") and "://" not in raw and not raw.lower().startswith("data:"):
        from urllib.parse import urljoin

        raw = urljoin(base, raw)
    return raw if raw.split(":", 1)[0].lower() in ("file", "data") else None


async def _read_bounded(response: httpx.Response, limit: int, url: str) -> bytes:
    """The decoded body, refused with ResponseTooLarge as soon as it passes `limit` bytes. Decoding goes
    through BoundedDecoder, so a compression bomb is stopped within one small step past the limit."""
    encoding = response.headers.get("content-encoding", "")
    declared = response.headers.get("content-length", "")
    if declared.isdecimal() and int(declared) > limit and not encoding:
        raise ResponseTooLarge(int(declared), limit, url)
    decoder = BoundedDecoder(encoding)
    chunks: list[bytes] = []
    size = 0

    def take(pieces: Iterator[bytes]) -> None:
        nonlocal size
        for piece in pieces:
            size += len(piece)
            if size > limit:
                raise ResponseTooLarge(size, limit, url)
            chunks.append(piece)

    try:
        async for raw in response.aiter_raw():
            take(decoder.feed(raw))
        take(decoder.end())
    except DecodeError:
        raise Network(_redact(url), "the response body could not be decompressed") from None
    except httpx.TimeoutException:
        raise Network(_redact(url), "the server stopped sending the page in time", timed_out=True) from None
    except httpx.HTTPError as err:
        raise Network(_redact(url), _describe(err)) from None
    return b"".join(chunks)


def _describe(err: httpx.HTTPError) -> str:
    text = str(err).strip() or type(err).__name__
    if isinstance(err, httpx.ConnectError):
        return f"could not connect ({text})"
    return text


def _redact(url: str | httpx.URL) -> str:
    """The URL without query string or userinfo (those may carry form values or credentials)."""
    try:
        u = httpx.URL(str(url))
        return str(u.copy_with(query=None, fragment=None, username=None, password=None))
    except (httpx.InvalidURL, ValueError, TypeError):
        return "<url>"


class _RedactHttpxUrls(logging.Filter):
    """httpx logs every request URL at INFO; strip query strings (GET forms put values there)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_redact(a) if isinstance(a, httpx.URL) else a for a in record.args)
        return True


logging.getLogger("httpx").addFilter(_RedactHttpxUrls())

__all__ = ["Fetcher", "Resolver", "Response"]
