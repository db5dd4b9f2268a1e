"""Generated schemas: the committed schemas/ must match what the registry and the REST app generate now."""

from __future__ import annotations

import json
from pathlib import Path

from browsy_engine.tools import TOOLS
from browsy_server.schemas import generated, stale_schemas

SCHEMAS = Path(__file__).resolve().parents[3] / "schemas"


def without_nulls(value: object) -> object:
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value


def test_committed_schemas_are_up_to_date() -> None:
    stale = stale_schemas(SCHEMAS)
    assert not stale, f"stale: {[p.name for p in stale]}; run `browsy schemas` at the repo root and commit"


def test_tools_json_is_derived_from_the_registry() -> None:
    tools = json.loads(generated()["tools.json"])["tools"]
    assert [t["name"] for t in tools] == [t.name for t in TOOLS]
    for entry, tool in zip(tools, TOOLS):
        assert entry["parameters"] == tool.input_schema()
        assert entry["result"] == tool.result


def test_openapi_has_every_tool_route_with_its_parameters() -> None:
    spec = json.loads(generated()["openapi.json"])
    for tool in TOOLS:
        operation = spec["paths"][tool.http_path][tool.http_method.lower()]
        assert operation["operationId"] == tool.name
        if tool.http_method == "POST":
            body = operation["requestBody"]["content"]["application/json"]["schema"]
            assert body == without_nulls(tool.input_schema())  # OpenAPI output drops `default: null`
        else:
            names = {p["name"] for p in operation["parameters"] if p["in"] == "query"}
            assert names == set(tool.input_schema()["properties"])
    assert {"/health", "/a2a/tasks", "/.well-known/agent.json"} <= set(spec["paths"])
