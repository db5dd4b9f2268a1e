"""Translate ComputedStyle into the style dicts of stretchable's low-level `taffylib` (Taffy 0.3).

Plain dicts and ints (no stretchable `Style` objects: those cost ~1.6 ms each). Percentages that Taffy
cannot express mixed with px (`calc(100% - 10px)`) are resolved against the container's content width.
"""

from __future__ import annotations

import math
import re
from typing import Final

from ..css.style import ComputedStyle, Length
from .geometry import layout_units, px_or_none
from .grid_tracks import DEFAULT_UNITS, LineNames, TrackUnits, collapse_auto_fit, named_line

NAN: Final = math.nan
AUTO: Final = {"dim": 0, "value": NAN}
ZERO: Final = {"dim": 1, "value": 0.0}

ALIGN: Final = {
    "start": 0,
    "end": 1,
    "flex-start": 2,
    "flex-end": 3,
    "center": 4,
    "baseline": 5,
    "stretch": 6,
    "self-start": 0,
    "self-end": 1,
    "left": 0,
    "right": 1,
    "first baseline": 5,
    "last baseline": 5,
}
CONTENT: Final = {
    "start": 0,
    "end": 1,
    "flex-start": 2,
    "flex-end": 3,
    "center": 4,
    "stretch": 5,
    "space-between": 6,
    "space-evenly": 7,
    "space-around": 8,
    "left": 0,
    "right": 1,
}
DIRECTION: Final = {"row": 0, "column": 1, "row-reverse": 2, "column-reverse": 3}
WRAP: Final = {"nowrap": 0, "wrap": 1, "wrap-reverse": 2}
# A scroll container's automatic minimum size is 0 (CSS Flexbox §4.5, CSS Grid §6.6): Taffy's Hidden
# overflow says so (without a scrollbar gutter: layout has none for `overflow: scroll` either).
SCROLL_CONTAINER: Final = 1
SCROLLS: Final = frozenset({"hidden", "scroll", "auto"})
AUTO_FLOW: Final = {
    "row": 0,
    "column": 1,
    "row dense": 2,
    "dense": 2,
    "column dense": 3,
    "dense row": 2,
    "dense column": 3,
}


def dim(length: Length, ref: float | None, auto: dict = AUTO) -> dict:
    if length is None:
        return auto
    p, f = length
    if not f:
        return {"dim": 1, "value": layout_units(p)}  # as geometry.px
    if not p:
        return {"dim": 2, "value": f}
    if ref is None:
        return auto
    return {"dim": 1, "value": layout_units(p + f * ref)}


def _rect(top: dict, right: dict, bottom: dict, left: dict) -> dict:
    return {"top": top, "right": right, "bottom": bottom, "left": left}


_BASE_STYLE: Final = {
    "display": 1,
    "box_sizing": 1,
    "overflow_x": 0,
    "overflow_y": 0,
    "scrollbar_width": 0.0,
    "position": 0,
    "inset": _rect(AUTO, AUTO, AUTO, AUTO),
    "gap": {"width": ZERO, "height": ZERO},
    "margin": _rect(ZERO, ZERO, ZERO, ZERO),
    "border": _rect(ZERO, ZERO, ZERO, ZERO),
    "padding": _rect(ZERO, ZERO, ZERO, ZERO),
    "size": {"width": AUTO, "height": AUTO},
    "min_size": {"width": AUTO, "height": AUTO},
    "max_size": {"width": AUTO, "height": AUTO},
    "flex_wrap": 0,
    "flex_direction": 0,
    "flex_grow": 0.0,
    "flex_shrink": 1.0,
    "flex_basis": AUTO,
    "grid_template_rows": [],
    "grid_template_columns": [],
    "grid_auto_rows": [],
    "grid_auto_columns": [],
    "grid_auto_flow": 0,
    "grid_row": {"start": {"kind": 0, "value": 0}, "end": {"kind": 0, "value": 0}},
    "grid_column": {"start": {"kind": 0, "value": 0}, "end": {"kind": 0, "value": 0}},
    "aspect_ratio": None,
    "align_items": None,
    "justify_items": None,
    "align_self": None,
    "justify_self": None,
    "align_content": None,
    "justify_content": None,
}


def base_style() -> dict:
    """A fresh style dict with Taffy's defaults. Its nested values are shared by every copy: callers
    replace them (st["size"] = {...}), never change them in place."""
    return dict(_BASE_STYLE)


