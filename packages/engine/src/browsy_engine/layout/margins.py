"""Margins of block boxes: collapsing them (CSS 2 §8.3.1), the used left margin (auto margins, HTML's
legacy alignment), the UA margin rules outside the cascade, and the quirks mode's quirky margins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..css.style import ComputedStyle, Length
from .context import LayoutContext

if TYPE_CHECKING:
    from .block import BlockOut, FlowOut

Margin = tuple[float, float]  # (largest positive, most negative) of margins collapsed together
NO_MARGIN: Margin = (0.0, 0.0)
# The UA margins that are "quirky" (Chromium's __qem, in em of the element's font size): in quirks mode they
# are dropped at the top/bottom of body and table cells. An author's margin is never quirky, nor are the
# UA margins of hr and figure (measured against Chromium: layout_fixtures/quirky_margins). Headings'
# top margins are quirky, their bottom ones are not (QUIRKY_TOP).
QUIRKY_TOP: Final = {"h1": 0.67, "h2": 0.83, "h3": 1.0, "h4": 1.33, "h5": 1.67, "h6": 2.33}
QUIRKY: Final = {
    "p": 1.0,
    "ul": 1.0,
    "ol": 1.0,
    "dl": 1.0,
    "menu": 1.0,
    "dir": 1.0,
    "blockquote": 1.0,
    "listing": 1.0,
    "plaintext": 1.0,
    "pre": 1.0,
    "xmp": 1.0,
}
QUIRK_CONTAINERS: Final = frozenset({"body", "td", "th"})


def collapse(a: Margin, b: Margin) -> Margin:
    """Margins collapsed together: the largest positive and the most negative (max/min, spelled out)."""
    return (b[0] if b[0] > a[0] else a[0], b[1] if b[1] < a[1] else a[1])


def as_margin(v: float) -> Margin:
    return (v, 0.0) if v >= 0 else (0.0, v)


def value(m: Margin) -> float:
    return m[0] + m[1]


def quirk_container(ctx: LayoutContext, i: int) -> bool:
    """Whether quirky UA margins are dropped at the top and bottom of i's content (quirks mode: body, td
    and th)."""
    return ctx.quirks and ctx.nodes[i].tag in QUIRK_CONTAINERS


LISTS: Final = frozenset({"ul", "ol", "menu", "dir", "dl"})
UA_MARGIN_TAGS: Final = LISTS | {"form"}  # margins that UA rules outside the cascade change (ua_margins)


def nested_list(ctx: LayoutContext, i: int, s: ComputedStyle) -> bool:
    """Chromium's UA sheet zeroes the block margins of a list nested in a list
    (`:is(dir, dl, menu, ol, ul) :is(dir, dl, menu, ol, ul) { margin-block: 0 }`). Applied here when
    the computed margins are still the generic UA `1em`, so cascades without that rule agree."""
    nodes = ctx.nodes
    if nodes[i].tag not in LISTS:
        return False
    em = (s.font_size, 0.0)
    if s.margin_top not in (em, (0.0, 0.0)) or s.margin_bottom not in (em, (0.0, 0.0)):
        return False
    p = nodes[i].parent
    while p >= 0:
        if nodes[p].tag in LISTS:
            return True
        p = nodes[p].parent
    return False


def legacy_align(ctx: LayoutContext, parent: int) -> str | None:
    """'center'/'right' when block children are aligned by HTML's legacy alignment (<center>, align=,
    text-align: -webkit-center), which unlike text-align also moves narrower block boxes."""
    nodes = ctx.nodes
    p = parent
    while p >= 0:
        s = ctx.styles[p]
        if s is None:
            return None
        align = s.text_align
        if align in ("-webkit-center", "-webkit-right"):
            return "center" if align == "-webkit-center" else "right"
        node = nodes[p]
        if node.tag == "table" and ctx.quirks:
            return None  # quirks.css resets text-align on tables
        if node.tag == "center":
            return "center" if align == "center" else None
        attr = str(node.attrs.get("align") or "").lower()
        if attr in ("center", "middle", "right") and node.tag not in ("table", "img", "input"):
            return ("center" if attr != "right" else "right") if align in ("center", "right") else None
        if align not in ("center", "right"):
            return None
        p = node.parent
    return None


def used_left_margin(ctx: LayoutContext, i: int, ml: float | None, mr: float | None, free: float) -> float:
    """The used left margin of block i when its width leaves `free` px of its containing block: auto
    margins (None) share it, and HTML's legacy alignment (legacy_align) makes zero margins auto."""
    if ml == 0.0 and mr == 0.0 and free > 0.01:
        align = legacy_align(ctx, ctx.nodes[i].parent)
        if align == "center":
            ml = mr = None
        elif align == "right":
            ml = None
    if ml is None and mr is None:
        return max(0.0, free / 2)
    if ml is None:
        return free - (mr or 0.0)
    return ml


def ua_margins(ctx: LayoutContext, i: int, s: ComputedStyle, mt: Margin, mb: Margin) -> tuple[Margin, Margin]:
    """Block i's top and bottom margins (mt, mb as computed) with the UA rules the cascade leaves out: none
    for a list nested in a list (nested_list), and 1em below a form in quirks mode."""
    tag = ctx.nodes[i].tag
    if tag in LISTS and nested_list(ctx, i, s):
        return NO_MARGIN, NO_MARGIN
    if ctx.quirks and mb == NO_MARGIN and tag == "form":
        mb = as_margin(s.font_size)  # Chromium's quirks.css: form { margin-block-end: 1em }
    return mt, mb


def quirky_margins(
    box: BlockOut,
    s: ComputedStyle,
    tag: str,
    mt: Margin,
    mb: Margin,
    out: FlowOut,
    collapse_top: bool,
    collapse_bottom: bool,
) -> None:
    """Quirks mode: whether box's top and bottom margins are quirky, its own UA margins or, when it has
    none, those of its content collapsed into them."""
    em = QUIRKY.get(tag)
    top_em = QUIRKY_TOP.get(tag, em)
    box.quirk_top = (top_em is not None and mt != NO_MARGIN and _is_ua_margin(s.margin_top, top_em, s)) or (
        collapse_top and mt == NO_MARGIN and out.quirk_top
    )
    box.quirk_bottom = (em is not None and mb != NO_MARGIN and _is_ua_margin(s.margin_bottom, em, s)) or (
        collapse_bottom and mb == NO_MARGIN and out.quirk_bottom
    )


def _is_ua_margin(margin: Length, em: float, s: ComputedStyle) -> bool:
    """Whether a margin has the UA stylesheet's quirky value (an author's margin replaces it; an author
    margin of exactly that value is taken for the UA's)."""
    return margin is not None and not margin[1] and abs(margin[0] - em * s.font_size) < 0.01
