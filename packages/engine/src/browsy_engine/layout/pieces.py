"""The vocabulary of the inline formatting context: pieces, units and line boxes.

A piece is a plain tuple (tens of thousands per page; tuples are several times cheaper than objects)
indexed by the constants below; a unit is a list of pieces that no line break may separate; a TEXTRUN
unit carries the words of one text node that lie between break opportunities.
"""

from __future__ import annotations

from typing import Final

WORD: Final = 0
SPACE: Final = 1
OPEN: Final = 2
CLOSE: Final = 3
ATOMIC: Final = 4
FLOAT: Final = 5
ABS: Final = 6
FORCED: Final = None  # a unit that forces a line break
# A BREAK unit is a tuple (BREAK, box, metrics, raised): the forced break of a <br>, with the inline box it
# is in (or the block) and that box's metrics, which the line height quirk may give its line.
BREAK = "break"
# A TEXTRUN unit is a tuple (TEXTRUN, node, metrics, raised, words, widths, space_piece): words of one
# text node each followed by a space (a break opportunity), broken into lines without a unit per word.
# (Final: a constant rather than a global looked up per unit; an interned literal, tested with `is`)
TEXTRUN: Final = "textrun"

# A piece is a plain tuple (tens of thousands per page; tuples are several times cheaper than objects):
#   (kind, node, width, text, metrics, raised, height, baseline, min_width)
# text: the word, the vertical-align of an atomic inline, or an inline box's edges() (OPEN/CLOSE);
# metrics: FontMetrics of words and inline boxes; raised: baseline shift of the enclosing inline box
# (vertical-align sub/super); height/baseline: margin-box height of atomics and floats and their baseline
# from the margin-box top; min_width: their min-content contribution when only measuring.
KIND: Final = 0
NODE: Final = 1
WIDTH: Final = 2
TEXT: Final = 3
METRICS: Final = 4
RAISED: Final = 5
HEIGHT: Final = 6
BASELINE: Final = 7
MIN_WIDTH: Final = 8
INNER_SPACES: Final = HEIGHT  # for WORD pieces covering several words of a TEXTRUN: the spaces inside
Piece = tuple
# A unit is a list [pieces, width, has_content]: pieces that no line break may separate.
PIECES: Final = 0
UWIDTH: Final = 1
CONTENT: Final = 2


def is_break(unit: object) -> bool:
    """Whether a unit is a forced break (FORCED, or a <br>'s BREAK)."""
    return unit is None or (type(unit) is tuple and unit[0] is BREAK)


def soft_hyphen_width(p: tuple) -> float:
    """The hyphen WORD piece p shows when a line breaks at the soft hyphen it ends with (else 0): a
    break there needs room for it (CSS Text 3 §5.4, `hyphens: manual`). Other pieces hold no text there
    (an atomic inline's TEXT is its alignment data)."""
    kind: int = p[KIND]
    if kind != WORD:
        return 0.0
    text: str = p[TEXT]
    if not text or text[-1] != "\u00ad":
        return 0.0
    m = p[METRICS]
    return float(m.width("-"))


def unit_trail(unit: list) -> float:
    """Width of the unit's trailing space (it hangs at the end of a line), looking past the edges of
    empty inline boxes after it."""
    pieces = unit[PIECES]
    for k in range(len(pieces) - 1, -1, -1):
        p = pieces[k]
        if p[KIND] == SPACE:
            return p[WIDTH]
        if not _edge(p):
            return 0.0
    return 0.0


def only_edges(unit: list) -> bool:
    """The unit holds nothing but ends of inline boxes, zero-width starts and positioned boxes."""
    return all(_edge(p) for p in unit[PIECES])


def _edge(p: tuple) -> bool:
    """A piece a hanging space looks past, as place_line does: an inline box's end, a zero-width start,
    a positioned box."""
    kind = p[KIND]
    return kind in (CLOSE, ABS) or (kind == OPEN and p[WIDTH] == 0)


class Line:
    """A line box being filled: its top, the band left free by floats, its pieces with their x from the
    line's start, the pen (x of the next piece) and whether a forced break ended it. A plain class: one is
    made per line, and a dataclass's default factories cost a call per list."""

    __slots__ = ("y", "left", "right", "pieces", "xs", "pen", "forced", "brk")

    def __init__(self, y: float, left: float, right: float) -> None:
        self.y = y
        self.left = left
        self.right = right
        self.pieces: list[Piece] = []
        self.xs: list[float] = []
        self.pen = 0.0
        self.forced = False
        self.brk: tuple | None = None  # the BREAK unit (a <br>) that ended the line


def lone_word(pieces: list[Piece]) -> int:
    """The index of a unit's only word when its other pieces are inline box edges and spaces (a long
    word, e.g. a URL in a link), else -1."""
    word = -1
    for k, p in enumerate(pieces):
        kind: int = p[KIND]
        if kind == WORD:
            if word >= 0:
                return -1
            word = k
        elif kind != OPEN and kind != CLOSE and kind != SPACE:
            return -1
    return word
