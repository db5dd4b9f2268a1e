"""Link destinations: hrefs resolved against the page URL and the document's first <base href>."""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit

from ..dom.tree import Document

_STRIPPED = "\t\n\r"
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")
# An absolute URL that urljoin only splits and joins back unchanged: a host right after "//", printable
# ASCII without params (;), IPv6 brackets or backslashes, no empty query or fragment (those are dropped).
_PLAIN_NETWORK_URL = re.compile(r"//[^/?#;\[\]\\\s][^;\[\]\\\s]*")
_PRINTABLE_ASCII = re.compile(r"[!-~]*")


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
    """resolve() against one base, memoised (pages repeat hrefs), with exact shortcuts for the common
    shapes that need no path resolution: fragments, other schemes, clean root-relative paths, plain
    absolute URLs of the base's scheme and protocol-relative ones (`//host/path`)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self._cache: dict[str, str] = {}
        try:
            parts = urlsplit(base)
            self._scheme = parts.scheme.lower()
            web = self._scheme in ("http", "https") and parts.netloc
            self._origin = f"{parts.scheme}://{parts.netloc}" if web else ""
        except ValueError:
            self._scheme = self._origin = ""
        self._without_fragment = base.split("#", 1)[0]

    def __call__(self, href: str) -> str:
        out = self._cache.get(href)
        if out is None:
            out = self._shortcut(_clean(href)) if self.base else None
            if out is None:
                out = resolve(self.base, href)
            self._cache[href] = out
        return out

    def _shortcut(self, href: str) -> str | None:
        if len(href) > 1 and href[0] == "#" and self._scheme in ("http", "https"):
            return self._without_fragment + href
        scheme = _SCHEME.match(href)
        if scheme is not None and scheme.group(1).lower() != self._scheme:
            return href  # javascript:, mailto:, another scheme: urljoin keeps it as written
        if self._origin:
            if href.startswith(self._scheme + "://"):
                network: str | None = href[len(self._scheme) + 1 :]
            else:
                network = href if scheme is None else None  # maybe protocol-relative
            if network is not None and _is_plain_network_url(network):
                return f"{self._scheme}:{network}"
        if (
            self._origin
            and href.startswith("/")
            and not href.startswith("//")
            and "//" not in href
            and "/." not in href
            and "\\" not in href
        ):
            return self._origin + href
        return None


def _is_plain_network_url(text: str) -> bool:
    """`//host...` that urljoin would rebuild unchanged (see _PLAIN_NETWORK_URL)."""
    return (
        _PLAIN_NETWORK_URL.fullmatch(text) is not None
        and _PRINTABLE_ASCII.fullmatch(text) is not None
        and not text.endswith(("?", "#"))
        and "?#" not in text
    )