def container_style(
    s: ComputedStyle,
    display: str,
    width: float,
    height: float | None,
    min_height: float | None = None,
    units: TrackUnits = DEFAULT_UNITS,
    columns: list[float] | None = None,
    auto_placed: int = 0,
) -> dict:
    """Taffy style of a flex or grid container (`columns`: a grid's column widths, when we size them;
    `auto_placed`: how many items it has when they are all auto-placed one cell each, else 0)."""
    st = base_style()
    st["display"] = 2 if display in ("grid", "inline-grid") else 1
    st["size"] = {
        "width": {"dim": 1, "value": width},
        "height": AUTO if height is None else {"dim": 1, "value": height},
    }
    if min_height is not None:
        st["min_size"] = {"width": AUTO, "height": {"dim": 1, "value": min_height}}
    if display == "-webkit-box":
        st["flex_direction"] = 0
    else:
        st["flex_direction"] = DIRECTION.get(s.flex_direction, 0)
    st["flex_wrap"] = WRAP.get(s.flex_wrap, 0)
    st["gap"] = {"width": dim(s.column_gap, width, ZERO), "height": dim(s.row_gap, height, ZERO)}
    st["align_items"] = ALIGN.get(s.align_items)
    st["justify_items"] = ALIGN.get(s.justify_items)
    st["align_content"] = CONTENT.get(s.align_content)
    st["justify_content"] = CONTENT.get(s.justify_content)
    if st["display"] == 2:
        if st["justify_items"] is None:
            st["justify_items"] = 6  # normal behaves as stretch for grid items
        from .grid_tracks import stretch_auto_tracks, template_areas, track_list, track_sizes

        st["grid_template_rows"] = track_list(s.grid_template_rows, height, units)
        if columns is not None:
            st["grid_template_columns"] = [fixed_track(v) for v in columns]
        else:
            st["grid_template_columns"] = track_list(s.grid_template_columns, width, units)
            if auto_placed and "auto-fit" in (s.grid_template_columns or ""):
                gap = st["gap"]["width"]
                gap_px = gap["value"] if gap["dim"] == 1 else gap["value"] * width
                collapse_auto_fit(st["grid_template_columns"], auto_placed, width, gap_px)
            if s.justify_content in ("normal", "stretch"):
                stretch_auto_tracks(st["grid_template_columns"])
        st["grid_auto_columns"] = track_sizes(s.grid_auto_columns, width, units)
        st["grid_auto_rows"] = track_sizes(s.grid_auto_rows, height, units)
        st["grid_auto_flow"] = AUTO_FLOW.get(auto_flow(s), 0)
        areas = template_areas(s.grid_template_areas)
        if areas and not st["grid_template_columns"]:
            cols = max(a[3] for a in areas.values()) - 1
            st["grid_template_columns"] = track_list(" ".join(["1fr"] * cols), width)
    return st


def fixed_track(width: float) -> dict:
    """A single track of a fixed size."""
    size = {"dim": 1, "value": width}
    return {"repetition": -2, "single": {"min_size": size, "max_size": size}, "repeat": []}


def auto_flow(s: ComputedStyle) -> str:
    """A grid's `grid-auto-flow`, its words single-spaced ("row" when unset)."""
    return " ".join((s.grid_auto_flow or "row").split())


_LINE: Final = re.compile(r"^\s*(span\s+)?(-?\d+)?\s*(span)?\s*$")


def _placement(raw: str | None) -> dict:
    if raw is None:
        return {"kind": 0, "value": 0}
    text = raw.strip()
    m = _LINE.match(text)
    if not m or (m.group(2) is None):
        return {"kind": 0, "value": 0}
    n = int(m.group(2))
    if m.group(1) or m.group(3):
        return {"kind": 2, "value": max(1, n)}
    if n == 0:
        return {"kind": 0, "value": 0}
    return {"kind": 1, "value": n}


def clamped_width(width: dict, s: ComputedStyle, cw: float) -> dict:
    """A definite width clamped by min-width and max-width (CSS 2 §10.4): the width a column flex item
    or a grid item is measured at. Taffy measures such an item's height at its unclamped width."""
    if width.get("dim") != 1:
        return width
    used = width["value"]
    most = px_or_none(s.max_width, cw)
    if most is not None:
        used = min(used, most)
    least = px_or_none(s.min_width, cw)
    if least is not None:
        used = max(used, least)
    return {"dim": 1, "value": used}


