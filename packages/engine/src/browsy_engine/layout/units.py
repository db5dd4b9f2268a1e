"""Inline content as units: flattening a run of inline-level nodes, white-space processing, words and
their widths, inline-box edges, atomic inlines and floats sized (or only measured), forced breaks."""

from __future__ import annotations

from typing import Any, Final
from unicodedata import normalize

from ..css.style import ComputedStyle, Length
from . import (  # circular: atomic inlines contain block layout (attributes used at call time)
    atomic,
    intrinsic,
)
from .context import FLOATING, OUT_OF_FLOW, REPLACED, LayoutContext
from .fonts import SOFT_HYPHEN
from .geometry import px, zero_length
from .linebreak import break_between
from .lines import edges_at, fixed_edges
from .pieces import (
    ABS,
    ATOMIC,
    BREAK,
    CLOSE,
    CONTENT,
    FLOAT,
    FORCED,
    KIND,
    METRICS,
    NODE,
    OPEN,
    PIECES,
    RAISED,
    SPACE,
    TEXT,
    TEXTRUN,
    UWIDTH,
    WIDTH,
    WORD,
)
from .text import (
    FontMetrics,
    StyleMemo,
    apply_transform,
    collapse,
    has_breaks_inside,
    metrics_for,
    metrics_with_fallback,
    remember_fresh_word,
    split_words,
    uses_fallback,
    white_space_only,
)

PRESERVING: Final = frozenset({"pre", "pre-wrap", "break-spaces"})  # the white-space values that keep spaces
_MIN_RUN: Final = 4  # plain words in a row that make a TEXTRUN unit (fewer: a unit per word is as cheap)


def has_inline_content(ctx: LayoutContext, nodes: list[int]) -> bool:
    """False when a run holds nothing but collapsible whitespace (it then produces no line boxes)."""
    for i in nodes:  # from the run's start: content, when there is some, is usually there
        found = _holds_content(ctx, i)
        if found == _CONTENT or (found == _INSIDE and _box_holds_content(ctx, i)):
            return True
    return False


# what _holds_content finds in a node of a run
_NOTHING: Final = 0
_CONTENT: Final = 1
_INSIDE: Final = 2  # an inline box without edges: its children tell


def _box_holds_content(ctx: LayoutContext, box: int) -> bool:
    """Whether the children of an inline box without edges put content on a line (the boxes without
    edges among them looked into in turn, with a list rather than by recursion: inline boxes may nest
    thousands deep)."""
    pending = list(ctx.box_children(box))
    while pending:
        i = pending.pop()
        found = _holds_content(ctx, i)
        if found == _CONTENT:
            return True
        if found == _INSIDE:
            pending.extend(ctx.box_children(i))
    return False


def _holds_content(ctx: LayoutContext, i: int) -> int:
    """Whether node i of a run puts content on a line by itself (_CONTENT), not (_NOTHING), or only
    through its children (_INSIDE: an inline box without margins, borders or paddings)."""
    d = ctx.display[i]
    node = ctx.nodes[i]
    if d == "text":
        text = node.text or ""
        if not white_space_only(text) or ctx.styles[node.parent].white_space in PRESERVING:
            return _CONTENT
        return _NOTHING
    if d == "inline" and node.tag not in REPLACED:
        if node.tag == "br":
            return _CONTENT  # a forced break makes a line box even on its own
        s = ctx.styles[i]
        if s is not None and (  # CSS 2 §9.4.2: inline boxes with margins, padding or borders
            not zero_length(s.padding_left)
            or s.border_left_width
            or not zero_length(s.padding_right)
            or s.border_right_width
            or not _zero_or_auto(s.margin_left)
            or not _zero_or_auto(s.margin_right)
        ):
            return _CONTENT
        return _INSIDE
    return _NOTHING if d == "none" else _CONTENT


def _zero_or_auto(margin: Length) -> bool:
    """A margin of 0, or `auto` (0 on inline boxes)."""
    # (its fields compared here: passing the narrowed tuple on to zero_length would box it anew)
    return margin is None or (margin[0] == 0.0 and margin[1] == 0.0)


_TEXT_STYLES: Final[StyleMemo[tuple[str, str, FontMetrics, bool, bool]]] = StyleMemo()


def _text_style(s: ComputedStyle) -> tuple[str, str, FontMetrics, bool, bool]:
    """What a text node needs of its style: white-space, text-transform, metrics, whether it wraps and
    whether it keeps spaces."""
    known = _TEXT_STYLES.get(s)
    if known is not None:
        return known
    mode = s.white_space
    return _TEXT_STYLES.put(
        s, (mode, s.text_transform, metrics_for(s), mode not in ("nowrap", "pre"), mode in PRESERVING)
    )


