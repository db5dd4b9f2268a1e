"""`call_tool`: the one entry point every surface uses — validate the arguments, run the handler, map errors."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from ..session.errors import BrowsyError
from .registry import get_tool, tool_names
from .result import ToolError, ToolResult

if TYPE_CHECKING:
    from pydantic import BaseModel

    from ..session import AsyncSession

log = logging.getLogger("browsy.tools")


def validate_arguments(name: str, arguments: dict[str, Any] | None) -> tuple[Any, BaseModel]:
    """The tool and its validated parameters, or a ToolError (404 unknown tool, 400 bad parameters)."""
    tool = get_tool(name)
    if tool is None:
        raise ToolError(
            f"Unknown tool {name!r}. Available tools: {', '.join(tool_names())}.",
            status=404,
            code="unknown_tool",
        )
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise ToolError(f"Invalid parameters for {name}: expected a JSON object.", status=400)
    try:
        return tool, tool.params.model_validate(arguments)
    except ValidationError as err:
        raise ToolError(
            f"Invalid parameters for {name}: {describe_validation_error(err)}.", status=400
        ) from None


def describe_validation_error(err: ValidationError) -> str:
    """pydantic's errors as one readable line: `url: Field required; format: Input should be 'compact' or 'json'`."""
    parts = []
    for item in err.errors(include_url=False):
        where = ".".join(str(x) for x in item["loc"])
        message = item["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)


async def call_tool(session: AsyncSession, name: str, arguments: dict[str, Any] | None = None) -> ToolResult:
    """Run tool `name` with `arguments` on `session`. Never raises: failures come back as error results."""
    try:
        tool, params = validate_arguments(name, arguments)
        return await tool.handler(session, params)
    except ToolError as err:
        return ToolResult.error(err)
    except BrowsyError as err:
        return ToolResult.error(ToolError(str(err), status=err.answer_status, code=err.error_code))
    except Exception as err:  # a bug must not kill a server: log it, answer with one clear line
        log.exception("tool %s failed", name)
        return ToolResult.error(
            ToolError(f"Internal error in {name}: {type(err).__name__}: {err}", status=500)
        )
