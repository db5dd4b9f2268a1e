"""Which nodes are hidden, computed in one pass over the pre-order node list.

Two notions:
- *unrendered*: the browser draws nothing for it — `display:none` (self or ancestor), the `hidden`
  attribute, `visibility:hidden|collapse`, the content of a closed `<details>` (all but its summary),
  a `<dialog>` without `open`. Text of unrendered nodes is left out of a rendered element's text,
  as `innerText` does.
- *hidden*: the Spatial DOM's `hidden: true` — what Chromium does not render. `aria-hidden="true"` is
  not part of it: it hides an element from assistive technology only, and Chromium paints it like any
  other (the seed counted it as hidden; on real pages that disagreed with Chromium on ~1,000 elements
  of corpus-real, mostly decorative icons and visually duplicated labels).
- *muted*: hidden, or inside `aria-hidden="true"`: text an author marked as decoration (icons, glyphs).
  It is still read as part of an element's text, but does not by itself make a block worth emitting.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..css.style import ComputedStyle
from ..dom.tree import Document

_INVISIBLE = frozenset({"hidden", "collapse"})


@dataclass(slots=True)
class Visibility:
    unrendered: bytearray
    hidden: bytearray
    muted: bytes


def _first_summary_child(doc: Document, details: int) -> int:
    nodes = doc.nodes
    for c in nodes[details].children:
        if nodes[c].tag == "summary":
            return c
    return -1


def compute_visibility(doc: Document, styles: list[ComputedStyle | None]) -> Visibility:
    nodes = doc.nodes
    n = len(nodes)
    # One spare slot at the end of the parent-indexed flags: the root's parent (-1) reads it, always 0.
    removed = bytearray(n + 1)  # no box at all, whole subtree (display:none and its equivalents)
    aria_hidden = bytearray(n + 1)  # inside aria-hidden="true"
    unrendered = bytearray(n)
    hidden = bytearray(n)
    summary_of: dict[int, int] = {}  # closed <details> → its first <summary> child
    if len(styles) < n:
        styles = [*styles, *([None] * (n - len(styles)))]
    for node, style in zip(nodes, styles):
        p = node.parent
        if node.text is not None:  # hidden with its parent (a text node is never the root)
            if hidden[p] or (summary_of and p in summary_of):
                i = node.index
                unrendered[i] = unrendered[p] or p in summary_of
                hidden[i] = 1
            if aria_hidden[p]:
                aria_hidden[node.index] = 1
            continue
        i = node.index
        if removed[p]:
            removed[i] = unrendered[i] = hidden[i] = 1
            continue
        attrs = node.attrs
        tag = node.tag
        if (
            (style is not None and style.display == "none")
            or "hidden" in attrs
            or (tag == "dialog" and "open" not in attrs)
            or (summary_of and p in summary_of and summary_of[p] != i)
        ):
            removed[i] = unrendered[i] = hidden[i] = 1
            continue
        # visibility is inherited by the cascade, and a child may set it back to visible.
        if style is not None and style.visibility in _INVISIBLE:
            unrendered[i] = hidden[i] = 1
        if aria_hidden[p]:
            aria_hidden[i] = 1
        else:
            flag = attrs.get("aria-hidden")
            if flag is not None and flag.strip().lower() == "true":
                aria_hidden[i] = 1
        if tag == "details" and "open" not in attrs:
            summary_of[i] = _first_summary_child(doc, i)
    # hidden | aria_hidden, bytewise (as one big-integer OR: both hold only 0 and 1)
    muted = (
        (int.from_bytes(hidden, "big") | int.from_bytes(aria_hidden[:n], "big")).to_bytes(n, "big")
        if n
        else b""
    )
    return Visibility(unrendered, hidden, muted)