def build_units(ctx: LayoutContext, container: int, nodes: list[int], cw: float, measuring: bool = False):
    """Generator task: the units of a run (atomic inlines and floats are sized here, or only measured).

    A run of text and inline boxes only is built once per layout and reused (its intrinsic widths are
    measured, then it is laid out, often at several widths inside flex items and tables): its units
    depend on the styles alone, and on the width only through inline boxes' percentage edges (then
    keyed by it). The consumers only read units. A reuse clears the boxes of the run's texts and inline
    boxes, as a build does."""
    known = _known_units(ctx, container, nodes, cw)
    if known is not None:
        return known
    b = _Units(ctx)
    units = yield from _build(b, ctx, container, nodes, cw, measuring)
    _remember_units(ctx, container, nodes, cw, b, measuring)
    return units


def text_units(ctx: LayoutContext, container: int, nodes: list[int], cw: float) -> list:
    """build_units for a run of text nodes alone, none inside an inline box split around blocks (which
    _build walks apart): each text's pieces in turn, by a plain call rather than a generator task."""
    known = _known_units(ctx, container, nodes, cw)
    if known is not None:
        return known
    b = _Units(ctx)
    for i in nodes:
        b.text(i)
    _remember_units(ctx, container, nodes, cw, b, False)
    return b.units


def in_split_box(ctx: LayoutContext, nodes: list[int]) -> bool:
    """Whether a node of a run is a child of an inline box split around blocks (spliced into the run:
    _build walks those boxes apart)."""
    split = ctx.split_set
    if not split:
        return False
    doc_nodes = ctx.nodes
    return any(doc_nodes[c].parent in split for c in nodes)


def _known_units(ctx: LayoutContext, container: int, nodes: list[int], cw: float) -> list | None:
    """The units of the run built before in this layout, when they hold for width cw (see build_units),
    with the boxes of its texts and inline boxes cleared as a build clears them; else None. Runs are
    kept by their first node (an int key: no tuple to build and hash per run), with what else tells
    them apart checked on a hit."""
    if not nodes:
        return None
    known = ctx.units_cache.get(nodes[0])
    if known is None:
        return None
    owner, last, count, units, cleared, width = known
    if owner != container or last != nodes[-1] or count != len(nodes) or (width is not None and width != cw):
        return None
    rel = ctx.rel
    for i in cleared:
        rel[i] = None
    return units


def _remember_units(
    ctx: LayoutContext, container: int, nodes: list[int], cw: float, b: _Units, measuring: bool
) -> None:
    """Keep the units just built (b) for the run's next layout, when they depend on the styles alone
    and a next layout may come: the run is being measured (its intrinsic widths, for a shrink-to-fit
    box, a table column or a flex item, are followed by its layout), or it is inside a flex or grid
    container (whose items are laid out at several sizes). A run of normal flow is laid out once, and
    keeping its units until the layout ends cost a sixth of a text page's layout time (memory that
    stays in use, then is freed all at once) though they were never read again."""
    if nodes and b.reusable and (measuring or ctx.taffy_depth > 0):
        width = cw if b.width_bound else None
        ctx.units_cache[nodes[0]] = (container, nodes[-1], len(nodes), b.units, b.cleared, width)


