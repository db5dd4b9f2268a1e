"""CaptchaChallenge recipe: the detected (or inferred) CAPTCHA and its verify/submit button."""

from __future__ import annotations

from ...suggestions import CaptchaChallenge, CaptchaInfo
from .. import keywords as kw
from ..facts import PageFacts


def _verify_button(facts: PageFacts) -> int | None:
    named = [
        b for b in facts.buttons if kw.has_phrase(facts.text(b) or (b.val or "").lower(), kw.VERIFY_BUTTON)
    ]
    if named:
        return named[0].id
    submits = [b for b in facts.buttons if facts.is_submit(b)]
    return submits[0].id if submits else None


def detect_captcha_challenge(facts: PageFacts, captcha: CaptchaInfo | None) -> CaptchaChallenge | None:
    """The detected CAPTCHA as an action; an invisible one (reCAPTCHA v3) asks nothing of the agent."""
    if captcha is None or not captcha.interactive:
        return None
    return CaptchaChallenge(
        captcha_type=captcha.captcha_type, sitekey=captcha.sitekey, submit_id=_verify_button(facts)
    )
