"""One async handler per tool: the tool's behaviour on an `AsyncSession`, returning a `ToolResult`."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from ..output.compact import element_lines
from . import params as p
from .memo import per_page
from .result import ToolResult
from .views import element_dicts, page_info, plain, render_page, require_page

T = TypeVar("T")

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..model import SpatialDom
    from ..session import AsyncSession

# Work on pages with more elements than this runs in a worker thread, so that one big page does not hold
# the event loop (and every other session of a server) for tens of milliseconds.
BIG_PAGE = 400


async def on_page(dom: SpatialDom, work: Callable[..., T], *args: object) -> T:
    if len(dom.els) > BIG_PAGE:
        return await asyncio.to_thread(work, dom, *args)
    return work(dom, *args)


async def show(
    session: AsyncSession,
    dom: SpatialDom,
    paged: p.Paged,
    format: p.Format = "compact",
    scope: p.Scope = "all",
    **selection: Any,
) -> ToolResult:
    """A page as the tool's answer: the selection asked for, cut to the budget (`max_chars`, else the
    session's `max_output_chars` for compact output; json is cut only when asked)."""
    budget = paged.max_chars or (session.config.max_output_chars if format == "compact" else 0)
    previous = session.previous_dom()
    return await on_page(
        dom, partial(render_page, max_chars=budget, previous=previous, **selection), format, scope
    )


async def browse(session: AsyncSession, args: p.BrowseParams) -> ToolResult:
    render = None if args.render == "default" else args.render
    dom = await session.goto(args.url, render=render)
    return await show(session, dom, args, args.format, args.scope, view=args.view)


async def click(session: AsyncSession, args: p.ClickParams) -> ToolResult:
    """The resulting page. When the click did not load a page (a toggled menu, a skipped mailto: link,
    text with no behaviour), the answer is the session's one-line account of what happened and the delta
    (what changed, in the delta format), not the whole page again: `get_page` shows it."""
    dom = await session.click(args.id)
    outcome = session.last_outcome
    if outcome is None or outcome.kind in ("navigate", "submit"):
        return await show(session, dom, args)
    ids = set(outcome.changed)
    changed = [el for el in dom.els if el.id in ids]
    if not changed:
        return ToolResult.text(f"{outcome.message}\nThe page did not change (get_page shows it).")
    lines = element_lines(changed, dom.vp, marker="+", url=dom.url)
    return ToolResult.text("\n".join([outcome.message, "changed:", *lines]))


async def type_text(session: AsyncSession, args: p.TypeTextParams) -> ToolResult:
    await session.type_text(args.id, args.text)
    return ToolResult.text(f"Typed {len(args.text)} characters into element {args.id}.")


async def check(session: AsyncSession, args: p.ElementParams) -> ToolResult:
    await session.check(args.id)
    return ToolResult.text(f"Checked element {args.id}.")


async def uncheck(session: AsyncSession, args: p.ElementParams) -> ToolResult:
    await session.uncheck(args.id)
    return ToolResult.text(f"Unchecked element {args.id}.")


async def select(session: AsyncSession, args: p.SelectParams) -> ToolResult:
    await session.select(args.id, args.value)
    return ToolResult.text(f'Selected "{args.value}" in element {args.id}.')


async def get_page(session: AsyncSession, args: p.PageView) -> ToolResult:
    dom = require_page(session.dom())
    return await show(
        session,
        dom,
        args,
        args.format,
        args.scope,
        explain=args.explain,
        view=args.view,
        within_id=args.within,
        cursor=args.cursor,
        expand=args.expand,
    )


async def back(session: AsyncSession, args: p.BackParams) -> ToolResult:
    return await show(session, await session.back(), args)


async def search(session: AsyncSession, args: p.SearchParams) -> ToolResult:
    results = await session.search_with(args.query, args.engine)
    return ToolResult.json([plain(r) for r in results])


async def find(session: AsyncSession, args: p.FindParams) -> ToolResult:
    dom = require_page(session.dom())
    matches = dom.els
    if args.text is not None:
        matches = session.find_by_text_fuzzy(args.text)
    if args.role is not None:
        by_role = {el.id for el in session.find_by_role(args.role)}
        matches = [el for el in matches if el.id in by_role]
    return ToolResult.json(element_dicts(matches))


async def login(session: AsyncSession, args: p.LoginParams) -> ToolResult:
    return await show(session, await session.login(args.username, args.password), args)


async def enter_code(session: AsyncSession, args: p.EnterCodeParams) -> ToolResult:
    return await show(session, await session.enter_code(args.code), args)


async def tables(session: AsyncSession, args: p.NoParams) -> ToolResult:
    async def compute(page: SpatialDom) -> list[Any]:
        return [plain(t) for t in await on_page(page, type(page).tables)]

    return ToolResult.json(await per_page(session, "tables", compute))


async def page_info_tool(session: AsyncSession, args: p.NoParams) -> ToolResult:
    async def compute(page: SpatialDom) -> dict[str, Any]:
        return await on_page(page, page_info)

    return ToolResult.json(await per_page(session, "page_info", compute))


async def export_state(session: AsyncSession, args: p.NoParams) -> ToolResult:
    return ToolResult.json(session.export_state())


async def import_state(session: AsyncSession, args: p.ImportStateParams) -> ToolResult:
    dom = await session.import_state(args.state, load=args.load)
    cookies = len(args.state.get("cookies") or [])
    if dom is None:
        return ToolResult.text(f"Imported the state: {cookies} cookies; no page was opened.")
    return await show(session, dom, args)
