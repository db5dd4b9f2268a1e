"""SelectFromList, Paginate and Download recipes."""

from __future__ import annotations

from operator import attrgetter
from typing import Final
from urllib.parse import urljoin

from ...model import SpatialElement
from ...suggestions import Download, DownloadItem, Paginate, SelectFromList
from .. import keywords as kw
from ..facts import PageFacts
from ..pagination import find_pagination

ROW_TOLERANCE: Final = 30
MIN_ROWS: Final = 5
DOWNLOAD_TEXT_MAX: Final = 60
_WRAPPERS: Final = frozenset(
    {
        "li",
        "td",
        "th",
        "dt",
        "dd",
        "span",
        "p",
        "strong",
        "em",
        "b",
        "i",
        "small",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
    }
)


_element_id = attrgetter("id")


def _top(el: SpatialElement) -> int:
    return el.b[1]


def _first_link_per_row(facts: PageFacts) -> list[int]:
    items: list[int] = []
    row_top: float | None = None
    for el in sorted(facts.links, key=_top):  # stable: links sharing a top stay in id order
        if row_top is None or el.b[1] - row_top > ROW_TOLERANCE:
            row_top = el.b[1]
            items.append(el.id)
    return items


def _sibling_links(facts: PageFacts) -> list[int]:
    """The largest group of 5+ links sharing one list container (wrappers like li/td/span lifted),
    outside the site chrome (nav, header, footer, aside): a list laid out inline or in a grid."""
    doc = facts.dom.document
    if doc is None:
        return []
    nodes = doc.nodes
    groups: dict[int, list[int]] = {}
    for el in facts.links:
        if not 0 <= el.node < len(nodes):
            continue
        container = nodes[el.node].parent
        while container >= 0 and nodes[container].tag in _WRAPPERS:
            container = nodes[container].parent
        if not facts.node_in_chrome(container):
            groups.setdefault(container, []).append(el.id)
    best = max(groups.values(), key=len, default=[])
    return best if len(best) >= MIN_ROWS else []


def detect_select_from_list(facts: PageFacts) -> SelectFromList | None:
    """5+ visible links in 5+ rows (links within 30 px vertically share a row): first link of each row.
    When the links of a list sit side by side (inline, grid), the list's own links instead."""
    if len(facts.links) < MIN_ROWS:
        return None
    items = _first_link_per_row(facts)
    if len(items) < MIN_ROWS:
        items = _sibling_links(facts)
    return SelectFromList(items=items) if len(items) >= MIN_ROWS else None


def detect_paginate(facts: PageFacts) -> Paginate | None:
    found = find_pagination(facts)
    if found is None or (found.next_id is None and found.prev_id is None):
        return None
    return Paginate(next_id=found.next_id, prev_id=found.prev_id)


def _by_last_part(extensions: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The extensions by their part from the last dot (".tar.gz" under ".gz")."""
    out: dict[str, tuple[str, ...]] = {}
    for ext in extensions:
        last = ext[ext.rfind(".") :]
        out[last] = (*out.get(last, ()), ext)
    return out


# A path ends with an extension only if its own part from its last dot is that extension's last part: one
# dict lookup finds the few extensions to test, where endswith of the whole tuple tries every one.
_FILE_EXTENSIONS: Final = _by_last_part(kw.DOWNLOAD_EXTENSIONS)
_LONGEST_LAST_PART: Final = max(len(last) for last in _FILE_EXTENSIONS)


def _is_file_link(href: str | None) -> bool:
    """Whether href's path (before its query and fragment) ends with a download extension. The part from
    the path's last dot is found with str.find: splitting at "#" and "?" made three strings per link."""
    if not href:
        return False
    end = href.find("#")
    if end < 0:
        end = len(href)
    query = href.find("?", 0, end)
    if query >= 0:
        end = query
    dot = href.rfind(".", 0, end)
    if dot < 0 or end - dot > _LONGEST_LAST_PART:
        return False  # no part from a last dot as short as an extension's (".com/page", no dot at all)
    candidates = _FILE_EXTENSIONS.get(href[dot:end].lower())
    return candidates is not None and href[:end].lower().endswith(candidates)


def _offers_download(facts: PageFacts, el: SpatialElement) -> bool:
    """Says "download…" (briefly), links to a file, or is a link with the `download` attribute."""
    text = facts.text(el)
    if text.startswith("download") and len(text) <= DOWNLOAD_TEXT_MAX:
        return True
    return _is_file_link(el.href) or (el.tag == "a" and "download" in facts.attrs(el))


def detect_download(facts: PageFacts) -> Download | None:
    offers = [el for el in (*facts.links, *facts.buttons) if _offers_download(facts, el)]
    if not offers:
        return None
    base = facts.dom.url
    items: list[DownloadItem] = []
    for el in sorted(offers, key=_element_id):
        href = urljoin(base, el.href) if el.href and base else el.href
        items.append(DownloadItem(el.id, el.text, href))
    return Download(items=items)
