"""`run_actions`: an ordered batch of steps on one session, in one call, with no model in the loop.

Each step runs on the session's own methods (so its limits and SSRF guard apply to every fetch) and gets a
result: ok, an error, and a short summary of the page after it. A failed step stops the batch unless it
says `stop_on_error: false`; a failed `assert_text` is recorded (`assertions_passed: false`) and the batch
goes on. The whole batch runs under one timeout. Secret values used by the steps are scrubbed from the
whole result.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, ValidationError

from ..model import SpatialDom
from ..output.delta import delta_to_compact_string, diff
from ..session.errors import ActionError, BrowsyError, NoPage
from . import targets
from .params import Paged, _scope_field
from .params import Scope as ScopeName
from .placeholders import PLACEHOLDER, Redactor, Secrets, fill, placeholders
from .result import ToolError, ToolResult
from .steps import STEP_HELP, Step
from .views import plain, render_page

if TYPE_CHECKING:
    from ..session import AsyncSession

log = logging.getLogger("browsy.tools")

MAX_STEPS = 100
BatchFormat = Literal["compact", "json", "delta", "none"]
_WAIT_DEFAULT_SECS = 5.0
_WAIT_FIRST_POLL, _WAIT_MAX_POLL = 0.25, 2.0


class RunActionsParams(Paged):
    url: str | None = Field(None, min_length=1, description="Optional URL to open before the first step.")
    actions: list[Step] = Field(
        ..., min_length=1, max_length=MAX_STEPS, description="The steps, run in order. " + STEP_HELP
    )
    format: BatchFormat = Field(
        "compact",
        description='The final page: "compact" (default), "json", "delta" (only what changed since the batch '
        'started) or "none".',
    )
    scope: ScopeName = _scope_field()
    timeout_secs: float = Field(
        60.0, ge=0.1, le=600, description="Seconds the whole batch may take (default 60)."
    )


@dataclass(slots=True)
class BatchRun:
    """The state of one batch while it runs, and what it returns."""

    steps: list[Step]
    redactor: Redactor = field(default_factory=Redactor)
    results: list[dict[str, Any]] = field(default_factory=list)
    extractions: dict[str, Any] = field(default_factory=dict)
    assertions_passed: bool = True
    stopped_at: int | None = None
    error: str | None = None
    start: dict[str, Any] | None = None


def referenced_secrets(steps: list[Step], url: str | None = None) -> set[str]:
    raw = [s.args() for s in steps] + ([url] if url else [])
    return {name for kind, name in placeholders(raw) if kind == "secret"}


SECRET_FIELDS = frozenset({"username", "password", "value", "code"})


def check_secret_fields(steps: list[Step], url: str | None = None) -> None:
    """`${secret:NAME}` only where a credential goes (username, password, value, code): never in a URL, a
    selector or a text to look for, so no step can carry a secret to a place of its choosing."""
    where = [("url", url)] if url else []
    for index, step in enumerate(steps):
        where += [
            (f"step {index} ({step.action}) {f}", v) for f, v in step.args().items() if f not in SECRET_FIELDS
        ]
    for place, value in where:
        secret = next((n for k, n in placeholders(value) if k == "secret"), None)
        if secret is not None:
            raise ToolError(
                f"{place} uses ${{secret:{secret}}}; secrets may only fill username, password, value or code."
            )


def check_references(steps: list[Step], known: set[str] | None = None) -> None:
    """Every `${NAME}` must be a known name or an extraction of an earlier step; ToolError otherwise."""
    names = set(known or ())
    for index, step in enumerate(steps):
        for kind, name in placeholders(step.args()):
            if kind == "" and name not in names:
                raise ToolError(
                    f"Step {index} ({step.action}) uses ${{{name}}}, but no earlier extract or tables step "
                    f"is named {name!r} and no parameter has that name.",
                )
        if step.action in ("extract", "tables"):
            names.add(extraction_key(step))


def extraction_key(step: Step) -> str:
    if step.name:
        return step.name
    if step.action == "tables":
        return "tables"
    return step.selector or step.target_text()


async def run_batch(
    session: AsyncSession,
    steps: list[Step],
    *,
    url: str | None = None,
    format: BatchFormat = "compact",
    scope: ScopeName = "all",
    timeout_secs: float = 60.0,
    secrets: Secrets | None = None,
    redactor: Redactor | None = None,
    max_chars: int = 0,
) -> dict[str, Any]:
    """Run `steps` on `session` and return the batch result (see the module doc). Bad references and missing
    secrets raise ToolError before anything runs. The final page is cut to `max_chars` (0: whole) as
    get_page cuts it, with a cursor for the rest."""
    check_secret_fields(steps, url)
    check_references(steps)
    secret_values = (secrets or Secrets()).require(referenced_secrets(steps, url))
    run = BatchRun(steps, redactor or Redactor())
    for name, value in secret_values.items():
        run.redactor.add(name, value)
    before = session.dom_ref()
    current = -1
    try:
        async with asyncio.timeout(timeout_secs):
            if url is not None:
                run.start = await _open_start(session, _resolve(url, run, secret_values), run)
            if run.start is None or run.start.get("ok"):
                for current, step in enumerate(steps):
                    if not await _run_one(session, current, step, run, secret_values):
                        break
    except TimeoutError:
        if current < 0:
            run.error = f"The batch timed out after {timeout_secs:g} s (timeout_secs), opening the start url."
        else:
            run.error = f"The batch timed out after {timeout_secs:g} s (timeout_secs), during step {current}."
            run.stopped_at = current
            if len(run.results) <= current:
                run.results.append(_step_result(session, current, steps[current], False, "timed out"))
    return run.redactor.scrub(_result(session, run, before, format, scope, max_chars))


async def _open_start(session: AsyncSession, url: str, run: BatchRun) -> dict[str, Any]:
    try:
        await session.goto(url)
    except BrowsyError as err:
        run.error = f"Could not open the start url: {err}"
        return {"ok": False, "error": str(err)}
    return {"ok": True, "page": page_summary(session.dom_ref())}


def _resolve(text: str, run: BatchRun, secret_values: dict[str, str]) -> str:
    def lookup(kind: str, name: str) -> str | None:
        if kind == "secret":
            return secret_values.get(name)
        if name not in run.extractions:
            return None
        value = run.extractions[name]
        if isinstance(value, list):
            if len(value) != 1:
                raise ActionError(f"${{{name}}} holds {len(value)} values; a placeholder needs exactly one.")
            value = value[0]
        return value if isinstance(value, str) else str(value)

    return fill(text, lookup)


def _filled(step: Step, run: BatchRun, secret_values: dict[str, str]) -> Step:
    args = step.args()
    if not placeholders(args):
        return step
    filled = {k: _resolve(v, run, secret_values) if isinstance(v, str) else v for k, v in args.items()}
    for value in filled.values():
        if isinstance(value, str) and (m := PLACEHOLDER.search(value)) is not None and m.group(1) != "secret":
            raise ActionError(f"${{{m.group(2)}}} has no value yet: no earlier step extracted it.")
    try:
        return Step.model_validate(filled)
    except ValidationError as err:
        from .call import describe_validation_error  # call imports the registry, which imports this module

        raise ActionError(f"After filling placeholders: {describe_validation_error(err)}.") from None


async def _run_one(
    session: AsyncSession, index: int, step: Step, run: BatchRun, secret_values: dict[str, str]
) -> bool:
    """Run one step and record its result; False when the batch must stop."""
    try:
        note = await _perform(session, _filled(step, run, secret_values), run)
    except (BrowsyError, ToolError) as err:
        message = err.message if isinstance(err, ToolError) else str(err)
        run.results.append(_step_result(session, index, step, False, message))
        if step.stop_on_error:
            run.stopped_at = index
            run.error = f"Step {index} ({step.action}) failed: {message}"
            return False
        return True
    except Exception as err:  # a bug must not take the session down: one clean line, no values, no traceback
        log.error(
            "run_actions: step %d (%s) failed: %s", index, step.action, run.redactor.text(type(err).__name__)
        )
        message = f"Internal error: {type(err).__name__}"
        run.results.append(_step_result(session, index, step, False, message))
        run.stopped_at, run.error = index, f"Step {index} ({step.action}) failed: {message}"
        return False
    if isinstance(note, _AssertionFailed):
        run.assertions_passed = False
        run.results.append(_step_result(session, index, step, False, note.message))
        return True
    run.results.append(_step_result(session, index, step, True, None, note))
    return True


@dataclass(frozen=True, slots=True)
class _AssertionFailed:
    message: str


def _page(session: AsyncSession) -> SpatialDom:
    dom = session.dom()
    if dom is None:
        raise NoPage("No page is loaded yet: start with a browse step or give url.")
    return dom


async def _perform(session: AsyncSession, step: Step, run: BatchRun) -> str | _AssertionFailed | None:
    """Do the step; return a short note for its result (or an assertion failure)."""
    action = step.action
    if action == "browse":
        assert step.url is not None
        await session.goto(step.url)
        return None
    if action == "back":
        await session.back()
        return None
    if action == "login":
        assert step.username is not None and step.password is not None
        after = await session.login(step.username, step.password)
        _still_there(after, "Login", "The login was not accepted")
        return None
    if action == "enter_code":
        assert step.code is not None
        after = await session.enter_code(step.code)
        _still_there(after, "EnterCode", "The code was not accepted")
        return None
    if action == "wait_for_text":
        assert step.text is not None
        return await _wait_for_text(session, step.text, step.timeout_secs or _WAIT_DEFAULT_SECS)
    if action == "assert_text":
        assert step.text is not None
        if targets.page_contains(_page(session), step.text):
            return "found"
        return _AssertionFailed(f"Assertion failed: {step.text!r} is not on the page.")
    if action == "tables":
        tables = [plain(t) for t in _page(session).tables()]
        run.extractions[extraction_key(step)] = tables
        return f"{len(tables)} tables"
    if action == "extract":
        values = targets.extract_values(_page(session), step)
        if step.pattern is not None:
            values = targets.apply_pattern(values, step.pattern)
        run.extractions[extraction_key(step)] = values[0] if len(values) == 1 else values
        return f"{len(values)} value{'s' if len(values) != 1 else ''}"
    return await _on_element(session, step)


async def _on_element(session: AsyncSession, step: Step) -> str | None:
    el = targets.resolve_element(_page(session), step)
    action = step.action
    if action == "click":
        await session.click(el.id)
        outcome = session.last_outcome
        return f"{targets.describe(el)}: {outcome.message}" if outcome is not None else targets.describe(el)
    if action == "type_text":
        assert step.value is not None
        await session.type_text(el.id, step.value)
        return f"typed {len(step.value)} characters into {targets.describe(el)}"
    if action == "check":
        await session.check(el.id)
    elif action == "uncheck":
        await session.uncheck(el.id)
    elif action == "select":
        assert step.value is not None
        await session.select(el.id, step.value)
    elif action == "submit":
        await session.submit(el.id)
    return targets.describe(el)


def _still_there(dom: SpatialDom, action: str, what: str) -> None:
    """A login (or code) that lands on a page asking for it again did not work: fail with the page's alert."""
    if not any(a.action == action for a in dom.suggested_actions):
        return
    alerts = [el.text for el in dom.alerts() if el.text]
    reason = f": {alerts[0]}" if alerts else f" (the page still asks for it: {dom.title or dom.url})"
    raise ActionError(what + reason)


