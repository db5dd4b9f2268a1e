"""Computed values: an element's winning specified values + its parent's style → a ComputedStyle.

Order matters only for fonts: font-family and font-size are resolved first (em units of every other
property refer to the element's own font size; font-size's own em/% refer to the parent's). Then every
other slot, then the fix-ups CSS defines: border widths are 0 when the border style is none/hidden, and
`display` is blockified for floats, absolutely positioned boxes, flex/grid items and the root.
Font sizes follow Chromium, including its monospace rule: a keyword- or em-derived size switches between
the 16px and 13px defaults when the generic family changes to or from exactly `monospace`.
"""

from __future__ import annotations

import math
from typing import Any, Final, cast

from .kinds import (
    BORDER,
    CONST,
    FONT_SIZE,
    FONT_SIZE_PX,
    FONT_SIZE_PX_MONOSPACE,
    FONT_WEIGHT,
    INHERIT,
    INHERITED_SLOTS,
    INITIAL,
    LEN,
    LINE_HEIGHT,
    PX,
    SLOT_FIELDS,
    UNSET,
    Spec,
)
from .style import IDENTITY, ComputedStyle, Length, copy_style
from .values import MAX_FONT_SIZE, MAX_FRACTION, Lin, sane, uses_font_metrics

INITIAL_STYLE: Final = ComputedStyle()
INHERITED_FIELDS: tuple[str, ...] = tuple(
    f for slot in sorted(INHERITED_SLOTS) for f in SLOT_FIELDS.get(slot, (slot,))
) + ("font_size_absolute", "custom_properties")

BLOCKIFY: Final = {
    "inline": "block",
    "inline-block": "block",
    "inline-flex": "flex",
    "inline-grid": "grid",
    "inline-table": "table",
    "table-row": "block",
    "table-cell": "block",
    "table-row-group": "block",
    "table-header-group": "block",
    "table-footer-group": "block",
    "table-column": "block",
    "table-column-group": "block",
    "table-caption": "block",
    "ruby": "block",
    "ruby-text": "block",
}
FLEX_OR_GRID: Final = frozenset({"flex", "inline-flex", "grid", "inline-grid"})
SIDES: Final = ("top", "right", "bottom", "left")
WIDTH_STYLE: Final = tuple((f"border_{s}_width", f"border_{s}_style") for s in SIDES)


def inherit_base(parent: ComputedStyle | None) -> ComputedStyle:
    """Initial values for every field, inherited ones taken from the parent."""
    base = copy_style(INITIAL_STYLE)
    if parent is not None:
        _inherit(base, parent)
    return base


def _inherit(base: ComputedStyle, parent: ComputedStyle) -> None:
    """The INHERITED_FIELDS of `parent` into `base`, each a compiled store (setattr by name costs ~600
    instructions a field); the test of inherit_base checks this list against INHERITED_FIELDS."""
    base.border_collapse = parent.border_collapse
    base.border_spacing_h = parent.border_spacing_h
    base.border_spacing_v = parent.border_spacing_v
    base.color = parent.color
    base.direction = parent.direction
    base.font_family = parent.font_family
    base.font_size = parent.font_size
    base.font_size_keyword = parent.font_size_keyword
    base.font_style = parent.font_style
    base.font_weight = parent.font_weight
    base.hyphens = parent.hyphens
    base.letter_spacing = parent.letter_spacing
    base.line_height_kind = parent.line_height_kind
    base.line_height = parent.line_height
    base.list_style_position = parent.list_style_position
    base.list_style_type = parent.list_style_type
    base.overflow_wrap = parent.overflow_wrap
    base.text_align = parent.text_align
    base.text_align_blocks = parent.text_align_blocks
    base.text_indent = parent.text_indent
    base.text_transform = parent.text_transform
    base.visibility = parent.visibility
    base.white_space = parent.white_space
    base.word_break = parent.word_break
    base.word_spacing = parent.word_spacing
    base.font_size_absolute = parent.font_size_absolute
    base.custom_properties = parent.custom_properties


def is_monospace(family: str) -> bool:
    return family == "monospace"


