"""One pass over a Spatial DOM collecting everything the rules ask about.

Page-type and action rules read these lists instead of rescanning `dom.els`: visible links, buttons,
form fields, headings, lowercase texts. Access to an element's source node (attributes such as `type`,
`maxlength`, `rel`; the owning `<form>`; whether it sits in the site's chrome) goes through `attrs()`,
`attr()`, `form_of()` and `in_chrome()`, whose ancestor walks are memoised.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..dom.tree import Node
from ..model import SpatialDom, SpatialElement

HEADING_TAGS: Final = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
FIELD_TAGS: Final = frozenset({"input", "select", "textarea"})
BUTTON_INPUT_TYPES: Final = frozenset({"submit", "button", "image", "reset"})
CHOICE_TYPES: Final = frozenset({"checkbox", "radio"})
# Inputs a person types a value into (the seed's "data-entry inputs"): everything but these.
NON_ENTRY_TYPES: Final = BUTTON_INPUT_TYPES | CHOICE_TYPES | {"hidden"}
TEXTLIKE_TYPES: Final = frozenset({"", "text", "email", "tel", "number", "search", "url"})
# The site's chrome around the content: navigation bars, headers, footers, sidebars.
_CHROME_TAGS: Final = frozenset({"nav", "header", "footer", "aside"})
_CHROME_ROLES: Final = frozenset({"navigation", "banner", "contentinfo", "complementary"})
_NO_ATTRS: dict[str, str | None] = {}
_LANDMARK_ROLES: Final = frozenset(
    {"navigation", "main", "banner", "contentinfo", "complementary", "search", "form"}
)


def _is_chrome(node: Node) -> bool:
    return node.tag in _CHROME_TAGS or (node.attrs.get("role") or "") in _CHROME_ROLES


def _is_form_node(node: Node) -> bool:
    return node.tag == "form"


def input_type(el: SpatialElement) -> str:
    """Lowercase input type; "" for a plain text input or a non-input."""
    return (el.input_type or "").lower() if el.tag == "input" else ""


def is_button(el: SpatialElement) -> bool:
    """Buttons: <button>, input submit/button/image/reset, role=button (a file input is a field)."""
    if el.tag == "input":
        return input_type(el) in BUTTON_INPUT_TYPES
    return el.tag == "button" or el.role == "button"


def is_link(el: SpatialElement) -> bool:
    return el.role == "link" or (el.tag == "a" and el.href is not None)


class PageFacts:
    """What the detectors read of a page, gathered in one pass (collect_facts). A plain class, not a
    dataclass: under mypyc a dataclass's generated __init__ runs as Python, and one is made per parse."""

    def __init__(self, dom: SpatialDom, title: str = "") -> None:
        self.dom = dom
        self.title = title
        self.headings: list[str] = []
        self.h1: list[str] = []  # the page's top-level headings, also in `headings`
        # Headings that only wrap a link (h2 > a): the titles of a listing, not sections of an article.
        self.link_headings = 0
        self.visible: list[SpatialElement] = []
        self.visible_texts: list[str] = []  # text(el) of each visible element, in order
        self.alerts: list[SpatialElement] = []  # visible elements with an alert_type
        self.links: list[SpatialElement] = []
        self.buttons: list[SpatialElement] = []
        self.fields: list[SpatialElement] = []
        self.hidden_fields: list[SpatialElement] = []
        self.passwords: list[SpatialElement] = []
        self.paragraphs: list[SpatialElement] = []
        self.landmark_roles: set[str] = set()
        self.lower: dict[int, str] = {}
        self.nodes: list[Node] = []  # the document's nodes ([] without a document)
        self._forms: dict[int, int] = {}
        self._chrome: dict[int, bool] = {}
        self._form_ids: dict[str, int] = {}

    @property
    def title_and_headings(self) -> list[str]:
        return [self.title, *self.headings]

    def text(self, el: SpatialElement) -> str:
        """Lowercase visible text of an element ("" when it has none)."""
        return self.lower.get(el.id, "")

    def attrs(self, el: SpatialElement) -> dict[str, str | None]:
        """The attributes of the element's source node ({} without a document)."""
        nodes = self.nodes
        return nodes[el.node].attrs if 0 <= el.node < len(nodes) else _NO_ATTRS

    def attr(self, el: SpatialElement, name: str) -> str | None:
        return self.attrs(el).get(name)

    def descriptor(self, el: SpatialElement) -> str:
        """Lowercase name, label, placeholder, id and aria-label of a field, for purpose matching."""
        parts = [
            el.name,
            el.label,
            el.ph,
            self.attr(el, "id"),
            self.attr(el, "aria-label"),
            self.attr(el, "autocomplete"),
        ]
        return " ".join(p for p in parts if p).lower()

    def form_of(self, el: SpatialElement) -> int:
        """Node index of the element's form (`form=` attribute or nearest `<form>` ancestor), or -1."""
        doc = self.dom.document
        if doc is None or not 0 <= el.node < len(doc.nodes):
            return -1
        owner = doc.nodes[el.node].attrs.get("form")
        if owner:
            if owner not in self._form_ids:
                self._form_ids[owner] = next(
                    (n.index for n in doc.nodes if n.tag == "form" and n.attrs.get("id") == owner), -1
                )
            if self._form_ids[owner] >= 0:
                return self._form_ids[owner]
        return self._up(doc.nodes[el.node].parent, self._forms, _is_form_node, lambda n: n.index, -1)

    def is_search_input(self, el: SpatialElement) -> bool:
        """The seed's search criteria: type search, role searchbox, name q, or "search" in name/placeholder
        (also in aria-label/title, which real sites use on icon-only search boxes)."""
        if el.tag not in ("input", "textarea") or input_type(el) not in TEXTLIKE_TYPES:
            return False
        if input_type(el) == "search" or el.role == "searchbox":
            return True
        name = (el.name or "").lower()
        if name == "q" or "search" in name:
            return True
        hints = (el.ph, self.attr(el, "aria-label"), self.attr(el, "title"))
        return any(h and "search" in h.lower() for h in hints)

    def in_chrome(self, el: SpatialElement) -> bool:
        """Inside the site's chrome: a nav, header, footer or aside (or their ARIA roles)."""
        doc = self.dom.document
        if doc is None or not 0 <= el.node < len(doc.nodes):
            return False
        return self.node_in_chrome(doc.nodes[el.node].parent)

    def node_in_chrome(self, index: int) -> bool:
        """Whether node `index` is, or is inside, a nav/header/footer/aside (memoised along the path)."""
        return self._up(index, self._chrome, _is_chrome, True, False)

    def _up(self, index: int, memo: dict[int, Any], test: Callable[[Node], bool], hit: Any, miss: Any) -> Any:
        """Walk from node `index` to the root; the first ancestor-or-self passing `test` gives `hit(node)`
        (or `hit`), none gives `miss`. Results are memoised for every node on the path, so a page of many
        deep fields costs one walk per distinct branch, not one per field."""
        nodes = self.dom.document.nodes
        path: list[int] = []
        found = miss
        i = index
        while i >= 0:
            if i in memo:
                found = memo[i]
                break
            path.append(i)
            if test(nodes[i]):
                found = hit(nodes[i]) if callable(hit) else hit
                break
            i = nodes[i].parent
        for j in path:
            memo[j] = found
        return found

    def is_choice_field(self, el: SpatialElement) -> bool:
        """A checkbox/radio that answers a question. Checkboxes re-roled as buttons or left without a
        name outside any form are the CSS toggles of menus and panels (Wikipedia's "Main menu")."""
        if el.tag != "input" or input_type(el) not in CHOICE_TYPES:
            return False
        if el.role not in (None, "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"):
            return False
        return bool(el.name) or self.form_of(el) >= 0

    def is_submit(self, el: SpatialElement) -> bool:
        """A button that submits: <button> without type or type=submit, input submit/image."""
        if el.tag == "input":
            return input_type(el) in ("submit", "image")
        if el.tag == "button":
            return (self.attr(el, "type") or "submit").lower() == "submit"
        return False


