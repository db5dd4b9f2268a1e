"""tinycss2's nodes made without their Python `__init__` (~2,600 instructions a token, with webencodings'
ascii_lower): a blank instance, then its slots, the values `__init__` gives them. The tests of the tokenizer
and of a block's contents compare every slot with the nodes tinycss2 makes itself."""

from __future__ import annotations

from typing import Any, Final

_blank: Final[Any] = object.__new__
_ASCII_LOWER: Final = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


def ascii_lower(s: str) -> str:
    """webencodings' ascii_lower as tinycss2 uses it: A-Z lowercased, nothing else; a text that UTF-8
    cannot encode (a lone surrogate) unchanged."""
    if s.isascii():
        lower = s.lower()
        # the text itself when it is lowercase already (most of a sheet's names): tokens the sheet cache
        # keeps hold one string for both their value and lower_value
        return s if lower == s else lower
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return s
    return s.translate(_ASCII_LOWER)


def new_node(cls: type, line: int, column: int) -> Any:
    """A node of tinycss2's class `cls` at this position, its other slots still to be set."""
    node = _blank(cls)
    node.source_line = line
    node.source_column = column
    return node
