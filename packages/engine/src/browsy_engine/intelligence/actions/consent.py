"""Consent (OAuth approve/deny) and CookieConsent (cookie banner accept/reject) recipes."""

from __future__ import annotations

from typing import Final

from ...model import SpatialElement
from ...suggestions import Consent, CookieConsent
from .. import keywords as kw
from ..facts import PageFacts
from ..geometry import distance
from ..page_type import is_oauth_consent

SHORT_LINK_TEXT: Final = 40
COOKIE_TEXT_MIN: Final = 30
COOKIE_BUTTON_MAX_DISTANCE: Final = 800


def _clickables(facts: PageFacts) -> list[SpatialElement]:
    """Buttons, plus links short enough to read as a button ("Cancel")."""
    short_links = [el for el in facts.links if 0 < len(facts.text(el)) <= SHORT_LINK_TEXT]
    return sorted([*facts.buttons, *short_links], key=lambda el: el.id)


def detect_consent(facts: PageFacts) -> Consent | None:
    if not is_oauth_consent(facts):
        return None
    approve: list[int] = []
    deny: list[int] = []
    for el in _clickables(facts):
        text = facts.text(el) or (el.val or "").lower()
        if kw.has_phrase(text, kw.DENY):
            deny.append(el.id)
        elif kw.has_phrase(text, kw.APPROVE):
            approve.append(el.id)
    if not approve and not deny:
        return None
    return Consent(approve_ids=approve, deny_ids=deny)


def cookie_notices(facts: PageFacts) -> list[SpatialElement]:
    """Visible text blocks (over 30 characters) that talk about cookies or GDPR."""
    out = []
    for el, text in zip(facts.visible, facts.visible_texts):
        if (
            len(text) > COOKIE_TEXT_MIN
            and ("cookie" in text or "gdpr" in text or "tracking" in text)
            and (kw.has_phrase(text, kw.COOKIE_TEXT))
        ):
            out.append(el)
    return out


def detect_cookie_consent(facts: PageFacts) -> CookieConsent | None:
    notices = cookie_notices(facts)
    if not notices:
        return None
    accepts: list[tuple[float, int, SpatialElement]] = []
    rejects: list[SpatialElement] = []
    for el in _clickables(facts):
        text = facts.text(el) or (el.val or "").lower()
        if not text or len(text) > SHORT_LINK_TEXT:
            continue
        if kw.has_phrase(text, kw.COOKIE_REJECT):
            rejects.append(el)
        elif kw.has_phrase(text, kw.COOKIE_ACCEPT):
            gap = min(distance(el, n) for n in notices)
            if gap <= COOKIE_BUTTON_MAX_DISTANCE:
                accepts.append((gap, el.id, el))
    if not accepts:
        return None
    accept = min(accepts)[2]
    reject = min(rejects, key=lambda el: (distance(el, accept), el.id), default=None)
    if reject is not None and distance(reject, accept) > COOKIE_BUTTON_MAX_DISTANCE:
        reject = None
    return CookieConsent(accept_id=accept.id, reject_id=reject.id if reject else None)
