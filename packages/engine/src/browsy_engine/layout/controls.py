"""Intrinsic sizes of replaced elements and form controls, as Chromium draws them here.

Sizes are content-box sizes (the cascade's UA padding/border come on top), measured in Chromium with
the default control font (13.333px Arial ≈ Liberation Sans): a text input is 8 px per `size` character
plus 9 (177×21 with its 1px/2px padding and 2px border), checkboxes and radios 13×13, textareas
`cols` monospace characters plus the scrollbar gutter by `rows` lines, selects their longest option
plus the drop-down arrow. Images take their width/height attributes (no network: no natural size);
a broken image with alt text shows the text.
"""

from __future__ import annotations

import base64
import math
import re
from functools import lru_cache
from typing import Final
from unicodedata import normalize
from urllib.parse import unquote_to_bytes

from ..css.style import ComputedStyle, copy_style
from ..css.values import absolute_length
from .context import LayoutContext
from .fonts import face_for
from .geometry import horizontal_pb, px, specified_width, vertical_pb
from .sources import image_source
from .text import (
    FontMetrics,
    apply_transform,
    collapse_spaces,
    metrics_for,
    metrics_with_fallback,
    normal_line_metrics,
    split_words,
    uses_fallback,
)

TEXT_LIKE: Final = frozenset({"text", "password", "email", "search", "tel", "url", "number", ""})
# border-box sizes of controls whose drawing ignores the text metrics
FIXED_BORDER_BOX: Final = {
    "range": (129.0, 16.0),
    "color": (50.0, 27.0),
    # the date and time fields at the default font, en-US (measured: layout_fixtures/select_option_widths)
    "date": (125.33, 21.33),
    "datetime-local": (211.33, 21.33),
    "time": (104.0, 24.0),
    "month": (155.33, 21.33),
    "week": (147.33, 21.33),
    "file": (253.0, 21.0),
}
# baselines (from the border-box top) measured in Chromium where they are not the centred text's
FIXED_BASELINE: Final = {"range": 16.0, "color": 21.0}
DEFAULT_OBJECT = (300.0, 150.0)
AUDIO_CONTROLS = (300.0, 54.0)  # the size of <audio controls> in Chromium


# Text field widths measured in Chromium here (Liberation Sans): px per `size` character and the
# constant added, at three font sizes (13.333px: size=1 -> 17, size=20 -> 169; 16px: size=5 -> 58,
# size=20 -> 200; 20px: size=20 -> 253), interpolated linearly in between and scaled outside.
_TEXT_FIELD = ((13.333, 8.0, 9.0), (16.0, 9.4667, 10.667), (20.0, 11.833, 16.333))


def _text_field_metrics(size: float) -> tuple[float, float]:
    pts = _TEXT_FIELD
    if size <= pts[0][0]:
        return pts[0][1] * size / pts[0][0], pts[0][2] * size / pts[0][0]
    for (f0, a0, b0), (f1, a1, b1) in zip(pts, pts[1:]):
        if size <= f1:
            t = (size - f0) / (f1 - f0)
            return a0 + (a1 - a0) * t, b0 + (b1 - b0) * t
    f1, a1, b1 = pts[-1]
    return a1 * size / f1, b1 * size / f1


_LEADING_INTEGER: Final = re.compile(r"[\t\n\f\r ]*\+?(\d+)")


def _int_attr(ctx: LayoutContext, i: int, name: str, default: int) -> int:
    """A positive integer attribute read by HTML's rules for non-negative integers: the leading digits
    count (`cols="100%"` is 100, `size="30px"` is 30); none, or 0, gives the default."""
    raw = ctx.nodes[i].attrs.get(name)
    if raw is None:
        return default
    m = _LEADING_INTEGER.match(str(raw))
    value = int(m.group(1)[:9]) if m else 0
    return value if value > 0 else default


def _dim_attr(ctx: LayoutContext, i: int, name: str) -> float | None:
    """A width/height attribute in px: a number (an <svg>'s may have any absolute unit, "250pt")."""
    raw = ctx.nodes[i].attrs.get(name)
    if raw is None:
        return None
    if ctx.nodes[i].tag == "svg":
        value = absolute_length(str(raw))
        return value if value is not None and value >= 0 else None
    text = str(raw).strip().lower().removesuffix("px")
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value >= 0 and math.isfinite(value) else None


def input_type(ctx: LayoutContext, i: int) -> str:
    return str(ctx.nodes[i].attrs.get("type") or "text").strip().lower()


BROKEN_ICON: Final = 16.0  # Chromium's broken-image icon is 16×16 CSS px
_SCHEME: Final = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")


