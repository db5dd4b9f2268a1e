"""CrewAI tools: the seed's single `BrowsyTool` (a JSON action string) and one tool per registry tool.

    from browsy.crewai import BrowsyTool
    agent = Agent(role=..., goal=..., backstory=..., tools=[BrowsyTool()])
    BrowsyTool().run('{"action": "browse", "url": "https://example.com"}')

`get_tools()` gives the 14 registry tools as separate CrewAI tools with the registry's args_schema.
Without a `browser`, every tool of this module shares one lazily created Browser.
"""

from __future__ import annotations

from typing import Any

from .toolkit import missing_framework

try:
    from crewai.tools import BaseTool
except ImportError as _error:
    raise missing_framework("crewai", "crewai", _error) from None
from pydantic import BaseModel, ConfigDict, Field

from .toolkit import SharedBrowser, ToolSpec, command_description, run_command, run_tool, tool_specs

_shared = SharedBrowser()
# Arguments CrewAI adds to every tool call on its own (not the model's).
_CREWAI_INJECTED = ("security_context",)


def _lenient(params: type[BaseModel]) -> type[BaseModel]:
    """The registry's parameter model, accepting (and ignoring) the extra arguments CrewAI injects; the
    registry still validates the model's own arguments when the tool runs."""
    config = ConfigDict(**{**params.model_config, "extra": "ignore"})
    return type(params.__name__, (params,), {"model_config": config, "__module__": __name__})


class BrowsyCommand(BaseModel):
    command: str = Field(
        ...,
        description='A JSON object with an "action" and its parameters, e.g. '
        '{"action": "browse", "url": "https://example.com"}.',
    )


class BrowsyTool(BaseTool):
    """One tool for every browsy action, chosen by the command's "action" field."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    name: str = "browsy"
    description: str = Field(default_factory=command_description)
    args_schema: type[BaseModel] = BrowsyCommand
    browser: Any = Field(default=None, exclude=True)

    def __init__(self, browser: Any = None, **kwargs: Any) -> None:
        super().__init__(browser=browser, **kwargs)

    def _run(self, command: Any = None, **kwargs: Any) -> str:
        # The command as one JSON string (the seed's form), or the action's fields given directly.
        for key in _CREWAI_INJECTED:
            kwargs.pop(key, None)
        return run_command(_shared.get(self.browser), command if command is not None else kwargs)


class BrowsyCrewAITool(BaseTool):
    """Base of the generated per-tool classes: runs registry tool `browsy_tool`."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    browser: Any = Field(default=None, exclude=True)
    browsy_tool: str = ""

    def _run(self, **kwargs: Any) -> str:
        for key in _CREWAI_INJECTED:
            kwargs.pop(key, None)
        return run_tool(_shared.get(self.browser), self.browsy_tool, kwargs)


def _tool_class(spec: ToolSpec) -> type[BrowsyCrewAITool]:
    namespace = {
        "__module__": __name__,
        "__doc__": spec.description,
        "__annotations__": {
            "name": str,
            "description": str,
            "args_schema": type[BaseModel],
            "browsy_tool": str,
        },
        "name": spec.name,
        "description": spec.description,
        "args_schema": _lenient(spec.params),
        "browsy_tool": spec.tool,
    }
    return type(f"Browsy{spec.class_stem}Tool", (BrowsyCrewAITool,), namespace)


TOOL_CLASSES: tuple[type[BrowsyCrewAITool], ...] = tuple(_tool_class(spec) for spec in tool_specs())


def get_tools(browser: Any = None) -> list[BaseTool]:
    """All 14 tools as CrewAI tools, sharing `browser` (or this module's lazily created Browser)."""
    # name and description are class defaults of each generated subclass, which mypy cannot see.
    return [cls(browser=browser) for cls in TOOL_CLASSES]  # type: ignore[call-arg]


__all__ = ["TOOL_CLASSES", "BrowsyCommand", "BrowsyCrewAITool", "BrowsyTool", "get_tools"]
