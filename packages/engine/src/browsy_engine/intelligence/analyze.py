"""analyze(dom): fill page type, suggested actions, CAPTCHA info and needs_js of a freshly parsed Spatial DOM.

Steps (seed: "How detection works"): scan the document for CAPTCHA services; weigh the evidence of
content (evidence.py, weighing.py) and classify the page (page_type.py); run every action detector. On a Captcha page without a known service, the CAPTCHA
type is inferred from the elements (ImageGrid, TextCaptcha, Unknown) and recorded in `dom.captcha` too.
"""

from __future__ import annotations

from ..model import SpatialDom
from .actions.detect import detect_actions
from .captcha import detect_captcha, infer_captcha
from .evidence import Evidence, collect_evidence
from .facts import collect_facts
from .needs_js import needs_js_reason
from .page_type import classify, is_article
from .weighing import Weighing, weigh_content


def analyze(dom: SpatialDom) -> None:
    """Fill dom.page_type, dom.suggested_actions and dom.captcha in place (dom.document is available)."""
    facts = collect_facts(dom)
    captcha = detect_captcha(dom.document)
    evidence: Evidence | None
    weighing: Weighing | None
    if dom.document is not None:
        evidence = collect_evidence(dom.document)
        weighing = weigh_content(evidence, seed_article=is_article(facts), h1=facts.h1, title=facts.title)
    else:  # a Spatial DOM built by hand or from JSON: the seed's rules on its elements alone
        evidence = weighing = None
    decided = classify(facts, captcha, evidence, weighing)
    page_type = decided.page_type
    dom.page_confidence, dom.page_reasons = round(decided.confidence, 2), decided.reasons
    if page_type == "Captcha" and captcha is None:
        captcha = infer_captcha(facts)
    dom.page_type = page_type
    dom.captcha = captcha
    dom.suggested_actions = detect_actions(facts, captcha, page_type)
    # A CAPTCHA is reported as such: running its scripts would not get an agent past it.
    if dom.document is not None and captcha is None and page_type != "Captcha":
        dom.needs_js_reason = needs_js_reason(dom.document)
