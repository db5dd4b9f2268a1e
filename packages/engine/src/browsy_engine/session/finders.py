"""Finding elements on a page: by text, role, input purpose, and the button nearest an input."""

from __future__ import annotations

from enum import StrEnum

from ..model import SpatialDom, SpatialElement
from . import forms
from .errors import ActionError

TEXTLIKE_TYPES = frozenset({None, "", "text", "email", "search", "tel", "number", "url"})


class InputPurpose(StrEnum):
    PASSWORD = "password"
    EMAIL = "email"
    USERNAME = "username"
    CODE = "code"
    SEARCH = "search"
    PHONE = "phone"

    @classmethod
    def parse(cls, value: InputPurpose | str) -> InputPurpose:
        if isinstance(value, InputPurpose):
            return value
        key = "".join(c for c in str(value).lower() if c.isalpha())
        aliases = {
            "verificationcode": "code",
            "otp": "code",
            "tel": "phone",
            "telephone": "phone",
            "user": "username",
        }
        try:
            return cls(aliases.get(key, key))
        except ValueError:
            names = ", ".join(p.value for p in cls)
            raise ActionError(f"Unknown input purpose {value!r}; use one of: {names}.") from None


def _fold(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


def find_by_text(dom: SpatialDom | None, text: str) -> list[SpatialElement]:
    if dom is None or not text:
        return []
    return [el for el in dom.els if el.text and text in el.text]


def find_by_text_fuzzy(dom: SpatialDom | None, text: str) -> list[SpatialElement]:
    """Case- and whitespace-insensitive match on text, label, placeholder (inputs have no text)."""
    needle = _fold(text)
    if dom is None or not needle:
        return []
    return [el for el in dom.els if any(needle in _fold(v) for v in (el.text, el.label, el.ph) if v)]


def find_by_role(dom: SpatialDom | None, role: str) -> list[SpatialElement]:
    wanted = role.strip().lower()
    if dom is None or not wanted:
        return []
    return [el for el in dom.els if (el.role or "").lower() == wanted]


def _is_input(el: SpatialElement) -> bool:
    return el.tag in ("input", "textarea")


def _words(el: SpatialElement, dom: SpatialDom) -> str:
    """Name, label, placeholder, id and autocomplete of an input, folded (what its purpose is read from)."""
    words = [el.name, el.label, el.ph]
    doc = dom.document
    if doc is not None and 0 <= el.node < len(doc.nodes):
        attrs = doc.nodes[el.node].attrs
        words += [attrs.get("id"), attrs.get("autocomplete"), attrs.get("aria-label")]
    return " ".join(_fold(v) for v in words if v)


def _matches(el: SpatialElement, purpose: InputPurpose, dom: SpatialDom) -> bool:
    kind = (el.input_type or "").lower()
    words = _words(el, dom)
    if purpose is InputPurpose.PASSWORD:
        return el.tag == "input" and kind == "password"
    if purpose is InputPurpose.EMAIL:
        return el.tag == "input" and (kind == "email" or (kind in TEXTLIKE_TYPES and "email" in words))
    if purpose is InputPurpose.USERNAME:
        return el.tag == "input" and kind in ("", "text", "email") and ("user" in words or "login" in words)
    if purpose is InputPurpose.CODE:
        return (
            el.tag == "input"
            and kind in ("", "text", "number", "tel")
            and any(w in words for w in ("code", "otp", "verify", "verification", "2fa", "token", "one-time"))
        )
    if purpose is InputPurpose.SEARCH:
        return _is_input(el) and (
            kind == "search" or (el.role or "") == "searchbox" or "search" in _fold(el.name)
        )
    return el.tag == "input" and (kind == "tel" or (kind in TEXTLIKE_TYPES and "phone" in words))


def find_input_by_purpose(dom: SpatialDom | None, purpose: InputPurpose | str) -> SpatialElement | None:
    wanted = InputPurpose.parse(purpose)
    if dom is None:
        return None
    return next((el for el in dom.els if not el.hidden and _matches(el, wanted, dom)), None) or next(
        (el for el in dom.els if _matches(el, wanted, dom)), None
    )


def _is_button_like(el: SpatialElement) -> bool:
    kind = (el.input_type or "").lower()
    return (
        el.tag == "button"
        or (el.tag == "input" and kind in ("submit", "image", "button"))
        or el.role == "button"
    )


def find_nearest_button(dom: SpatialDom | None, input_id: int) -> SpatialElement | None:
    """The submit button of the input's own form if it has one (nearest of them), else the nearest
    button-like element; nearness = |dx| + 2|dy| between box centres, buttons below the input first."""
    if dom is None:
        return None
    target = dom.get(input_id)
    if target is None:
        return None
    buttons = [el for el in dom.els if el.id != input_id and _is_button_like(el) and not el.hidden]
    if not buttons:
        return None
    doc = dom.document
    if doc is not None and 0 <= target.node < len(doc.nodes):
        owner = forms.form_owner(doc, target.node)
        same_form = [
            b
            for b in buttons
            if 0 <= b.node < len(doc.nodes)
            and forms.is_submit_button(doc.nodes[b.node])
            and forms.form_owner(doc, b.node) == owner
            and owner is not None
        ]
        buttons = same_form or buttons
    return min(buttons, key=lambda b: _distance(target, b))


def _distance(src: SpatialElement, dst: SpatialElement) -> tuple[int, float]:
    sx, sy = src.b[0] + src.b[2] / 2, src.b[1] + src.b[3] / 2
    dx, dy = dst.b[0] + dst.b[2] / 2, dst.b[1] + dst.b[3] / 2
    above = 1 if dy < sy else 0
    return above, abs(dx - sx) + 2 * abs(dy - sy)
