"""analyze(dom): fill page type, suggested actions and CAPTCHA info of a freshly parsed Spatial DOM.

Steps (seed: "How detection works"): scan the document for CAPTCHA services; classify the page (first
matching rule wins); run every action detector. On a Captcha page without a known service, the CAPTCHA
type is inferred from the elements (ImageGrid, TextCaptcha, Unknown) and recorded in `dom.captcha` too.
"""

from __future__ import annotations

from ..model import SpatialDom
from .actions import detect_actions
from .captcha import detect_captcha, infer_captcha
from .facts import collect_facts
from .page_type import detect_page_type


def analyze(dom: SpatialDom) -> None:
    """Fill dom.page_type, dom.suggested_actions and dom.captcha in place (dom.document is available)."""
    facts = collect_facts(dom)
    captcha = detect_captcha(dom.document)
    page_type = detect_page_type(facts, captcha)
    if page_type == "Captcha" and captcha is None:
        captcha = infer_captcha(facts)
    dom.page_type = page_type
    dom.captcha = captcha
    dom.suggested_actions = detect_actions(facts, captcha)
