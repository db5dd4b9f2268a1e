"""The one exception hierarchy of sessions. Every message says what happened and what to do next.

Each class carries a machine-readable `code` and the HTTP status a server answers it with
(`http_status`); REST error bodies are `{"error": message, "code": code}`, and the SDKs map errors back
by code (`ERRORS_BY_CODE`), never by the wording of the message.
"""

from __future__ import annotations

from typing import ClassVar

# The one list of the error classes' names: session/__init__ and the SDK's errors module export these; the
# lazy top-level packages (browsy_engine, browsy) mirror it, checked by tests.
__all__ = [
    "ActionError",
    "BlockedUrl",
    "BrowsyError",
    "ERRORS_BY_CODE",
    "ERROR_CLASSES",
    "HttpError",
    "InvalidUrl",
    "Network",
    "NoPage",
    "PageError",
    "RenderUnavailable",
    "ResponseTooLarge",
]


class BrowsyError(Exception):
    """Base of every error a session raises; `str(err)` is a complete, user-facing sentence."""

    code: ClassVar[str] = "error"
    http_status: ClassVar[int] = 400

    @property
    def error_code(self) -> str:
        """The code of this error (an instance may be more specific than its class: a timeout)."""
        return self.code

    @property
    def answer_status(self) -> int:
        """The HTTP status a server answers this error with."""
        return self.http_status


class InvalidUrl(BrowsyError):
    """The URL could not be parsed or has no usable scheme/host."""

    code = "invalid_url"

    def __init__(self, url: str, reason: str = "") -> None:
        self.url = url
        why = f" ({reason})" if reason else ""
        super().__init__(
            f"Invalid URL {url!r}{why}. Give an absolute http:// or https:// URL, e.g. https://example.com/."
        )


class BlockedUrl(BrowsyError):
    """The URL is refused: blocked pattern, private network address, or a non-HTTP scheme."""

    code = "blocked_url"

    def __init__(self, url: str, reason: str) -> None:
        self.url = url
        self.reason = reason
        super().__init__(f"Blocked URL {url}: {reason}.")


class Network(BrowsyError):
    """The request failed on the network: DNS, connection refused, TLS, timeout (code `timeout`, 504)."""

    code = "network_error"
    http_status = 502

    def __init__(self, url: str, reason: str, *, timed_out: bool = False) -> None:
        self.url = url
        self.reason = reason
        self.timed_out = timed_out  # True when a timeout (connect, read or total) ended the request
        super().__init__(f"Network error fetching {url}: {reason}. Check the URL or retry later.")

    @property
    def error_code(self) -> str:
        return "timeout" if self.timed_out else self.code

    @property
    def answer_status(self) -> int:
        return 504 if self.timed_out else self.http_status


class HttpError(BrowsyError):
    """The server answered with a non-2xx status (after redirects); `status` is that status."""

    code = "http_error"
    http_status = 502

    def __init__(self, status: int, url: str = "", reason: str = "") -> None:
        self.status = status
        self.url = url
        phrase = f" {reason}" if reason else ""
        where = f" for {url}" if url else ""
        hint = "the page does not exist" if status == 404 else "the server refused or failed the request"
        super().__init__(f"HTTP {status}{phrase}{where}: {hint}. Try another URL or retry later.")


class ResponseTooLarge(BrowsyError):
    """The response body exceeded the configured maximum; it was cut, never read whole."""

    code = "response_too_large"
    http_status = 502

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

    code = "page_error"

    def __init__(self, url: str, reason: str) -> None:
        self.url = url
        super().__init__(
            f"browsy could not read the page at {url} ({reason}); try another page and report this."
        )


class RenderUnavailable(BrowsyError):
    """Rendering with a headless browser was asked for, and this machine cannot do it (no extra, no Chromium)."""

    code = "render_unavailable"
    http_status = 501

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"This page cannot be rendered with JavaScript here: {reason}.")


class ActionError(BrowsyError):
    """An interaction that cannot be done: no page, unknown element id, wrong element kind, …"""

    code = "action_failed"
    http_status = 404


class NoPage(ActionError):
    """The call needs a page, and none is loaded yet."""

    code = "no_page"


# Every error class, once: what the SDKs map codes back to.
ERROR_CLASSES: tuple[type[BrowsyError], ...] = (
    InvalidUrl,
    BlockedUrl,
    Network,
    HttpError,
    ResponseTooLarge,
    PageError,
    RenderUnavailable,
    ActionError,
    NoPage,
)
ERRORS_BY_CODE: dict[str, type[BrowsyError]] = {cls.code: cls for cls in ERROR_CLASSES} | {"timeout": Network}
