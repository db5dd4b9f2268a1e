"""How a compact line writes a link's destination (`->…`): as short as it can be without losing where the
link goes. JSON, `find` and every action keep the element's absolute href; only the text is shortened.

- A link on the page's own origin is written as its path (`->/about`, as the seed shows; the header's
  `url:` says where it is), any other in full.
- A link to the page itself is written as its fragment: `->#reviews` (a place on this page), `->#` (the
  page itself, as a link with `href=""` or to the page's own URL).
- `utm_*` query parameters (campaign tags read by analytics, the same page with or without them) are not
  written.
- A destination longer than `LONG_HREF` characters is cut to its first `HREF_KEPT` with `…`: the host and
  the start of the path say where it goes; what comes after is a slug, a token, a tracking blob or a URL
  of its own (share links, archive copies). The link is followed with its whole href (click it by id);
  JSON and `find` show it whole.
- A destination already written on an earlier line of the same list is written as that line's id:
  `->=12` is "goes where element 12 goes" (an image link and the title link to the same article, a menu
  entry repeated in the footer), when that is shorter. Only the same whole href (not the same cut one).
"""

from __future__ import annotations

from typing import Final
from urllib.parse import urlsplit

_HREF_ESCAPES: Final = str.maketrans({'"': "%22", "[": "%5B", "]": "%5D", " ": "%20"})
TRACKING_PREFIX: Final = "utm_"
SAME_AS: Final = "="  # `->=12`: the destination of element 12
LONG_HREF: Final = 80
HREF_KEPT: Final = 64


def origin_of(url: str) -> str | None:
    """`scheme://host[:port]` of an http(s) URL, the prefix that same-origin links are written without."""
    try:
        parts = urlsplit(url)
    except ValueError:  # not a URL (e.g. "http://[bad"): every link is written in full
        return None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def shown_href(href: str, origin: str | None) -> str:
    """A link as the compact line writes it: a same-origin one as its path (the seed's `->/about`; the
    header's url says where it is), any other in full."""
    if origin and href.startswith(origin):
        rest = href[len(origin) :]
        if not rest:
            return "/"
        if rest[0] in "/?#":
            return rest
    return href


def without_tracking(href: str) -> str:
    """`href` without its `utm_*` query parameters (the rest of the query is kept as written)."""
    head, mark, query = href.partition("?")
    if not mark or TRACKING_PREFIX not in query:
        return href
    query, hash_mark, fragment = query.partition("#")
    kept = [part for part in query.split("&") if not part.lower().startswith(TRACKING_PREFIX)]
    rebuilt = head + ("?" + "&".join(kept) if kept else "")
    return rebuilt + hash_mark + fragment


def cut_long(href: str) -> str:
    """`href` cut to its first HREF_KEPT characters and `…` when longer than LONG_HREF (never inside a
    percent-escape)."""
    if len(href) <= LONG_HREF:
        return href
    head = href[:HREF_KEPT]
    escape = head.rfind("%", len(head) - 2)
    if escape >= 0:
        head = head[:escape]
    return head + "…"


class LinkWriter:
    """Writes the destinations of one list of lines, remembering which were written already."""

    def __init__(self, page_url: str = "") -> None:
        self.origin = origin_of(page_url) if page_url else None
        self.page = page_url.partition("#")[0] if self.origin else ""
        self.written: dict[str, int] = {}  # destination as written → the id of the line that wrote it

    def write(self, element_id: int, href: str) -> str:
        href = without_tracking(href)
        shown = self.shorten(href)
        earlier = self.written.get(href)
        if earlier is not None and earlier != element_id and len(str(earlier)) + 1 < len(shown):
            return f"{SAME_AS}{earlier}"
        self.written.setdefault(href, element_id)
        return shown

    def shorten(self, href: str) -> str:
        """The destination without the back-reference: fragment on this page, path, or in full."""
        target, mark, fragment = href.partition("#")
        if self.page and target == self.page:
            shown = "#" + fragment
        else:
            shown = shown_href(href, self.origin)
        if shown.startswith(SAME_AS):  # an unresolved href that would read as a back-reference
            shown = "%3D" + shown[1:]
        return cut_long(shown.translate(_HREF_ESCAPES))
