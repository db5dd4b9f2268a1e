"""Generated schemas: the committed schemas/ must match what the registry and the REST app generate now."""

from __future__ import annotations

import json
import re
from pathlib import Path

from browsy_engine.tools import TOOLS
from browsy_engine.tools.outputs import OUTPUT_DEFS, json_output
from browsy_server.openapi_ops import COMPONENTS, to_components
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


def test_openapi_documents_every_tool_answer_and_error_body() -> None:
    spec = json.loads(generated()["openapi.json"])
    components = spec["components"]["schemas"]
    assert set(OUTPUT_DEFS) | {"ErrorBody"} <= set(components)
    for tool in TOOLS:
        responses = spec["paths"][tool.http_path][tool.http_method.lower()]["responses"]
        content = responses["200"]["content"]
        body = json_output(tool.name, tool.result)
        if body is None:
            assert set(content) == {"text/plain"}, tool.name
        else:
            json_body = content.get("application/json", {}).get("schema")
            text_too = tool.result == "page"
            assert json_body == to_components(body) or (text_too and json_body is None), tool.name
            assert ("text/plain" in content) == text_too, tool.name
        for status in ("400", "404", "502"):
            assert responses[status]["content"]["application/json"]["schema"] == {
                "$ref": f"{COMPONENTS}ErrorBody"
            }
    refs = set(re.findall(r'"\$ref": "#/components/schemas/(\w+)"', generated()["openapi.json"]))
    assert refs <= set(components), refs - set(components)
