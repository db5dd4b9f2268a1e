"""The published output schemas (browsy_engine.tools.outputs) hold the real answers of the tools, run on the
fixture site, with every object closed: a field an answer has and the schema does not document fails."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from browsy_engine.session import AsyncSession, SessionConfig
from browsy_engine.tools import TOOLS, call_tool
from browsy_engine.tools.outputs import OUTPUT_DEFS, json_output
from jsonschema import Draft202012Validator

from tests.fixture_site.auth import PASSWORD, USERNAME


def closed(schema: Any) -> Any:
    """The schema with `additionalProperties: false` on every object that lists its properties."""
    if isinstance(schema, list):
        return [closed(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: closed(v) for k, v in schema.items()}
    if "properties" in out and "additionalProperties" not in out:
        out["additionalProperties"] = False
    return out


def validator(schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator({**closed(schema), "$defs": closed(OUTPUT_DEFS)})


class Runner:
    def __init__(self, host: str, search: str) -> None:
        endpoints = {"duckduckgo": f"{search}/search/duckduckgo", "google": f"{search}/search/google"}
        self.loop = asyncio.new_event_loop()
        self.session = AsyncSession(SessionConfig(allowed_hosts=[host], search_endpoints=endpoints))
        self.checked: set[str] = set()

    def answer(self, name: str, arguments: dict[str, Any]) -> Any:
        """Runs the tool and checks its JSON answer against its output schema."""
        result = self.loop.run_until_complete(call_tool(self.session, name, arguments))
        assert not result.is_error, result.content
        tool = next(t for t in TOOLS if t.name == name)
        schema = json_output(name, tool.result)
        assert schema is not None and result.media_type == "application/json", (name, result.media_type)
        data = json.loads(result.content)
        errors = [
            f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(schema).iter_errors(data)
        ]
        assert not errors, f"{name}: {errors[:5]}"
        self.checked.add(name)
        return data

    def close(self) -> None:
        self.loop.run_until_complete(self.session.close())
        self.loop.close()


@pytest.fixture
def runner(fixture_site: str, fixture_host: str) -> Iterator[Runner]:
    r = Runner(fixture_host, fixture_site)
    yield r
    r.close()


def test_every_json_tool_has_an_output_schema_and_text_tools_none() -> None:
    for tool in TOOLS:
        schema = json_output(tool.name, tool.result)
        assert (schema is None) == (tool.result == "text"), tool.name
    Draft202012Validator.check_schema({"$defs": OUTPUT_DEFS})


def test_output_schemas_hold_the_real_answers(runner: Runner, fixture_site: str) -> None:
    base = fixture_site
    page = runner.answer("browse", {"url": f"{base}/login", "format": "json"})
    assert page["page_type"] == "Login" and page["suggested_actions"][0]["action"] == "Login"
    runner.answer("page_info", {})
    runner.answer("find", {"role": "textbox"})
    for url in (f"{base}/", f"{base}/list?page=2", f"{base}/frames", f"{base}/spa", f"{base}/forms/post"):
        runner.answer("browse", {"url": url, "format": "json", "max_chars": 3000})
        runner.answer("get_page", {"format": "json", "scope": "visible", "view": "actions", "explain": True})
        runner.answer("page_info", {})
    runner.answer("search", {"query": "articles"})
    batch = runner.answer(
        "run_actions",
        {
            "url": f"{base}/login",
            "format": "json",
            "actions": [
                {"action": "login", "username": USERNAME, "password": PASSWORD},
                {"action": "click", "text": "Open your inbox"},
                {"action": "extract", "selector": "article p", "pattern": r"(\d{6})", "name": "code"},
                {"action": "back"},
                {"action": "enter_code", "code": "${code}"},
                {"action": "tables", "name": "tables"},
                {"action": "assert_text", "text": "not on this page", "stop_on_error": False},
            ],
        },
    )
    assert batch["steps_completed"] == 6 and batch["assertions_passed"] is False
    assert runner.answer("tables", {})[0]["headers"][0] == "Order"
    assert runner.answer("export_state", {})["cookies"]
    recipe = {
        "name": "schema-check",
        "url": f"{base}/articles/${{n}}",
        "params": {"n": {"default": "1"}},
        "steps": [{"action": "extract", "selector": "h1", "name": "title"}],
    }
    runner.answer("save_recipe", {"recipe": recipe})
    assert any(r["name"] == "schema-check" for r in runner.answer("list_recipes", {}))
    assert (
        runner.answer("run_recipe", {"name": "schema-check", "format": "delta"})["recipe"] == "schema-check"
    )
    runner.answer("delete_recipe", {"name": "schema-check"})
    json_tools = {t.name for t in TOOLS if t.result == "json"}
    assert json_tools <= runner.checked, json_tools - runner.checked
