"""Break opportunities where two pieces of text meet without a space between them.

Text from different elements joins into one line of characters: "Fuchsia." then a citation "[179]" in its
own `<sup>`, or "Home|" then a link. A browser breaks lines over that whole text, so such a junction is a
break opportunity exactly when one lies between the last character before it and the first after it.
Chromium decides this by pairs of characters (Blink's ASCII table, ICU's UAX #14 rules beyond it), and
the table below is what it answers, measured pair by pair with headless Chromium 156 (text of one element
followed by a `<span>` starting with the other character, in a box too narrow for the second): for each
character before a junction, the characters after it that may start the next line. Every letter and digit
behaves as the `a` and `0` here, other scripts' letters as `é`, CJK as `中`. It agrees with UAX #14 where
it matters most (after "." or "]" before "[", LB30 keeps "word[1]" together, LB29 "e.g.Foo") and departs
from it where Chromium does ("|" before a letter does not break).

Spaces, hyphens inside words and CJK inside a text are handled where the words are made (units.py,
text.split_words); this module answers only for junctions. Pinned by layout_fixtures/junction_breaks.
"""

from __future__ import annotations

from typing import Final

BREAKS_BEFORE: Final = {
    "!": "(<?[{—–é中…·€°",
    '"': "(<?[{—–中…",
    "#": "(<?[{—–中…",
    "$": "?—–中…€°",
    "%": "(<?[{—–中…€°",
    "&": "(<?[{—–中…",
    "'": "?—–中…",
    "(": "?—–中…",
    ")": "(<?[{—–中…€°",
    "*": "(<?[{—–中…",
    "+": "(<?[{—–中…€°",
    ",": "(<?[{—–中…€°",
    "-": "\"#%&'(*+-0<=>?@[\\^_`a{|~\xa0—–é中…·€°",
    ".": "(<?[{—–中…€°",
    "/": "?—–é中…·€°",
    "0": "?—–中…",
    ":": "(<?[{—–中…€°",
    ";": "(<?[{—–中…€°",
    "<": "?—–中…",
    "=": "(<?[{—–中…",
    ">": "(<?[{—–中…",
    "?": "#$%&(*+-0<=>?@[\\^_`a{|~—–é中…·€°",
    "@": "?—–中…",
    "[": "?—–中…",
    "\\": "(<?[{—–中…€°",
    "]": "(<?[{—–中…€°",
    "^": "?—–中…",
    "_": "?—–中…",
    "`": "?—–中…",
    "a": "?—–中…",
    "{": "?—–中…",
    "|": "(<?[{\xa0—–é中…·€°",
    "}": "(<?[{—–é中…·€°",
    "~": "(<?[{—–中…",
    "\xa0": "?—中…",
    "—": "#$%&(*+0<=>@[\\^_`a{~—é中…·€°",
    "–": "#$%&(*+0<=>?@[\\^_`a{~\xa0—–é中…·€°",
    "“": "?—–中…",
    "”": "?—–中…",
    "«": "?—–中…",
    "»": "?—–中…",
    "’": "?—–中…",
    "é": "?—–中…",
    "中": "#$&(*+0<=>@[\\^_`a{~—é中…·€",
    "…": "#$%&(*+0<=>?@[\\^_`a{~—–é中…·€°",
    "·": "?—–中…",
    "€": "$%(+?[\\{—–中…€°",
    "°": "$%(+?[\\{—–中…€°",
}
_QUOTES: Final = {"\u2018": "\u2019", "\u201e": "\u201c", "\u2039": "\u00ab", "\u203a": "\u00bb"}


def _representative(ch: str) -> str:
    """The character of the table that breaks as `ch` does."""
    if ch.isascii():
        if ch.isalpha():
            return "a"
        return "0" if ch.isdigit() else ch
    if ch in BREAKS_BEFORE:
        return ch
    if "\u2e80" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" or "\uf900" <= ch <= "\ufaff":
        return "\u4e2d"
    return _QUOTES.get(ch, "\u00e9")


def break_between(before: str, after: str) -> bool:
    """Whether a line may break between characters `before` and `after` (no space between them)."""
    return _representative(after) in BREAKS_BEFORE.get(_representative(before), "")
