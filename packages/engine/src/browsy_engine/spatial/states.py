"""States and values of elements: checked, disabled, expanded, selected, required, and `val`."""

from __future__ import annotations

from typing import Final

from ..dom.tree import Document, Node, has_any_attribute
from .roles import CHECKABLE_ROLES, select_size
from .text import collapse

FORM_CONTROLS: Final = frozenset({"input", "select", "textarea", "button"})
_DISABLEABLE: Final = frozenset({"input", "select", "textarea", "button", "fieldset", "optgroup", "option"})
# The attributes the four states below read.
_STATE_ATTRIBUTES: Final = frozenset(
    {"disabled", "required", "aria-disabled", "aria-expanded", "aria-selected", "aria-required"}
)


def _aria_bool(node: Node, name: str) -> bool | None:
    value = node.attrs.get(name)
    if value is None:  # the usual case: no such attribute
        return None
    value = value.strip().lower()
    if value == "true":
        return True
    if value == "false":
        return False
    return None


def disabled_by_fieldset(doc: Document) -> bytearray:
    """1 for nodes inside a disabled <fieldset> (but not inside that fieldset's first <legend>)."""
    nodes = doc.nodes
    out = bytearray(len(nodes))
    for n in nodes:
        if n.tag == "fieldset" and "disabled" in n.attrs:
            break
    else:
        return out  # no disabled fieldset (the usual case)
    for node in nodes:
        p = node.parent
        if p < 0 or node.text is not None:
            continue
        parent = nodes[p]
        if parent.tag == "fieldset" and "disabled" in parent.attrs:
            first_legend = next((c for c in parent.children if nodes[c].tag == "legend"), -1)
            grand = parent.parent
            out[node.index] = out[grand] if (node.index == first_legend and grand >= 0) else 1
        else:
            out[node.index] = out[p]
    return out


def may_have_state(node: Node) -> bool:
    """False when disabled, expanded, selected and required are all None for sure: no state attribute,
    not a form control (a disabled fieldset disables those), not a <summary> (its <details> is open or not)."""
    return (
        node.tag in FORM_CONTROLS or node.tag == "summary" or has_any_attribute(node.attrs, _STATE_ATTRIBUTES)
    )


def is_disabled(node: Node, in_disabled_fieldset: bool) -> bool | None:
    if node.tag in _DISABLEABLE and "disabled" in node.attrs:
        return True
    if node.tag in FORM_CONTROLS and in_disabled_fieldset:
        return True
    return True if _aria_bool(node, "aria-disabled") else None


def is_checked(node: Node, role: str | None, kind_of_input: str | None) -> bool | None:
    if kind_of_input in ("checkbox", "radio"):
        return "checked" in node.attrs
    if role in CHECKABLE_ROLES:
        return _aria_bool(node, "aria-checked")
    return None


def is_expanded(doc: Document, node: Node) -> bool | None:
    state = _aria_bool(node, "aria-expanded")
    if state is None and node.tag == "summary" and node.parent >= 0:
        details = doc.nodes[node.parent]
        if details.tag == "details":
            return "open" in details.attrs
    return state


def is_selected(node: Node) -> bool | None:
    return _aria_bool(node, "aria-selected")


def is_required(node: Node) -> bool | None:
    if node.tag in ("input", "select", "textarea") and "required" in node.attrs:
        return True
    return True if _aria_bool(node, "aria-required") else None


def _option_value(doc: Document, option: Node) -> str:
    value = option.attrs.get("value")
    return value if value is not None else collapse(doc.text_of(option.index))


def select_options(doc: Document, select: Node) -> list[Node]:
    """The <option>s of a <select>, in order (directly or inside <optgroup>)."""
    nodes = doc.nodes
    out: list[Node] = []
    for c in select.children:
        child = nodes[c]
        if child.tag == "option":
            out.append(child)
        elif child.tag == "optgroup":
            out.extend(nodes[g] for g in child.children if nodes[g].tag == "option")
    return out


def select_value(doc: Document, select: Node, options: list[Node]) -> str | None:
    """The selected option's value: the last `selected` option (all of them for `multiple`, joined by
    ", "), else the first enabled option of a drop-down (a list box selects nothing by default)."""
    chosen = [o for o in options if "selected" in o.attrs]
    multiple = "multiple" in select.attrs
    if multiple:
        values = [_option_value(doc, o) for o in chosen]
        return ", ".join(values) or None
    if chosen:
        return _option_value(doc, chosen[-1]) or None
    if select_size(select) > 1:
        return None
    for o in options:
        if "disabled" not in o.attrs:
            return _option_value(doc, o) or None
    return None


def textarea_value(doc: Document, textarea: Node) -> str | None:
    value = doc.text_of(textarea.index)
    if value.startswith("\n"):
        value = value[1:]
    return value or None
