"""The tool registry: the seed's 14 tools and the workflow tools, their parameter models and argument validation (no network)."""

from __future__ import annotations

import pytest
from browsy_engine.tools import TOOLS, ToolError, get_tool, tool_names, validate_arguments

SEED_TOOLS = [
    "browse",
    "click",
    "type_text",
    "check",
    "uncheck",
    "select",
    "get_page",
    "back",
    "search",
    "find",
    "login",
    "enter_code",
    "tables",
    "page_info",
]
WORKFLOW_TOOLS = [
    "run_actions",
    "save_recipe",
    "list_recipes",
    "run_recipe",
    "delete_recipe",
    "export_state",
    "import_state",
]


def test_the_fourteen_seed_tools_and_the_workflow_tools_each_once() -> None:
    assert sorted(tool_names()) == sorted(SEED_TOOLS + WORKFLOW_TOOLS)
    assert len({t.http_path for t in TOOLS}) == len(TOOLS)


def test_browse_defaults_and_enums() -> None:
    _, params = validate_arguments("browse", {"url": "https://example.com"})
    assert (params.format, params.scope) == ("compact", "all")
    schema = get_tool("browse").input_schema()
    assert schema["required"] == ["url"]
    assert schema["properties"]["scope"]["enum"] == ["all", "visible", "above_fold", "visible_above_fold"]
    assert get_tool("search").input_schema()["properties"]["engine"]["enum"] == ["duckduckgo", "google"]


@pytest.mark.parametrize(
    ("name", "arguments", "needle"),
    [
        ("browse", {}, "url: Field required"),
        ("browse", {"url": "https://x.org", "format": "xml"}, "format: Input should be 'compact' or 'json'"),
        ("click", {"id": "three"}, "id: Input should be a valid integer"),
        ("click", {"id": -1}, "id: Input should be greater than or equal to 0"),
        ("find", {}, "give at least one of text or role"),
        ("back", {"x": 1}, "x: Extra inputs are not permitted"),
        ("login", {"username": "a"}, "password: Field required"),
    ],
)
def test_bad_arguments_are_one_clear_400_line(name: str, arguments: dict, needle: str) -> None:
    with pytest.raises(ToolError) as caught:
        validate_arguments(name, arguments)
    assert caught.value.status == 400
    assert needle in caught.value.message
    assert caught.value.message.startswith(f"Invalid parameters for {name}: ")
    assert "\n" not in caught.value.message


def test_unknown_tool_is_404_naming_the_tools() -> None:
    with pytest.raises(ToolError) as caught:
        validate_arguments("teleport", {})
    assert caught.value.status == 404
    assert "browse" in caught.value.message


def test_find_schema_says_text_or_role() -> None:
    schema = get_tool("find").input_schema()
    assert "at least one" in schema["description"] and "anyOf" not in schema
    _, params = validate_arguments("find", {"role": "button"})
    assert params.role == "button" and params.text is None


def _combinators_at_root(schema: dict) -> list[str]:
    return [k for k in ("anyOf", "oneOf", "allOf", "not", "enum") if k in schema]


def test_every_tool_schema_is_accepted_by_anthropic_tool_use() -> None:
    """Anthropic's API (and clients built on it) wants a plain object at the root of input_schema."""
    from browsy_engine.tools import TOOLS

    for tool in TOOLS:
        schema = tool.input_schema()
        assert schema.get("type") == "object", tool.name
        assert not _combinators_at_root(schema), tool.name
        assert isinstance(schema.get("properties", {}), dict), tool.name


def test_every_published_schema_is_accepted_by_anthropic_tool_use() -> None:
    """The same rules on what schemas/tools.json and MCP tools/list publish."""
    import json
    from pathlib import Path

    from browsy_server.mcp_server import mcp_tools

    published = json.loads((Path(__file__).resolve().parents[3] / "schemas/tools.json").read_text())["tools"]
    for tool in published:
        assert tool["parameters"]["type"] == "object" and not _combinators_at_root(tool["parameters"]), tool[
            "name"
        ]
    for tool in mcp_tools():
        assert tool.input_schema["type"] == "object" and not _combinators_at_root(tool.input_schema), (
            tool.name
        )


def test_every_tool_that_answers_with_a_page_takes_max_chars() -> None:
    """Pages (browse, click, get_page, back, login, enter_code, import_state) and the batch tools' final
    page: one parameter, in the registry every surface (REST, MCP, the SDKs) is generated from."""
    with_page = {t.name for t in TOOLS if t.result == "page"} | {"run_actions", "run_recipe"}
    assert with_page >= {"browse", "click", "get_page", "back", "login", "enter_code", "import_state"}
    for name in sorted(with_page):
        field = get_tool(name).input_schema()["properties"].get("max_chars")
        assert field is not None and field["type"] == "integer" and field["minimum"] == 0, name
