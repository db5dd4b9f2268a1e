"""What every framework adapter is built from: the engine's tool registry, seen as `browsy_*` tools.

- `tool_specs()`: one `ToolSpec` per registry tool (name `browsy_<tool>`, the registry's description and
  pydantic parameter model, its JSON Schema and an OpenAI strict-mode form of it).
- `run_tool` / `arun_tool`: call a tool on a Browser and return the text a model reads; a failure (unknown
  tool, bad arguments, a page error, an unreachable server) comes back as one "Error: …" line, never as an
  exception in the agent's loop.
- `run_command`: the single-tool form (`{"action": "browse", "url": …}`) used by CrewAI's and smolagents'
  `BrowsyTool`.
- `SharedBrowser`: the lazily created Browser an adapter module uses when none is passed.
"""

from __future__ import annotations

import copy
import json
import threading
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import BaseModel

    from .browser import Browser

PREFIX = "browsy_"
# Short action names of the single-tool form (seed: {"action": "type", ...}) → registry tool names.
ACTION_ALIASES = {
    "type": "type_text",
    "goto": "browse",
    "navigate": "browse",
    "page": "get_page",
    "info": "page_info",
}


@dataclass(frozen=True, slots=True)
class ToolSpec:
    name: str
    """The name a model sees: browsy_browse, browsy_click, …"""
    tool: str
    """The registry's name: browse, click, …"""
    description: str
    params: type[BaseModel]

    @property
    def class_stem(self) -> str:
        """CamelCase of the registry name, for generated class names: type_text → TypeText."""
        return "".join(part.capitalize() for part in self.tool.split("_"))

    def json_schema(self) -> dict[str, Any]:
        """The registry's JSON Schema of the parameters (pydantic's, nested models inlined), without titles."""
        from browsy_engine.tools.schema import inline_refs, portable

        return _without_titles(portable(inline_refs(self.params.model_json_schema())))

    def strict_schema(self) -> dict[str, Any]:
        """The same parameters in OpenAI strict-mode form (see `strict_schema`)."""
        return strict_schema(self.json_schema())

    def strict_capable(self) -> bool:
        """False when the parameters hold a free-form map (`additionalProperties` true or a schema), which
        OpenAI's strict mode cannot express: such a tool is published with its plain schema, strict off."""
        return not _has_free_map(self.json_schema())

    def field_names(self) -> list[str]:
        return list(self.params.model_fields)


@cache
def tool_specs() -> tuple[ToolSpec, ...]:
    from browsy_engine.tools import TOOLS

    return tuple(ToolSpec(PREFIX + t.name, t.name, t.description, t.params) for t in TOOLS)


def find_spec(name: str) -> ToolSpec | None:
    """The tool called `name` (browsy_click), also accepted without the prefix (click)."""
    bare = name.removeprefix(PREFIX)
    return next((spec for spec in tool_specs() if spec.tool == bare), None)


def tool_names() -> list[str]:
    return [spec.name for spec in tool_specs()]


# ---- calling tools ---------------------------------------------------------------------------------
def parse_arguments(arguments: Any) -> dict[str, Any]:
    """Arguments as a dict: a dict, a JSON object string (as APIs send them), or None/"" for none.
    Null values are dropped so that the registry's defaults apply (strict schemas send null for them)."""
    if arguments is None or (isinstance(arguments, str) and not arguments.strip()):
        return {}
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError as err:
            raise ValueError(f"arguments are not valid JSON ({err.msg} at position {err.pos})") from None
    if hasattr(arguments, "model_dump"):
        arguments = arguments.model_dump(exclude_none=True)
    if not isinstance(arguments, dict):
        raise ValueError(f"arguments must be a JSON object, got {type(arguments).__name__}")
    return {key: value for key, value in arguments.items() if value is not None}


def _prepare(name: str, arguments: Any) -> tuple[ToolSpec, dict[str, Any]]:
    spec = find_spec(name)
    if spec is None:
        raise ValueError(f"unknown tool {name!r}; the tools are {', '.join(tool_names())}")
    try:
        return spec, parse_arguments(arguments)
    except ValueError as err:
        raise ValueError(f"invalid arguments for {spec.name}: {err}") from None


def _text(output: Any) -> str:
    return f"Error: {output.content}" if output.is_error else output.content


def run_tool(browser: Browser, name: str, arguments: Any = None) -> str:
    """Run a tool on `browser` and return the model-facing text (errors as one "Error: …" line)."""
    from .errors import BrowsyError

    try:
        spec, args = _prepare(name, arguments)
        return _text(browser.call_tool(spec.tool, args))
    except (ValueError, BrowsyError) as err:
        return f"Error: {err}"


async def arun_tool(browser: Browser, name: str, arguments: Any = None) -> str:
    """`run_tool` for async frameworks: awaits the call without blocking the caller's event loop."""
    from .errors import BrowsyError

    try:
        spec, args = _prepare(name, arguments)
        return _text(await browser.acall_tool(spec.tool, args))
    except (ValueError, BrowsyError) as err:
        return f"Error: {err}"


