"""Parameter models of the tools: the one place where each tool's parameters, defaults and enums live.

Every surface (REST bodies and query strings, MCP input schemas, A2A skills, `schemas/tools.json`, the SDK
adapters) derives its parameters from these models.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

Format = Literal["compact", "json"]
Scope = Literal["all", "visible", "above_fold", "visible_above_fold"]
SearchEngineName = Literal["duckduckgo", "google"]
RenderChoice = Literal["default", "never", "auto", "always"]

_FORMAT_DOC = '"compact" (default): a token-efficient text listing with a header; "json": the full Spatial DOM.'
_SCOPE_DOC = (
    '"all" (default) includes hidden elements; "visible" only non-hidden ones; "above_fold" only elements '
    'whose top edge is within the viewport height; "visible_above_fold" both.'
)


class ToolParams(BaseModel):
    """Base of every parameter model: unknown fields are an error, not silently dropped."""

    model_config = ConfigDict(extra="forbid")


class NoParams(ToolParams):
    """The tool takes no parameters."""


def _format_field() -> Any:
    return Field("compact", description=_FORMAT_DOC)


def _scope_field() -> Any:
    return Field("all", description=_SCOPE_DOC)


class PageView(ToolParams):
    format: Format = _format_field()
    scope: Scope = _scope_field()
    explain: bool = Field(False, description="With format json: add page_confidence and page_reasons, why the "
                          "page has its page_type.")


class BrowseParams(ToolParams):
    url: str = Field(..., min_length=1, description="URL to navigate to (http or https).")
    format: Format = _format_field()
    scope: Scope = _scope_field()
    render: RenderChoice = Field(
        "default",
        description='Run the page\'s JavaScript in headless Chromium: "auto" when the page is flagged needs_js '
        '(an application shell), "always", or "never"; "default" (default) follows the server\'s setting '
        "(browsy serve --render, off unless set). Needs the render extra and a Chromium on the server.",
    )


def _json_integer(value: object) -> object:
    """A JSON integer (7, or 7.0 as JSON Schema allows), never true or "7": a wrong id must not silently
    become another element."""
    if isinstance(value, bool | str) or (isinstance(value, float) and not value.is_integer()):
        raise ValueError("Input should be a valid integer (not a string or a boolean)")
    return int(value) if isinstance(value, float) else value


ElementId = Annotated[int, Field(ge=0), BeforeValidator(_json_integer)]


class ElementParams(ToolParams):
    id: ElementId = Field(..., description="Element ID from the current page's Spatial DOM.")


class TypeTextParams(ElementParams):
    text: str = Field(..., description="Text to type into the input (replaces its current value).")


class SelectParams(ElementParams):
    value: str = Field(..., description="Value (or visible text) of the option to select.")


class SearchParams(ToolParams):
    query: str = Field(..., min_length=1, description="Search query.")
    engine: SearchEngineName = Field("duckduckgo", description='"duckduckgo" (default) or "google".')


def _find_schema(schema: dict[str, Any]) -> None:
    """Optional means "omit it", not null: each property is a plain string. "At least one of the two" is
    `minProperties: 1` (there are only these two properties) and the description, not a root-level anyOf,
    which Anthropic's tool use and clients built on it refuse."""
    for prop in schema.get("properties", {}).values():
        variants = prop.pop("anyOf", [])
        prop.update(next((v for v in variants if v.get("type") != "null"), {}))
        prop.pop("default", None)
    schema["description"] = "Give text, role, or both (at least one)."
    schema["minProperties"] = 1  # the same rule as a plain validation keyword, not a combinator


class FindParams(ToolParams):
    model_config = ConfigDict(extra="forbid", json_schema_extra=_find_schema)

    text: str | None = Field(None, min_length=1, description="Find elements whose text contains this (case-insensitive).")
    role: str | None = Field(None, min_length=1, description='Find elements with this ARIA role, e.g. "button", "link", "heading".')

    @model_validator(mode="after")
    def _text_or_role(self) -> FindParams:
        nulls = sorted(f for f in self.model_fields_set if getattr(self, f) is None)
        if nulls:
            raise ValueError(f"{', '.join(nulls)} must be a string (omit it rather than send null)")
        if self.text is None and self.role is None:
            raise ValueError("give at least one of text or role")
        return self


class LoginParams(ToolParams):
    username: str = Field(..., description="Username or email address.")
    password: str = Field(..., description="Password.")


class EnterCodeParams(ToolParams):
    code: str = Field(..., min_length=1, description="Verification or two-factor code, e.g. 847291.")
