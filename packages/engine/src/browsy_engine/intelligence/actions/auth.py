"""Login, Register and EnterCode recipes.

Password fields are grouped by form. A form with one password is a login form, one with two (password
and confirmation) a registration form; when both exist Login takes priority (the seed's Hacker News
case). A lone form decides by the title/heading keywords: registration words without login words make a
single-password form a Register; login words without registration words make a confirm-password form a
Login.
"""

from __future__ import annotations

from typing import Final

from ...model import SpatialElement
from ...suggestions import EnterCode, Login, Recipe, Register
from .. import keywords as kw
from ..facts import PageFacts, input_type
from ..page_type import code_inputs, says_verification
from .common import field_words, same_form_pool, submit_for

USERNAME_MAX_DY: Final = 500
CONFIRM_MAX_DY: Final = 150
NARROW_INPUT_WIDTH: Final = 60
CODE_LENGTHS: Final = range(4, 9)


def _identity_fields(facts: PageFacts) -> list[SpatialElement]:
    return [
        el
        for el in facts.fields
        if el.tag == "input"
        and input_type(el) in ("", "text", "email", "tel")
        and not facts.is_search_input(el)
    ]


def _username_for(facts: PageFacts, password: SpatialElement) -> SpatialElement | None:
    """Text/email input nearest the password (within 500 px vertically), same form and before it first."""
    form = facts.form_of(password)
    top = password.b[1]
    candidates = [el for el in _identity_fields(facts) if abs(el.b[1] - top) <= USERNAME_MAX_DY]

    best: SpatialElement | None = None
    best_rank: tuple | None = None
    # The first candidate of least rank, as min(key=) picks it. A loop and not a nested key function:
    # compiled by mypyc, a nested function and its environment make a reference cycle holding the page.
    for el in candidates:
        rank = _username_rank(facts, el, password, form, top)
        if best_rank is None or rank < best_rank:
            best, best_rank = el, rank
    return best


def _username_rank(
    facts: PageFacts, el: SpatialElement, password: SpatialElement, form: int, top: float
) -> tuple:
    words = field_words(facts, el)
    return (
        facts.form_of(el) != form,
        any(h in words for h in kw.CODE_FIELD_HINTS) and not any(h in words for h in kw.IDENTITY_HINTS),
        el.id > password.id,
        abs(el.b[1] - top),
        abs(el.id - password.id),
    )


def _remember_me(facts: PageFacts, anchor: SpatialElement) -> int | None:
    boxes = [el for el in facts.fields if el.tag == "input" and input_type(el) == "checkbox"]
    for el in same_form_pool(facts, anchor, boxes):
        if kw.has_phrase(field_words(facts, el), kw.REMEMBER_ME) or _next_label_says_remember(facts, el):
            return el.id
    return None


def _next_label_says_remember(facts: PageFacts, box: SpatialElement) -> bool:
    """A checkbox followed (or preceded) by a sibling label element reading "Remember me"."""
    for neighbour_id in (box.id + 1, box.id - 1):
        el = facts.dom.get(neighbour_id)
        if el is not None and el.tag == "label" and kw.has_phrase(facts.text(el), kw.REMEMBER_ME):
            return True
    return False


def _login(facts: PageFacts, password: SpatialElement) -> Login | None:
    username = _username_for(facts, password)
    if username is None:
        return None
    return Login(
        username_id=username.id,
        password_id=password.id,
        submit_id=submit_for(facts, password),
        remember_me_id=_remember_me(facts, password),
    )


def _register(facts: PageFacts, passwords: list[SpatialElement]) -> Register:
    first = passwords[0]
    pool = same_form_pool(facts, first, _identity_fields(facts))
    words = {el.id: field_words(facts, el) for el in pool}
    email = next((el for el in pool if input_type(el) == "email"), None) or next(
        (el for el in pool if "mail" in words[el.id]), None
    )
    taken = {email.id} if email else set()
    username = next(
        (
            el
            for el in pool
            if el.id not in taken and any(w in words[el.id] for w in ("user", "login", "handle"))
        ),
        None,
    )
    if username:
        taken.add(username.id)
    name = next((el for el in pool if el.id not in taken and "name" in words[el.id]), None)
    return Register(
        email_id=email.id if email else None,
        username_id=username.id if username else None,
        password_id=first.id,
        confirm_password_id=passwords[1].id if len(passwords) > 1 else None,
        name_id=name.id if name else None,
        submit_id=submit_for(facts, passwords[-1]),
    )


def _password_groups(facts: PageFacts) -> list[list[SpatialElement]]:
    """Visible password fields grouped by form; outside any form, a password directly below another
    (within CONFIRM_MAX_DY) joins its group, as a confirmation field does."""
    by_form: dict[int, list[SpatialElement]] = {}
    loose: list[list[SpatialElement]] = []
    for pw in facts.passwords:
        form = facts.form_of(pw)
        if form >= 0:
            by_form.setdefault(form, []).append(pw)
        elif loose and abs(pw.b[1] - loose[-1][-1].b[1]) <= CONFIRM_MAX_DY:
            loose[-1].append(pw)
        else:
            loose.append([pw])
    return sorted([*by_form.values(), *loose], key=lambda g: g[0].id)


def detect_account_action(facts: PageFacts) -> Recipe | None:
    """Register, or Login when there is no registration context (seed's detection order, step 1)."""
    if not facts.passwords:
        return None
    groups = _password_groups(facts)
    login_groups = [g for g in groups if len(g) == 1]
    register_groups = [g for g in groups if len(g) >= 2]
    says_register = kw.any_has_phrase(facts.title_and_headings, kw.REGISTER)
    says_login = kw.any_has_phrase(facts.title_and_headings, kw.LOGIN)
    if login_groups and not (says_register and not says_login and not register_groups):
        for group in login_groups:
            login = _login(facts, group[0])
            if login:
                return login
    if register_groups and says_login and not says_register:
        login = _login(facts, register_groups[0][0])
        if login:
            return login
    if register_groups:
        return _register(facts, register_groups[0])
    if login_groups and says_register:
        return _register(facts, login_groups[0])
    return None


def detect_enter_code(facts: PageFacts) -> EnterCode | None:
    if facts.passwords or not says_verification(facts):
        return None
    inputs = code_inputs(facts)
    if not inputs:
        return None
    narrow = [
        el
        for el in inputs
        if 0 < el.b[2] < NARROW_INPUT_WIDTH or (facts.attr(el, "maxlength") or "").strip() == "1"
    ]
    if len(narrow) in CODE_LENGTHS:
        return EnterCode(
            input_id=narrow[0].id, submit_id=submit_for(facts, narrow[-1]), code_length=len(narrow)
        )
    chosen = next(
        (el for el in inputs if any(h in field_words(facts, el) for h in kw.CODE_FIELD_HINTS)), inputs[0]
    )
    return EnterCode(input_id=chosen.id, submit_id=submit_for(facts, chosen))
