"""The one exception hierarchy of sessions. Every message says what happened and what to do next."""

from __future__ import annotations


class BrowsyError(Exception):
    """Base of every error a session raises; `str(err)` is a complete, user-facing sentence."""


class InvalidUrl(BrowsyError):
    """The URL could not be parsed or has no usable scheme/host."""

    def __init__(self, url: str, reason: str = "") -> None:
        self.url = url
        why = f" ({reason})" if reason else ""
        super().__init__(
            f"Invalid URL {url!r}{why}. Give an absolute http:// or https:// URL, e.g. https://example.com/."
        )


class BlockedUrl(BrowsyError):
    """The URL is refused: blocked pattern, private network address, or a non-HTTP scheme."""

    def __init__(self, url: str, reason: str) -> None:
        self.url = url
        self.reason = reason
        super().__init__(f"Blocked URL {url}: {reason}.")


class Network(BrowsyError):
    """The request failed on the network: DNS, connection refused, TLS, timeout."""

    def __init__(self, url: str, reason: str, *, timed_out: bool = False) -> None:
        self.url = url
        self.reason = reason
        self.timed_out = timed_out  # True when a timeout (connect, read or total) ended the request
        super().__init__(f"Network error fetching {url}: {reason}. Check the URL or retry later.")


class HttpError(BrowsyError):
    """The server answered with a non-2xx status (after redirects)."""

    def __init__(self, status: int, url: str = "", reason: str = "") -> None:
        self.status = status
        self.url = url
        phrase = f" {reason}" if reason else ""
        where = f" for {url}" if url else ""
        hint = "the page does not exist" if status == 404 else "the server refused or failed the request"
        super().__init__(f"HTTP {status}{phrase}{where}: {hint}. Try another URL or retry later.")


class ResponseTooLarge(BrowsyError):
    """The response body exceeded the configured maximum; it was cut, never read whole."""

    def __init__(self, size: int, max: int, url: str = "") -> None:  # noqa: A002 - the seed's field name
        self.size = size
        self.max = max
        self.url = url
        where = f" from {url}" if url else ""
        super().__init__(
            f"Response{where} is too large: at least {size} bytes, the limit is {max} "
            "(--max-response-bytes / SessionConfig.max_response_bytes). Raise the limit or pick a smaller page."
        )


class PageError(BrowsyError):
    """The page was fetched but browsy failed to read it (an engine bug: please report it)."""

    def __init__(self, url: str, reason: str) -> None:
        self.url = url
        super().__init__(f"browsy could not read the page at {url} ({reason}); try another page and report this.")


class ActionError(BrowsyError):
    """An interaction that cannot be done: no page, unknown element id, wrong element kind, …"""
