"""A whole session as plain JSON data, and back: what a shared session store (Redis) keeps, so that any
server process can carry on a session that another one started.

A snapshot holds the cookies (Playwright's storage-state form, state.py), the current page's source (the
decoded document and its stylesheets' text, page.PageSource), URL, status and headers-derived facts, the
form state, the visibility behaviours applied, the history and the viewport. It never holds a parsed
page: parsing is deterministic, so `restore` parses the source again and gets the same elements and ids.
History entries become `PageRef`s that carry their source, so `back()` parses instead of fetching.

The snapshot holds credentials (cookies, typed passwords in the form state): the store that keeps it
must be private to the deployment.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..model import SpatialDom
from .errors import BrowsyError
from .form_state import FormState
from .page import Page, PageRef, PageSource, Toggle
from .visibility import apply_visibility

if TYPE_CHECKING:
    from .session import AsyncSession

SNAPSHOT_VERSION = 1


class SnapshotError(BrowsyError):
    """A stored session that cannot be restored (another version's format, or damaged data)."""


def snapshot(session: AsyncSession) -> dict[str, Any]:
    """The session as JSON-ready data (see the module docstring)."""
    return _snapshot(session, _source_data)


def fingerprint(session: AsyncSession) -> str:
    """What `snapshot` would hold, with each page source named by its identity instead of its text: cheap
    to compute, and equal for two calls exactly when the snapshot did not change in between (sources are
    never modified, only replaced). A store compares it to skip writing a session a read left as it was."""
    return json.dumps(_snapshot(session, lambda source: {"id": id(source)}), separators=(",", ":"))


def _snapshot(session: AsyncSession, source_data: Callable[[PageSource], dict[str, Any]]) -> dict[str, Any]:
    page = session._page
    return {
        "version": SNAPSHOT_VERSION,
        "viewport": [session.config.viewport_width, session.config.viewport_height],
        "cookies": session._fetcher.state_cookies(),
        "page": _page_data(page, source_data) if page is not None else None,
        "history": [_entry_data(e, source_data) for e in session._history],
        "previous": _previous_kind(session),
    }


def _source_data(source: PageSource) -> dict[str, Any]:
    return {"html": source.html, "css": list(source.extra_css), "content_type": source.content_type}


async def restore(session: AsyncSession, data: dict[str, Any]) -> None:
    """Make a fresh `session` the one `data` describes: cookies, current page (parsed again), history and
    the previous page (for deltas). Raises SnapshotError for data of another format or damaged data."""
    if not isinstance(data, dict) or data.get("version") != SNAPSHOT_VERSION:
        raise SnapshotError("The stored session has another format; start a new session.")
    if data.get("viewport") != [session.config.viewport_width, session.config.viewport_height]:
        raise SnapshotError("The stored session was made with another viewport; start a new session.")
    try:
        await _restore(session, data)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise SnapshotError(f"The stored session is damaged ({type(err).__name__}).") from None


async def _restore(session: AsyncSession, data: dict[str, Any]) -> None:
    session._fetcher.add_cookies(list(data["cookies"]))
    history: list[Page | PageRef] = [_entry(e) for e in data["history"]]
    page_data = data["page"]
    previous_kind = data.get("previous")
    loader = session._loader
    previous: SpatialDom | None = None
    if previous_kind == "history" and history and isinstance(history[-1], PageRef):
        ref = history[-1]
        if ref.source is not None:
            last = await loader.page_from_source(ref.source, ref.url, load_frames_again=False)
            last.form = ref.form
            history[-1] = last
            previous = last.dom
    session._history = history
    if page_data is None:
        return
    source = _source(page_data["source"])
    page = await loader.page_from_source(source, page_data["url"], load_frames_again=page_data["frames"])
    page.status = page_data["status"]
    page.redirects = list(page_data["redirects"])
    page.http_version = page_data["http_version"]
    page.form = _form(page_data["form"])
    page.dom.notes = list(page_data["notes"])
    page.dom.rendered = bool(page_data["rendered"])
    page.dom.needs_js_reason = page_data["needs_js_reason"]
    for toggle in (Toggle(t["action"], list(t["target_ids"])) for t in page_data["toggles"]):
        if previous_kind == "toggle":
            previous = page.dom
        page.dom = apply_visibility(page.dom, toggle).dom
        page.toggles.append(toggle)
    session._page = page
    session._previous_dom = previous


def _page_data(page: Page, source_data: Callable[[PageSource], dict[str, Any]]) -> dict[str, Any]:
    dom = page.dom
    source = page.source or PageSource("", [], page.content_type)
    return {
        "url": dom.url,
        "source": source_data(source),
        "status": page.status,
        "redirects": list(page.redirects),
        "http_version": page.http_version,
        "form": _form_data(page.form),
        "toggles": [{"action": t.action, "target_ids": list(t.target_ids)} for t in page.toggles],
        "notes": list(dom.notes),
        "rendered": dom.rendered,
        "needs_js_reason": dom.needs_js_reason,
        "frames": bool(dom.frames),
    }


def _entry_data(entry: Page | PageRef, source_data: Callable[[PageSource], dict[str, Any]]) -> dict[str, Any]:
    ref = PageRef.of(entry, keep_source=True) if isinstance(entry, Page) else entry
    return {
        "url": ref.url,
        "title": ref.title,
        "form": _form_data(ref.form),
        "node_count": ref.node_count,
        "source": None if ref.source is None else source_data(ref.source),
    }


def _source(data: dict[str, Any]) -> PageSource:
    return PageSource(data["html"], list(data["css"]), data["content_type"])


def _entry(data: dict[str, Any]) -> PageRef:
    source = data.get("source")
    return PageRef(
        data["url"],
        data["title"],
        _form(data["form"]),
        int(data["node_count"]),
        _source(source) if source else None,
    )


def _previous_kind(session: AsyncSession) -> str | None:
    """What the previous page was, so that `restore` can make it again: the last history entry, or the
    current page before its last visibility change."""
    previous = session._previous_dom
    if previous is None:
        return None
    history = session._history
    if history and isinstance(history[-1], Page) and history[-1].dom is previous:
        return "history"
    page = session._page
    if page is not None and page.toggles and previous.url == page.dom.url:
        return "toggle"
    return None


def _form_data(form: FormState) -> dict[str, Any]:
    return {
        "values": {str(k): v for k, v in form.values.items()},
        "checked": {str(k): v for k, v in form.checked.items()},
        "selected": {str(k): list(v) for k, v in form.selected.items()},
        "frames": {str(k): _form_data(v) for k, v in form.frames.items() if not v.is_empty()},
    }


def _form(data: dict[str, Any]) -> FormState:
    return FormState(
        values={int(k): str(v) for k, v in data["values"].items()},
        checked={int(k): bool(v) for k, v in data["checked"].items()},
        selected={int(k): [int(i) for i in v] for k, v in data["selected"].items()},
        frames={int(k): _form(v) for k, v in (data.get("frames") or {}).items()},
    )
