"""What clicking, typing, checking and selecting do to a session's page.

The Interactor works on the session's current Page (raw DOM + FormState) through the source nodes of
elements (`SpatialElement.node` → `dom.document.nodes`). Every refusal is an ActionError naming the
element and what it is; every action leaves a one-line `Outcome` on the session.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import httpx

from ..dom.tree import Document, Node
from ..intelligence.behaviors import detect_behaviors
from ..model import Frame, SpatialDom, SpatialElement
from ..spatial.frames import frame_of
from ..suggestions import EnterCode, Login, Recipe
from . import forms
from .errors import ActionError
from .form_state import FormState, overlay
from .page import Page, Toggle
from .submission import build_submission
from .urls import document_base, join_url, scheme_of
from .visibility import apply_visibility

R = TypeVar("R", bound=Recipe)

if TYPE_CHECKING:
    from .session import AsyncSession

NOT_FOLLOWED_SCHEMES = {"javascript": "a javascript: link", "mailto": "a mailto: link", "tel": "a tel: link"}
ACTIVATABLE_TAGS = frozenset({"a", "area", "button", "input", "label", "select", "textarea", "summary"})


@dataclass(slots=True)
class Outcome:
    """What the last action did: kind (navigate, submit, skip, toggle, type, check, select, none),
    a one-line message, and the ids of elements whose state changed."""

    kind: str
    message: str
    changed: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": self.message, "changed": list(self.changed)}


@dataclass(slots=True)
class Place:
    """Where an element comes from: the page's document or an inlined frame's, with that document's form
    state and the URL its relative URLs (links, form actions) resolve against."""

    doc: Document
    form: FormState
    base_url: str
    dom: SpatialDom
    frame: Frame | None = None

    def ids_of(self, node: int) -> list[int]:
        """The ids of the elements made from `node` of this document."""
        if self.frame is None:
            return [e.id for e in self.dom.els if e.node == node]
        first = self.frame.first or 0
        return [first + k for k, n in enumerate(self.frame.nodes) if n == node]


class Interactor:
    def __init__(self, session: AsyncSession) -> None:
        self._s = session

    # ---- lookups ---------------------------------------------------------------------------------
    def _element(self, element_id: int) -> tuple[Page, SpatialElement, Place, Node]:
        """The element, the document it comes from (the page's, or an inlined frame's) and its node."""
        page = self._s._current()
        el = page.dom.get(element_id)
        if el is None:
            top = max((e.id for e in page.dom.els), default=0)
            raise ActionError(
                f"No element with id {element_id} on this page (ids run 1..{top}); read the page again for current ids."
            )
        doc = page.dom.document
        if doc is not None and 0 <= el.node < len(doc.nodes):
            return page, el, Place(doc, page.form, page.dom.url, page.dom), doc.nodes[el.node]
        frame = frame_of(page.dom, element_id)
        node = frame.node_of(element_id) if frame is not None else None
        if frame is not None and node is not None:
            place = Place(frame.document, page.form.of_frame(frame.id), frame.base_url, page.dom, frame)
            return page, el, place, frame.document.nodes[node]
        if frame is not None:
            raise ActionError(
                f"Element {element_id} ({el.tag}) is inside frame {frame.id}, whose document browsy no longer "
                f"holds; click the frame (element {frame.id}) to open it, or load the page again."
            )
        raise ActionError(f"Element {element_id} ({el.tag}) has no source node to act on.")

    def _done(self, kind: str, message: str, changed: Sequence[int] = ()) -> None:
        self._s.last_outcome = Outcome(kind, message, list(changed))

    def _current_dom(self) -> SpatialDom:
        page = self._s._current()
        return overlay(page.dom, page.form)

    # ---- form state ------------------------------------------------------------------------------
    def type_text(self, element_id: int, text: str) -> None:
        _page, _el, place, node = self._element(element_id)
        doc = place.doc
        if not forms.is_typable(node):
            raise ActionError(
                f"Element {element_id} is a {forms.describe(node)}, not a text input or textarea; "
                "type_text works on text-like inputs and textareas (use check/select/click for others)."
            )
        self._require_enabled(element_id, doc, node)
        if forms.is_readonly(node):
            raise ActionError(
                f"Element {element_id} ({forms.describe(node)}) is read-only; it cannot be typed into."
            )
        value = str(text)
        if node.tag == "input":
            value = value.replace("\r", "").replace("\n", "")
        limit = (node.attrs.get("maxlength") or "").strip()
        note = ""
        if limit.isdecimal() and len(value) > int(limit):  # "²" is a digit to isdigit() but no int()
            value, note = value[: int(limit)], f" (cut to maxlength {limit})"
        place.form.values[node.index] = value
        self._done("type", f"Typed {len(value)} characters into element {element_id}{note}.", [element_id])

    def set_checked(self, element_id: int, checked: bool) -> None:
        _page, _el, place, node = self._element(element_id)
        doc = place.doc
        if not forms.is_checkable(node):
            raise ActionError(
                f"Element {element_id} is a {forms.describe(node)}, not a checkbox or radio; "
                "check/uncheck/toggle work on checkboxes and radios."
            )
        self._require_enabled(element_id, doc, node)
        changed = [element_id]
        if checked and forms.input_type(node) == "radio":
            for other in forms.radio_group(doc, node.index):
                if other != node.index:
                    place.form.checked[other] = False
                    changed += place.ids_of(other)
        place.form.checked[node.index] = checked
        state = "checked" if checked else "unchecked"
        self._done("check", f"Element {element_id} is now {state}.", changed)

    def toggle(self, element_id: int) -> None:
        _page, _el, place, node = self._element(element_id)
        if not forms.is_checkable(node):
            self.set_checked(element_id, True)  # raises the ActionError with the element's kind
        self.set_checked(element_id, not place.form.is_checked(place.doc, node.index))

    def select(self, element_id: int, value: str | Sequence[str]) -> None:
        _page, _el, place, node = self._element(element_id)
        doc = place.doc
        if node.tag != "select":
            raise ActionError(
                f"Element {element_id} is a {forms.describe(node)}, not a <select>; select works on drop-downs and lists."
            )
        self._require_enabled(element_id, doc, node)
        wanted = [value] if isinstance(value, str) else list(value)
        if not wanted:
            raise ActionError("select needs at least one value.")
        chosen = [self._option(element_id, doc, node, v) for v in wanted]
        if forms.is_multiple(node):
            if isinstance(value, str):
                current = place.form.selected_options(doc, node.index)
                chosen = current + [o for o in chosen if o not in current]
        elif len(chosen) > 1:
            raise ActionError(f"Element {element_id} is a single-choice <select>; give one value.")
        place.form.selected[node.index] = chosen
        labels = ", ".join(repr(forms.option_label(doc, o)) for o in chosen)
        self._done("select", f"Element {element_id} now has {labels} selected.", [element_id])

    def _option(self, element_id: int, doc: Document, select: Node, wanted: str) -> int:
        options = forms.options_of(doc, select.index)
        text = str(wanted)
        for match in (
            lambda o: forms.option_value(doc, o) == text,
            lambda o: forms.option_label(doc, o) == text.strip(),
            lambda o: forms.option_label(doc, o).casefold() == text.strip().casefold(),
            lambda o: forms.option_value(doc, o).casefold() == text.strip().casefold(),
        ):
            found = next((o for o in options if match(o)), None)
            if found is not None:
                if forms.is_disabled(doc, found):
                    raise ActionError(f"Option {text!r} of element {element_id} is disabled.")
                return found
        listed = ", ".join(repr(forms.option_value(doc, o)) for o in options[:12])
        more = ", …" if len(options) > 12 else ""
        raise ActionError(f"Element {element_id} has no option {text!r}; its options are: {listed}{more}.")

    def _require_enabled(self, element_id: int, doc: Document, node: Node) -> None:
        if forms.is_disabled(doc, node.index):
            raise ActionError(f"Element {element_id} ({forms.describe(node)}) is disabled.")

    # ---- click -----------------------------------------------------------------------------------
    async def click(self, element_id: int) -> SpatialDom:
        page = self._s._current()
        inside = page.dom.get(element_id)
        if (
            inside is not None
            and inside.tag == "a"
            and inside.href
            and frame_of(page.dom, element_id) is not None
        ):
            # A link in a frame: followed as the page's top-level navigation (an agent reads one document).
            return await self._follow(page, inside.href, f"Followed link {element_id} of a frame")
        if (
            inside is not None
            and inside.tag == "iframe"
            and scheme_of(inside.href or "") in ("http", "https")
        ):
            # Clicking a frame opens its document as the page, where its forms can be filled and sent.
            return await self._follow(page, inside.href or "", f"Opened frame {element_id}")
        page, el, place, node = self._element(element_id)
        doc = place.doc
        behaviors = self.behaviors() if place.frame is None else []  # detected on the page's document
        behavior = next((b for b in behaviors if b.trigger_id == element_id), None)
        if behavior is not None:
            if behavior.action in ("toggle", "show", "hide"):
                return self._apply_visibility(page, behavior)
            if behavior.action == "navigate" and behavior.url:
                return await self._follow(
                    page, behavior.url, f"Followed the script navigation of element {element_id}"
                )
            if behavior.action == "submit" and forms.form_owner(doc, node.index) is not None:
                return await self._submit_form_of(page, place, node.index, None, element_id)
        target = self._activation_target(doc, node)
        if target is None:
            # As in a browser, clicking text does nothing: the same answer as clicking a text field (the page,
            # unchanged, with a hint), not an error.
            self._done(
                "none",
                f"Element {element_id} is a <{node.tag}> with no link, button or detected behaviour; clicking it did "
                "nothing. Click a link, button or form control id instead.",
            )
            return self._current_dom()
        return await self._activate(page, el, place, doc.nodes[target])

    async def _activate(self, page: Page, el: SpatialElement, place: Place, node: Node) -> SpatialDom:
        element_id, doc = el.id, place.doc
        if node.tag in ("a", "area"):
            return await self._click_link(page, element_id, place, node)
        if node.tag == "label":
            control = self._labelled_control(doc, node)
            if control is None:
                raise ActionError(f"Label {element_id} is not attached to any form control.")
            return await self._activate(page, el, place, doc.nodes[control])
        if forms.is_checkable(node):
            self._require_enabled(element_id, doc, node)
            ids = place.ids_of(node.index) or [element_id]
            if forms.input_type(node) == "radio":
                self.set_checked(ids[0], True)
            else:
                self.toggle(ids[0])
            return self._current_dom()
        if forms.is_submit_button(node):
            self._require_enabled(element_id, doc, node)
            return await self._submit_form_of(page, place, node.index, node.index, element_id)
        if forms.is_button(node):
            return await self._plain_button(element_id, place, node)
        if node.tag == "summary":
            self._done("none", f"Element {element_id} is a <summary>; its details are already listed.")
            return self._current_dom()
        self._done(
            "none", f"Element {element_id} is a {forms.describe(node)}; use type_text or select to fill it."
        )
        return self._current_dom()

    async def _plain_button(self, element_id: int, place: Place, node: Node) -> SpatialDom:
        kind = forms.button_type(node) if node.tag == "button" else forms.input_type(node)
        owner = forms.form_owner(place.doc, node.index)
        if kind == "reset" and owner is not None:
            place.form.reset(set(forms.form_controls(place.doc, owner)))
            self._done("reset", f"Reset the form of element {element_id} to its initial values.")
            return self._current_dom()
        self._done(
            "none",
            f"Element {element_id} is a {forms.describe(node)} with no detected behaviour; nothing happened.",
        )
        return self._current_dom()

    async def _click_link(self, page: Page, element_id: int, place: Place, node: Node) -> SpatialDom:
        href = (node.attrs.get("href") or "").strip()
        scheme = scheme_of(href)
        if scheme in NOT_FOLLOWED_SCHEMES:
            self._done(
                "skip",
                f"Element {element_id} is {NOT_FOLLOWED_SCHEMES[scheme]} ({href[:80]}); not followed, the page is unchanged.",
            )
            return self._current_dom()
        if not href or href.startswith("#"):
            self._done(
                "skip",
                f"Element {element_id} links to a spot on this same page ({href or 'no href'}); nothing to load.",
            )
            return self._current_dom()
        url = join_url(document_base(place.doc, place.base_url), href)
        if url is None:
            raise ActionError(f"Element {element_id} links to {href!r}, which is not a valid URL.")
        here, _, _ = place.base_url.partition("#")
        target, has_fragment, _ = url.partition("#")
        if has_fragment and target == here:
            self._done(
                "skip", f"Element {element_id} links to a spot on this same page ({href}); nothing to load."
            )
            return self._current_dom()
        return await self._follow(page, url, f"Followed link {element_id}")

    async def _follow(self, page: Page, href: str, what: str) -> SpatialDom:
        url = join_url(document_base(page.dom.document, page.dom.url), href) or href
        loaded = await self._s._loader.load(url, headers=_referer(page.dom.url, url), initiator=page.dom.url)
        self._s._navigate_to(loaded)
        self._done("navigate", f"{what} to {loaded.dom.url}.")
        return loaded.dom

    def _labelled_control(self, doc: Document, label: Node) -> int | None:
        target = label.attrs.get("for")
        if target:
            found = forms.element_by_id(doc, target)
            return found if found is not None and doc.nodes[found].tag in forms.SUBMITTABLE_TAGS else None
        for i in sorted(forms.descendants(doc, label.index)):
            if doc.nodes[i].tag in forms.SUBMITTABLE_TAGS:
                return i
        return None

    def _activation_target(self, doc: Document, node: Node) -> int | None:
        """The element a click on `node` activates: itself or its nearest activatable ancestor."""
        for i in [node.index, *forms.ancestors(doc, node.index)]:
            n = doc.nodes[i]
            if n.tag in ("a", "area") and n.attrs.get("href") is not None:
                return i
            if n.tag in ACTIVATABLE_TAGS - {"a", "area"}:
                return i
        return None

    # ---- submission ------------------------------------------------------------------------------
    async def submit(self, element_id: int) -> SpatialDom:
        """Implicit submission (Enter in a field) of the element's form."""
        page, _el, place, node = self._element(element_id)
        doc = place.doc
        owner = forms.form_owner(doc, node.index)
        if owner is None:
            raise ActionError(
                f"Element {element_id} ({forms.describe(node)}) is not inside a form; nothing to submit."
            )
        default = forms.default_button(doc, owner)
        if default is not None and forms.is_disabled(doc, default):
            raise ActionError(
                f"The form of element {element_id} has a disabled submit button; it cannot be submitted."
            )
        return await self._submit_form_of(page, place, node.index, default, element_id)

    async def _submit_form_of(
        self, page: Page, place: Place, control: int, submitter: int | None, element_id: int
    ) -> SpatialDom:
        """Send the form of `control`; a frame's form goes to its action resolved against the frame's URL,
        and its answer becomes the page (as a form with target=_top would), through the same guard."""
        owner = forms.form_owner(place.doc, control)
        if owner is None:
            self._done(
                "none", f"Element {element_id} is a submit button outside any form; nothing was submitted."
            )
            return self._current_dom()
        request = build_submission(place.doc, place.base_url, owner, place.form, submitter)
        if request is None:
            self._done("none", f"The form of element {element_id} closes a dialog; nothing was loaded.")
            return self._current_dom()
        headers = {**request.headers, **_referer(place.base_url, request.url)}
        loaded = await self._s._loader.load(
            request.url, method=request.method, content=request.body, headers=headers, initiator=page.dom.url
        )
        self._s._navigate_to(loaded)
        self._done(
            "submit",
            f"Submitted the form ({request.method}) with element {element_id}; now at {loaded.dom.url}.",
        )
        return loaded.dom

    # ---- compound actions ------------------------------------------------------------------------
    def _action(self, kind: type[R]) -> R | None:
        dom = self._s._current().dom
        return next((a for a in dom.suggested_actions if isinstance(a, kind)), None)

    async def login(self, username: str, password: str) -> SpatialDom:
        action = self._action(Login)
        if action is None:
            page_type = self._s._current().dom.page_type
            raise ActionError(
                f"No login form was detected on this page (page type {page_type}); "
                "fill the fields with type_text and click the submit button instead."
            )
        if action.username_id is not None:
            self.type_text(action.username_id, username)
        self.type_text(action.password_id, password)
        return await self._press(action, action.password_id)

    async def enter_code(self, code: str) -> SpatialDom:
        action = self._action(EnterCode)
        if action is None:
            raise ActionError(
                "No verification-code form was detected on this page; type the code with type_text and click submit."
            )
        self.type_text(action.input_id, str(code).strip())
        return await self._press(action, action.input_id)

    async def _press(self, action: Login | EnterCode, field_id: int) -> SpatialDom:
        if action.submit_id is not None:
            return await self.click(action.submit_id)
        return await self.submit(field_id)

    # ---- JS behaviours ---------------------------------------------------------------------------
    def behaviors(self) -> list[Any]:
        page = self._s._page
        if page is None:
            return []
        return list(detect_behaviors(page.dom))

    def _apply_visibility(self, page: Page, behavior: Any) -> SpatialDom:
        change = apply_visibility(page.dom, behavior)
        if change.changed:
            self._s._previous_dom = page.dom
            page.dom = change.dom
            page.toggles.append(Toggle(behavior.action, list(behavior.target_ids)))
        self._done(
            "toggle",
            f"Element {behavior.trigger_id} {behavior.action}s its target ({change.summary()}).",
            change.changed,
        )
        return self._current_dom()


def _referer(document_url: str, target: str) -> dict[str, str]:
    """The Referer a browser sends by default (strict-origin-when-cross-origin): the full URL of the
    document (the page, or the frame whose form is sent) to the same origin, only the origin elsewhere,
    nothing from https to http."""
    source = document_url.split("#", 1)[0]
    if not source.startswith(("http://", "https://")):
        return {}
    src, dst = httpx.URL(source), httpx.URL(target)
    if src.scheme == "https" and dst.scheme == "http":
        return {}
    if (src.scheme, src.host, src.port) == (dst.scheme, dst.host, dst.port):
        return {"Referer": source}
    return {"Referer": f"{src.scheme}://{src.netloc.decode('ascii')}/"}
