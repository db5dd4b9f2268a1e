"""@media query evaluation against the parse-time viewport.

The environment is that of the headless Chromium the ground truth comes from: a screen, light colour
scheme, no reduced motion, a fine pointer that can hover, 1 dppx, scripting off (JS is not run).
Query lists are comma-separated (any match wins); `not`/`only`, `and`/`or`, nested parentheses, the
`min-`/`max-` prefixes and the range syntax (`(width >= 600px)`, `(400px < width <= 800px)`) are
understood. Anything unknown or malformed evaluates to false ("not all"), as browsers do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tinycss2.ast import IdentToken, LiteralToken, NumberToken, ParenthesesBlock

from .values import Viewport, dimension_lin, significant

DISCRETE: Final = {
    "orientation": None,  # computed from the viewport
    "prefers-color-scheme": "light",
    "prefers-reduced-motion": "no-preference",
    "prefers-reduced-transparency": "no-preference",
    "prefers-contrast": "no-preference",
    "forced-colors": "none",
    "inverted-colors": "none",
    "hover": "hover",
    "any-hover": "hover",
    "pointer": "fine",
    "any-pointer": "fine",
    "scripting": "none",
    "display-mode": "browser",
    "update": "fast",
    "overflow-block": "scroll",
    "overflow-inline": "scroll",
    "color-gamut": "srgb",
    "dynamic-range": "standard",
    "video-dynamic-range": "standard",
}
TRUE_BOOLEANS: Final = frozenset(
    {"color", "hover", "any-hover", "pointer", "any-pointer", "update", "width", "height"}
)
MEDIA_TYPES_TRUE: Final = frozenset({"all", "screen"})


class _Invalid(Exception):
    pass


def media_matches(prelude: Sequence[object], vp: Viewport) -> bool:
    """True when a media query list (the tokens after `@media`) matches; an empty list matches."""
    queries: list[list[object]] = [[]]
    for t in significant(prelude):
        if isinstance(t, LiteralToken) and t.value == ",":
            queries.append([])
        else:
            queries[-1].append(t)
    if len(queries) == 1 and not queries[0]:
        return True
    for q in queries:
        try:
            if q and _query(q, vp):
                return True
        except (_Invalid, IndexError, ValueError, ZeroDivisionError, RecursionError):
            continue
    return False


def _query(tokens: list[object], vp: Viewport) -> bool:
    negate = False
    first = _word(tokens[0])
    if first in ("only", "not") and len(tokens) > 1 and isinstance(tokens[1], IdentToken):
        negate = first == "not"
        tokens = tokens[1:]
        first = _word(tokens[0])
    if first is not None and first not in ("not",):
        result = first in MEDIA_TYPES_TRUE
        rest = tokens[1:]
        if rest:
            if _word(rest[0]) != "and":
                raise _Invalid
            result = _condition(rest[1:], vp) and result
    else:
        result = _condition(tokens, vp)
    return not result if negate else result


def _condition(tokens: list[object], vp: Viewport) -> bool:
    if not tokens:
        raise _Invalid
    if _word(tokens[0]) == "not":
        if len(tokens) != 2:
            raise _Invalid
        return not _term(tokens[1], vp)
    value = _term(tokens[0], vp)
    i = 1
    op = None
    while i < len(tokens):
        word = _word(tokens[i])
        if word not in ("and", "or") or (op is not None and word != op) or i + 1 >= len(tokens):
            raise _Invalid
        op = word
        rhs = _term(tokens[i + 1], vp)
        value = (value and rhs) if op == "and" else (value or rhs)
        i += 2
    return value


def _term(t: object, vp: Viewport) -> bool:
    if not isinstance(t, ParenthesesBlock):
        raise _Invalid
    content = significant(t.content)
    if not content:
        raise _Invalid
    if isinstance(content[0], ParenthesesBlock) or _word(content[0]) == "not":
        return _condition(content, vp)
    return _feature(content, vp)


def _word(t: object) -> str | None:
    return t.lower_value if isinstance(t, IdentToken) else None


def _feature(content: list[object], vp: Viewport) -> bool:
    if len(content) == 1:
        name = _word(content[0])
        if name is None:
            raise _Invalid
        if name in DISCRETE:
            return _discrete(name, vp) not in ("none", "no-preference")
        return name in TRUE_BOOLEANS or name in (
            "aspect-ratio",
            "resolution",
            "device-width",
            "device-height",
        )
    if isinstance(content[1], LiteralToken) and content[1].value == ":":
        name = _word(content[0])
        if name is None:
            raise _Invalid
        value = content[2:]
        prefix = None
        if name.startswith(("min-", "max-")):
            prefix, name = name[:3], name[4:]
        elif name.startswith(("-webkit-min-", "-webkit-max-")):
            prefix, name = name[8:11], name[12:]
        if name in DISCRETE:
            if prefix is not None or len(value) != 1:
                raise _Invalid
            return _word(value[0]) == _discrete(name, vp)
        actual = _numeric(name, vp)
        wanted = _operand(name, value, vp)
        if prefix == "min":
            return actual >= wanted
        if prefix == "max":
            return actual <= wanted
        return abs(actual - wanted) < 1e-6
    return _range(content, vp)


def _discrete(name: str, vp: Viewport) -> str:
    if name == "orientation":
        return "portrait" if vp.height >= vp.width else "landscape"
    return DISCRETE[name]  # type: ignore[return-value]


def _numeric(name: str, vp: Viewport) -> float:
    if name in ("width", "device-width", "inline-size"):
        return vp.width
    if name in ("height", "device-height", "block-size"):
        return vp.height
    if name in ("aspect-ratio", "device-aspect-ratio"):
        return vp.width / vp.height
    if name in ("resolution", "device-pixel-ratio"):
        return 1.0
    if name == "color":
        return 8.0
    if name in ("monochrome", "grid", "color-index"):
        return 0.0
    raise _Invalid


def _operand(name: str, value: list[object], vp: Viewport) -> float:
    if name in ("aspect-ratio", "device-aspect-ratio"):
        nums = [t.value for t in value if isinstance(t, NumberToken)]
        if len(nums) == 2:
            return float(nums[0]) / float(nums[1])
        if len(nums) == 1 and len(value) == 1:
            return float(nums[0])
        raise _Invalid
    if len(value) != 1:
        raise _Invalid
    t = value[0]
    if name in ("resolution", "device-pixel-ratio"):
        if isinstance(t, NumberToken):
            return float(t.value)
        unit = getattr(t, "lower_unit", None)
        factor = {"dppx": 1.0, "x": 1.0, "dpi": 1 / 96, "dpcm": 2.54 / 96}.get(unit or "")
        if factor is None:
            raise _Invalid
        return float(t.value) * factor  # type: ignore[attr-defined]
    if isinstance(t, NumberToken) and name in ("color", "monochrome", "grid", "color-index"):
        return float(t.value)
    lin = dimension_lin(t, vp)
    if lin is None or lin[1] != 0.0:
        raise _Invalid
    return lin[0] + 16.0 * (lin[2] + lin[3]) + 8.0 * (lin[4] + lin[5]) + 19.2 * lin[6]  # the initial font


def _range(content: list[object], vp: Viewport) -> bool:
    """`(width >= 600px)`, `(600px <= width)`, `(400px < width < 800px)`."""
    parts: list[list[object]] = [[]]
    ops: list[str] = []
    i = 0
    while i < len(content):
        t = content[i]
        if isinstance(t, LiteralToken) and t.value in ("<", ">", "="):
            op = t.value
            nxt = content[i + 1] if i + 1 < len(content) else None
            if op != "=" and isinstance(nxt, LiteralToken) and nxt.value == "=":
                op += "="
                i += 1
            ops.append(op)
            parts.append([])
        else:
            parts[-1].append(t)
        i += 1
    if len(parts) not in (2, 3) or any(not p for p in parts):
        raise _Invalid
    name_index = next((k for k, p in enumerate(parts) if len(p) == 1 and _word(p[0]) is not None), None)
    if name_index is None:
        raise _Invalid
    name = _word(parts[name_index][0])
    assert name is not None
    actual = _numeric(name, vp)
    values = [actual if k == name_index else _operand(name, p, vp) for k, p in enumerate(parts)]
    return all(_compare(values[k], op, values[k + 1]) for k, op in enumerate(ops))


def _compare(a: float, op: str, b: float) -> bool:
    if op == "<":
        return a < b
    if op == "<=":
        return a <= b
    if op == ">":
        return a > b
    if op == ">=":
        return a >= b
    return abs(a - b) < 1e-6
