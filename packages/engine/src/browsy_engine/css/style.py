"""ComputedStyle: the contract between the cascade (css/) and layout (layout/).

One instance per element node (text nodes use their parent's). Values are *computed*: font-relative
and viewport units are already resolved to px; percentages stay relative because only layout knows
the containing block.

Length  = tuple[float, float] | None  — (px, fraction) meaning px + fraction × reference size;
          None means `auto` (for margins, sizes, offsets, flex-basis) or `none` (for max-width/height).
          `calc(100% - 32px)` is (-32.0, 1.0); `50%` is (0.0, 0.5); `10px` is (10.0, 0.0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

Length = tuple[float, float] | None
# a linear map of the plane as (a, b, c, d) of CSS matrix(a, b, c, d, e, f): x' = a·x + c·y, y' = b·x + d·y
Matrix = tuple[float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0)

ZERO: tuple[float, float] = (0.0, 0.0)


@dataclass(slots=True)
class ComputedStyle:
    display: str = "inline"
    position: str = "static"
    inline_static: bool = False  # absolutely positioned, blockified from an inline-level display
    top: Length = None
    right: Length = None
    bottom: Length = None
    left: Length = None
    float_side: str = "none"  # the `float` property (a field named float would shadow the builtin)
    content: str | None = None  # of a ::before/::after box: its text ("" for no text), None: no box
    # `content` holding counter()/counters() (CSS Lists 3 §4.8): its parts, each a string or a counter
    # (name, separator or None for counter(), list-style-type); css/counters.py makes the text
    content_counters: tuple[str | tuple[str, str | None, str], ...] | None = None
    # counter-reset / counter-increment / counter-set (CSS Lists 3 §4.2–4.4): (name, value) pairs, () for none
    counter_reset: tuple[tuple[str, int], ...] = ()
    counter_increment: tuple[tuple[str, int], ...] = ()
    counter_set: tuple[tuple[str, int], ...] = ()
    # `transform` as a translation (percentages of the box's own border box) then a linear map (scales,
    # rotations, skews) about `transform-origin`
    translate_x: Length = None
    translate_y: Length = None
    transform_matrix: Matrix = IDENTITY
    # the individual transform properties `translate`, `rotate` and `scale` (CSS Transforms 2 §3);
    # resolve.py folds them into translate_x/_y and transform_matrix, which layout reads
    translate_property_x: Length = None
    translate_property_y: Length = None
    rotate_property: Matrix = IDENTITY
    scale_property_x: float = 1.0
    scale_property_y: float = 1.0
    transform_origin_x: Length = (0.0, 0.5)
    transform_origin_y: Length = (0.0, 0.5)
    clear: str = "none"
    box_sizing: str = "content-box"
    width: Length = None
    width_fit: str | None = None  # width: fit-content | min-content | max-content (then `width` is None)
    height_fit: bool = False  # height: fit-content | min-content | max-content (then `height` is None)
    height: Length = None
    min_width: Length = None
    min_height: Length = None
    max_width: Length = None
    max_height: Length = None
    margin_top: Length = ZERO
    margin_right: Length = ZERO
    margin_bottom: Length = ZERO
    margin_left: Length = ZERO
    padding_top: Length = ZERO
    padding_right: Length = ZERO
    padding_bottom: Length = ZERO
    padding_left: Length = ZERO
    border_top_width: float = 0.0
    border_right_width: float = 0.0
    border_bottom_width: float = 0.0
    border_left_width: float = 0.0
    flex_direction: str = "row"
    flex_wrap: str = "nowrap"
    flex_grow: float = 0.0
    flex_shrink: float = 1.0
    flex_basis: Length = None
    align_items: str = "normal"
    align_self: str = "auto"
    align_content: str = "normal"
    justify_content: str = "normal"
    justify_items: str = "normal"
    justify_self: str = "auto"
    order: int = 0
    row_gap: Length = None  # None: `normal`, 0 in flex and grid containers, 1em between columns
    column_gap: Length = None
    # Multi-column layout (CSS Multi-column §3): None is `auto`
    column_count: int | None = None
    column_width: Length = None
    column_span_all: bool = False  # column-span: all
    # Grid values are the computed CSS text (var() substituted, lowercase); layout parses them.
    grid_template_columns: str | None = None
    grid_template_rows: str | None = None
    grid_template_areas: str | None = None
    grid_auto_columns: str | None = None
    grid_auto_rows: str | None = None
    grid_auto_flow: str = "row"
    grid_column_start: str | None = None
    grid_column_end: str | None = None
    grid_row_start: str | None = None
    grid_row_end: str | None = None
    grid_area: str | None = None
    # Typography (inherited)
    font_size: float = 16.0
    font_family: str = "serif"  # computed value, lowercase, e.g. '"helvetica neue", arial, sans-serif'
    font_weight: int = 400
    font_style: str = "normal"
    line_height_kind: str = "normal"  # 'normal' | 'number' | 'px'
    line_height: float = 0.0  # factor for 'number', px for 'px'
    text_align: str = "start"
    white_space: str = "normal"
    # emergency breaks inside words (CSS Text 3 §5.2, §5.5): overflow-wrap (alias word-wrap), word-break
    overflow_wrap: str = "normal"
    word_break: str = "normal"
    hyphens: str = "manual"  # soft hyphens break only under manual/auto (CSS Text 3 §5.4)
    text_transform: str = "none"
    letter_spacing: float = 0.0
    word_spacing: float = 0.0
    text_indent: Length = ZERO
    vertical_align: str = "baseline"
    vertical_align_length: Length = ZERO  # the shift of vertical_align "length" (fraction: of line-height)
    visibility: str = "visible"
    overflow_x: str = "visible"
    overflow_y: str = "visible"
    aspect_ratio: float | None = None
    list_style_type: str = "disc"
    list_style_position: str = "outside"
    border_collapse: str = "separate"
    border_spacing_h: float = 0.0
    border_spacing_v: float = 0.0
    direction: str = "ltr"
    content_visibility: str = "visible"
    contain_layout: bool = False  # contain: layout/paint/content/strict (an independent formatting context)
    contain_size: str = "none"  # contain: size/strict ("size") or inline-size
    container_type: str = "normal"  # size / inline-size: a query container, with their containment
    container_names: tuple[str, ...] = ()  # container-name
    contain_intrinsic_width: Length = None  # contain-intrinsic-size: a size-contained box's content size
    contain_intrinsic_height: Length = None
    appearance: str = "none"  # form controls get `auto` from the UA style sheet
    # -webkit-line-clamp (CSS Overflow 4 §4.2, legacy form): lines kept before the box's height is cut; 0 is
    # `none`. It takes effect only with display: -webkit-box (or -webkit-inline-box) and -webkit-box-orient:
    # vertical (`webkit_box`, `box_vertical`); the box is then a block container (resolve.build_style).
    line_clamp: int = 0
    webkit_box: bool = False  # display was -webkit-box / -webkit-inline-box (laid out as flex otherwise)
    box_vertical: bool = False  # -webkit-box-orient: vertical / block-axis
    # --- added by the cascade (additive; layout may ignore them) ---
    border_top_style: str = "none"
    border_right_style: str = "none"
    border_bottom_style: str = "none"
    border_left_style: str = "none"
    # 1 + index of the absolute font-size keyword the size comes from (xx-small..xxx-large), 0 if none
    font_size_keyword: int = 4
    font_size_absolute: bool = False  # the size derives from an absolute length (not a keyword/em chain)
    # True when text_align came from a legacy -webkit-center/-left/-right (<center>, align="…"): block
    # children with auto margins are then aligned too, as in browsers.
    text_align_blocks: bool = False
    # Paint (css/props_paint.py): what a person can see of the box; layout ignores these.
    opacity: float = 1.0
    color: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 1.0)  # sRGB + alpha, 0-1 (inherited)
    background_color: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    background_image: bool = False  # a background image or gradient paints the box (its colours unknown)
    clip: str | None = None  # "clipped-away" for a clip: rect() that keeps at most a pixel
    clip_path: str | None = None  # "clipped-away" for a clip-path that leaves nothing visible
    # Custom properties (--name → computed token list), shared between styles when unchanged.
    custom_properties: dict | None = None
    # True when `content` on ::before/::after would add boxes is NOT modelled: pseudo-elements are ignored.


# ComputedStyle's own __init__ is made by dataclasses at import time, so it runs as interpreted Python even
# in the compiled engine (a call with 125 arguments: ~50k instructions). copy_style makes a copy without it:
# an instance with no attribute set (its type's __new__), then every field assigned, each a compiled store.
_blank_instance: Final = ComputedStyle.__new__


def copy_style(s: ComputedStyle) -> ComputedStyle:
    """A copy of `s` (every field; the test of copy_style checks the list against the class's fields)."""
    c: ComputedStyle = _blank_instance(ComputedStyle)
    c.display = s.display
    c.position = s.position
    c.inline_static = s.inline_static
    c.top = s.top
    c.right = s.right
    c.bottom = s.bottom
    c.left = s.left
    c.float_side = s.float_side
    c.content = s.content
    c.content_counters = s.content_counters
    c.counter_reset = s.counter_reset
    c.counter_increment = s.counter_increment
    c.counter_set = s.counter_set
    c.translate_x = s.translate_x
    c.translate_y = s.translate_y
    c.transform_matrix = s.transform_matrix
    c.translate_property_x = s.translate_property_x
    c.translate_property_y = s.translate_property_y
    c.rotate_property = s.rotate_property
    c.scale_property_x = s.scale_property_x
    c.scale_property_y = s.scale_property_y
    c.transform_origin_x = s.transform_origin_x
    c.transform_origin_y = s.transform_origin_y
    c.clear = s.clear
    c.box_sizing = s.box_sizing
    c.width = s.width
    c.width_fit = s.width_fit
    c.height_fit = s.height_fit
    c.height = s.height
    c.min_width = s.min_width
    c.min_height = s.min_height
    c.max_width = s.max_width
    c.max_height = s.max_height
    c.margin_top = s.margin_top
    c.margin_right = s.margin_right
    c.margin_bottom = s.margin_bottom
    c.margin_left = s.margin_left
    c.padding_top = s.padding_top
    c.padding_right = s.padding_right
    c.padding_bottom = s.padding_bottom
    c.padding_left = s.padding_left
    c.border_top_width = s.border_top_width
    c.border_right_width = s.border_right_width
    c.border_bottom_width = s.border_bottom_width
    c.border_left_width = s.border_left_width
    c.flex_direction = s.flex_direction
    c.flex_wrap = s.flex_wrap
    c.flex_grow = s.flex_grow
    c.flex_shrink = s.flex_shrink
    c.flex_basis = s.flex_basis
    c.align_items = s.align_items
    c.align_self = s.align_self
    c.align_content = s.align_content
    c.justify_content = s.justify_content
    c.justify_items = s.justify_items
    c.justify_self = s.justify_self
    c.order = s.order
    c.row_gap = s.row_gap
    c.column_gap = s.column_gap
    c.column_count = s.column_count
    c.column_width = s.column_width
    c.column_span_all = s.column_span_all
    c.grid_template_columns = s.grid_template_columns
    c.grid_template_rows = s.grid_template_rows
    c.grid_template_areas = s.grid_template_areas
    c.grid_auto_columns = s.grid_auto_columns
    c.grid_auto_rows = s.grid_auto_rows
    c.grid_auto_flow = s.grid_auto_flow
    c.grid_column_start = s.grid_column_start
    c.grid_column_end = s.grid_column_end
    c.grid_row_start = s.grid_row_start
    c.grid_row_end = s.grid_row_end
    c.grid_area = s.grid_area
    c.font_size = s.font_size
    c.font_family = s.font_family
    c.font_weight = s.font_weight
    c.font_style = s.font_style
    c.line_height_kind = s.line_height_kind
    c.line_height = s.line_height
    c.text_align = s.text_align
    c.white_space = s.white_space
    c.overflow_wrap = s.overflow_wrap
    c.word_break = s.word_break
    c.hyphens = s.hyphens
    c.text_transform = s.text_transform
    c.letter_spacing = s.letter_spacing
    c.word_spacing = s.word_spacing
    c.text_indent = s.text_indent
    c.vertical_align = s.vertical_align
    c.vertical_align_length = s.vertical_align_length
    c.visibility = s.visibility
    c.overflow_x = s.overflow_x
    c.overflow_y = s.overflow_y
    c.aspect_ratio = s.aspect_ratio
    c.list_style_type = s.list_style_type
    c.list_style_position = s.list_style_position
    c.border_collapse = s.border_collapse
    c.border_spacing_h = s.border_spacing_h
    c.border_spacing_v = s.border_spacing_v
    c.direction = s.direction
    c.content_visibility = s.content_visibility
    c.contain_layout = s.contain_layout
    c.contain_size = s.contain_size
    c.container_type = s.container_type
    c.container_names = s.container_names
    c.contain_intrinsic_width = s.contain_intrinsic_width
    c.contain_intrinsic_height = s.contain_intrinsic_height
    c.appearance = s.appearance
    c.line_clamp = s.line_clamp
    c.webkit_box = s.webkit_box
    c.box_vertical = s.box_vertical
    c.border_top_style = s.border_top_style
    c.border_right_style = s.border_right_style
    c.border_bottom_style = s.border_bottom_style
    c.border_left_style = s.border_left_style
    c.font_size_keyword = s.font_size_keyword
    c.font_size_absolute = s.font_size_absolute
    c.text_align_blocks = s.text_align_blocks
    c.opacity = s.opacity
    c.color = s.color
    c.background_color = s.background_color
    c.background_image = s.background_image
    c.clip = s.clip
    c.clip_path = s.clip_path
    c.custom_properties = s.custom_properties
    return c
