"""Link destinations: hrefs resolved against the page URL and the document's first <base href>."""

from __future__ import annotations

from urllib.parse import urljoin

from ..dom.tree import Document

_STRIPPED = "\t\n\r"


def _clean(href: str) -> str:
    # Browsers strip leading/trailing ASCII whitespace and drop tabs and newlines inside URLs.
    href = href.strip(" \t\n\r\f")
    if any(c in href for c in _STRIPPED):
        href = "".join(c for c in href if c not in _STRIPPED)
    return href


def base_url(doc: Document, url: str | None) -> str:
    """The URL relative links resolve against: <base href> (itself resolved against `url`) or `url`."""
    page = url or ""
    for node in doc.nodes:
        if node.tag == "base" and node.attrs.get("href") is not None:
            return resolve(page, node.attrs["href"] or "")
        if node.tag == "body":
            break
    return page


def resolve(base: str, href: str) -> str:
    href = _clean(href)
    if not base:
        return href
    try:
        return urljoin(base, href)
    except ValueError:  # e.g. a malformed IPv6 host: keep what the page says
        return href


class HrefResolver:
    """resolve() against one base, memoised: pages repeat the same hrefs many times."""

    def __init__(self, base: str) -> None:
        self.base = base
        self._cache: dict[str, str] = {}

    def __call__(self, href: str) -> str:
        out = self._cache.get(href)
        if out is None:
            out = resolve(self.base, href)
            self._cache[href] = out
        return out
