"""ARIA roles: explicit `role` attributes, implicit roles of HTML tags, and the role families emission uses."""

from __future__ import annotations

from typing import Final

from ..dom.tree import Node

# Roles that make any element something an agent can act on.
WIDGET_ROLES: Final = frozenset(
    {
        "button",
        "link",
        "checkbox",
        "radio",
        "switch",
        "tab",
        "menuitem",
        "menuitemcheckbox",
        "menuitemradio",
        "option",
        "textbox",
        "searchbox",
        "combobox",
        "slider",
        "spinbutton",
        "treeitem",
    }
)
# Structural landmarks: emitted as role-only markers (plus dialogs, which an agent must notice).
LANDMARK_ROLES: Final = frozenset(
    {"navigation", "banner", "contentinfo", "complementary", "region", "main", "form", "search"}
)
DIALOG_ROLES: Final = frozenset({"dialog", "alertdialog"})
ALERT_ROLES: Final = frozenset({"alert", "status"})
# Roles whose `aria-checked` is a checked state.
CHECKABLE_ROLES: Final = frozenset({"checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"})
NO_ROLE: Final = frozenset({"presentation", "none"})

HEADING_TAGS: Final = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
LANDMARK_TAGS: Final = frozenset({"nav", "header", "footer", "main", "aside", "section", "form", "dialog"})
# header/footer are banner/contentinfo only when not scoped to one of these (HTML-AAM).
SECTIONING_TAGS: Final = frozenset({"article", "aside", "main", "nav", "section"})
SCOPED_TAGS: Final = frozenset({"header", "footer"})

_INPUT_ROLES: Final = {
    "checkbox": "checkbox",
    "radio": "radio",
    "button": "button",
    "submit": "button",
    "reset": "button",
    "image": "button",
    "file": "button",
    "search": "searchbox",
    "number": "spinbutton",
    "range": "slider",
}
_TAG_ROLES: Final = {
    "button": "button",
    "textarea": "textbox",
    "nav": "navigation",
    "main": "main",
    "aside": "complementary",
    "form": "form",
    "img": "img",
    "table": "table",
    "ul": "list",
    "ol": "list",
    "li": "listitem",
    "td": "cell",
    "dialog": "dialog",
}
INPUT_TYPES: Final = frozenset(
    {
        "text", "password", "email", "tel", "url", "search", "number", "range", "checkbox", "radio",
        "button", "submit", "reset", "image", "file", "hidden", "date", "datetime-local", "month",
        "week", "time", "color",
    }
)  # fmt: skip


def explicit_role(node: Node) -> str | None:
    """The first token of the `role` attribute, lowercased ('' when the attribute is present but empty)."""
    value = node.attrs.get("role")
    if value is None:
        return None
    tokens = value.split()
    return tokens[0].lower() if tokens else None


def input_type(node: Node) -> str:
    """The input's type as a browser sees it: unknown or missing types are 'text'."""
    value = (node.attrs.get("type") or "text").strip().lower()
    return value if value in INPUT_TYPES else "text"


def select_size(select: Node) -> int:
    """A <select>'s `size` (rows shown), 0 when absent or not a number ("²" is a digit to
    str.isdigit() but no int())."""
    size = (select.attrs.get("size") or "").strip()
    return int(size) if size.isdecimal() else 0


def is_named(node: Node) -> bool:
    attrs = node.attrs
    return bool((attrs.get("aria-label") or "").strip() or (attrs.get("aria-labelledby") or "").strip())


def implicit_role(node: Node, in_sectioning: bool) -> str | None:
    """The implicit ARIA role of an element (HTML-AAM), `in_sectioning` telling header/footer apart."""
    tag = node.tag
    if tag in HEADING_TAGS:
        return "heading"
    if tag == "a" or tag == "area":
        return "link"
    if tag == "input":
        return _INPUT_ROLES.get(input_type(node), "textbox")
    if tag == "select":
        multiple = "multiple" in node.attrs or select_size(node) > 1
        return "listbox" if multiple else "combobox"
    if tag == "header":
        return None if in_sectioning else "banner"
    if tag == "footer":
        return None if in_sectioning else "contentinfo"
    if tag == "section":
        return "region" if is_named(node) else None
    if tag == "th":
        return "rowheader" if (node.attrs.get("scope") or "").lower() == "row" else "columnheader"
    return _TAG_ROLES.get(tag)
