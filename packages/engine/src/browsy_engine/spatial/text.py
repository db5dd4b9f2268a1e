"""Text of elements, as a reader of the rendered page sees it.

- `collapse`: whitespace runs become one space, trimmed; text longer than TEXT_CAP characters is cut at
  a word boundary and ends with "…" (a Spatial DOM element is a handle, not a copy of the page).
- `TextReader.full_text(i)`: all rendered text under a node (links, buttons, headings, labels, alerts),
  with a space at block boundaries and <br>. Walks are bounded: at most MAX_WALK nodes each, and all
  walks of a document share a budget proportional to its size (then each gets MIN_WALK nodes), so
  pathological nesting (20,000 nested `<span role=button>`) stays linear.
- `TextReader.inline_text(i)`: the text of a block's own inline content, stopping at nested blocks
  (each block speaks for itself); also tells whether the part not inside separately emitted elements
  (links, buttons, labels…) is meaningful, which decides whether the block is worth emitting at all.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

from ..dom.tree import Document
from .visibility import Visibility

TEXT_CAP: Final = 2000
MAX_WALK: Final = 50_000
MIN_WALK: Final = 64

# Phrasing elements: they flow inside the text of the block around them.
_INLINE: Final = """a abbr acronym b bdi bdo big br button cite code data del dfn em font i img input ins kbd label
    mark meter nobr output picture progress q rp rt ruby s samp select small span strike strong sub sup
    textarea time tt u var wbr svg math slot canvas video audio iframe embed object map area"""
INLINE_TAGS: Final = frozenset(_INLINE.split())
# Never contribute text: scripts, styles, replaced content, form control internals, svg (read apart).
SILENT_TAGS: Final = frozenset(
    {"script", "style", "template", "head", "title", "svg", "math", "select", "option", "optgroup",
     "datalist", "textarea", "iframe", "object", "embed", "canvas", "video", "audio", "noembed"}
)  # fmt: skip
# One str.isalnum() character: a word character other than "_" (the definition of \w in `re`).
_ALNUM: Final = re.compile(r"[^\W_]")
# Tags whose text is the control's own (a select's options), left out of a label's text.
_CONTROL_TAGS: Final = frozenset({"select", "textarea", "option", "optgroup", "datalist"})


# C0 and C1 control characters (and DEL): a page's text must not drive the reader's terminal (ESC
# sequences retitle or clear it, BEL rings). Whitespace controls are already collapsed to spaces.
CONTROL_CHARS: Final = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


def without_controls(text: str) -> str:
    return CONTROL_CHARS.sub("", text) if CONTROL_CHARS.search(text) else text


# A text longer than this is collapsed from its first _HEAD characters when they give more than TEXT_CAP
# (see collapse).
_HEAD: Final = TEXT_CAP * 3 // 2


def collapse(text: str) -> str:
    if not text:  # the usual absent attribute (`collapse(attrs.get("title") or "")`)
        return ""
    if len(text) > _HEAD:
        # A long text is cut at TEXT_CAP: collapsing a head of it gives a prefix of the whole text's
        # collapse (words are kept in order, the last one perhaps shortened), so when that prefix is
        # already longer than TEXT_CAP it decides the cut alone and the rest need not be read.
        head = _collapse_whole(text[:_HEAD])
        if len(head) > TEXT_CAP:
            return _cut(head)
    return _cut(_collapse_whole(text))


def _collapse_whole(text: str) -> str:
    """`text` (not empty) collapsed, without controls, uncut."""
    # Most texts (a link's label, a one-line paragraph) are collapsed already: no space at either end,
    # never two in a row, nothing unprintable (every white space but the space is, and so is every
    # control character). Checking that reads the text once and makes no word strings.
    # A line break is the usual sign of a text that is not (markup's own line breaks), found faster by
    # `in` than by isprintable's per-character reading.
    if text[0] != " " and text[-1] != " " and "  " not in text and "\n" not in text and text.isprintable():
        return text
    out = " ".join(text.split())
    # without_controls, inlined (collapse runs for most elements); a printable text has no control
    # character, and str.isprintable reads a text faster than the pattern's search
    if not out.isprintable() and CONTROL_CHARS.search(out):
        out = CONTROL_CHARS.sub("", out)
    return out


def _cut(out: str) -> str:
    if len(out) > TEXT_CAP:
        cut = out.rfind(" ", 0, TEXT_CAP)
        out = out[: cut if cut > TEXT_CAP // 2 else TEXT_CAP] + "…"
    return out


def is_meaningful(text: str) -> bool:
    """Has a letter, digit or symbol (not just separators such as '|' or '·')."""
    # most texts start with a letter or digit: one str method call answers (a regex search costs about
    # 1.5k instructions from compiled code)
    if text and text[0].isalnum():
        return True
    if _ALNUM.search(text) is not None:
        return True
    return any(unicodedata.category(ch) == "So" for ch in text)


def _meaningful_raw(text: str) -> bool:
    """is_meaningful(collapse(text)), without collapsing when no cut can happen: collapsing only drops
    whitespace and control characters, neither of which is meaningful, and cuts only texts longer
    than TEXT_CAP."""
    return is_meaningful(text) if len(text) <= TEXT_CAP else is_meaningful(collapse(text))


class TextReader:
    def __init__(self, doc: Document, vis: Visibility) -> None:
        self._doc = doc
        self._nodes = doc.nodes
        self._unrendered = vis.unrendered
        self._muted = vis.muted
        self._budget = max(200_000, 4 * len(doc.nodes))  # nodes all subtree walks may still visit

    def _allowance(self) -> int:
        budget = self._budget  # clamped to [MIN_WALK, MAX_WALK] by comparisons (no builtin calls)
        return MIN_WALK if budget < MIN_WALK else MAX_WALK if budget > MAX_WALK else budget

    def full_text(self, index: int) -> str:
        nodes = self._nodes
        children = nodes[index].children
        if len(children) == 1:  # the usual link or heading: one text node, what _walk would visit
            only = children[0]
            text = nodes[only].text
            if text is not None:
                self._budget -= 1
                shown = not self._unrendered[only] or self._unrendered[index]
                return collapse(text) if shown else ""
        return collapse("".join(self._walk(index)))

    def label_text(self, index: int) -> str:
        """A label's text: like full_text, without the text of the controls it wraps."""
        return collapse("".join(self._walk(index, skip_tags=_CONTROL_TAGS)))

    def _walk(self, root: int, skip_tags: frozenset[str] = frozenset()) -> list[str]:
        nodes = self._nodes
        unrendered = self._unrendered
        show_unrendered = bool(unrendered[root])  # a hidden element reads like textContent
        parts: list[str] = []
        stack = nodes[root].children[::-1]
        allowance = budget = self._allowance()
        size = 0
        max_size = TEXT_CAP * 2
        while stack and budget > 0 and size <= max_size:
            budget -= 1
            i = stack.pop()
            if i < 0:
                parts.append(" ")
                continue
            node = nodes[i]
            if unrendered[i] and not show_unrendered:
                continue
            text = node.text
            if text is not None:
                parts.append(text)
                size += len(text)
                continue
            tag = node.tag
            if tag in SILENT_TAGS or tag in skip_tags:
                continue
            if tag == "br":
                parts.append(" ")
                continue
            if tag not in INLINE_TAGS:
                parts.append(" ")
                stack.append(-1)
            stack += node.children[::-1]
        self._budget -= allowance - budget
        return parts

    def inline_text(self, index: int, separate: bytearray) -> tuple[str, bool]:
        """(all inline text, collapsed; whether the part outside separately emitted descendants is
        meaningful). `separate[i]` is 1 for nodes emitted as elements of their own (links, buttons…).
        The part itself is not collapsed: a block needs only its verdict (collapsing it would read the
        block's text a second time), and its raw text is as meaningful as its collapsed one while
        no cut can fall in it (see _meaningful_raw)."""
        everything, own, apart = self._inline_parts(index, separate)
        whole = collapse("".join(everything))
        return whole, (_meaningful_raw("".join(own)) if apart else is_meaningful(whole))

    def own_inline_text(self, index: int, separate: bytearray) -> str:
        """The collapsed inline text outside separately emitted descendants (a landmark's text)."""
        everything, own, apart = self._inline_parts(index, separate)
        return collapse("".join(own if apart else everything))

    def _inline_parts(self, index: int, separate: bytearray) -> tuple[list[str], list[str], bool]:
        """The walk of inline_text: (all text parts, the parts outside separately emitted descendants,
        whether the two differ)."""
        nodes = self._nodes
        unrendered = self._unrendered
        show_unrendered = unrendered[index]
        hidden = self._muted
        # Decorative content (aria-hidden icons) is read, but does not make a block worth emitting.
        hidden_counts = hidden[index]
        everything: list[str] = []
        own: list[str] = []
        apart = False  # whether some text went into `everything` only (else both read the same)
        # The walk is in pre-order (increasing indices), so the nodes inside a separately emitted
        # descendant are those below the end of its subtree.
        inside_end = 0
        stack = nodes[index].children[::-1]
        budget = MAX_WALK
        while stack and budget > 0:
            budget -= 1
            i = stack.pop()
            if unrendered[i] and not show_unrendered:
                continue
            node = nodes[i]
            text = node.text
            if text is not None:
                everything.append(text)
                if i >= inside_end and (hidden_counts or not hidden[i]):
                    own.append(text)
                else:
                    apart = True
                continue
            tag = node.tag
            if tag not in INLINE_TAGS:
                everything.append(" ")  # a nested block: it is emitted on its own
                own.append(" ")
                continue
            if tag == "br":
                everything.append(" ")
                own.append(" ")
                continue
            children = node.children
            if not children or tag in SILENT_TAGS:
                continue
            if i >= inside_end and separate[i]:
                inside_end = self._doc.subtree_end(i)
            if len(children) == 1:
                only = children[0]
                text = nodes[only].text
                if text is not None and budget > 0:  # a lone text child: read it without the stack
                    budget -= 1
                    if not unrendered[only] or show_unrendered:
                        everything.append(text)
                        if only >= inside_end and (hidden_counts or not hidden[only]):
                            own.append(text)
                        else:
                            apart = True
                    continue
                stack.append(only)
            else:
                stack += children[::-1]
        return everything, own, apart

    def has_own_text(self, index: int, separate: bytearray) -> bool:
        """Whether a block may have meaningful text of its own: the walk of `inline_text`, without entering
        separately emitted descendants and stopping at the first meaningful text node. A cheap filter:
        False means `inline_text`'s own part is not meaningful; True is confirmed by `inline_text`."""
        nodes = self._nodes
        unrendered = self._unrendered
        show_unrendered = unrendered[index]
        hidden = self._muted
        hidden_counts = hidden[index]
        stack = list(reversed(nodes[index].children))
        budget = MAX_WALK  # visits a subsequence of inline_text's walk: it reaches at least as far
        while stack and budget > 0:
            budget -= 1
            i = stack.pop()
            if unrendered[i] and not show_unrendered:
                continue
            node = nodes[i]
            text = node.text
            if text is not None:
                if (hidden_counts or not hidden[i]) and not text.isspace() and is_meaningful(text):
                    return True
                continue
            tag = node.tag
            if not separate[i] and tag in INLINE_TAGS and tag not in SILENT_TAGS:
                stack.extend(reversed(node.children))
        return False

    def attribute_text(self, index: int) -> str:
        """The element's own aria-label, else its title."""
        attrs = self._nodes[index].attrs
        return collapse(attrs.get("aria-label") or "") or collapse(attrs.get("title") or "")

    def fallback_text(self, index: int) -> str:
        """aria-label, title, a descendant <img alt>, a descendant <svg><title> — the first non-empty."""
        return self.attribute_text(index) or self._descendant_text_alternative(index)

    def _descendant_text_alternative(self, root: int) -> str:
        nodes = self._nodes
        svg_title = alt = ""
        stack = list(reversed(nodes[root].children))
        allowance = budget = min(2_000, self._allowance())
        while stack and budget > 0 and not alt:
            budget -= 1
            node = nodes[stack.pop()]
            if node.tag == "img":
                alt = collapse(node.attrs.get("alt") or "")
            elif node.tag == "svg" and not svg_title:
                svg_title = self.svg_title(node.index)
            elif node.children:
                stack.extend(reversed(node.children))
        self._budget -= allowance - budget
        return alt or svg_title

    def svg_title(self, svg: int) -> str:
        nodes = self._nodes
        for c in nodes[svg].children:
            if nodes[c].tag == "title":
                return collapse("".join(nodes[t].text or "" for t in nodes[c].children))
        return ""
