"""LangChain tools: one `BaseTool` per registry tool, sync and async, with the registry's args_schema.

    from browsy.langchain import get_tools
    tools = get_tools()                      # or get_tools(browser=Browser(viewport_width=375, ...))
    llm.bind_tools(tools); create_agent(llm, tools)

The classes are generated from the registry: `BrowsyBrowseTool`, `BrowsyClickTool`, `BrowsyTypeTextTool`,
`BrowsySearchTool`, `BrowsyLoginTool`, `BrowsyPageInfoTool` (the seed's) and one for every other tool
(`BrowsyCheckTool`, `BrowsyUncheckTool`, `BrowsySelectTool`, `BrowsyGetPageTool`, `BrowsyBackTool`,
`BrowsyFindTool`, `BrowsyEnterCodeTool`, `BrowsyTablesTool`). Without a `browser`, every tool of this module
shares one lazily created Browser.
"""

from __future__ import annotations

from typing import Any

from .toolkit import missing_framework

try:
    from langchain_core.tools import BaseTool
except ImportError as _error:
    raise missing_framework("langchain", "langchain", _error) from None
from pydantic import ConfigDict, Field, ValidationError

from .toolkit import SharedBrowser, ToolSpec, arun_tool, run_tool, tool_specs

_shared = SharedBrowser()


def _validation_message(error: ValidationError) -> str:
    from browsy_engine.tools import describe_validation_error

    return f"Error: invalid arguments: {describe_validation_error(error)}."


class BrowsyLangChainTool(BaseTool):
    """Base of the generated tools: runs registry tool `browsy_tool` on `browser` (or the shared one)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    browser: Any = Field(default=None, exclude=True)
    browsy_tool: str = ""
    handle_validation_error: Any = _validation_message

    def _run(self, *args: Any, run_manager: Any = None, **kwargs: Any) -> str:
        return run_tool(_shared.get(self.browser), self.browsy_tool, kwargs)

    async def _arun(self, *args: Any, run_manager: Any = None, **kwargs: Any) -> str:
        return await arun_tool(_shared.get(self.browser), self.browsy_tool, kwargs)


def _tool_class(spec: ToolSpec) -> type[BrowsyLangChainTool]:
    namespace = {
        "__module__": __name__,
        "__doc__": spec.description,
        "__annotations__": {"name": str, "description": str, "args_schema": Any, "browsy_tool": str},
        "name": spec.name,
        "description": spec.description,
        "args_schema": spec.params,
        "browsy_tool": spec.tool,
    }
    return type(f"Browsy{spec.class_stem}Tool", (BrowsyLangChainTool,), namespace)


TOOL_CLASSES: tuple[type[BrowsyLangChainTool], ...] = tuple(_tool_class(spec) for spec in tool_specs())
globals().update({cls.__name__: cls for cls in TOOL_CLASSES})


def get_tools(browser: Any = None) -> list[BaseTool]:
    """All 14 tools, sharing `browser` (or this module's lazily created Browser)."""
    # name and description are class defaults of each generated subclass, which mypy cannot see.
    return [cls(browser=browser) for cls in TOOL_CLASSES]  # type: ignore[call-arg]


__all__ = ["TOOL_CLASSES", "BrowsyLangChainTool", "get_tools", *(cls.__name__ for cls in TOOL_CLASSES)]