def snap_border(px: float) -> float:
    if px <= 0.0:
        return 0.0
    if px < 1.0:
        return 1.0
    return float(math.floor(px + 1e-6))


Metrics = tuple[float, float, float]  # px of 1ch, 1ex, 1lh


def _lin_px(lin: Lin, fs: float, rfs: float, metrics: Metrics) -> float:
    return (
        lin[0] + lin[2] * fs + lin[3] * rfs + lin[4] * metrics[0] + lin[5] * metrics[1] + lin[6] * metrics[2]
    )


NO_METRICS = (0.0, 0.0, 0.0)  # not Final: mypyc 2.4 never sets a Final float tuple


def font_metric_units(style: ComputedStyle) -> Metrics:
    """px of 1ch, 1ex and 1lh for this style: the advance of '0' and the x-height of its first available
    font, and its computed line-height (CSS Values 4 §6.1.1; Chromium takes the first two from the
    primary font, and `normal` from its metrics). The '0' advances as every glyph does, at the font's
    26.6 size (advance_size): 300ch of 13.344px text is 3px narrower than 300 × 0.5 × 13.344px
    (measured at 120 sizes; layout_fixtures/ch_unit_advance)."""
    from ..layout.fonts import advance_size, face_for  # here: layout imports this module

    face = face_for(style.font_family, style.font_weight, style.font_style)
    zero = face.widths.get("0")
    size = style.font_size
    if style.line_height_kind == "normal":
        line = face.normal_line_height(size)
    elif style.line_height_kind == "number":
        line = style.line_height * size
    else:
        line = style.line_height
    return ((zero if zero is not None else 0.5) * advance_size(size), face.x_height_em * size, line)


def _uses_font_metrics(spec: Spec) -> bool:
    """A length with ch or ex: resolved once the element's font (family, weight, style) is known."""
    kind, payload = spec
    if kind == LINE_HEIGHT:
        mode, payload = cast("tuple[str, Any]", payload)
        if mode != "lin":
            return False
    elif kind not in (LEN, PX, BORDER):
        return False
    return uses_font_metrics(cast("Lin", payload))


def build_style(
    declared: dict[str, Spec],
    base: ComputedStyle,
    parent: ComputedStyle | None,
    root_font_size: float | None,
    is_root: bool,
) -> ComputedStyle:
    """The computed style of one element: `base`, a fresh `inherit_base(parent)`, filled in and returned."""
    style = base

    # fonts first
    spec = declared.get("font_family")
    if spec is not None:
        _apply_simple(style, "font_family", spec, parent)
    _font_size(style, declared.get("font_size"), parent, root_font_size)
    fs = style.font_size
    rfs = root_font_size if root_font_size is not None else fs

    deferred: list[tuple[str, Spec]] = []
    for slot, spec in declared.items():
        if slot in ("font_size", "font_family"):
            continue
        kind, payload = spec
        if kind == CONST:
            setattr(style, slot, payload)
        elif kind == FONT_WEIGHT:
            style.font_weight = _font_weight(payload, parent.font_weight if parent is not None else 400)
        elif kind in (LEN, PX, BORDER, LINE_HEIGHT):
            if _uses_font_metrics(spec):
                deferred.append((slot, spec))
            else:
                _apply_length(style, slot, spec, fs, rfs, NO_METRICS)
        else:
            _apply_simple(style, slot, spec, parent)
    if deferred:  # ch/ex/lh: after font-weight and font-style, which choose the face
        metrics = font_metric_units(style)
        for slot, spec in deferred:
            if slot == "line_height":  # its lh is the parent's line-height (CSS Values 4 §6.1.1)
                parent_lh = font_metric_units(parent if parent is not None else INITIAL_STYLE)[2]
                _apply_length(style, slot, spec, fs, rfs, (metrics[0], metrics[1], parent_lh))
            else:
                _apply_length(style, slot, spec, fs, rfs, metrics)

    # border widths compute to 0 without a visible style; the initial width is `medium` (3px)
    for wname, sname in WIDTH_STYLE:
        if getattr(style, sname) in ("none", "hidden"):
            setattr(style, wname, 0.0)
        elif wname not in declared:
            setattr(style, wname, 3.0)
    if style.text_align == "-internal-center":  # <th>: centred unless an alignment is inherited
        inherited = parent.text_align if parent is not None else "start"
        style.text_align = "center" if inherited == "start" else inherited
    if style.position in ("absolute", "fixed"):
        style.float_side = "none"
    if _has_individual_transforms(style):
        _individual_transforms(style)
    if style.line_clamp:
        _line_clamp_box(style)
    if style.display != "none":
        _blockify(style, parent, is_root)
    return style


