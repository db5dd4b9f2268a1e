"""Lookups shared by several recipes: the submit button of a field, the label of a field."""

from __future__ import annotations

from typing import Final

from ...model import SpatialElement
from ..facts import PageFacts
from ..geometry import nearest_below

_LABEL_ANCESTOR_DEPTH: Final = 3


def same_form_pool(
    facts: PageFacts, anchor: SpatialElement, pool: list[SpatialElement]
) -> list[SpatialElement]:
    """The members of `pool` in the anchor's form, or the whole pool when none (or no form) qualifies."""
    form = facts.form_of(anchor)
    if form < 0:
        return pool
    in_form = [el for el in pool if facts.form_of(el) == form]
    return in_form or pool


def submit_for(facts: PageFacts, anchor: SpatialElement) -> int | None:
    """Id of the nearest submitting button below `anchor`, preferring its own form's buttons."""
    pool = same_form_pool(facts, anchor, facts.buttons)
    submits = [b for b in pool if facts.is_submit(b)]
    best = nearest_below(anchor, submits or pool)
    return best.id if best else None


def wrapping_label_text(facts: PageFacts, el: SpatialElement) -> str | None:
    """Text of a `<label>` around the control (the emitter leaves `label` unset for those)."""
    doc = facts.dom.document
    if doc is None or not 0 <= el.node < len(doc.nodes):
        return None
    i = doc.nodes[el.node].parent
    for _ in range(_LABEL_ANCESTOR_DEPTH):
        if i < 0:
            return None
        if doc.nodes[i].tag == "label":
            text = " ".join(doc.text_of(i).split())
            return text or None
        i = doc.nodes[i].parent
    return None


def field_label(facts: PageFacts, el: SpatialElement) -> str | None:
    """What a person reads as the field's name: its label, a wrapping label, placeholder, aria-label."""
    return el.label or wrapping_label_text(facts, el) or el.ph or facts.attr(el, "aria-label") or None


def field_words(facts: PageFacts, el: SpatialElement) -> str:
    """Lowercase descriptor plus wrapping label, for matching a field's purpose."""
    wrapped = wrapping_label_text(facts, el)
    return f"{facts.descriptor(el)} {wrapped.lower()}" if wrapped else facts.descriptor(el)