def item_style(
    s: ComputedStyle,
    cw: float,
    ch: float | None,
    areas: dict | None,
    auto_row: tuple[int, int, int, int] | None = None,
    clamp_width: bool = False,
    names: tuple[LineNames, LineNames] | None = None,
    capped: bool = False,
) -> dict:
    """Taffy style of a flex or grid item; `clamp_width`: its width is not its container's main size
    (a column flexbox or a grid), so min/max-width apply to it before it is measured; `capped`: a
    replaced grid item whose percentage max-width caps its width at its grid area's (Taffy resolves
    percentages against the grid): it is stretched over the area, measured at its width no wider
    than its own (flexgrid.capped_width), and placed at that width."""
    st = base_style()
    st["display"] = 3
    st["box_sizing"] = 0 if s.box_sizing == "border-box" else 1
    st["margin"] = _rect(
        dim(s.margin_top, cw), dim(s.margin_right, cw), dim(s.margin_bottom, cw), dim(s.margin_left, cw)
    )
    st["padding"] = _rect(
        dim(s.padding_top, cw, ZERO),
        dim(s.padding_right, cw, ZERO),
        dim(s.padding_bottom, cw, ZERO),
        dim(s.padding_left, cw, ZERO),
    )
    st["border"] = _rect(
        {"dim": 1, "value": s.border_top_width},
        {"dim": 1, "value": s.border_right_width},
        {"dim": 1, "value": s.border_bottom_width},
        {"dim": 1, "value": s.border_left_width},
    )
    width = dim(s.width, cw)
    stretch = areas is not None and (s.width == (0.0, 1.0) or capped)
    if capped:
        st["max_size"] = {"width": AUTO, "height": dim(s.max_height, ch)}  # applied by our measure
    if stretch:
        width = AUTO  # Taffy resolves % against the container, not the grid area: stretch instead
    elif clamp_width:
        width = clamped_width(width, s, cw)
    st["size"] = {"width": width, "height": dim(s.height, ch)}
    st["min_size"] = {"width": dim(s.min_width, cw), "height": dim(s.min_height, ch)}
    if not capped:
        st["max_size"] = {"width": dim(s.max_width, cw), "height": dim(s.max_height, ch)}
    st["overflow_x"] = SCROLL_CONTAINER if s.overflow_x in SCROLLS else 0
    st["overflow_y"] = SCROLL_CONTAINER if s.overflow_y in SCROLLS else 0
    st["flex_grow"] = float(s.flex_grow)
    st["flex_shrink"] = float(s.flex_shrink)
    st["flex_basis"] = dim(s.flex_basis, cw)
    st["align_self"] = ALIGN.get(s.align_self)
    st["justify_self"] = 6 if stretch else ALIGN.get(s.justify_self)
    if s.aspect_ratio:
        st["aspect_ratio"] = float(s.aspect_ratio)
    col, row = grid_lines(s, areas, names)
    st["grid_column"] = col
    if auto_row is not None:  # placed by definite_column_rows: rows' start line and span, columns'
        row = {"start": {"kind": 1, "value": auto_row[0]}, "end": {"kind": 2, "value": auto_row[1]}}
        if auto_row[2]:
            col = {"start": {"kind": 1, "value": auto_row[2]}, "end": {"kind": 2, "value": auto_row[3]}}
            st["grid_column"] = col
    st["grid_row"] = row
    return st


def grid_lines(
    s: ComputedStyle, areas: dict | None, names: tuple[LineNames, LineNames] | None = None
) -> tuple[dict, dict]:
    """The item's Taffy column and row placements ({"start", "end"}: kind 0 auto, 1 line, 2 span)."""
    start_c, end_c = s.grid_column_start, s.grid_column_end
    start_r, end_r = s.grid_row_start, s.grid_row_end
    if s.grid_area:
        parts = [p.strip() for p in s.grid_area.split("/")]
        if len(parts) == 1 and areas and parts[0] in areas:
            r0, r1, c0, c1 = areas[parts[0]]
            start_r, end_r, start_c, end_c = str(r0), str(r1), str(c0), str(c1)
        elif len(parts) >= 2:
            start_r = start_r or parts[0]
            start_c = start_c or parts[1]
            if len(parts) > 2:
                end_r = end_r or parts[2]
            if len(parts) > 3:
                end_c = end_c or parts[3]
    if areas:
        for which in ("c", "r"):
            raw = start_c if which == "c" else start_r
            if raw and raw.strip() in areas:
                r0, r1, c0, c1 = areas[raw.strip()]
                if which == "c":
                    start_c, end_c = str(c0), str(c1)
                else:
                    start_r, end_r = str(r0), str(r1)
    if names is not None:
        start_c, end_c = named_line(start_c, names[0], False), named_line(end_c, names[0], True)
        start_r, end_r = named_line(start_r, names[1], False), named_line(end_r, names[1], True)
    col = {"start": _placement(start_c), "end": _placement(end_c)}
    row = {"start": _placement(start_r), "end": _placement(end_r)}
    return col, row


