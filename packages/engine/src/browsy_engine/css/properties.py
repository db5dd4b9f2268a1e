"""Property parsing: one declaration (name + value tokens) → specified values for ComputedStyle slots.

The registry below maps every supported property (longhands, shorthands, logical aliases) to its
handler and to the slots it sets; the handlers live in props_box.py, props_flex_grid.py and
props_font.py, the kinds and keyword tables in kinds.py. Handlers return None for values that are
invalid for the property, which CSS drops.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Final

from tinycss2.ast import IdentToken

from .kinds import (
    CSS_WIDE,
    ENUMS,
    SIDES,
    Parsed,
)
from .props_paint import PaintParsers
from .values import Viewport, significant

# Chromium's prefixed aliases of the logical sides: -webkit-margin-before is margin-block-start, etc.
WEBKIT_LOGICAL: Final = {
    "block-start": "before",
    "block-end": "after",
    "inline-start": "start",
    "inline-end": "end",
}


class PropertyParser(PaintParsers):
    """Parses declarations for one viewport (viewport units are folded into px). Its handlers come from
    one chain of bases, a module each (ValueParsers, BoxParsers, FlexGridParsers, FontParsers,
    PaintParsers): a compiled class has a single base class, and so the parsers are compiled with the
    engine."""

    def __init__(self, vp: Viewport) -> None:
        self.vp = vp
        self.handlers: dict[str, Callable[[list[object]], Parsed | None]] = {}
        self.shorthand_slots: dict[str, tuple[str, ...]] = {}
        self._register()

    # ---- public -------------------------------------------------------------------------------
    def parse(self, name: str, tokens: Sequence[object]) -> Parsed | None:
        """Specified values for the slots a declaration sets, or None (unknown property / invalid)."""
        handler = self.handlers.get(name)
        if handler is None:
            return None
        values = significant(tokens)
        if not values:
            return None
        if len(values) == 1 and isinstance(values[0], IdentToken):
            wide = CSS_WIDE.get(values[0].lower_value)
            if wide is not None:
                return [(slot, (wide, None)) for slot in self.shorthand_slots[name]]
        try:
            return handler(values)
        except (ValueError, IndexError, TypeError, RecursionError):
            return None

    def knows(self, name: str) -> bool:
        return name in self.handlers

    def _add(
        self, names: str | Sequence[str], slots: Sequence[str], fn: Callable[[list[object]], Parsed | None]
    ) -> None:
        for name in [names] if isinstance(names, str) else names:
            self.handlers[name] = fn
            self.shorthand_slots[name] = tuple(slots)

    def _register(self) -> None:
        add = self._add
        add("content", ["content", "content_counters"], self._content)
        add("counter-reset", ["counter_reset"], self._counter_list("counter_reset", 0))
        add("counter-increment", ["counter_increment"], self._counter_list("counter_increment", 1))
        add("counter-set", ["counter_set"], self._counter_list("counter_set", 0))
        add(
            ["transform", "-webkit-transform"],
            ["translate_x", "translate_y", "transform_matrix"],
            self._transform,
        )
        add("translate", ["translate_property_x", "translate_property_y"], self._translate_property)
        add("scale", ["scale_property_x", "scale_property_y"], self._scale_property)
        add("rotate", ["rotate_property"], self._rotate_property)
        add(
            ["transform-origin", "-webkit-transform-origin"],
            ["transform_origin_x", "transform_origin_y"],
            self._transform_origin,
        )
        # box sizes
        for css in ("width", "inline-size"):
            add(css, ["width", "width_fit"], self._width)
        for css in ("height", "block-size"):
            add(css, ["height", "height_fit"], self._height)
        for css, slot in (
            ("min-width", "min_width"), ("min-height", "min_height"), ("max-width", "max_width"),
            ("max-height", "max_height"), ("min-inline-size", "min_width"), ("min-block-size", "min_height"),
            ("max-inline-size", "max_width"), ("max-block-size", "max_height"),
        ):  # fmt: skip
            add(css, [slot], self._length_longhand(slot, auto=True, negative=False))
        logical = {"block-start": "top", "block-end": "bottom", "inline-start": "left", "inline-end": "right"}
        for box in ("margin", "padding"):
            negative = box == "margin"
            slots = [f"{box}_{s}" for s in SIDES]
            for side in SIDES:
                add(
                    f"{box}-{side}",
                    [f"{box}_{side}"],
                    self._length_longhand(f"{box}_{side}", negative, negative),
                )
            for lname, side in logical.items():
                add(
                    [f"{box}-{lname}", f"-webkit-{box}-{WEBKIT_LOGICAL[lname]}"],
                    [f"{box}_{side}"],
                    self._length_longhand(f"{box}_{side}", negative, negative),
                )
            add(
                box,
                slots,
                self._four_sides(slots, partial(self.length_spec, auto=negative, negative=negative)),
            )
            add(f"{box}-block", [slots[0], slots[2]], self._two_sides((slots[0], slots[2]), negative))
            add(f"{box}-inline", [slots[3], slots[1]], self._two_sides((slots[3], slots[1]), negative))
        offsets = list(SIDES)
        for side in SIDES:
            add(side, [side], self._length_longhand(side, auto=True, negative=True))
        for lname, side in logical.items():
            add(f"inset-{lname}", [side], self._length_longhand(side, auto=True, negative=True))
        add("inset", offsets, self._four_sides(offsets, lambda t: self.length_spec(t, True, True)))
        add("inset-block", ["top", "bottom"], self._two_sides(("top", "bottom"), True, auto=True))
        add("inset-inline", ["left", "right"], self._two_sides(("left", "right"), True, auto=True))
        # borders
        width_slots = [f"border_{s}_width" for s in SIDES]
        style_slots = [f"border_{s}_style" for s in SIDES]
        for side, wslot, sslot in zip(SIDES, width_slots, style_slots, strict=True):
            add(f"border-{side}-width", [wslot], self._single(wslot, self.border_width_spec))
            add(f"border-{side}-style", [sslot], self._single(sslot, self._border_style_spec))
            add(f"border-{side}", [wslot, sslot], self._border([wslot], [sslot]))
        for lname, side in logical.items():
            wslot, sslot = f"border_{side}_width", f"border_{side}_style"
            add(f"border-{lname}-width", [wslot], self._single(wslot, self.border_width_spec))
            add(f"border-{lname}-style", [sslot], self._single(sslot, self._border_style_spec))
            add(f"border-{lname}", [wslot, sslot], self._border([wslot], [sslot]))
        add("border-width", width_slots, self._four_sides(width_slots, self.border_width_spec))
        add("border-style", style_slots, self._four_sides(style_slots, self._border_style_spec))
        add("border", width_slots + style_slots, self._border(width_slots, style_slots))
        for axis, (a, b) in (("block", (0, 2)), ("inline", (3, 1))):
            ws, ss = [width_slots[a], width_slots[b]], [style_slots[a], style_slots[b]]
            add(f"border-{axis}", ws + ss, self._border(ws, ss))
        # simple keywords
        for css, slot in (
            ("position", "position"), ("float", "float_side"), ("clear", "clear"), ("box-sizing", "box_sizing"),
            ("flex-direction", "flex_direction"), ("flex-wrap", "flex_wrap"), ("font-style", "font_style"),
            ("text-transform", "text_transform"), ("visibility", "visibility"), ("overflow-x", "overflow_x"),
            ("overflow-y", "overflow_y"), ("list-style-position", "list_style_position"),
            ("border-collapse", "border_collapse"), ("direction", "direction"),
            ("content-visibility", "content_visibility"), ("white-space", "white_space"),
            ("overflow-wrap", "overflow_wrap"), ("word-wrap", "overflow_wrap"), ("word-break", "word_break"),
            ("hyphens", "hyphens"),  # (Chromium here ignores -webkit-hyphens: layout_fixtures/hyphens_none)
        ):  # fmt: skip
            add(css, [slot], self._keyword(slot, ENUMS[slot]))
        add(
            ["appearance", "-webkit-appearance"],
            ["appearance"],
            self._keyword("appearance", ENUMS["appearance"]),
        )
        add("display", ["display", "webkit_box"], self._display)
        add("-webkit-line-clamp", ["line_clamp"], self._line_clamp)
        add("overflow", ["overflow_x", "overflow_y"], self._overflow)
        add("text-align", ["text_align", "text_align_blocks"], self._text_align)
        add("vertical-align", ["vertical_align", "vertical_align_length"], self._vertical_align)
        add("list-style-type", ["list_style_type"], self._list_style_type)
        add("list-style", ["list_style_type", "list_style_position"], self._list_style)
        add("white-space-collapse", ["white_space"], self._white_space_collapse)
        add("text-wrap", ["white_space"], self._text_wrap)
        add("text-wrap-mode", ["white_space"], self._text_wrap)
        # flex
        add("flex-grow", ["flex_grow"], self._number("flex_grow"))
        add("flex-shrink", ["flex_shrink"], self._number("flex_shrink"))
        add("flex-basis", ["flex_basis"], self._length_longhand("flex_basis", auto=True, negative=False))
        add("flex", ["flex_grow", "flex_shrink", "flex_basis"], self._flex)
        add("flex-flow", ["flex_direction", "flex_wrap"], self._flex_flow)
        add("-webkit-box-orient", ["flex_direction", "box_vertical"], self._box_orient)
        add("order", ["order"], self._order)
        for css, slot in (
            ("align-items", "align_items"), ("align-self", "align_self"), ("align-content", "align_content"),
            ("justify-content", "justify_content"), ("justify-items", "justify_items"),
            ("justify-self", "justify_self"),
        ):  # fmt: skip
            add(css, [slot], self._align(slot))
        for css, pair in (
            ("place-items", ("align_items", "justify_items")),
            ("place-content", ("align_content", "justify_content")),
            ("place-self", ("align_self", "justify_self")),
        ):
            add(css, pair, self._place(pair))
        for css in ("row-gap", "grid-row-gap"):
            add(css, ["row_gap"], self._gap_longhand("row_gap"))
        for css in ("column-gap", "grid-column-gap"):
            add(css, ["column_gap"], self._gap_longhand("column_gap"))
        add(["gap", "grid-gap"], ["row_gap", "column_gap"], self._gap)
        # grid
        for css, slot in (
            ("grid-template-columns", "grid_template_columns"), ("grid-template-rows", "grid_template_rows"),
            ("grid-template-areas", "grid_template_areas"), ("grid-auto-columns", "grid_auto_columns"),
            ("grid-auto-rows", "grid_auto_rows"), ("grid-column-start", "grid_column_start"),
            ("grid-column-end", "grid_column_end"), ("grid-row-start", "grid_row_start"),
            ("grid-row-end", "grid_row_end"),
        ):  # fmt: skip
            add(css, [slot], self._text(slot))
        add("grid-auto-flow", ["grid_auto_flow"], self._grid_auto_flow)
        add(
            "grid-row",
            ["grid_row_start", "grid_row_end"],
            self._grid_line_pair("grid_row_start", "grid_row_end"),
        )
        add(
            "grid-column",
            ["grid_column_start", "grid_column_end"],
            self._grid_line_pair("grid_column_start", "grid_column_end"),
        )
        area_slots = ["grid_row_start", "grid_column_start", "grid_row_end", "grid_column_end", "grid_area"]
        add("grid-area", area_slots, self._grid_area)
        add(
            "grid-template",
            ["grid_template_rows", "grid_template_columns", "grid_template_areas"],
            self._grid_template,
        )
        # typography
        add("font-size", ["font_size"], self._font_size)
        add("font-family", ["font_family"], self._font_family)
        add("font-weight", ["font_weight"], self._font_weight)
        add("line-height", ["line_height"], self._line_height)
        add("font", ["font_size", "font_family", "font_weight", "font_style", "line_height"], self._font)
        add("letter-spacing", ["letter_spacing"], self._spacing("letter_spacing"))
        add("word-spacing", ["word_spacing"], self._spacing("word_spacing"))
        add("text-indent", ["text_indent"], self._length_longhand("text_indent", auto=False, negative=True))
        add("border-spacing", ["border_spacing_h", "border_spacing_v"], self._border_spacing)
        add("aspect-ratio", ["aspect_ratio"], self._aspect_ratio)
        add("column-count", ["column_count"], self._single("column_count", self._column_count_spec))
        add("column-width", ["column_width"], self._single("column_width", self._column_width_spec))
        add("columns", ["column_count", "column_width"], self._columns)
        add("column-span", ["column_span_all"], self._column_span)
        add("contain", ["contain_layout", "contain_size"], self._contain)
        add("container-type", ["container_type"], self._container_type)
        add("container-name", ["container_names"], self._container_name)
        add("container", ["container_type", "container_names"], self._container)
        intrinsic_slots = ["contain_intrinsic_width", "contain_intrinsic_height"]
        add("contain-intrinsic-size", intrinsic_slots, self._contain_intrinsic_size)
        for css in ("contain-intrinsic-width", "contain-intrinsic-inline-size"):
            add(css, [intrinsic_slots[0]], self._contain_intrinsic_axis(intrinsic_slots[0]))
        for css in ("contain-intrinsic-height", "contain-intrinsic-block-size"):
            add(css, [intrinsic_slots[1]], self._contain_intrinsic_axis(intrinsic_slots[1]))
        # paint (what a person can see; layout ignores these)
        for css, (slots, handler) in self._paint_handlers().items():
            add(css, slots, handler)
        every_slot = {slot for slots in self.shorthand_slots.values() for slot in slots}
        add("all", sorted(every_slot - {"direction"}), lambda values: None)  # only CSS-wide keywords

    # ---- the registry ---------------------------------------------------------------------------