def _image_size(
    ctx: LayoutContext, i: int, s: ComputedStyle, m: FontMetrics, available: float | None, sized: bool = False
) -> tuple[float, float, float | None]:
    attrs = ctx.nodes[i].attrs
    if auto_sized(attrs):
        # HTML's UA sheet: img[sizes=auto] gets `contain: size; contain-intrinsic-size: 300px 150px`, so
        # its content (the image, or the alt text standing for it) no longer sizes it.
        if alt_fallback(ctx, i, s) and alt_text(ctx, i):
            line = max(
                m.ascent + m.descent + 1.0, m.line_height
            )  # the alt text's line, at the top: its baseline
            return AUTO_SIZES_BOX[0], AUTO_SIZES_BOX[1], m.ascent + (line - m.ascent - m.descent - 1.0) / 2
        if data_image_size(_source(ctx, i)[0]) is not None:
            return (
                _dim_attr(ctx, i, "width") or AUTO_SIZES_BOX[0],
                _dim_attr(ctx, i, "height") or AUTO_SIZES_BOX[1],
                None,
            )
    url, density = _source(ctx, i)
    natural = data_image_size(url)
    if natural is not None:
        return natural[0] / density, natural[1] / density, None
    ratio = data_image_ratio(url)
    if ratio:  # no natural size: as wide as it may be (nothing in a shrink-to-fit measure), tall by ratio
        w = max(0.0, available) if available is not None else 0.0
        return w, w / ratio, None
    if alt_fallback(ctx, i, s):
        alt = alt_text(ctx, i)
        if not alt:  # the broken-image icon alone, on the baseline
            return BROKEN_ICON, BROKEN_ICON, None
        width, height, _, last = _alt_box_of(ctx, i, alt, s, available, sized)
        return width, height, last
    return _dim_attr(ctx, i, "width") or 0.0, _dim_attr(ctx, i, "height") or 0.0, None


def _alt_box_of(
    ctx: LayoutContext, i: int, alt: str, s: ComputedStyle, available: float | None, sized: bool
) -> tuple[float, float, float, float]:
    """_alt_box of image i's alt text (in its style s), once per layout for each width it wraps in: the
    image is sized, its baselines found and flex/grid measures repeat it."""
    key = (i, available, sized)
    box = ctx.alt_boxes.get(key)
    if box is None:
        box = ctx.alt_boxes[key] = _alt_box(alt, s, metrics_for(s), available, sized)
    return box


def _alt_box(
    alt: str, s: ComputedStyle, m: FontMetrics, available: float | None, sized: bool
) -> tuple[float, float, float, float]:
    """(width, height, first baseline, last baseline) of a broken image's alt text box, its baselines
    from its content-box top."""
    # the alt text is laid out as text: white space collapses, and none is left at a line's edges;
    # letters and their combining marks are drawn composed (as in units.py)
    text = _collapsed(normalize("NFC", alt))
    # a line with a character of the fallback font makes room for that font too (text.py)
    above, below = (metrics_with_fallback(s, m) if uses_fallback(text, m.face) else m).split
    h = above + below
    # the alt text wraps as its white-space lets it; a nowrap one that overflows its line shows no icon
    # (measured in Chromium: layout_fixtures/alt_text_nowrap)
    if s.white_space in ("nowrap", "pre"):
        width, lines, below_icon = _alt_text_box(text, m, None, sized)
        if available is not None and width > available:
            width -= BROKEN_ICON
    else:
        width, lines, below_icon = _alt_text_box(text, m, available, sized)
    top = BROKEN_ICON if below_icon else 0.0
    # the icon floats beside the first line: the box is at least as tall (measured:
    # layout_fixtures/alt_text_small_font); its baseline is its last line's, as an inline-block's
    height = max(top + h * lines, BROKEN_ICON)
    return width, height, top + above, top + h * (lines - 1) + above


def alt_baselines(
    ctx: LayoutContext, i: int, s: ComputedStyle, cb_w: float, h: float
) -> tuple[float, float] | None:
    """The (first, last) baselines, from its content-box top, of block-level broken image i's alt
    text, or None when it shows none: its fallback content's lines give the box baselines (Chromium),
    for the line around an inline-block holding it and for a list item's marker. An image that keeps
    its size (both given, in quirks mode) is a box around that content: both are its content box's
    bottom, h (measured: layout_fixtures/alt_box_baselines)."""
    if ctx.nodes[i].tag != "img" or auto_sized(ctx.nodes[i].attrs):
        return None
    alt = alt_text(ctx, i)
    if not alt:
        return None
    if alt_fallback(ctx, i, s):
        available, sized = _image_alt_width(ctx, i, s, cb_w)
        _, _, first, last = _alt_box_of(ctx, i, alt, s, available, sized)
        return first, last
    if _data_image(_source(ctx, i)[0]) is not None:
        return None  # a data: image loads: no alt text
    return h, h


