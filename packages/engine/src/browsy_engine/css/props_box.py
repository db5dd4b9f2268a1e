"""Parsers of box, display and text-layout properties (display, borders, overflow, lists, …)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Final

from tinycss2.ast import (
    DimensionToken,
    FunctionBlock,
    IdentToken,
    LiteralToken,
    NumberToken,
    PercentageToken,
    StringToken,
    URLToken,
    WhitespaceToken,
)

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
from .style import IDENTITY, Matrix
from .values import (
    MAX_FRACTION,
    ZERO_LIN,
    Lin,
    Viewport,
    font_relative,
    fraction_lin,
    number_value,
    px_lin,
    sane,
)

WEBKIT_BOXES: Final = frozenset({"-webkit-box", "-webkit-inline-box"})
# identifiers that are no counter names (CSS Lists 3 §4.2: <counter-name> is a <custom-ident> other than none)
COUNTER_NOT_NAMES: Final = frozenset(
    {"none", "initial", "inherit", "unset", "default", "revert", "revert-layer"}
)


def _clamp_int(n: int) -> int:
    return max(-(2**31), min(2**31 - 1, n))


def _counter_function(fn: FunctionBlock) -> tuple[str, str | None, str] | None:
    """counter(name[, style]) or counters(name, separator[, style]) as (name, separator, style); None
    when invalid."""
    args = [a for a in fn.arguments if not isinstance(a, WhitespaceToken)]
    items = [a for a in args if not (isinstance(a, LiteralToken) and a.value == ",")]
    if len(args) != 2 * len(items) - 1:
        return None  # the arguments are not separated by single commas
    expected = 2 if fn.lower_name == "counter" else 3
    if not expected - 1 <= len(items) <= expected or not isinstance(items[0], IdentToken):
        return None
    separator: str | None = None
    if fn.lower_name == "counters":
        if not isinstance(items[1], StringToken):
            return None
        separator = items[1].value
    style = "decimal"
    if len(items) == expected:
        word = keyword_of(items[-1])
        if word is None:
            return None
        style = word
    return (items[0].value, separator, style)


class BoxParsers(ValueParsers):
    """display, borders, overflow, text alignment, lists, white-space, border-spacing, aspect-ratio,
    the translation of transforms."""

    def _width(self, values: list[object]) -> Parsed | None:
        """`width`: a length or percentage, `auto`, or an intrinsic size keyword kept in `width_fit`
        (fit-content, min-content, max-content), which sizes even a block-level box by its content."""
        if len(values) != 1:
            return None
        word = keyword_of(values[0])
        if word in INTRINSIC_WIDTHS:
            return [("width", (CONST, None)), ("width_fit", (CONST, INTRINSIC_WIDTHS[word]))]
        spec = self.length_spec(values[0], True, False)
        return None if spec is None else [("width", spec), ("width_fit", (CONST, None))]

    def _height(self, values: list[object]) -> Parsed | None:
        """`height`: a length or percentage, or `auto`; an intrinsic size keyword (fit-content, min-content,
        max-content) is auto, noted in `height_fit`: a positioned box between two insets then keeps its
        content's height rather than stretching (CSS Sizing 3 §3.2, CSS Position 3 §5.1)."""
        if len(values) != 1:
            return None
        if keyword_of(values[0]) in INTRINSIC_WIDTHS:
            return [("height", (CONST, None)), ("height_fit", (CONST, True))]
        spec = self.length_spec(values[0], True, False)
        return None if spec is None else [("height", spec), ("height_fit", (CONST, False))]

    def _content(self, values: list[object]) -> Parsed | None:
        """`content` of a ::before/::after box: its strings joined, and its parts when it holds counters
        (counter()/counters(), whose text css/counters.py makes); quotes, attr() and images add no text
        here but still make the box; `none`/`normal`: no box."""
        if len(values) == 1 and keyword_of(values[0]) in ("none", "normal"):
            return [("content", (CONST, None)), ("content_counters", (CONST, None))]
        text: list[str] = []
        parts: list[str | tuple[str, str | None, str]] = []
        has_counter = False
        for t in values:
            if isinstance(t, StringToken):
                text.append(t.value)
                parts.append(t.value)
            elif isinstance(t, LiteralToken) and t.value == "/":
                break  # alternative text for speech follows
            elif isinstance(t, FunctionBlock) and t.lower_name in ("counter", "counters"):
                counter = _counter_function(t)
                if counter is None:
                    return None
                parts.append(counter)
                has_counter = True
            elif not isinstance(t, (FunctionBlock, IdentToken, URLToken)):
                return None
        counters = tuple(parts) if has_counter else None
        return [("content", (CONST, "".join(text))), ("content_counters", (CONST, counters))]

    def _counter_list(self, slot: str, default: int) -> Callable[[list[object]], Parsed | None]:
        """counter-reset/-increment/-set: `none`, or names each with an optional integer (`default`)."""

        def handler(values: list[object]) -> Parsed | None:
            if len(values) == 1 and keyword_of(values[0]) == "none":
                return [(slot, (CONST, ()))]
            pairs: list[tuple[str, int]] = []
            k = 0
            while k < len(values):
                name = values[k]
                if not isinstance(name, IdentToken) or name.lower_value in COUNTER_NOT_NAMES:
                    return None
                amount = values[k + 1] if k + 1 < len(values) else None
                if isinstance(amount, NumberToken):
                    if not amount.is_integer:
                        return None
                    pairs.append((name.value, _clamp_int(amount.int_value)))
                    k += 2
                else:
                    pairs.append((name.value, default))
                    k += 1
            return [(slot, (CONST, tuple(pairs)))]

        return handler

    def _transform(self, values: list[object]) -> Parsed | None:
        """`transform` as one translation then one linear map (a 2×2 matrix: scales, rotations, skews) about
        the transform origin: the functions compose left to right (a later translation goes through the
        map before it). 3D functions count as their projection on the page without perspective (rotateX(a)
        scales the height by cos a). getBoundingClientRect reports the boxes after it. Invalid functions
        drop the declaration."""
        if len(values) == 1 and keyword_of(values[0]) == "none":
            return _transform_specs(ZERO_LIN, ZERO_LIN, IDENTITY)
        x: Lin = ZERO_LIN
        y: Lin = ZERO_LIN
        m = IDENTITY
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
                if name == "translatey":
                    dx, dy = None, lins[0]
                else:
                    dx, dy = lins[0], (lins[1] if len(lins) > 1 and name != "translatex" else None)
                x = _add_lin(_add_lin(x, _scaled(dx, m[0])), _scaled(dy, m[2]))
                y = _add_lin(_add_lin(y, _scaled(dx, m[1])), _scaled(dy, m[3]))
                continue
            if name in ("matrix", "matrix3d"):
                numbers = [number_value(t, self.vp) for t in parts]
                if len(numbers) not in (6, 16) or any(v is None for v in numbers):
                    return None
                n = [v or 0.0 for v in numbers]
                a, b, c, d, e, f = n if len(n) == 6 else (n[0], n[1], n[4], n[5], n[12], n[13])
                x = _add_lin(x, px_lin(m[0] * e + m[2] * f))
                y = _add_lin(y, px_lin(m[1] * e + m[3] * f))
                m = _times(m, (a, b, c, d))
                continue
            linear = self._linear_function(name, parts)
            if linear is None:
                return None
            m = _times(m, linear)
        return _transform_specs(x, y, m)

    def _linear_function(self, name: str, parts: list[object]) -> Matrix | None:
        """The 2×2 matrix of a transform function that moves no origin; None if it is invalid."""
        if name in ("scale", "scale3d", "scalex", "scaley"):
            numbers = [_scale_factor(t, self.vp) for t in parts]
            if not numbers or any(v is None for v in numbers):
                return None
            a = numbers[0] or 0.0
            b = (numbers[1] or 0.0) if len(numbers) > 1 else a
            if name == "scalex":
                return (a, 0.0, 0.0, 1.0)
            if name == "scaley":
                return (1.0, 0.0, 0.0, a)
            return (a, 0.0, 0.0, b)
        if name == "scalez" or name == "perspective":
            return IDENTITY
        angles = [angle_radians(t) for t in parts]
        if not angles or any(v is None for v in angles):
            return _rotate3d(parts) if name == "rotate3d" else None
        t0 = angles[0] or 0.0
        if name in ("rotate", "rotatez"):
            return _rotation(t0)
        if name == "rotatex":
            return (1.0, 0.0, 0.0, math.cos(t0))
        if name == "rotatey":
            return (math.cos(t0), 0.0, 0.0, 1.0)
        if name in ("skew", "skewx"):
            t1 = (angles[1] or 0.0) if len(angles) > 1 and name == "skew" else 0.0
            return (1.0, math.tan(t1), math.tan(t0), 1.0)
        if name == "skewy":
            return (1.0, math.tan(t0), 0.0, 1.0)
        return None

    def _translate_property(self, values: list[object]) -> Parsed | None:
        """`translate`: none, or x [y [z]] (lengths, or percentages of the border box; z is left out)."""
        if len(values) == 1 and keyword_of(values[0]) == "none":
            return [("translate_property_x", (CONST, None)), ("translate_property_y", (CONST, None))]
        if not 1 <= len(values) <= 3:
            return None
        lins: list[Lin] = []
        for t in values:
            lin = self.lin(t)
            if lin is None:
                return None
            lins.append(lin)
        if len(lins) == 3 and lins[2][1] != 0.0:
            return None  # z is a <length>
        y = lins[1] if len(lins) > 1 else ZERO_LIN
        return [("translate_property_x", _length_spec(lins[0])), ("translate_property_y", _length_spec(y))]

    def _rotate_property(self, values: list[object]) -> Parsed | None:
        """`rotate`: none, <angle>, or an axis (x, y, z or three numbers) and an angle; about x or y it is
        the page projection without perspective, about another 3D axis it is left out."""
        if len(values) == 1 and keyword_of(values[0]) == "none":
            return [("rotate_property", (CONST, IDENTITY))]
        angles = [angle_radians(t) for t in values]
        found = [a for a in angles if a is not None]
        if len(found) != 1 or len(values) not in (1, 2, 4):
            return None
        angle = found[0]
        axis = [keyword_of(t) for t in values if angle_radians(t) is None]
        linear = _rotation(angle)
        if axis == ["x"]:
            linear = (1.0, 0.0, 0.0, math.cos(angle))
        elif axis == ["y"]:
            linear = (math.cos(angle), 0.0, 0.0, 1.0)
        elif len(values) == 4:
            rotated = _rotate3d(
                [t for t in values if angle_radians(t) is None] + [values[angles.index(angle)]]
            )
            if rotated is None:
                return None
            linear = rotated
        elif axis not in ([], ["z"]):
            return None
        return [("rotate_property", (CONST, _sane_matrix(linear)))]

    def _scale_property(self, values: list[object]) -> Parsed | None:
        """`scale`: none, or x [y [z]] factors (numbers or percentages; one value scales both axes)."""
        if len(values) == 1 and keyword_of(values[0]) == "none":
            return [("scale_property_x", (CONST, 1.0)), ("scale_property_y", (CONST, 1.0))]
        if not 1 <= len(values) <= 3:
            return None
        factors: list[float] = []
        for t in values:
            factor = _scale_factor(t, self.vp)
            if factor is None:
                return None
            factors.append(sane(factor))
        y = factors[1] if len(factors) > 1 else factors[0]
        return [("scale_property_x", (CONST, factors[0])), ("scale_property_y", (CONST, y))]

    def _transform_origin(self, values: list[object]) -> Parsed | None:
        """`transform-origin`: one or two positions (keywords, lengths, percentages; a third, z, is read
        and left out)."""
        if not 1 <= len(values) <= 3:
            return None
        horizontal = {"left": 0.0, "center": 0.5, "right": 1.0}
        vertical = {"top": 0.0, "center": 0.5, "bottom": 1.0}
        ox: Lin | None = None
        oy: Lin | None = None
        for k, t in enumerate(values[:2]):
            word = keyword_of(t)
            if word is not None:
                if word in ("top", "bottom") or (word == "center" and ox is not None):
                    oy = fraction_lin(vertical[word]) if word in vertical else None
                elif word in horizontal:
                    ox = fraction_lin(horizontal[word])
                else:
                    return None
                continue
            lin = self.lin(t)
            if lin is None:
                return None
            if k == 0:
                ox = lin
            else:
                oy = lin
        ox = ox or fraction_lin(0.5)
        oy = oy or fraction_lin(0.5)
        return [("transform_origin_x", _length_spec(ox)), ("transform_origin_y", _length_spec(oy))]

    def _border_style_spec(self, t: object) -> Spec | None:
        word = keyword_of(t)
        return (CONST, word) if word in ENUMS["border_style"] else None

    def _border(
        self, width_slots: Sequence[str], style_slots: Sequence[str]
    ) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            if len(values) > 3:
                return None
            width: Spec = (BORDER, px_lin(3.0))
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
            if word not in DISPLAY_KEYWORDS:
                return None
            return [("display", (CONST, word)), ("webkit_box", (CONST, words[0] in WEBKIT_BOXES))]
        ws = set(words)
        outer = "inline" if "inline" in ws else "block"
        if "list-item" in ws:
            return [("display", (CONST, "list-item")), ("webkit_box", (CONST, False))]
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
        return None if result is None else [("display", (CONST, result)), ("webkit_box", (CONST, False))]

    def _line_clamp(self, values: list[object]) -> Parsed | None:
        """`-webkit-line-clamp`: `none` (0) or a positive integer."""
        if len(values) != 1:
            return None
        if keyword_of(values[0]) == "none":
            return [("line_clamp", (CONST, 0))]
        n = number_value(values[0], self.vp)
        if n is None or n != int(n) or n < 1:
            return None
        return [("line_clamp", (CONST, int(min(n, 1e6))))]

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
            return [("vertical_align", (CONST, word)), ("vertical_align_length", (CONST, (0.0, 0.0)))]
        spec = self.length_spec(values[0])
        if spec is not None:
            return [("vertical_align", (CONST, "length")), ("vertical_align_length", spec)]
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

    # ---- multi-column layout (CSS Multi-column §3) ------------------------------------------------

    def _column_count_spec(self, t: object) -> Spec | None:
        """`auto` (None) or an integer of at least 1."""
        if keyword_of(t) == "auto":
            return (CONST, None)
        n = number_value(t, self.vp)
        if n is None or n != int(n) or n < 1:
            return None
        return (CONST, int(min(n, 1000)))

    def _column_width_spec(self, t: object) -> Spec | None:
        """`auto` (None) or a non-negative length: no percentages."""
        if isinstance(t, PercentageToken):
            return None
        return self.length_spec(t, auto=True, negative=False)

    def _columns(self, values: list[object]) -> Parsed | None:
        """`columns: <width> || <count>`, either order; `auto` leaves its half at auto."""
        if not 1 <= len(values) <= 2:
            return None
        count: Spec = (CONST, None)
        width: Spec = (CONST, None)
        seen_count = seen_width = False
        for v in values:
            if keyword_of(v) == "auto":
                continue
            as_count = None if seen_count else self._column_count_spec(v)
            if as_count is not None and not isinstance(v, PercentageToken) and keyword_of(v) is None:
                count, seen_count = as_count, True
                continue
            as_width = None if seen_width else self._column_width_spec(v)
            if as_width is None:
                return None
            width, seen_width = as_width, True
        return [("column_count", count), ("column_width", width)]

    def _contain(self, values: list[object]) -> Parsed | None:
        """`contain` (CSS Contain 2 §2) as layout sees it: layout containment (from layout, paint, content
        or strict: an independent formatting context) and size containment (size, strict, inline-size)."""
        words = [keyword_of(v) for v in values]
        if len(words) == 1 and words[0] in ("none", "strict", "content"):
            size = "size" if words[0] == "strict" else "none"
            return [("contain_layout", (CONST, words[0] != "none")), ("contain_size", (CONST, size))]
        if not words or len(set(words)) != len(words) or any(w not in CONTAIN_WORDS for w in words):
            return None
        if "size" in words and "inline-size" in words:
            return None
        size = "size" if "size" in words else "inline-size" if "inline-size" in words else "none"
        layout = "layout" in words or "paint" in words
        return [("contain_layout", (CONST, layout)), ("contain_size", (CONST, size))]

    def _container_type(self, values: list[object]) -> Parsed | None:
        """`container-type: normal | [size | inline-size] || scroll-state` (CSS Contain 3 §2.1): a size
        container has layout, style and size containment (inline-size: in the inline axis only)."""
        words = [keyword_of(v) for v in values]
        if len(words) == 1 and words[0] == "normal":
            return [("container_type", (CONST, "normal"))]
        sizes = [w for w in words if w in ("size", "inline-size")]
        if (
            not words
            or len(sizes) > 1
            or any(w not in ("size", "inline-size", "scroll-state") for w in words)
        ):
            return None
        if len(set(words)) != len(words):
            return None
        return [("container_type", (CONST, sizes[0] if sizes else "normal"))]

    def _container(self, values: list[object]) -> Parsed | None:
        """`container: <name>+ [/ <type>]`."""
        for k, v in enumerate(values):
            if isinstance(v, LiteralToken) and v.value == "/":
                kind = self._container_type(values[k + 1 :])
                names = self._container_name(values[:k])
                return None if kind is None or names is None else kind + names
        names = self._container_name(values)
        return None if names is None else [("container_type", (CONST, "normal"))] + names

    def _container_name(self, values: list[object]) -> Parsed | None:
        """`container-name: none | <custom-ident>+` (the names @container queries look for)."""
        words = [v.value if isinstance(v, IdentToken) else None for v in values]
        if len(words) == 1 and keyword_of(values[0]) == "none":
            return [("container_names", (CONST, ()))]
        if not words or any(w is None or w.lower() in ("none", "and", "or", "not") for w in words):
            return None
        return [("container_names", (CONST, tuple(w for w in words if w is not None)))]

    def _contain_intrinsic_spec(self, values: list[object]) -> Spec | None:
        """One axis of contain-intrinsic-size: `none` (None) or `[auto] <length>` (no box is remembered
        from an earlier layout here, so `auto` keeps the length)."""
        if values and keyword_of(values[0]) == "auto":
            values = values[1:]
        if len(values) != 1 or isinstance(values[0], PercentageToken):
            return None
        if keyword_of(values[0]) == "none":
            return (CONST, None)
        return self.length_spec(values[0], auto=False, negative=False)

    def _contain_intrinsic_axis(self, slot: str) -> Callable[[list[object]], Parsed | None]:
        def handler(values: list[object]) -> Parsed | None:
            spec = self._contain_intrinsic_spec(values)
            return None if spec is None else [(slot, spec)]

        return handler

    def _contain_intrinsic_size(self, values: list[object]) -> Parsed | None:
        """`contain-intrinsic-size: <width> [<height>]`, each `none` or `[auto] <length>`."""
        cut = 2 if len(values) >= 2 and keyword_of(values[0]) == "auto" else 1
        width = self._contain_intrinsic_spec(values[:cut])
        height = self._contain_intrinsic_spec(values[cut:]) if len(values) > cut else width
        if width is None or height is None:
            return None
        return [("contain_intrinsic_width", width), ("contain_intrinsic_height", height)]

    def _column_span(self, values: list[object]) -> Parsed | None:
        word = keyword_of(values[0]) if len(values) == 1 else None
        if word not in ("none", "all"):
            return None
        return [("column_span_all", (CONST, word == "all"))]