def collect_facts(dom: SpatialDom) -> PageFacts:
    facts = PageFacts(dom=dom, title=(dom.title or "").lower())
    if dom.document is not None:
        facts.nodes = dom.document.nodes
    lower = facts.lower
    last_heading: SpatialElement | None = None
    for el in dom.els:
        tag = el.tag
        text = el.text.lower() if el.text else ""
        if text:
            lower[el.id] = text
        if el.role in _LANDMARK_ROLES:
            facts.landmark_roles.add(el.role)
        if tag in FIELD_TAGS and not is_button(el):
            (facts.hidden_fields if el.hidden else facts.fields).append(el)
        if el.hidden:
            continue
        facts.visible.append(el)
        facts.visible_texts.append(text)
        if el.alert_type:
            facts.alerts.append(el)
        if tag in HEADING_TAGS or el.role == "heading":
            if el.text:
                facts.headings.append(lower[el.id])
                if tag == "h1":
                    facts.h1.append(lower[el.id])
                last_heading = el
            continue
        if is_button(el):
            facts.buttons.append(el)
        elif is_link(el):
            facts.links.append(el)
            if last_heading is not None and last_heading.id == el.id - 1 and last_heading.text == el.text:
                facts.link_headings += 1
        elif tag == "p" and el.text:
            facts.paragraphs.append(el)
        if tag == "input" and input_type(el) == "password":
            facts.passwords.append(el)
    return facts
