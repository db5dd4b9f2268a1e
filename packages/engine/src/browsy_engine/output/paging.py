"""Output in parts that fit a budget of characters, cut only between elements.

A part holds whole elements: as many as fit in `max_chars` with the header (always at least one, so a
huge element still comes out, whole, and paging always moves on). When elements are left over, the part
ends with a `more:` line (compact) or a `more` object (JSON) giving their count and size and the
`cursor` that opens the next part. A cursor names the next element's id, the selection it belongs to
(view, scope, within, and the fold `expand` opened) and a key of the page, so a cursor from another page is
refused instead of showing the wrong elements, and the next part folds (or not) as the first did.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ..model import SpatialDom

_SEP: Final = "~"


@dataclass(frozen=True, slots=True)
class Cursor:
    next_id: int
    view: str
    scope: str
    within: int | None
    page_key: str
    expand: int | None = None

    def encode(self) -> str:
        inside = "" if self.within is None else str(self.within)
        fields = [str(self.next_id), self.view, self.scope, inside, self.page_key]
        if self.expand is not None:  # a sixth field only when a fold was opened
            fields.append(str(self.expand))
        return _SEP.join(fields)


class BadCursor(ValueError):
    """A cursor that is malformed or belongs to another page."""


def page_key(dom: SpatialDom) -> str:
    """A short fingerprint of the page a cursor was made for."""
    last = dom.els[-1].id if dom.els else -1
    seed = f"{dom.url}\n{dom.title}\n{len(dom.els)}\n{last}"
    return hashlib.blake2b(seed.encode("utf-8", "replace"), digest_size=4).hexdigest()


def decode_cursor(text: str, dom: SpatialDom, views: tuple[str, ...], scopes: tuple[str, ...]) -> Cursor:
    parts = text.strip().split(_SEP)
    if len(parts) == 5:  # no fold opened
        parts.append("")
    if len(parts) != 6:
        raise BadCursor(
            f"cursor {text[:40]!r} is not one browsy gave; pass the cursor from a `more:` line as is"
        )
    next_id, view, scope, inside, key, opened = parts
    if (
        not next_id.isdigit()
        or view not in views
        or scope not in scopes
        or (inside and not inside.isdigit())
        or (opened and not opened.isdigit())
    ):
        raise BadCursor(
            f"cursor {text[:40]!r} is not one browsy gave; pass the cursor from a `more:` line as is"
        )
    if key != page_key(dom):
        raise BadCursor(
            "this cursor belongs to another page (the page changed since); call get_page without "
            "a cursor to start again"
        )
    return Cursor(
        int(next_id), view, scope, int(inside) if inside else None, key, int(opened) if opened else None
    )


@dataclass(slots=True)
class Part:
    first: int  # index of the first element of the part in the selection
    end: int  # index after its last element

    def left(self, total: int) -> int:
        return total - self.end


def take_part(sizes: list[int], start: int, budget: int) -> Part:
    """The elements from `start` whose sizes (characters, separators included) fit in `budget`; at least one."""
    end = start
    used = 0
    while end < len(sizes):
        if end > start and used + sizes[end] > budget:
            break
        used += sizes[end]
        end += 1
    return Part(start, end)
