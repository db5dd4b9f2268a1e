"""Which nodes are hidden, computed in one pass over the elements in document order.

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
from typing import Final

from ..css.style import ComputedStyle
from ..dom.tree import Document

_INVISIBLE: Final = frozenset({"hidden", "collapse"})


@dataclass(slots=True, init=False)
class Visibility:
    unrendered: bytearray
    hidden: bytearray
    muted: bytes

    # Written out rather than generated (init=False): a dataclass's generated __init__ runs interpreted
    # under mypyc, and one is made per parse. Same parameters as the generated one.
    def __init__(self, unrendered: bytearray, hidden: bytearray, muted: bytes) -> None:
        self.unrendered = unrendered
        self.hidden = hidden
        self.muted = muted

    def __reduce__(self) -> tuple[type[Visibility], tuple[bytearray, bytearray, bytes]]:
        # pickling and copying rebuild it through __init__ (a compiled class's __new__ runs it)
        return (Visibility, (self.unrendered, self.hidden, self.muted))


def _first_summary_child(doc: Document, details: int) -> int:
    nodes = doc.nodes
    for c in nodes[details].children:
        if nodes[c].tag == "summary":
            return c
    return -1


def _flag_text_children(
    doc: Document,
    i: int,
    summary_of: dict[int, int],
    unrendered: bytearray,
    hidden: bytearray,
    aria_hidden: bytearray,
) -> None:
    """The text children of element i are hidden with it (a closed <details> hides its own text too),
    unrendered with it, and inside its aria-hidden."""
    nodes = doc.nodes
    closed_details = i in summary_of
    conceal = hidden[i] or closed_details
    unrendered_too = unrendered[i] or closed_details
    aria = aria_hidden[i]
    for c in nodes[i].children:
        if nodes[c].text is not None:
            if conceal:
                unrendered[c] = unrendered_too
                hidden[c] = 1
            if aria:
                aria_hidden[c] = 1


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
    for i in doc.index().elements:  # the elements in document order (text nodes follow their parent)
        node = nodes[i]
        p = node.parent
        if removed[p]:
            removed[i] = unrendered[i] = hidden[i] = 1
        else:
            attrs = node.attrs
            tag = node.tag
            style = styles[i]
            if (
                (style is not None and style.display == "none")
                or "hidden" in attrs
                or (tag == "dialog" and "open" not in attrs)
                or (summary_of and p in summary_of and summary_of[p] != i)
            ):
                removed[i] = unrendered[i] = hidden[i] = 1
            else:
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
        if hidden[i] or aria_hidden[i] or (summary_of and i in summary_of):
            _flag_text_children(doc, i, summary_of, unrendered, hidden, aria_hidden)
    # hidden | aria_hidden, bytewise (as one big-integer OR: both hold only 0 and 1)
    muted = (
        (int.from_bytes(hidden, "big") | int.from_bytes(aria_hidden[:n], "big")).to_bytes(n, "big")
        if n
        else b""
    )
    return Visibility(unrendered, hidden, muted)
