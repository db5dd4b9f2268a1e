"""Every published tool schema against the rules of three model APIs, with their own client libraries'
models where they have one (no network): Anthropic tool use, Gemini function declarations, and OpenAI
strict mode (the strict forms the SDKs publish; see also test_sdk_openai_schemas.py and the JS tests)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from anthropic.types import ToolParam
from browsy.openai import get_tool_definitions
from browsy_engine.tools import TOOLS
from browsy_server.mcp_server import mcp_tools
from google.genai import types as genai
from pydantic import TypeAdapter

ROOT = Path(__file__).resolve().parents[3]


def published() -> list[tuple[str, str, str, dict[str, Any]]]:
    """(surface, name, description, parameters) of every tool schema browsy publishes."""
    out = [("registry", t.name, t.description, t.input_schema()) for t in TOOLS]
    tools_json = json.loads((ROOT / "schemas/tools.json").read_text())["tools"]
    out += [("tools.json", t["name"], t["description"], t["parameters"]) for t in tools_json]
    out += [("mcp", t.name, t.description or "", dict(t.input_schema)) for t in mcp_tools()]
    return out


ALL = published()


@pytest.mark.parametrize(
    ("surface", "name", "description", "schema"), ALL, ids=[f"{s}:{n}" for s, n, _, _ in ALL]
)
def test_anthropic_tool_use_takes_it(
    surface: str, name: str, description: str, schema: dict[str, Any]
) -> None:
    TypeAdapter(ToolParam).validate_python({"name": name, "description": description, "input_schema": schema})
    assert schema["type"] == "object"
    assert not {"anyOf", "oneOf", "allOf", "not", "enum"} & set(schema), "no combinator at the root"


@pytest.mark.parametrize(
    ("surface", "name", "description", "schema"), ALL, ids=[f"{s}:{n}" for s, n, _, _ in ALL]
)
def test_gemini_function_declarations_take_it(
    surface: str, name: str, description: str, schema: dict[str, Any]
) -> None:
    # google-genai's Schema model forbids every keyword Gemini does not know (const, exclusiveMinimum, $ref, …)
    declaration = genai.FunctionDeclaration(
        name=name, description=description, parameters=genai.Schema.model_validate(schema)
    )
    assert declaration.parameters is not None and declaration.parameters.type == genai.Type.OBJECT


def test_openai_strict_forms_have_no_keyword_strict_mode_refuses() -> None:
    refused = {
        "const",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "default",
        "format",
        "pattern",
        "title",
        "$ref",
    }

    def keywords(node: Any) -> set[str]:
        if isinstance(node, list):
            return set().union(*(keywords(v) for v in node)) if node else set()
        if not isinstance(node, dict):
            return set()
        own = {k for k in node if k != "properties"}
        inner = [*node.get("properties", {}).values(), *(v for k, v in node.items() if k != "properties")]
        return own | keywords(inner)

    for definition in get_tool_definitions():
        function = definition["function"]
        if function["strict"]:
            assert not keywords(function["parameters"]) & refused, function["name"]
