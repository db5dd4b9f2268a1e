"""Suggested actions, detected in the seed's order; several coexist on one page."""

from __future__ import annotations

from ...suggestions import (
    ALL_RECIPES,
    CaptchaChallenge,
    CaptchaInfo,
    Consent,
    Contact,
    CookieConsent,
    Download,
    DownloadItem,
    EnterCode,
    FillForm,
    FormField,
    Login,
    Paginate,
    Recipe,
    Register,
    Search,
    SelectFromList,
)
from ..facts import PageFacts
from .auth import detect_account_action, detect_enter_code
from .challenge import detect_captcha_challenge
from .consent import detect_consent, detect_cookie_consent
from .forms import detect_contact, detect_fill_form, detect_search
from .navigation import detect_download, detect_paginate, detect_select_from_list

# Recipes that make the generic FillForm redundant.
_SPECIFIC_FORM_ACTIONS = ("Login", "Register", "Contact", "EnterCode")


def detect_actions(
    facts: PageFacts, captcha: CaptchaInfo | None, page_type: str | None = None
) -> list[Recipe]:
    """Every recipe that applies, in the seed's detection order. `captcha` is the detected service or,
    on a Captcha page without one, the inferred type.

    With the page type known: a CAPTCHA is suggested only when it blocks the page (a Captcha page), and
    on a content page (Article) the site's search box and sign-in come after what the page is for."""
    found: list[Recipe] = []

    def add(action: Recipe | None) -> None:
        if action is not None:
            found.append(action)

    add(detect_account_action(facts))
    add(detect_enter_code(facts))
    add(detect_consent(facts))
    add(detect_contact(facts))
    add(detect_search(facts))
    add(detect_select_from_list(facts))
    add(detect_cookie_consent(facts))
    add(detect_paginate(facts))
    if not any(a.action in _SPECIFIC_FORM_ACTIONS for a in found):
        add(detect_fill_form(facts))
    add(detect_download(facts))
    if page_type in (None, "Captcha"):
        add(detect_captcha_challenge(facts, captcha))
    if page_type == "Article":
        found.sort(key=lambda a: a.action in _SITE_WIDE_ACTIONS)  # stable: the rest keep their order
    return found


_SITE_WIDE_ACTIONS = frozenset({"Search", "Login", "Register"})


__all__ = [
    "ALL_RECIPES",
    "CaptchaChallenge",
    "Consent",
    "Contact",
    "CookieConsent",
    "Download",
    "DownloadItem",
    "EnterCode",
    "FillForm",
    "FormField",
    "Login",
    "Paginate",
    "Recipe",
    "Register",
    "Search",
    "SelectFromList",
    "detect_actions",
]