COMMAND_HELP = (
    'Give a JSON object with an "action" and its parameters, e.g. {"action": "browse", "url": "https://example.com"}, '
    '{"action": "click", "id": 3}, {"action": "type", "id": 5, "text": "hello"}, {"action": "login", "username": "u", '
    '"password": "p"}, {"action": "enter_code", "code": "123456"}, {"action": "tables"}, {"action": "page_info"}.'
)


def command_description() -> str:
    """The single tool's description: every action with its parameters, from the registry."""
    lines = ["Browse the web with browsy (a zero-render browser). " + COMMAND_HELP, "Actions:"]
    for spec in tool_specs():
        fields = ", ".join(spec.field_names()) or "no parameters"
        lines.append(f"- {spec.tool} ({fields}): {spec.description.split('. ')[0].rstrip('.')}.")
    return "\n".join(lines)


def split_command(command: Any) -> tuple[str, dict[str, Any]]:
    """{"action": "type", "id": 5, "text": "hi"} (dict or JSON string) → ("type_text", {"id": 5, "text": "hi"})."""
    args = parse_arguments(command)
    action = args.pop("action", None)
    if not isinstance(action, str) or not action:
        raise ValueError('the command needs an "action" field. ' + COMMAND_HELP)
    action = action.strip().lower().removeprefix(PREFIX)
    return ACTION_ALIASES.get(action, action), args


def run_command(browser: Browser, command: Any) -> str:
    """The single-tool form: run the action a command names (see `split_command`)."""
    try:
        action, args = split_command(command)
    except ValueError as err:
        return f"Error: {err}"
    if find_spec(action) is None:
        actions = ", ".join(spec.tool for spec in tool_specs())
        return f"Error: unknown action {action!r}; the actions are {actions}. {COMMAND_HELP}"
    return run_tool(browser, action, args)


def missing_framework(adapter: str, extra: str, error: ImportError) -> ImportError:
    """The error an adapter module raises when its framework is not installed."""
    return ImportError(
        f"browsy.{adapter} needs its framework, which is not installed ({error}). "
        f"Install it with: pip install 'browsy-ai[{extra}]'"
    )


# ---- the shared browser of an adapter module ------------------------------------------------------
class SharedBrowser:
    """The Browser an adapter module uses when none is passed: created on first use, then reused, so
    every tool of that module shares cookies, history and form state."""

    def __init__(self) -> None:
        self._browser: Browser | None = None
        self._lock = threading.Lock()

    def get(self, browser: Browser | None = None) -> Browser:
        if browser is not None:
            return browser
        with self._lock:
            if self._browser is None:
                from .browser import Browser

                self._browser = Browser()
            return self._browser

    def set(self, browser: Browser) -> None:
        with self._lock:
            self._browser = browser


# ---- schemas ---------------------------------------------------------------------------------------
# Keywords OpenAI's strict mode does not accept; their meaning stays in the description and the server's
# validation (a call that breaks them gets a clear error back).
_STRICT_DROP = (
    "default",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "pattern",
    "format",
    "title",
)


def strict_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """An object schema valid for OpenAI strict mode: every property required (optional ones nullable,
    null meaning "use the default"), additionalProperties false, unsupported keywords removed, no
    top-level anyOf (a rule like "text or role" is checked when the tool runs)."""
    out = copy.deepcopy(schema)
    for key in ("anyOf", "oneOf", "allOf"):
        out.pop(key, None)
    return _strict_object(out)


def _strict_object(node: dict[str, Any]) -> dict[str, Any]:
    for key in ("anyOf", "oneOf", "allOf"):  # an object's groups of required keys: checked when the tool runs
        node.pop(key, None)
    properties = node.get("properties", {})
    required = set(node.get("required", []))
    for name, prop in list(properties.items()):
        prop = _strict_value(prop)
        properties[name] = prop if name in required else _nullable(prop)
    node["type"] = "object"
    node["properties"] = properties
    node["required"] = list(properties)
    node["additionalProperties"] = False
    for key in _STRICT_DROP:
        node.pop(key, None)
    return node


def _strict_value(node: dict[str, Any]) -> dict[str, Any]:
    node = {k: v for k, v in node.items() if k not in _STRICT_DROP}
    if node.get("type") == "object":
        return _strict_object(node)
    if "anyOf" in node:
        node["anyOf"] = [_strict_value(option) for option in node["anyOf"]]
    if isinstance(node.get("items"), dict):
        node["items"] = _strict_value(node["items"])
    return node


def _nullable(node: dict[str, Any]) -> dict[str, Any]:
    if any(option.get("type") == "null" for option in node.get("anyOf", [])):
        return node
    if isinstance(node.get("type"), str):
        node = {**node, "type": [node["type"], "null"]}
        if "enum" in node:
            node["enum"] = [*node["enum"], None]
        return node
    return {"anyOf": [node, {"type": "null"}]}


def _has_free_map(node: Any) -> bool:
    if isinstance(node, list):
        return any(_has_free_map(v) for v in node)
    if not isinstance(node, dict):
        return False
    extra = node.get("additionalProperties")
    if extra is True or isinstance(extra, dict):
        return True
    return any(_has_free_map(v) for v in node.values())


def _without_titles(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _without_titles(v) for k, v in schema.items() if not (k == "title" and isinstance(v, str))}
    if isinstance(schema, list):
        return [_without_titles(v) for v in schema]
    return schema
