"""Per-page memo of derived page data (page info, tables).

A parsed page never changes: typing makes an overlaid copy and simulated behaviours make a new Spatial DOM.
So what is derived from the page as parsed is computed once per page of a session and reused until the
session's current page is another object. Entries go away with their session (weak keys).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from .views import require_page

if TYPE_CHECKING:
    from ..model import SpatialDom
    from ..session import AsyncSession

_MEMO: WeakKeyDictionary[AsyncSession, tuple[SpatialDom, dict[str, Any]]] = WeakKeyDictionary()


async def per_page(session: AsyncSession, key: str, compute: Callable[[SpatialDom], Awaitable[Any]]) -> Any:
    """`compute(page)` for the session's current page as parsed, once per page and key."""
    page = require_page(session.dom_ref())
    entry = _MEMO.get(session)
    if entry is None or entry[0] is not page:
        entry = (page, {})
        _MEMO[session] = entry
    if key not in entry[1]:
        entry[1][key] = await compute(page)
    return entry[1][key]
