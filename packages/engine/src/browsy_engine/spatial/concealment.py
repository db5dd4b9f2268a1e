"""Text a person cannot see although the browser lays it out: hidden by tricks a page can use to slip
words past a reader into an agent's context (prompt injection), or to keep them for screen readers.

Chromium renders these boxes (they have a size), so they are not *unrendered* (visibility.py); a person
still sees nothing. The reasons, from the paint properties of css/props_paint.py:
- `opacity: 0` on the element or an ancestor (opacity multiplies down the tree) — but not on `html` or
  `body`: a whole transparent document is an anti-flicker guard that scripts lift once the page is
  ready (`html{opacity:0}` until a stylesheet loads), not a part of the page kept from the reader;
- clipped away: `clip: rect()` of at most a pixel on an absolutely positioned box, or a `clip-path`
  that leaves no area (`inset(50%)`, `circle(0)`), on the element or an ancestor;
- text whose colour is fully transparent, or the same as the background it is painted on (the nearest
  opaque `background-color` up the tree; the canvas is white). A background image makes the
  background unknown, and so does absolute or fixed positioning without a background of its own (the
  box is painted over whatever lies beneath it); an unknown background is never judged, and neither is
  a background set further up than the parent (in between, boxes we do not paint may cover it);
- text too small to read: a computed `font-size` under 1px on an element with text of its own (its
  direct text; a `font-size: 0` container that only closes the gaps between inline blocks, whose
  children set a size back, is not judged);
- off-screen: the box lies wholly left of or above the page (e.g. `left: -9999px`), judged from the box
  by `is_off_screen`.
"""

from __future__ import annotations

from typing import Final

from ..css.props_paint import CLIPPED_AWAY
from ..css.style import ComputedStyle
from ..dom.tree import Document

WHITE = (1.0, 1.0, 1.0, 1.0)
OPAQUE: Final = 0.95  # a background at least this opaque decides the colour text is painted on
SAME_COLOUR: Final = 0.02  # channels closer than this (0-1) read as the same colour
CANVAS: Final = 1 << 20  # the "distance" of the canvas's white: no element set a background

TRANSPARENT_REASON: Final = "opacity: 0"
CLIPPED_REASON: Final = "clipped away"
INVISIBLE_TEXT_REASON: Final = "transparent text"
SAME_COLOUR_REASON: Final = "text the colour of its background"
OFF_SCREEN_REASON: Final = "off-screen"
TINY_TEXT_REASON: Final = "font-size: 0"
MIN_READABLE_PX: Final = 1.0
# props_paint runs as Python (its name is a plain module global there, so a dict lookup here per use);
# kept in a Final static, as the per-element tests read it up to twice.
_CLIPPED: Final = CLIPPED_AWAY


def concealment(doc: Document, styles: list[ComputedStyle | None]) -> list[str | None]:
    """Per node, why a person cannot see it although it is laid out (None: nothing hides it)."""
    nodes = doc.nodes
    n = len(nodes)
    reasons: list[str | None] = [None] * n
    # The colour each node's content is painted on, and how many levels up it was set (0: by the node
    # itself); None: unknown (an image, a positioned box over unknown content).
    backdrop: list[tuple[float, float, float, float] | None] = [WHITE] * n
    distance = [CANVAS] * n
    if len(styles) < n:
        styles = [*styles, *([None] * (n - len(styles)))]
    for i in doc.index().elements:  # the elements in document order (the cascade's index: no text nodes)
        node = nodes[i]
        style = styles[i]
        p = node.parent
        if p >= 0:
            inherited, ground, far = reasons[p], backdrop[p], distance[p] + 1
            if far > CANVAS:  # (a comparison, not min(): this runs per element)
                far = CANVAS
        else:
            inherited, ground, far = None, WHITE, CANVAS
        if style is None:
            reasons[i], backdrop[i], distance[i] = inherited, ground, far
            continue
        if style.background_image:
            ground = None
        elif style.background_color[3] >= OPAQUE:
            ground, far = style.background_color, 0
        elif style.position in ("absolute", "fixed"):
            ground = None
        backdrop[i], distance[i] = ground, far
        if inherited in (TRANSPARENT_REASON, CLIPPED_REASON):
            reasons[i] = inherited
        elif style.opacity == 0.0 and node.tag not in ("html", "body"):
            reasons[i] = TRANSPARENT_REASON
        elif style.clip_path == _CLIPPED or (
            style.clip == _CLIPPED and style.position in ("absolute", "fixed")
        ):
            reasons[i] = CLIPPED_REASON
        elif style.color[3] == 0.0:
            reasons[i] = INVISIBLE_TEXT_REASON
        elif style.font_size < MIN_READABLE_PX and _has_own_text(doc, i):
            reasons[i] = TINY_TEXT_REASON
        elif ground is not None and (far <= 1 or far == CANVAS):
            # the same colour as the ground, channel by channel (inlined: most elements get here)
            colour = style.color
            if (
                -SAME_COLOUR < colour[0] - ground[0] < SAME_COLOUR
                and -SAME_COLOUR < colour[1] - ground[1] < SAME_COLOUR
                and -SAME_COLOUR < colour[2] - ground[2] < SAME_COLOUR
            ):
                reasons[i] = SAME_COLOUR_REASON
    return reasons


def _has_own_text(doc: Document, i: int) -> bool:
    nodes = doc.nodes
    return any((nodes[c].text or "").strip() for c in nodes[i].children)


def is_off_screen(box: list[int]) -> bool:
    """The box lies wholly left of or above the page's origin, where no scrolling reaches."""
    x, y, w, h = box
    return (w > 0 or h > 0) and (x + w <= 0 or y + h <= 0)
