"""Link destinations: hrefs resolved against the page URL and the document's first <base href>."""

from __future__ import annotations

import re
from typing import Final
from urllib.parse import urljoin, urlsplit

from ..dom.tree import Document
from .text import CONTROL_CHARS

_DROP_INSIDE: Final = str.maketrans("", "", "\t\n\r")
_SCHEME: Final = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")
# A relative path (and a non-empty query and fragment) that urljoin appends to the base's directory as
# written: no dot segment or empty segment (urljoin resolves and drops those), no params, colon,
# backslash or whitespace.
_PLAIN_RELATIVE: Final = re.compile(r"[^./?#;:\[\]\\\s][^?#;:\[\]\\\s]*(?:\?[^#\s]+)?(?:#\S+)?")


def _clean(href: str) -> str:
    # Browsers strip leading/trailing ASCII whitespace and drop tabs and newlines inside URLs; the other
    # control characters are percent-encoded, as the URL parser does (and so no link can carry an ESC).
    if href and (href[0] <= " " or href[-1] <= " "):  # (a strip with characters costs ~700 instructions)
        href = href.strip(" \t\n\r\f")
    if "\t" in href or "\n" in href or "\r" in href:
        href = href.translate(_DROP_INSIDE)
    # (a printable href has no control character, and str.isprintable reads it faster than the pattern)
    if not href.isprintable() and CONTROL_CHARS.search(href):
        href = CONTROL_CHARS.sub(lambda m: "".join(f"%{b:02X}" for b in m.group().encode()), href)
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


def without_credentials(url: str) -> str:
    """`url` without a `user:password@` part: no URL an agent is shown carries credentials."""
    if "@" not in url:
        return url
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if not parts.netloc or "@" not in parts.netloc:
        return url
    return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()


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
        path = ""
        try:
            parts = urlsplit(base)
            self._scheme = parts.scheme.lower()
            web = self._scheme in ("http", "https") and parts.netloc
            self._origin = f"{parts.scheme}://{parts.netloc}" if web else ""
            path = parts.path
        except ValueError:
            self._scheme = self._origin = ""
        self._without_fragment = base.split("#", 1)[0]
        self._directory: str | None = self._base_directory(path)

    def _base_directory(self, path: str) -> str | None:
        """The base up to the last "/" of its path, when urljoin keeps that part as it is for a plain
        relative path (a web base whose path has no dot, empty or params segment); "" for a base that is
        not on the web; None for a web base whose path urljoin rewrites (see `_joined_directory`)."""
        if not self._origin:
            return ""
        if not _kept_as_written(path) or ";" in path or not path.isprintable():
            return None
        return self._origin + (path[: path.rfind("/") + 1] or "/")

    def _joined_directory(self) -> str:
        """What urljoin puts before a plain relative path on this base, read from one join: for a relative
        path, urljoin resolves the base's own segments (dropping empty ones, resolving dot segments, the
        last one replaced) independently of the path's segments, then appends the path as written (when
        it has no dot, empty or params segment) with its query and fragment. So joining a one-letter
        path and dropping that letter gives the part every plain relative path shares."""
        try:
            probe = urljoin(self.base, "x")
        except ValueError:
            return ""
        return probe[:-1] if probe.startswith(self._origin) and probe.endswith("/x") else ""

    def __call__(self, href: str) -> str:
        out = self._cache.get(href)
        if out is None:
            out = self._shortcut(_clean(href)) if self.base else None
            if out is None:
                out = resolve(self.base, href)
            out = without_credentials(out)
            self._cache[href] = out
        return out

    def _shortcut(self, href: str) -> str | None:
        first = href[:1]
        if first == "#":
            on_the_web = self._scheme in ("http", "https")
            return self._without_fragment + href if len(href) > 1 and on_the_web else None
        if first == "/":
            return self._path_shortcut(href)
        scheme = _SCHEME.match(href)
        if scheme is None:  # a relative path or query: urljoin resolves it unless it is plain
            return self._relative_shortcut(href)
        if scheme.group(1).lower() != self._scheme:
            return href  # javascript:, mailto:, another scheme: urljoin keeps it as written
        if self._origin and href.startswith(self._scheme + "://"):
            network = href[len(self._scheme) + 1 :]
            if _is_plain_network_url(network):
                return f"{self._scheme}:{network}"
        return None

    def _path_shortcut(self, href: str) -> str | None:
        """A protocol-relative URL (`//host/path`) or a clean root-relative path (`/a/b`), on a web base."""
        if not self._origin:
            return None
        if href.startswith("//"):
            return f"{self._scheme}:{href}" if _is_plain_network_url(href) else None
        if not _kept_as_written(href):
            return None
        return self._origin + href

    def _relative_shortcut(self, href: str) -> str | None:
        """A plain relative path (see _PLAIN_RELATIVE) joined to the base's directory."""
        if self._directory == "" or _PLAIN_RELATIVE.fullmatch(href) is None:
            return None
        if not _kept_as_written(href.split("?", 1)[0].split("#", 1)[0]) or not href.isprintable():
            return None
        if self._directory is None:  # a base whose path urljoin rewrites: one join tells how, once
            self._directory = self._joined_directory()
            if not self._directory:
                return None
        return self._directory + href


def _kept_as_written(path: str) -> bool:
    """Whether urljoin keeps these path segments as they are: no empty segment (dropped), no dot segment
    (resolved) and no backslash."""
    return "//" not in path and "/." not in path and "\\" not in path


def _is_plain_network_url(text: str) -> bool:
    """`//host...` that urljoin only splits and joins back unchanged: a host right after "//", printable
    ASCII without white space (a space is the only one printable), params (;), IPv6 brackets or
    backslashes, no empty query or fragment (those are dropped). Tested by substring searches, which
    read a long tracking URL faster than a pattern does."""
    return (
        text.isascii()
        and text.isprintable()
        and not text.endswith(("?", "#"))
        and "?#" not in text
        and text.startswith("//")
        and len(text) > 2
        and text[2] not in "/?#"
        and " " not in text
        and ";" not in text
        and "[" not in text
        and "]" not in text
        and "\\" not in text
    )