async def _wait_for_text(session: AsyncSession, text: str, timeout: float) -> str:
    """Until `text` is on the page, reload it (a zero-render browser runs no scripts: a page changes only
    when fetched again), polling at growing intervals; ActionError when `timeout` passes first."""
    deadline = time.monotonic() + timeout
    pause, reloads = _WAIT_FIRST_POLL, 0
    while True:
        if targets.page_contains(_page(session), text):
            return f"found after {reloads} reload{'s' if reloads != 1 else ''}"
        left = deadline - time.monotonic()
        if left <= 0:
            raise ActionError(f"{text!r} did not appear within {timeout:g} s ({reloads} reloads).")
        await asyncio.sleep(min(pause, left))
        pause = min(pause * 2, _WAIT_MAX_POLL)
        await session.reload()
        reloads += 1


def page_summary(dom: SpatialDom | None) -> dict[str, Any] | None:
    if dom is None:
        return None
    return {"title": dom.title, "url": dom.url, "page_type": dom.page_type, "elements": len(dom.els)}


def _step_result(
    session: AsyncSession, index: int, step: Step, ok: bool, error: str | None, note: str | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {"index": index, "action": step.action, "ok": ok}
    if error is not None:
        out["error"] = error
    if note:
        out["note"] = note
    out["page"] = page_summary(session.dom_ref())
    return out


def _result(
    session: AsyncSession,
    run: BatchRun,
    before: SpatialDom | None,
    format: BatchFormat,
    scope: ScopeName,
    max_chars: int = 0,
) -> dict[str, Any]:
    ok_steps = sum(1 for r in run.results if r["ok"])
    out: dict[str, Any] = {
        "ok": run.error is None and run.assertions_passed and ok_steps == len(run.steps),
        "steps_completed": ok_steps,
        "steps_total": len(run.steps),
        "stopped_at": run.stopped_at,
        "assertions_passed": run.assertions_passed,
    }
    if run.error is not None:
        out["error"] = run.error
    if run.start is not None:
        out["start"] = run.start
    out["steps"] = run.results
    out["extractions"] = run.extractions
    if format != "none":
        out["page"] = final_page(session, before, format, scope, max_chars)
    return out


def final_page(
    session: AsyncSession,
    before: SpatialDom | None,
    format: BatchFormat,
    scope: ScopeName,
    max_chars: int = 0,
) -> Any:
    dom = session.dom()
    if dom is None:
        return None
    if format == "delta":
        delta = diff(before or SpatialDom(vp=list(dom.vp)), dom)
        return f"title: {dom.title}\nurl: {dom.url}\n{delta_to_compact_string(delta)}"
    rendered = render_page(dom, "json" if format == "json" else "compact", scope, max_chars=max_chars)
    return rendered.data if format == "json" else rendered.content


async def run_actions(session: AsyncSession, args: RunActionsParams) -> ToolResult:
    result = await run_batch(
        session,
        args.actions,
        url=args.url,
        format=args.format,
        scope=args.scope,
        timeout_secs=args.timeout_secs,
        max_chars=page_budget(session, args.max_chars, args.format),
    )
    return ToolResult.json(result)


def page_budget(session: AsyncSession, max_chars: int, format: str) -> int:
    """`max_chars`, else the session's budget for compact output (json is cut only when asked)."""
    return max_chars or (session.config.max_output_chars if format == "compact" else 0)
