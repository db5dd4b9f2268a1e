"""Resolving computed lengths and box edges (margin, border, padding) against a containing block."""

from __future__ import annotations

from ..css.style import ComputedStyle, Length


def px(length: Length, ref: float) -> float:
    """A length in px; `auto`/`none` (None) counts as 0."""
    if length is None:
        return 0.0
    return length[0] + length[1] * ref


def px_or_none(length: Length, ref: float | None) -> float | None:
    """A length in px, or None for auto / a percentage of an indefinite reference."""
    if length is None:
        return None
    if length[1]:
        if ref is None:
            return None
        return length[0] + length[1] * ref
    return length[0]


def horizontal_pb(s: ComputedStyle, cb_w: float) -> float:
    """Left+right padding and border."""
    return (
        px(s.padding_left, cb_w) + px(s.padding_right, cb_w) + s.border_left_width + s.border_right_width
    )


def vertical_pb(s: ComputedStyle, cb_w: float) -> float:
    """Top+bottom padding and border (vertical padding percentages refer to the width too)."""
    return px(s.padding_top, cb_w) + px(s.padding_bottom, cb_w) + s.border_top_width + s.border_bottom_width


def content_origin(s: ComputedStyle, cb_w: float) -> tuple[float, float]:
    """Offset of the content box from the border box's top-left corner."""
    return s.border_left_width + px(s.padding_left, cb_w), s.border_top_width + px(s.padding_top, cb_w)


def clamp_width(s: ComputedStyle, content_w: float, cb_w: float | None, pb: float) -> float:
    """Apply min-width/max-width (content-box value, box-sizing aware)."""
    border_box = s.box_sizing == "border-box"
    mx = px_or_none(s.max_width, cb_w)
    if mx is not None:
        content_w = min(content_w, mx - pb if border_box else mx)
    mn = px_or_none(s.min_width, cb_w)
    if mn is not None:
        content_w = max(content_w, mn - pb if border_box else mn)
    return max(0.0, content_w)


def clamp_height(s: ComputedStyle, content_h: float, cb_h: float | None, pb: float) -> float:
    border_box = s.box_sizing == "border-box"
    mx = px_or_none(s.max_height, cb_h)
    if mx is not None:
        content_h = min(content_h, mx - pb if border_box else mx)
    mn = px_or_none(s.min_height, cb_h)
    if mn is not None:
        content_h = max(content_h, mn - pb if border_box else mn)
    return max(0.0, content_h)


def specified_width(s: ComputedStyle, cb_w: float | None, pb: float) -> float | None:
    """The content-box width from `width`, or None when auto."""
    w = px_or_none(s.width, cb_w)
    if w is None:
        return None
    if s.box_sizing == "border-box":
        w -= pb
    return max(0.0, w)


def specified_height(s: ComputedStyle, cb_h: float | None, pb: float) -> float | None:
    h = px_or_none(s.height, cb_h)
    if h is None:
        return None
    if s.box_sizing == "border-box":
        h -= pb
    return max(0.0, h)


def margins_h(s: ComputedStyle, cb_w: float) -> tuple[float, float]:
    """Left and right margins with auto as 0 (used where auto margins do not centre)."""
    return px(s.margin_left, cb_w), px(s.margin_right, cb_w)
