"""Specified-value kinds, slots and keyword tables shared by the property parsers and the resolver.

A *slot* is the target of a specified value; it is a ComputedStyle field name, except that a few slots
own several fields (`font_size` also sets `font_size_keyword`, `line_height` sets `line_height_kind`).
A specified value is `(kind, payload)`; the cascade resolves it once the element's fonts are known.
"""

from __future__ import annotations

from typing import Final

from tinycss2.ast import IdentToken
from tinycss2.serializer import serialize

CONST: Final = 0  # payload: the computed value itself
LEN: Final = 1  # payload: Lin → Length (px, fraction)
PX: Final = 2  # payload: Lin without percentage → float px
BORDER: Final = 3  # payload: Lin → border width in px (snapped like Chromium)
FONT_SIZE: Final = 4  # payload: ("kw", index) | ("rel", factor) | ("lin", Lin)
LINE_HEIGHT: Final = 5  # payload: ("normal", 0) | ("number", f) | ("lin", Lin)
FONT_WEIGHT: Final = 6  # payload: int | "bolder" | "lighter"
INHERIT: Final = 7
INITIAL: Final = 8
UNSET: Final = 9
REVERT: Final = 12  # the cascade replaces it with the user-agent origin's value (10, 11: cascade.py's own)
REVERT_LAYER: Final = 13  # the cascade replaces it with the value of the layers below its own

Spec = tuple[int, object]
Parsed = list[tuple[str, Spec]]

# Absolute font-size keywords (Chromium's table for a 16px medium); index 3 = medium.
FONT_SIZE_KEYWORDS: Final = (
    "xx-small",
    "x-small",
    "small",
    "medium",
    "large",
    "x-large",
    "xx-large",
    "xxx-large",
)
FONT_SIZE_PX = (9.0, 10.0, 13.0, 16.0, 18.0, 24.0, 32.0, 48.0)
FONT_SIZE_PX_MONOSPACE = (9.0, 10.0, 10.0, 13.0, 16.0, 20.0, 26.0, 39.0)

INHERITED_SLOTS: Final = frozenset(
    {
        "font_size",
        "font_family",
        "font_weight",
        "font_style",
        "line_height",
        "text_align",
        "text_align_blocks",
        "white_space",
        "overflow_wrap",
        "word_break",
        "hyphens",
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
        "color",
    }
)
SLOT_FIELDS: dict[str, tuple[str, ...]] = {
    "font_size": ("font_size", "font_size_keyword"),
    "line_height": ("line_height_kind", "line_height"),
}

SIDES: Final = ("top", "right", "bottom", "left")
CSS_WIDE: Final = {
    "inherit": INHERIT,
    "initial": INITIAL,
    "unset": UNSET,
    "revert": REVERT,
    "revert-layer": REVERT_LAYER,
}

DISPLAY_KEYWORDS: Final = frozenset(
    {
        "block", "inline", "inline-block", "flex", "inline-flex", "grid", "inline-grid", "none", "contents",
        "table", "inline-table", "table-row", "table-cell", "table-row-group", "table-header-group",
        "table-footer-group", "table-column", "table-column-group", "table-caption", "list-item",
        "flow-root", "ruby", "ruby-text",
    }
)  # fmt: skip
DISPLAY_ALIASES: Final = {
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
    "float_side": frozenset({"none", "left", "right", "inline-start", "inline-end"}),
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
    "overflow_wrap": frozenset({"normal", "break-word", "anywhere"}),
    "hyphens": frozenset({"none", "manual", "auto"}),
    "word_break": frozenset({"normal", "break-all", "keep-all", "break-word", "auto-phrase"}),
    "appearance": frozenset(
        {
            "none",
            "auto",
            "button",
            "textfield",
            "menulist",
            "menulist-button",
            "searchfield",
            "textarea",
            "push-button",
            "square-button",
            "checkbox",
            "radio",
            "listbox",
            "meter",
            "progress-bar",
            "slider-horizontal",
            "base-select",
        }
    ),  # fmt: skip
    "border_style": frozenset(
        {"none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset"}
    ),
}
ENUMS["overflow_y"] = ENUMS["overflow_x"]
ALIGN_WORDS: Final = frozenset(
    {
        "normal", "stretch", "center", "start", "end", "flex-start", "flex-end", "self-start", "self-end",
        "left", "right", "baseline", "space-between", "space-around", "space-evenly", "auto", "anchor-center",
    }
)  # fmt: skip
TEXT_ALIGN: Final = {
    "left": ("left", False),
    "right": ("right", False),
    "center": ("center", False),
    "justify": ("justify", False),
    "start": ("start", False),
    "end": ("end", False),
    "-internal-center": ("-internal-center", False),  # resolved against the parent (resolve.py)
    "-webkit-center": ("center", True),
    "-webkit-left": ("left", True),
    "-webkit-right": ("right", True),
    "-webkit-auto": ("start", False),
}
VERTICAL_ALIGN: Final = frozenset(
    {
        "baseline",
        "sub",
        "super",
        "text-top",
        "text-bottom",
        "middle",
        "top",
        "bottom",
        "-webkit-baseline-middle",
    }
)
# white-space-collapse alone, assuming the default wrapping (text-wrap-mode: wrap)
WHITE_SPACE_COLLAPSE: Final = {"collapse": "normal", "preserve": "pre-wrap", "preserve-breaks": "pre-line", "break-spaces": "break-spaces", "preserve-spaces": "pre-wrap"}  # fmt: skip
BORDER_WIDTH_KEYWORDS: Final = {"thin": 1.0, "medium": 3.0, "thick": 5.0}
SYSTEM_FONTS: Final = frozenset(
    {"caption", "icon", "menu", "message-box", "small-caption", "status-bar", "-webkit-small-control"}
)


def keyword_of(t: object) -> str | None:
    """The lowercase keyword of an ident token, else None."""
    return t.lower_value if isinstance(t, IdentToken) else None


def serialize_lower(values: list[object]) -> str:
    return " ".join(serialize([v]) for v in values).lower().strip()
