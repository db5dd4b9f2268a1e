"""Parameter models of the tools: the one place where each tool's parameters, defaults and enums live.

Every surface (REST bodies and query strings, MCP input schemas, A2A skills, `schemas/tools.json`, the SDK
adapters) derives its parameters from these models.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from .choices import Format as Format
from .choices import RenderChoice as RenderChoice
from .choices import Scope as Scope
from .choices import SearchEngineName as SearchEngineName
from .choices import View as View

_FORMAT_DOC = (
    '"compact" (default): a token-efficient text listing with a header; "json": the full Spatial DOM.'
)
_SCOPE_DOC = (
    '"all" (default) includes hidden elements; "visible" only non-hidden ones; "above_fold" only elements '
    'whose top edge is within the viewport height; "visible_above_fold" both.'
)


class ToolParams(BaseModel):
    """Base of every parameter model: unknown fields are an error, not silently dropped."""

    model_config = ConfigDict(extra="forbid")


def _omit_nulls(schema: dict[str, Any]) -> None:
    """Optional means "omit it", not null: an optional property is its plain type, without a null variant
    or a null default (some model APIs refuse `anyOf` with null in tool schemas)."""
    for prop in schema.get("properties", {}).values():
        variants = prop.pop("anyOf", None)
        if variants is None:
            continue
        prop.update(next((v for v in variants if v.get("type") != "null"), {}))
        if prop.get("default", 0) is None:
            prop.pop("default")


class NoParams(ToolParams):
    """The tool takes no parameters."""


def _format_field() -> Any:
    return Field("compact", description=_FORMAT_DOC)


def _scope_field() -> Any:
    return Field("all", description=_SCOPE_DOC)


def _json_integer(value: object) -> object:
    """A JSON integer (7, or 7.0 as JSON Schema allows), never true or "7": a wrong id must not silently
    become another element."""
    if isinstance(value, bool | str) or (isinstance(value, float) and not value.is_integer()):
        raise ValueError("Input should be a valid integer (not a string or a boolean)")
    return int(value) if isinstance(value, float) else value


ElementId = Annotated[int, Field(ge=0), BeforeValidator(_json_integer)]


_VIEW_DOC = (
    '"all" (default): every element; "actions": only what can be clicked, typed or chosen, with the headings '
    'that give it context and alerts; "content": headings and text, for reading. Ids are the page\'s ids.'
)
_MAX_CHARS_DOC = (
    "Most characters of page output in this answer. Longer output is cut between elements and ends with a "
    "`more:` line (json: a `more` object) holding the cursor for get_page. 0 (default): the server's budget "
    "for compact output (browsy serve --max-chars), no limit for json."
)


def _max_chars_field() -> Any:
    return Field(0, ge=0, le=100_000_000, description=_MAX_CHARS_DOC)


def _view_field() -> Any:
    return Field("all", description=_VIEW_DOC)


class Paged(ToolParams):
    """Parameters of every tool that answers with a page."""

    max_chars: int = _max_chars_field()


class PageView(Paged):
    model_config = ConfigDict(extra="forbid", json_schema_extra=_omit_nulls)

    format: Format = _format_field()
    scope: Scope = _scope_field()
    view: View = _view_field()
    within: int | None = Field(  # a GET query string: "7" is 7 here
        None,
        ge=0,
        description="Only this element and what it contains (e.g. one form, one article, one list).",
    )
    expand: int | None = Field(
        None,
        ge=0,
        description="The id of a folded line (a big menu or footer, a run of hidden elements, chrome the "
        "same as on the previous page, a link whose images are folded into it), or of any element inside "
        "one: list its elements too.",
    )
    cursor: str | None = Field(
        None,
        min_length=1,
        max_length=200,
        description="The cursor of a `more:` line: the next part of the same selection (view, scope, within "
        "and expand come from the cursor).",
    )
    explain: bool = Field(
        False,
        description="With format json: add page_confidence and page_reasons, why the page has its page_type.",
    )


class BrowseParams(Paged):
    url: str = Field(..., min_length=1, description="URL to navigate to (http or https).")
    format: Format = _format_field()
    scope: Scope = _scope_field()
    view: View = _view_field()
    render: RenderChoice = Field(
        "default",
        description='Run the page\'s JavaScript in headless Chromium: "auto" when the page is flagged needs_js '
        '(an application shell), "always", or "never"; "default" (default) follows the server\'s setting '
        "(browsy serve --render, off unless set). Needs the render extra and a Chromium on the server.",
    )


class ElementParams(ToolParams):
    id: ElementId = Field(..., description="Element ID from the current page's Spatial DOM.")


class ClickParams(ElementParams, Paged):
    pass


class BackParams(Paged):
    pass


class TypeTextParams(ElementParams):
    text: str = Field(..., description="Text to type into the input (replaces its current value).")


class SelectParams(ElementParams):
    value: str = Field(..., description="Value (or visible text) of the option to select.")


class SearchParams(ToolParams):
    query: str = Field(..., min_length=1, description="Search query.")
    engine: SearchEngineName = Field("duckduckgo", description='"duckduckgo" (default) or "google".')


def _find_schema(schema: dict[str, Any]) -> None:
    """Each property is a plain string (`_omit_nulls`). "At least one of the two" is `minProperties: 1`
    (there are only these two properties) and the description, not a root-level anyOf, which Anthropic's
    tool use and clients built on it refuse."""
    _omit_nulls(schema)
    schema["description"] = "Give text, role, or both (at least one)."
    schema["minProperties"] = 1  # the same rule as a plain validation keyword, not a combinator


class FindParams(ToolParams):
    model_config = ConfigDict(extra="forbid", json_schema_extra=_find_schema)

    text: str | None = Field(
        None, min_length=1, description="Find elements whose text contains this (case-insensitive)."
    )
    role: str | None = Field(
        None, min_length=1, description='Find elements with this ARIA role, e.g. "button", "link", "heading".'
    )

    @model_validator(mode="after")
    def _text_or_role(self) -> FindParams:
        nulls = sorted(f for f in self.model_fields_set if getattr(self, f) is None)
        if nulls:
            raise ValueError(f"{', '.join(nulls)} must be a string (omit it rather than send null)")
        if self.text is None and self.role is None:
            raise ValueError("give at least one of text or role")
        return self


class ImportStateParams(Paged):
    state: dict[str, Any] = Field(
        ...,
        description='A state from export_state, or Playwright\'s storage state: {"cookies": [...], "origins": '
        '[], "browsy": {"url": ..., "history": [...]}}.',
    )
    load: bool = Field(True, description="Open the state's URL (default true) and return that page.")


class LoginParams(Paged):
    username: str = Field(..., description="Username or email address.")
    password: str = Field(..., description="Password.")


class EnterCodeParams(Paged):
    code: str = Field(..., min_length=1, description="Verification or two-factor code, e.g. 847291.")