CONTAIN_WORDS: Final = frozenset({"size", "inline-size", "layout", "style", "paint"})


INTRINSIC_WIDTHS: Final = {
    "fit-content": "fit-content",
    "-webkit-fit-content": "fit-content",
    "min-content": "min-content",
    "-webkit-min-content": "min-content",
    "max-content": "max-content",
    "-webkit-max-content": "max-content",
}

ANGLE_UNITS: Final = {"deg": math.pi / 180.0, "rad": 1.0, "grad": math.pi / 200.0, "turn": 2.0 * math.pi}


def angle_radians(t: object) -> float | None:
    """An <angle> (or a bare 0) in radians."""
    if isinstance(t, DimensionToken):
        unit = ANGLE_UNITS.get(t.lower_unit)
        return None if unit is None else float(t.value) * unit
    if isinstance(t, NumberToken) and t.value == 0:
        return 0.0
    return None


def _rotation(angle: float) -> Matrix:
    """rotate(angle): matrix(cos, sin, -sin, cos), clockwise on screen (CSS Transforms 1 §15)."""
    cos, sin = math.cos(angle), math.sin(angle)
    return (cos, sin, -sin, cos)


def _rotate3d(parts: list[object]) -> Matrix | None:
    """rotate3d(x, y, z, angle) about the z axis only (other axes are left out)."""
    if len(parts) != 4:
        return None
    axis = [t.value if isinstance(t, NumberToken) else None for t in parts[:3]]
    angle = angle_radians(parts[3])
    if angle is None or any(v is None for v in axis):
        return None
    if axis[0] == 0 and axis[1] == 0 and axis[2]:
        return _rotation(angle if (axis[2] or 0.0) > 0 else -angle)
    return IDENTITY


