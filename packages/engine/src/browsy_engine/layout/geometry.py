"""Resolving computed lengths and box edges (margin, border, padding) against a containing block."""

from __future__ import annotations

import math

from ..css.style import ComputedStyle, Length, copy_style
from .floats import FloatArea


class ContentBox:
    """A container's content box as the flow inside it sees it: its origin (cx, cy) relative to the
    container's border box, the float area of its block formatting context (None: floats are not
    tracked), and the same origin in that area's coordinates (ox, oy). `strut_floats`: how many floats
    the area held when the margins adjoining the content's top began to collapse (floats placed since
    then move down with those margins)."""

    __slots__ = ("cx", "cy", "floats", "ox", "oy", "strut_floats")

    def __init__(
        self, cx: float, cy: float, floats: FloatArea | None, ox: float, oy: float, strut_floats: int = 0
    ) -> None:
        self.cx = cx
        self.cy = cy
        self.floats = floats
        self.ox = ox
        self.oy = oy
        self.strut_floats = strut_floats


def layout_units(value: float) -> float:
    """A length in Chromium's LayoutUnits of 1/64 px, truncated toward zero: a 0.83em margin at 24px,
    19.92px, is 19.90625px; a page of headings drifts by whole pixels otherwise. px and px_or_none snap so."""
    return int(value * 64.0) / 64.0


def rounded_layout_units(value: float) -> float:
    """A length rounded to the nearest LayoutUnit (how Chromium stores a font size or a px line height)."""
    return math.floor(value * 64.0 + 0.5) / 64.0


def zero_length(length: Length) -> bool:
    """Whether a length is 0 (no px, no percentage; `auto`/`none` is not): its two fields compared
    natively, where a comparison with a literal `(0.0, 0.0)` builds that tuple, boxed, at every call."""
    return length is not None and length[0] == 0.0 and length[1] == 0.0


def has_percent(length: Length) -> bool:
    """A length with a percentage part (it depends on the containing block)."""
    return length is not None and length[1] != 0.0


def percent_width_as_auto(s: ComputedStyle) -> ComputedStyle:
    """`s` with a percentage width counted as auto and a percentage max-width as none: a replaced box's
    max-content contribution in a shrink-to-fit context (CSS Sizing 3 §5.2.2, compressible replaced
    elements)."""
    auto = copy_style(s)
    auto.width = None
    if has_percent(s.max_width):
        auto.max_width = None
    return auto


def px(length: Length, ref: float) -> float:
    """A length in px (layout units); `auto`/`none` (None) counts as 0."""
    if length is None:
        return 0.0
    return layout_units(length[0] + length[1] * ref)


def contained_height(s: ComputedStyle) -> float | None:
    """The content height of a box whose block axis is size-contained (contain: size/strict,
    content-visibility: hidden): laid out as if empty, so contain-intrinsic-height or 0 (CSS Contain 2
    §3.2, CSS Sizing 4 §4); None when it is not."""
    if s.contain_size != "size" and s.content_visibility != "hidden" and s.container_type != "size":
        return None
    return px(s.contain_intrinsic_height, 0.0)


def contained_width(s: ComputedStyle) -> float | None:
    """Likewise the min-/max-content width of a box whose inline axis is size-contained (also by
    contain: inline-size, and container-type: size / inline-size, CSS Contain 3 §2.1): contain-intrinsic-width
    or 0; None when it is not."""
    if s.contain_size == "none" and s.content_visibility != "hidden" and s.container_type == "normal":
        return None
    return px(s.contain_intrinsic_width, 0.0)


def px_or_none(length: Length, ref: float | None) -> float | None:
    """A length in px (layout units), or None for auto / a percentage of an indefinite reference."""
    if length is None:
        return None
    if length[1]:
        if ref is None:
            return None
        return layout_units(length[0] + length[1] * ref)
    return layout_units(length[0])


def horizontal_pb(s: ComputedStyle, cb_w: float) -> float:
    """Left+right padding and border."""
    return _padding(s.padding_left, s.padding_right, cb_w) + s.border_left_width + s.border_right_width


def vertical_pb(s: ComputedStyle, cb_w: float) -> float:
    """Top+bottom padding and border (vertical padding percentages refer to the width too)."""
    return _padding(s.padding_top, s.padding_bottom, cb_w) + s.border_top_width + s.border_bottom_width


def _padding(a: Length, b: Length, ref: float) -> float:
    """px(a, ref) + px(b, ref), with the common no-padding case answered first."""
    if zero_length(a) and zero_length(b):
        return 0.0
    return px(a, ref) + px(b, ref)


def content_origin(s: ComputedStyle, cb_w: float) -> tuple[float, float]:
    """Offset of the content box from the border box's top-left corner."""
    return s.border_left_width + px(s.padding_left, cb_w), s.border_top_width + px(s.padding_top, cb_w)


def clamp_width(s: ComputedStyle, content_w: float, cb_w: float | None, pb: float) -> float:
    """Apply min-width/max-width (content-box value, box-sizing aware)."""
    if s.min_width is None and s.max_width is None:
        return content_w if content_w > 0.0 else 0.0  # a comparison: max() costs a builtin call
    return _clamp(content_w, s.min_width, s.max_width, cb_w, pb, s.box_sizing == "border-box")


def clamp_height(s: ComputedStyle, content_h: float, cb_h: float | None, pb: float) -> float:
    """Apply min-height/max-height (content-box value, box-sizing aware)."""
    if s.min_height is None and s.max_height is None:
        return content_h if content_h > 0.0 else 0.0
    return _clamp(content_h, s.min_height, s.max_height, cb_h, pb, s.box_sizing == "border-box")


def specified_width(s: ComputedStyle, cb_w: float | None, pb: float) -> float | None:
    """The content-box width from `width`, or None when auto."""
    if s.width is None:
        return None
    return _content_size(s.width, cb_w, pb, s.box_sizing == "border-box")


def specified_height(s: ComputedStyle, cb_h: float | None, pb: float) -> float | None:
    """The content-box height from `height`, or None when auto (or a percentage of an indefinite height)."""
    if s.height is None:
        return None
    return _content_size(s.height, cb_h, pb, s.box_sizing == "border-box")


def _clamp(content: float, lo: Length, hi: Length, ref: float | None, pb: float, border_box: bool) -> float:
    """One axis: a content-box size limited by its max, then its min (min wins, as CSS says)."""
    mx = px_or_none(hi, ref)
    if mx is not None:
        content = min(content, mx - pb if border_box else mx)
    mn = px_or_none(lo, ref)
    if mn is not None:
        content = max(content, mn - pb if border_box else mn)
    return max(0.0, content)


def _content_size(length: Length, ref: float | None, pb: float, border_box: bool) -> float | None:
    """One axis: the content-box size a `width`/`height` value asks for, or None when auto."""
    size = px_or_none(length, ref)
    if size is None:
        return None
    if border_box:
        size -= pb
    return max(0.0, size)


def margins_h(s: ComputedStyle, cb_w: float) -> tuple[float, float]:
    """Left and right margins with auto as 0 (used where auto margins do not centre)."""
    return px(s.margin_left, cb_w), px(s.margin_right, cb_w)