def _build(b: _Units, ctx: LayoutContext, container: int, nodes: list[int], cw: float, measuring: bool):
    """Generator task: build_units's walk. Walks the run's content in order, inline boxes entered: a
    node index, or ~i (negative) for the end of inline box i; each node adds its pieces to `b`."""
    styles, doc_nodes, display, rel, box_children = (
        ctx.styles,
        ctx.nodes,
        ctx.display,
        ctx.rel,
        ctx.box_children,
    )
    units = b.units
    closing: list[tuple] = []  # the CLOSE pieces of the inline boxes entered, innermost last
    outer_raised: list[float] = []  # the baseline shift around each of those boxes
    box_style = None  # the style of the last inline box, and what was read from it (links usually share it)
    box_edges: tuple = ()
    box_metrics: FontMetrics | None = None
    box_va = ""
    split = ctx.split_set
    fresh: set[int] = set()
    if in_split_box(ctx, nodes):
        nodes, fresh = _with_split_boxes(ctx, container, nodes)
        b.reusable = False  # (rare) which parts of split boxes start afresh is not recorded
    stack = nodes[::-1]
    while stack:
        i = stack.pop()
        if i < 0:  # the end of the innermost inline box entered: its end edge (inline: one per box)
            p = closing.pop()
            unit = b.unit
            unit[PIECES].append(p)
            unit[UWIDTH] += p[WIDTH]
            b.raised = outer_raised.pop()
            if p[WIDTH]:
                b.edge()
            continue
        if display[i] == "text":
            b.text(i)
            continue
        s = styles[i]
        tag = doc_nodes[i].tag
        if s.position in OUT_OF_FLOW:
            b.unit[PIECES].append((ABS, i, 0.0, "", None, 0.0, 0.0, 0.0, 0.0))
        elif s.float_side in FLOATING:
            b.reusable = False  # sized (and laid out) at this width, or only measured
            box = yield from _atomic_size(ctx, i, cw, measuring)
            b.float_box(i, box)
        elif tag == "br":
            b.br(i)
        elif display[i] == "inline" and tag not in REPLACED:
            # an inline box (here rather than in a step of its own: there is one per link): its content,
            # then its end (~i), come next, unless it is a part of a box split around blocks, walked
            # already (_with_split_boxes), of which only a first part starts its rect afresh
            if i in split:
                if i in fresh:
                    rel[i] = None
            else:
                rel[i] = None
                b.cleared.append(i)
                stack.append(~i)
                children = box_children(i)
                if len(children) == 1:  # the common case: a link or span around one text
                    stack.append(children[0])
                else:
                    stack += children[::-1]
            # its start edge, after a pending break opportunity; its end edge kept for its end
            unit = b.unit
            if b.break_pending and unit[CONTENT]:
                unit = b.unit = [[], 0.0, False]
                units.append(unit)
                b.break_pending = False
            if s is not box_style:
                box_style = s
                fixed = fixed_edges(s)
                if fixed is None:  # percentage margins or paddings: the edges and the units hold for cw
                    box_edges = edges_at(s, cw)
                    b.width_bound = True
                else:
                    box_edges = fixed
                box_metrics, box_va = metrics_for(s), s.vertical_align
            raised = b.raised
            if box_va in SHIFTING:
                assert box_metrics is not None  # set with box_va above
                raised += _baseline_shift(ctx, i, box_va, box_metrics)
            outer_raised.append(b.raised)
            b.raised = raised
            closing.append((CLOSE, i, box_edges[1], box_edges, box_metrics, raised, 0.0, 0.0, 0.0))
            unit[PIECES].append((OPEN, i, box_edges[0], box_edges, box_metrics, raised, 0.0, 0.0, 0.0))
            unit[UWIDTH] += box_edges[0]
            if box_edges[0]:
                b.edge()
        else:
            b.reusable = False
            box = yield from _atomic_size(ctx, i, cw, measuring)
            b.atomic(i, s, tag, box)
    return b.units


