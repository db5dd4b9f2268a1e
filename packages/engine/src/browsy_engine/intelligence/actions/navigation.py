"""SelectFromList, Paginate and Download recipes."""

from __future__ import annotations

from urllib.parse import urljoin

from .. import keywords as kw
from ..facts import PageFacts
from ..pagination import find_pagination
from .recipes import Download, DownloadItem, Paginate, SelectFromList

ROW_TOLERANCE = 30
MIN_ROWS = 5
DOWNLOAD_TEXT_MAX = 60


def detect_select_from_list(facts: PageFacts) -> SelectFromList | None:
    """5+ visible links in 5+ rows (links within 30 px vertically share a row): first link of each row."""
    if len(facts.links) < MIN_ROWS:
        return None
    items: list[int] = []
    row_top: float | None = None
    for el in sorted(facts.links, key=lambda e: (e.b[1], e.id)):
        if row_top is None or el.b[1] - row_top > ROW_TOLERANCE:
            row_top = el.b[1]
            items.append(el.id)
    return SelectFromList(items=items) if len(items) >= MIN_ROWS else None


def detect_paginate(facts: PageFacts) -> Paginate | None:
    found = find_pagination(facts)
    if found is None or (found.next_id is None and found.prev_id is None):
        return None
    return Paginate(next_id=found.next_id, prev_id=found.prev_id)


def _is_file_link(href: str | None) -> bool:
    if not href:
        return False
    path = href.split("#", 1)[0].split("?", 1)[0].lower()
    return path.endswith(kw.DOWNLOAD_EXTENSIONS)


def detect_download(facts: PageFacts) -> Download | None:
    items: list[DownloadItem] = []
    base = facts.dom.url
    for el in sorted([*facts.links, *facts.buttons], key=lambda e: e.id):
        text = facts.text(el)
        says_download = text.startswith("download") and len(text) <= DOWNLOAD_TEXT_MAX
        if says_download or _is_file_link(el.href) or (el.tag == "a" and facts.attr(el, "download") is not None):
            href = urljoin(base, el.href) if el.href and base else el.href
            items.append(DownloadItem(el.id, el.text, href))
    return Download(items=items) if items else None
