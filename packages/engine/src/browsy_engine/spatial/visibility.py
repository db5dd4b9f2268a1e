"""Which nodes are hidden, computed in one pass over the pre-order node list.

Two notions:
- *unrendered*: the browser draws nothing for it — `display:none` (self or ancestor), the `hidden`
  attribute, `visibility:hidden|collapse`, the content of a closed `<details>` (all but its summary),
  a `<dialog>` without `open`. Text of unrendered nodes is left out of a rendered element's text,
  as `innerText` does.
- *hidden*: unrendered, or inside `aria-hidden="true"`. This is the Spatial DOM's `hidden: true`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..css.style import ComputedStyle
from ..dom.tree import Document


@dataclass(slots=True)
class Visibility:
    unrendered: bytearray
    hidden: bytearray


def _first_summary_child(doc: Document, details: int) -> int:
    nodes = doc.nodes
    for c in nodes[details].children:
        if nodes[c].tag == "summary":
            return c
    return -1


def compute_visibility(doc: Document, styles: list[ComputedStyle | None]) -> Visibility:
    nodes = doc.nodes
    n = len(nodes)
    removed = bytearray(n)  # no box at all, whole subtree (display:none and its equivalents)
    unrendered = bytearray(n)
    aria_hidden = bytearray(n)  # inside aria-hidden="true"
    hidden = bytearray(n)
    summary_of: dict[int, int] = {}  # closed <details> → its first <summary> child
    n_styles = len(styles)
    for node in nodes:
        i = node.index
        p = node.parent
        if node.text is not None:
            if p >= 0:
                unrendered[i] = unrendered[p] or (p in summary_of)
                hidden[i] = aria_hidden[p] or unrendered[i]
            continue
        attrs = node.attrs
        style = styles[i] if i < n_styles else None
        gone = p >= 0 and (removed[p] or (p in summary_of and summary_of[p] != i))
        if not gone:
            gone = (
                "hidden" in attrs
                or (style is not None and style.display == "none")
                or (node.tag == "dialog" and "open" not in attrs)
            )
        removed[i] = gone
        # visibility is inherited by the cascade, and a child may set it back to visible.
        invisible = style is not None and style.visibility in ("hidden", "collapse")
        unrendered[i] = gone or invisible
        if p >= 0 and aria_hidden[p]:
            aria_hidden[i] = 1
        else:
            flag = attrs.get("aria-hidden")
            aria_hidden[i] = flag is not None and flag.strip().lower() == "true"
        hidden[i] = unrendered[i] or aria_hidden[i]
        if node.tag == "details" and "open" not in attrs:
            summary_of[i] = _first_summary_child(doc, i)
    return Visibility(unrendered, hidden)
