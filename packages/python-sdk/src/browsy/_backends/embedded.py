"""The embedded backend: an engine `AsyncSession` in this process, driven through the tool registry."""

from __future__ import annotations

from typing import Any

from browsy_engine.session import AsyncSession, SessionConfig
from browsy_engine.tools import call_tool
from browsy_engine.tools.result import JSON, ToolResult
from browsy_engine.tools.views import render_page

from ..page import Page
from .base import ToolOutput


def _output(result: ToolResult) -> ToolOutput:
    if result.is_error:
        return ToolOutput(
            result.content, result.status, code=result.data.get("code") if result.data else None
        )
    return ToolOutput.from_text(result.content, result.status, result.media_type == JSON)


class EmbeddedBackend:
    def __init__(self, config: SessionConfig) -> None:
        self.config = config
        self.session = AsyncSession(config)

    async def call(self, name: str, arguments: dict[str, Any]) -> ToolOutput:
        return _output(await call_tool(self.session, name, arguments))

    async def load_html(self, html: str, url: str) -> ToolOutput:
        dom = await self.session.load_html(html, url)
        return _output(render_page(dom, "json"))

    async def page(self, data: dict[str, Any]) -> Page:
        # The session's own DOM comes along: its parsed document gives tables() from the table markup.
        return Page(data, dom=self.session.dom())

    async def close(self) -> None:
        await self.session.close()