def _apply_length(
    style: ComputedStyle, slot: str, spec: Spec, fs: float, rfs: float, metrics: Metrics
) -> None:
    """A LEN, PX, BORDER or LINE_HEIGHT value in px (and fraction) for this element's fonts."""
    kind, payload = spec
    if kind == LINE_HEIGHT:
        mode, value = cast("tuple[str, Any]", payload)
        if mode == "normal":
            style.line_height_kind, style.line_height = "normal", 0.0
        elif mode == "number":
            style.line_height_kind, style.line_height = "number", sane(float(value), 10_000.0)
        else:
            lin = cast("Lin", value)
            style.line_height_kind = "px"
            style.line_height = sane(_lin_px(lin, fs, rfs, metrics) + lin[1] * fs)
        return
    lin = cast("Lin", payload)
    px = sane(_lin_px(lin, fs, rfs, metrics))
    if kind == LEN:
        setattr(style, slot, (px, sane(lin[1], MAX_FRACTION)))
    elif kind == PX:
        setattr(style, slot, px)
    else:
        setattr(style, slot, snap_border(px))


def _apply_simple(style: ComputedStyle, slot: str, spec: Spec, parent: ComputedStyle | None) -> None:
    """CONST values and the CSS-wide keywords (inherit/initial/unset)."""
    kind, payload = spec
    names = SLOT_FIELDS.get(slot, (slot,))
    if kind == CONST:
        setattr(style, slot, payload)
        return
    inherit = kind == INHERIT or (kind == UNSET and slot in INHERITED_SLOTS)
    source = parent if inherit and parent is not None else INITIAL_STYLE
    if kind not in (INHERIT, INITIAL, UNSET):
        return
    for name in names:
        setattr(style, name, getattr(source, name))
    if slot == "font_size":
        style.font_size_absolute = source.font_size_absolute


def _font_weight(payload: object, parent_weight: int) -> int:
    if payload == "bolder":
        if parent_weight < 350:
            return 400
        if parent_weight < 550:
            return 700
        return 900 if parent_weight < 900 else parent_weight
    if payload == "lighter":
        if parent_weight < 100:
            return parent_weight
        if parent_weight < 550:
            return 100
        return 400 if parent_weight < 750 else 700
    return int(payload)  # type: ignore[call-overload]


def _font_size(
    style: ComputedStyle, spec: Spec | None, parent: ComputedStyle | None, root_font_size: float | None
) -> None:
    parent_size = parent.font_size if parent is not None else 16.0
    parent_keyword = parent.font_size_keyword if parent is not None else 4
    parent_absolute = parent.font_size_absolute if parent is not None else False
    parent_mono = is_monospace(parent.font_family) if parent is not None else False
    mono = is_monospace(style.font_family)
    size, keyword, absolute = parent_size, parent_keyword, parent_absolute
    if spec is not None:
        kind, payload = spec
        if kind == FONT_SIZE:
            mode, value = cast("tuple[str, Any]", payload)
            if mode == "kw":
                keyword, absolute = value + 1, False
                size = (FONT_SIZE_PX_MONOSPACE if mono else FONT_SIZE_PX)[value]
                parent_mono = mono  # already sized for this family
            elif mode == "rel":
                size, keyword = parent_size * value, 0
            else:
                lin = cast("Lin", value)
                relative = lin[0] == 0.0 and lin[3] == 0.0
                rfs = root_font_size if root_font_size is not None else 16.0
                metrics = NO_METRICS
                if uses_font_metrics(lin):  # ch/ex/lh of font-size: the parent's font and line-height
                    metrics = font_metric_units(parent if parent is not None else INITIAL_STYLE)
                size = _lin_px(lin, parent_size, rfs, metrics) + lin[1] * parent_size
                keyword = 0
                absolute = parent_absolute if relative else True
        elif kind in (INHERIT, INITIAL, UNSET):
            source = parent if kind != INITIAL and parent is not None else INITIAL_STYLE
            size, keyword, absolute = source.font_size, source.font_size_keyword, source.font_size_absolute
            if kind == INITIAL:
                parent_mono = False
    if not absolute and mono != parent_mono:
        if keyword:
            size = (FONT_SIZE_PX_MONOSPACE if mono else FONT_SIZE_PX)[keyword - 1]
        else:
            size = size * 13.0 / 16.0 if mono else size * 16.0 / 13.0
    style.font_size = max(0.0, sane(size, MAX_FONT_SIZE))
    style.font_size_keyword = keyword
    style.font_size_absolute = absolute


