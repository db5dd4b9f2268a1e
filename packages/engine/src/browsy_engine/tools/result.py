"""What a tool call returns (`ToolResult`) and the errors a call can end in (`ToolError`).

A result carries both the text a model reads (`content`) and its media type, so a surface can pass it on
unchanged: REST sends `content` with `media_type` and `status`, MCP sends `content` as text (an error result
as a tool error), the SDK adapters return `content` to the framework.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

ResultKind = Literal["page", "json", "text"]
"""page: compact text with header or Spatial DOM JSON (per `format`); json: a JSON value; text: a confirmation."""

TEXT = "text/plain; charset=utf-8"
JSON = "application/json"


# The error code of an answer that names none, by its HTTP status (tool calls and the server's own answers).
CODE_OF_STATUS: dict[int, str] = {
    400: "invalid_arguments",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "body_too_large",
    415: "unsupported_media_type",
    421: "misdirected_request",
    429: "rate_limited",
    500: "internal_error",
    503: "at_capacity",
}


def code_for(status: int) -> str:
    return CODE_OF_STATUS.get(status, "error")


class ToolError(Exception):
    """A call that could not be carried out; `status` is the HTTP status a REST surface answers with and
    `code` the machine-readable kind (the session errors' codes, or invalid_arguments, not_found, …)."""

    def __init__(self, message: str, status: int = 400, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code or code_for(status)


@dataclass(frozen=True, slots=True)
class ToolResult:
    content: str
    media_type: str = TEXT
    data: Any = None
    status: int = 200

    @property
    def is_error(self) -> bool:
        return self.status >= 400

    @classmethod
    def text(cls, content: str) -> ToolResult:
        return cls(content=content, media_type=TEXT)

    @classmethod
    def json(cls, data: Any) -> ToolResult:
        return cls(content=json.dumps(data, ensure_ascii=False), media_type=JSON, data=data)

    @classmethod
    def error(cls, error: ToolError) -> ToolResult:
        return cls(
            content=error.message,
            media_type=TEXT,
            data={"error": error.message, "code": error.code},
            status=error.status,
        )
