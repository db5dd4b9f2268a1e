"""`AsyncBrowser`: the browsing session for asyncio code — embedded by default, remote on request.

Every method is one call of the engine's tool registry (browse, click, type_text, …) on the backend, so an
embedded and a remote browser give the same pages, results and errors. Pages come back in the registry's
json format and become `Page` objects; failures become the engine's error classes (`browsy.errors`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ._backends import Backend, ToolOutput
from .element import Element
from .errors import ActionError, error_from_response
from .page import Page

if TYPE_CHECKING:
    from browsy_engine.model import SpatialDom

Render = Literal["auto", "always", "never"]
DEFAULT_WIDTH = 1920
DEFAULT_HEIGHT = 1080


class AsyncBrowser:
    """`await AsyncBrowser().goto(url)`; `AsyncBrowser(server="http://127.0.0.1:3847")` for a remote server.

    Embedded options: `viewport_width`, `viewport_height`, `fetch_css`, `timeout_secs`,
    `allow_private_network`, `allowed_hosts`, plus any other `SessionConfig` field as a keyword. A remote
    browser takes only `timeout_secs` and `server_token` (the server's `--token`, default $BROWSY_TOKEN); the viewport and network policy are the server's
    (`browsy serve --viewport 375x812 --allowed-host …`), and giving them here is an error rather than
    being silently ignored.
    """

    def __init__(
        self,
        viewport_width: float = DEFAULT_WIDTH,
        viewport_height: float = DEFAULT_HEIGHT,
        *,
        server: str | None = None,
        server_token: str | None = None,
        timeout_secs: float = 30.0,
        fetch_css: bool = True,
        allow_private_network: bool = False,
        allowed_hosts: list[str] | None = None,
        state: str | os.PathLike[str] | dict[str, Any] | None = None,
        **session_options: Any,
    ) -> None:
        # A saved state (save_state's file, or Playwright's storage_state()) is restored before the first call.
        self._pending_state = _read_state(state) if state is not None else None
        self.viewport_width = float(viewport_width)
        self.viewport_height = float(viewport_height)
        self.server = server
        if server is not None:
            _check_remote_options(
                (self.viewport_width, self.viewport_height) != (DEFAULT_WIDTH, DEFAULT_HEIGHT),
                not fetch_css or allow_private_network or bool(allowed_hosts) or bool(session_options),
            )
        self._backend = self._make_backend(
            server,
            server_token=server_token,
            viewport_width=self.viewport_width,
            viewport_height=self.viewport_height,
            timeout_secs=timeout_secs,
            fetch_css=fetch_css,
            allow_private_network=allow_private_network,
            allowed_hosts=list(allowed_hosts or []),
            **session_options,
        )

    @staticmethod
    def _make_backend(server: str | None, **options: Any) -> Backend:
        if server is not None:
            from ._backends.remote import RemoteBackend

            return RemoteBackend(
                server, timeout=options["timeout_secs"] * 2, server_token=options["server_token"]
            )
        from browsy_engine.session import SessionConfig

        from ._backends.embedded import EmbeddedBackend

        options.pop("server_token", None)

        try:
            config = SessionConfig(**options)
        except TypeError as err:
            raise TypeError(
                f"Browser: unknown option ({err}); see browsy_engine.session.SessionConfig"
            ) from None
        return EmbeddedBackend(config)

    @property
    def is_remote(self) -> bool:
        return self.server is not None

    # ---- the one path every method takes ---------------------------------------------------------
    async def call_tool(self, name: str, arguments: dict[str, Any] | None = None) -> ToolOutput:
        """Run registry tool `name` (browse, click, …) and return its output, errors included (never raises
        for a failed call; an unreachable server raises RemoteError)."""
        if self._pending_state is not None:
            state, self._pending_state = self._pending_state, None
            restored = await self._backend.call("import_state", {"state": state, "load": False})
            if restored.is_error:
                raise error_from_response(restored.status, restored.content, restored.code)
        return await self._backend.call(name, dict(arguments or {}))

    # ---- portable state (cookies in Playwright's storage-state format, URL, history) ---------------
    async def state(self) -> dict[str, Any]:
        """This session's state: {"cookies": [...], "origins": [], "browsy": {"url", "history"}}. It holds
        credentials: keep it private."""
        return dict((await self._run("export_state")).data)

    async def save_state(self, path: str | os.PathLike[str]) -> Path:
        """Write the state to `path` as JSON, readable by its owner only (0600); returns the path."""
        target = Path(path)
        data = json.dumps(await self.state(), ensure_ascii=False).encode("utf-8")
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.fchmod(fd, 0o600)  # also when the file was there before with wider permissions
            os.write(fd, data)
        finally:
            os.close(fd)
        return target

    async def load_state(
        self, state: str | os.PathLike[str] | dict[str, Any], load: bool = True
    ) -> Page | None:
        """Restore a state (a dict, or a file from save_state or Playwright); with `load`, open its URL."""
        data = _read_state(state)
        await self._run("import_state", state=data, load=load)
        opens = load and isinstance(data.get("browsy"), dict) and bool(data["browsy"].get("url"))
        return await self._current_page() if opens else None

    async def _run(self, name: str, **arguments: Any) -> ToolOutput:
        output = await self.call_tool(name, arguments)
        if output.is_error:
            raise error_from_response(output.status, output.content, output.code)
        return output

    async def _current_page(self) -> Page:
        return await self._backend.page((await self._run("get_page", format="json")).data)

    # ---- navigation ------------------------------------------------------------------------------
    async def load_html(self, html: str, url: str = "about:blank") -> Page:
        """Parse `html` as if it had been fetched from `url` and make it the current page."""
        output = await self._backend.load_html(html, url)
        if output.is_error:
            raise error_from_response(output.status, output.content, output.code)
        return await self._backend.page(output.data)

    async def goto(self, url: str, render: Render | None = None) -> Page:
        """Fetch `url` and return its page (the previous page goes to history). `render` runs the page's
        JavaScript in headless Chromium: "auto" when the page is flagged `needs_js`, "always", or "never";
        None (default) follows the session's setting (`Browser(render=...)` embedded, `browsy serve --render`
        remote; off unless set). Rendering needs the render extra (pip install 'browsy-ai[render]') and a
        Chromium; `page.rendered` says whether it ran."""
        arguments: dict[str, Any] = {"url": url, "format": "json"}
        if render is not None:
            arguments["render"] = render
        return await self._backend.page((await self._run("browse", **arguments)).data)

    async def click(self, element_id: int) -> Page:
        """Click an element: links navigate, submit buttons submit their form. Returns the resulting page."""
        await self._run("click", id=element_id)
        return await self._current_page()

    async def back(self) -> Page:
        await self._run("back")
        return await self._current_page()

    async def dom(self) -> Page | None:
        """The current page with the form state overlaid (typed values, checks, selections), or None."""
        data = await self._current_data()
        return await self._backend.page(data) if data is not None else None

    async def _current_data(self) -> dict[str, Any] | None:
        output = await self.call_tool("get_page", {"format": "json"})
        if output.status == 404:
            return None
        if output.is_error:
            raise error_from_response(output.status, output.content, output.code)
        return output.data

    async def url(self) -> str | None:
        data = await self._current_data()
        return data.get("url") if data is not None else None

    # ---- forms -----------------------------------------------------------------------------------
    async def type_text(self, element_id: int, text: str) -> None:
        await self._run("type_text", id=element_id, text=text)

    async def check(self, element_id: int) -> None:
        await self._run("check", id=element_id)

    async def uncheck(self, element_id: int) -> None:
        await self._run("uncheck", id=element_id)

    async def select(self, element_id: int, value: str) -> None:
        await self._run("select", id=element_id, value=value)

    # ---- compound actions ------------------------------------------------------------------------
    async def login(self, username: str, password: str) -> Page:
        """Fill the detected login form and submit it (needs a Login suggested action)."""
        await self._run("login", username=username, password=password)
        return await self._current_page()

    async def enter_code(self, code: str) -> Page:
        """Type a verification code into the detected code field and submit (needs an EnterCode action)."""
        await self._run("enter_code", code=code)
        return await self._current_page()

    async def search(self, query: str, engine: str = "duckduckgo") -> list[dict[str, str]]:
        """Web search: [{"title": ..., "url": ..., "snippet": ...}, ...]."""
        return list((await self._run("search", query=query, engine=engine)).data)

    # ---- finding elements on the current page ----------------------------------------------------
    async def _page_dom(self) -> SpatialDom | None:
        data = await self._current_data()
        return Page(data)._dom if data is not None else None

    async def find_by_text(self, text: str) -> list[Element]:
        """Elements whose text contains `text` (case-sensitive)."""
        from browsy_engine.session import finders

        return _elements(finders.find_by_text(await self._page_dom(), text))

    async def find_by_text_fuzzy(self, text: str) -> list[Element]:
        """Elements whose text contains `text`, ignoring case and extra whitespace."""
        from browsy_engine.session import finders

        return _elements(finders.find_by_text_fuzzy(await self._page_dom(), text))

    async def find_by_role(self, role: str) -> list[Element]:
        from browsy_engine.session import finders

        return _elements(finders.find_by_role(await self._page_dom(), role))

    async def find_input_by_purpose(self, purpose: str) -> Element | None:
        """The first input for `purpose`: "password", "email", "username", "code", "search" or "phone"."""
        from browsy_engine.session import finders

        found = finders.find_input_by_purpose(await self._page_dom(), purpose)
        return Element(found.to_dict()) if found is not None else None

    async def find_verification_code(self) -> str | None:
        """A verification code shown on the current page, or None."""
        data = await self._current_data()
        codes = Page(data).find_codes() if data is not None else []
        return codes[0] if codes else None

    # ---- lifecycle -------------------------------------------------------------------------------
    async def close(self) -> None:
        await self._backend.close()

    async def __aenter__(self) -> AsyncBrowser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def __repr__(self) -> str:
        where = f"server={self.server!r}" if self.server else "embedded"
        return f"<AsyncBrowser {where} viewport={self.viewport_width:g}x{self.viewport_height:g}>"


def _check_remote_options(viewport_given: bool, session_options_given: bool) -> None:
    if viewport_given or session_options_given:
        what = "the viewport" if viewport_given else "session options"
        raise ValueError(
            f"Browser(server=...) cannot set {what}: a remote browser uses its server's settings. "
            "Start the server with them (browsy serve --viewport WxH --allowed-host HOST:PORT) "
            "or drop server= to use the embedded engine."
        )


def _elements(found: list[Any]) -> list[Element]:
    return [Element(el.to_dict()) for el in found]


def _read_state(state: str | os.PathLike[str] | dict[str, Any]) -> dict[str, Any]:
    if isinstance(state, dict):
        return state
    try:
        data = json.loads(Path(state).read_text(encoding="utf-8"))
    except OSError as err:
        raise ActionError(f"Cannot read the state file {state}: {err.strerror or err}.") from None
    except ValueError:
        raise ActionError(
            f"The state file {state} is not JSON (save_state or Playwright's storage_state writes it)."
        ) from None
    if not isinstance(data, dict):
        raise ActionError(f"The state file {state} does not hold a JSON object.")
    return data
