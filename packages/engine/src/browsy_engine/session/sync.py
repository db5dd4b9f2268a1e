"""Session: the blocking facade of AsyncSession, for scripts and notebooks.

Every Session runs its AsyncSession on one shared background event loop (a daemon thread), so it works
the same inside Jupyter (where a loop is already running) and in plain scripts, and 100 Sessions do
not cost 100 threads. Methods have the AsyncSession's names, arguments, results and errors.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from .background import run_sync as _run
from .config import SessionConfig
from .session import AsyncSession


def _blocking(name: str) -> Callable[..., Any]:
    """A Session method that runs AsyncSession.<name> (a coroutine) to completion."""
    target = getattr(AsyncSession, name)

    @functools.wraps(target)
    def method(self: Session, *args: Any, **kwargs: Any) -> Any:
        return _run(getattr(self._async, name)(*args, **kwargs))

    return method


def _direct(name: str) -> Callable[..., Any]:
    """A Session method that calls the plain (non-coroutine) AsyncSession.<name>."""
    target = getattr(AsyncSession, name)

    @functools.wraps(target)
    def method(self: Session, *args: Any, **kwargs: Any) -> Any:
        return getattr(self._async, name)(*args, **kwargs)

    return method


class Session:
    """Blocking browsing session: `s = Session(); dom = s.goto(url); s.type_text(3, "x"); s.click(4)`."""

    def __init__(self, config: SessionConfig | None = None, **kwargs: Any) -> None:
        async def build() -> AsyncSession:
            return AsyncSession(config, **kwargs)

        self._async = _run(build())

    @property
    def async_session(self) -> AsyncSession:
        return self._async

    @property
    def config(self) -> SessionConfig:
        return self._async.config

    @property
    def last_outcome(self) -> Any:
        return self._async.last_outcome

    @property
    def cookies(self) -> dict[str, str]:
        return self._async.cookies

    def close(self) -> None:
        _run(self._async.close())

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    goto = _blocking("goto")
    load_html = _blocking("load_html")
    back = _blocking("back")
    click = _blocking("click")
    submit = _blocking("submit")
    type_text = _blocking("type_text")
    check = _blocking("check")
    uncheck = _blocking("uncheck")
    toggle = _blocking("toggle")
    select = _blocking("select")
    login = _blocking("login")
    enter_code = _blocking("enter_code")
    search = _blocking("search")
    search_with = _blocking("search_with")
    search_and_read = _blocking("search_and_read")
    import_state = _blocking("import_state")
    export_state = _direct("export_state")

    url = _direct("url")
    dom = _direct("dom")
    dom_ref = _direct("dom_ref")
    delta = _direct("delta")
    element = _direct("element")
    find_by_text = _direct("find_by_text")
    find_by_text_fuzzy = _direct("find_by_text_fuzzy")
    find_by_role = _direct("find_by_role")
    find_input_by_purpose = _direct("find_input_by_purpose")
    find_nearest_button = _direct("find_nearest_button")
    find_verification_code = _direct("find_verification_code")
    is_captcha = _direct("is_captcha")
    captcha_info = _direct("captcha_info")
    behaviors = _direct("behaviors")
