"""Presentational hints: legacy HTML attributes that browsers map to CSS (width=, align=, border=, …).

They cascade as author declarations of specificity zero placed before every author rule, exactly as
in browsers, so a stylesheet overrides them. `presentational_css(doc, index)` returns the declarations
for one element as CSS text (None when it has none); the cascade parses it like a style attribute.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from ..dom.tree import Document, Node, has_any_attribute
from .values import FONT_METRIC_UNITS, FONT_UNITS, ROOT_UNITS, absolute_length

_NUMBER: Final = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(%|\*)?")
DIMENSION_TAGS: Final = frozenset({"img", "canvas", "video", "iframe", "embed", "object", "svg", "table", "td", "th", "col", "hr", "input", "marquee", "applet", "frame"})  # fmt: skip
TEXT_ALIGN_TAGS: Final = frozenset({"div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr", "thead", "tbody", "tfoot", "caption", "legend", "center"})  # fmt: skip
# align= of images and other embedded content, as Chromium maps it (measured: layout_fixtures/image_align)
EMBEDDED_VERTICAL_ALIGN: Final = {"top": "top", "texttop": "text-top", "middle": "-webkit-baseline-middle", "center": "-webkit-baseline-middle", "absmiddle": "middle", "abscenter": "middle", "bottom": "baseline", "baseline": "baseline", "absbottom": "bottom"}  # fmt: skip
ALIGN_VALUES: Final = {"center": "-webkit-center", "middle": "-webkit-center", "left": "-webkit-left", "right": "-webkit-right", "justify": "justify"}  # fmt: skip
FONT_SIZES: Final = ("x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large")
CELL_TAGS: Final = frozenset({"td", "th"})
UNIVERSAL_HINT: Final = "dir"  # the one hint attribute of every element


def _hint_attributes_by_tag() -> dict[str, frozenset[str]]:
    """The attributes `presentational_css` reads, per tag (tags not listed read only `dir`). Keep in step
    with `presentational_css`; a test checks it."""
    by_tag: dict[str, set[str]] = {}
    for tags, names in (
        (DIMENSION_TAGS, ("width", "height")),
        (TEXT_ALIGN_TAGS | {"table", "img", "iframe", "object", "embed", "video", "input"}, ("align",)),
        (("td", "th", "tr", "thead", "tbody", "tfoot", "col"), ("valign",)),
        (("table",), ("border", "cellspacing")),
        (("img", "object"), ("border",)),
        (("img", "object", "embed", "iframe"), ("hspace", "vspace")),
        (("iframe", "frame"), ("frameborder",)),
        (("font",), ("size", "face")),
        (
            ("body",),
            ("marginwidth", "leftmargin", "rightmargin", "marginheight", "topmargin", "bottommargin"),
        ),
        (("hr",), ("noshade",)),
    ):
        for tag in tags:
            by_tag.setdefault(tag, {UNIVERSAL_HINT}).update(names)
    return {tag: frozenset(names) for tag, names in by_tag.items()}


HINT_ATTRIBUTES_BY_TAG: Final = _hint_attributes_by_tag()


def may_have_hints(node: Node) -> bool:
    """Cheap test before `presentational_css`: table cells (their table's border and cellpadding count),
    or elements with a hint attribute of their tag."""
    tag = node.tag
    if tag in CELL_TAGS:
        return True
    attrs = node.attrs
    if not attrs:
        return False
    wanted = HINT_ATTRIBUTES_BY_TAG.get(tag)
    return UNIVERSAL_HINT in attrs if wanted is None else has_any_attribute(attrs, wanted)


@lru_cache(maxsize=1024)  # attribute values repeat across a page's cells and images
def _dimension(value: str | None, allow_percent: bool = True, allow_zero: bool = True) -> str | None:
    if value is None:
        return None
    m = _NUMBER.match(value)
    if m is None:
        return None
    number = float(m.group(1))
    if m.group(2) == "*":
        return None
    if m.group(2) == "%":
        return f"{number:g}%" if allow_percent else None
    if number == 0 and not allow_zero:
        return None
    return f"{number:g}px"


_SVG_LENGTH: Final = re.compile(r"([+]?(?:\d+(?:\.\d*)?|\.\d+))(%|[a-z]+)")
RELATIVE_UNITS: Final = frozenset(
    {"%", *FONT_UNITS, *FONT_METRIC_UNITS, *ROOT_UNITS, "vw", "vh", "vmin", "vmax"}
)


def _svg_dimension(value: str | None, allow_zero: bool = True) -> str | None:
    """SVG's width/height attributes are presentation attributes: any CSS length ("250pt") or
    percentage, a bare number meaning px; anything else is ignored."""
    if value is None:
        return None
    px = absolute_length(value)
    if px is not None:
        return f"{px:g}px"
    m = _SVG_LENGTH.fullmatch(value.strip().lower())
    return m.group(0) if m is not None and m.group(2) in RELATIVE_UNITS else None


@lru_cache(maxsize=1024)
def _pixels(value: str | None) -> float | None:
    if value is None:
        return None
    m = _NUMBER.match(value)
    return float(m.group(1)) if m and m.group(2) is None else None


def _nearest_table(doc: Document, node: Node) -> Node | None:
    nodes = doc.nodes
    i = node.parent
    for _ in range(4):
        if i < 0:
            return None
        n = nodes[i]
        if n.tag == "table":
            return n
        i = n.parent
    return None


def presentational_css(doc: Document, node: Node) -> str | None:
    """CSS declarations implied by the element's presentational attributes."""
    attrs = node.attrs
    tag = node.tag
    parts: list[str] = []
    if attrs:
        if (
            tag in DIMENSION_TAGS
            and tag != "input"
            or (tag == "input" and (attrs.get("type") or "").lower() == "image")
        ):
            zero_ok = tag not in CELL_TAGS
            dimension = _svg_dimension if tag == "svg" else _dimension
            w = dimension(attrs.get("width"), allow_zero=zero_ok)
            if w is not None:
                parts.append(f"width:{w}")
            if tag not in ("col", "hr"):
                h = dimension(attrs.get("height"), allow_zero=zero_ok)
                if h is not None:
                    parts.append(f"height:{h}")
        align = (attrs.get("align") or "").strip().lower()
        if align:
            if tag in TEXT_ALIGN_TAGS:
                mapped = ALIGN_VALUES.get(align)
                if mapped:
                    parts.append(f"text-align:{mapped}")
            elif tag == "table":
                if align == "center":
                    parts.append("margin-left:auto;margin-right:auto")
                elif align in ("left", "right"):
                    parts.append(f"float:{align}")
            elif tag in ("img", "iframe", "object", "embed", "video", "input"):
                if align in ("left", "right"):
                    parts.append(f"float:{align}")
                elif align in EMBEDDED_VERTICAL_ALIGN:
                    parts.append(f"vertical-align:{EMBEDDED_VERTICAL_ALIGN[align]}")
        valign = attrs.get("valign")
        if valign and tag in ("td", "th", "tr", "thead", "tbody", "tfoot", "col"):
            parts.append(f"vertical-align:{valign.strip().lower()}")
        if tag == "table":
            border = _pixels(attrs.get("border"))
            if border is None and "border" in attrs:
                border = 1.0
            if border:
                parts.append(f"border:{border:g}px outset")
            spacing = _pixels(attrs.get("cellspacing"))
            if spacing is not None:
                parts.append(f"border-spacing:{spacing:g}px")
        elif tag in ("img", "object") and "border" in attrs:
            border = _pixels(attrs.get("border"))
            if border is not None:
                parts.append(f"border:{border:g}px solid")
        if tag in ("img", "object", "embed", "iframe"):
            hspace, vspace = _pixels(attrs.get("hspace")), _pixels(attrs.get("vspace"))
            if hspace is not None:
                parts.append(f"margin-left:{hspace:g}px;margin-right:{hspace:g}px")
            if vspace is not None:
                parts.append(f"margin-top:{vspace:g}px;margin-bottom:{vspace:g}px")
        if tag in ("iframe", "frame") and (attrs.get("frameborder") or "").strip() in ("0", "no"):
            parts.append("border:0 none")
        if tag in CELL_TAGS and "nowrap" in attrs:
            parts.append("white-space:nowrap")
        if tag == "font":
            size = _font_size(attrs.get("size"))
            if size:
                parts.append(f"font-size:{size}")
            face = attrs.get("face")
            if face and all(c.isalnum() or c in " ,-_'\"" for c in face):
                parts.append(f"font-family:{face}")
        direction = (attrs.get("dir") or "").strip().lower()
        if direction in ("ltr", "rtl"):
            parts.append(f"direction:{direction}")
        if tag == "body":
            for attr, props in (("marginwidth", ("left", "right")), ("leftmargin", ("left",)), ("rightmargin", ("right",)), ("marginheight", ("top", "bottom")), ("topmargin", ("top",)), ("bottommargin", ("bottom",))):  # fmt: skip
                px = _pixels(attrs.get(attr))
                if px is not None:
                    parts.extend(f"margin-{p}:{px:g}px" for p in props)
        if tag == "hr" and "noshade" in attrs:
            parts.append("border-style:solid")
    if tag in CELL_TAGS:
        table = _nearest_table(doc, node)
        if table is not None and table.attrs:
            border = _pixels(table.attrs.get("border"))
            if border is None and "border" in table.attrs:
                border = 1.0
            if border:
                parts.append("border:1px inset")
            padding = _pixels(table.attrs.get("cellpadding"))
            if padding is not None:
                parts.append(f"padding:{padding:g}px")
    return ";".join(parts) if parts else None


def _font_size(value: str | None) -> str | None:
    if not value:
        return None
    v = value.strip()
    m = re.match(r"([+-]?)(\d+)", v)
    if m is None:
        return None
    n = int(m.group(2))
    if m.group(1) == "+":
        n = 3 + n
    elif m.group(1) == "-":
        n = 3 - n
    n = max(1, min(7, n))
    return FONT_SIZES[n - 1]
