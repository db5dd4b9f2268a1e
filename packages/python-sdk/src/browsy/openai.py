"""OpenAI function calling: tool definitions for Chat Completions and Responses, and a dispatcher.

    from browsy.openai import get_tool_definitions, handle_tool_call
    tools = get_tool_definitions()                       # pass to client.chat.completions.create(tools=...)
    result = handle_tool_call(call.function.name, call.function.arguments)   # the JSON string is fine

Schemas come from the engine's tool registry, in strict-mode form by default. `handle_tool_call` always
returns a string for the model; an unknown tool or bad arguments give an "Error: …" message, not an
exception. The `openai` package itself is only needed to talk to the API, not by this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .toolkit import SharedBrowser, arun_tool, run_tool, tool_specs

if TYPE_CHECKING:
    from .browser import Browser

_shared = SharedBrowser()


def _bind(browser: Browser | None) -> None:
    if browser is not None:
        _shared.set(browser)


def get_tool_definitions(browser: Browser | None = None, *, strict: bool = True) -> list[dict[str, Any]]:
    """Chat Completions tools: [{"type": "function", "function": {"name", "description", "parameters",
    "strict"}}]. Passing `browser` makes it the one `handle_tool_call` uses by default."""
    _bind(browser)
    return [{"type": "function", "function": _function(spec, strict)} for spec in tool_specs()]


def get_responses_tool_definitions(
    browser: Browser | None = None, *, strict: bool = True
) -> list[dict[str, Any]]:
    """The Responses API form: [{"type": "function", "name", "description", "parameters", "strict"}]."""
    _bind(browser)
    return [{"type": "function", **_function(spec, strict)} for spec in tool_specs()]


def _function(spec: Any, strict: bool) -> dict[str, Any]:
    strict = strict and spec.strict_capable()  # a free-form map (a recipe document) has no strict form
    return {
        "name": spec.name,
        "description": spec.description,
        "parameters": spec.strict_schema() if strict else spec.json_schema(),
        "strict": strict,
    }


def handle_tool_call(
    name: str, arguments: dict[str, Any] | str | None = None, browser: Browser | None = None
) -> str:
    """Run a tool call (`arguments` as a dict or the API's JSON string) and return the text for the model."""
    return run_tool(_shared.get(browser), name, arguments)


async def ahandle_tool_call(
    name: str, arguments: dict[str, Any] | str | None = None, browser: Browser | None = None
) -> str:
    """`handle_tool_call` for asyncio code (e.g. with `AsyncOpenAI`)."""
    return await arun_tool(_shared.get(browser), name, arguments)


__all__ = ["ahandle_tool_call", "get_responses_tool_definitions", "get_tool_definitions", "handle_tool_call"]
