"""Atomic boxes: inline-blocks, replaced elements, floats and absolutely positioned boxes, sized with
shrink-to-fit widths (CSS 2 §10.3.5, §10.3.8) or, for replaced elements, from their content and the CSS
sizes and aspect ratio. A generator task (see trampoline.py), called back from block layout."""

from __future__ import annotations

from typing import Final

from ..css.style import ComputedStyle
from . import block, intrinsic  # circular: block lays out an atomic box's contents and calls back here
from .context import LayoutContext
from .controls import (
    alt_box_ratio,
    alt_fallback,
    alt_ignores_size,
    attribute_ratio,
    broken_image,
    empty_alt_collapses,
    fallback_content_baseline,
    fallback_content_height,
    image_ratio,
    is_toggle,
    replaced_content_size,
    svg_ratio,
)
from .geometry import (
    clamp_height,
    clamp_width,
    horizontal_pb,
    px,
    specified_height,
    specified_width,
    vertical_pb,
)


def ratio_width(s: ComputedStyle, h: float, pb_h: float, pb_v: float) -> float:
    """Content width from `aspect-ratio` and a content height (box-sizing decides which box it sizes)."""
    ratio = s.aspect_ratio
    assert ratio, "asked only of a style with an aspect-ratio"
    if s.box_sizing == "border-box":
        return max(0.0, (h + pb_v) * ratio - pb_h)
    return h * ratio


# replaced elements that take CSS aspect-ratio when they have no natural ratio (an iframe never has one)
RATIO_FROM_CSS: Final = frozenset({"img", "iframe", "embed", "object", "canvas"})


