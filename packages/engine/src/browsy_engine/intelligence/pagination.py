"""Pagination: next / previous links and numbered page links.

A link is "next" when its text (or aria-label, or rel) says so: next, next page, older posts, ›, », >,
→ …; "previous" likewise. Numbered pages are short integer links sharing a row with another numbered
link or with the next/previous link.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..model import SpatialDom, SpatialElement
from .facts import PageFacts, collect_facts

ROW_TOLERANCE = 30
MAX_LABEL = 24
_NEXT_SYMBOLS = frozenset(">›»→⟩❯▶⇒⟶")
_PREV_SYMBOLS = frozenset("<‹«←⟨❮◀⇐⟵")
_NEXT_WORDS = ("next", "next page", "older", "older posts", "older entries", "more results", "forward")
_PREV_WORDS = ("prev", "previous", "previous page", "newer", "newer posts", "newer entries", "back")
_WORDS = re.compile(r"[a-z][a-z ]*[a-z]|[a-z]")
# Cheap pre-check: could this label say next/previous at all?
_MAYBE = re.compile(r"next|prev|older|newer|more results|forward|back|[<>‹›«»←→⟨⟩❮❯◀▶⇐⇒⟵⟶]")


@dataclass(slots=True)
class Pagination:
    next_id: int | None = None
    prev_id: int | None = None
    page_ids: list[int] = field(default_factory=list)
    current: int | None = None  # number of the current page when the page marks it

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"page_ids": list(self.page_ids)}
        for key in ("next_id", "prev_id", "current"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


def direction(facts: PageFacts, el: SpatialElement) -> str | None:
    """"next", "prev" or None for a link, from rel, its text or its aria-label."""
    attrs = facts.attrs(el)
    rel = attrs.get("rel")
    if rel:
        words = rel.lower().split()
        if "next" in words:
            return "next"
        if "prev" in words or "previous" in words:
            return "prev"
    found = _label_direction(facts.text(el).strip())
    if found is None and attrs.get("aria-label"):
        found = _label_direction((attrs.get("aria-label") or "").lower().strip())
    return found


def _label_direction(label: str) -> str | None:
    if not label or len(label) > MAX_LABEL or not _MAYBE.search(label):
        return None
    words = " ".join(_WORDS.findall(label))
    symbols = {c for c in label if c in _NEXT_SYMBOLS or c in _PREV_SYMBOLS}
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


def _page_number(facts: PageFacts, el: SpatialElement) -> int | None:
    text = facts.text(el).strip()
    if text.isdigit() and len(text) <= 4:
        return int(text)
    return None


def find_pagination(facts: PageFacts) -> Pagination | None:
    result = Pagination()
    numbered: list[tuple[SpatialElement, int]] = []
    for el in facts.links:
        kind = direction(facts, el)
        if kind == "next" and result.next_id is None:
            result.next_id = el.id
        elif kind == "prev" and result.prev_id is None:
            result.prev_id = el.id
        elif kind is None:
            number = _page_number(facts, el)
            if number is not None:
                numbered.append((el, number))
                if (facts.attr(el, "aria-current") or "").lower() == "page":
                    result.current = number
    anchors = [facts.dom.get(i) for i in (result.next_id, result.prev_id) if i is not None]
    for el, _number in numbered:
        row_mates = [o for o, _ in numbered if o is not el] + [a for a in anchors if a is not None]
        if any(abs(o.b[1] - el.b[1]) <= ROW_TOLERANCE for o in row_mates):
            result.page_ids.append(el.id)
    if result.next_id is None and result.prev_id is None and len(result.page_ids) < 2:
        return None
    return result


def pagination(dom: SpatialDom) -> Pagination | None:
    """Next/previous/numbered page links of a page, or None when it has no pagination."""
    return find_pagination(collect_facts(dom))
