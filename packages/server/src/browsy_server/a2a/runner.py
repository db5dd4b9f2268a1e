"""Running one A2A task on a session: the intent's steps, reported as they happen, then a result.

`run_task` calls `progress(description)` before/after each step and returns the result object of the
terminal "completed" event, or raises `TaskFailed` with the message of the "failed" event. Credentials are
used, never written into a step, a result or an error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from browsy_engine.model import SpatialDom
from browsy_engine.output.paging import take_part
from browsy_engine.session import AsyncSession
from browsy_engine.session.errors import BrowsyError
from browsy_engine.tools.views import captcha_warning, plain

from .intents import Intent, TaskRequest, detect_intent, search_query, target_url

Progress = Callable[[str], Awaitable[None]]

_FIELDS_AFTER_WITH = re.compile(r"\bwith\s+(.+)$", re.I | re.S)
_FIELD_SPLIT = re.compile(r"\s*(?:,|;|\band\b)\s*", re.I)
_INSTRUCTION = re.compile(r"^(then|submit|click|press|send)\b", re.I)  # "…, then submit it" is no field
_FORM_CONTROLS = {"input", "textarea", "select"}


class TaskFailed(Exception):
    """The task cannot finish; the message is the `error` of the terminal event."""


async def run_task(session: AsyncSession, request: TaskRequest, progress: Progress) -> dict[str, Any]:
    intent = detect_intent(request)
    try:
        if intent is Intent.SEARCH:
            return await _search(session, request, progress)
        dom = await _open(session, request, progress)
        return await _STEPS[intent](session, request, dom, progress)
    except BrowsyError as err:
        raise TaskFailed(str(err)) from None


async def _open(session: AsyncSession, request: TaskRequest, progress: Progress) -> SpatialDom:
    url = target_url(request)
    if url is None:
        raise TaskFailed("No URL to open: give params.url or write the URL in the goal.")
    await progress(f"Navigating to {url}")
    dom = await session.goto(url)
    warning = captcha_warning(dom)
    if warning:
        raise TaskFailed(warning)
    await progress(f"Page loaded: {dom.title or dom.url} ({len(dom.els)} elements)")
    return dom


def _summary(dom: SpatialDom) -> dict[str, Any]:
    return {"page_type": dom.page_type, "title": dom.title, "url": dom.url}


async def _search(session: AsyncSession, request: TaskRequest, progress: Progress) -> dict[str, Any]:
    query = search_query(request)
    await progress(f"Searching the web for {query!r}")
    results = [plain(r) for r in await session.search(query)]
    await progress(f"Found {len(results)} results")
    return {"query": query, "results": results}


async def _browse(
    session: AsyncSession, request: TaskRequest, dom: SpatialDom, progress: Progress
) -> dict[str, Any]:
    return {**_summary(dom), "elements": len(dom.els)}


async def _login(
    session: AsyncSession, request: TaskRequest, dom: SpatialDom, progress: Progress
) -> dict[str, Any]:
    if not any(a.action == "Login" for a in dom.suggested_actions):
        raise TaskFailed(f"No login form found on {dom.url} (page type {dom.page_type}).")
    credentials = request.params.credentials
    if credentials is None:
        raise TaskFailed("Login needs params.credentials with username and password.")
    await progress("Login page detected, submitting credentials")
    after = await session.login(credentials.username, credentials.password)
    if after.page_type == "Login":
        raise TaskFailed(f"Login failed: still on a login page ({after.title or after.url}).")
    await progress(f"Login successful, redirected to {after.page_type}")
    return _summary(after)


async def _tables(
    session: AsyncSession, request: TaskRequest, dom: SpatialDom, progress: Progress
) -> dict[str, Any]:
    tables = [plain(t) for t in dom.tables()]
    await progress(f"Extracted {len(tables)} tables")
    return {**_summary(dom), "tables": tables}


async def _extract(
    session: AsyncSession, request: TaskRequest, dom: SpatialDom, progress: Progress
) -> dict[str, Any]:
    what = (request.params.extract or "text").strip().lower()
    visible = dom.visible()
    items: list[Any]
    if what == "links":
        items = [{"id": el.id, "text": el.text or "", "href": el.href} for el in visible if el.href]
        sizes = [len(json.dumps(item, ensure_ascii=False)) + 2 for item in items]
    else:
        what = "text"
        items = [el.text for el in visible if el.text]
        sizes = [len(text) + 1 for text in items]
    out: dict[str, Any] = {**_summary(dom), "extract": what}
    budget = request.params.max_chars
    part = take_part(sizes, 0, budget) if budget and items else None
    if part is not None and part.end < len(items):
        out["more"] = {"elements": part.left(len(items)), "characters": sum(sizes[part.end :])}
        items = items[: part.end]
    out["content"] = items if what == "links" else "\n".join(items)
    await progress(f"Extracted {what}")
    return out


async def _fill_form(
    session: AsyncSession, request: TaskRequest, dom: SpatialDom, progress: Progress
) -> dict[str, Any]:
    filled: list[dict[str, Any]] = []
    for chunk in goal_field_chunks(request.goal):
        match = match_field(dom, chunk)
        if match is None:
            raise TaskFailed(f"Element not found: no form field matches {chunk!r}.")
        element_id, key, value = match
        await session.type_text(element_id, value)
        filled.append({"id": element_id, "field": key})
        await progress(f"Filled {key} (element {element_id})")
    if not filled:
        raise TaskFailed(
            'No field values in the goal; write them as "with name John and email john@example.com".'
        )
    submitted = False
    if re.search(r"\bsubmit\b", request.goal, re.I):
        button = session.find_nearest_button(filled[-1]["id"])
        if button is None:
            raise TaskFailed("Element not found: no submit button near the filled fields.")
        dom = await session.click(button.id)
        submitted = True
        await progress(f"Submitted the form: now on {dom.title or dom.url}")
    return {**_summary(dom), "filled": filled, "submitted": submitted}


def goal_field_chunks(goal: str) -> list[str]:
    """`… with name John and email john@example.com` → ["name John", "email john@example.com"]."""
    found = _FIELDS_AFTER_WITH.search(goal)
    if not found:
        return []
    chunks = (c.strip() for c in _FIELD_SPLIT.split(found.group(1).strip().rstrip(".")))
    return [c for c in chunks if c and not _INSTRUCTION.match(c)]


def match_field(dom: SpatialDom, chunk: str) -> tuple[int, str, str] | None:
    """(element id, key, value) for "key: value", "key=value", "key value" or "two-word key value"."""
    explicit = re.match(r"^(?P<key>[^:=]+?)\s*[:=]\s*(?P<value>.+)$", chunk)
    words = chunk.split()
    splits = [(explicit["key"], explicit["value"])] if explicit else []
    splits += [(" ".join(words[:n]), " ".join(words[n:])) for n in (1, 2) if len(words) > n]
    for key, value in splits:
        element_id = _field_for(dom, key.lower())
        if element_id is not None:
            return element_id, key.lower(), value.strip().strip("\"'")
    return None


def _field_for(dom: SpatialDom, key: str) -> int | None:
    for el in dom.els:
        if el.tag in _FORM_CONTROLS and not el.hidden:
            names = (el.label, el.name, el.ph, el.input_type)
            if any(n and key in n.lower() for n in names):
                return el.id
    return None


_STEPS: dict[
    Intent, Callable[[AsyncSession, TaskRequest, SpatialDom, Progress], Awaitable[dict[str, Any]]]
] = {
    Intent.BROWSE: _browse,
    Intent.LOGIN: _login,
    Intent.EXTRACT_TABLES: _tables,
    Intent.EXTRACT: _extract,
    Intent.FILL_FORM: _fill_form,
}