def atomic_box(
    ctx: LayoutContext,
    i: int,
    cb_w: float,
    force_w: float | None = None,
    force_h: float | None = None,
    cb_h: float | None = None,
):
    """Size and lay out an atomic box (inline-block, replaced, float, absolutely positioned) with
    shrink-to-fit width. Sets rel[i]'s size; returns (margin-box w, margin-box h, baseline from the
    margin-box top)."""
    s = ctx.styles[i]
    pb_h = horizontal_pb(s, cb_w)
    pb_v = vertical_pb(s, cb_w)
    ml, mr = px(s.margin_left, cb_w), px(s.margin_right, cb_w)
    mt, mb = px(s.margin_top, cb_w), px(s.margin_bottom, cb_w)
    w = specified_width(s, cb_w, pb_h) if force_w is None else force_w
    h_spec = specified_height(s, cb_h, pb_v) if force_h is None else force_h
    ctx.rel[i] = [0.0, 0.0, 0.0, 0.0]
    if ctx.is_replaced(i) and empty_alt_collapses(ctx, i, s):
        # no content size, only its borders and padding: its bottom margin edge on the baseline
        ctx.rel[i] = [0.0, 0.0, pb_h, pb_v]
        return (pb_h + ml + mr, pb_v + mt + mb, pb_v + mt + mb)
    if ctx.is_replaced(i):
        cw, ch, base = replaced_content_size(ctx, i, s, cb_w)
        if ctx.quirks and s.box_sizing == "content-box" and ctx.nodes[i].tag in ("input", "textarea"):
            # quirks.css sizes text fields by their border box
            w = None if w is None or force_w is not None else max(0.0, w - pb_h)
            h_spec = None if h_spec is None or force_h is not None else max(0.0, h_spec - pb_v)
        alt = alt_fallback(ctx, i, s)
        if alt:
            if alt_ignores_size(ctx, i, s):
                w = h_spec = None
            ratio = alt_box_ratio(ctx, i, s)
        else:
            tag = ctx.nodes[i].tag
            if tag == "video":
                ratio = attribute_ratio(ctx, i) or s.aspect_ratio
            else:
                ratio = cw / ch if cw > 0 and ch > 0 and tag in ("img", "svg") else None
            if ratio is None and tag == "svg":
                ratio = svg_ratio(ctx, i)  # measured at zero width, it still keeps its viewBox's ratio
            if ratio is None and tag == "img":
                ratio = image_ratio(ctx, i)  # so does a data: SVG image with only a viewBox
            if ratio is None and s.aspect_ratio and tag in RATIO_FROM_CSS:
                ratio = (
                    s.aspect_ratio
                )  # CSS Sizing 4 §2.1: a box without a natural ratio takes aspect-ratio's
        # a box around its fallback content: with a ratio, or with a percentage height that behaves as
        # auto (an auto height and no ratio leaves an alt="" image empty: layout_fixtures/empty_alt_images)
        around_content = not alt and force_h is None and (ratio is not None or s.height is not None)
        content = fallback_content_height(ctx, i, s, h_spec is None) if around_content else None
        if h_spec is not None and w is None and ratio:
            w = h_spec * ratio
        w = clamp_width(s, cw if w is None else w, cb_w, pb_h)
        if h_spec is None and ratio:
            h_spec = w / ratio  # width/height attributes give the aspect ratio (max-width: 100% images)
            if content is not None or alt:  # the ratio's height, at least the content's
                h_spec = max(h_spec, ch if content is None else content)
        elif h_spec is None and content is not None:
            h_spec = content  # no ratio: as tall as its fallback content
        h = clamp_height(s, ch if h_spec is None else h_spec, cb_h, pb_v)
        sized = ctx.rel[i]
        assert sized is not None  # (set above)
        sized[2] = w + pb_h
        sized[3] = h + pb_v
        if content is not None:  # its baseline is its fallback content's (its bottom edge)
            base_from_top = (
                mt + s.border_top_width + px(s.padding_top, cb_w) + fallback_content_baseline(s, content, h)
            )
        elif base is None and not alt and broken_image(ctx, i):
            # a broken image of a given size is a box around its fallback content: its baseline is that
            # content's bottom, its content box's (measured: layout_fixtures/broken_image_baseline)
            base_from_top = mt + s.border_top_width + px(s.padding_top, cb_w) + h
        elif base is None:
            # the bottom margin edge (CSS 2 §10.8.1); a checkbox or radio sits on its border edge
            base_from_top = mt + h + pb_v + (0.0 if is_toggle(ctx, i) else mb)
        elif alt:  # the alt text's lines start at the top of the content box (of a sized box too)
            base_from_top = mt + s.border_top_width + px(s.padding_top, cb_w) + base
        else:
            base_from_top = mt + base + max(0.0, (h - ch) / 2)
        return (w + pb_h + ml + mr, h + pb_v + mt + mb, base_from_top)
    specified = w is not None
    if w is None and h_spec is not None and s.aspect_ratio:
        # the width the ratio transfers from a definite height (CSS Sizing 4 §5.1), at least the
        # content's min-content width while min-width is auto
        w = ratio_width(s, h_spec, pb_h, pb_v)
        if block.ratio_minimum_is_content(s) and s.min_width is None:
            lo, _ = yield intrinsic.intrinsic(ctx, i)
            w = max(w, lo)
    if w is None:
        lo, hi = yield intrinsic.intrinsic(ctx, i)
        w = intrinsic.fit_width(s.width_fit, lo, hi, cb_w - ml - mr - pb_h)
    w = clamp_width(s, w, cb_w, pb_h)
    if specified and ctx.display[i] in block.TABLE_LIKE:
        # a table is never narrower than its columns' min-content widths and spacing (CSS 2 §17.5.2.2:
        # the used width is the greater of the specified one and that minimum)
        lo, _ = yield intrinsic.intrinsic(ctx, i)
        w = max(w, lo)
    grows_to_content = False
    if h_spec is None and s.aspect_ratio:
        h_spec = block.ratio_height(s, w, pb_h, pb_v)
        grows_to_content = block.ratio_minimum_is_content(s)
    out = yield from block.box_contents(ctx, i, w, h_spec, cb_w)
    contained_h = block.contained_content_height(ctx, i, s)
    content_h = out.height if contained_h is None else contained_h
    used_h = block.used_height(ctx.display[i], h_spec, content_h)
    h = clamp_height(s, max(used_h, content_h) if grows_to_content else used_h, cb_h, pb_v)
    d = ctx.display[i]
    if ctx.nodes[i].tag == "button" and d not in block.FLEX_LIKE and d not in block.TABLE_LIKE:
        block.center_button_contents(ctx, i, out, h - out.height)
    r = ctx.rel[i]
    assert r is not None  # (set above)
    r[2] = w + pb_h
    r[3] = h + pb_v
    is_button = ctx.nodes[i].tag == "button"
    # a scroll container's baseline is its bottom margin edge (CSS 2 §10.8.1), but a button keeps its
    # content's: Chromium ignores overflow for a form control's inline-block baseline
    if out.baseline is not None and (is_button or s.overflow_y in ("visible", "clip")):
        base_from_top = mt + s.border_top_width + px(s.padding_top, cb_w) + out.baseline
    elif is_button:
        base_from_top = (
            mt + s.border_top_width + px(s.padding_top, cb_w) + h
        )  # an empty button: content bottom
    else:
        base_from_top = mt + h + pb_v + mb  # no line box: the bottom margin edge
    return (w + pb_h + ml + mr, h + pb_v + mt + mb, base_from_top)
