"""smolagents: the seed's single `BrowsyTool`, and `get_tools()` with one smolagents `Tool` per registry tool.

    from browsy.smolagents import BrowsyTool
    agent = CodeAgent(tools=[BrowsyTool()], model=...)
    # in the agent's code: browsy(command='{"action": "browse", "url": "https://example.com"}')

The per-tool classes take the registry's parameters as smolagents inputs (types and descriptions from the
JSON Schema). Without a `browser`, every tool of this module shares one lazily created Browser.
"""

from __future__ import annotations

import inspect
from typing import Any

from .toolkit import missing_framework

try:
    from smolagents import Tool
except ImportError as _error:
    raise missing_framework("smolagents", "smolagents", _error) from None

from .toolkit import SharedBrowser, ToolSpec, command_description, run_command, run_tool, tool_specs

_shared = SharedBrowser()

# JSON Schema type → smolagents input type.
_TYPES = {
    "string": "string",
    "integer": "integer",
    "number": "number",
    "boolean": "boolean",
    "array": "array",
    "object": "object",
}


class BrowsyTool(Tool):
    """One tool for every browsy action, chosen by the command's "action" field."""

    name = "browsy"
    description = command_description()
    inputs = {
        "command": {
            "type": "string",
            "description": 'A JSON object with an "action" and its parameters, e.g. '
            '{"action": "browse", "url": "https://example.com"}.',
        }
    }
    output_type = "string"

    def __init__(self, browser: Any = None) -> None:
        super().__init__()
        self.browser = browser

    def forward(self, command: str) -> str:
        return run_command(_shared.get(self.browser), command)


class BrowsySmolTool(Tool):
    """Base of the generated per-tool classes (each gets a `forward` whose signature is its inputs)."""

    output_type = "string"
    browsy_tool = ""

    def __init__(self, browser: Any = None) -> None:
        super().__init__()
        self.browser = browser


def _inputs(spec: ToolSpec) -> dict[str, dict[str, Any]]:
    schema = spec.json_schema()
    required = set(schema.get("required", []))
    inputs = {}
    for name, prop in schema.get("properties", {}).items():
        kinds = [option.get("type") for option in prop.get("anyOf", [prop])]
        kind = next((_TYPES[k] for k in kinds if k in _TYPES), "any")
        entry: dict[str, Any] = {"type": kind, "description": prop.get("description", name)}
        if "enum" in prop:
            entry["description"] += f" One of: {', '.join(map(str, prop['enum']))}."
        if name not in required:
            entry["nullable"] = True
        inputs[name] = entry
    return inputs


def _forward_signature(inputs: dict[str, dict[str, Any]]) -> inspect.Signature:
    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [
        inspect.Parameter(
            name,
            inspect.Parameter.KEYWORD_ONLY,
            default=None if entry.get("nullable") else inspect.Parameter.empty,
        )
        for name, entry in inputs.items()
    ]
    return inspect.Signature(params)


def _tool_class(spec: ToolSpec) -> type[BrowsySmolTool]:
    inputs = _inputs(spec)

    def forward(self: BrowsySmolTool, **arguments: Any) -> str:
        return run_tool(_shared.get(self.browser), self.browsy_tool, arguments)

    forward.__signature__ = _forward_signature(inputs)  # type: ignore[attr-defined]
    namespace = {
        "__module__": __name__,
        "__doc__": spec.description,
        "name": spec.name,
        "description": spec.description,
        "inputs": inputs,
        "browsy_tool": spec.tool,
        "forward": forward,
    }
    return type(f"Browsy{spec.class_stem}Tool", (BrowsySmolTool,), namespace)


TOOL_CLASSES: tuple[type[BrowsySmolTool], ...] = tuple(_tool_class(spec) for spec in tool_specs())


def get_tools(browser: Any = None) -> list[Tool]:
    """All 14 tools as smolagents tools, sharing `browser` (or this module's lazily created Browser)."""
    return [cls(browser=browser) for cls in TOOL_CLASSES]


__all__ = ["TOOL_CLASSES", "BrowsySmolTool", "BrowsyTool", "get_tools"]
