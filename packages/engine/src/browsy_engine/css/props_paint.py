"""Paint properties that decide whether a person can *see* a box, though it is laid out: `opacity`,
`color`, `background-color` (and the colour of the `background` shorthand), `clip` and `clip-path`.

Layout ignores them. spatial/concealment.py uses them to tell text hidden by tricks (fully transparent,
clipped away, the colour of its background) from text a person reads.
Colours are computed to sRGB `(r, g, b, alpha)` in 0-1, rounded to 3 decimals; `currentcolor` in
`color` means the inherited colour.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeAlias

import tinycss2.color4 as color4
from tinycss2.ast import FunctionBlock, NumberToken, PercentageToken

from .kinds import CONST, INHERIT, Parsed, keyword_of
from .props_font import FontParsers
from .values import dimension_lin

RGBA: TypeAlias = tuple[float, float, float, float]
TRANSPARENT: RGBA = (0.0, 0.0, 0.0, 0.0)
BLACK: RGBA = (0.0, 0.0, 0.0, 1.0)

# `clip-path` values that leave nothing of the box visible, and `clip: rect()` that keeps at most 1 px.
CLIPPED_AWAY: Final = "clipped-away"


def parse_rgba(token: object) -> RGBA | str | None:
    """sRGB of a colour token; "currentcolor"; None when it is not a colour we can compute."""
    try:
        parsed = color4.parse_color(token)
    except (ValueError, TypeError, ZeroDivisionError):
        return None
    if parsed is None:
        return None
    if isinstance(parsed, str):
        return "currentcolor"
    try:
        srgb = parsed.to("srgb")
    except (ValueError, TypeError, ZeroDivisionError):
        return None
    r, g, b = (min(1.0, max(0.0, float(c))) for c in srgb.coordinates)
    alpha = min(1.0, max(0.0, float(srgb.alpha)))
    return (round(r, 3), round(g, 3), round(b, 3), round(alpha, 3))


def _is_image(token: object) -> bool:
    """An image value: url(), a gradient, image-set(), or a url token."""
    if isinstance(token, FunctionBlock):
        return token.lower_name in (
            "url",
            "image-set",
            "-webkit-image-set",
            "image",
            "element",
            "cross-fade",
        ) or ("gradient" in token.lower_name)
    return getattr(token, "type", "") == "url"


class PaintParsers(FontParsers):
    def _opacity(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        token = values[0]
        if isinstance(token, PercentageToken):
            value = token.value / 100
        elif isinstance(token, NumberToken):
            value = token.value
        else:
            return None
        return [("opacity", (CONST, min(1.0, max(0.0, float(value)))))]

    def _color(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        rgba = parse_rgba(values[0])
        if rgba is None:
            return None
        return [("color", (INHERIT, None) if rgba == "currentcolor" else (CONST, rgba))]

    def _background_color(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        rgba = parse_rgba(values[0])
        if rgba is None or rgba == "currentcolor":
            return None  # currentcolor as a background: not modelled (the text then shows on its own colour)
        return [("background_color", (CONST, rgba))]

    def _background(self, values: list[object]) -> Parsed | None:
        """The shorthand: its colour (transparent when it names none) and whether it paints an image."""
        image = any(_is_image(token) for token in values)
        colour: RGBA = TRANSPARENT
        for token in reversed(values):
            rgba = None if _is_image(token) else parse_rgba(token)
            if isinstance(rgba, tuple):
                colour = rgba
                break
        return [("background_color", (CONST, colour)), ("background_image", (CONST, image))]

    def _background_image(self, values: list[object]) -> Parsed | None:
        return [("background_image", (CONST, any(_is_image(token) for token in values)))]

    def _clip(self, values: list[object]) -> Parsed | None:
        """`clip: rect(top, right, bottom, left)` (absolutely positioned boxes only): CLIPPED_AWAY when the
        rectangle keeps at most one pixel each way, else None-like `auto`."""
        if len(values) != 1:
            return None
        token = values[0]
        if keyword_of(token) == "auto":
            return [("clip", (CONST, None))]
        if not isinstance(token, FunctionBlock) or token.lower_name != "rect":
            return None
        edges = [a for a in token.arguments if a.type not in ("whitespace", "comment", "literal")]
        if len(edges) != 4:
            return None
        px: list[float | None] = []
        for edge in edges:
            if keyword_of(edge) == "auto":
                px.append(None)
                continue
            lin = dimension_lin(edge, self.vp)
            if lin is None or lin[1] != 0.0:
                return None
            px.append(lin[0])
        top, right, bottom, left = px
        tiny = (top is not None and bottom is not None and bottom - top <= 1) or (
            left is not None and right is not None and right - left <= 1
        )
        return [("clip", (CONST, CLIPPED_AWAY if tiny else None))]

    def _clip_path(self, values: list[object]) -> Parsed | None:
        """`inset(50%)` or more, `circle(0)`, `polygon()` with no area: CLIPPED_AWAY; anything else keeps
        something visible (None)."""
        if len(values) == 1 and keyword_of(values[0]) == "none":
            return [("clip_path", (CONST, None))]
        shape = next((v for v in values if isinstance(v, FunctionBlock)), None)
        if shape is None:
            return [("clip_path", (CONST, None))]
        args = [a for a in shape.arguments if a.type not in ("whitespace", "comment")]
        away = False
        if shape.lower_name == "inset" and args:
            first = args[0]
            away = isinstance(first, PercentageToken) and first.value >= 50
        elif shape.lower_name in ("circle", "ellipse") and args:
            away = (
                isinstance(args[0], (NumberToken, PercentageToken))
                and args[0].value == 0
                or (getattr(args[0], "type", "") == "dimension" and getattr(args[0], "value", 1) == 0)
            )
        return [("clip_path", (CONST, CLIPPED_AWAY if away else None))]

    def _paint_handlers(self) -> dict[str, tuple[list[str], Callable[[list[object]], Parsed | None]]]:
        return {
            "opacity": (["opacity"], self._opacity),
            "color": (["color"], self._color),
            "background-color": (["background_color"], self._background_color),
            "background": (["background_color", "background_image"], self._background),
            "background-image": (["background_image"], self._background_image),
            "clip": (["clip"], self._clip),
            "clip-path": (["clip_path"], self._clip_path),
        }
