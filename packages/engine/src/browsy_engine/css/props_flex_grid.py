"""Parsers of flexbox, alignment, gap and grid properties."""

from __future__ import annotations

from collections.abc import Callable

from tinycss2.ast import SquareBracketsBlock, StringToken

from .kinds import (
    ALIGN_WORDS,
    CONST,
    ENUMS,
    Parsed,
    Spec,
    keyword_of,
    serialize_lower,
)
from .props_box import BoxParsers
from .values import number_value, sane


class FlexGridParsers(BoxParsers):
    """flex, flex-flow, order, align-*/justify-*/place-*, gap, grid-* (kept as lowercase text)."""

    def _flex(self, values: list[object]) -> Parsed | None:
        if len(values) == 1:
            word = keyword_of(values[0])
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
                numbers.append(sane(n, 1e9))
            elif basis is None:
                basis = (
                    (CONST, None)
                    if keyword_of(v) == "content"
                    else self.length_spec(v, auto=True, negative=False)
                )
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
            word = keyword_of(v)
            if word in ENUMS["flex_direction"]:
                out[0] = ("flex_direction", (CONST, word))
            elif word in ENUMS["flex_wrap"]:
                out[1] = ("flex_wrap", (CONST, word))
            else:
                return None
        return out

    def _box_orient(self, values: list[object]) -> Parsed | None:
        """Legacy `-webkit-box-orient` (with display: -webkit-box, mapped to flex): the flex direction."""
        word = keyword_of(values[0]) if len(values) == 1 else None
        direction = {
            "horizontal": "row",
            "inline-axis": "row",
            "vertical": "column",
            "block-axis": "column",
        }.get(word or "")
        if direction is None:
            return None
        return [("flex_direction", (CONST, direction)), ("box_vertical", (CONST, direction == "column"))]

    @staticmethod
    def _align_word(values: list[object]) -> str | None:
        words = [keyword_of(v) for v in values]
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
            words = [keyword_of(v) for v in values]
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
        if keyword_of(t) == "normal":
            return (CONST, None)
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
            text = serialize_lower(values)
            return [(slot, (CONST, None if text in ("none", "auto") else text))]

        return handler

    def _grid_auto_flow(self, values: list[object]) -> Parsed | None:
        words = [keyword_of(v) for v in values]
        if not words or any(w not in ("row", "column", "dense") for w in words):
            return None
        return [("grid_auto_flow", (CONST, " ".join(w for w in words if w)))]

    @staticmethod
    def _line_text(part: list[object]) -> str | None:
        text = serialize_lower(part)
        return None if text in ("auto", "") else text

    def _grid_line_pair(self, start: str, end: str) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if any(isinstance(v, StringToken) for v in values):
                return None  # a <grid-line> is an integer, span or custom ident: never a string
            parts = self._split_slash(values)
            if len(parts) > 2 or any(not p for p in parts):
                return None
            first = self._line_text(parts[0])
            if len(parts) == 2:
                second = self._line_text(parts[1])
            else:
                second = (
                    first
                    if len(parts[0]) == 1 and keyword_of(parts[0][0]) not in (None, "auto", "span")
                    else None
                )
            return [(start, (CONST, first)), (end, (CONST, second))]

        return handler

    def _grid_area(self, values: list[object]) -> Parsed | None:
        if any(isinstance(v, StringToken) for v in values):
            return None  # grid lines are never strings (`grid-area: 'main'` is invalid)
        parts = self._split_slash(values)
        if len(parts) > 4 or any(not p for p in parts):
            return None
        texts = [self._line_text(p) for p in parts]
        named = [len(p) == 1 and keyword_of(p[0]) not in (None, "auto", "span") for p in parts]

        def fallback(i: int, src: int) -> str | None:
            if i < len(texts):
                return texts[i]
            return texts[src] if named[src] else None

        row_start = texts[0]
        col_start = fallback(1, 0)
        row_end = fallback(2, 0)
        col_end = (
            texts[3]
            if len(texts) > 3
            else (
                texts[1]
                if len(texts) > 1 and named[1]
                else (col_start if len(texts) == 1 and named[0] else None)
            )
        )
        area = serialize_lower(values)
        return [
            ("grid_row_start", (CONST, row_start)),
            ("grid_column_start", (CONST, col_start)),
            ("grid_row_end", (CONST, row_end)),
            ("grid_column_end", (CONST, col_end)),
            ("grid_area", (CONST, None if area == "auto" else area)),
        ]

    def _grid_template(self, values: list[object]) -> Parsed | None:
        if len(values) == 1 and keyword_of(values[0]) == "none":
            return [
                (s, (CONST, None))
                for s in ("grid_template_rows", "grid_template_columns", "grid_template_areas")
            ]
        if any(isinstance(v, StringToken) for v in values):
            return self._grid_template_areas(values)
        parts = self._split_slash(values)
        if len(parts) != 2:
            return None
        return [
            ("grid_template_rows", (CONST, serialize_lower(parts[0]))),
            ("grid_template_columns", (CONST, serialize_lower(parts[1]))),
            ("grid_template_areas", (CONST, None)),
        ]

    def _grid_template_areas(self, values: list[object]) -> Parsed | None:
        """The areas form (CSS Grid §7.4): `[<line-names>? <string> <track-size>? <line-names>?]+
        [/ <explicit-track-list>]?`. Each string is a row of the areas and of the row tracks (its size
        follows it, `auto` when none does); line names are not modelled."""
        parts = self._split_slash(values)
        if len(parts) > 2 or not parts[-1]:
            return None
        strings: list[object] = []
        rows: list[str] = []
        for v in parts[0]:
            if isinstance(v, StringToken):
                strings.append(v)
                rows.append("auto")
            elif isinstance(v, SquareBracketsBlock):
                continue
            elif not strings or rows[-1] != "auto":
                return None  # a size before the first string, or two sizes for one row
            else:
                rows[-1] = serialize_lower([v])
        if len({len(s.value.split()) for s in strings if isinstance(s, StringToken)}) != 1:
            return None  # rows of the areas must have as many columns each
        if len(parts) == 2 and any(isinstance(v, StringToken) for v in parts[1]):
            return None  # strings after the slash
        columns = serialize_lower(parts[1]) if len(parts) == 2 else None
        return [
            ("grid_template_rows", (CONST, " ".join(rows))),
            ("grid_template_columns", (CONST, columns)),
            ("grid_template_areas", (CONST, serialize_lower(strings))),
        ]
