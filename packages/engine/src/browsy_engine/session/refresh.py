"""`<meta http-equiv="refresh" content="N; url=…">` (or a `Refresh:` header): a redirect a page asks for.

Browsers follow it after N seconds; a session follows it at once when N is small (a page that reloads
itself every minute is not a redirect), counting it against `max_redirects`.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborHTMLParser

from .urls import join_url

MAX_DELAY_SECONDS = 5.0
_CONTENT = re.compile(
    r"^\s*(\d+(?:\.\d*)?)\s*(?:[;,]\s*(?:url\s*=\s*)?(?P<url>.*))?$", re.IGNORECASE | re.DOTALL
)


def refresh_target(html: str, page_url: str, header: str | None = None) -> str | None:
    """The URL a `Refresh` header or meta refresh sends this page to (None without one, with a long
    delay, or to the page itself)."""
    content = header
    if content is None and "refresh" in html[:65536].lower():
        meta = LexborHTMLParser(html).css_first('meta[http-equiv="refresh" i][content]')
        content = meta.attributes.get("content") if meta is not None else None
    if not content:
        return None
    match = _CONTENT.match(content)
    if match is None or float(match.group(1)) > MAX_DELAY_SECONDS:
        return None
    raw = (match.group("url") or "").strip().strip("'\"")
    if not raw:
        return None
    target = join_url(page_url, raw)
    if target is None or target.partition("#")[0] == page_url.partition("#")[0]:
        return None
    return target
