"""@supports conditions: `(property: value)`, `not`, `and`, `or`, `selector()`, `font-tech()`/`font-format()`,
`at-rule()`.

Properties we model are validated with our own parser; other properties are assumed supported (the
truth is a current Chromium) unless vendor-prefixed for another engine. Unknown forms are false.
"""

from __future__ import annotations

from typing import Final

from tinycss2.ast import (
    AtKeywordToken,
    FunctionBlock,
    IdentToken,
    LiteralToken,
    ParenthesesBlock,
    WhitespaceToken,
)

from .properties import PropertyParser
from .selectors import parse_selector_list
from .values import Viewport, significant
from .variables import has_var

_support_parser = PropertyParser(Viewport(1920.0, 1080.0))
# the at-rules `@supports at-rule(@name)` finds in Chromium (CSS Conditional 5 §6.4; not @charset)
KNOWN_AT_RULES: Final = frozenset(
    {"media", "supports", "import", "font-face", "keyframes", "-webkit-keyframes", "layer", "container",
     "property", "scope", "starting-style", "counter-style", "page", "namespace", "font-feature-values",
     "font-palette-values", "position-try", "view-transition", "function"}
)  # fmt: skip


def supports_condition(tokens: list[object]) -> bool:
    """Evaluate an @supports condition (unknown forms → false)."""
    try:
        return _supports(tokens)
    except (ValueError, IndexError, RecursionError):
        return False


def _supports(tokens: list[object]) -> bool:
    if not tokens:
        raise ValueError("empty")
    first = tokens[0]
    if isinstance(first, IdentToken) and first.lower_value == "not":
        if len(tokens) != 2:
            raise ValueError("not")
        return not _supports_term(tokens[1])
    value = _supports_term(first)
    i = 1
    while i < len(tokens):
        op = tokens[i]
        if not isinstance(op, IdentToken) or op.lower_value not in ("and", "or") or i + 1 >= len(tokens):
            raise ValueError("operator")
        rhs = _supports_term(tokens[i + 1])
        value = (value and rhs) if op.lower_value == "and" else (value or rhs)
        i += 2
    return value


def _supports_term(t: object) -> bool:
    if isinstance(t, FunctionBlock):
        if t.lower_name == "selector":
            return bool(
                parse_selector_list([a for a in t.arguments if not isinstance(a, WhitespaceToken)] or [])
            )
        if t.lower_name == "at-rule":
            args = significant(t.arguments)
            return (
                len(args) == 1
                and isinstance(args[0], AtKeywordToken)
                and args[0].lower_value in KNOWN_AT_RULES
            )
        return t.lower_name in ("font-tech", "font-format")
    if not isinstance(t, ParenthesesBlock):
        raise ValueError("term")
    content = significant(t.content)
    if not content:
        raise ValueError("empty")
    if isinstance(content[0], (ParenthesesBlock, FunctionBlock)) or (
        isinstance(content[0], IdentToken) and content[0].lower_value == "not"
    ):
        return _supports(content)
    if len(content) >= 2 and isinstance(content[0], IdentToken) and isinstance(content[1], LiteralToken):
        if content[1].value != ":":
            raise ValueError("declaration")
        name = content[0].lower_value
        value = content[2:]
        if name.startswith("--"):
            return True
        if name.startswith(("-moz-", "-ms-", "-o-")):
            return False
        if _support_parser.knows(name):
            return not has_var(value) and _support_parser.parse(name, value) is not None or has_var(value)
        return True
    raise ValueError("term")
