"""The remote backend: the same tool calls over a `browsy serve` REST API, one server session per Browser.

Each call is the registry tool's route (`Tool.http_method`, `Tool.http_path`): a GET sends the arguments as
the query string, a POST as a JSON body. The `X-Browsy-Session` token of the first answer is kept and sent
on every later request, so cookies, history and form state live on in the server's session. Arguments are
validated against the registry here first, so a bad call fails with the same message as in-process.
"""

from __future__ import annotations

import os
from typing import Any

import httpx
from browsy_engine.tools import ToolError, validate_arguments

from ..errors import RemoteError
from ..page import Page
from .base import ToolOutput

SESSION_HEADER = "X-Browsy-Session"


class RemoteBackend:
    def __init__(
        self, server: str, timeout: float = 60.0, token: str | None = None, server_token: str | None = None
    ) -> None:
        """`token` is the server session's (X-Browsy-Session); `server_token` the server's bearer token
        (`browsy serve --token`), by default $BROWSY_TOKEN."""
        if not server.startswith(("http://", "https://")):
            raise ValueError(f"server must be an http:// or https:// URL, got {server!r}")
        self.server = server.rstrip("/")
        self.token = token
        self._server_token = server_token or os.environ.get("BROWSY_TOKEN") or None
        self._timeout = timeout
        self._client: httpx.AsyncClient | None = None

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            headers = {"Authorization": f"Bearer {self._server_token}"} if self._server_token else None
            self._client = httpx.AsyncClient(base_url=self.server, timeout=self._timeout, headers=headers)
        return self._client

    async def call(self, name: str, arguments: dict[str, Any]) -> ToolOutput:
        try:
            tool, _ = validate_arguments(name, arguments)
        except ToolError as err:
            return ToolOutput(err.message, err.status, code=err.code)
        payload = {k: v for k, v in arguments.items() if v is not None}
        if tool.http_method == "GET":
            request = self._http().build_request("GET", tool.http_path, params=payload)
        else:
            request = self._http().build_request("POST", tool.http_path, json=payload)
        return await self._send(request)

    async def load_html(self, html: str, url: str) -> ToolOutput:
        message = (
            "load_html parses local HTML in this process, but this Browser talks to a browsy server, which "
            "only browses URLs. Serve the page and use goto(url), or use an embedded Browser()."
        )
        raise RemoteError(message)

    async def _send(self, request: httpx.Request) -> ToolOutput:
        if self.token:
            request.headers[SESSION_HEADER] = self.token
        try:
            response = await self._http().send(request)
        except httpx.HTTPError as err:
            raise RemoteError(
                f"Cannot reach the browsy server at {self.server} ({type(err).__name__}: {err}). "
                "Start it with `browsy serve` or check the server URL."
            ) from None
        self.token = response.headers.get(SESSION_HEADER, self.token)
        is_json = response.headers.get("content-type", "").startswith("application/json")
        if response.status_code < 400:
            return ToolOutput.from_text(response.text, response.status_code, is_json)
        message, code = _error_of(response)
        return ToolOutput(message, response.status_code, code=code)

    async def page(self, data: dict[str, Any]) -> Page:
        # Tables come from the server's session (which has the parsed document and its table markup);
        # asked for now, while this page is the session's current page.
        tables = await self.call("tables", {})
        return Page(data, tables=tables.data if not tables.is_error else None)

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None


def _error_of(response: httpx.Response) -> tuple[str, str | None]:
    """The message and code of a browsy error answer (`{"error": ..., "code": ...}`)."""
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict) and isinstance(body.get("error"), str):
        code = body.get("code")
        return body["error"], code if isinstance(code, str) else None
    raise RemoteError(
        f"The server at {response.request.url} answered {response.status_code} without a browsy error "
        f"message; is it a browsy server? Body starts: {response.text[:200]!r}"
    )