def _span(lines: dict) -> int | None:
    """How many tracks an item spans from a definite start line (None: an end line at or before it)."""
    start, end = lines["start"], lines["end"]
    if end["kind"] == 1:
        return end["value"] - start["value"] if end["value"] > start["value"] else None
    return end["value"] if end["kind"] == 2 else 1


def _row_span(row: dict) -> int:
    """The span of an auto-placed row placement (`span n` at either end, else 1)."""
    for end in (row["start"], row["end"]):
        if end["kind"] == 2:
            return max(1, end["value"])
    return 1


def definite_column_rows(
    styles: list[ComputedStyle],
    areas: dict | None,
    names: tuple[LineNames, LineNames] | None = None,
    columns: int = 0,
) -> list[tuple[int, int, int, int]] | None:
    """(row-start line, row span, column-start line or 0, column span) of each item of a row-flow
    (sparse) grid whose items have a definite column or none, and an auto row, placed as CSS Grid §8.5
    step 4 says (Taffy misplaces the third definite-column item on): one with a definite column goes
    in it at the auto-placement cursor's row, one row further when its column starts before the
    cursor's, then down until it overlaps no item placed before it (its column is its own: 0); one
    without goes to the first cell from the cursor on, along the row and then the next ones, where it
    overlaps nothing within the grid's `columns` (at least the explicit ones). None when the grid is
    not so (or it has auto-placed items and `columns` is unknown, 0)."""
    occupied: set[tuple[int, int]] = set()
    cursor_row, cursor_col = 1, 1
    placed: list[tuple[int, int, int, int]] = []
    lines = [grid_lines(s, areas, names) for s in styles]
    if all(col["start"]["kind"] != 1 for col, _row in lines):
        return None  # all auto-placed: Taffy places them as CSS does
    for col, _row in lines:
        span_c = _span(col)
        if col["start"]["kind"] == 1 and span_c is not None:
            columns = max(columns, col["start"]["value"] + span_c - 1) if columns else columns
    for col, row in lines:
        if row["start"]["kind"] == 1 or row["end"]["kind"] == 1:
            return None
        span_r = _row_span(row)
        if col["start"]["kind"] == 0 and col["end"]["kind"] != 1:
            span_c = _row_span(col)
            if columns <= 0 or span_c > columns:
                return None
            cursor_row, cursor_col = _free_cell(occupied, cursor_row, cursor_col, span_r, span_c, columns)
            occupied.update(
                (cursor_row + r, c) for r in range(span_r) for c in range(cursor_col, cursor_col + span_c)
            )
            placed.append((cursor_row, span_r, cursor_col, span_c))
            continue
        span_c = _span(col)
        if col["start"]["kind"] != 1 or col["start"]["value"] < 1 or span_c is None:
            return None
        start = col["start"]["value"]
        if start < cursor_col:
            cursor_row += 1
        cells = [(r, c) for r in range(span_r) for c in range(start, start + span_c)]
        while any((cursor_row + r, c) in occupied for r, c in cells):
            cursor_row += 1
        occupied.update((cursor_row + r, c) for r, c in cells)
        cursor_col = start
        placed.append((cursor_row, span_r, 0, span_c))
    return placed


def _free_cell(
    occupied: set[tuple[int, int]], row: int, col: int, span_r: int, span_c: int, columns: int
) -> tuple[int, int]:
    """The first (row, column) from the cursor (row, col) on, along the rows, where a span_r × span_c
    item overlaps no occupied cell and fits in `columns`."""
    while True:
        while col + span_c - 1 <= columns:
            if not any((row + r, c) in occupied for r in range(span_r) for c in range(col, col + span_c)):
                return row, col
            col += 1
        row, col = row + 1, 1
