"""`Browser`: the synchronous browsing session of the seed's Python API.

It is an `AsyncBrowser` whose coroutines run on browsy's background loop (`browsy_engine.session.background`), so
it works from plain scripts and from inside other frameworks' event loops alike. Embedded by default; pass
`server="http://127.0.0.1:3847"` to browse through a `browsy serve` server instead.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from browsy_engine.session.background import run_async, run_sync

from ._backends import ToolOutput
from .async_browser import DEFAULT_HEIGHT, DEFAULT_WIDTH, AsyncBrowser, Render
from .element import Element
from .page import Page


class Browser:
    """A browsing session with cookie persistence and form state (see `AsyncBrowser` for the options)."""

    def __init__(
        self,
        viewport_width: float = DEFAULT_WIDTH,
        viewport_height: float = DEFAULT_HEIGHT,
        *,
        server: str | None = None,
        **options: Any,
    ) -> None:
        self._async = AsyncBrowser(viewport_width, viewport_height, server=server, **options)

    @property
    def viewport_width(self) -> float:
        return self._async.viewport_width

    @property
    def viewport_height(self) -> float:
        return self._async.viewport_height

    @property
    def server(self) -> str | None:
        return self._async.server

    # tool calls, for the framework adapters (sync and async)
    def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> ToolOutput:
        return run_sync(self._async.call_tool(name, arguments))

    async def acall_tool(self, name: str, arguments: dict[str, Any] | None = None) -> ToolOutput:
        return await run_async(self._async.call_tool(name, arguments))

    # navigation
    def load_html(self, html: str, url: str = "about:blank") -> Page:
        return run_sync(self._async.load_html(html, url))

    def goto(self, url: str, render: Render | None = None) -> Page:
        """Fetch `url` and return its page; `render` as in `AsyncBrowser.goto` ("auto", "always", "never")."""
        return run_sync(self._async.goto(url, render))

    def click(self, element_id: int) -> Page:
        return run_sync(self._async.click(element_id))

    def back(self) -> Page:
        return run_sync(self._async.back())

    def dom(self) -> Page | None:
        return run_sync(self._async.dom())

    # portable state (Browser(state=path) restores one before the first call)
    def state(self) -> dict[str, Any]:
        return run_sync(self._async.state())

    def save_state(self, path: str | os.PathLike[str]) -> Path:
        return run_sync(self._async.save_state(path))

    def load_state(self, state: str | os.PathLike[str] | dict[str, Any], load: bool = True) -> Page | None:
        return run_sync(self._async.load_state(state, load))

    def url(self) -> str | None:
        return run_sync(self._async.url())

    # forms
    def type_text(self, element_id: int, text: str) -> None:
        run_sync(self._async.type_text(element_id, text))

    def check(self, element_id: int) -> None:
        run_sync(self._async.check(element_id))

    def uncheck(self, element_id: int) -> None:
        run_sync(self._async.uncheck(element_id))

    def select(self, element_id: int, value: str) -> None:
        run_sync(self._async.select(element_id, value))

    # compound actions and search
    def login(self, username: str, password: str) -> Page:
        return run_sync(self._async.login(username, password))

    def enter_code(self, code: str) -> Page:
        return run_sync(self._async.enter_code(code))

    def search(self, query: str, engine: str = "duckduckgo") -> list[dict[str, str]]:
        return run_sync(self._async.search(query, engine))

    # finding elements on the current page
    def find_by_text(self, text: str) -> list[Element]:
        return run_sync(self._async.find_by_text(text))

    def find_by_text_fuzzy(self, text: str) -> list[Element]:
        return run_sync(self._async.find_by_text_fuzzy(text))

    def find_by_role(self, role: str) -> list[Element]:
        return run_sync(self._async.find_by_role(role))

    def find_input_by_purpose(self, purpose: str) -> Element | None:
        return run_sync(self._async.find_input_by_purpose(purpose))

    def find_verification_code(self) -> str | None:
        return run_sync(self._async.find_verification_code())

    # lifecycle
    def close(self) -> None:
        run_sync(self._async.close())

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return repr(self._async).replace("AsyncBrowser", "Browser", 1)


Session = Browser
"""The seed's other name for a Browser (`session = browsy.Session(); session.goto(url)`)."""
