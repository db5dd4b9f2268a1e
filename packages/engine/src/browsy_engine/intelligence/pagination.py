"""Pagination: next / previous links and numbered page links.

A link is "next" when its text (or aria-label, or rel) says so: next, next page, older posts, ›, », >,
→ …; "previous" likewise. Numbered pages are short integer links sharing a row with another numbered
link or with the next/previous link.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any, Final

from ..model import SpatialDom, SpatialElement
from .facts import PageFacts, collect_facts

ROW_TOLERANCE: Final = 30
MAX_LABEL: Final = 24
_NEXT_SYMBOLS: Final = frozenset(">›»→⟩❯▶⇒⟶")
_PREV_SYMBOLS: Final = frozenset("<‹«←⟨❮◀⇐⟵")
_NEXT_WORDS: Final = ("next", "next page", "older", "older posts", "older entries", "more results", "forward")
_PREV_WORDS: Final = ("prev", "previous", "previous page", "newer", "newer posts", "newer entries", "back")
_WORDS: Final = re.compile(r"[a-z][a-z ]*[a-z]|[a-z]")
_SYMBOLS: Final = _NEXT_SYMBOLS | _PREV_SYMBOLS


def _may_say_direction(label: str) -> bool:
    """Cheap pre-check: could this label say next/previous at all (a word of _NEXT_WORDS/_PREV_WORDS
    or an arrow)? Substring tests: a regex search costs a link about 2k instructions from compiled code."""
    return (
        "next" in label
        or "prev" in label
        or "older" in label
        or "newer" in label
        or "more results" in label
        or "forward" in label
        or "back" in label
        or "<" in label
        or ">" in label
        or (not label.isascii() and _has_symbol(label))
    )


def _has_symbol(label: str) -> bool:
    """Whether a label holds an arrow or angle quote of _SYMBOLS (compiled into a loop over the short label)."""
    return any(ch in _SYMBOLS for ch in label)


@dataclass(slots=True, init=False)
class Pagination:
    next_id: int | None = None
    prev_id: int | None = None
    page_ids: list[int] = field(default_factory=list)
    current: int | None = None  # number of the current page when the page marks it

    # Written out rather than generated (init=False): a dataclass's generated __init__ runs interpreted
    # under mypyc, and one is made per parse. Same parameters as the generated one.
    def __init__(
        self,
        next_id: int | None = None,
        prev_id: int | None = None,
        page_ids: list[int] | None = None,
        current: int | None = None,
    ) -> None:
        self.next_id = next_id
        self.prev_id = prev_id
        self.page_ids = [] if page_ids is None else page_ids
        self.current = current

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"page_ids": list(self.page_ids)}
        for key in ("next_id", "prev_id", "current"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


def direction(facts: PageFacts, el: SpatialElement) -> str | None:
    """ "next", "prev" or None for a link, from rel, its text or its aria-label."""
    return _direction(facts.text(el).strip(), facts.attrs(el))


def _direction(text: str, attrs: dict[str, str | None]) -> str | None:
    """direction() of a link with stripped lowercase text `text` and attributes `attrs`."""
    rel = attrs.get("rel")
    if rel:
        words = rel.lower().split()
        if "next" in words:
            return "next"
        if "prev" in words or "previous" in words:
            return "prev"
    found = _label_direction(text)
    if found is None and attrs.get("aria-label"):
        found = _label_direction((attrs.get("aria-label") or "").lower().strip())
    return found


def _label_direction(label: str) -> str | None:
    if not label or len(label) > MAX_LABEL or not _may_say_direction(label):
        return None
    words = " ".join(_WORDS.findall(label))
    symbols = {c for c in label if c in _SYMBOLS}
    forward = bool(symbols & _NEXT_SYMBOLS)
    backward = bool(symbols & _PREV_SYMBOLS)
    if not words:
        if forward != backward and len(label.replace(" ", "")) <= 3:
            return "next" if forward else "prev"
        return None
    if not backward and (words in _NEXT_WORDS or words.startswith("next ")):
        return "next"
    if not forward and (words in _PREV_WORDS or words.startswith(("prev ", "previous "))):
        return "prev"
    return None


def _page_number(text: str) -> int | None:
    """The page number a link's stripped text names, if it is a short integer (decimal digits: "²"
    is a digit to str.isdigit() but no number to int())."""
    if text.isdecimal() and len(text) <= 4:
        return int(text)
    return None


def find_pagination(facts: PageFacts) -> Pagination | None:
    result = Pagination()
    numbered: list[tuple[SpatialElement, int]] = []
    for el in facts.links:
        text = facts.text(el).strip()
        attrs = facts.attrs(el)
        kind = _direction(text, attrs)
        if kind == "next" and result.next_id is None:
            result.next_id = el.id
        elif kind == "prev" and result.prev_id is None:
            result.prev_id = el.id
        elif kind is None:
            number = _page_number(text)
            if number is not None:
                numbered.append((el, number))
                if (attrs.get("aria-current") or "").lower() == "page":
                    result.current = number
    anchors = [facts.dom.get(i) for i in (result.next_id, result.prev_id) if i is not None]
    anchor_tops = [a.b[1] for a in anchors if a is not None]
    tops = sorted(el.b[1] for el, _ in numbered)
    for el, _number in numbered:
        if _has_row_mate(el.b[1], tops, anchor_tops):
            result.page_ids.append(el.id)
    if result.next_id is None and result.prev_id is None and len(result.page_ids) < 2:
        return None
    return result


def _has_row_mate(top: int, tops: list[int], anchor_tops: list[int]) -> bool:
    """Another numbered link (`tops`: all their tops, sorted, this one's included) or a next/previous
    link within ROW_TOLERANCE of `top`."""
    if any(abs(a - top) <= ROW_TOLERANCE for a in anchor_tops):
        return True
    at = bisect_left(tops, top)  # this link's own top (or an equal one)
    neighbours = tops[max(0, at - 1) : at] + tops[at + 1 : at + 2]
    return any(abs(t - top) <= ROW_TOLERANCE for t in neighbours)


def pagination(dom: SpatialDom) -> Pagination | None:
    """Next/previous/numbered page links of a page, or None when it has no pagination."""
    return find_pagination(collect_facts(dom))
