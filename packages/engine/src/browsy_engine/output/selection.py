"""Which elements of a page an output shows: views and one element's subtree.

- `all`: every element (the seed's output).
- `actions`: what can be clicked, typed or chosen (links, buttons, form fields, summaries, widget roles),
  the headings that give them context (a heading is kept when an action follows it before the next
  heading) and alerts (a form's error after a submit).
- `content`: what is read — headings, text blocks, images with a text, alerts; no controls and no links
  (their text is part of the paragraph around them, or they are navigation).

`within(dom, id)`: the element and what it contains, from the document tree when the page has one (with
the documents of the frames inside it), else from the boxes (elements whose box lies inside the element's
box).

Views keep the page's ids and order, so an id seen in one view means the same element in every other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from ..spatial.roles import HEADING_TAGS, WIDGET_ROLES

if TYPE_CHECKING:
    from ..model import SpatialDom, SpatialElement

View = Literal["all", "actions", "content"]
# The landmarks of a site's chrome: header (banner), navigation, footer (contentinfo).
CHROME_ROLES: Final = frozenset({"banner", "navigation", "contentinfo"})
VIEWS: tuple[str, ...] = ("all", "actions", "content")

_CONTROL_TAGS: Final = frozenset({"button", "input", "select", "textarea", "summary"})


def is_actionable(el: SpatialElement) -> bool:
    """Something an agent can click, type into or choose."""
    if el.tag in _CONTROL_TAGS or (el.role is not None and el.role in WIDGET_ROLES):
        return True
    return el.tag == "a" and bool(el.href)


def is_heading(el: SpatialElement) -> bool:
    return el.tag in HEADING_TAGS or el.role == "heading"


def select_view(els: list[SpatialElement], view: str) -> list[SpatialElement]:
    if view == "actions":
        return _actions(els)
    if view == "content":
        return [el for el in els if _is_content(el)]
    return list(els)


def _actions(els: list[SpatialElement]) -> list[SpatialElement]:
    out: list[SpatialElement] = []
    pending: SpatialElement | None = None  # the last heading, shown once an action follows it
    for el in els:
        if is_actionable(el):
            if pending is not None:
                out.append(pending)
                pending = None
            out.append(el)
        elif is_heading(el):
            pending = el
        elif el.alert_type:
            out.append(el)
    return out


def _is_content(el: SpatialElement) -> bool:
    if is_actionable(el):
        return False
    if is_heading(el) or el.alert_type:
        return True
    return bool(el.text)


def within(dom: SpatialDom, element_id: int) -> list[SpatialElement] | None:
    """The element `element_id` and the elements inside it, in page order (None: no such element)."""
    root = dom.get(element_id)
    if root is None:
        return None
    doc = dom.document
    if doc is not None and 0 <= root.node < len(doc.nodes):
        end = doc.subtree_ends()[root.node]
        inside = [el for el in dom.els if root.node <= el.node <= end]
        # a frame's document (its elements come after the page's) is inside the iframe, and inside
        # whatever holds the iframe
        ranges = [
            (f.first, f.last)
            for f in dom.frames
            if f.first is not None and f.last is not None and any(el.id == f.id for el in inside)
        ]
        if ranges:
            inside += [el for el in dom.els if any(a <= el.id <= b for a, b in ranges)]
        return inside
    x, y, w, h = root.b
    return [
        el
        for el in dom.els
        if el is root
        or (x <= el.b[0] and y <= el.b[1] and el.b[0] + el.b[2] <= x + w and el.b[1] + el.b[3] <= y + h)
    ]


def repeated_chrome(dom: SpatialDom, previous: SpatialDom | None) -> dict[int, list[int]]:
    """The site chrome of `dom` (outermost header, navigation and footer landmarks) that is the same as on
    `previous`, another page — the same elements, texts, links and hidden flags: root id → the ids inside."""
    if previous is None or previous is dom or previous.url == dom.url:
        return {}  # the same document again (a reload, a toggled menu): shown whole
    seen = {_signature(region) for region in _chrome(previous).values()}
    return {
        root: [el.id for el in region[1:]]
        for root, region in _chrome(dom).items()
        if len(region) > 1 and _signature(region) in seen
    }


def _chrome(dom: SpatialDom) -> dict[int, list[SpatialElement]]:
    regions: dict[int, list[SpatialElement]] = {}
    covered: set[int] = set()
    for el in dom.els:
        if el.role in CHROME_ROLES and el.id not in covered:
            region = within(dom, el.id) or [el]
            regions[el.id] = region
            covered.update(e.id for e in region)
    return regions


def _signature(region: list[SpatialElement]) -> tuple[tuple[str, str | None, str | None, bool], ...]:
    return tuple((el.tag, el.text, el.href, bool(el.hidden)) for el in region)
