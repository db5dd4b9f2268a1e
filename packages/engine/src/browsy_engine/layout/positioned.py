"""Absolutely and fixed positioned boxes, laid out after normal flow against their containing block
(the padding box of the nearest positioned ancestor, or the viewport), and relative offsets."""

from __future__ import annotations

from ..css.style import ComputedStyle
from . import atomic
from .context import LayoutContext
from .controls import alt_fallback
from .geometry import has_percent, horizontal_pb, px, px_or_none, vertical_pb
from .trampoline import run


class Absolute:
    """Document coordinates of recorded boxes, computed lazily along anchor chains."""

    def __init__(self, ctx: LayoutContext) -> None:
        self.ctx = ctx
        self.memo: dict[int, tuple[float, float, float, float] | None] = {}

    def box(self, i: int) -> tuple[float, float, float, float] | None:
        memo = self.memo
        if i in memo:
            return memo[i]
        ctx = self.ctx
        chain = []
        j = i
        while j >= 0 and j not in memo:
            chain.append(j)
            j = ctx.anchor[j] if ctx.rel[j] is not None else -2
            if j == -2:
                break
        for k in reversed(chain):
            r = ctx.rel[k]
            if r is None:
                memo[k] = None
                continue
            a = ctx.anchor[k]
            if a < 0:
                memo[k] = (r[0], r[1], r[2], r[3])
                continue
            base = memo.get(a)
            if base is None:
                memo[k] = None
                continue
            memo[k] = (base[0] + r[0], base[1] + ctx.shift_y[a] + r[1], r[2], r[3])
        return memo.get(i)

    def forget(self, start: int, end: int) -> None:
        for k in range(start, end):
            self.memo.pop(k, None)


def containing_block(ctx: LayoutContext, i: int, absolute: Absolute) -> tuple[float, float, float, float]:
    s = ctx.styles[i]
    if s.position != "fixed":
        p = ctx.nodes[i].parent
        while p >= 0:
            ps = ctx.styles[p]
            if ps is not None and ps.position != "static" and ctx.display[p] not in ("none", "contents"):
                box = absolute.box(p)
                if box is not None:
                    return (
                        box[0] + ps.border_left_width,
                        box[1] + ps.border_top_width,
                        max(0.0, box[2] - ps.border_left_width - ps.border_right_width),
                        max(0.0, box[3] - ps.border_top_width - ps.border_bottom_width),
                    )
            p = ctx.nodes[p].parent
    return (0.0, 0.0, ctx.viewport_w, ctx.viewport_h)


def layout_positioned(ctx: LayoutContext, absolute: Absolute, subtree_end: list[int]) -> None:
    """Lay out the queued absolutely positioned boxes in order. A box is queued each time its static
    position's container is laid out (measuring passes included); only its latest entry counts, so the
    earlier ones are skipped."""
    queue = ctx.positioned
    latest: dict[int, int] = {}
    k = seen = 0
    while k < len(queue):
        while seen < len(queue):
            latest[queue[seen][0]] = seen
            seen += 1
        i, anchor, sx, sy = queue[k]
        k += 1
        if latest[i] != k - 1:
            continue
        s = ctx.styles[i]
        cbx, cby, cbw, cbh = containing_block(ctx, i, absolute)
        static = absolute.box(anchor) if anchor >= 0 else (0.0, 0.0, 0.0, 0.0)
        if static is None:
            static = (cbx, cby, 0.0, 0.0)
        static_x = static[0] + sx
        static_y = static[1] + (ctx.shift_y[anchor] if anchor >= 0 else 0.0) + sy
        left, right = px_or_none(s.left, cbw), px_or_none(s.right, cbw)
        top, bottom = px_or_none(s.top, cbh), px_or_none(s.bottom, cbh)
        ml, mr = px(s.margin_left, cbw), px(s.margin_right, cbw)
        mt, mb = px(s.margin_top, cbw), px(s.margin_bottom, cbw)
        # a broken image's alt text box is no replaced box: it stretches between its insets too
        stretches = not ctx.is_replaced(i) or alt_fallback(ctx, i, s)
        force_w = None
        shrink = s.width_fit is not None or ctx.nodes[i].tag == "dialog"  # (the UA gives dialog fit-content)
        if s.width is None and left is not None and right is not None and stretches and not shrink:
            force_w = max(0.0, cbw - left - right - ml - mr - horizontal_pb(s, cbw))
        force_h = None
        if s.height is None and top is not None and bottom is not None and stretches and not s.height_fit:
            force_h = max(0.0, cbh - top - bottom - mt - mb - vertical_pb(s, cbw))
        run(atomic.atomic_box(ctx, i, cbw, force_w, force_h, cbh))
        r = ctx.rel[i]
        assert r is not None  # atomic_box placed it
        w, h = r[2], r[3]
        align = (
            ctx.static_align.get(i)
            if anchor >= 0 and ctx.display[anchor] in ("flex", "inline-flex")
            else None
        )
        if left is not None and right is not None and s.margin_left is None and s.margin_right is None:
            x = cbx + left + max(0.0, (cbw - left - right - w) / 2)  # auto margins centre
        elif left is not None:
            x = cbx + left + ml
        elif right is not None:
            x = cbx + cbw - right - mr - w
        else:
            x = static_x + ml
            if align is not None:
                x += align[2] * (align[0] - w - ml - mr)
        if top is not None and bottom is not None and s.margin_top is None and s.margin_bottom is None:
            y = cby + top + max(0.0, (cbh - top - bottom - h) / 2)
        elif top is not None:
            y = cby + top + mt
        elif bottom is not None:
            y = cby + cbh - bottom - mb - h
        else:
            y = static_y + mt
            if align is not None:
                y += align[3] * (align[1] - h - mt - mb)
        r[0], r[1] = x, y
        ctx.anchor[i] = -1
        absolute.forget(i, subtree_end[i] + 1)


