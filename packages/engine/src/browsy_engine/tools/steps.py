"""The step of an action batch (`run_actions`) and of a recipe: one flat object with an `action` and its fields.

One flat model (not a union per action) keeps the published JSON Schema simple for every surface (OpenAI
strict mode, zod); which fields each action needs is checked here, so a bad step is refused before the
batch runs, with the step's index and the reason.

Naming an element: `id` (from the last page), CSS `selector`, or `text` / `label` / `role` (find's
semantics); when several are given, the element must satisfy all of them. Text a step puts in goes in `value` (type_text, select); `text` is always text to look for.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, model_validator

from .params import ElementId, ToolParams

StepAction = Literal[
    "browse", "click", "type_text", "check", "uncheck", "select", "back", "login", "enter_code", "submit",
    "wait_for_text", "extract", "assert_text", "tables",
]  # fmt: skip
STEP_ACTIONS: tuple[str, ...] = StepAction.__args__  # type: ignore[attr-defined]

ExtractAttr = Literal["text", "value", "href", "html"]

TARGET_FIELDS = ("id", "selector", "text", "label", "role")
_TARGETED = frozenset({"click", "type_text", "check", "uncheck", "select", "submit", "extract"})
# action → fields it requires (besides an element target where _NEEDS_TARGET says so)
_REQUIRED: dict[str, tuple[str, ...]] = {
    "browse": ("url",),
    "type_text": ("value",),
    "select": ("value",),
    "login": ("username", "password"),
    "enter_code": ("code",),
    "wait_for_text": ("text",),
    "assert_text": ("text",),
}
# action → every field it may carry (besides action, stop_on_error, description)
_ALLOWED: dict[str, frozenset[str]] = {
    "browse": frozenset({"url"}),
    "click": frozenset(TARGET_FIELDS),
    "type_text": frozenset({*TARGET_FIELDS, "value"}),
    "check": frozenset(TARGET_FIELDS),
    "uncheck": frozenset(TARGET_FIELDS),
    "select": frozenset({*TARGET_FIELDS, "value"}),
    "back": frozenset(),
    "login": frozenset({"username", "password"}),
    "enter_code": frozenset({"code"}),
    "submit": frozenset(TARGET_FIELDS),
    "wait_for_text": frozenset({"text", "timeout_secs"}),
    "extract": frozenset({*TARGET_FIELDS, "attr", "pattern", "name"}),
    "assert_text": frozenset({"text"}),
    "tables": frozenset({"name"}),
}
_ALWAYS = frozenset({"action", "stop_on_error", "description"})

STEP_HELP = (
    "Each step is an object with an action: browse (url), click / check / uncheck / submit (a target), "
    "type_text (a target, value), select (a target, value), back, login (username, password), enter_code "
    "(code), wait_for_text (text, timeout_secs), assert_text (text), extract (a target; attr text|value|"
    "href|html, pattern, name), tables (name). A target is id, selector (CSS), text / label / role (find's "
    "matching), or several of them (all must hold); it must name exactly one element. Any string may use ${NAME} for an earlier "
    "extraction's value and ${secret:NAME} for a secret (env BROWSY_SECRET_NAME)."
)


def _step_schema(schema: dict[str, Any]) -> None:
    """Publish one object schema per action (its own fields, required ones, a target where it needs one),
    so that what the schema allows is exactly what the step accepts."""
    fields = {name: _plain(prop) for name, prop in schema.pop("properties").items()}
    for key in ("required", "additionalProperties", "type"):
        schema.pop(key, None)
    variants = []
    for action in STEP_ACTIONS:
        names = ["action", *(f for f in fields if f in _ALLOWED[action]), "stop_on_error", "description"]
        props = {name: dict(fields[name]) for name in names}
        props["action"] = {"const": action, "type": "string"}
        for name in _TERSE:
            props.get(name, {}).pop("description", None)
        variant: dict[str, Any] = {
            "type": "object",
            "properties": props,
            "required": ["action", *_REQUIRED.get(action, ())],
            "additionalProperties": False,
        }
        if action in _TARGETED:
            variant["anyOf"] = [{"required": [f]} for f in TARGET_FIELDS]
        variants.append(variant)
    schema["anyOf"] = variants


# Fields whose meaning the tool's description of steps already gives (kept short: every action repeats them).
_TERSE = ("id", "selector", "label", "role", "description")


def _plain(prop: dict[str, Any]) -> dict[str, Any]:
    """A property without its null alternative and null default: optional means "omit it"."""
    variants = prop.pop("anyOf", None)
    if variants:
        prop.update(next(v for v in variants if v.get("type") != "null"))
    if prop.get("default", 0) is None:
        prop.pop("default")
    prop.pop("title", None)
    return prop


class Step(ToolParams):
    model_config = ConfigDict(extra="forbid", title="Step", json_schema_extra=_step_schema)

    action: StepAction = Field(..., description="What the step does.")
    id: ElementId | None = Field(None, description="Target: element ID from the current page.")
    selector: str | None = Field(None, min_length=1, description="Target: a CSS selector.")
    text: str | None = Field(
        None,
        min_length=1,
        description="Target: text it contains (any case); wait_for_text/assert_text: the text to find.",
    )
    label: str | None = Field(
        None, min_length=1, description="Target: the label or placeholder of a form field."
    )
    role: str | None = Field(None, min_length=1, description='Target: ARIA role, e.g. "button", "link".')
    value: str | None = Field(
        None, description="type_text: the text to type; select: the option's value or text."
    )
    url: str | None = Field(None, min_length=1, description="browse: the URL to open.")
    username: str | None = Field(None, description="login: username or email.")
    password: str | None = Field(None, description="login: password (use ${secret:NAME}).")
    code: str | None = Field(
        None, min_length=1, description="enter_code: the code (e.g. ${code} from an extract)."
    )
    attr: ExtractAttr | None = Field(
        None, description='extract: "text" (default), "value", "href" or "html".'
    )
    pattern: str | None = Field(
        None,
        min_length=1,
        description="extract: a regular expression; the value becomes its first group (or whole match).",
    )
    name: str | None = Field(
        None,
        min_length=1,
        pattern=r"^[A-Za-z_][A-Za-z0-9_.-]*$",
        description="extract / tables: the key of the result in extractions (and ${NAME} in later steps).",
    )
    timeout_secs: float | None = Field(
        None, ge=0.1, le=120, description="wait_for_text: seconds to wait (default 5)."
    )
    stop_on_error: bool = Field(True, description="false: if this step fails, go on.")
    description: str | None = Field(None, description="A note for people reading the steps; ignored.")

    @model_validator(mode="after")
    def _fields_fit_action(self) -> Step:
        given = {f for f in self.model_fields_set if getattr(self, f) is not None} - _ALWAYS
        allowed = _ALLOWED[self.action]
        extra = sorted(given - allowed)
        if extra:
            raise ValueError(f"{self.action} does not take {', '.join(extra)}")
        missing = [f for f in _REQUIRED.get(self.action, ()) if getattr(self, f) is None]
        if missing:
            raise ValueError(f"{self.action} needs {', '.join(missing)}")
        if self.action in _TARGETED and not given & set(TARGET_FIELDS):
            raise ValueError(f"{self.action} needs a target: id, selector, or text/label/role")
        return self

    def target_text(self) -> str:
        """How the step names its element, for messages: `selector "#x"`, `id 3`, `text "Sign in", role button`."""
        parts = []
        for f in TARGET_FIELDS:
            value = getattr(self, f)
            if value is not None:
                parts.append(f"{f} {value}" if f == "id" else f"{f} {value!r}")
        return ", ".join(parts)

    def args(self) -> dict[str, Any]:
        """The fields the step was given (for re-validation after placeholders are filled)."""
        return self.model_dump(exclude_none=True, exclude_defaults=False)
