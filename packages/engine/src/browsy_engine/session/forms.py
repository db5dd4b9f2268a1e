"""HTML form semantics over the parsed document (dom.tree): control kinds, form owners, defaults.

These follow the HTML standard's rules for listed elements: the form owner is the form named by the
`form=` attribute if it names a <form>, else the nearest ancestor form; a control is disabled by its
own `disabled` or by a disabled <fieldset> ancestor (unless it sits in that fieldset's first <legend>).
"""

from __future__ import annotations

from ..dom.tree import Document, Node
from ..spatial.roles import select_size

LISTED_TAGS = frozenset({"input", "button", "select", "textarea", "fieldset", "output", "object"})
SUBMITTABLE_TAGS = frozenset({"input", "button", "select", "textarea"})
BUTTON_INPUT_TYPES = frozenset({"submit", "image", "reset", "button"})
CHECKABLE_TYPES = frozenset({"checkbox", "radio"})
# Input types whose value is set by typing (the rest are buttons, checkables, file and hidden).
TYPABLE_INPUT_TYPES = frozenset(
    {
        "text",
        "search",
        "email",
        "password",
        "tel",
        "url",
        "number",
        "date",
        "datetime-local",
        "month",
        "week",
        "time",
        "color",
        "range",
    }
)
KNOWN_INPUT_TYPES = TYPABLE_INPUT_TYPES | BUTTON_INPUT_TYPES | CHECKABLE_TYPES | {"file", "hidden"}


def input_type(node: Node) -> str:
    """The input's type in lowercase; missing or unknown types are "text" (as browsers treat them)."""
    t = (node.attrs.get("type") or "text").strip().lower()
    return t if t in KNOWN_INPUT_TYPES else "text"


def describe(node: Node) -> str:
    """A short phrase naming an element's kind for error messages, e.g. `<input type=checkbox>`."""
    if node.tag == "input":
        return f"<input type={input_type(node)}>"
    if node.tag == "button":
        return f"<button type={button_type(node)}>"
    return f"<{node.tag}>"


def button_type(node: Node) -> str:
    t = (node.attrs.get("type") or "submit").strip().lower()
    return t if t in ("submit", "reset", "button") else "submit"


def is_typable(node: Node) -> bool:
    return node.tag == "textarea" or (node.tag == "input" and input_type(node) in TYPABLE_INPUT_TYPES)


def is_checkable(node: Node) -> bool:
    return node.tag == "input" and input_type(node) in CHECKABLE_TYPES


def is_submit_button(node: Node) -> bool:
    if node.tag == "button":
        return button_type(node) == "submit"
    return node.tag == "input" and input_type(node) in ("submit", "image")


def is_button(node: Node) -> bool:
    return node.tag == "button" or (node.tag == "input" and input_type(node) in BUTTON_INPUT_TYPES)


def ancestors(doc: Document, index: int) -> list[int]:
    """Indices of the ancestors of a node, nearest first."""
    out: list[int] = []
    parent = doc.nodes[index].parent
    while parent >= 0:
        out.append(parent)
        parent = doc.nodes[parent].parent
    return out


def descendants(doc: Document, index: int) -> set[int]:
    """Indices of all descendants of a node."""
    out: set[int] = set()
    stack = list(doc.nodes[index].children)
    while stack:
        i = stack.pop()
        out.add(i)
        stack.extend(doc.nodes[i].children)
    return out


def element_by_id(doc: Document, element_id: str) -> int | None:
    """The first element in document order with this id attribute."""
    for node in doc.nodes:
        if node.attrs.get("id") == element_id:
            return node.index
    return None


def form_owner(doc: Document, index: int) -> int | None:
    """The form a control (or any element) belongs to; a <form> owns itself."""
    node = doc.nodes[index]
    if node.tag == "form":
        return index
    form_ref = node.attrs.get("form")
    if form_ref is not None and node.tag in LISTED_TAGS:
        target = element_by_id(doc, form_ref)
        return target if target is not None and doc.nodes[target].tag == "form" else None
    for a in ancestors(doc, index):
        if doc.nodes[a].tag == "form":
            return a
    return None


