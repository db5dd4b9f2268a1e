"""Naming elements in a step: by id, by CSS selector, or by text / label / role — exactly one, never a guess.

- `id`: the element with that ID on the current page.
- `selector`: the page elements whose source node matches the CSS selector (lexbor's matcher, the one the
  cascade uses).
- `text` / `label` / `role`: find's semantics — text is a case- and whitespace-insensitive substring of the
  element's text, label or placeholder; label of its label or placeholder; role an exact ARIA role; all
  given must hold. Hidden elements are not candidates (nobody can act on them). When several match, one
  whose text/label equals the wanted text exactly (ignoring case and spacing) is the one meant; otherwise
  the step fails and lists the candidates.
- Several of these together: the element must satisfy all of them (`selector` + `text`: an element the
  selector matches whose text contains the text).

`extract` reads nodes, not only listed elements: a selector may name any element (a paragraph's text, a
table cell, a div's HTML).
"""

from __future__ import annotations

import html as html_lib
import re
from typing import TYPE_CHECKING

from ..session.errors import ActionError

if TYPE_CHECKING:
    from ..dom.tree import Document
    from ..model import SpatialDom, SpatialElement
    from .steps import Step

_MAX_LISTED = 5
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
)


def _fold(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


def describe(el: SpatialElement) -> str:
    words = el.text or el.label or el.ph or el.name or ""
    shown = f' "{words[:40]}"' if words else ""
    return f"[{el.id}:{el.tag}{shown}]"


def _candidates_text(els: list[SpatialElement]) -> str:
    listed = ", ".join(describe(el) for el in els[:_MAX_LISTED])
    more = f" and {len(els) - _MAX_LISTED} more" if len(els) > _MAX_LISTED else ""
    return listed + more


def _document(dom: SpatialDom) -> Document:
    if dom.document is None:
        raise ActionError("This page has no parsed document to match selectors against.")
    return dom.document


def select_nodes(dom: SpatialDom, selector: str) -> list[int]:
    """Source node indices matching `selector`; a selector lexbor cannot parse is an error, not 'no match'."""
    found = _document(dom).select_checked(selector)
    if found is None:
        raise ActionError(f"Invalid CSS selector {selector!r}.")
    return found


def by_find(dom: SpatialDom, step: Step) -> list[SpatialElement]:
    """Visible elements matching the step's text / label / role (all that are given)."""
    text, label, role = _fold(step.text), _fold(step.label), (step.role or "").strip().lower()
    out = []
    for el in dom.els:
        if el.hidden:
            continue
        if role and (el.role or "").lower() != role:
            continue
        if text and not any(text in _fold(v) for v in (el.text, el.label, el.ph) if v):
            continue
        if label and not any(label in _fold(v) for v in (el.label, el.ph) if v):
            continue
        out.append(el)
    wanted = text or label
    if len(out) > 1 and wanted:
        exact = [el for el in out if any(_fold(v) == wanted for v in (el.text, el.label, el.ph) if v)]
        if len(exact) == 1:
            return exact
    return out


def matching_elements(dom: SpatialDom, step: Step) -> list[SpatialElement]:
    """The elements satisfying every way the step names one (id, selector, text / label / role)."""
    if step.text is not None or step.label is not None or step.role is not None:
        found = by_find(dom, step)
    else:
        found = list(dom.els)
    if step.id is not None:
        found = [el for el in found if el.id == step.id]
    if step.selector is not None:
        nodes = set(select_nodes(dom, step.selector))
        found = [el for el in found if el.node in nodes]
    return found


def resolve_element(dom: SpatialDom, step: Step) -> SpatialElement:
    """The one element the step names; ActionError when none or several do."""
    found = matching_elements(dom, step)
    how = step.target_text()
    if not found:
        selector_only = (step.id, step.text, step.label, step.role) == (None, None, None, None)
        if step.selector is not None and selector_only and select_nodes(dom, step.selector):
            raise ActionError(
                f"No actionable element matches {how}: it matches markup that is not in the page's element "
                "list; name an element inside it (a link, button or field)."
            )
        raise ActionError(f"No element matches {how} on {dom.url or 'this page'}.")
    if len(found) > 1:
        raise ActionError(
            f"{len(found)} elements match {how}: {_candidates_text(found)}. Name one element: add role, use a "
            "more specific selector, or give its id."
        )
    return found[0]


# ---- extract -----------------------------------------------------------------------------------------
def extract_values(dom: SpatialDom, step: Step) -> list[str]:
    """The text / value / href / html of every element the step names (at least one, else ActionError)."""
    attr = step.attr or "text"
    doc = dom.document
    if step.selector is not None and (step.id, step.text, step.label, step.role) == (None, None, None, None):
        nodes = select_nodes(dom, step.selector)
        if not nodes:
            raise ActionError(f"Nothing matches selector {step.selector!r} on {dom.url or 'this page'}.")
        by_node = {el.node: el for el in dom.els}
        return [_node_value(dom, doc, i, by_node.get(i), attr) for i in nodes]
    els = matching_elements(dom, step)
    if not els:
        raise ActionError(f"No element matches {step.target_text()} on {dom.url or 'this page'}.")
    return [_node_value(dom, doc, el.node, el, attr) for el in els]


def _node_value(
    dom: SpatialDom, doc: Document | None, index: int, el: SpatialElement | None, attr: str
) -> str:
    node = doc.nodes[index] if doc is not None and 0 <= index < len(doc.nodes) else None
    if attr == "text":
        if node is not None:
            return " ".join(doc.text_of(index).split()) if doc is not None else ""
        return (el.text or "") if el is not None else ""
    if attr == "value":
        if el is not None and el.val is not None:
            return el.val
        return (node.attrs.get("value") or "") if node is not None else ""
    if attr == "href":
        if el is not None and el.href:
            return el.href
        return (node.attrs.get("href") or "") if node is not None else ""
    return outer_html(doc, index) if doc is not None and node is not None else ""


def outer_html(doc: Document, index: int) -> str:
    """The markup of a node and its subtree, serialised from the parsed tree (attributes and text escaped)."""
    out: list[str] = []
    _write(doc, index, out)
    return "".join(out)


def _write(doc: Document, index: int, out: list[str]) -> None:
    stack: list[tuple[int, bool]] = [(index, False)]
    while stack:
        i, closing = stack.pop()
        node = doc.nodes[i]
        if closing:
            out.append(f"</{node.tag}>")
            continue
        if node.text is not None:
            out.append(html_lib.escape(node.text, quote=False))
            continue
        attrs = "".join(
            f' {k}="{html_lib.escape(v, quote=True)}"' if v is not None else f" {k}"
            for k, v in node.attrs.items()
        )
        out.append(f"<{node.tag}{attrs}>")
        if node.tag in _VOID:
            continue
        stack.append((i, True))
        stack.extend((c, False) for c in reversed(node.children))


def apply_pattern(values: list[str], pattern: str) -> list[str]:
    """Each value's first match of `pattern` (its first group when it has one); values without a match drop out."""
    try:
        regex = re.compile(pattern)
    except re.error as err:
        raise ActionError(f"Invalid pattern {pattern!r}: {err}.") from None
    out = []
    for value in values:
        match = regex.search(value)
        if match is not None:
            out.append(match.group(1) if regex.groups else match.group(0))
    if not out:
        raise ActionError(f"Pattern {pattern!r} matches none of the extracted values.")
    return out


def page_contains(dom: SpatialDom, text: str) -> bool:
    """Whether the page shows `text` (case- and whitespace-insensitive) in its title or any element's text,
    label, value or placeholder (hidden elements do not count)."""
    wanted = _fold(text)
    if wanted in _fold(dom.title):
        return True
    return any(
        wanted in _fold(v) for el in dom.els if not el.hidden for v in (el.text, el.label, el.val, el.ph) if v
    )
