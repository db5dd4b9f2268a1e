"""Parsers of box, display and text-layout properties (display, borders, overflow, lists, …)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tinycss2.ast import FunctionBlock, LiteralToken, StringToken, WhitespaceToken

from .kinds import (
    BORDER,
    CONST,
    DISPLAY_ALIASES,
    DISPLAY_KEYWORDS,
    ENUMS,
    INHERIT,
    LEN,
    TEXT_ALIGN,
    VERTICAL_ALIGN,
    WHITE_SPACE_COLLAPSE,
    Parsed,
    Spec,
    keyword_of,
)
from .props_base import ValueParsers
from .values import MAX_FRACTION, Lin, number_value, sane


class BoxParsers(ValueParsers):
    """display, borders, overflow, text alignment, lists, white-space, border-spacing, aspect-ratio,
    the translation of transforms."""

    def _transform(self, values: list[object]) -> Parsed | None:
        """`transform`: the sum of its translations (translate, translateX/Y, translate3d, the e/f of a
        matrix), which moves the box and its descendants as getBoundingClientRect reports them. Rotations,
        scales and skews are read and left out (the box keeps its size). Invalid functions drop it."""
        if len(values) == 1 and keyword_of(values[0]) == "none":
            return [("translate_x", (CONST, None)), ("translate_y", (CONST, None))]
        x: Lin = (0.0, 0.0, 0.0, 0.0)
        y: Lin = (0.0, 0.0, 0.0, 0.0)
        for fn in values:
            if not isinstance(fn, FunctionBlock):
                return None
            args = [a for a in fn.arguments if not isinstance(a, WhitespaceToken)]
            parts = [t for t in args if not (isinstance(t, LiteralToken) and t.value == ",")]
            name = fn.lower_name
            if name in ("translate", "translate3d", "translatex", "translatey"):
                lins = [self.lin(t) for t in parts]
                if not lins or any(v is None for v in lins):
                    return None
                dx, dy = (
                    (lins[0], lins[1] if len(lins) > 1 else None)
                    if name in ("translate", "translate3d")
                    else ((lins[0], None) if name == "translatex" else (None, lins[0]))
                )
                x = _add_lin(x, dx)
                y = _add_lin(y, dy)
            elif name in ("matrix", "matrix3d"):
                numbers = [number_value(t, self.vp) for t in parts]
                if len(numbers) not in (6, 16) or any(v is None for v in numbers):
                    return None
                tx, ty = (numbers[4], numbers[5]) if len(numbers) == 6 else (numbers[12], numbers[13])
                x = _add_lin(x, (tx or 0.0, 0.0, 0.0, 0.0))
                y = _add_lin(y, (ty or 0.0, 0.0, 0.0, 0.0))
            elif name not in TRANSFORMS_WITHOUT_TRANSLATION:
                return None
        return [("translate_x", _translation(x)), ("translate_y", _translation(y))]

    def _border_style_spec(self, t: object) -> Spec | None:
        word = keyword_of(t)
        return (CONST, word) if word in ENUMS["border_style"] else None

    def _border(
        self, width_slots: Sequence[str], style_slots: Sequence[str]
    ) -> Callable[[list[object]], Parsed | None]:
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

    def _display(self, values: list[object]) -> Parsed | None:
        found = [keyword_of(v) for v in values]
        words = [w for w in found if w is not None]
        if len(words) != len(found) or not 1 <= len(words) <= 3:
            return None
        if len(words) == 1:
            word = DISPLAY_ALIASES.get(words[0], words[0])
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
        words = [keyword_of(v) for v in values]
        if not 1 <= len(words) <= 2 or any(w not in allowed for w in words):
            return None
        words = ["auto" if w == "overlay" else w for w in words]
        return [("overflow_x", (CONST, words[0])), ("overflow_y", (CONST, words[-1]))]

    def _text_align(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        if keyword_of(values[0]) == "match-parent":  # the parent's (resolved) alignment, i.e. inherit
            return [("text_align", (INHERIT, None)), ("text_align_blocks", (INHERIT, None))]
        found = TEXT_ALIGN.get(keyword_of(values[0]) or "")
        if found is None:
            return None
        return [("text_align", (CONST, found[0])), ("text_align_blocks", (CONST, found[1]))]

    def _vertical_align(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        word = keyword_of(values[0])
        if word in VERTICAL_ALIGN:
            return [("vertical_align", (CONST, word))]
        if self.lin(values[0]) is not None:
            return [("vertical_align", (CONST, "length"))]
        return None

    def _list_style_type(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        word = keyword_of(values[0])
        if word is not None:
            return [("list_style_type", (CONST, word))]
        if isinstance(values[0], StringToken):
            return [("list_style_type", (CONST, "string"))]
        return None

    def _list_style(self, values: list[object]) -> Parsed | None:
        kind: str | None = None
        position: str | None = None
        for v in values:
            word = keyword_of(v)
            if word in ("inside", "outside") and position is None:
                position = word
            elif word is not None and kind is None:
                kind = word
            elif isinstance(v, StringToken) and kind is None:
                kind = "string"
            # anything else is list-style-image (url(...)), not modelled
        return [
            ("list_style_type", (CONST, kind or "disc")),
            ("list_style_position", (CONST, position or "outside")),
        ]

    def _text_wrap(self, values: list[object]) -> Parsed | None:
        words = {keyword_of(v) for v in values}
        if "nowrap" in words:
            return [("white_space", (CONST, "nowrap"))]
        if words & {"wrap", "balance", "pretty", "stable", "auto"}:
            return []
        return None

    def _white_space_collapse(self, values: list[object]) -> Parsed | None:
        if len(values) != 1:
            return None
        mapped = WHITE_SPACE_COLLAPSE.get(keyword_of(values[0]) or "")
        return None if mapped is None else [("white_space", (CONST, mapped))]

    def _border_spacing(self, values: list[object]) -> Parsed | None:
        if not 1 <= len(values) <= 2:
            return None
        specs = [self.px_spec(v) for v in values]
        if any(s is None for s in specs):
            return None
        return [("border_spacing_h", specs[0]), ("border_spacing_v", specs[-1])]  # type: ignore[list-item]

    def _aspect_ratio(self, values: list[object]) -> Parsed | None:
        nums = [v for v in values if keyword_of(v) != "auto"]
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
        quotient = w / h
        if not 1e-6 < quotient < 1e6:
            return [("aspect_ratio", (CONST, None))]
        return [("aspect_ratio", (CONST, quotient))]


# Transform functions that move no box's origin (their effect on the box's extent is left out)
TRANSFORMS_WITHOUT_TRANSLATION = frozenset(
    {
        "scale", "scalex", "scaley", "scalez", "scale3d", "rotate", "rotatex", "rotatey", "rotatez",
        "rotate3d", "skew", "skewx", "skewy", "perspective",
    }
)  # fmt: skip


def _add_lin(a: Lin, b: Lin | None) -> Lin:
    return a if b is None else (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _translation(v: Lin) -> Spec:
    if v == (0.0, 0.0, 0.0, 0.0):
        return (CONST, None)
    if v[2] == 0.0 and v[3] == 0.0:
        return (CONST, (sane(v[0]), sane(v[1], MAX_FRACTION)))
    return (LEN, v)
