"""The errors a Browser raises: the engine's session errors, the same classes in embedded and remote mode.

A remote server answers an error with a status and one message (`{"error": "..."}`); `error_from_response`
turns that back into the class the embedded engine would have raised, with the server's message unchanged.
`RemoteError` is the one class of its own: the server itself could not be used (unreachable, at capacity,
an answer that is not browsy's).
"""

from __future__ import annotations

import re

from browsy_engine.session.errors import (
    ActionError,
    BlockedUrl,
    BrowsyError,
    HttpError,
    InvalidUrl,
    Network,
    ResponseTooLarge,
)

__all__ = [
    "ActionError",
    "BlockedUrl",
    "BrowsyError",
    "HttpError",
    "InvalidArguments",
    "InvalidUrl",
    "Network",
    "RemoteError",
    "ResponseTooLarge",
    "error_from_response",
]


class RemoteError(BrowsyError):
    """The browsy server could not be used: not reachable, at capacity (503), or not a browsy server."""


class InvalidArguments(BrowsyError, ValueError):
    """A method was called with arguments the tool registry rejects (wrong type, missing field, …)."""


# Message beginnings of the engine's errors (see browsy_engine.session.errors), most specific first.
_BY_PREFIX: tuple[tuple[str, type[BrowsyError]], ...] = (
    ("Invalid URL", InvalidUrl),
    ("Blocked URL", BlockedUrl),
    ("Network error", Network),
    ("Response", ResponseTooLarge),
    ("HTTP ", HttpError),
    ("Invalid parameters", InvalidArguments),
)
_HTTP_STATUS = re.compile(r"^HTTP (\d{3})")


def _bare(cls: type[BrowsyError], message: str) -> BrowsyError:
    """An instance of `cls` carrying exactly `message` (the engine classes build their own text)."""
    err = cls.__new__(cls)
    BrowsyError.__init__(err, message)
    return err


def error_from_response(status: int, message: str) -> BrowsyError:
    """The error the embedded engine raises for what a server answered with `status` and `message`."""
    if status in (401, 403, 413, 415, 421, 503):  # the server refused the request itself, not the page
        return RemoteError(message)
    for prefix, cls in _BY_PREFIX:
        if message.startswith(prefix) and (cls is not ResponseTooLarge or "too large" in message):
            err = _bare(cls, message)
            if isinstance(err, HttpError):
                match = _HTTP_STATUS.match(message)
                err.status = int(match.group(1)) if match else status
            return err
    if status == 404:
        return _bare(ActionError, message)
    if status >= 500 and not message.startswith("Internal error"):
        return _bare(Network, message)
    return RemoteError(message) if status >= 500 else _bare(ActionError, message)
