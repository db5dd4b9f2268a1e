"""`browsy mcp`: a stdio MCP server (official `mcp` SDK) named browsy-mcp, exposing the registry's tools.

One persistent AsyncSession serves every call (cookies, history and form state carry over, as the seed
says). A failing call is an MCP tool error with one clear line; the server itself never dies of it.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import AsyncIterator
from typing import Any

import anyio
import mcp.types as types
from browsy_engine.session import AsyncSession, SessionConfig
from browsy_engine.tools import TOOLS, call_tool
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from . import __version__

SERVER_NAME = "browsy-mcp"
INSTRUCTIONS = (
    "browsy is a zero-render browser. Start with browse(url); elements are listed as [id:tag \"text\"] and "
    "other tools take those ids. Use page_info to learn the page type and suggested actions (login, "
    "enter_code), get_page to re-read the page with your form input, tables for tabular data."
)


def mcp_tools() -> list[types.Tool]:
    return [
        types.Tool(
            name=tool.name,
            description=tool.description,
            input_schema=tool.input_schema(),
            annotations=types.ToolAnnotations(read_only_hint=tool.read_only, open_world_hint=tool.loads_pages),
        )
        for tool in TOOLS
    ]


def build_server(config: SessionConfig | None = None) -> Server[AsyncSession]:
    @contextlib.asynccontextmanager
    async def lifespan(server: Server[AsyncSession]) -> AsyncIterator[AsyncSession]:
        async with AsyncSession(config or SessionConfig()) as session:
            yield session

    async def list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=mcp_tools())

    async def call(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        session: AsyncSession = ctx.lifespan_context
        result = await call_tool(session, params.name, params.arguments or {})
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


async def serve_stdio(config: SessionConfig | None = None) -> None:
    server = build_server(config)
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run_stdio(config: SessionConfig | None = None) -> None:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    anyio.run(serve_stdio, config)
