"""The tool registry: the tools an agent uses, each defined once; every surface is derived from it.

from browsy_engine.tools import TOOLS, call_tool
result = await call_tool(session, "browse", {"url": "https://example.com"})
result.content, result.media_type, result.status
"""

from .call import call_tool, describe_validation_error, validate_arguments
from .registry import TOOLS, Tool, get_tool, tool_names
from .result import ResultKind, ToolError, ToolResult

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