class _Units:
    """The units of a run being built (build_units), with the state carried from one node to the next:
    the current unit, the white-space and break opportunity after the text so far, the inline boxes
    entered, and what was last read from a text's and an inline box's style (siblings usually share it).
    A plain class with slots: one is made per run, and the hot paths read its fields into locals."""

    __slots__ = (
        "ctx",
        "units",
        "unit",
        "after_space",
        "space_font",
        "space_at",
        "word_at",
        "word_kern",
        "break_pending",
        "raised",
        "last_char",
        "last_wraps",
        "text_style",
        "mode",
        "transform",
        "text_metrics",
        "wraps",
        "preserve",
        "reusable",
        "cleared",
        "width_bound",
        "fallback",
    )

    def __init__(self, ctx: LayoutContext) -> None:
        self.ctx = ctx
        self.unit: list = [[], 0.0, False]
        self.units: list[Any] = [self.unit]  # unit lists, TEXTRUN and BREAK tuples, None
        self.after_space = True
        # the font of the space just before, if the previous character was one
        self.space_font: FontMetrics | None = None
        # where the space, or the word, that the text so far ends with lies: (unit, index of its piece),
        # so that the next text kerns against it (_kern_space_after, _kern_word_before)
        self.space_at: tuple[list, int] | None = None
        self.word_at: tuple[list, int] | None = None
        # that word's kerning with the space read after it: (unit, index, px), applied once content
        # follows the space (a space ending the paragraph, or before a <br>, is removed before shaping)
        self.word_kern: tuple[list, int, float] | None = None
        self.break_pending = False
        # the baseline shift (px, negative = up) of the inline boxes entered (vertical-align sub/super…)
        self.raised = 0.0
        self.last_char = ""  # the last character of text so far when no space or atomic inline came after it
        self.last_wraps = False  # whether that text may wrap (its white-space)
        # the style of the last text node, and what was read from it (siblings usually share it)
        self.text_style: ComputedStyle | None = None
        self.mode = self.transform = ""
        self.text_metrics: FontMetrics | None = None  # set with text_style, before the first text uses it
        self.wraps = self.preserve = False
        self.reusable = True  # no atomic inline, float or split box: the units depend on styles alone
        self.cleared: list[int] = []  # the texts and inline boxes whose boxes a build clears
        self.width_bound = False  # an inline box has percentage edges: the units hold the width's
        # the metrics with the fallback font of the text being split into words when some of them
        # use that font (only their lines make room for it), else None
        self.fallback: FontMetrics | None = None

    def text(self, i: int) -> None:
        """Text node i: its white-space collapsed and its case transformed, a break opportunity at the
        junction with the text before, then its pieces: a lone space or a single word here, longer texts
        (and preserved white-space) by _line."""
        ctx = self.ctx
        ctx.rel[i] = None
        self.cleared.append(i)
        node = ctx.nodes[i]
        s = ctx.styles[node.parent]  # a text node has its parent's style
        if s is not self.text_style:
            self.text_style = s
            self.mode, self.transform, self.text_metrics, self.wraps, self.preserve = _text_style(s)
        text = collapse(node.text or "", self.mode, self.after_space)
        if SOFT_HYPHEN in text and s.hyphens == "none":
            text = text.replace(SOFT_HYPHEN, "")  # never a break (CSS Text 3 §5.4), and it has no width
        if not text:
            return
        if self.transform != "none":
            text = apply_transform(text, self.transform)
        is_ascii = text.isascii()
        if not is_ascii:
            # a letter and its combining marks are drawn as the composed character when the font has it
            # (HarfBuzz composes before it looks for glyphs), so "e" + U+0301 needs no fallback font
            text = normalize("NFC", text)
        wraps = self.wraps
        unit = self.unit
        if (
            self.last_char
            and not self.break_pending
            and wraps
            and self.last_wraps
            and unit[CONTENT]
            and break_between(self.last_char, text[0])  # a junction of two texts (linebreak.py)
        ):
            unit = self.unit = _split_before_boxes(self.units, unit)
        self.last_char, self.last_wraps = ("" if text[-1] == " " else text[-1]), wraps
        m = self.text_metrics
        assert m is not None
        fallback = None
        if not is_ascii and uses_fallback(text, m.face):
            fallback = metrics_with_fallback(s, m)
        raised = self.raised
        preserve = self.preserve
        if self.word_at is not None and text[0] == " " and not preserve:
            self._kern_word_before(m)
        if self.word_kern is not None and text != " ":
            self._apply_word_kern()
        if text == " " and not preserve:  # a lone collapsible space, as between two links
            pieces = unit[PIECES]
            pieces.append((SPACE, i, m.space, " ", m, raised, 0.0, 0.0, 0.0))
            unit[UWIDTH] += m.space
            self.break_pending = self.break_pending or wraps
            self.after_space = True
            self.space_font = m
            self.space_at, self.word_at = (unit, len(pieces) - 1), None
            return
        special = wraps and ("-" in text or not is_ascii) and has_breaks_inside(text)
        lead = _same_font(self.space_font, m)  # a space of the same font precedes this text: kern across it
        if lead and self.space_at is not None:  # the kerning goes on that space, not on this text
            self._kern_space_after(text[0])
            lead = False
        self.space_at = self.word_at = None
        if not (preserve or special or " " in text or "\n" in text):  # the most common text: one word
            w = word_width(fallback or m, text, lead, False)
            p = (WORD, i, w, text, fallback or m, raised, 0.0, 0.0, 0.0)
            unit = self.unit = _add_word(self.units, unit, p, self.break_pending)
            self.break_pending = self.after_space = False
            self.space_font = None
            if fallback is None:
                self.word_at = (unit, len(unit[PIECES]) - 1)
            return
        # a collapsible space hangs at the end of a line (CSS Text 3 §4.1.3) though it is no break
        # opportunity under `nowrap`; a preserved one (`pre`) is text like a word
        space_piece = (WORD if preserve and not wraps else SPACE, i, m.space, " ", m, raised, 0.0, 0.0, 0.0)
        self.fallback = fallback if fallback is not m else None
        if "\n" in text:  # preserved newlines: forced breaks between the lines
            for li, line_text in enumerate(text.split("\n")):
                if li > 0:
                    self._break_line()
                if line_text:
                    self._line(line_text, space_piece, lead, special)
        else:
            self._line(text, space_piece, lead, special)
        self.after_space = after_space = text.endswith(" ") and not preserve
        self.space_font = m if after_space else None
        self._mark_end(SPACE if after_space else WORD, m)

    def _mark_end(self, kind: int, m: FontMetrics) -> None:
        """Record where the last piece, a space or a word (`kind`) in font m, lies, when the text just
        read ends with it."""
        unit = self.unit
        pieces = unit[PIECES]
        if pieces:
            last = pieces[-1]
            if last[KIND] == kind and last[METRICS] is m:
                if kind == SPACE:
                    self.space_at = (unit, len(pieces) - 1)
                else:
                    self.word_at = (unit, len(pieces) - 1)

    def _kern_space_after(self, first: str) -> None:
        """A text whose first character is `first` follows a space of the same font read with an earlier
        text: HarfBuzz puts the pair's kerning (" A") on the space's advance, so the space, in the box
        that holds it, narrows, not the word (Chromium shapes across inline box boundaries without
        edges)."""
        assert self.space_at is not None
        unit, index = self.space_at
        p = unit[PIECES][index]
        m: FontMetrics = p[METRICS]
        k = m.face.kern_after_space.get(first, 0.0) * m.advance
        if k:
            _widen(unit, index, k)

    def _kern_word_before(self, m: FontMetrics) -> None:
        """A text starting with a space in font m follows a word read with an earlier text: the kerning
        of the word's last character with the space ("P ") goes on that character's advance, so the
        word, in its box, narrows (HarfBuzz kerns across inline boxes without edges), same font only."""
        assert self.word_at is not None
        unit, index = self.word_at
        self.word_at = None
        p = unit[PIECES][index]
        wm: FontMetrics = p[METRICS]
        word: str = p[TEXT]
        if wm.face is m.face and wm.size == m.size and word:
            k = m.face.kern_before_space.get(word[-1], 0.0) * m.advance
            if k:
                self.word_kern = (unit, index, k)

    def _apply_word_kern(self) -> None:
        assert self.word_kern is not None
        unit, index, k = self.word_kern
        self.word_kern = None
        _widen(unit, index, k)

    def _line(self, text: str, space_piece: tuple, lead: bool, special: bool) -> None:
        """The words of a line of text (no newline in it) and the spaces between them, each space a break
        opportunity when the text wraps; `special`: words hold break opportunities of their own."""
        if self.preserve:
            text = text.replace("\t", "        ")
        if special:
            self._broken_words(text, space_piece, lead)
            return
        # the node, width and shift stay boxed (they go into pieces as they are); the metrics are typed
        i, space_w, raised = space_piece[NODE], space_piece[WIDTH], space_piece[RAISED]
        m: FontMetrics = space_piece[METRICS]
        wraps = self.wraps
        words = text.split(" ")
        fallback = self.fallback
        if wraps and len(words) > 5 and fallback is None:
            middle = words[1:-1]
            if all(word for word in middle):  # (a generator expression: mypyc compiles the test as a loop)
                self._text_run(words, middle, space_piece, lead)
                return
        units, unit, break_pending = self.units, self.unit, self.break_pending
        last = len(words) - 1
        # the word before a space ending the text: kerned with it only once content follows (_hold_kern)
        held = last - 1 if last and not words[last] and not self.preserve else -1
        known = m.spaced  # spaced_width's memo, read without a call per word
        for wi, word in enumerate(words):
            if wi:
                unit_pieces: list = unit[PIECES]  # (typed: a list's append, not a method looked up)
                unit_pieces.append(space_piece)
                unit[UWIDTH] += space_w
                if wraps:
                    break_pending = True
            if not word:
                continue
            if wi == held:
                w = word_width(m, word, wi > 0 or lead, False)
            elif 0 < wi < last:
                w = known.get(word) or spaced_width(m, word)
            else:
                w = word_width(m, word, wi > 0 or lead, wi < last)
            wm = m if fallback is None or not uses_fallback(word, m.face) else fallback
            unit = _add_word(units, unit, (WORD, i, w, word, wm, raised, 0.0, 0.0, 0.0), break_pending)
            break_pending = False
            if wi == held and wm is m:
                self._hold_kern(unit, m, word)
        self.unit, self.break_pending = unit, break_pending

    def _hold_kern(self, unit: list, m: FontMetrics, word: str) -> None:
        """The word just added to `unit`, the last piece there, is followed by the space that ends its
        text: its kerning with that space waits until content follows the space (word_kern)."""
        k = m.face.kern_before_space.get(word[-1], 0.0) * m.advance
        if k:
            self.word_kern = (unit, len(unit[PIECES]) - 1, k)

    def _text_run(self, words: list[str], middle: list[str], space_piece: tuple, lead: bool) -> None:
        """A wrapping line of more than five words: the words strictly inside it (`middle`, none empty)
        make one TEXTRUN unit instead of a unit per word; the first and the last word are units of their
        own, so that they join the texts and boxes around them."""
        i, space_w, raised = space_piece[NODE], space_piece[WIDTH], space_piece[RAISED]  # boxed, as in _line
        m: FontMetrics = space_piece[METRICS]
        units, unit = self.units, self.unit
        head, tail = words[0], words[-1]
        trailing = not tail  # the text ends with a space: it follows the last word, whose unit it ends
        if trailing:
            middle, tail = middle[:-1], middle[-1]
        run_widths = _spaced_widths(m, middle)
        if head:
            w = word_width(m, head, lead, True)
            unit = _add_word(units, unit, (WORD, i, w, head, m, raised, 0.0, 0.0, 0.0), self.break_pending)
        unit_pieces: list = unit[PIECES]  # (typed: a list's append, not a method looked up)
        unit_pieces.append(space_piece)
        unit[UWIDTH] += space_w
        units.append((TEXTRUN, i, m, raised, middle, run_widths, space_piece))
        unit = [[], 0.0, False]
        units.append(unit)
        if tail:
            w = word_width(m, tail, True, False)
            unit = _add_word(units, unit, (WORD, i, w, tail, m, raised, 0.0, 0.0, 0.0), False)
            if trailing:
                self._hold_kern(unit, m, tail)
        if trailing:  # a unit ending with its space, which hangs at the end of a line (as in _line)
            unit_pieces = unit[PIECES]
            unit_pieces.append(space_piece)
            unit[UWIDTH] += space_w
        self.unit, self.break_pending = unit, trailing

    def _broken_words(self, text: str, space_piece: tuple, lead: bool) -> None:
        """A line of text whose words hold break opportunities (hyphens, CJK, …: linebreak.py): each
        word split into its unbreakable chunks. Most words of such a text are plain (one chunk), and a
        stretch of them inside the text makes one TEXTRUN unit, as in _text_run. Words are kerned
        against the spaces beside them as in _line (`lead`: a space of the same font comes before)."""
        i, space_w, raised = space_piece[NODE], space_piece[WIDTH], space_piece[RAISED]  # boxed, as in _line
        m: FontMetrics = space_piece[METRICS]  # (typed: its memo and fields read natively, as in _text_run)
        units, unit, break_pending = self.units, self.unit, self.break_pending
        fallback = self.fallback
        words = text.split(" ")
        last = len(words) - 1
        # each word's chunks (split_words), or None for a plain ASCII word without a hyphen: one chunk
        # (str.isascii is a method call for each word, unless the whole text is ASCII)
        ascii_text = text.isascii()
        chunked = [split_words(w) if "-" in w or not (ascii_text or w.isascii()) else None for w in words]
        plain = [c is None or len(c) < 2 for c in chunked]
        spaced = False  # whether the space before the current word came with the TEXTRUN before it
        pi = 0
        while pi <= last:
            if pi > 0 and not spaced:  # a space precedes this word (the text wraps: `special` texts do)
                unit[PIECES].append(space_piece)
                unit[UWIDTH] += space_w
                break_pending = True
            spaced = False
            run_end = pi
            while run_end < last and words[run_end] and plain[run_end]:
                run_end += 1
            if (
                pi > 0 and run_end - pi >= _MIN_RUN and fallback is None
            ):  # words inside the text, one chunk each
                middle = words[pi:run_end]
                widths = _spaced_widths(m, middle)
                units.append((TEXTRUN, i, m, raised, middle, widths, space_piece))
                unit = [[], 0.0, False]
                units.append(unit)
                break_pending = False
                spaced = True  # the run ends with the space before the next word
                pi = run_end
                continue
            word = words[pi]
            pi += 1
            if not word:
                continue
            chunks = chunked[pi - 1] or (word,)
            end = len(chunks) - 1
            for ci, chunk in enumerate(chunks):
                w = word_width(m, chunk, ci == 0 and (pi > 1 or lead), ci == end and pi <= last)
                cm = m if fallback is None or not uses_fallback(chunk, m.face) else fallback
                p = (WORD, i, w, chunk, cm, raised, 0.0, 0.0, 0.0)
                unit = _add_word(units, unit, p, break_pending or ci > 0)
                break_pending = False
        self.unit, self.break_pending = unit, break_pending

    def edge(self) -> None:
        """An inline box's start or end edge of some width (margin, border, padding): Blink shapes the
        texts on either side apart, so no kerning joins a space and a word across it."""
        self.space_font = self.space_at = self.word_at = None

    def br(self, i: int) -> None:
        """<br> i: a forced break, after which the text starts afresh (no junction, leading spaces collapse)."""
        self.last_char = ""
        self.after_space = True
        self.space_font = self.space_at = self.word_at = self.word_kern = None
        ctx = self.ctx
        self._break_line((BREAK, ctx.nodes[i].parent, metrics_for(ctx.styles[i]), self.raised))

    def _break_line(self, unit: tuple | None = FORCED) -> None:
        """A forced break (a <br>'s BREAK unit, or FORCED for a preserved newline): it ends the unit and
        the line."""
        self.units.append(unit)
        self.unit = [[], 0.0, False]
        self.units.append(self.unit)
        self.break_pending = False

    def float_box(self, i: int, box: tuple) -> None:
        """Float i (box: _atomic_size's) as a unit of its own, placed by the line filling."""
        self.units.append([[(FLOAT, i, box[0], "", None, 0.0, box[1], 0.0, box[3])], 0.0, False])
        self.unit = [[], 0.0, False]
        self.units.append(self.unit)

    def atomic(self, i: int, s: ComputedStyle, tag: str, box: tuple) -> None:
        """Atomic inline i (style s, box: _atomic_size's). CSS Text 3 §5.1: around it the white-space of
        the boxes holding both sides decides: inside `nowrap` (or `pre`) inline-blocks and images stay on
        one line."""
        ctx = self.ctx
        atom_wraps = ctx.styles[ctx.nodes[i].parent].white_space not in ("nowrap", "pre")
        unit = self.unit
        if unit[CONTENT] and (atom_wraps or self.break_pending):
            unit = self.unit = [[], 0.0, False]
            self.units.append(unit)
        va = s.vertical_align
        if va == "text-bottom" and tag == "textarea":
            va = "baseline"  # measured: Chromium's textarea bottom sits on the baseline
        elif va == "length":  # raised by the length (lines.py reads "<n>px")
            va = f"{-_baseline_shift(ctx, i, va, metrics_for(s))}px"
        self.last_char = ""
        unit[PIECES].append((ATOMIC, i, box[0], va, None, self.raised, box[1], box[2], box[3]))
        unit[UWIDTH] += box[0]
        unit[CONTENT] = True
        self.break_pending = atom_wraps
        self.after_space = False
        self.space_font = self.space_at = self.word_at = None
        if self.word_kern is not None:
            self._apply_word_kern()


