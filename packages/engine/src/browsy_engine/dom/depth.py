"""Depth guard: flatten pathologically deep markup before lexbor sees it.

lexbor's tree builder is quadratic in nesting depth (200,000 nested `<div>` take minutes), while Blink's
HTML parser caps the tree depth at 512: an element that would be deeper is inserted as a child of the
depth-512 element instead (so runs of deeper elements become siblings). `limit_depth` reproduces that
by closing the element at the cap before opening the next one, and dropping the end tags that closing
made redundant. Ordinary pages skip the scan: a page with fewer unmatched start tags than the cap
cannot be that deep (bounded first from C-speed `str.count` calls per block of text, then from the tags).
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Final

MAX_DEPTH: Final = 512
VOID: Final = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track",
     "wbr", "keygen", "basefont", "bgsound", "frame", "image", "isindex", "menuitem"}
)  # fmt: skip
BLOCKS_CLOSING_P: Final = ("address", "article", "aside", "blockquote", "div", "dl", "fieldset", "footer", "form",
                    "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre",
                    "section", "table", "ul", "li", "dd", "dt")  # fmt: skip
IMPLIED_END: dict[str, tuple[str, ...]] = {name: ("p",) for name in BLOCKS_CLOSING_P}
IMPLIED_END.update({"li": ("li", "p"), "dt": ("dt", "dd", "p"), "dd": ("dt", "dd", "p"), "td": ("td", "th"),
                    "th": ("td", "th"), "tr": ("tr", "td", "th"), "option": ("option",)})  # fmt: skip
# one token: a comment, a whole raw-text element (script/style/… with its text), or a start/end tag
_TOKEN: Final = re.compile(
    r"<!--.*?(?:-->|\Z)"
    r"|<(script|style|textarea|title|xmp|iframe|noembed|noframes)\b[^>]*>.*?(?:</\1\s*>|\Z)"
    r"|<(/?)([A-Za-z][^\s/>]*)[^>]*>",
    re.DOTALL | re.IGNORECASE,
)


_OPEN_OR_CLOSE: Final = re.compile(
    r"<(/?)(?!(?:area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)[\s/>])[A-Za-z]",
    re.IGNORECASE,
)
_ANY_TAG: Final = re.compile(r"<(/?)[A-Za-z]")
_STEP: Final = {"": 1, "/": -1}
_NOT_A_CLOSE: Final = re.compile(r"</(?![A-Za-z])")  # a `</` that closes no tag
_TEXT_BLOCK: Final = 8192  # characters per block when bounding the running depth from counts
_STEPS_BLOCK: Final = 64  # tags per block when bounding the running depth from the list of steps


def could_be_deep(html: str, cap: int = MAX_DEPTH) -> bool:
    """Cheap upper bound on the nesting depth (C-speed counts, regex passes and list counts)."""
    if _shallow_by_counts(html, cap):  # also true when there are at most `cap` `<` in all
        return False
    for pattern in (_ANY_TAG, _OPEN_OR_CLOSE):  # a rough bound first (void tags count), then a finer one
        steps = pattern.findall(html)
        if len(steps) <= cap or _peak_at_most(steps, cap):
            return False
    return True


def _shallow_by_counts(html: str, cap: int) -> bool:
    """Whether the running depth of `_ANY_TAG`'s steps provably stays within `cap`, from C-speed counts per
    block of text: a block's closes are its `</` but those followed by no letter (rare regex matches), its
    opens at most its other `<`; inside a block the depth is at most its depth at the start plus its opens."""
    depth = 0  # at least the depth at the start of the block
    start = 0
    end_of_text = len(html)
    while start < end_of_text:
        end = html.find("<", start + _TEXT_BLOCK)  # blocks end before a `<`, so no tag straddles two
        if end < 0:
            end = end_of_text
        slashes = html.count("</", start, end)
        closes = slashes - len(_NOT_A_CLOSE.findall(html, start, end))
        opens_at_most = html.count("<", start, end) - slashes
        if depth + opens_at_most > cap:
            return False
        depth += opens_at_most - closes
        start = end
    return True


def _peak_at_most(steps: list[str], cap: int) -> bool:
    """Whether the running depth of these steps ('' opens, '/' closes) never exceeds `cap`.

    Block by block, the depth inside a block is at most its depth at the start plus the block's opens
    (two C-speed list operations); only when that bound is too high is the exact running sum taken.
    """
    depth = 0
    for start in range(0, len(steps), _STEPS_BLOCK):
        block = steps[start : start + _STEPS_BLOCK]
        opens = block.count("")
        if depth + opens > cap:
            return max(accumulate(map(_STEP.__getitem__, steps))) <= cap
        depth += 2 * opens - len(block)
    return True


def limit_depth(html: str, cap: int = MAX_DEPTH) -> str:
    """The markup with elements deeper than `cap` re-parented as Blink does (unchanged if not that deep)."""
    if not could_be_deep(html, cap):
        return html
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement)
    stack: list[str] = []
    early_closed: dict[str, int] = {}  # end tags still to come for elements we closed at the cap
    implied = IMPLIED_END
    for m in _TOKEN.finditer(html):
        raw, slash, name = m.groups()
        if raw is None and name is None:
            continue  # comment
        if slash:
            name = name.lower()
            pending = early_closed.get(name)
            if pending:
                early_closed[name] = pending - 1
                edits.append((m.start(), m.end(), ""))  # its element was already closed at the cap
            elif name in stack:
                while stack.pop() != name:
                    pass
            continue
        name = (raw or name).lower()
        if name in VOID:
            continue
        if stack and stack[-1] in implied.get(name, ()):
            stack.pop()  # `<li>` after an unclosed `<li>` (etc.) closes it, as the HTML parser does
        if len(stack) >= cap:
            top = stack.pop()
            early_closed[top] = early_closed.get(top, 0) + 1
            edits.append((m.start(), m.start(), f"</{top}>"))
        if raw is None:
            stack.append(name)
    if not edits:
        return html
    pieces: list[str] = []
    last = 0
    for start, end, replacement in edits:
        pieces.append(html[last:start])
        pieces.append(replacement)
        last = end
    pieces.append(html[last:])
    return "".join(pieces)
