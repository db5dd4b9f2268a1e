"""Value helpers and handler factories shared by every property parser (see properties.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tinycss2.ast import (
    DimensionToken,
    FunctionBlock,
    LiteralToken,
    NumberToken,
    PercentageToken,
)

from .kinds import (
    BORDER,
    BORDER_WIDTH_KEYWORDS,
    CONST,
    LEN,
    PX,
    Parsed,
    Spec,
    keyword_of,
)
from .values import MAX_FRACTION, Lin, Viewport, dimension_lin, font_relative, number_value, px_lin, sane


class ValueParsers:
    """Lengths, numbers and the common declaration shapes (single value, 1–4 sides, keywords)."""

    vp: Viewport

    def lin(self, t: object) -> Lin | None:
        return dimension_lin(t, self.vp)

    def length_spec(self, t: object, auto: bool = False, negative: bool = True) -> Spec | None:
        """A <length-percentage> (or `auto`/`none` → None when allowed)."""
        word = keyword_of(t)
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
        if not font_relative(lin):
            return (CONST, (sane(lin[0]), sane(lin[1], MAX_FRACTION)))
        return (LEN, lin)

    def px_spec(self, t: object, kind: int = PX) -> Spec | None:
        lin = self.lin(t)
        if lin is None or lin[1] != 0.0:
            return None
        if kind == PX and not font_relative(lin):
            return (CONST, sane(lin[0]))
        return (kind, lin)

    def border_width_spec(self, t: object) -> Spec | None:
        word = keyword_of(t)
        if word is not None:
            px = BORDER_WIDTH_KEYWORDS.get(word)
            return None if px is None else (BORDER, px_lin(px))
        if isinstance(t, (DimensionToken, NumberToken)) and t.value < 0:
            return None
        return self.px_spec(t, BORDER)

    # ---- handler factories --------------------------------------------------------------------

    def _single(
        self, slot: str, spec_fn: Callable[[object], Spec | None]
    ) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if len(values) != 1:
                return None
            spec = spec_fn(values[0])
            return None if spec is None else [(slot, spec)]

        return handler

    def _length_longhand(
        self, slot: str, auto: bool, negative: bool
    ) -> Callable[[list[object]], Parsed | None]:
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

    def _two_sides(
        self, slots: tuple[str, str], negative: bool, auto: bool | None = None
    ) -> Callable[[list[object]], Parsed | None]:
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

    def _keyword(self, slot: str, allowed: frozenset[str]) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if len(values) != 1:
                return None
            word = keyword_of(values[0])
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

    def _number(self, slot: str) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if len(values) != 1:
                return None
            n = number_value(values[0], self.vp)
            if n is None or n < 0:
                return None
            return [(slot, (CONST, sane(n, 1e9)))]

        return handler

    def _order(self, values: list[object]) -> Parsed | None:
        if len(values) != 1 or not isinstance(values[0], NumberToken) or not values[0].is_integer:
            return None
        return [("order", (CONST, max(-(2**31), min(2**31 - 1, int(values[0].int_value)))))]

    @staticmethod
    def _split_slash(values: list[object]) -> list[list[object]]:
        parts: list[list[object]] = [[]]
        for v in values:
            if isinstance(v, LiteralToken) and v.value == "/":
                parts.append([])
            else:
                parts[-1].append(v)
        return parts
