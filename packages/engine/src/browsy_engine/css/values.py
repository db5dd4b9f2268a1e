"""CSS values: lengths, numbers and math functions (calc/min/max/clamp) from tinycss2 tokens.

A length is parsed into a *linear form* `Lin = (px, fraction, em, rem, ch, ex, lh)`: the value is
px + fraction × (percentage reference) + em × (font-size) + rem × (root font-size) + ch × (advance of
the element's first available font's '0') + ex × (its x-height) + lh × (its line-height); the last three
depend on the font and line-height, known only when the element's style is computed (CSS Values 4
§6.1.1). Viewport units (vw, vh, vmin,
vmax) are folded into px at parse time because the viewport is fixed per parse.
calc() keeps every linear combination exact. min()/max()/clamp() pick one argument: when the arguments
mix percentages with other units the choice is made as if the percentage referred to the viewport width
(`min(100%, 1200px)` → the 1200px argument on a wide viewport, 100% on a narrow one): a documented
approximation, since only layout knows the real containing block.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tinycss2.ast import (
    DimensionToken,
    FunctionBlock,
    IdentToken,
    LiteralToken,
    NumberToken,
    ParenthesesBlock,
    PercentageToken,
    WhitespaceToken,
)

Lin = tuple[float, float, float, float, float, float, float]  # (px, fraction, em, rem, ch, ex, lh)


def px_lin(px: float) -> Lin:
    return (px, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)


def fraction_lin(fraction: float) -> Lin:
    return (0.0, fraction, 0.0, 0.0, 0.0, 0.0, 0.0)


ZERO_LIN: Lin = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)  # not Final: mypyc 2.4 never sets a Final float tuple


def font_relative(lin: Lin) -> bool:
    """Whether the length depends on a font size or font metrics (resolved per element)."""
    return lin[2] != 0.0 or lin[3] != 0.0 or uses_font_metrics(lin)


def uses_font_metrics(lin: Lin) -> bool:
    """Whether the length has ch, ex or lh (resolved once the element's font and line-height are known)."""
    return lin[4] != 0.0 or lin[5] != 0.0 or lin[6] != 0.0


ABSOLUTE_UNITS: Final = {
    "px": 1.0,
    "pt": 96.0 / 72.0,
    "pc": 16.0,
    "in": 96.0,
    "cm": 96.0 / 2.54,
    "mm": 96.0 / 25.4,
    "q": 96.0 / 101.6,
}
_ABSOLUTE_LENGTH: Final = re.compile(
    r"\s*([+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$", re.IGNORECASE
)


def absolute_length(text: str) -> float | None:
    """px of a length written with an absolute unit or none (as SVG's width/height attributes may be:
    "250pt", "24", "1.5in"); None for anything else (relative units, percentages, junk)."""
    m = _ABSOLUTE_LENGTH.match(text)
    if m is None:
        return None
    factor = ABSOLUTE_UNITS.get(m.group(2).lower() or "px")
    if factor is None:
        return None
    value = float(m.group(1)) * factor
    return value if math.isfinite(value) else None


FONT_UNITS: Final = {"em": 1.0, "cap": 0.7, "ic": 1.0}  # × font-size (the last two approximated)
FONT_METRIC_UNITS: Final = frozenset({"ch", "ex", "lh"})
ROOT_UNITS: Final = {"rem": 1.0, "rex": 0.5, "rch": 0.5, "rlh": 1.2}
# calc() and the math functions of CSS Values 4 §10 (trigonometry aside)
MATH_FUNCTIONS: Final = frozenset(
    {"calc", "min", "max", "clamp", "-webkit-calc", "round", "mod", "rem", "abs", "sign", "pow", "sqrt", "hypot",
     "exp", "log"}
)  # fmt: skip
ROUNDING: Final = frozenset({"nearest", "up", "down", "to-zero"})
CONSTANTS: Final = {"e": math.e, "pi": math.pi, "infinity": math.inf, "-infinity": -math.inf, "nan": math.nan}


@dataclass(frozen=True, slots=True)
class Viewport:
    width: float
    height: float

    def unit_px(self, unit: str) -> float | None:
        """px per unit for viewport-relative units (incl. the s/l/d variants), None if not one."""
        base = unit[1:] if unit[:1] in ("s", "l", "d") and len(unit) > 2 else unit
        if base.startswith("cq"):  # container units without a container use the (small) viewport
            base = "v" + base[2:]
        if base == "vw" or base == "vi":
            return self.width / 100.0
        if base == "vh" or base == "vb":
            return self.height / 100.0
        if base == "vmin":
            return min(self.width, self.height) / 100.0
        if base == "vmax":
            return max(self.width, self.height) / 100.0
        return None


MAX_PX: Final = 33_554_400.0  # Chromium's layout units saturate near 2^25 px
MAX_FRACTION: Final = 100_000.0
MAX_FONT_SIZE: Final = 10_000.0  # Chromium caps computed font sizes here


def sane(value: float, limit: float = MAX_PX) -> float:
    """A finite value within ±limit (NaN → 0), so absurd CSS cannot overflow layout arithmetic."""
    if value != value:
        return 0.0
    return -limit if value < -limit else limit if value > limit else value


class MathError(ValueError):
    """The math expression is invalid (CSS drops the declaration)."""


def significant(tokens: Sequence[object]) -> list[object]:
    """Tokens without whitespace and comments."""
    return [t for t in tokens if not isinstance(t, WhitespaceToken) and getattr(t, "type", None) != "comment"]


def dimension_lin(token: object, vp: Viewport) -> Lin | None:
    """A single length token (dimension, percentage or unitless 0) as a linear form."""
    if isinstance(token, DimensionToken):
        unit = token.lower_unit
        v = float(token.value)
        factor = ABSOLUTE_UNITS.get(unit)
        if factor is not None:
            return px_lin(v * factor)
        factor = FONT_UNITS.get(unit)
        if factor is not None:
            return (0.0, 0.0, v * factor, 0.0, 0.0, 0.0, 0.0)
        if unit == "ch":
            return (0.0, 0.0, 0.0, 0.0, v, 0.0, 0.0)
        if unit == "ex":
            return (0.0, 0.0, 0.0, 0.0, 0.0, v, 0.0)
        if unit == "lh":
            return (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, v)
        factor = ROOT_UNITS.get(unit)
        if factor is not None:
            return (0.0, 0.0, 0.0, v * factor, 0.0, 0.0, 0.0)
        factor = vp.unit_px(unit)
        if factor is not None:
            return px_lin(v * factor)
        return None
    if isinstance(token, PercentageToken):
        return fraction_lin(float(token.value) / 100.0)
    if isinstance(token, NumberToken) and token.value == 0:
        return ZERO_LIN
    if isinstance(token, FunctionBlock) and token.lower_name in MATH_FUNCTIONS:
        out = math_value(token, vp)
        if isinstance(out, tuple):
            return out
    return None


def number_value(token: object, vp: Viewport) -> float | None:
    """A plain number token or a math function that yields a number."""
    if isinstance(token, NumberToken):
        return float(token.value)
    if isinstance(token, FunctionBlock) and token.lower_name in MATH_FUNCTIONS:
        out = math_value(token, vp)
        if isinstance(out, float):
            return out
    return None


def math_value(fn: FunctionBlock, vp: Viewport) -> Lin | float | None:
    """Evaluate calc()/min()/max()/clamp(); None when invalid."""
    try:
        return _Math(vp).function(fn)
    except (MathError, ZeroDivisionError, RecursionError):
        return None


Value = Lin | float


def _add(a: Value, b: Value, sign: float) -> Value:
    if isinstance(a, float) and isinstance(b, float):
        return a + sign * b
    if isinstance(a, tuple) and isinstance(b, tuple):
        return (
            a[0] + sign * b[0],
            a[1] + sign * b[1],
            a[2] + sign * b[2],
            a[3] + sign * b[3],
            a[4] + sign * b[4],
            a[5] + sign * b[5],
            a[6] + sign * b[6],
        )
    raise MathError("cannot add a number and a length")


def _scale(a: Lin, k: float) -> Lin:
    if math.isfinite(k):
        return (a[0] * k, a[1] * k, a[2] * k, a[3] * k, a[4] * k, a[5] * k, a[6] * k)
    return (
        a[0] and a[0] * k,
        a[1] and a[1] * k,
        a[2] and a[2] * k,
        a[3] and a[3] * k,
        a[4] and a[4] * k,
        a[5] and a[5] * k,
        a[6] and a[6] * k,
    )  # no 0 × ∞


class _Math:
    def __init__(self, vp: Viewport) -> None:
        self.vp = vp

    def function(self, fn: FunctionBlock) -> Value:
        name = fn.lower_name
        if name in ("calc", "-webkit-calc"):
            return self.sum(significant(fn.arguments))
        args = self.split_args(fn.arguments)
        rounding = "nearest"
        first = args[0][0]
        if (
            name == "round"
            and len(args[0]) == 1
            and isinstance(first, IdentToken)
            and first.lower_value in ROUNDING
        ):
            rounding = first.lower_value
            args = args[1:]
        values = [self.sum(a) for a in args]
        if not values:
            raise MathError("empty")
        if name == "clamp":
            if len(values) != 3:
                raise MathError("clamp takes three arguments")
            lo, mid, hi = values
            return self.pick([self.pick([lo, mid], max), hi], min)
        if name == "min":
            return self.pick(values, min)
        if name == "max":
            return self.pick(values, max)
        return _stepped(name, values, rounding)

    def pick(self, values: list[Value], chooser) -> Value:
        if all(isinstance(v, float) for v in values):
            return chooser(values)
        if any(isinstance(v, float) for v in values):
            raise MathError("cannot mix numbers and lengths")
        lins: list[Lin] = [v for v in values if isinstance(v, tuple)]
        # Approximate the comparison with the viewport width as % reference and 16px fonts.
        w = self.vp.width

        def estimate(v: Lin) -> float:
            return v[0] + v[1] * w + (v[2] + v[3]) * 16.0 + (v[4] + v[5]) * 8.0 + v[6] * 19.2

        return chooser(lins, key=estimate)

    @staticmethod
    def split_args(tokens: Sequence[object]) -> list[list[object]]:
        args: list[list[object]] = [[]]
        for t in tokens:
            if isinstance(t, LiteralToken) and t.value == ",":
                args.append([])
            elif not isinstance(t, WhitespaceToken) and getattr(t, "type", None) != "comment":
                args[-1].append(t)
        if any(not a for a in args):
            raise MathError("empty argument")
        return args

    def sum(self, tokens: list[object]) -> Value:
        if not tokens:
            raise MathError("empty expression")
        # split on + and - at this level (tinycss2 gives them as LiteralToken or signed numbers)
        terms: list[tuple[float, list[object]]] = []
        sign = 1.0
        current: list[object] = []
        for t in tokens:
            if isinstance(t, LiteralToken) and t.value in ("+", "-"):
                if not current:
                    raise MathError("operator without operand")
                terms.append((sign, current))
                sign = 1.0 if t.value == "+" else -1.0
                current = []
            else:
                current.append(t)
        if not current:
            raise MathError("trailing operator")
        terms.append((sign, current))
        total: Value | None = None
        for s, term in terms:
            v = self.product(term)
            if total is None:
                total = v if s > 0 else _neg(v)
            else:
                total = _add(total, v, s)
        assert total is not None
        return total

    def product(self, tokens: list[object]) -> Value:
        value = self.atom(tokens[0])
        i = 1
        while i < len(tokens):
            op = tokens[i]
            if not (isinstance(op, LiteralToken) and op.value in ("*", "/")) or i + 1 >= len(tokens):
                raise MathError("expected * or /")
            rhs = self.atom(tokens[i + 1])
            if op.value == "*":
                if isinstance(value, float) and isinstance(rhs, float):
                    value = value * rhs
                elif isinstance(value, float) and isinstance(rhs, tuple):
                    value = _scale(rhs, value)
                elif isinstance(value, tuple) and isinstance(rhs, float):
                    value = _scale(value, rhs)
                else:
                    raise MathError("length * length")
            else:
                if not isinstance(rhs, float):
                    raise MathError("division by a length")
                value = value / rhs if isinstance(value, float) else _scale(value, 1.0 / rhs)
            i += 2
        return value

    def atom(self, t: object) -> Value:
        if isinstance(t, NumberToken):
            return float(t.value)
        if isinstance(t, IdentToken) and t.lower_value in CONSTANTS:
            return CONSTANTS[t.lower_value]
        if isinstance(t, ParenthesesBlock):
            return self.sum(significant(t.content))
        if isinstance(t, FunctionBlock):
            if t.lower_name in MATH_FUNCTIONS:
                return self.function(t)
            raise MathError(t.lower_name)
        lin = dimension_lin(t, self.vp)
        if lin is None:
            raise MathError("bad operand")
        return lin


def _magnitude(v: Value) -> float:
    """A number, or a length in px; lengths with percentages or font units need layout (MathError)."""
    if isinstance(v, float):
        return v
    if v[1] != 0.0 or font_relative(v):
        raise MathError("not resolvable at parse time")
    return v[0]


def _stepped(name: str, values: list[Value], rounding: str) -> Value:
    try:
        return _stepped_value(name, values, rounding)
    except (ValueError, OverflowError) as e:  # log(-1), floor(infinity), …
        raise MathError(name) from e


def _stepped_value(name: str, values: list[Value], rounding: str) -> Value:
    """round()/mod()/rem()/abs()/sign()/pow()/sqrt()/hypot()/exp()/log() (CSS Values 4 §10.3–10.7) of
    numbers and of lengths in px; the result is a length when the arguments are."""
    is_length = isinstance(values[0], tuple)
    if any(isinstance(v, tuple) != is_length for v in values):
        raise MathError("mixed types")
    a = [_magnitude(v) for v in values]
    result: float
    if name == "round":
        if len(a) == 1 and not is_length:
            a.append(1.0)
        if len(a) != 2 or a[1] == 0.0:
            raise MathError("round takes a value and a step")
        q = a[0] / a[1]
        if rounding == "up":
            result = math.ceil(q) * a[1]
        elif rounding == "down":
            result = math.floor(q) * a[1]
        elif rounding == "to-zero":
            result = math.trunc(q) * a[1]
        else:  # nearest; halfway goes towards +infinity
            result = math.floor(q + 0.5) * a[1]
    elif name in ("mod", "rem"):
        if len(a) != 2 or a[1] == 0.0:
            raise MathError(name + " takes two values")
        whole = float(math.floor(a[0] / a[1]) if name == "mod" else math.trunc(a[0] / a[1]))
        result = a[0] - a[1] * whole
    elif name == "hypot":
        result = math.hypot(*a)
    elif len(a) == 1 and name in ("abs", "sign"):
        result = abs(a[0]) if name == "abs" else float((a[0] > 0) - (a[0] < 0))
        if name == "sign":
            return result  # a number whatever the argument
    elif is_length:
        raise MathError(name + " takes numbers")
    elif name == "pow" and len(a) == 2:
        result = math.pow(a[0], a[1])
    elif name == "sqrt" and len(a) == 1:
        result = math.sqrt(a[0])
    elif name == "exp" and len(a) == 1:
        result = math.exp(a[0])
    elif name == "log" and len(a) in (1, 2):
        result = math.log(a[0]) if len(a) == 1 else math.log(a[0], a[1])
    else:
        raise MathError(name)
    return px_lin(result) if is_length else result


def _neg(v: Value) -> Value:
    return -v if isinstance(v, float) else _scale(v, -1.0)
