"""detect_actions: every action detector run over a page's facts, in the seed's detection order.

Kept out of the package's __init__.py so that it is compiled with the other detectors (package
__init__ modules run as Python, and this runs once per parse).
"""

from __future__ import annotations

from typing import Final

from ...suggestions import CaptchaInfo, Recipe
from ..facts import PageFacts
from .auth import detect_account_action, detect_enter_code
from .challenge import detect_captcha_challenge
from .consent import detect_consent, detect_cookie_consent
from .forms import detect_contact, detect_fill_form, detect_search
from .navigation import detect_download, detect_paginate, detect_select_from_list

# Recipes that make the generic FillForm redundant.
_SPECIFIC_FORM_ACTIONS: Final = ("Login", "Register", "Contact", "EnterCode")
# Recipes a content page (Article) lists after what the page is for.
_SITE_WIDE_ACTIONS: Final = frozenset({"Search", "Login", "Register"})


def detect_actions(
    facts: PageFacts, captcha: CaptchaInfo | None, page_type: str | None = None
) -> list[Recipe]:
    """Every recipe that applies, in the seed's detection order. `captcha` is the detected service or,
    on a Captcha page without one, the inferred type.

    With the page type known: a CAPTCHA is suggested only when it blocks the page (a Captcha page), and
    on a content page (Article) the site's search box and sign-in come after what the page is for."""
    first = (
        detect_account_action(facts),
        detect_enter_code(facts),
        detect_consent(facts),
        detect_contact(facts),
        detect_search(facts),
        detect_select_from_list(facts),
        detect_cookie_consent(facts),
        detect_paginate(facts),
    )
    found: list[Recipe] = [a for a in first if a is not None]
    rest: list[Recipe | None] = []
    if not any(a.action in _SPECIFIC_FORM_ACTIONS for a in found):
        rest.append(detect_fill_form(facts))
    rest.append(detect_download(facts))
    if page_type in (None, "Captcha"):
        rest.append(detect_captcha_challenge(facts, captcha))
    found.extend(a for a in rest if a is not None)
    if page_type == "Article":
        found.sort(key=lambda a: a.action in _SITE_WIDE_ACTIONS)  # stable: the rest keep their order
    return found
