"""`file:` and `data:` URLs, read only when `SessionConfig.allow_non_http` is on (off by default)."""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path
from urllib.parse import unquote, unquote_to_bytes, urlsplit

import httpx

from .errors import InvalidUrl, Network, ResponseTooLarge
from .fetch import Response

LOCAL_SCHEMES = ("file", "data")


def read_local(url: str, limit: int) -> Response:
    """A Response for a file: or data: URL, bounded by `limit` bytes."""
    scheme = url.split(":", 1)[0].lower()
    if scheme == "data":
        content_type, body = _parse_data_url(url)
    else:
        content_type, body = _read_file(url, limit)
    if len(body) > limit:
        raise ResponseTooLarge(len(body), limit, url[:80])
    headers = httpx.Headers({"content-type": content_type, "content-length": str(len(body))})
    return Response(url, 200, "OK", headers, body)


def _read_file(url: str, limit: int) -> tuple[str, bytes]:
    parts = urlsplit(url)
    if parts.netloc not in ("", "localhost"):
        raise InvalidUrl(url, "file: URLs must name a local path (file:///path)")
    path = Path(unquote(parts.path))
    try:
        with path.open("rb") as handle:
            body = handle.read(limit + 1)
    except OSError as err:
        raise Network(url, f"cannot read the file ({err.strerror or err})") from None
    guessed = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return guessed, body


def _parse_data_url(url: str) -> tuple[str, bytes]:
    header, sep, payload = url[5:].partition(",")
    if not sep:
        raise InvalidUrl(url[:80], "a data: URL needs a comma before its content")
    params = header.split(";")
    is_base64 = params[-1].strip().lower() == "base64"
    if is_base64:
        params = params[:-1]
    content_type = ";".join(p.strip() for p in params if p.strip()) or "text/plain;charset=US-ASCII"
    try:
        body = (
            base64.b64decode(unquote_to_bytes(payload), validate=False)
            if is_base64
            else unquote_to_bytes(payload)
        )
    except ValueError:
        raise InvalidUrl(url[:80], "the base64 content of the data: URL is broken") from None
    return content_type, body