def _with_split_boxes(ctx: LayoutContext, container: int, nodes: list[int]) -> tuple[list[int], set[int]]:
    """The run with the parts of inline boxes split around blocks put back around their content: a run
    holds the spliced children of such boxes (context.classify), so each box is entered (its index)
    before its first child here and left (~index) after its last, and its font and line height count in
    these lines as any inline box's. Also the boxes whose first part this is (their rect starts afresh)."""
    split, doc_nodes = ctx.split_set, ctx.nodes
    out: list[int] = []
    fresh: set[int] = set()
    opened: list[int] = []
    for c in nodes:
        chain: list[int] = []
        p = doc_nodes[c].parent
        while p >= 0 and p != container and p in split:
            chain.append(p)
            p = doc_nodes[p].parent
        chain.reverse()  # outermost first
        keep = 0
        while keep < len(opened) and keep < len(chain) and opened[keep] == chain[keep]:
            keep += 1
        while len(opened) > keep:
            out.append(~opened.pop())
        for w in chain[keep:]:
            out.append(w)
            opened.append(w)
            first = next((k for k in ctx.box_children(w)), -1)
            if first == c or first in chain:
                fresh.add(w)
        out.append(c)
    while opened:
        out.append(~opened.pop())
    return out, fresh


def _split_before_boxes(units: list, unit: list) -> list:
    """Start a new unit at a break opportunity between two texts: the start edges of the inline boxes
    entered since the last text go with what follows (they open on the next line if the break is taken).
    Returns the new current unit."""
    pieces = unit[PIECES]
    k = len(pieces)
    while k > 0 and pieces[k - 1][KIND] == OPEN:
        k -= 1
    moved = pieces[k:]
    del pieces[k:]
    width = sum(p[WIDTH] for p in moved)
    unit[UWIDTH] -= width
    new = [moved, width, False]
    units.append(new)
    return new


