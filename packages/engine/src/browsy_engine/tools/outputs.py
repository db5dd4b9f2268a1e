"""JSON Schemas of what the tools answer with: the JSON bodies of the `json` tools and the `json` format of
the `page` tools. The REST surface publishes them in openapi.json (components.schemas, one per name below,
`#/$defs/X` references rewritten there), and the SDKs generate their response types from that document.

The schemas are open (no `additionalProperties: false`): a new field is not a breaking change. The tests
hold them to the real answers with every object closed, so each field an answer has is documented here.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from .. import suggestions
from ..suggestions import ALL_RECIPES

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def obj(required: dict[str, Schema], optional: dict[str, Schema] | None = None, doc: str = "") -> Schema:
    """An object schema with these required and optional properties, in this order."""
    out: Schema = {"type": "object"}
    if doc:
        out["description"] = doc
    out["properties"] = {**required, **(optional or {})}
    out["required"] = list(required)
    return out


STRING: Schema = {"type": "string"}
INTEGER: Schema = {"type": "integer"}
NUMBER: Schema = {"type": "number"}
BOOLEAN: Schema = {"type": "boolean"}
STRINGS: Schema = {"type": "array", "items": STRING}
INTEGERS: Schema = {"type": "array", "items": INTEGER}


def _recipe_field(annotation: Any) -> tuple[Schema, bool]:
    """The schema of one suggested-action field and whether it is always present (None is left out)."""
    if isinstance(annotation, types.UnionType) and type(None) in typing.get_args(annotation):
        (inner,) = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _recipe_field(inner)[0], False
    if typing.get_origin(annotation) is list:
        return {"type": "array", "items": _recipe_field(typing.get_args(annotation)[0])[0]}, True
    if annotation is int:
        return INTEGER, True
    if annotation is str:
        return STRING, True
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        return ref(annotation.__name__), True
    raise TypeError(f"no output schema for a suggested-action field of type {annotation!r}")


def _recipe_schema(cls: type[suggestions.Recipe]) -> Schema:
    hints = typing.get_type_hints(cls, vars(suggestions))
    required: dict[str, Schema] = {"action": {"type": "string", "const": cls.action}}
    optional: dict[str, Schema] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        schema, always = _recipe_field(hints[f.name])
        (required if always else optional)[f.name] = schema
    return obj(required, optional, f"The {cls.action} suggested action: the element ids to use.")


_RECIPES: dict[str, Schema] = {f"{cls.action}Action": _recipe_schema(cls) for cls in ALL_RECIPES}

_ELEMENT = obj(
    {"id": INTEGER, "tag": STRING},
    {
        "role": STRING,
        "text": STRING,
        "href": STRING,
        "hidden": BOOLEAN,
        "ph": STRING,
        "val": STRING,
        "type": STRING,
        "disabled": BOOLEAN,
        "checked": BOOLEAN,
        "expanded": BOOLEAN,
        "selected": BOOLEAN,
        "required": BOOLEAN,
        "name": STRING,
        "label": STRING,
        "alert_type": STRING,
        "concealed": STRING,
        "b": {"type": "array", "items": NUMBER, "description": "Box: x, y, width, height in CSS pixels."},
    },
    "One element of the Spatial DOM; its id is what the element tools take.",
)
_ELEMENT["required"].append("b")

_PAGE_INTELLIGENCE: dict[str, Schema] = {
    "captcha": ref("Captcha"),
    "notes": STRINGS,
    "needs_js_reason": STRING,
}

_PAGE = obj(
    {
        "url": STRING,
        "title": STRING,
        "vp": {"type": "array", "items": NUMBER, "description": "Viewport width and height."},
        "scroll": {"type": "array", "items": NUMBER},
    },
    {
        "suggested_actions": {"type": "array", "items": ref("SuggestedAction")},
        "page_type": STRING,
        "page_confidence": NUMBER,
        "page_reasons": STRINGS,
        **_PAGE_INTELLIGENCE,
        "needs_js": BOOLEAN,
        "rendered": BOOLEAN,
        "frames": {"type": "array", "items": ref("Frame")},
        "showing": obj(
            {
                "view": STRING,
                "scope": STRING,
                "within": nullable(INTEGER),
                "elements": INTEGER,
                "page_elements": INTEGER,
            }
        ),
        "more": obj(
            {"elements": INTEGER, "characters": INTEGER, "cursor": STRING},
            doc="The part is cut: get_page with this cursor returns the next one.",
        ),
        "els": {"type": "array", "items": ref("SpatialElement")},
    },
    "A page as the Spatial DOM (format json).",
)
_PAGE["required"].append("els")

_PAGE_INFO = obj(
    {
        "title": STRING,
        "url": STRING,
        "page_type": STRING,
        "page_confidence": NUMBER,
        "page_reasons": STRINGS,
        "suggested_actions": {"type": "array", "items": ref("SuggestedAction")},
        "alerts": {
            "type": "array",
            "items": obj({"id": INTEGER, "type": STRING, "text": STRING}),
        },
        "pagination": nullable(ref("Pagination")),
        "needs_js": BOOLEAN,
        "rendered": BOOLEAN,
    },
    _PAGE_INTELLIGENCE,
    "A page's metadata without its elements.",
)

_PAGE_SUMMARY = obj({"title": STRING, "url": STRING, "page_type": STRING, "elements": INTEGER})

_BATCH = obj(
    {
        "ok": BOOLEAN,
        "steps_completed": INTEGER,
        "steps_total": INTEGER,
        "stopped_at": nullable(INTEGER),
        "assertions_passed": BOOLEAN,
        "steps": {"type": "array", "items": ref("StepResult")},
        "extractions": {
            "type": "object",
            "additionalProperties": {},
            "description": "Extracted values by name: a string, a list of strings, or tables.",
        },
    },
    {
        "error": STRING,
        "start": obj({"ok": BOOLEAN}, {"error": STRING, "page": nullable(ref("PageSummary"))}),
        "page": {
            "anyOf": [STRING, ref("Page"), {"type": "null"}],
            "description": "The final page: compact or delta text, the Spatial DOM (format json), or null.",
        },
    },
    "What a batch of steps did.",
)

OUTPUT_DEFS: dict[str, Schema] = {
    "SpatialElement": _ELEMENT,
    "Frame": obj(
        {"id": INTEGER, "src": STRING, "status": STRING},
        {"els": {**INTEGERS, "description": "Ids of the frame's first and last elements."}},
        "One iframe of the page and what became of it.",
    ),
    "Captcha": obj({"captcha_type": STRING}, {"sitekey": STRING}),
    "Pagination": obj({"page_ids": INTEGERS}, {"next_id": INTEGER, "prev_id": INTEGER, "current": INTEGER}),
    "FormField": obj(
        {"id": INTEGER}, {"label": STRING, "name": STRING, "type": STRING}, "A field of a FillForm action."
    ),
    "DownloadItem": obj({"id": INTEGER}, {"text": STRING, "href": STRING}, "A link of a Download action."),
    **_RECIPES,
    "SuggestedAction": {
        "oneOf": [ref(name) for name in _RECIPES],
        "description": "What the page lets an agent do, with the element ids to use; `action` names it.",
    },
    "Page": _PAGE,
    "PageInfo": _PAGE_INFO,
    "Table": obj({"headers": STRINGS, "rows": {"type": "array", "items": STRINGS}}),
    "SearchHit": obj({"title": STRING, "url": STRING, "snippet": STRING}, doc="One web search result."),
    "Cookie": obj(
        {
            "name": STRING,
            "value": STRING,
            "domain": STRING,
            "path": STRING,
            "expires": {**NUMBER, "description": "Unix time in seconds; -1 for a session cookie."},
            "httpOnly": BOOLEAN,
            "secure": BOOLEAN,
            "sameSite": {"type": "string", "enum": ["Strict", "Lax", "None"]},
        },
        doc="A cookie in Playwright's storage-state form.",
    ),
    "SessionState": obj(
        {
            "cookies": {"type": "array", "items": ref("Cookie")},
            "origins": {"type": "array", "items": {}},
            "browsy": obj({"url": nullable(STRING), "history": STRINGS}),
        },
        doc="A session's state (Playwright's storage-state format plus browsy's URL and history).",
    ),
    "PageSummary": _PAGE_SUMMARY,
    "StepResult": obj(
        {"index": INTEGER, "action": STRING, "ok": BOOLEAN, "page": nullable(ref("PageSummary"))},
        {"error": STRING, "note": STRING},
    ),
    "BatchResult": _BATCH,
    "RecipeRunResult": {
        **_BATCH,
        "properties": {"recipe": STRING, **_BATCH["properties"]},
        "required": ["recipe", *_BATCH["required"]],
        "description": "What a recipe's run did (a batch result with the recipe's name).",
    },
    "RecipeSaved": obj({"saved": STRING, "path": STRING, "steps": INTEGER}),
    "RecipeSummary": obj(
        {"name": STRING},
        {
            "error": {**STRING, "description": "Why the stored recipe cannot be read (then nothing else)."},
            "description": STRING,
            "params": {
                "type": "object",
                "additionalProperties": obj({}, {"default": STRING, "required": BOOLEAN}),
            },
            "steps": INTEGER,
        },
    ),
    "RecipeDeleted": obj({"deleted": STRING}),
}


def _array(name: str) -> Schema:
    return {"type": "array", "items": ref(name)}


# The JSON answer of every tool whose result kind is `json`.
_JSON_OUTPUTS: dict[str, Schema] = {
    "search": _array("SearchHit"),
    "find": _array("SpatialElement"),
    "tables": _array("Table"),
    "page_info": ref("PageInfo"),
    "export_state": ref("SessionState"),
    "run_actions": ref("BatchResult"),
    "save_recipe": ref("RecipeSaved"),
    "list_recipes": _array("RecipeSummary"),
    "run_recipe": ref("RecipeRunResult"),
    "delete_recipe": ref("RecipeDeleted"),
}


def json_output(tool_name: str, result: str) -> Schema | None:
    """The schema of a tool's JSON answer (`page`: the Spatial DOM of format json); None for `text` tools.
    A `json` tool with no schema here is an error: every JSON answer is documented."""
    if result == "page":
        return ref("Page")
    if result == "json":
        if tool_name not in _JSON_OUTPUTS:
            raise KeyError(
                f"tool {tool_name!r} answers JSON but browsy_engine/tools/outputs.py has no schema for it"
            )
        return _JSON_OUTPUTS[tool_name]
    return None
