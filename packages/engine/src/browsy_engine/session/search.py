"""Web search without API keys: DuckDuckGo's HTML endpoint (default) and Google's result page.

The result pages are fetched through the session's guarded fetcher (same policy, cookies, limits) and
read with small parsers that know each engine's markup:
- DuckDuckGo: `a.result__a` (title, href through `/l/?uddg=<target>`), `.result__url`,
  `.result__snippet`; ads (`.result--ad`) are skipped.
- Google: anchors inside `#rso` (or `#main`/`#search` in the basic-HTML page) that contain an `<h3>`;
  hrefs of the form `/url?q=<target>&…` are decoded; Google's own links are skipped.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

import httpx
from selectolax.lexbor import LexborHTMLParser, LexborNode

from ..dom import decode_html
from ..model import SpatialDom
from .config import SessionConfig
from .errors import ActionError, BrowsyError, HttpError
from .fetch import Fetcher

if TYPE_CHECKING:
    from .loader import PageLoader

MAX_RESULTS = 20


class SearchEngine(StrEnum):
    DUCKDUCKGO = "duckduckgo"
    GOOGLE = "google"

    @classmethod
    def parse(cls, value: SearchEngine | str) -> SearchEngine:
        if isinstance(value, SearchEngine):
            return value
        key = str(value).strip().lower().replace(" ", "").replace("_", "")
        key = {"ddg": "duckduckgo"}.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise ActionError(f"Unknown search engine {value!r}; use 'duckduckgo' or 'google'.") from None


@dataclass(slots=True)
class SearchResult:
    title: str
    url: str
    snippet: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "url": self.url, "snippet": self.snippet}


@dataclass(slots=True)
class SearchPage:
    """A search result with its page: `dom` is None (and `error` says why) when it could not be read."""

    result: SearchResult
    dom: SpatialDom | None = None
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "result": self.result.to_dict(),
            "dom": self.dom.to_dict() if self.dom else None,
        }
        if self.error is not None:
            out["error"] = self.error
        return out


def search_url(engine: SearchEngine, query: str, endpoints: dict[str, str]) -> str:
    base = endpoints.get(engine.value)
    if not base:
        raise ActionError(f"No endpoint configured for {engine.value} (SessionConfig.search_endpoints).")
    params = {"q": query}
    if engine is SearchEngine.GOOGLE:
        params |= {"hl": "en", "num": "10"}
    return str(httpx.URL(base).copy_merge_params(params))


def _text(node: LexborNode | None) -> str:
    return " ".join((node.text(separator=" ") or "").split()) if node is not None else ""


def _absolute(href: str, page_url: str) -> str:
    if href.startswith("//"):
        return "https:" + href
    try:
        return str(httpx.URL(page_url).join(href))
    except (httpx.InvalidURL, ValueError):
        return href


def decode_duckduckgo_href(href: str, page_url: str = "https://html.duckduckgo.com/html/") -> str:
    """The target of a DuckDuckGo result link (`//duckduckgo.com/l/?uddg=<encoded target>&rut=…`)."""
    absolute = _absolute(href.strip(), page_url)
    parts = urlsplit(absolute)
    if parts.path.rstrip("/").endswith("/l"):
        target = parse_qs(parts.query).get("uddg")
        if target and target[0]:
            return target[0]
    return absolute


def parse_duckduckgo(html: str, page_url: str = "https://html.duckduckgo.com/html/") -> list[SearchResult]:
    tree = LexborHTMLParser(html)
    results: list[SearchResult] = []
    seen: set[str] = set()
    for anchor in tree.css("a.result__a"):
        container = _closest_with_class(anchor, "result")
        if container is not None and "result--ad" in (container.attributes.get("class") or ""):
            continue
        url = decode_duckduckgo_href(anchor.attributes.get("href") or "", page_url)
        if not url.startswith(("http://", "https://")) or url in seen:
            continue
        seen.add(url)
        snippet = container.css_first(".result__snippet") if container is not None else None
        results.append(SearchResult(_text(anchor), url, _text(snippet)))
    return results[:MAX_RESULTS]


def decode_google_href(href: str, page_url: str = "https://www.google.com/search") -> str | None:
    """The target of a Google result link: `/url?q=<target>&sa=…` decoded, direct links kept, Google's
    own pages (search, settings, cache) dropped (None)."""
    absolute = _absolute(href.strip(), page_url)
    parts = urlsplit(absolute)
    host = (parts.hostname or "").lower()
    own_page = host == (urlsplit(page_url).hostname or "").lower()
    if parts.path == "/url" and ("google." in host or own_page):
        query = parse_qs(parts.query)
        target = (query.get("q") or query.get("url") or [""])[0]
        return target if target.startswith(("http://", "https://")) else None
    if (
        host.startswith(("www.google.", "google.", "webcache.googleusercontent."))
        or "accounts.google." in host
    ):
        return None
    return absolute if absolute.startswith(("http://", "https://")) else None


def parse_google(html: str, page_url: str = "https://www.google.com/search") -> list[SearchResult]:
    tree = LexborHTMLParser(html)
    scope = tree.css_first("#rso") or tree.css_first("#search") or tree.css_first("#main") or tree.body
    if scope is None:
        return []
    results: list[SearchResult] = []
    seen: set[str] = set()
    for anchor in scope.css("a[href]"):
        heading = anchor.css_first("h3")
        if heading is None:
            continue
        url = decode_google_href(anchor.attributes.get("href") or "", page_url)
        if url is None or url in seen:
            continue
        seen.add(url)
        results.append(SearchResult(_text(heading), url, _google_snippet(anchor, heading)))
    return results[:MAX_RESULTS]


def _google_snippet(anchor: LexborNode, heading: LexborNode) -> str:
    block = _closest_with_class(anchor, "g") or _closest_with_class(anchor, "Gx5Zad") or anchor.parent
    for _ in range(3):
        if block is None:
            return ""
        for selector in ("[data-sncf]", ".VwiC3b", ".aCOpRe", ".BNeawe.s3v9rd", ".st"):
            found = block.css_first(selector)
            if found is not None and _text(found):
                return _text(found)
        block = block.parent
    return ""


def _closest_with_class(node: LexborNode, cls: str) -> LexborNode | None:
    current: LexborNode | None = node
    while current is not None:
        if cls in (current.attributes.get("class") or "").split():
            return current
        current = current.parent
    return None


PARSERS = {SearchEngine.DUCKDUCKGO: parse_duckduckgo, SearchEngine.GOOGLE: parse_google}


class Searcher:
    def __init__(self, config: SessionConfig, fetcher: Fetcher, loader: PageLoader) -> None:
        self.config = config
        self.fetcher = fetcher
        self.loader = loader

    async def search(self, query: str, engine: SearchEngine) -> list[SearchResult]:
        return (await self._search(query, engine))[1]

    async def search_and_read(self, query: str, n: int, engine: SearchEngine) -> list[SearchPage]:
        page_url, results = await self._search(query, engine)
        return list(await asyncio.gather(*(self._read(r, page_url) for r in results[: max(0, n)])))

    async def _search(self, query: str, engine: SearchEngine) -> tuple[str, list[SearchResult]]:
        if not query or not query.strip():
            raise ActionError("The search query is empty; give some words to search for.")
        response = await self.fetcher.fetch(search_url(engine, query.strip(), self.config.search_endpoints))
        if not response.ok:
            raise HttpError(response.status, response.url, response.reason)
        html = decode_html(response.body, response.content_type)
        return response.url, await asyncio.to_thread(PARSERS[engine], html, response.url)

    async def _read(self, result: SearchResult, search_page: str) -> SearchPage:
        try:
            page = await self.loader.load(result.url, initiator=search_page)
        except BrowsyError as err:
            return SearchPage(result, None, str(err))
        return SearchPage(result, page.dom)
