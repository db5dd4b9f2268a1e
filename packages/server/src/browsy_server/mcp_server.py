"""`browsy mcp`: a stdio MCP server (official `mcp` SDK) named browsy-mcp, exposing the registry's tools.

Persistent sessions serve the calls (cookies, history and form state carry over, as the seed says): every
tool takes an optional `session` name, "default" without it, and `list_sessions` / `close_session` manage
them (named_sessions.py). A failing call is an MCP tool error with one clear line; the server itself never
dies of it.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import AsyncIterator
from typing import Any

import anyio
import mcp.types as types
from browsy_engine.session import SessionConfig
from browsy_engine.tools import TOOLS, ToolResult, call_tool
from browsy_engine.tools.result import ToolError
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from . import __version__
from .named_sessions import (
    CLOSE_SESSION_DESCRIPTION,
    LIST_SESSIONS_DESCRIPTION,
    SESSION_PROPERTY,
    NamedSessions,
    with_session_property,
)

SERVER_NAME = "browsy-mcp"
INSTRUCTIONS = (
    'browsy is a zero-render browser. Start with browse(url); elements are listed as [id:tag "text"] and '
    "other tools take those ids. Use page_info to learn the page type and suggested actions (login, "
    "enter_code), get_page to re-read the page with your form input, tables for tabular data."
)


def mcp_tools() -> list[types.Tool]:
    """The registry's tools, each with the optional `session` property, then list_sessions and close_session."""
    tools = [
        types.Tool(
            name=tool.name,
            description=tool.description,
            input_schema=with_session_property(tool.input_schema()),
            annotations=types.ToolAnnotations(
                read_only_hint=tool.read_only, open_world_hint=tool.loads_pages
            ),
        )
        for tool in TOOLS
    ]
    only_session = {
        "type": "object",
        "properties": {"session": SESSION_PROPERTY},
        "additionalProperties": False,
    }
    tools.append(
        types.Tool(
            name="list_sessions",
            description=LIST_SESSIONS_DESCRIPTION,
            input_schema={"type": "object", "properties": {}, "additionalProperties": False},
            annotations=types.ToolAnnotations(read_only_hint=True),
        )
    )
    tools.append(
        types.Tool(
            name="close_session",
            description=CLOSE_SESSION_DESCRIPTION,
            input_schema={**only_session, "required": ["session"]},
        )
    )
    return tools


def build_server(
    config: SessionConfig | None = None, max_sessions: int = 20, session_ttl: float = 1800.0
) -> Server[NamedSessions]:
    @contextlib.asynccontextmanager
    async def lifespan(server: Server[NamedSessions]) -> AsyncIterator[NamedSessions]:
        sessions = NamedSessions(lambda: config or SessionConfig(), max_sessions, session_ttl)
        try:
            yield sessions
        finally:
            await sessions.close_all()

    async def list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=mcp_tools())

    async def run_call(sessions: NamedSessions, name: str, arguments: dict[str, Any]) -> ToolResult:
        try:
            session_name = arguments.pop("session", None)
            if name == "list_sessions":
                return await sessions.list()
            if name == "close_session":
                return await sessions.close(session_name if session_name is not None else "")
            return await call_tool(await sessions.get(session_name), name, arguments)
        except ToolError as err:
            return ToolResult.error(err)

    async def call(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        result = await run_call(ctx.lifespan_context, params.name, dict(params.arguments or {}))
        structured = result.data if isinstance(result.data, dict) and not result.is_error else None
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=result.content)],
            structured_content=structured,
            is_error=result.is_error,
        )

    return Server(
        SERVER_NAME,
        version=__version__,
        instructions=INSTRUCTIONS,
        lifespan=lifespan,
        on_list_tools=list_tools,
        on_call_tool=call,
    )


async def serve_stdio(
    config: SessionConfig | None = None, max_sessions: int = 20, session_ttl: float = 1800.0
) -> None:
    server = build_server(config, max_sessions, session_ttl)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run_stdio(
    config: SessionConfig | None = None, max_sessions: int = 20, session_ttl: float = 1800.0
) -> None:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    anyio.run(serve_stdio, config, max_sessions, session_ttl)