def form_controls(doc: Document, form_index: int) -> list[int]:
    """The submittable controls whose owner is this form, in document order (including controls
    elsewhere in the page that point at it with `form=`)."""
    return [
        n.index for n in doc.nodes if n.tag in SUBMITTABLE_TAGS and form_owner(doc, n.index) == form_index
    ]


def is_disabled(doc: Document, index: int) -> bool:
    node = doc.nodes[index]
    if "disabled" in node.attrs and node.tag in LISTED_TAGS | {"option", "optgroup"}:
        return True
    child = index
    for a in ancestors(doc, index):
        anc = doc.nodes[a]
        if anc.tag == "fieldset" and "disabled" in anc.attrs:
            legend = next((c for c in anc.children if doc.nodes[c].tag == "legend"), None)
            if legend is None or child != legend:
                return True
        if node.tag == "option" and anc.tag == "optgroup" and "disabled" in anc.attrs:
            return True
        child = a
    return False


def is_readonly(node: Node) -> bool:
    return "readonly" in node.attrs and node.tag in ("input", "textarea")


def in_datalist(doc: Document, index: int) -> bool:
    return any(doc.nodes[a].tag == "datalist" for a in ancestors(doc, index))


def collapse(text: str) -> str:
    return " ".join(text.split())


def options_of(doc: Document, select_index: int) -> list[int]:
    """The <option>s of a select (directly or inside <optgroup>), in order."""
    out: list[int] = []
    for child in doc.nodes[select_index].children:
        node = doc.nodes[child]
        if node.tag == "option":
            out.append(child)
        elif node.tag == "optgroup":
            out.extend(c for c in node.children if doc.nodes[c].tag == "option")
    return out


def option_label(doc: Document, option_index: int) -> str:
    node = doc.nodes[option_index]
    return node.attrs.get("label") or collapse(doc.text_of(option_index))


def option_value(doc: Document, option_index: int) -> str:
    value = doc.nodes[option_index].attrs.get("value")
    return value if value is not None else collapse(doc.text_of(option_index))


def is_multiple(node: Node) -> bool:
    return "multiple" in node.attrs


def default_selected(doc: Document, select_index: int) -> list[int]:
    """The options selected when the page loads: those with `selected` (the last one for a single
    select); with none, a single drop-down select shows its first enabled option."""
    options = options_of(doc, select_index)
    marked = [o for o in options if "selected" in doc.nodes[o].attrs]
    node = doc.nodes[select_index]
    if is_multiple(node):
        return marked
    if marked:
        return [marked[-1]]
    if select_size(node) > 1:
        return []
    enabled = [o for o in options if not is_disabled(doc, o)]
    return enabled[:1]


def default_value(doc: Document, index: int) -> str:
    """A control's value as written in the HTML (textarea: its text; checkbox/radio default "on")."""
    node = doc.nodes[index]
    if node.tag == "textarea":
        text = doc.text_of(index)
        return text[1:] if text.startswith("\n") else text
    value = node.attrs.get("value")
    if value is None and is_checkable(node):
        return "on"
    return value or ""


def default_checked(node: Node) -> bool:
    return "checked" in node.attrs


def radio_group(doc: Document, index: int) -> list[int]:
    """The radios in the same group as this one (same name, same form owner), itself included."""
    node = doc.nodes[index]
    name = node.attrs.get("name")
    if not name:
        return [index]
    owner = form_owner(doc, index)
    return [
        n.index
        for n in doc.nodes
        if n.tag == "input"
        and input_type(n) == "radio"
        and n.attrs.get("name") == name
        and form_owner(doc, n.index) == owner
    ]


def default_button(doc: Document, form_index: int) -> int | None:
    """The form's default button: its first submit button in document order."""
    for i in form_controls(doc, form_index):
        if is_submit_button(doc.nodes[i]):
            return i
    return None
