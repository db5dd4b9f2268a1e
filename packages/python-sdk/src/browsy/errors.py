"""The errors a Browser raises: the engine's session errors, the same classes in embedded and remote mode.

A failed call answers with a status, a message and a machine-readable code (`{"error": ..., "code": ...}`
from a server; the same fields from the embedded engine). `error_from_response` turns them back into the
class the embedded engine raises, chosen by the code (`ERRORS_BY_CODE`), with the message unchanged.
`RemoteError` is the one class of its own: the server itself could not be used (unreachable, at capacity,
refused the request, or an answer that is not browsy's).
"""

from __future__ import annotations

import re

from browsy_engine.session import errors as engine_errors
from browsy_engine.session.errors import *  # noqa: F403 - the engine's error classes, listed once there
from browsy_engine.session.errors import ERRORS_BY_CODE, ActionError, BrowsyError, HttpError, Network

__all__ = [*engine_errors.__all__, "InvalidArguments", "RemoteError", "error_from_response"]


class RemoteError(BrowsyError):
    """The browsy server could not be used: not reachable, at capacity (503), or not a browsy server."""


class InvalidArguments(BrowsyError, ValueError):
    """A method was called with arguments the tool registry rejects (wrong type, missing field, …)."""


# Codes of answers where the server refused the request itself, not the page.
_SERVER_REFUSALS = frozenset(
    {
        "unauthorized",
        "forbidden",
        "body_too_large",
        "unsupported_media_type",
        "misdirected_request",
        "rate_limited",
        "at_capacity",
        "session_unavailable",
        "internal_error",
        "method_not_allowed",
    }
)
_BY_CODE: dict[str, type[BrowsyError]] = {
    **ERRORS_BY_CODE,
    "invalid_arguments": InvalidArguments,
    "unknown_tool": InvalidArguments,
    "invalid_request": InvalidArguments,
    "not_found": ActionError,
}
_HTTP_STATUS = re.compile(r"^HTTP (\d{3})")


def _bare(cls: type[BrowsyError], message: str) -> BrowsyError:
    """An instance of `cls` carrying exactly `message` (the engine classes build their own text)."""
    err = cls.__new__(cls)
    BrowsyError.__init__(err, message)
    if isinstance(err, Network):
        err.timed_out = False
    return err


def error_from_response(status: int, message: str, code: str | None = None) -> BrowsyError:
    """The error the embedded engine raises for a call that failed with `status`, `message` and `code`."""
    cls = _BY_CODE.get(code or "")
    if cls is None or code in _SERVER_REFUSALS:
        return RemoteError(message)
    err = _bare(cls, message)
    if isinstance(err, Network):
        err.timed_out = code == "timeout"
    if isinstance(err, HttpError):
        match = _HTTP_STATUS.match(message)  # the upstream status, which the message starts with
        err.status = int(match.group(1)) if match else status
    return err
