"""OpenAPI operation details of a tool route, derived from the registry (parameters, bodies, responses)."""

from __future__ import annotations

from typing import Any

from browsy_engine.session.errors import ERRORS_BY_CODE
from browsy_engine.tools import Tool
from browsy_engine.tools.outputs import OUTPUT_DEFS, json_output
from browsy_engine.tools.result import CODE_OF_STATUS

from .guard import SESSION_HEADER

ERROR_CODES: tuple[str, ...] = tuple(
    sorted(
        {
            *ERRORS_BY_CODE,
            *CODE_OF_STATUS.values(),
            "unknown_tool",
            "invalid_request",
            "no_page",
            "session_unavailable",
        }
    )
)
ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "error": {
            "type": "string",
            "description": "What happened and what to do next, for a person or a model.",
        },
        "code": {
            "type": "string",
            "enum": list(ERROR_CODES),
            "description": "The kind of error, for programs.",
        },
    },
    "required": ["error", "code"],
}
_ERRORS: dict[int, str] = {
    400: "Invalid request body or parameters",
    404: "Element not found, no page loaded, or no matching action",
    429: "Too many new sessions from this client address this minute",
    502: "The target site failed: network error, HTTP error status, or a response too large",
    503: "Server at session capacity",
    504: "The target site timed out",
}
_SESSION_HEADER_DOC = {
    "description": "Session token: send it back on every request to keep using this session.",
    "schema": {"type": "string"},
}
COMPONENTS = "#/components/schemas/"
ERROR_REF = {"$ref": f"{COMPONENTS}ErrorBody"}
_TEXT = {"schema": {"type": "string"}}


def session_header_parameter() -> dict[str, Any]:
    return {
        "name": SESSION_HEADER,
        "in": "header",
        "required": False,
        "description": "Token of an existing session; omit it (or send an expired one) to get a new session.",
        "schema": {"type": "string"},
    }


def to_components(schema: Any) -> Any:
    """An output schema with its `#/$defs/X` references pointing at OpenAPI's components.schemas."""
    if isinstance(schema, dict):
        return {
            k: v.replace("#/$defs/", COMPONENTS) if k == "$ref" else to_components(v)
            for k, v in schema.items()
        }
    if isinstance(schema, list):
        return [to_components(v) for v in schema]
    return schema


def result_content(tool: Tool) -> dict[str, Any]:
    """The media types of a tool's answer and their schemas: text, JSON, or a page, which is compact text
    and, for a tool with a `format` parameter, the Spatial DOM when asked for json."""
    body = json_output(tool.name, tool.result)
    if tool.result == "text" or body is None:
        return {"text/plain": _TEXT}
    json_content = {"application/json": {"schema": to_components(body)}}
    if tool.result == "json":
        return json_content
    if "format" in tool.input_schema().get("properties", {}):
        return {"text/plain": _TEXT, **json_content}
    return {"text/plain": _TEXT}


def tool_responses(tool: Tool) -> dict[int | str, dict[str, Any]]:
    headers = {SESSION_HEADER: _SESSION_HEADER_DOC}
    responses: dict[int | str, dict[str, Any]] = {
        200: {
            "description": f"Result ({tool.result})",
            "content": result_content(tool),
            "headers": headers,
        }
    }
    for status, why in _ERRORS.items():
        responses[status] = {
            "description": why,
            "content": {"application/json": {"schema": ERROR_REF}},
            "headers": headers,
        }
    return responses


def add_output_schemas(spec: dict[str, Any]) -> dict[str, Any]:
    """The named schemas the tool answers refer to (browsy_engine.tools.outputs) and the error body."""
    schemas = spec.setdefault("components", {}).setdefault("schemas", {})
    schemas["ErrorBody"] = ERROR_SCHEMA
    for name, schema in OUTPUT_DEFS.items():
        schemas[name] = to_components(schema)
    return spec


