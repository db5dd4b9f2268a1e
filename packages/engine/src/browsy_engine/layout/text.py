"""Text in the inline formatting context: white-space processing, break units, font metrics per style."""

from __future__ import annotations

import re
import struct
from functools import lru_cache
from typing import Any, Final, Generic, TypeVar, cast

from ..css.style import ComputedStyle
from .fonts import SOFT_HYPHEN, Face, advance_size, face_for, fallback_covers
from .geometry import layout_units, rounded_layout_units

T = TypeVar("T")
_SPACES_TABS: Final = re.compile(r"[ \t\r\f]+")
_AROUND_NEWLINE: Final = re.compile(r" ?\n ?")
# Break after a hyphen between letters/digits ("well-known" may wrap after "well-"), and after a soft
# hyphen (U+00AD: a break opportunity that shows a hyphen where the line breaks; CSS Text 3 `hyphens:
# manual`, the initial value).
_HYPHEN_SPLIT: Final = re.compile("(?<=\\w-)(?=\\w)|(?<=\u00ad)(?=.)")


DOCUMENT_WHITE_SPACE: Final = " \t\n\r\f"  # HTML's ASCII white space, which CSS collapses
# the other document white space characters, each collapsed to a space (a string, not a tuple: compiled,
# a Final tuple of strings is built anew at each loop over it)
_BREAKING_SPACES: Final = "\n\t\r\f"
_CJK: Final = re.compile("[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def has_breaks_inside(text: str) -> bool:
    """Whether words of `text` may hold break opportunities (CJK characters, hyphens, soft hyphens)."""
    if "-" in text and _word_hyphen_word(text):
        return True
    if SOFT_HYPHEN in text:
        return True
    # (the regex engine's scan costs a few instructions a character; max() an object each)
    return not text.isascii() and _CJK.search(text) is not None


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"  # what `\w` matches in a str pattern


def _word_hyphen_word(text: str) -> bool:
    """Whether `text` has a hyphen between two word characters (the regex `\\w-\\w`)."""
    return _after_word_hyphen(text, 1) >= 0


def _after_word_hyphen(text: str, start: int) -> int:
    """Where the text after the first hyphen from `start` between two word characters begins, or -1:
    each hyphen found with str.find, its neighbours tested (a regex search tests \\w at every character
    of the text, and costs thousands of instructions a call from compiled code)."""
    last = len(text) - 1
    at = text.find("-", max(start, 1))
    while 0 < at < last:
        if _is_word_char(text[at - 1]) and _is_word_char(text[at + 1]):
            return at + 1
        at = text.find("-", at + 1)
    return -1


def _number_line_height(factor: float, size: float) -> float:
    """`line-height: <number>` in layout units (see FontMetrics)."""
    product = struct.unpack("f", struct.pack("f", rounded_layout_units(size) * factor))[0]
    return layout_units(product)


def is_cjk(ch: str) -> bool:
    return "\u2e80" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" or "\uf900" <= ch <= "\ufaff"


def collapse(text: str, mode: str, after_space: bool) -> str:
    """Apply white-space processing to one text node's content; `after_space` is True when the
    previous rendered character was a collapsible space (or we are at the start of the context)."""
    if mode in ("pre", "pre-wrap", "break-spaces"):
        return text.replace("\r\n", "\n").replace("\r", "\n")
    if mode == "pre-line":
        text = _SPACES_TABS.sub(" ", text.replace("\r\n", "\n"))
        text = _AROUND_NEWLINE.sub("\n", text)
    else:
        text = collapse_spaces(text)
    if after_space and text.startswith(" "):
        text = text[1:]
    return text


def white_space_only(text: str) -> bool:
    """Whether `text` holds document white space alone (or nothing): str.isspace reads it without a
    copy and stops at the first other character; the strip, run on Unicode white space only, then rules
    out the spaces that are no document white space (U+00A0 and the like). Compiled, a strip with
    characters to strip costs about 700 instructions, so its answer is remembered per text: the white
    space between tags is made of few distinct strings (a line feed and the indentation)."""
    if not text:
        return True
    if not text.isspace():
        return False
    known = _WHITE_SPACE_ONLY.get(text)
    if known is None:
        if len(_WHITE_SPACE_ONLY) >= MAX_TEXTS_REMEMBERED:
            _WHITE_SPACE_ONLY.clear()
        known = _WHITE_SPACE_ONLY[text] = not text.strip(DOCUMENT_WHITE_SPACE)
    return known


MAX_TEXTS_REMEMBERED: Final = 10_000
_WHITE_SPACE_ONLY: Final[dict[str, bool]] = {}  # white_space_only of texts made of Unicode white space


def collapse_spaces(text: str) -> str:
    """Each run of document white space (space, tab, line feed, carriage return, form feed: HTML's ASCII
    whitespace, not U+00A0) as one space (CSS Text 3 §4.1.1). String replacement rather than a regex
    substitution: the regex engine costs a fifth of a text-heavy page's layout."""
    if text and white_space_only(text):  # as between tags: half the texts
        return " "
    for ch in _BREAKING_SPACES:
        if ch in text:
            text = text.replace(ch, " ")
    while "  " in text:  # each pass halves the longer runs
        text = text.replace("  ", " ")
    return text


def apply_transform(text: str, transform: str) -> str:
    if transform == "uppercase":
        return text.upper()
    if transform == "lowercase":
        return text.lower()
    if transform == "capitalize":
        return re.sub(r"\b(\w)", lambda m: m.group(1).upper(), text)
    return text


def split_words(word: str) -> list[str]:
    """Break opportunities inside a space-free word: after hyphens, around CJK characters."""
    if not word.isascii() and _CJK.search(word) is not None:  # (a scan in C, not a call per character)
        out: list[str] = []
        buf = ""
        for c in word:
            if is_cjk(c):
                if buf:
                    out.append(buf)
                    buf = ""
                out.append(c)
            else:
                buf += c
        if buf:
            out.append(buf)
        return out
    if SOFT_HYPHEN in word:
        return [p for p in _HYPHEN_SPLIT.split(word) if p]
    if "-" in word:
        return _split_after_hyphens(word)
    return [word]


def _split_after_hyphens(word: str) -> list[str]:
    """`word` cut after each hyphen between two word characters (what _HYPHEN_SPLIT does without soft
    hyphens)."""
    out: list[str] = []
    start = 0
    cut = _after_word_hyphen(word, 1)
    while cut >= 0:
        out.append(word[start:cut])
        start = cut
        cut = _after_word_hyphen(word, cut)
    out.append(word[start:])
    return out


class FontMetrics:
    """What the inline layout needs to know about one style's font."""

    __slots__ = (
        "face",
        "size",
        "advance",
        "ascent",
        "descent",
        "line_height",
        "letter_spacing",
        "word_spacing",
        "space",
        "x_height",
        "split",
        "widths",
        "spaced",
    )

    def __init__(self, s: ComputedStyle) -> None:
        face: Face = face_for(s.font_family, s.font_weight, s.font_style)
        size = s.font_size
        self.face = face
        self.size = size
        self.advance = advance_size(size)  # the size glyph advances scale with
        self.ascent = face.ascent(size)
        self.descent = face.descent(size)
        self.x_height = face.x_height_em * size
        # in layout units (1/64 px, see geometry.px), as Chromium computes them: a multiple of the font
        # size, rounded to layout units first, in single precision, truncated; a length rounded
        # (measured: layout_fixtures/line_height_units)
        if s.line_height_kind == "number":
            self.line_height = _number_line_height(s.line_height, size)
        elif s.line_height_kind == "px":
            self.line_height = rounded_layout_units(s.line_height)
        else:
            self.line_height = face.normal_line_height(size)
        self.letter_spacing = s.letter_spacing
        self.word_spacing = s.word_spacing
        self.space = face.measure(" ", size) + s.word_spacing + s.letter_spacing
        self.split = self._split(self.ascent, self.descent, self.line_height)
        self.widths: dict[str, float] = {}  # word -> width, filled by the inline layout
        self.spaced: dict[str, float] = {}  # word -> width with the kerning against spaces on both sides

    def width(self, text: str, face_cache: bool = True) -> float:
        """Advance width of `text` with letter spacing; measured through the face's cache unless the
        caller keeps a memo of its own (`face_cache` false: measure_word)."""
        # (without the face's cache: em times the size advances scale with, as Face.advance computes it)
        w = self.face.measure(text, self.size) if face_cache else self.face.advance_em(text) * self.advance
        if self.letter_spacing:
            w += self.letter_spacing * len(text)
        return w

    def measure_word(self, word: str) -> float:
        """width(word), remembered in `widths` (bounded: it and `spaced` start over at 100,000 words)."""
        widths = self.widths
        if len(widths) >= 100_000:
            widths.clear()
            self.spaced.clear()
        w = widths[word] = self.width(word, face_cache=False)
        remember_fresh_word(widths, word)
        return w

    def leading_split(self) -> tuple[float, float]:
        """(above, below) the baseline for this font's inline box: half-leading floored on top."""
        return self.split

    def _split(self, ascent: float, descent: float, line_height: float) -> tuple[float, float]:
        leading = line_height - (ascent + descent)
        top = float(int(leading // 2))
        return ascent + top, descent + (leading - top)

    def with_fallback(self, s: ComputedStyle) -> FontMetrics:
        """These metrics for text that also uses the fallback face (DejaVu Sans): the line box makes
        room for both fonts, the inline box keeps the primary font's ascent and descent."""
        clone = FontMetrics(s)
        fb = face_for("dejavu sans", s.font_weight, s.font_style)
        a, d = fb.ascent(self.size), fb.descent(self.size)
        lh = fb.normal_line_height(self.size) if s.line_height_kind == "normal" else self.line_height
        other = self._split(a, d, lh)
        clone.split = (max(self.split[0], other[0]), max(self.split[1], other[1]))
        return clone


# (memo, word) for each word added to a FontMetrics memo (`widths`, `spaced`) by the parse under way
MAX_FRESH_WORDS: Final = 200_000
_fresh_words: Final[list[tuple[dict[str, float], str]]] = []
# the width objects the memos hold, one per value (settle_word_memos)
MAX_WIDTH_VALUES: Final = 100_000
_width_values: Final[dict[float, object]] = {}


def remember_fresh_word(memo: dict[str, float], word: str) -> None:
    if len(_fresh_words) >= MAX_FRESH_WORDS:  # layout run without parse() (which settles): let them be
        _fresh_words.clear()
    _fresh_words.append((memo, word))


def settle_word_memos() -> None:
    """Move the words the parse added to the font memos (and their widths) to objects made now.

    A word's string was made by the split of its text, among the parse's short-lived objects of the same
    size; kept by the memo, it would pin a few blocks of each of those memory pools once the rest is
    freed, and the pools' free blocks, scattered over the whole process, would be where the next parse's
    objects go (reading them then misses the CPU caches: a small page in a long run parsed 15-25 %
    slower than in a fresh process). Called once layout's objects are freed, the copies fill free blocks
    now, and the originals' pools empty."""
    if not _fresh_words:
        return
    fresh = _fresh_words.copy()
    _fresh_words.clear()
    # (the originals stay alive in `fresh` until the end, so no copy takes an original's place; a parse
    # in another thread that looks a word up meanwhile measures it again, to the same width)
    copies: dict[str, str] = {}  # one copy of a word for both memos
    for memo, word in fresh:
        # (as objects: compiled code would box a float read as `float` into a new object when stored)
        store = cast("dict[str, object]", memo)
        width = store.pop(word, None)
        if width is None:
            continue  # the memo started over since
        key = copies.get(word)
        if key is None:
            # a new string of the same text (str() and a whole slice give the object itself)
            key = copies[word] = "".join((word, ""))
        store[key] = _width_value(width)


def _width_value(width: object) -> object:
    """The memos' one object for this width (made now, as settle_word_memos's copies are): most widths
    recur (32k distinct values among 240k words after 300 pages), and each float kept is one more block
    pinning a memory pool."""
    if not isinstance(width, float):
        return width
    if not width > 0.0:  # 0.0 and -0.0 are one key (and NaN none): copied apart
        return width * 1.0
    value = _width_values.get(width)
    if value is None:
        if len(_width_values) >= MAX_WIDTH_VALUES:
            _width_values.clear()
        made: object = width * 1.0  # boxed once: compiled code boxes a float anew for each target
        _width_values[width] = made
        value = made
    return value


@lru_cache(maxsize=4096)
def _metrics(
    family: str, weight: int, style: str, size: float, lh_kind: str, lh: float, ls: float, ws: float
) -> FontMetrics:
    s = ComputedStyle(
        font_family=family,
        font_weight=weight,
        font_style=style,
        font_size=size,
        line_height_kind=lh_kind,
        line_height=lh,
        letter_spacing=ls,
        word_spacing=ws,
    )
    return FontMetrics(s)


@lru_cache(maxsize=1024)
def _fallback_metrics(
    family: str, weight: int, style: str, size: float, lh_kind: str, lh: float, ls: float, ws: float
) -> FontMetrics:
    s = ComputedStyle(
        font_family=family,
        font_weight=weight,
        font_style=style,
        font_size=size,
        line_height_kind=lh_kind,
        line_height=lh,
        letter_spacing=ls,
        word_spacing=ws,
    )
    return FontMetrics(s).with_fallback(s)


MAX_STYLES_REMEMBERED: Final = 50_000  # per StyleMemo: it starts over past this many styles


class StyleMemo(Generic[T]):
    """Values computed from a style, memoised per style object (cascades share style objects, so a page
    has few distinct ones): keyed by identity and checked on a hit, bounded by MAX_STYLES_REMEMBERED.

    A memo is a compiled class read by plain functions (`metrics_for`): those are called directly by the
    compiled modules, where a decorated function would be called through the interpreter's generic call
    (about a thousand instructions per call: a tenth of a one-word paragraph's text handling).

    Only the styles that the cascade shares between pages are worth remembering once a parse is over
    (no other style can meet a later parse), so `parse()` forgets the rest (settle_style_memos): a memo
    keeps its styles alive, and it kept every page's until it started over."""

    __slots__ = ("known",)

    def __init__(self) -> None:
        self.known: dict[int, tuple[ComputedStyle, T]] = {}
        _style_memos.append(self)

    def get(self, s: ComputedStyle) -> T | None:
        hit = self.known.get(id(s))
        return hit[1] if hit is not None and hit[0] is s else None

    def put(self, s: ComputedStyle, value: T) -> T:
        known = self.known
        if len(known) > MAX_STYLES_REMEMBERED:
            known.clear()
        key = id(s)
        known[key] = (s, value)
        if len(_fresh_styles) >= MAX_STYLES_REMEMBERED:  # layout run without parse(): let them be
            _fresh_styles.clear()
        _fresh_styles.append((known, key))
        return value


_style_memos: list[StyleMemo[Any]] = []  # every StyleMemo (module-level ones)
# (memo, key) for each style memoised by the parse under way, and the round of the cascade's shared
# styles that the memos' styles belong to (settle_style_memos)
_fresh_styles: list[tuple[dict[int, Any], int]] = []
_memo_round: list[int] = [0]


def settle_style_memos(shared: set[int], shared_round: int) -> None:
    """Forget the styles the parse memoised that the cascade does not share between pages (`shared`:
    their ids); when the cascade's shared styles started over (`shared_round` moved on), forget all."""
    fresh = _fresh_styles.copy()
    _fresh_styles.clear()
    if shared_round != _memo_round[0]:
        _memo_round[0] = shared_round
        for memo in _style_memos:
            memo.known.clear()
        return
    for known, key in fresh:
        if key not in shared:
            known.pop(key, None)


def uses_fallback(text: str, face: Face) -> bool:
    """Whether `text` has characters the face lacks but DejaVu Sans (the fallback) draws. Default
    ignorable characters (zero-width spaces and joiners, bidi controls, variation selectors, …) are not
    drawn and call for no fallback font, so they leave the line's metrics alone."""
    if text.isascii() or face.missing.search(text) is None:
        return False  # the face draws every character
    if "\u200d" in text:
        # a zero-width joiner makes one grapheme cluster of the characters it joins (an emoji ZWJ
        # sequence such as U+1F481 U+200D U+2640): fonts are chosen per cluster, by its first character
        text = _JOINED.sub("", text)
    return any(fallback_covers(ch) and not default_ignorable(ch) for ch in set(text).difference(face.widths))


_JOINED: Final = re.compile("\u200d[\ufe00-\ufe0f]*.", re.DOTALL)


# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt) in the BMP
_IGNORABLE: Final = (
    ("\u00ad", "\u00ad"),
    ("\u034f", "\u034f"),
    ("\u061c", "\u061c"),
    ("\u115f", "\u1160"),
    ("\u17b4", "\u17b5"),
    ("\u180b", "\u180f"),
    ("\u200b", "\u200f"),
    ("\u202a", "\u202e"),
    ("\u2060", "\u206f"),
    ("\u3164", "\u3164"),
    ("\ufe00", "\ufe0f"),
    ("\ufeff", "\ufeff"),
    ("\uffa0", "\uffa0"),
    ("\ufff0", "\ufff8"),
)


def default_ignorable(ch: str) -> bool:
    """Whether `ch` is a default ignorable code point (Unicode; HarfBuzz draws none of them)."""
    if ch >= "\U000e0000":
        return ch <= "\U000e0fff"
    return any(lo <= ch <= hi for lo, hi in _IGNORABLE)


def metrics_with_fallback(s: ComputedStyle, m: FontMetrics) -> FontMetrics:
    if s.line_height_kind != "normal":
        # Chromium adds the fonts a text uses besides its primary font to the line box only under
        # `line-height: normal`; a given line height holds them (layout_fixtures/fallback_font_lines).
        # Letter and word spacing change nothing there (layout_fixtures/fallback_font_spacing).
        return m
    return _fallback_metrics(
        s.font_family,
        s.font_weight,
        s.font_style,
        s.font_size,
        s.line_height_kind,
        s.line_height,
        s.letter_spacing,
        s.word_spacing,
    )


def normal_line_metrics(s: ComputedStyle) -> FontMetrics:
    """The font metrics of a computed style as if its line-height were `normal`."""
    return _metrics(
        s.font_family,
        s.font_weight,
        s.font_style,
        s.font_size,
        "normal",
        0.0,
        s.letter_spacing,
        s.word_spacing,
    )


_METRICS: Final[StyleMemo[FontMetrics]] = StyleMemo()


def metrics_for(s: ComputedStyle) -> FontMetrics:
    """The font metrics of a computed style."""
    known = _METRICS.get(s)
    if known is not None:
        return known
    return _METRICS.put(s, _style_metrics(s))


def _style_metrics(s: ComputedStyle) -> FontMetrics:
    return _metrics(
        s.font_family,
        s.font_weight,
        s.font_style,
        s.font_size,
        s.line_height_kind,
        s.line_height,
        s.letter_spacing,
        s.word_spacing,
    )
