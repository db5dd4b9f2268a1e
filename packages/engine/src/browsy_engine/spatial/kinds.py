"""What each node becomes in the Spatial DOM, decided in one pass before emission.

Kinds: INTERACTIVE (links, buttons, form fields, summary, widget roles), HEADING, LABEL, IMAGE, FRAME
(an iframe: listed with its src and title; its content is another document, spatial/frames.py),
ALERT (role alert/status or an alert class), LANDMARK (role-only markers: nav, header, footer, main,
aside, section, form, dialog and landmark roles), BLOCK (a block that is emitted when it has text of its
own), INLINE (phrasing content read as part of the block around it) and SKIP (the node and its subtree
are not part of the Spatial DOM: <head>, scripts, hidden inputs, the insides of selects and svgs…).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..dom.tree import Document, Node
from .alerts import class_alert_type
from .roles import (
    ALERT_ROLES,
    DIALOG_ROLES,
    HEADING_TAGS,
    LANDMARK_ROLES,
    LANDMARK_TAGS,
    NO_ROLE,
    WIDGET_ROLES,
    explicit_role,
    input_type,
)
from .text import INLINE_TAGS

SKIP: Final = 0
INLINE: Final = 1
BLOCK: Final = 2
INTERACTIVE: Final = 3
HEADING: Final = 4
LABEL: Final = 5
IMAGE: Final = 6
ALERT: Final = 7
LANDMARK: Final = 8
FRAME: Final = 9
# Kinds that are emitted as elements of their own (whatever their text).
SEPARATE: Final = frozenset({INTERACTIVE, HEADING, LABEL, IMAGE, ALERT, LANDMARK, FRAME})
# Kinds whose text is everything inside them: blocks inside are not emitted again.
CLAIMING: Final = frozenset({INTERACTIVE, HEADING, LABEL, ALERT})

_SKIP_TAGS: Final = frozenset(
    {"head", "script", "style", "template", "title", "meta", "link", "base", "option", "optgroup",
     "datalist", "param", "source", "track", "area", "map", "noembed"}
)  # fmt: skip
# Elements whose descendants are never elements of the Spatial DOM.
_CLOSED_TAGS: Final = frozenset(
    {"select", "textarea", "svg", "math", "iframe", "object", "embed", "video", "audio", "canvas"}
)
_ALWAYS_INTERACTIVE: Final = frozenset({"a", "button", "select", "textarea", "summary"})


# Tags whose kind also depends on other attributes (an input's type, an svg's name).
_ATTRIBUTE_DEPENDENT: Final = frozenset({"input", "svg"})
# The kind of an element without a role attribute, by tag alone (any other tag: BLOCK): classify()'s
# rules in table form, for the common case. An alert class turns the INLINE, BLOCK and LANDMARK ones
# into ALERT.
_ROLELESS_KINDS: Final = {
    **dict.fromkeys(INLINE_TAGS, INLINE),
    **dict.fromkeys(LANDMARK_TAGS, LANDMARK),
    **dict.fromkeys(_SKIP_TAGS, SKIP),  # after INLINE_TAGS: <area> and <map> are skipped
    **dict.fromkeys(_ALWAYS_INTERACTIVE, INTERACTIVE),
    **dict.fromkeys(HEADING_TAGS, HEADING),
    "label": LABEL,
    "img": IMAGE,
    "iframe": FRAME,
}
_ALERTABLE: Final = frozenset({INLINE, BLOCK, LANDMARK})


@dataclass(slots=True, init=False)
class Kinds:
    kind: bytearray
    role: list[str | None]  # explicit role token per node (None when absent)

    # Written out rather than generated (init=False): a dataclass's generated __init__ runs interpreted
    # under mypyc, and one is made per parse. Same parameters as the generated one.
    def __init__(self, kind: bytearray, role: list[str | None]) -> None:
        self.kind = kind
        self.role = role

    def __reduce__(self) -> tuple[type[Kinds], tuple[bytearray, list[str | None]]]:
        # pickling and copying rebuild it through __init__ (a compiled class's __new__ runs it)
        return (Kinds, (self.kind, self.role))


def classify(node: Node, role: str | None) -> int:
    """The kind of an element with explicit role `role` (None: no role attribute)."""
    tag = node.tag
    if tag in _SKIP_TAGS:
        return SKIP
    if tag == "input":
        return SKIP if input_type(node) == "hidden" else INTERACTIVE
    if tag in _ALWAYS_INTERACTIVE or role in WIDGET_ROLES:
        return INTERACTIVE
    if tag in HEADING_TAGS or role == "heading":
        return HEADING
    if tag == "iframe":
        return FRAME
    if tag == "label":
        return LABEL
    if tag == "img":
        return IMAGE
    if tag == "svg" or role == "img":
        named = (node.attrs.get("aria-label") or "").strip()
        return IMAGE if (role == "img" or named) else INLINE
    if role in ALERT_ROLES or class_alert_type(node.attrs.get("class")):
        return ALERT
    if role in LANDMARK_ROLES or role in DIALOG_ROLES:
        return LANDMARK
    if tag in LANDMARK_TAGS and role not in NO_ROLE:
        return LANDMARK
    return INLINE if tag in INLINE_TAGS else BLOCK


def compute_kinds(doc: Document) -> Kinds:
    nodes = doc.nodes
    kind = bytearray(len(nodes))  # SKIP by default: text nodes are never elements
    roles: list[str | None] = [None] * len(nodes)
    closed = bytearray(len(nodes) + 1)  # a spare slot at the end: the root's parent (-1) reads it, always 0
    for i in doc.index().elements:  # the elements in document order (the cascade's index: no text nodes)
        node = nodes[i]
        if closed[node.parent]:
            closed[i] = 1
            continue
        attrs = node.attrs
        tag = node.tag
        if "role" in attrs:
            role = roles[i] = explicit_role(node)
            k = classify(node, role)
        elif tag in _ATTRIBUTE_DEPENDENT:
            k = classify(node, None)
        else:  # most elements: no role, a kind by tag (and class)
            k = _ROLELESS_KINDS.get(tag, BLOCK)
            class_attr = attrs.get("class")
            if class_attr and k in _ALERTABLE and class_alert_type(class_attr):
                k = ALERT
        kind[i] = k
        if k == SKIP or tag in _CLOSED_TAGS:
            closed[i] = 1
    return Kinds(kind, roles)