def _widen(unit: list, index: int, k: float) -> None:
    """Add k px to the width of piece `index` of a unit (and to the unit's)."""
    pieces = unit[PIECES]
    p = pieces[index]
    pieces[index] = (p[KIND], p[NODE], p[WIDTH] + k, *p[3:])
    unit[UWIDTH] += k


def _add_word(units: list, unit: list, p: tuple, after_break: bool) -> list:
    """Add word piece p to the current unit, or start a new unit with it when a break opportunity comes
    before it (`after_break`) and the current unit already has content. Returns the current unit."""
    width: float = p[WIDTH]
    if after_break and unit[CONTENT]:
        unit = [[p], width, True]
        units.append(unit)
    else:
        pieces: list[tuple] = unit[PIECES]
        pieces.append(p)
        unit_width: float = unit[UWIDTH]
        unit[UWIDTH] = unit_width + width
        unit[CONTENT] = True
    return unit


def breaks_anywhere(s: ComputedStyle) -> bool:
    """Whether a word of text in style s that does not fit on a line by itself breaks between any two
    characters (CSS Text 3 §5.5 `overflow-wrap: break-word | anywhere`, and the legacy `word-break:
    break-word`; `word-break: break-all` allows it too), when its white space wraps at all."""
    if s.overflow_wrap == "normal" and s.word_break not in ("break-all", "break-word"):
        return False
    return s.white_space not in ("nowrap", "pre")


