"""A fast structural pass over CSS text: top-level rules as (prelude, block) strings.

tinycss2 tokenizes everything in pure Python, which is slow on the 50–500 KB stylesheets of real sites,
while most of their rules match nothing in a given page. This scanner only finds the braces,
semicolons, strings and comments (one regex pass) so a rule's declarations are tokenized only when one
of its selectors matches. `selector_needs` lists, per selector of a prelude, the classes, ids and
element names it requires outside of any brackets or parentheses: a rule none of whose selectors can be satisfied by the
document is skipped without being parsed at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

_COMMENT: Final = re.compile(r"/\*.*?(?:\*/|\Z)", re.DOTALL)


@dataclass(slots=True)
class RawRule:
    prelude: str  # comments removed, stripped
    block: str | None  # text between the braces; None for a statement (`@import …;`)


def split_rules(text: str) -> list[RawRule]:
    """Top-level rules of a stylesheet (or of a group rule's block). Unclosed blocks end at EOF."""
    rules: list[RawRule] = []
    depth = 0
    start = 0
    prelude_end = 0
    block_start = 0
    square = 0  # open [ ] blocks: the braces and semicolons inside one are its contents (CSS Syntax §5.4.8)
    pos = 0
    while True:
        # at top level a semicolon may end a statement at-rule; inside a block it means nothing here, and
        # a sheet's declarations are most of its semicolons: the search there skips them
        at = _next_structure(text, pos, depth == 0)
        if at < 0:
            break
        pos = at + 1
        c = text[at]
        if c == "[":
            square += 1
            continue
        if c == "]":
            square = max(0, square - 1)
            continue
        if square:
            continue
        if c == "{":
            if depth == 0:
                prelude_end, block_start = at, pos
            depth += 1
        elif c == "}":
            if depth == 0:
                start = pos  # stray closing brace: skipped
                continue
            depth -= 1
            if depth == 0:
                rules.append(RawRule(_clean(text[start:prelude_end]), text[block_start:at]))
                start = pos
        elif c == ";" and depth == 0:
            prelude = _clean(text[start:at])
            if prelude.startswith("@"):  # a statement at-rule (@import …;) ends here
                rules.append(RawRule(prelude, None))
                start = pos
            # Otherwise the semicolon belongs to the prelude of a style rule (CSS Syntax 3 §5.4.3), which
            # it makes invalid: `p; a { … }` is one rule that matches nothing, not a rule for `a`.
    if depth > 0:
        rules.append(RawRule(_clean(text[start:prelude_end]), text[block_start:]))
    return rules


def _next_structure(text: str, pos: int, semicolons: bool) -> int:
    """Where the next `{`, `}`, `[` or `]` (and `;` with `semicolons`) from `pos` is, -1 if none: comments,
    strings and escaped characters (`.w-\\[3px\\]`) are skipped whole, as CSS Syntax 3 tokenizes them (an
    unterminated comment runs to the end, a string to its closing quote or to a line break). A loop on
    code points, compiled: a regular expression's search costs ~1,500 instructions a call."""
    n = len(text)
    while pos < n:
        o = ord(text[pos])
        if o == ord("{") or o == ord("}") or o == ord("[") or o == ord("]") or (o == ord(";") and semicolons):
            return pos
        if o == ord("/"):
            if pos + 1 < n and ord(text[pos + 1]) == ord("*"):
                end = text.find("*/", pos + 2)
                pos = n if end < 0 else end + 2
                continue
        elif o == ord('"') or o == ord("'"):
            pos = _string_end(text, pos + 1, o)
            continue
        elif o == ord("\\"):
            pos += 1  # the escaped character, whatever it is, goes with it
        pos += 1
    return -1


def _string_end(text: str, pos: int, quote: int, escaped_line_break: bool = True) -> int:
    """The end of a string whose content starts at `pos`: after its closing quote, or at the line break
    or lone final backslash where it stops unterminated. With `escaped_line_break` false, a backslash
    before a line break stops it too (where a selector's strings are cut, `selector_needs`)."""
    n = len(text)
    while pos < n:
        o = ord(text[pos])
        if o == quote:
            return pos + 1
        if o == ord("\n"):
            return pos
        if o == ord("\\"):
            if pos + 1 == n or (not escaped_line_break and text[pos + 1] == "\n"):
                return pos
            pos += 1
        pos += 1
    return pos


_CDO_CDC: Final = re.compile(r"^(?:\s*(?:<!--|-->))+")


def _clean(prelude: str) -> str:
    if "/*" in prelude:
        prelude = _COMMENT.sub(" ", prelude)
    if "<!--" in prelude or "-->" in prelude:
        # CSS Syntax 3 §5.4.1: the <!-- and --> that hid a stylesheet from old browsers are skipped at the
        # top level, so `<!-- body {…}` is a rule for body
        prelude = _CDO_CDC.sub("", prelude)
    return prelude.strip()


EMPTY_NAMES: Final[frozenset[str]] = frozenset()
# Equal values made for different selectors are one object (`shared`): a site's sheets name the same
# classes and tags rule after rule, and a selector's sets often equal each other (its subject compound's
# classes are all its classes). Bounded: a value kept here outlives the sheets that made it.
MAX_SHARED: Final = 20_000
_SHARED: Final[dict[object, Any]] = {}

Needs = tuple[tuple[frozenset[str], frozenset[str], frozenset[str]], ...]


def shared(value: Any) -> Any:
    """The one object kept for values equal to `value` (hashable: frozensets and tuples of them), made
    the kept one when there is none. The parsed sheets that the cache keeps hold several name sets per
    selector, and every frozenset is an object of its own (216 bytes for a small one): made once each,
    they take less memory and are fewer blocks for the process's long-lived objects to pin (see
    layout.text.settle_word_memos)."""
    kept = _SHARED.get(value)
    if kept is not None:
        return kept
    if len(_SHARED) >= MAX_SHARED:
        _SHARED.clear()
    _SHARED[value] = value
    return value


def frozen(names: Iterable[str]) -> frozenset[str]:
    """`names` as a frozenset: the shared EMPTY_NAMES when there are none (every empty frozenset is an
    object of its own since Python 3.10), else the one kept for this set (`shared`)."""
    out = frozenset(names)
    if not out:
        return EMPTY_NAMES
    kept: frozenset[str] = shared(out)
    return kept


def selector_needs(prelude: str) -> Needs:
    """Per selector of the list: (classes, ids, element names) it requires at top level (a cheap prefilter)."""
    if "(" not in prelude and "[" not in prelude and '"' not in prelude and "'" not in prelude:
        return _needs(prelude)  # nothing nested, no string: all of it is at top level
    top: list[str] = []
    depth = 0
    last = 0
    pos = 0
    n = len(prelude)
    while pos < n:
        o = ord(prelude[pos])
        if o == ord("(") or o == ord("["):
            if depth == 0:
                top.append(prelude[last:pos])
            depth += 1
        elif o == ord(")") or o == ord("]"):
            if depth > 0:
                depth -= 1
                if depth == 0:
                    last = pos + 1
        elif o == ord('"') or o == ord("'"):
            end = _string_end(prelude, pos + 1, o, escaped_line_break=False)
            if depth == 0:  # a string at top level (invalid in a selector; lexbor decides)
                top.append(prelude[last:pos])
                last = end
            pos = end
            continue
        pos += 1
    if depth == 0:
        top.append(prelude[last:])
    return _needs(" ".join(top))


def _needs(top: str) -> Needs:
    """selector_needs of a selector list's top-level text (brackets, parentheses and strings left out).
    Per selector: the class and id names after `.` and `#` (an identifier, not one with an escape: lexbor
    decides those), and the element names that begin a compound (at the start or after white space or a
    combinator; not one with a namespace `|`). Loops on code points, compiled: the regular expressions
    these replace cost ~2,300 instructions a search."""
    needs: list[tuple[frozenset[str], frozenset[str], frozenset[str]]] = []
    for part in top.split(","):
        classes: set[str] = set()
        ids: set[str] = set()
        tags: set[str] = set()
        n = len(part)
        end = _type_name_end(part, 0)
        if end > 0:
            tags.add(part[:end].lower())
        pos = 0
        while pos < n:
            o = ord(part[pos])
            if o == ord(".") or o == ord("#"):
                end = _class_name_end(part, pos + 1)
                if end > 0:
                    if end < n and part[end] == "\\":
                        pos = end + 1  # escaped characters: let lexbor decide
                        continue
                    (classes if o == ord(".") else ids).add(part[pos + 1 : end])
                    pos = end
                    continue
            pos += 1
        pos = 0
        while pos < n:
            o = ord(part[pos])
            if o == ord(">") or o == ord("+") or o == ord("~") or _is_white(o):
                end = _type_name_end(part, pos + 1)
                if end > 0:
                    tags.add(part[pos + 1 : end].lower())
                    pos = end
                    continue
            pos += 1
        needs.append(shared((frozen(classes), frozen(ids), frozen(tags))))
    kept: Needs = shared(tuple(needs))
    return kept


def _is_white(o: int) -> bool:
    """White space as a regular expression's \\s reads it (str.isspace)."""
    return (
        o == ord(" ")
        or o == ord("\n")
        or o == ord("\t")
        or (o > 8 and (o < 32 or o > 127) and chr(o).isspace())
    )


def _is_word(o: int) -> bool:
    """A character a regular expression's \\w matches (alphanumeric or `_`)."""
    if o < 128:
        return (
            (ord("a") <= o <= ord("z"))
            or (ord("A") <= o <= ord("Z"))
            or (ord("0") <= o <= ord("9"))
            or o == 95
        )
    return chr(o).isalnum()


def _type_name_end(text: str, pos: int) -> int:
    """Where an element name starting at `pos` ends (an ASCII letter, then word characters and `-`), if
    no `|` follows it (a namespace prefix); -1 when there is none."""
    n = len(text)
    if pos >= n:
        return -1
    o = ord(text[pos])
    if not ((ord("a") <= o <= ord("z")) or (ord("A") <= o <= ord("Z"))):
        return -1
    pos += 1
    while pos < n:
        o = ord(text[pos])
        if not (o == ord("-") or _is_word(o)):
            break
        pos += 1
    if pos < n and text[pos] == "|":
        return -1
    return pos


def _class_name_end(text: str, pos: int) -> int:
    """Where a class or id name starting at `pos` ends (`-`?, a letter, `_` or a character from U+00A0 to
    U+FFFF, then those, digits and `-`); -1 when there is none."""
    n = len(text)
    if pos < n and text[pos] == "-":
        pos += 1
    if pos >= n:
        return -1
    o = ord(text[pos])
    if not ((ord("a") <= o <= ord("z")) or (ord("A") <= o <= ord("Z")) or o == 95 or 0xA0 <= o <= 0xFFFF):
        return -1
    pos += 1
    while pos < n:
        o = ord(text[pos])
        if not (o == ord("-") or 0xA0 <= o <= 0xFFFF or _is_word(o)):
            break
        pos += 1
    return pos