def alt_first_baseline(ctx: LayoutContext, i: int, s: ComputedStyle, width: float) -> float | None:
    """The first baseline (from the content-box top) of a broken image's alt text box `width` wide, or
    None when image i shows no alt text. A flex or grid container takes its first item's first baseline
    (CSS Flexbox §8.5), which for an alt text box is its first line's, beside the icon or below it (an
    inline-block's is its last line's: _image_size; measured: layout_fixtures/alt_text_flex_baseline)."""
    if ctx.nodes[i].tag != "img" or not alt_fallback(ctx, i, s):
        return None
    alt = alt_text(ctx, i)
    if not alt:
        return None
    return _alt_box_of(ctx, i, alt, s, max(0.0, width), True)[2]


def _alt_text_box(
    alt: str, m: FontMetrics, available: float | None, sized: bool = False
) -> tuple[float, int, bool]:
    """(width, lines, below_icon) of a broken image's alt text box. Chromium's fallback content floats the
    16px broken-image icon left and lays the alt text out beside it like any text: the box is as wide as
    both on one line, but no wider than the line it sits in unless a word is longer (then it is as wide
    as that word; `sized`: a box of a given width, `available`, keeps it); a longer text wraps at spaces
    and after hyphens, each line a line high. When the first word does not fit beside the icon, the text
    starts below it (`below_icon`: the icon's 16px are added)."""
    natural = m.width(alt) + BROKEN_ICON
    if available is None or natural <= available:
        return natural, 1, False
    space = m.width(" ")
    pieces: list[tuple[float, float]] = []  # (width of a piece between break opportunities, gap before it)
    for word in alt.split(" "):
        for k, chunk in enumerate(split_words(word)):  # break opportunities inside words: after hyphens
            pieces.append((m.width(chunk), space if k == 0 and pieces else 0.0))
    # a box of a given width keeps it (a longer word overflows); else it widens to the longest word
    width = available if sized else max(available, BROKEN_ICON, max(w for w, _ in pieces))
    below_icon = pieces[0][0] > width - BROKEN_ICON
    room = width if below_icon else width - BROKEN_ICON  # the first line is beside the icon
    lines, used = 1, -1.0
    for w, gap in pieces:
        if used >= 0 and used + gap + w > room:
            lines, used, room = lines + 1, w, width
        else:
            used = w if used < 0 else used + gap + w
    return width, lines, below_icon


AUTO_SIZES_BOX = (300.0, 150.0)  # contain-intrinsic-size of img[sizes=auto] in HTML's UA style sheet


def auto_sized(attrs: dict) -> bool:
    """`<img sizes="auto">` (or "auto, …"): a lazy image whose layout size must not depend on its content."""
    sizes = (attrs.get("sizes") or "").strip().lower()
    return sizes == "auto" or sizes.startswith("auto,")


def alt_text(ctx: LayoutContext, i: int) -> str | None:
    """The text a broken image shows: its alt, or its title when it has no alt attribute (Chromium); an
    image button (`<input type=image>`) falls back further on its value, then on "Submit"
    (HTMLInputElement::AltText)."""
    attrs = ctx.nodes[i].attrs
    alt = attrs.get("alt")
    if alt is None:
        alt = attrs.get("title")
    if alt is None and ctx.nodes[i].tag == "input":
        value = attrs.get("value")
        alt = value if value is not None else "Submit"
    return alt


def alt_fallback(ctx: LayoutContext, i: int, s: ComputedStyle) -> bool:
    """A broken <img> (no network here) renders a fallback box instead of an image: its alt text
    (or title), or with neither, the 16×16 broken-image icon when its src names a URL that failed to
    load. The box ignores a specified size unless both dimensions are given (the icon or a title in any
    mode, a real alt text only in quirks mode); see alt_ignores_size for block-level alt boxes."""
    node = ctx.nodes[i]
    if node.tag != "img" and not (node.tag == "input" and input_type(ctx, i) == "image"):
        return False
    if _data_image(_source(ctx, i)[0]) is not None:
        return False  # a data: image loads without the network
    alt = node.attrs.get("alt")
    if alt:
        if not ctx.quirks:
            return True  # a real alt text ignores the size in standards mode
    elif alt is not None:
        return False  # alt="": no box
    elif node.tag == "img" and not node.attrs.get("title") and not _fails_to_load(ctx, _source(ctx, i)[0]):
        return False  # no text and no URL to fetch: no image and no icon (an image button has a text)
    # no alt: the title (an image button's value) stands in for it, or the icon, in a box sized only when
    # both dimensions are given
    return not _both_dimensions(ctx, i, s)


def _both_dimensions(ctx: LayoutContext, i: int, s: ComputedStyle) -> bool:
    """Whether an image has both a width and a height (CSS or attributes), or one of them and a CSS
    aspect-ratio that gives the other."""
    has_w = s.width is not None or _dim_attr(ctx, i, "width") is not None
    has_h = s.height is not None or _dim_attr(ctx, i, "height") is not None
    return (has_w and has_h) or ((has_w or has_h) and s.aspect_ratio is not None)


