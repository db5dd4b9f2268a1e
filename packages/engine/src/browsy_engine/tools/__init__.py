"""The tool registry: the tools an agent uses, each defined once; every surface is derived from it.

from browsy_engine.tools import TOOLS, call_tool
result = await call_tool(session, "browse", {"url": "https://example.com"})
result.content, result.media_type, result.status

The names below are imported on first use (PEP 562): a caller that needs one module of the package, as
`browsy parse` needs `tools.views` alone, does not load the sessions and the HTTP client that `call_tool`
brings (two thirds of that command's start-up).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .call import call_tool, describe_validation_error, validate_arguments
    from .registry import TOOLS, Tool, get_tool, tool_names
    from .result import ResultKind, ToolError, ToolResult

_MODULE_OF = {
    "call_tool": "call",
    "describe_validation_error": "call",
    "validate_arguments": "call",
    "TOOLS": "registry",
    "Tool": "registry",
    "get_tool": "registry",
    "tool_names": "registry",
    "ResultKind": "result",
    "ToolError": "result",
    "ToolResult": "result",
}

__all__ = [
    "TOOLS",
    "ResultKind",
    "Tool",
    "ToolError",
    "ToolResult",
    "call_tool",
    "describe_validation_error",
    "get_tool",
    "tool_names",
    "validate_arguments",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # found directly from now on
    return value