def breaks_all(s: ComputedStyle) -> bool:
    """Whether text in style s has a break opportunity between any two characters wherever a line ends
    (`word-break: break-all`, CSS Text 3 §5.2), its white space wrapping."""
    return s.word_break == "break-all" and breaks_anywhere(s)


def breaks_anywhere_in_min_content(s: ComputedStyle) -> bool:
    """Whether the breaks between characters that breaks_anywhere allows also count for the min-content
    width (`overflow-wrap: anywhere`, `word-break: break-all | break-word`; CSS Text 3 §5.2, §5.5): a
    long word then contributes its widest character, not its whole width (`break-word` does not)."""
    if s.overflow_wrap != "anywhere" and s.word_break not in ("break-all", "break-word"):
        return False
    return s.white_space not in ("nowrap", "pre")


def widest_character(m: FontMetrics, word: str) -> float:
    """The widest character of a word (its min-content width when it may break anywhere)."""
    return max((m.width(ch) for ch in word), default=0.0)


# the vertical-align values that shift an inline box's baseline
SHIFTING: Final = frozenset({"sub", "super", "middle", "length", "text-top", "text-bottom"})


def spaced_width(m: FontMetrics, word: str) -> float:
    """Width of a word with a space on both sides (the common case; memoised per font)."""
    w = m.spaced.get(word)
    if w is None:
        w = m.spaced[word] = word_width(m, word, True, True)
        remember_fresh_word(m.spaced, word)
    return w


