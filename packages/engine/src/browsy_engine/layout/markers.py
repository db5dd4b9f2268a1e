"""List-item markers in block layout: the line an outside marker needs, the width of an inside one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..css.counters import format_counter
from ..css.style import ComputedStyle
from .context import FLOATING, OUT_OF_FLOW, LayoutContext
from .text import metrics_for

if TYPE_CHECKING:
    from .block import FlowOut  # (block imports this module)

BULLETS: Final = frozenset({"disc", "circle", "square", "disclosure-open", "disclosure-closed"})


def marker_line_height(s: ComputedStyle) -> float:
    """The height of the line box a list item's marker sits in. Chromium (LayoutNG) lays a marker with
    no line of content to attach to (an empty item, or one holding only empty blocks or floats) in a
    line box of its own, so an auto-height list item is never shorter than one line of its font."""
    above, below = metrics_for(s).leading_split()
    return above + below


def marker_drop(s: ComputedStyle, out: FlowOut) -> float:
    """How far an outside marker pushes a list item's content down: when the item's first line box is
    inside a block child (no line of its own holds the marker), Chromium (LayoutNG) aligns the marker's
    baseline with that line's, and where the marker's line would reach above the content's top the
    content moves down instead (the item then has no marker line of its own to be as tall as)."""
    if s.list_style_position == "inside" or not out.first_line_nested or out.first_baseline is None:
        return 0.0
    above = metrics_for(s).leading_split()[0]
    return above - out.first_baseline if above > out.first_baseline else 0.0


def splits_inline(ctx: LayoutContext, i: int) -> bool:
    """Box i's content is inline content split around blocks (block-in-inline) and nothing else in flow:
    it has line boxes, empty or not, so a list item's marker sits on them and gets no line of its own
    (Chromium: an item holding only `<span><div></div></span>` is 0px tall, though still no empty box
    for margin collapsing). With a block of its own beside that inline (`<span><div></div></span><p>`)
    the item's marker takes a line of its own again (measured: layout_fixtures/list_item_split_inline)."""
    split = ctx.split_set
    if not split:
        return False
    found = False
    styles, block_child = ctx.styles, ctx.block_child
    for c in ctx.nodes[i].children:
        if c in split:
            found = True
        elif block_child[c]:
            s = styles[c]
            if s is not None and s.position not in OUT_OF_FLOW and s.float_side not in FLOATING:
                return False
    return found


def marker_only_item(
    s: ComputedStyle, out: FlowOut, content_h: float, pb_v: float, collapse_top: bool, collapse_bottom: bool
) -> bool:
    """A list item with an outside marker and nothing else that takes space: no line box, no height, no
    border or padding, only empty blocks (the caller checks it holds block children: a childless item
    is an ordinary box one line high). Chromium gives it its marker's line but treats it as
    empty for margin collapsing: the margins adjoining its top (its parent's and ancestors' too, when they
    adjoin) collapse through it and apply again below it, before the next box."""
    return (
        s.list_style_position != "inside"
        and collapse_top
        and collapse_bottom
        and out.empty
        and content_h + pb_v == 0
        and s.height is None
    )


def inside_marker(ctx: LayoutContext, i: int) -> float:
    """Width of list item i's marker when it sits inside the content (list-style-position: inside):
    "N. " for counters, and for bullets 1.375em as measured in Chromium."""
    s = ctx.styles[i]
    if ctx.display[i] != "list-item" or s.list_style_position != "inside" or s.list_style_type == "none":
        return 0.0
    if s.list_style_type.startswith("disclosure"):
        return 1.0586 * s.font_size  # measured: the disclosure triangle of <summary>
    if s.list_style_type in BULLETS:
        return 1.375 * s.font_size
    return metrics_for(s).width(format_counter(ordinal_value(ctx, i), s.list_style_type) + ". ")


def ordinal_value(ctx: LayoutContext, i: int) -> int:
    """List item i's ordinal value (HTML §4.4.8): its `value` attribute, else the previous item's plus one
    (minus one in a reversed <ol>), counting from the list's `start`, or, reversed, from its number of
    items."""
    nodes = ctx.nodes
    parent = nodes[i].parent
    if parent < 0:
        return 1
    owner = nodes[parent]
    backwards = owner.tag == "ol" and "reversed" in owner.attrs
    step = -1 if backwards else 1
    items = [c for c in owner.children if ctx.display[c] == "list-item"]
    start = _integer(owner.attrs.get("start")) if owner.tag == "ol" else None
    if start is None:
        start = len(items) if backwards else 1
    number = start - step
    for c in items:
        given = _integer(nodes[c].attrs.get("value"))
        number = given if given is not None else number + step
        if c == i:
            break
    return number


def _integer(raw: str | None) -> int | None:
    """An HTML integer attribute (leading white space, a sign, digits; the rest ignored), or None."""
    text = (raw or "").strip()
    digits = len(text) - len(text.lstrip("+-"))
    if digits > 1:
        return None
    end = digits
    while end < len(text) and text[end].isdigit():
        end += 1
    return int(text[:end]) if end > digits else None