def is_toggle(ctx: LayoutContext, i: int) -> bool:
    """A checkbox or radio button."""
    return ctx.nodes[i].tag == "input" and input_type(ctx, i) in ("checkbox", "radio")


def empty_alt_collapses(ctx: LayoutContext, i: int, s: ComputedStyle) -> bool:
    """An inline <img alt=""> whose image fails to load stands for nothing: Chromium gives it no size
    (0×0 on the baseline) unless both its width and height are given (CSS or attributes). So does one
    with `src=""` and neither alt nor title: its request fails at once, and it shows no icon (measured:
    layout_fixtures/empty_src_image)."""
    node = ctx.nodes[i]
    attrs = node.attrs
    if node.tag != "img" or ctx.display[i] != "inline" or (attrs.get("alt") or "").strip():
        return False
    empty_src = attrs.get("src") == "" and attrs.get("srcset") is None and not attrs.get("title")
    if not empty_src and (attrs.get("alt") is None or not _fails_to_load(ctx, _source(ctx, i)[0])):
        return False  # (data: URLs load)
    return not _both_dimensions(ctx, i, s)


_SVG_ROOT: Final = re.compile(r"<svg\b[^>]*>", re.IGNORECASE)
_SVG_LENGTH: Final = r"""\b{}\s*=\s*["']?\s*(\d+(?:\.\d+)?)(?:px)?\s*["'\s/>]"""
_SVG_W: Final = re.compile(_SVG_LENGTH.format("width"), re.IGNORECASE)
_SVG_H: Final = re.compile(_SVG_LENGTH.format("height"), re.IGNORECASE)
_SVG_VIEWBOX: Final = re.compile(r"""\bviewBox\s*=\s*["']([^"']*)["']""", re.IGNORECASE)


def data_image_size(src: str | None) -> tuple[float, float] | None:
    """The natural size of an image in a data: URL (the browser decodes it without the network):
    GIF and PNG from their headers, SVG from its root's width/height in px. None when src is not a
    data: URL or the size cannot be read (other formats, an SVG sized only by its viewBox)."""
    found = _data_image(src)
    return None if found is None or found[0] is None else found[0]


def image_ratio(ctx: LayoutContext, i: int) -> float | None:
    """The aspect ratio of <img> i's data: SVG that has a viewBox but no width and height (see below)."""
    return data_image_ratio(_source(ctx, i)[0])


def data_image_ratio(src: str | None) -> float | None:
    """The aspect ratio of a data: SVG that has a viewBox but no width and height: an image with a ratio
    and no natural size, which fills the width it is given (CSS 2 §10.3.2)."""
    found = _data_image(src)
    return None if found is None else found[1]


@lru_cache(maxsize=512)  # pages repeat one placeholder on every lazy image
def _data_image(src: str | None) -> tuple[tuple[float, float] | None, float | None] | None:
    """(natural size, ratio when there is no size) of a data: image we can read, else None."""
    src = (src or "").strip()
    if src[:5].lower() != "data:" or "," not in src:
        return None
    head, payload = src[5:].split(",", 1)
    body = unquote_to_bytes(payload[:8192])  # Fetch's data: URL processor percent-decodes the body first
    data = _forgiving_base64(body) if head.lower().rstrip().endswith(";base64") else body
    if data is None:
        return None
    if data[:4] == b"GIF8" and len(data) >= 10:
        return (float(int.from_bytes(data[6:8], "little")), float(int.from_bytes(data[8:10], "little"))), None
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and len(data) >= 24:
        return (float(int.from_bytes(data[16:20], "big")), float(int.from_bytes(data[20:24], "big"))), None
    root = _SVG_ROOT.search(data.decode("utf-8", "replace"))
    if root is None:
        return None
    w, h = _SVG_W.search(root.group(0)), _SVG_H.search(root.group(0))
    if w is not None and h is not None:
        return (float(w.group(1)), float(h.group(1))), None
    box = _SVG_VIEWBOX.search(root.group(0))
    if box is None:
        return None
    try:
        vw, vh = (float(v) for v in box.group(1).replace(",", " ").split()[2:4])
    except ValueError:
        return None
    return (None, vw / vh) if vw > 0 and vh > 0 and w is None and h is None else None


