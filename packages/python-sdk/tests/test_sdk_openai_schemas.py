"""browsy.openai without the `openai` package: strict schemas from the registry, the dispatcher's answers."""

from __future__ import annotations

import json

from browsy import Browser
from browsy.openai import get_responses_tool_definitions, get_tool_definitions, handle_tool_call
from browsy_engine.tools import TOOLS

# Tools taking a free-form map (a recipe document, parameter values): strict mode cannot express one, so they
# are published with their plain schema and strict off.
FREE_FORM = {
    "save_recipe": "recipe",
    "run_recipe": "recipe",
    "import_state": "state",
}  # tool -> its free-form map
STRICT_UNSUPPORTED = {"default", "minLength", "maxLength", "minimum", "maximum", "pattern", "format", "title"}


def _strict_violations(schema: dict, where: str = "") -> list[str]:
    problems = [
        f"{where}: {key}" for key in STRICT_UNSUPPORTED & set(schema) if not isinstance(schema[key], dict)
    ]
    if schema.get("type") == "object" or "properties" in schema:
        if schema.get("additionalProperties") is not False:
            problems.append(f"{where}: additionalProperties must be false")
        if set(schema.get("required", [])) != set(schema.get("properties", {})):
            problems.append(f"{where}: every property must be required")
        for name, prop in schema.get("properties", {}).items():
            problems += _strict_violations(prop, f"{where}.{name}")
    for option in schema.get("anyOf", []):
        problems += _strict_violations(option, where)
    return problems


def test_definitions_are_strict_and_cover_the_registry() -> None:
    chat = get_tool_definitions()
    responses = get_responses_tool_definitions()
    assert len(chat) == len(responses) == len(TOOLS) == len(TOOLS)
    for tool, definition, flat in zip(TOOLS, chat, responses):
        function = definition["function"]
        assert function["name"] == flat["name"] == f"browsy_{tool.name}"
        assert function["description"] == tool.description
        strict = tool.name not in FREE_FORM
        assert function["strict"] is strict and flat["strict"] is strict
        if not strict:
            assert "object" in json.dumps(function["parameters"]["properties"][FREE_FORM[tool.name]])  # kept
            continue
        assert "anyOf" not in function["parameters"]
        assert _strict_violations(function["parameters"]) == [], tool.name
        assert set(function["parameters"]["properties"]) == set(tool.params.model_fields)
    loose = get_tool_definitions(strict=False)[0]["function"]["parameters"]
    assert loose["required"] == ["url"]


def test_nulls_from_strict_mode_mean_defaults(browser: Browser, fixture_site: str) -> None:
    text = handle_tool_call(
        "browsy_browse", {"url": f"{fixture_site}/login", "format": None, "scope": None}, browser
    )
    assert text.startswith("title: Sign in")
    as_json = json.loads(handle_tool_call("browsy_get_page", '{"format": "json", "scope": null}', browser))
    assert as_json["title"] == "Sign in"


def test_bad_calls_give_messages_not_exceptions(browser: Browser) -> None:
    assert handle_tool_call("browsy_fly", {}, browser).startswith("Error: unknown tool 'browsy_fly'")
    assert "not valid JSON" in handle_tool_call("browsy_click", "{id: 3", browser)
    assert handle_tool_call("browsy_click", {"id": "three"}, browser).startswith(
        "Error: Invalid parameters for click: id"
    )
    assert "give at least one of text or role" in handle_tool_call("browsy_find", {}, browser)
    assert handle_tool_call("browsy_click", {"id": 3}, browser).startswith("Error: No page")
