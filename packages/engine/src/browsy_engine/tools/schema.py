"""JSON Schema of tool parameters in the self-contained form every surface can use: no `$defs` / `$ref`.

pydantic puts a nested model (a batch's Step) under `$defs` and points at it with `$ref`. Inside an OpenAPI
document such a reference resolves against the wrong root, and OpenAI's strict mode wants every object
spelled out; so the references are replaced by the definitions they name (tool schemas are not recursive).
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