def _forgiving_base64(raw: bytes) -> bytes | None:
    """The infra standard's forgiving-base64 decode (ASCII whitespace dropped, padding optional), of as
    much of a long payload as was read (its whole 4-character groups); None when it is not base64."""
    text = bytes(b for b in raw if b not in b" \t\n\f\r")
    if len(text) % 4 == 0:
        text = text[:-2] if text.endswith(b"==") else text[:-1] if text.endswith(b"=") else text
    text = text[: len(text) // 4 * 4 + (len(text) % 4 if len(text) % 4 != 1 else 0)]
    try:
        return base64.b64decode(text + b"=" * (-len(text) % 4), validate=True)
    except ValueError:
        return None


def broken_image(ctx: LayoutContext, i: int) -> bool:
    """An <img> whose image fails to load (a URL to fetch: sub-resources are off)."""
    return ctx.nodes[i].tag == "img" and _fails_to_load(ctx, _source(ctx, i)[0])


def _source(ctx: LayoutContext, i: int) -> tuple[str | None, float]:
    """(URL, pixel density) of the image element i loads: a <picture> source's or its own srcset
    candidate before its src (sources.py)."""
    found = ctx.image_sources.get(i)
    if found is None:
        found = ctx.image_sources[i] = image_source(ctx.nodes, i, ctx.viewport_w, ctx.viewport_h)
    return found


def _fails_to_load(ctx: LayoutContext, src: str | None) -> bool:
    """Whether `src` is a URL the browser requests (and, sub-resources being off, fails to load).
    A relative URL resolves only against a <base href> (the document itself has no URL here, as for
    Chromium's about:blank); data: URLs load without the network, so they are not broken."""
    src = (src or "").strip()
    if not src or src.lower().startswith("data:"):
        return False
    if _SCHEME.match(src):
        return True
    if ctx.absolute_base is None:
        ctx.absolute_base = any(
            n.tag == "base" and _SCHEME.match(str(n.attrs.get("href") or "").strip()) for n in ctx.nodes
        )
    return ctx.absolute_base


def symmetric_broken_images(ctx: LayoutContext) -> None:
    """In quirks mode Chromium gives a broken image (its URL fails to load) that has only one of width
    and height the same value for the other (HTMLImageFallbackHelper: "mimic the image host" with
    symmetric dimensions), so `<img width=120>` is a 120×120 box and `width="50%"` is 50 % of both
    containing-block dimensions. Done once before layout, on a copy of the styles list."""
    copied = False
    styles = ctx.styles
    for i in ctx.doc.index().tags.get("img", ()):
        s = styles[i]
        if s is None or ctx.display[i] == "none" or (s.width is None) == (s.height is None):
            continue
        if not _fails_to_load(ctx, _source(ctx, i)[0]):
            continue
        if not copied:
            styles = ctx.styles = list(styles)
            copied = True
        squared = styles[i] = copy_style(s)
        if s.height is None:
            squared.height = s.width
        else:
            squared.width = s.height


# The broken-image icon (16px) with its container's 1px border and 1px padding on each side: Chromium's
# fallback content of an image that failed to load, and the width below which the icon is left out.
FALLBACK_ICON_BOX: Final = 20.0


def fallback_content_height(ctx: LayoutContext, i: int, s: ComputedStyle, auto_height: bool) -> float | None:
    """A broken image without alt text whose width is given but whose height is auto (`auto_height`:
    `auto`, or a percentage of an indefinite height, which behaves as auto) is laid out by Chromium as
    a box holding its fallback content, the broken-image icon in a 20px container (none when a fixed
    width under 20px leaves the icon out): the box is at least as tall as that content, and its
    baseline is the content's bottom. The content's height, or None when the image is not such a box
    (measured: layout_fixtures/broken_image_fallback, broken_image_percent_height)."""
    node = ctx.nodes[i]
    if node.tag != "img" or node.attrs.get("alt") or s.width is None or not auto_height:
        return None
    if not _fails_to_load(ctx, _source(ctx, i)[0]):
        return None
    fixed = s.width[1] == 0.0
    return 0.0 if fixed and s.width[0] < FALLBACK_ICON_BOX else FALLBACK_ICON_BOX


def fallback_content_baseline(s: ComputedStyle, content: float, height: float) -> float:
    """The baseline (from the content-box top) of a broken image laid out as a box around its fallback
    content (fallback_content_height): that content's bottom, which a percentage height lowers to that
    share of the box's used height, as the content's container takes the image's `height` (measured:
    layout_fixtures/broken_image_percent_height; `height: 66%` on a 476px box puts it at 314px)."""
    if s.height is None or s.height[1] == 0.0:
        return content
    return max(content, s.height[0] + s.height[1] * height)


def alt_ignores_size(ctx: LayoutContext, i: int, s: ComputedStyle) -> bool:
    """A broken image's alt text box is a non-replaced box of the image's display type, so its
    `width`/`height` (CSS or the width/height attributes) apply only when it is not inline: an inline
    alt box is as big as its text, a block-level, inline-block, floated or flex-item one is sized."""
    return ctx.display[i] == "inline" and alt_fallback(ctx, i, s)


def alt_box_ratio(ctx: LayoutContext, i: int, s: ComputedStyle) -> float | None:
    """The aspect ratio of broken image i's alt text box when it is not inline: a non-replaced box
    with no natural ratio, so CSS `aspect-ratio`, else the one HTML maps from the width/height
    attributes (`aspect-ratio: auto W / H`), sizes its content box as any box's (CSS Sizing 4 §5):
    an auto height follows its width, an auto width a definite height (measured:
    layout_fixtures/alt_box_aspect_ratio)."""
    if alt_ignores_size(ctx, i, s):
        return None
    return s.aspect_ratio or attribute_ratio(ctx, i)


def attribute_ratio(ctx: LayoutContext, i: int) -> float | None:
    """The aspect ratio of an image's or video's width/height attributes (HTML maps them to
    `aspect-ratio: auto W / H`): `height: auto` follows the width as a loaded image's would. A video
    has no other ratio until its media loads (its default 300×150 object size has none)."""
    w, h = _dim_attr(ctx, i, "width"), _dim_attr(ctx, i, "height")
    return w / h if w and h else None


def replaced_content_size(
    ctx: LayoutContext, i: int, s: ComputedStyle, cb_w: float
) -> tuple[float, float, float | None]:
    """(content width, content height, baseline from the border-box top or None for the bottom edge)."""
    tag = ctx.nodes[i].tag
    pb_h = horizontal_pb(s, cb_w)
    pb_v = vertical_pb(s, cb_w)
    m = metrics_for(s)
    if tag == "input":
        return _input_size(ctx, i, s, cb_w, m, pb_h, pb_v)
    if tag == "textarea":
        cols = _int_attr(ctx, i, "cols", 20)
        rows = _int_attr(ctx, i, "rows", 2)
        text_w = math.ceil(cols * m.width("0") + 21) - 6
        return max(0.0, text_w + 6 - pb_h), rows * m.line_height, None
    if tag == "select":
        return _select_size(ctx, i, s, m, pb_h, pb_v)
    if tag == "img":
        available, sized = _image_alt_width(ctx, i, s, cb_w)
        return _image_size(ctx, i, s, m, available, sized)
    if tag in ("meter",):
        return 80.0, 16.0, None
    if tag in ("progress",):
        return 160.0, 16.0, None
    if tag == "audio":  # Chromium's audio controls (an audio element without controls is not rendered)
        return AUDIO_CONTROLS[0], AUDIO_CONTROLS[1], None
    return _object_size(ctx, i, s, cb_w, pb_h)


def _image_alt_width(ctx: LayoutContext, i: int, s: ComputedStyle, cb_w: float) -> tuple[float | None, bool]:
    """The width <img> i's alt text wraps in (see _alt_text_width), and whether the box keeps it."""
    pb_h = horizontal_pb(s, cb_w)
    available, capped = _alt_text_width(s, cb_w, pb_h)
    own = specified_width(s, cb_w, pb_h) if s.width is not None and ctx.display[i] != "inline" else None
    if own is not None:
        # a sized alt text box (not inline: see alt_ignores_size) wraps its text in its own width,
        # and a longer word overflows it
        available = own if available is None else min(available, own)
    return available, own is not None or capped


def _alt_text_width(s: ComputedStyle, cb_w: float, pb_h: float) -> tuple[float | None, bool]:
    """The width an image's alt text wraps in: the containing block's less the box's borders, padding
    and margins, and no more than max-width; None: no line to fit (intrinsic sizes, cb_w 0). And whether
    max-width set it: max-width clamps the shrink-to-fit width, so the box keeps it and a longer word
    overflows (a line's width yields to the longest word instead)."""
    margins = px(s.margin_left, cb_w) + px(s.margin_right, cb_w)
    available = cb_w - pb_h - margins if cb_w > 0 else None
    if s.max_width is not None and (cb_w > 0 or not s.max_width[1]):
        cap = s.max_width[0] + s.max_width[1] * cb_w - (pb_h if s.box_sizing == "border-box" else 0.0)
        if available is None or cap < available:
            return cap, True
    return available, False


def _input_size(
    ctx: LayoutContext, i: int, s: ComputedStyle, cb_w: float, m: FontMetrics, pb_h: float, pb_v: float
) -> tuple[float, float, float | None]:
    """replaced_content_size of an <input>, by its type: checkboxes and radios, buttons (their label's
    width), image inputs (as images), the fixed-size controls, and text fields (`size` characters)."""
    kind = input_type(ctx, i)
    if kind in ("checkbox", "radio"):
        return 13.0, 13.0, None
    # the text sits in a line of the field's line-height: half its leading above it (CSS 2 §10.8.1)
    text_baseline = s.border_top_width + (s.padding_top[0] if s.padding_top else 0.0) + m.split[0]
    if kind == "image":
        available, capped = _alt_text_width(s, cb_w, pb_h)
        return _image_size(ctx, i, s, m, available, capped)
    if kind in ("submit", "reset", "button"):
        if s.line_height_kind != "normal" and _native_button(s):
            m = normal_line_metrics(s)
            text_baseline = s.border_top_width + (s.padding_top[0] if s.padding_top else 0.0) + m.split[0]
        default = {"submit": "Submit", "reset": "Reset"}.get(kind, "")
        value = ctx.nodes[i].attrs.get("value")
        label = default if value is None else str(value)
        # the label is text of the button's style: text-transform applies (Chromium: 'Submit' under
        # text-transform: uppercase is as wide as SUBMIT)
        return m.width(apply_transform(label, s.text_transform)), m.line_height, text_baseline
    if kind in FIXED_BORDER_BOX:
        box_w, box_h = FIXED_BORDER_BOX[kind]
        base = FIXED_BASELINE.get(kind, (box_h - m.line_height) / 2 + m.ascent)
        return max(0.0, box_w - pb_h), max(0.0, box_h - pb_v), base
    per_char, extra = _text_field_metrics(s.font_size)
    if kind == "number":
        digits = _number_field_digits(ctx, i)  # `size` does not apply to a number field
        size = 20 if digits is None else digits
        extra += 0.0 if digits is None else SPIN_BUTTON_WIDTH
    else:
        size = _int_attr(ctx, i, "size", 20)
    if m.line_height >= s.font_size:
        return size * per_char + extra, m.line_height, text_baseline
    # a line-height smaller than the font size does not apply to a text field's text: it is normal
    # (measured in Chromium: layout_fixtures/input_baseline_line_height)
    normal = m.face.normal_line_height(m.size)
    above = m.ascent + float(int((normal - m.ascent - m.descent) // 2))
    return size * per_char + extra, normal, text_baseline - m.split[0] + above


# The spin buttons a number field sized by its range makes room for (measured in Chromium: 15px at
# 10px to 16px font sizes; layout_fixtures/number_field_width)
SPIN_BUTTON_WIDTH: Final = 15.0
_DECIMAL: Final = re.compile(r"\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE][+-]?\d+)?\s*$")


def _native_button(s: ComputedStyle) -> bool:
    """A push button <input> still drawn by the platform theme: its appearance is the UA's `auto` (not
    `button` or `none`, as normalize.css sets) and no author border or background replaced the UA's (2px
    outset, no colour). Chromium's theme then lays its label out with line-height: normal whatever the
    author's line height (measured: layout_fixtures/button_input_line_height)."""
    borders = (s.border_top_style, s.border_right_style, s.border_bottom_style, s.border_left_style)
    widths = (s.border_top_width, s.border_right_width, s.border_bottom_width, s.border_left_width)
    return (
        s.appearance == "auto"
        and all(style == "outset" for style in borders)
        and all(w == 2.0 for w in widths)
        and s.background_color[3] == 0.0
        and not s.background_image
    )


def _number_field_digits(ctx: LayoutContext, i: int) -> int | None:
    """The characters a number field is as wide as when its min and max are numbers and its step is
    not `any` (Chromium's NumberInputType::SizeShouldIncludeDecoration): the longest of min and max
    before the decimal point, a sign counting, then the point and the most decimals of min, max and
    step; the field then also makes room for its spin buttons. None: the default 20 characters."""
    attrs = ctx.nodes[i].attrs
    step = str(attrs.get("step") or "1")
    if step.strip().lower() == "any":
        return None
    parts = [_DECIMAL.match(str(attrs.get(name) or "")) for name in ("min", "max")]
    low, high = parts
    if (
        low is None
        or high is None
        or not (low.group(2) or low.group(3))
        or not (high.group(2) or high.group(3))
    ):
        return None
    steps = _DECIMAL.match(step)
    before = max(len(m.group(1)) + max(1, len(m.group(2).lstrip("0"))) for m in (low, high))
    after = max(len(m.group(3) or "") for m in (low, high, steps) if m is not None)
    return before + (after + 1 if after else 0)


# A list box row: an option is at least 1.2em high plus 1px below, whatever the line-height, and 2px of
# padding on either side; an option in an <optgroup> starts 20px in (measured in Chromium).
LISTBOX_ROW_EM: Final = 1.2
LISTBOX_OPTION_PADDING: Final = 4.0
LISTBOX_GROUP_PADDING: Final = 22.0
# A drop-down sizes an option of an <optgroup> by its label after four spaces (Chromium's
# TextIndentedToRespectGroupLabel).
GROUP_INDENT: Final = "    "
MENU_ARROW: Final = 20.0  # a drop-down's content beside its label: the arrow and its spacing


def _select_size(
    ctx: LayoutContext, i: int, s: ComputedStyle, m: FontMetrics, pb_h: float, pb_v: float
) -> tuple[float, float, float | None]:
    """replaced_content_size of a <select>: a list box of `size` rows (4 when multiple) as wide as its
    widest row, or a drop-down as wide as its longest option plus the arrow."""
    multiple = "multiple" in ctx.nodes[i].attrs
    rows = _int_attr(ctx, i, "size", 4 if multiple else 1)
    if rows > 1:
        row = max(m.face.normal_line_height(m.size), LISTBOX_ROW_EM * m.size) + 1.0
        return _widest_option(ctx, i, s, m, True), rows * row, rows * row - 1.0
    # measured: the text's ascent + descent and 1px above and below it, beside the longest label rounded
    # up to whole pixels and 20px for the arrow; the padding and border go around that
    content_h = m.ascent + m.descent + 2.0
    longest = math.ceil(round(_widest_option(ctx, i, s, m, False), 3))
    return longest + MENU_ARROW, content_h, pb_v / 2 + 1.0 + m.ascent


def _widest_option(ctx: LayoutContext, i: int, s: ComputedStyle, m: FontMetrics, listbox: bool) -> float:
    """The width of select i's widest option label (HTML spaces stripped and collapsed, text-transform
    applied); in a list box, of its widest row (options with their padding, group labels in bold)."""
    nodes = ctx.nodes
    longest = 0.0
    stack = list(nodes[i].children)
    while stack:
        c = stack.pop()
        node = nodes[c]
        if node.tag == "option":
            label = apply_transform(_collapsed(ctx.doc.text_of(c)), s.text_transform)
            grouped = nodes[node.parent].tag == "optgroup"
            if listbox:
                w = m.width(label) + (LISTBOX_GROUP_PADDING if grouped else LISTBOX_OPTION_PADDING)
            else:
                w = m.width(label) + (m.width(GROUP_INDENT) if grouped else 0.0)
            longest = max(longest, w)
        elif node.tag == "optgroup":
            stack.extend(node.children)
            if listbox:
                label = apply_transform(_collapsed(str(node.attrs.get("label") or "")), s.text_transform)
                bold = face_for(s.font_family, 700, s.font_style).measure(label, m.size)
                longest = max(longest, bold + LISTBOX_OPTION_PADDING)
    return longest


def _collapsed(text: str) -> str:
    """Text with its white space collapsed as CSS collapses it and none left at its edges: spaces, tabs
    and line breaks only; U+00A0 and the other Unicode spaces stay (an option's label, an alt text)."""
    return collapse_spaces(text).strip(" ")  # (string replacement: a regex substitution costs more)


def _object_size(
    ctx: LayoutContext, i: int, s: ComputedStyle, cb_w: float, pb_h: float
) -> tuple[float, float, float | None]:
    """replaced_content_size of the other replaced elements (svg, video, canvas, iframe, object, …): their
    width and height attributes, else 300×150; an <svg> missing one keeps its viewBox's aspect ratio."""
    w: float | None = _dim_attr(ctx, i, "width")
    h: float | None = _dim_attr(ctx, i, "height")
    if ctx.nodes[i].tag == "object" and (w is None or h is None):
        natural = data_image_size(ctx.nodes[i].attrs.get("data"))  # an image in a data: URL loads
        if natural is not None:
            return (w if w is not None else natural[0]), (h if h is not None else natural[1]), None
    if ctx.nodes[i].tag == "svg" and (w is None or h is None):
        ratio = _viewbox_ratio(ctx, i)
        if ratio:  # sized by its container's width and the viewBox's aspect ratio
            if w is None and h is not None:
                w = h * ratio
            elif w is None:
                # No natural width, only a ratio: it fills its containing block, and (as in Chromium)
                # contributes nothing to a shrink-to-fit container's min-/max-content width (cb_w 0).
                w = max(0.0, cb_w - pb_h - (s.margin_left[0] if s.margin_left else 0.0))
            return w, (h if h is not None else w / ratio), None
    return (w if w is not None else DEFAULT_OBJECT[0]), (h if h is not None else DEFAULT_OBJECT[1]), None


def svg_ratio(ctx: LayoutContext, i: int) -> float | None:
    """An <svg>'s natural aspect ratio: its width/height attributes', else its viewBox's."""
    w, h = _dim_attr(ctx, i, "width"), _dim_attr(ctx, i, "height")
    return w / h if w and h else _viewbox_ratio(ctx, i)


def _viewbox_ratio(ctx: LayoutContext, i: int) -> float | None:
    raw = str(ctx.nodes[i].attrs.get("viewbox") or ctx.nodes[i].attrs.get("viewBox") or "")
    parts = raw.replace(",", " ").split()
    try:
        vw, vh = float(parts[2]), float(parts[3])
    except (IndexError, ValueError):
        return None
    return vw / vh if vw > 0 and vh > 0 else None