def relative_offsets(ctx: LayoutContext, boxes: list[int]) -> list[int]:
    """Shift the relatively positioned `boxes` by their offsets (sticky ones stay: nothing has
    scrolled). Percentages of left/right refer to the containing block's width, those of top/bottom to
    its height, and count as auto when that height depends on the content (CSS 2 §9.3.2, §10.5).
    Returns the boxes not laid out yet (inside absolutely positioned boxes, laid out later: the caller
    shifts them then)."""
    styles, rel = ctx.styles, ctx.rel
    widths: dict[int, float] = {}
    later: list[int] = []
    for i in boxes:  # sticky boxes stay where the flow put them
        r = rel[i]
        if r is None:
            later.append(i)
            continue
        s = styles[i]
        cb_w = _block_width(ctx, ctx.block_container(i), widths) if _percent_x(s) else 0.0
        dx = px_or_none(s.left, cb_w)
        if dx is None:
            dx = -(px_or_none(s.right, cb_w) or 0.0)
        cb_h = ctx.percent_base(i) if _percent_y(s) else 0.0
        dy = px_or_none(s.top, cb_h)
        if dy is None:
            dy = -(px_or_none(s.bottom, cb_h) or 0.0)
        r[0] += dx
        r[1] += dy
    return later


def _percent_x(s: ComputedStyle) -> bool:
    return has_percent(s.left) or has_percent(s.right)


def _percent_y(s: ComputedStyle) -> bool:
    return has_percent(s.top) or has_percent(s.bottom)


def _block_width(ctx: LayoutContext, p: int, known: dict[int, float]) -> float:
    """The content width of block p (the viewport's for -1): its border box less its borders and
    paddings, whose percentages refer to its own containing block's width (memoised in `known`)."""
    if p < 0:
        return ctx.viewport_w
    width = known.get(p)
    if width is None:
        r = ctx.rel[p]
        s = ctx.styles_or_none[p]
        if r is None or s is None:
            return 0.0
        ref = _block_width(ctx, ctx.block_container(p), known) if _percent_padding(s) else 0.0
        width = known[p] = max(0.0, r[2] - horizontal_pb(s, ref))
    return width


def _percent_padding(s: ComputedStyle) -> bool:
    return has_percent(s.padding_left) or has_percent(s.padding_right)


def sticky_offsets(ctx: LayoutContext) -> None:
    """Shift sticky boxes as Chromium shows them at scroll 0 (CSS Positioned Layout 3 §3.4): a box
    with `top` whose place in the flow is nearer its scrollport's top than that moves down to it, and
    one with `bottom` lower than the scrollport's bottom less that moves up, never past its containing
    block's content box. The scrollport is the padding box of the nearest ancestor that clips
    overflow (the root and body propagate theirs to the viewport), else the viewport."""
    styles = ctx.styles_or_none
    for i, s in enumerate(styles):
        if s is None or s.position != "sticky" or ctx.rel[i] is None:
            continue
        if s.top is None and s.bottom is None:
            continue
        cb = ctx.block_container(i)
        cs = styles[cb] if cb >= 0 else None
        absolute = Absolute(ctx)
        box, cb_box = absolute.box(i), absolute.box(cb)
        port = _scrollport(ctx, absolute, i)
        if cs is None or box is None or cb_box is None or port is None:
            continue
        port_top, port_h = port
        cb_w = max(0.0, cb_box[2] - horizontal_pb(cs, 0.0))
        cb_top = cb_box[1] + cs.border_top_width + px(cs.padding_top, cb_w)
        cb_bottom = cb_box[1] + cb_box[3] - cs.border_bottom_width - px(cs.padding_bottom, cb_w)
        top_edge = box[1] - px(s.margin_top, cb_w)
        bottom_edge = box[1] + box[3] + px(s.margin_bottom, cb_w)
        dy = 0.0
        top = px_or_none(s.top, port_h)
        bottom = px_or_none(s.bottom, port_h)
        if top is not None and box[1] < port_top + top:
            dy = max(0.0, min(port_top + top - box[1], cb_bottom - bottom_edge))
        elif bottom is not None and box[1] + box[3] > port_top + port_h - bottom:
            dy = min(0.0, max(port_top + port_h - bottom - box[1] - box[3], cb_top - top_edge))
        r = ctx.rel[i]
        if dy and r is not None:
            r[1] += dy


def _scrollport(ctx: LayoutContext, absolute: Absolute, i: int) -> tuple[float, float] | None:
    """(top, height) in document coordinates of the scrollport box i sticks in: the padding box of
    its nearest ancestor below the root and body that clips overflow, else the viewport."""
    p = ctx.nodes[i].parent
    while p > 0:
        s = ctx.styles_or_none[p]
        if s is not None and ctx.nodes[p].tag not in ("html", "body") and _clips(s):
            box = absolute.box(p)
            if box is None:
                return None
            top = box[1] + s.border_top_width
            return top, max(0.0, box[3] - s.border_top_width - s.border_bottom_width)
        p = ctx.nodes[p].parent
    return 0.0, ctx.viewport_h


def _clips(s: ComputedStyle) -> bool:
    """Whether a box with style s is a scroll container (overflow other than visible or clip)."""
    return s.overflow_x not in ("visible", "clip") or s.overflow_y not in ("visible", "clip")
