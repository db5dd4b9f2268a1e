"""Parsers of font properties (font, font-size/-family/-weight, line-height) and text spacing."""

from __future__ import annotations

from collections.abc import Callable

from tinycss2.ast import (
    DimensionToken,
    IdentToken,
    LiteralToken,
    NumberToken,
    PercentageToken,
    StringToken,
)

from .kinds import (
    CONST,
    FONT_SIZE,
    FONT_SIZE_KEYWORDS,
    FONT_WEIGHT,
    LINE_HEIGHT,
    SYSTEM_FONTS,
    Parsed,
    Spec,
    keyword_of,
)
from .props_flex_grid import FlexGridParsers
from .values import number_value, px_lin


class FontParsers(FlexGridParsers):
    """font and its longhands, line-height, letter-/word-spacing."""

    def _font_size_spec(self, t: object) -> Spec | None:
        word = keyword_of(t)
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
        word = keyword_of(t)
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
        word = keyword_of(t)
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
        system = keyword_of(values[0]) if len(values) == 1 else None
        if system in SYSTEM_FONTS:
            # headless Chromium on Linux: Arial at 16px, 13.33px for its form controls' font
            system_size = 13.333333 if system == "-webkit-small-control" else 16.0
            return [
                ("font_size", (FONT_SIZE, ("lin", px_lin(system_size)))),
                ("font_family", (CONST, "arial")),
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
            word = keyword_of(v)
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
        slash = values[i] if i < len(values) else None
        if isinstance(slash, LiteralToken) and slash.value == "/":
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
            if keyword_of(values[0]) == "normal":
                return [(slot, (CONST, 0.0))]
            spec = self.px_spec(values[0])
            return None if spec is None else [(slot, spec)]

        return handler
