"""JSON Schema of tool parameters in the self-contained form every surface can use: no `$defs` / `$ref`.

pydantic puts a nested model (a batch's Step) under `$defs` and points at it with `$ref`. Inside an OpenAPI
document such a reference resolves against the wrong root, and OpenAI's strict mode wants every object
spelled out; so the references are replaced by the definitions they name (tool schemas are not recursive).

`portable` then writes the few keywords that one model API or another refuses in an equivalent form they
all take: `const: v` as `enum: [v]` (Gemini's function declarations have no `const`). The rules of OpenAI
strict mode, Anthropic tool use and Gemini function declarations are checked against every published
schema by the tests.
"""

from __future__ import annotations

from typing import Any


def inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    defs = schema.get("$defs", {})
    if not defs:
        return schema
    out = _inline({k: v for k, v in schema.items() if k != "$defs"}, defs, ())
    assert isinstance(out, dict)
    return out


def _inline(node: Any, defs: dict[str, Any], seen: tuple[str, ...]) -> Any:
    if isinstance(node, list):
        return [_inline(v, defs, seen) for v in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        name = ref.removeprefix("#/$defs/")
        if name in seen:
            raise ValueError(f"recursive schema definition {name!r} cannot be inlined")
        rest = {k: v for k, v in node.items() if k != "$ref"}
        return {**_inline(defs[name], defs, (*seen, name)), **_inline(rest, defs, seen)}
    return {k: _inline(v, defs, seen) for k, v in node.items()}


def portable(node: Any) -> Any:
    """`node` with `const` written as a one-value `enum` (the same constraint), recursively."""
    if isinstance(node, list):
        return [portable(v) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: portable(v) for k, v in node.items() if k != "const"}
    if "const" in node and "enum" not in node:
        out["enum"] = [node["const"]]
    return out