def tool_operation_extra(tool: Tool) -> dict[str, Any]:
    """Request parameters of the route: a JSON body (POST) or query parameters (GET) from the tool's schema."""
    schema = tool.input_schema()
    parameters = [session_header_parameter()]
    extra: dict[str, Any] = {"parameters": parameters}
    if tool.http_method == "GET":
        required = set(schema.get("required", []))
        for name, prop in schema.get("properties", {}).items():
            parameters.append({"name": name, "in": "query", "required": name in required, "schema": prop})
    else:
        extra["requestBody"] = {
            "required": bool(schema.get("required") or schema.get("anyOf") or schema.get("minProperties")),
            "content": {"application/json": {"schema": schema}},
        }
    return extra


def replace_validation_errors(spec: dict[str, Any]) -> dict[str, Any]:
    """FastAPI documents request validation failures as 422; this API answers them with 400 {"error"}."""
    for operations in spec.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.get("responses", {})
            if responses.pop("422", None) is not None:
                responses.setdefault(
                    "400",
                    {
                        "description": "Invalid request",
                        "content": {"application/json": {"schema": ERROR_REF}},
                    },
                )
    schemas = spec.get("components", {}).get("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        schemas.pop(unused, None)
    return spec


def add_protocol_paths(spec: dict[str, Any]) -> dict[str, Any]:
    """The A2A protocol routes (served by a2a-sdk, outside FastAPI's own document): the agent card and
    the JSON-RPC endpoint."""
    paths = spec.setdefault("paths", {})
    paths["/.well-known/agent-card.json"] = {
        "get": {
            "tags": ["a2a"],
            "summary": "The A2A agent card (protocol 1.0, with the fields A2A 0.3 clients read: url, "
            "preferredTransport, protocolVersion).",
            "operationId": "a2a_agent_card",
            "responses": {
                "200": {
                    "description": "Agent card",
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["name", "supportedInterfaces", "skills"],
                                "properties": {
                                    "name": {"type": "string"},
                                    "description": {"type": "string"},
                                    "version": {"type": "string"},
                                    "url": {"type": "string"},
                                    "preferredTransport": {"type": "string"},
                                    "protocolVersion": {"type": "string"},
                                    "supportedInterfaces": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "properties": {
                                                "url": {"type": "string"},
                                                "protocolBinding": {"type": "string"},
                                                "protocolVersion": {"type": "string"},
                                            },
                                        },
                                    },
                                    "capabilities": {"type": "object"},
                                    "skills": {"type": "array", "items": {"type": "object"}},
                                },
                            }
                        }
                    },
                }
            },
        }
    }
    paths["/a2a/jsonrpc"] = {
        "post": {
            "tags": ["a2a"],
            "summary": "A2A JSON-RPC 2.0: SendMessage, SendStreamingMessage, GetTask, ListTasks, CancelTask (and the "
            "A2A 0.3 names message/send, message/stream, tasks/get, …). A task's params are the first "
            "JSON data part of the message; X-Browsy-Session scopes tasks and named sessions to a caller.",
            "operationId": "a2a_jsonrpc",
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["jsonrpc", "method"],
                            "properties": {
                                "jsonrpc": {"type": "string", "enum": ["2.0"]},
                                "id": {"type": ["string", "integer"]},
                                "method": {"type": "string"},
                                "params": {"type": "object"},
                            },
                        }
                    }
                },
            },
            "responses": {
                "200": {
                    "description": "A JSON-RPC response, or for a streaming method an SSE stream of them",
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["jsonrpc"],
                                "properties": {
                                    "jsonrpc": {"type": "string"},
                                    "id": {},
                                    "result": {},
                                    "error": {"type": "object"},
                                },
                            }
                        },
                        "text/event-stream": {
                            "schema": {"type": "string", "contentMediaType": "text/event-stream"}
                        },
                    },
                }
            },
        }
    }
    return spec
