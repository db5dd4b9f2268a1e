"""What page intelligence hands a SpatialDom: the suggested actions (seed: "Action Recipes Reference"),
one small dataclass per recipe, and the CAPTCHA found on the page. Part of the model: imports nothing
of the engine.

Each recipe has a class attribute `action` (its tag name), `to_dict()` → `{"action": "Login", ...}` with
None fields omitted, and `compact()` → `Login { username: 19, password: 21, submit: 34 }` for the compact
output header.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

COMPACT_LIST_LIMIT = 10


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "to_dict"):
        return value.to_dict()
    return value


def _compact_value(name: str, value: Any) -> str:
    if isinstance(value, list):
        ids = [v.id if hasattr(v, "id") else v for v in value]
        shown = ", ".join(str(i) for i in ids[:COMPACT_LIST_LIMIT])
        more = f", … +{len(ids) - COMPACT_LIST_LIMIT}" if len(ids) > COMPACT_LIST_LIMIT else ""
        return f"[{shown}{more}]"
    if isinstance(value, str) and name != "captcha_type":
        return f'"{value}"'
    return str(value)


class Recipe:
    """Shared serialisation of every recipe dataclass."""

    action: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = _plain(value)
        return out

    def compact(self) -> str:
        parts = []
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if value is None:
                continue
            key = f.name.removesuffix("_ids").removesuffix("_id")
            parts.append(f"{key}: {_compact_value(f.name, value)}")
        return f"{self.action} {{ {', '.join(parts)} }}" if parts else self.action

    def element_ids(self) -> list[int]:
        """Every element id this action names (for checks that they exist)."""
        ids: list[int] = []
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            values = value if isinstance(value, list) else [value]
            for v in values:
                if (
                    isinstance(v, int)
                    and not isinstance(v, bool)
                    and f.name.endswith(("_id", "_ids", "items"))
                ):
                    ids.append(v)
                elif hasattr(v, "id"):
                    ids.append(v.id)
        return ids


@dataclass(slots=True)
class FormField:
    id: int
    label: str | None = None
    name: str | None = None
    input_type: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        for key, value in (("label", self.label), ("name", self.name), ("type", self.input_type)):
            if value is not None:
                out[key] = value
        return out


@dataclass(slots=True)
class DownloadItem:
    id: int
    text: str | None = None
    href: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id}
        if self.text is not None:
            out["text"] = self.text
        if self.href is not None:
            out["href"] = self.href
        return out


@dataclass(slots=True)
class Login(Recipe):
    action: ClassVar[str] = "Login"
    username_id: int
    password_id: int
    submit_id: int | None = None
    remember_me_id: int | None = None


@dataclass(slots=True, kw_only=True)
class Register(Recipe):
    action: ClassVar[str] = "Register"
    email_id: int | None = None
    username_id: int | None = None
    password_id: int
    confirm_password_id: int | None = None
    name_id: int | None = None
    submit_id: int | None = None


@dataclass(slots=True, kw_only=True)
class Contact(Recipe):
    action: ClassVar[str] = "Contact"
    name_id: int | None = None
    email_id: int | None = None
    message_id: int
    submit_id: int | None = None


@dataclass(slots=True)
class FillForm(Recipe):
    action: ClassVar[str] = "FillForm"
    fields: list[FormField] = field(default_factory=list)
    submit_id: int | None = None


@dataclass(slots=True)
class Search(Recipe):
    action: ClassVar[str] = "Search"
    input_id: int
    submit_id: int | None = None


@dataclass(slots=True)
class EnterCode(Recipe):
    action: ClassVar[str] = "EnterCode"
    input_id: int
    submit_id: int | None = None
    code_length: int | None = None


@dataclass(slots=True)
class Download(Recipe):
    action: ClassVar[str] = "Download"
    items: list[DownloadItem] = field(default_factory=list)


@dataclass(slots=True)
class CaptchaChallenge(Recipe):
    action: ClassVar[str] = "CaptchaChallenge"
    captcha_type: str
    sitekey: str | None = None
    submit_id: int | None = None


@dataclass(slots=True)
class CookieConsent(Recipe):
    action: ClassVar[str] = "CookieConsent"
    accept_id: int
    reject_id: int | None = None


@dataclass(slots=True)
class Consent(Recipe):
    action: ClassVar[str] = "Consent"
    approve_ids: list[int] = field(default_factory=list)
    deny_ids: list[int] = field(default_factory=list)


@dataclass(slots=True)
class SelectFromList(Recipe):
    action: ClassVar[str] = "SelectFromList"
    items: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Paginate(Recipe):
    action: ClassVar[str] = "Paginate"
    next_id: int | None = None
    prev_id: int | None = None


ALL_RECIPES: tuple[type[Recipe], ...] = (
    Login,
    Register,
    Contact,
    FillForm,
    Search,
    EnterCode,
    Download,
    CaptchaChallenge,
    CookieConsent,
    Consent,
    SelectFromList,
    Paginate,
)
_RECIPE_OF_ACTION: dict[str, type[Recipe]] = {cls.action: cls for cls in ALL_RECIPES}


def recipe_from_dict(data: dict[str, Any]) -> Recipe | None:
    """The recipe a `to_dict()` came from (None for an unknown action or missing fields)."""
    cls = _RECIPE_OF_ACTION.get(str(data.get("action")))
    if cls is None:
        return None
    kwargs: dict[str, Any] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name not in data:
            continue
        value = data[f.name]
        if cls is FillForm and f.name == "fields":
            value = [FormField(x["id"], x.get("label"), x.get("name"), x.get("type")) for x in value]
        elif cls is Download and f.name == "items":
            value = [DownloadItem(x["id"], x.get("text"), x.get("href")) for x in value]
        kwargs[f.name] = value
    try:
        return cls(**kwargs)
    except (TypeError, KeyError):
        return None


@dataclass(slots=True)
class CaptchaInfo:
    captcha_type: str
    sitekey: str | None = None
    # False when only an invisible/score-based widget is present (reCAPTCHA v3, data-size="invisible"):
    # the page still carries the service, but nobody is asked to solve anything. Not serialised.
    interactive: bool = field(default=True, compare=False)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"captcha_type": self.captcha_type}
        if self.sitekey is not None:
            out["sitekey"] = self.sitekey
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CaptchaInfo:
        return cls(str(data.get("captcha_type", "Unknown")), data.get("sitekey"))
