"""Property parsing: one declaration (name + value tokens) → specified values for ComputedStyle slots.

A *slot* is the target of a specified value; it is a ComputedStyle field name, except that a few slots
own several fields (`font_size` also sets `font_size_keyword`, `line_height` sets `line_height_kind`).
A specified value is `(kind, payload)`; the cascade resolves it once the element's fonts are known.
Parsers return None for values that are invalid for the property, which CSS drops.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tinycss2.ast import (
    DimensionToken,
    FunctionBlock,
    IdentToken,
    LiteralToken,
    NumberToken,
    PercentageToken,
    StringToken,
)
from tinycss2.serializer import serialize

from .values import Lin, Viewport, dimension_lin, number_value, significant

# Specified value kinds
CONST = 0  # payload: the computed value itself
LEN = 1  # payload: Lin → Length (px, fraction)
PX = 2  # payload: Lin without percentage → float px
BORDER = 3  # payload: Lin → border width in px (snapped like Chromium)
FONT_SIZE = 4  # payload: ("kw", index) | ("rel", factor) | ("lin", Lin)
LINE_HEIGHT = 5  # payload: ("normal", 0) | ("number", f) | ("lin", Lin)
FONT_WEIGHT = 6  # payload: int | "bolder" | "lighter"
INHERIT = 7
INITIAL = 8
UNSET = 9

Spec = tuple[int, object]
Parsed = list[tuple[str, Spec]]

# Absolute font-size keywords (Chromium's table for a 16px medium); index 3 = medium.
FONT_SIZE_KEYWORDS = ("xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large")
FONT_SIZE_PX = (9.0, 10.0, 13.0, 16.0, 18.0, 24.0, 32.0, 48.0)
FONT_SIZE_PX_MONOSPACE = (9.0, 10.0, 10.0, 13.0, 16.0, 20.0, 26.0, 39.0)

INHERITED_SLOTS = frozenset(
    {
        "font_size",
        "font_family",
        "font_weight",
        "font_style",
        "line_height",
        "text_align",
        "text_align_blocks",
        "white_space",
        "text_transform",
        "letter_spacing",
        "word_spacing",
        "text_indent",
        "visibility",
        "list_style_type",
        "list_style_position",
        "border_collapse",
        "border_spacing_h",
        "border_spacing_v",
        "direction",
    }
)
SLOT_FIELDS: dict[str, tuple[str, ...]] = {
    "font_size": ("font_size", "font_size_keyword"),
    "line_height": ("line_height_kind", "line_height"),
}

SIDES = ("top", "right", "bottom", "left")
CSS_WIDE = {"inherit": INHERIT, "initial": INITIAL, "unset": UNSET, "revert": UNSET, "revert-layer": UNSET}

DISPLAY_KEYWORDS = frozenset(
    {
        "block", "inline", "inline-block", "flex", "inline-flex", "grid", "inline-grid", "none", "contents",
        "table", "inline-table", "table-row", "table-cell", "table-row-group", "table-header-group",
        "table-footer-group", "table-column", "table-column-group", "table-caption", "list-item",
        "flow-root", "ruby", "ruby-text",
    }
)  # fmt: skip
DISPLAY_ALIASES = {
    "-webkit-box": "flex",
    "-webkit-inline-box": "inline-flex",
    "-webkit-flex": "flex",
    "-webkit-inline-flex": "inline-flex",
    "-ms-flexbox": "flex",
    "-ms-inline-flexbox": "inline-flex",
    "-ms-grid": "grid",
    "-ms-inline-grid": "inline-grid",
    "run-in": "block",
    "math": "inline",
}
ENUMS: dict[str, frozenset[str]] = {
    "position": frozenset({"static", "relative", "absolute", "fixed", "sticky", "-webkit-sticky"}),
    "float": frozenset({"none", "left", "right", "inline-start", "inline-end"}),
    "clear": frozenset({"none", "left", "right", "both", "inline-start", "inline-end"}),
    "box_sizing": frozenset({"content-box", "border-box"}),
    "flex_direction": frozenset({"row", "row-reverse", "column", "column-reverse"}),
    "flex_wrap": frozenset({"nowrap", "wrap", "wrap-reverse"}),
    "font_style": frozenset({"normal", "italic", "oblique"}),
    "text_transform": frozenset({"none", "capitalize", "uppercase", "lowercase", "full-width"}),
    "white_space": frozenset({"normal", "nowrap", "pre", "pre-wrap", "pre-line", "break-spaces"}),
    "visibility": frozenset({"visible", "hidden", "collapse"}),
    "overflow_x": frozenset({"visible", "hidden", "scroll", "auto", "clip", "overlay"}),
    "list_style_position": frozenset({"inside", "outside"}),
    "border_collapse": frozenset({"separate", "collapse"}),
    "direction": frozenset({"ltr", "rtl"}),
    "content_visibility": frozenset({"visible", "hidden", "auto"}),
    "border_style": frozenset(
        {"none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset"}
    ),
}
ENUMS["overflow_y"] = ENUMS["overflow_x"]
ALIGN_WORDS = frozenset(
    {
        "normal", "stretch", "center", "start", "end", "flex-start", "flex-end", "self-start", "self-end",
        "left", "right", "baseline", "space-between", "space-around", "space-evenly", "auto", "anchor-center",
    }
)  # fmt: skip
TEXT_ALIGN = {
    "left": ("left", False),
    "right": ("right", False),
    "center": ("center", False),
    "justify": ("justify", False),
    "start": ("start", False),
    "end": ("end", False),
    "match-parent": ("start", False),
    "-internal-center": ("center", False),
    "-webkit-center": ("center", True),
    "-webkit-left": ("left", True),
    "-webkit-right": ("right", True),
    "-webkit-auto": ("start", False),
}
VERTICAL_ALIGN = frozenset(
    {"baseline", "sub", "super", "text-top", "text-bottom", "middle", "top", "bottom", "-webkit-baseline-middle"}
)
# white-space-collapse alone, assuming the default wrapping (text-wrap-mode: wrap)
WHITE_SPACE_COLLAPSE = {"collapse": "normal", "preserve": "pre-wrap", "preserve-breaks": "pre-line", "break-spaces": "break-spaces", "preserve-spaces": "pre-wrap"}  # fmt: skip
BORDER_WIDTH_KEYWORDS = {"thin": 1.0, "medium": 3.0, "thick": 5.0}
SYSTEM_FONTS = frozenset(
    {"caption", "icon", "menu", "message-box", "small-caption", "status-bar", "-webkit-small-control"}
)


def _ident(t: object) -> str | None:
    return t.lower_value if isinstance(t, IdentToken) else None


class PropertyParser:
    """Parses declarations for one viewport (viewport units are folded into px)."""

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

    # ---- value helpers ------------------------------------------------------------------------
    def lin(self, t: object) -> Lin | None:
        return dimension_lin(t, self.vp)

    def length_spec(self, t: object, auto: bool = False, negative: bool = True) -> Spec | None:
        """A <length-percentage> (or `auto`/`none` → None when allowed)."""
        word = _ident(t)
        if word is not None:
            if auto and word in ("auto", "none"):
                return (CONST, None)
            if word in ("fit-content", "max-content", "min-content", "-webkit-fill-available", "stretch"):
                return (CONST, None) if auto else None
            return None
        if isinstance(t, FunctionBlock) and t.lower_name == "fit-content" and auto:
            return (CONST, None)
        lin = self.lin(t)
        if lin is None:
            return None
        if not negative and isinstance(t, (DimensionToken, PercentageToken)) and t.value < 0:
            return None
        if lin[2] == 0.0 and lin[3] == 0.0:
            return (CONST, (lin[0], lin[1]))
        return (LEN, lin)

    def px_spec(self, t: object, kind: int = PX) -> Spec | None:
        lin = self.lin(t)
        if lin is None or lin[1] != 0.0:
            return None
        if kind == PX and lin[2] == 0.0 and lin[3] == 0.0:
            return (CONST, lin[0])
        return (kind, lin)

    def border_width_spec(self, t: object) -> Spec | None:
        word = _ident(t)
        if word is not None:
            px = BORDER_WIDTH_KEYWORDS.get(word)
            return None if px is None else (BORDER, (px, 0.0, 0.0, 0.0))
        if isinstance(t, (DimensionToken, NumberToken)) and t.value < 0:
            return None
        return self.px_spec(t, BORDER)

    # ---- registration -------------------------------------------------------------------------
    def _add(self, names: str | Sequence[str], slots: Sequence[str], fn: Callable[[list[object]], Parsed | None]) -> None:
        for name in [names] if isinstance(names, str) else names:
            self.handlers[name] = fn
            self.shorthand_slots[name] = tuple(slots)

    def _register(self) -> None:
        add = self._add
        # box sizes
        for css, slot in (
            ("width", "width"), ("height", "height"), ("inline-size", "width"), ("block-size", "height"),
        ):  # fmt: skip
            add(css, [slot], self._length_longhand(slot, auto=True, negative=False))
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
                add(f"{box}-{side}", [f"{box}_{side}"], self._length_longhand(f"{box}_{side}", negative, negative))
            for lname, side in logical.items():
                add(f"{box}-{lname}", [f"{box}_{side}"], self._length_longhand(f"{box}_{side}", negative, negative))
            add(box, slots, self._four_sides(slots, lambda t, n=negative: self.length_spec(t, n, n)))
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
            ("position", "position"), ("float", "float"), ("clear", "clear"), ("box-sizing", "box_sizing"),
            ("flex-direction", "flex_direction"), ("flex-wrap", "flex_wrap"), ("font-style", "font_style"),
            ("text-transform", "text_transform"), ("visibility", "visibility"), ("overflow-x", "overflow_x"),
            ("overflow-y", "overflow_y"), ("list-style-position", "list_style_position"),
            ("border-collapse", "border_collapse"), ("direction", "direction"),
            ("content-visibility", "content_visibility"), ("white-space", "white_space"),
        ):  # fmt: skip
            add(css, [slot], self._keyword(slot, ENUMS[slot]))
        add("display", ["display"], self._display)
        add("overflow", ["overflow_x", "overflow_y"], self._overflow)
        add("text-align", ["text_align", "text_align_blocks"], self._text_align)
        add("vertical-align", ["vertical_align"], self._vertical_align)
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
        add("grid-row", ["grid_row_start", "grid_row_end"], self._grid_line_pair("grid_row_start", "grid_row_end"))
        add(
            "grid-column",
            ["grid_column_start", "grid_column_end"],
            self._grid_line_pair("grid_column_start", "grid_column_end"),
        )
        area_slots = ["grid_row_start", "grid_column_start", "grid_row_end", "grid_column_end", "grid_area"]
        add("grid-area", area_slots, self._grid_area)
        add("grid-template", ["grid_template_rows", "grid_template_columns", "grid_template_areas"], self._grid_template)
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
        every_slot = {slot for slots in self.shorthand_slots.values() for slot in slots}
        add("all", sorted(every_slot - {"direction"}), lambda values: None)  # only CSS-wide keywords

    # ---- handler factories --------------------------------------------------------------------
    def _single(self, slot: str, spec_fn: Callable[[object], Spec | None]) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if len(values) != 1:
                return None
            spec = spec_fn(values[0])
            return None if spec is None else [(slot, spec)]

        return handler

    def _length_longhand(self, slot: str, auto: bool, negative: bool) -> Callable[[list[object]], Parsed | None]:
        return self._single(slot, lambda t: self.length_spec(t, auto, negative))

    def _four_sides(
        self, slots: Sequence[str], spec_fn: Callable[[object], Spec | None]
    ) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if not 1 <= len(values) <= 4:
                return None
            specs = [spec_fn(v) for v in values]
            if any(s is None for s in specs):
                return None
            top = specs[0]
            right = specs[1] if len(specs) > 1 else top
            bottom = specs[2] if len(specs) > 2 else top
            left = specs[3] if len(specs) > 3 else right
            return list(zip(slots, (top, right, bottom, left), strict=True))  # type: ignore[arg-type]

        return handler

    def _two_sides(self, slots: tuple[str, str], negative: bool, auto: bool | None = None) -> Callable[[list[object]], Parsed | None]:
        allow_auto = negative if auto is None else auto

        def handler(values: list[object]) -> Parsed | None:
            if not 1 <= len(values) <= 2:
                return None
            specs = [self.length_spec(v, allow_auto, negative) for v in values]
            if any(s is None for s in specs):
                return None
            second = specs[1] if len(specs) == 2 else specs[0]
            return [(slots[0], specs[0]), (slots[1], second)]  # type: ignore[list-item]

        return handler

    def _border_style_spec(self, t: object) -> Spec | None:
        word = _ident(t)
        return (CONST, word) if word in ENUMS["border_style"] else None

    def _border(self, width_slots: Sequence[str], style_slots: Sequence[str]) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if len(values) > 3:
                return None
            width: Spec = (BORDER, (3.0, 0.0, 0.0, 0.0))
            style: Spec = (CONST, "none")
            seen_w = seen_s = False
            for v in values:
                s = None if seen_s else self._border_style_spec(v)
                if s is not None:
                    style, seen_s = s, True
                    continue
                w = None if seen_w else self.border_width_spec(v)
                if w is not None:
                    width, seen_w = w, True
                    continue
                # anything else is taken as the colour (not modelled)
            out: Parsed = [(slot, width) for slot in width_slots]
            out += [(slot, style) for slot in style_slots]
            return out

        return handler

    def _keyword(self, slot: str, allowed: frozenset[str]) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if len(values) != 1:
                return None
            word = _ident(values[0])
            if word not in allowed:
                return None
            if word == "-webkit-sticky":
                word = "sticky"
            elif word == "overlay":
                word = "auto"
            elif word in ("inline-start", "inline-end"):
                word = "left" if word == "inline-start" else "right"
            return [(slot, (CONST, word))]

        return handler

    def _display(self, values: list[object]) -> Parsed | None:
        words = [_ident(v) for v in values]
        if any(w is None for w in words) or not 1 <= len(words) <= 3:
            return None
        if len(words) == 1:
            word = DISPLAY_ALIASES.get(words[0], words[0])  # type: ignore[arg-type]
            return [("display", (CONST, word))] if word in DISPLAY_KEYWORDS else None
        ws = set(words)
        outer = "inline" if "inline" in ws else "block"
        if "list-item" in ws:
            return [("display", (CONST, "list-item"))]
        inner = (ws - {"inline", "block", "run-in"}) or {"flow"}
        if len(inner) != 1:
            return None
        (kind,) = inner
        table = {
            ("block", "flow"): "block", ("inline", "flow"): "inline", ("block", "flow-root"): "flow-root",
            ("inline", "flow-root"): "inline-block", ("block", "flex"): "flex", ("inline", "flex"): "inline-flex",
            ("block", "grid"): "grid", ("inline", "grid"): "inline-grid", ("block", "table"): "table",
            ("inline", "table"): "inline-table", ("block", "ruby"): "block", ("inline", "ruby"): "ruby",
        }  # fmt: skip
        result = table.get((outer, kind))
        return None if result is None else [("display", (CONST, result))]

    def _overflow(self, values: list[object]) -> Parsed | None:
        allowed = ENUMS["overflow_x"]
        words = [_ident(v) for v in values]
        if not 1 <= len(words) <= 2 or any(w not in allowed for w in words):
            return None
        words = ["auto" if w == "overlay" else w for w in words]
        return [("overflow_x", (CONST, words[0])), ("overflow_y", (CONST, words[-1]))]

    def _text_align(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        found = TEXT_ALIGN.get(_ident(values[0]) or "")
        if found is None:
            return None
        return [("text_align", (CONST, found[0])), ("text_align_blocks", (CONST, found[1]))]

    def _vertical_align(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        word = _ident(values[0])
        if word in VERTICAL_ALIGN:
            return [("vertical_align", (CONST, word))]
        if self.lin(values[0]) is not None:
            return [("vertical_align", (CONST, "length"))]
        return None

    def _list_style_type(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        word = _ident(values[0])
        if word is not None:
            return [("list_style_type", (CONST, word))]
        if isinstance(values[0], StringToken):
            return [("list_style_type", (CONST, "string"))]
        return None

    def _list_style(self, values: list[object]) -> Parsed | None:
        kind: str | None = None
        position: str | None = None
        for v in values:
            word = _ident(v)
            if word in ("inside", "outside") and position is None:
                position = word
            elif word is not None and kind is None:
                kind = word
            elif isinstance(v, StringToken) and kind is None:
                kind = "string"
            # anything else is list-style-image (url(...)), not modelled
        return [("list_style_type", (CONST, kind or "disc")), ("list_style_position", (CONST, position or "outside"))]

    def _text_wrap(self, values: list[object]) -> Parsed | None:
        words = {_ident(v) for v in values}
        if "nowrap" in words:
            return [("white_space", (CONST, "nowrap"))]
        if words & {"wrap", "balance", "pretty", "stable", "auto"}:
            return []
        return None

    def _white_space_collapse(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        mapped = WHITE_SPACE_COLLAPSE.get(_ident(values[0]) or "")
        return None if mapped is None else [("white_space", (CONST, mapped))]

    def _number(self, slot: str) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if len(values) != 1:
                return None
            n = number_value(values[0], self.vp)
            if n is None or n < 0:
                return None
            return [(slot, (CONST, n))]

        return handler

    def _order(self, values: list[object]) -> Parsed | None:
        if len(values) != 1 or not isinstance(values[0], NumberToken) or not values[0].is_integer:
            return None
        return [("order", (CONST, int(values[0].int_value)))]

    def _flex(self, values: list[object]) -> Parsed | None:
        if len(values) == 1:
            word = _ident(values[0])
            if word == "none":
                return self._flex_result(0.0, 0.0, (CONST, None))
            if word == "auto":
                return self._flex_result(1.0, 1.0, (CONST, None))
        numbers: list[float] = []
        basis: Spec | None = None
        for v in values:
            n = number_value(v, self.vp)
            if n is not None and len(numbers) < 2 and (basis is None or not numbers):
                if n < 0:
                    return None
                numbers.append(n)
            elif basis is None:
                basis = (CONST, None) if _ident(v) == "content" else self.length_spec(v, auto=True, negative=False)
                if basis is None:
                    return None
            else:
                return None
        if not numbers and basis is None:
            return None
        grow = numbers[0] if numbers else 1.0
        shrink = numbers[1] if len(numbers) > 1 else 1.0
        if basis is None:
            basis = (CONST, (0.0, 0.0))
        return self._flex_result(grow, shrink, basis)

    @staticmethod
    def _flex_result(grow: float, shrink: float, basis: Spec) -> Parsed:
        return [("flex_grow", (CONST, grow)), ("flex_shrink", (CONST, shrink)), ("flex_basis", basis)]

    def _flex_flow(self, values: list[object]) -> Parsed | None:
        out: Parsed = [("flex_direction", (CONST, "row")), ("flex_wrap", (CONST, "nowrap"))]
        for v in values:
            word = _ident(v)
            if word in ENUMS["flex_direction"]:
                out[0] = ("flex_direction", (CONST, word))
            elif word in ENUMS["flex_wrap"]:
                out[1] = ("flex_wrap", (CONST, word))
            else:
                return None
        return out

    @staticmethod
    def _align_word(values: list[object]) -> str | None:
        words = [_ident(v) for v in values]
        if any(w is None for w in words):
            return None
        words = [w for w in words if w not in ("safe", "unsafe", "first", "legacy")]
        if words == ["last", "baseline"]:
            return "last baseline"
        if len(words) != 1 or words[0] not in ALIGN_WORDS:
            return None
        return words[0]

    def _align(self, slot: str) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            word = self._align_word(values)
            return None if word is None else [(slot, (CONST, word))]

        return handler

    def _place(self, pair: tuple[str, str]) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            words = [_ident(v) for v in values]
            if len(words) == 1 or (len(words) == 2 and words[0] in ("first", "last", "safe", "unsafe")):
                word = self._align_word(values)
                return None if word is None else [(pair[0], (CONST, word)), (pair[1], (CONST, word))]
            if len(words) == 2:
                a, b = self._align_word(values[:1]), self._align_word(values[1:])
                if a is None or b is None:
                    return None
                return [(pair[0], (CONST, a)), (pair[1], (CONST, b))]
            return None

        return handler

    def _gap_spec(self, t: object) -> Spec | None:
        if _ident(t) == "normal":
            return (CONST, (0.0, 0.0))
        return self.length_spec(t, auto=False, negative=False)

    def _gap_longhand(self, slot: str) -> Callable[[list[object]], Parsed | None]:
        return self._single(slot, self._gap_spec)

    def _gap(self, values: list[object]) -> Parsed | None:
        if not 1 <= len(values) <= 2:
            return None
        specs = [self._gap_spec(v) for v in values]
        if any(s is None for s in specs):
            return None
        return [("row_gap", specs[0]), ("column_gap", specs[-1])]  # type: ignore[list-item]

    def _text(self, slot: str) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            text = _serialize_lower(values)
            return [(slot, (CONST, None if text in ("none", "auto") else text))]

        return handler

    def _grid_auto_flow(self, values: list[object]) -> Parsed | None:
        words = [_ident(v) for v in values]
        if not words or any(w not in ("row", "column", "dense") for w in words):
            return None
        return [("grid_auto_flow", (CONST, " ".join(w for w in words if w)))]

    @staticmethod
    def _split_slash(values: list[object]) -> list[list[object]]:
        parts: list[list[object]] = [[]]
        for v in values:
            if isinstance(v, LiteralToken) and v.value == "/":
                parts.append([])
            else:
                parts[-1].append(v)
        return parts

    @staticmethod
    def _line_text(part: list[object]) -> str | None:
        text = _serialize_lower(part)
        return None if text in ("auto", "") else text

    def _grid_line_pair(self, start: str, end: str) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            parts = self._split_slash(values)
            if len(parts) > 2 or any(not p for p in parts):
                return None
            first = self._line_text(parts[0])
            if len(parts) == 2:
                second = self._line_text(parts[1])
            else:
                second = first if len(parts[0]) == 1 and _ident(parts[0][0]) not in (None, "auto", "span") else None
            return [(start, (CONST, first)), (end, (CONST, second))]

        return handler

    def _grid_area(self, values: list[object]) -> Parsed | None:
        parts = self._split_slash(values)
        if len(parts) > 4 or any(not p for p in parts):
            return None
        texts = [self._line_text(p) for p in parts]
        named = [len(p) == 1 and _ident(p[0]) not in (None, "auto", "span") for p in parts]

        def fallback(i: int, src: int) -> str | None:
            if i < len(texts):
                return texts[i]
            return texts[src] if named[src] else None

        row_start = texts[0]
        col_start = fallback(1, 0)
        row_end = fallback(2, 0)
        col_end = texts[3] if len(texts) > 3 else (texts[1] if len(texts) > 1 and named[1] else (col_start if len(texts) == 1 and named[0] else None))
        area = _serialize_lower(values)
        return [
            ("grid_row_start", (CONST, row_start)),
            ("grid_column_start", (CONST, col_start)),
            ("grid_row_end", (CONST, row_end)),
            ("grid_column_end", (CONST, col_end)),
            ("grid_area", (CONST, None if area == "auto" else area)),
        ]

    def _grid_template(self, values: list[object]) -> Parsed | None:
        if len(values) == 1 and _ident(values[0]) == "none":
            return [(s, (CONST, None)) for s in ("grid_template_rows", "grid_template_columns", "grid_template_areas")]
        if any(isinstance(v, StringToken) for v in values):
            return None  # the areas form of the shorthand is not modelled: keep longhands
        parts = self._split_slash(values)
        if len(parts) != 2:
            return None
        return [
            ("grid_template_rows", (CONST, _serialize_lower(parts[0]))),
            ("grid_template_columns", (CONST, _serialize_lower(parts[1]))),
            ("grid_template_areas", (CONST, None)),
        ]

    def _font_size_spec(self, t: object) -> Spec | None:
        word = _ident(t)
        if word is not None:
            if word in FONT_SIZE_KEYWORDS:
                return (FONT_SIZE, ("kw", FONT_SIZE_KEYWORDS.index(word)))
            if word == "smaller":
                return (FONT_SIZE, ("rel", 1.0 / 1.2))
            if word == "larger":
                return (FONT_SIZE, ("rel", 1.2))
            if word == "-webkit-xxx-large":
                return (FONT_SIZE, ("kw", 7))
            return None
        if isinstance(t, (DimensionToken, PercentageToken)) and t.value < 0:
            return None
        lin = self.lin(t)
        if lin is None:
            return None
        return (FONT_SIZE, ("lin", lin))

    def _font_size(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        spec = self._font_size_spec(values[0])
        return None if spec is None else [("font_size", spec)]

    @staticmethod
    def _family_text(values: list[object]) -> str | None:
        families: list[str] = []
        current: list[str] = []
        for v in values:
            if isinstance(v, LiteralToken) and v.value == ",":
                if not current:
                    return None
                families.append(" ".join(current))
                current = []
            elif isinstance(v, StringToken):
                current.append('"' + v.value.lower() + '"')
            elif isinstance(v, IdentToken):
                current.append(v.lower_value)
            else:
                return None
        if not current:
            return None
        families.append(" ".join(current))
        return ", ".join(families)

    def _font_family(self, values: list[object]) -> Parsed | None:
        text = self._family_text(values)
        return None if text is None else [("font_family", (CONST, text))]

    def _font_weight_spec(self, t: object) -> Spec | None:
        word = _ident(t)
        if word == "normal":
            return (FONT_WEIGHT, 400)
        if word == "bold":
            return (FONT_WEIGHT, 700)
        if word in ("bolder", "lighter"):
            return (FONT_WEIGHT, word)
        n = number_value(t, self.vp)
        if n is None or not 1 <= n <= 1000:
            return None
        return (FONT_WEIGHT, int(round(n)))

    def _font_weight(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        spec = self._font_weight_spec(values[0])
        return None if spec is None else [("font_weight", spec)]

    def _line_height_spec(self, t: object) -> Spec | None:
        word = _ident(t)
        if word == "normal":
            return (LINE_HEIGHT, ("normal", 0.0))
        if word is not None:
            return None
        n = number_value(t, self.vp)
        if n is not None:
            return None if n < 0 else (LINE_HEIGHT, ("number", n))
        if isinstance(t, (DimensionToken, PercentageToken)) and t.value < 0:
            return None
        lin = self.lin(t)
        if lin is None:
            return None
        return (LINE_HEIGHT, ("lin", lin))

    def _line_height(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        spec = self._line_height_spec(values[0])
        return None if spec is None else [("line_height", spec)]

    def _font(self, values: list[object]) -> Parsed | None:
        if len(values) == 1 and _ident(values[0]) in SYSTEM_FONTS:
            return [
                ("font_size", (FONT_SIZE, ("lin", (13.333333, 0.0, 0.0, 0.0)))),
                ("font_family", (CONST, "system-ui")),
                ("font_weight", (FONT_WEIGHT, 400)),
                ("font_style", (CONST, "normal")),
                ("line_height", (LINE_HEIGHT, ("normal", 0.0))),
            ]
        style: Spec = (CONST, "normal")
        weight: Spec = (FONT_WEIGHT, 400)
        i = 0
        size: Spec | None = None
        while i < len(values) and size is None:
            v = values[i]
            word = _ident(v)
            if word in ("italic", "oblique"):
                style = (CONST, word)
            elif word in ("normal", "small-caps") or (word or "").endswith(("condensed", "expanded")):
                pass
            elif word in ("bold", "bolder", "lighter") or isinstance(v, NumberToken):
                w = self._font_weight_spec(v)
                if w is None:
                    return None
                weight = w
            else:
                size = self._font_size_spec(v)
                if size is None:
                    return None
            i += 1
        if size is None:
            return None
        line_height: Spec = (LINE_HEIGHT, ("normal", 0.0))
        if i < len(values) and isinstance(values[i], LiteralToken) and values[i].value == "/":
            if i + 1 >= len(values):
                return None
            lh = self._line_height_spec(values[i + 1])
            if lh is None:
                return None
            line_height = lh
            i += 2
        family = self._family_text(values[i:])
        if family is None:
            return None
        return [
            ("font_size", size),
            ("font_family", (CONST, family)),
            ("font_weight", weight),
            ("font_style", style),
            ("line_height", line_height),
        ]

    def _spacing(self, slot: str) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if len(values) != 1:
                return None
            if _ident(values[0]) == "normal":
                return [(slot, (CONST, 0.0))]
            spec = self.px_spec(values[0])
            return None if spec is None else [(slot, spec)]

        return handler

    def _border_spacing(self, values: list[object]) -> Parsed | None:
        if not 1 <= len(values) <= 2:
            return None
        specs = [self.px_spec(v) for v in values]
        if any(s is None for s in specs):
            return None
        return [("border_spacing_h", specs[0]), ("border_spacing_v", specs[-1])]  # type: ignore[list-item]

    def _aspect_ratio(self, values: list[object]) -> Parsed | None:
        nums = [v for v in values if _ident(v) != "auto"]
        if not nums:
            return [("aspect_ratio", (CONST, None))]
        parts = self._split_slash(nums)
        try:
            ratio = [number_value(p[0], self.vp) for p in parts if len(p) == 1]
        except IndexError:
            return None
        if len(ratio) != len(parts) or any(r is None for r in ratio) or len(ratio) > 2:
            return None
        w = ratio[0] or 0.0
        h = ratio[1] if len(ratio) == 2 else 1.0
        if not w or not h:
            return [("aspect_ratio", (CONST, None))]
        return [("aspect_ratio", (CONST, w / h))]  # type: ignore[operator]


def _serialize_lower(values: list[object]) -> str:
    parts: list[str] = []
    for v in values:
        parts.append(serialize([v]))  # type: ignore[list-item]
    return " ".join(parts).lower().strip()
