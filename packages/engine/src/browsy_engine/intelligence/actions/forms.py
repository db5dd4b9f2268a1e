"""Contact, Search and FillForm recipes."""

from __future__ import annotations

from typing import Final

from ...model import SpatialElement
from ...suggestions import Contact, FillForm, FormField, Search
from .. import keywords as kw
from ..facts import PageFacts, input_type
from ..geometry import distance, nearest_below
from ..page_type import entry_fields, is_form, search_inputs
from .common import field_label, field_words, same_form_pool, submit_for

SEARCH_BUTTON_MAX_DISTANCE: Final = 300
_MESSAGE_HINTS: Final = ("message", "comment", "inquiry", "enquiry", "question", "body", "details")


def _says_contact(facts: PageFacts) -> bool:
    if kw.any_has_phrase(facts.title_and_headings, kw.CONTACT):
        return True
    return kw.any_has_phrase([facts.title, *facts.h1], kw.CONTACT_WEAK)


def detect_contact(facts: PageFacts) -> Contact | None:
    textareas = [el for el in facts.fields if el.tag == "textarea" and not facts.is_search_input(el)]
    if not textareas or not _says_contact(facts):
        return None
    message = next(
        (el for el in textareas if any(h in field_words(facts, el) for h in _MESSAGE_HINTS)), textareas[0]
    )
    pool = same_form_pool(
        facts,
        message,
        [
            el
            for el in facts.fields
            if el.tag == "input" and input_type(el) in ("", "text", "email") and not facts.is_search_input(el)
        ],
    )
    email = next((el for el in pool if input_type(el) == "email"), None) or next(
        (el for el in pool if "mail" in field_words(facts, el)), None
    )
    name = next((el for el in pool if el is not email and "name" in field_words(facts, el)), None)
    return Contact(
        name_id=name.id if name else None,
        email_id=email.id if email else None,
        message_id=message.id,
        submit_id=submit_for(facts, message),
    )


def _search_submit(facts: PageFacts, box: SpatialElement) -> int | None:
    """The search form's own button (None when it has none: Enter submits it); outside a form, the
    nearest button close by."""
    form = facts.form_of(box)
    if form >= 0:
        near = [b for b in facts.buttons if facts.form_of(b) == form]
    else:
        near = [b for b in facts.buttons if distance(b, box) <= SEARCH_BUTTON_MAX_DISTANCE]
    best = nearest_below(box, near)
    return best.id if best else None


def detect_search(facts: PageFacts) -> Search | None:
    """First visible search input; a hidden one when none is visible (JS-rendered search pages)."""
    boxes = search_inputs(facts, include_hidden=False) or search_inputs(facts, include_hidden=True)
    if not boxes:
        return None
    return Search(input_id=boxes[0].id, submit_id=_search_submit(facts, boxes[0]))


def form_fields(facts: PageFacts) -> list[SpatialElement]:
    """Visible fields a person fills in: data-entry fields plus checkboxes and radios (no search box)."""
    entry = {el.id for el in entry_fields(facts)}
    return [el for el in facts.fields if el.id in entry or facts.is_choice_field(el)]


def detect_fill_form(facts: PageFacts) -> FillForm | None:
    """Generic form recipe over the page's largest form (a footer newsletter box is not the form)."""
    if not is_form(facts):
        return None
    fields = [el for el in form_fields(facts) if input_type(el) != "password"]
    groups: dict[int, list[SpatialElement]] = {}
    for el in fields:
        groups.setdefault(facts.form_of(el), []).append(el)
    chosen = max(groups.values(), key=len, default=[])
    if not chosen:
        return None
    return FillForm(
        fields=[FormField(el.id, field_label(facts, el), el.name, el.input_type) for el in chosen],
        submit_id=submit_for(facts, chosen[-1]),
    )