def _times(m: Matrix, n: Matrix) -> Matrix:
    """The map m after n (matrix product m·n), both (a, b, c, d) as in matrix(a, b, c, d, e, f)."""
    return (
        m[0] * n[0] + m[2] * n[1],
        m[1] * n[0] + m[3] * n[1],
        m[0] * n[2] + m[2] * n[3],
        m[1] * n[2] + m[3] * n[3],
    )


def _add_lin(a: Lin, b: Lin | None) -> Lin:
    if b is None:
        return a
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5], a[6] + b[6])


def _scaled(v: Lin | None, k: float) -> Lin | None:
    return None if v is None else (v[0] * k, v[1] * k, v[2] * k, v[3] * k, v[4] * k, v[5] * k, v[6] * k)


def _scale_factor(t: object, vp: Viewport) -> float | None:
    """A scale() argument: a number, or a percentage (50% = 0.5)."""
    if isinstance(t, PercentageToken):
        return float(t.value) / 100.0
    return number_value(t, vp)


def _length_spec(v: Lin) -> Spec:
    if not font_relative(v):
        return (CONST, (sane(v[0]), sane(v[1], MAX_FRACTION)))
    return (LEN, v)


def _transform_specs(x: Lin, y: Lin, m: Matrix) -> Parsed:
    return [
        ("translate_x", (CONST, None) if x == ZERO_LIN else _length_spec(x)),
        ("translate_y", (CONST, None) if y == ZERO_LIN else _length_spec(y)),
        ("transform_matrix", (CONST, _sane_matrix(m))),
    ]


def _sane_matrix(m: Matrix) -> Matrix:
    a, b, c, d = (sane(v) for v in m)
    return (a, b, c, d)