def _has_individual_transforms(style: ComputedStyle) -> bool:
    return (
        style.translate_property_x is not None
        or style.translate_property_y is not None
        or style.scale_property_x != 1.0
        or style.scale_property_y != 1.0
        or style.rotate_property != IDENTITY
    )


def _individual_transforms(style: ComputedStyle) -> None:
    """`translate`, `rotate` then `scale` apply before `transform`, all about the transform origin (CSS
    Transforms 2 §3): with `transform` as translation T then map M, and L the rotation times the scale,
    the whole is translation t + L·T, map L·M. (A percentage of T that L turns onto the other axis is
    taken of the wrong side of the box: an approximation.)"""
    r = style.rotate_property
    sx, sy = style.scale_property_x, style.scale_property_y
    linear = (r[0] * sx, r[1] * sx, r[2] * sy, r[3] * sy)
    tx, ty = style.translate_x, style.translate_y
    style.translate_x = _translation(style.translate_property_x, _mix(tx, linear[0], ty, linear[2]))
    style.translate_y = _translation(style.translate_property_y, _mix(tx, linear[1], ty, linear[3]))
    m = style.transform_matrix
    style.transform_matrix = (
        linear[0] * m[0] + linear[2] * m[1],
        linear[1] * m[0] + linear[3] * m[1],
        linear[0] * m[2] + linear[2] * m[3],
        linear[1] * m[2] + linear[3] * m[3],
    )


def _mix(x: Length, kx: float, y: Length, ky: float) -> Length:
    """kx·x + ky·y (None for zero)."""
    px = (x[0] * kx if x is not None else 0.0) + (y[0] * ky if y is not None else 0.0)
    pct = (x[1] * kx if x is not None else 0.0) + (y[1] * ky if y is not None else 0.0)
    return None if px == 0.0 and pct == 0.0 else (px, pct)


def _translation(own: Length, inner: Length) -> Length:
    """The translation `own` followed by `inner` (already through the map between them)."""
    if inner is None:
        return own
    return inner if own is None else (own[0] + inner[0], own[1] + inner[1])


def _line_clamp_box(style: ComputedStyle) -> None:
    """`-webkit-line-clamp` applies to a vertical -webkit-box only, which Chromium then lays out as a block
    container (not as the flexbox -webkit-box otherwise is): a flow-root, inline-block for
    -webkit-inline-box. Elsewhere it does nothing."""
    if style.webkit_box and style.box_vertical and style.display in ("flex", "inline-flex"):
        style.display = "flow-root" if style.display == "flex" else "inline-block"
    else:
        style.line_clamp = 0


def _blockify(style: ComputedStyle, parent: ComputedStyle | None, is_root: bool) -> None:
    display = style.display
    if display == "contents":
        if is_root:
            style.display = "block"
        return
    if (
        is_root
        or style.float_side != "none"
        or style.position in ("absolute", "fixed")
        or (parent is not None and parent.display in FLEX_OR_GRID)
    ):
        new = BLOCKIFY.get(display)
        if new is not None:
            style.display = new
            # an absolutely positioned box that was inline-level has an inline static position
            style.inline_static = (
                style.position in ("absolute", "fixed")
                and not is_root
                and style.float_side == "none"
                and (parent is None or parent.display not in FLEX_OR_GRID)
            )