def _spaced_widths(m: FontMetrics, words: list[str]) -> list[Any]:
    """spaced_width of each word, read from its memo without a call per word. The values stay the
    memo's float objects (typed Any): a list of floats would unbox each one and box it anew."""
    known: dict[str, Any] = m.spaced
    return [known.get(word) or spaced_width(m, word) for word in words]


def _same_font(space: FontMetrics | None, m: FontMetrics) -> bool:
    """Whether a space in font `space` and the text in font `m` are shaped together, so that HarfBuzz
    kerns across the space: the same face at the same size (Blink shapes a run of one font at a time)."""
    return space is not None and space.face is m.face and space.size == m.size


def word_width(m: FontMetrics, word: str, before: bool, after: bool) -> float:
    """Width of a word, with the kerning against the spaces before/after it (HarfBuzz kerns across
    spaces: " A" is tighter)."""
    w = m.widths.get(word)
    if w is None:
        w = m.measure_word(word)
    face = m.face
    if face.kern and (before or after):
        adjust = 0.0
        if before:
            adjust += face.kern_after_space.get(word[0], 0.0)
        if after:
            adjust += face.kern_before_space.get(word[-1], 0.0)
        w += adjust * m.advance
    return w


def _baseline_shift(ctx: LayoutContext, i: int, align: str, m: FontMetrics) -> float:
    """Chromium's shifts (downwards) for inline boxes (`align` is one of SHIFTING, `m` the box's font):
    sub lowers by parent size/5 + 1, super raises by size/3 + 1; text-top (text-bottom) puts the top
    (bottom) of the box's line-height box at the top (bottom) of the parent's content area; middle puts the midpoint of the box's
    line-height box (half-leadings included) at half the parent's x-height above the baseline, that
    half rounded to layout units (CSS 2 §10.8.1; measured: layout_fixtures/inline_vertical_align_middle);
    a length raises by itself, a percentage by that share of the box's line-height."""
    if align == "length":
        return -px(ctx.styles[i].vertical_align_length, m.line_height)
    parent = ctx.style(ctx.nodes[i].parent)
    if align == "middle":
        above, below = m.split
        return (above - below) / 2 - round(metrics_for(parent).x_height / 2 * 64.0) / 64.0
    if align == "text-top":  # the top of its line-height box at the top of the parent's content area
        return m.split[0] - metrics_for(parent).ascent
    if align == "text-bottom":  # the bottom of its line-height box at the bottom of the parent's
        return metrics_for(parent).descent - m.split[1]
    parent_size = parent.font_size
    return parent_size / 5 + 1 if align == "sub" else -(parent_size / 3 + 1)


def _atomic_size(ctx: LayoutContext, i: int, cw: float, measuring: bool):
    """(margin-box width, height, baseline, min-content width) of an atomic inline or float. When only
    measuring intrinsic widths, the width is its max-content contribution (no layout)."""
    if measuring:
        lo, hi = yield intrinsic.outer_intrinsic(ctx, i)
        return (hi, 0.0, 0.0, lo)
    box = yield atomic.atomic_box(ctx, i, cw, cb_h=ctx.percent_base(i))
    return (box[0], box[1], box[2], box[0])
