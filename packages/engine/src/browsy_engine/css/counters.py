"""CSS counters (CSS Lists 3 §4): the text of ::before/::after boxes whose `content` holds counter() or
counters().

One walk over the rendered elements in tree order, ::before as its element's first child and ::after as
its last (elements with display: none and pseudo-elements without a box take no part), follows the
spec's algorithm:
- inheriting (§4.4.1): an element's counters are its parent's, plus those of its preceding sibling
  whose names the parent has none of (a counter reset on a sibling reaches the siblings after it, but
  not where an ancestor's counter of that name is in scope); each takes the value it has at the element
  just before in tree order;
- then counter-reset instantiates counters (replacing one of the same name that the element or a
  preceding sibling made), counter-increment adds to the innermost counter of a name and counter-set
  sets it, instantiating it at 0 when there is none; a list item increments `list-item` by 1 unless its
  counter-increment or counter-set names it (§4.6), and ol/ul/menu/dir reset `list-item` (UA sheet), an
  ol to start - 1;
- then counter() uses the innermost counter of the name, counters() all of them outermost first,
  instantiating one at 0 when there is none.

A counter's value is read at the element just before in tree order, so one shared cell per counter,
updated as the walk goes, holds every element's value; an element's counters are a tuple of cells,
shared with its parent's until it changes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..dom.tree import Document, Node
from .style import ComputedStyle


@dataclass(slots=True)
class Counter:
    name: str
    origin: int  # the element (or pseudo-element id, see _pseudo_id) that instantiated it
    origin_parent: int  # that element's parent: its siblings' counters are replaced by a reset
    value: int


Counters = tuple[Counter, ...]


def counter_texts(doc: Document, styles: list[ComputedStyle | None]) -> dict[tuple[int, str], str]:
    """The text of each ::before/::after box whose content holds counters, by (element, 'before'|'after')."""
    pseudo = doc.pseudo_styles
    out: dict[tuple[int, str], str] = {}
    if not pseudo or not any(s.content_counters for s in pseudo.values()):
        return out
    nodes = doc.nodes
    # frames of the walk: (element, its counters, index of its next child or -1 before its ::before,
    # the counters of its last child so far: the preceding sibling of the next)
    stack: list[tuple[int, Counters, int, Counters]] = []
    for n in nodes:
        s = styles[n.index]
        if n.parent < 0 and s is not None and s.display != "none":
            stack.append((n.index, _apply((), s, n.index, -1, _ol_start(n)), -1, ()))
    while stack:
        i, counters, k, last = stack.pop()
        if k < 0:
            before = pseudo.get((i, "before"))
            if before is not None:
                last = _pseudo(doc, i, "before", counters, (), before, out)
            k = 0
        children = nodes[i].children
        while k < len(children):
            c = children[k]
            k += 1
            s = styles[c]
            if s is None or s.display == "none":
                continue
            child = _apply(_inherit(counters, last), s, c, i, _ol_start(nodes[c]))
            stack.append((i, counters, k, child))  # resumed once the child's subtree is done
            stack.append((c, child, -1, ()))
            break
        else:
            after = pseudo.get((i, "after"))
            if after is not None:
                _pseudo(doc, i, "after", counters, last, after, out)
    return out


def _inherit(parent: Counters, sibling: Counters) -> Counters:
    """An element's counters before its own properties apply (§4.4.1): its parent's, then its preceding
    sibling's of the names its parent has none of."""
    if not sibling or sibling is parent:
        return parent
    names = {c.name for c in parent}
    extra: list[Counter] = []
    for c in sibling:
        if c.name not in names:
            names.add(c.name)
            extra.append(c)
    return parent + tuple(extra) if extra else parent


def _apply(counters: Counters, s: ComputedStyle, me: int, parent: int, ol_start: int | None) -> Counters:
    """Counters after element me's counter-reset, counter-increment and counter-set (§4.2–4.4); an ol's
    reset of list-item to 0 (the UA sheet's) starts at its start attribute instead."""
    for name, value in s.counter_reset:
        if ol_start is not None and name == "list-item" and value == 0:
            value = ol_start - 1
        counters = _instantiate(counters, name, value, me, parent)
    increments = s.counter_increment
    if s.display == "list-item" and not any(n == "list-item" for n, _ in increments + s.counter_set):
        increments = (*increments, ("list-item", 1))
    for name, value in increments:
        counters, c = _innermost(counters, name, me, parent)
        c.value = _saturate(c.value + value)
    for name, value in s.counter_set:
        counters, c = _innermost(counters, name, me, parent)
        c.value = value
    return counters


def _pseudo(
    doc: Document,
    i: int,
    name: str,
    parent: Counters,
    sibling: Counters,
    s: ComputedStyle,
    out: dict[tuple[int, str], str],
) -> Counters:
    """A ::before/::after box of element i: its counters, and its text when its content uses them."""
    me = _pseudo_id(doc, i, name)
    counters = _apply(_inherit(parent, sibling), s, me, i, None)
    parts = s.content_counters
    if parts:
        text: list[str] = []
        for part in parts:
            if isinstance(part, str):
                text.append(part)
                continue
            counter_name, separator, style = part
            if separator is None:
                counters, c = _innermost(counters, counter_name, me, i)
                text.append(format_counter(c.value, style))
            else:
                if not any(c.name == counter_name for c in counters):
                    counters = _instantiate(counters, counter_name, 0, me, i)
                values = [format_counter(c.value, style) for c in counters if c.name == counter_name]
                text.append(separator.join(values))
        out[(i, name)] = "".join(text)
    return counters


def _pseudo_id(doc: Document, i: int, name: str) -> int:
    """An id for element i's ::before/::after, past the document's node indices."""
    return len(doc.nodes) + 2 * i + (0 if name == "before" else 1)


def _instantiate(counters: Counters, name: str, value: int, me: int, parent: int) -> Counters:
    """A new counter of element me (§4.5): it replaces the innermost one of that name when me or a
    preceding sibling made that one."""
    for k in range(len(counters) - 1, -1, -1):
        c = counters[k]
        if c.name == name:
            if c.origin == me or c.origin_parent == parent:
                counters = counters[:k] + counters[k + 1 :]
            break
    return (*counters, Counter(name, me, parent, value))


def _innermost(counters: Counters, name: str, me: int, parent: int) -> tuple[Counters, Counter]:
    """The innermost counter of that name, instantiated at 0 on element me when there is none."""
    for k in range(len(counters) - 1, -1, -1):
        if counters[k].name == name:
            return counters, counters[k]
    counters = _instantiate(counters, name, 0, me, parent)
    return counters, counters[-1]


def _ol_start(node: Node) -> int | None:
    """An ol's first number: its start attribute (an integer), else 1; None for other elements."""
    if node.tag != "ol":
        return None
    try:
        return int((node.attrs.get("start") or "1").strip())
    except ValueError:
        return 1


def _saturate(value: int) -> int:
    """Counter values are 32-bit integers in Chromium, saturating."""
    return max(-(2**31), min(2**31 - 1, value))


ROMAN: Final = (
    (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
    (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
)  # fmt: skip
LATIN: Final = "abcdefghijklmnopqrstuvwxyz"
GREEK: Final = "αβγδεζηθικλμνξοπρστυφχψω"
BULLETS: Final = {"disc": "•", "circle": "◦", "square": "■", "disclosure-open": "▾", "disclosure-closed": "▸"}


def format_counter(value: int, style: str) -> str:
    """A counter value as the list-style-type `style` writes it (CSS Counter Styles 3 §6–7): values
    outside a style's range, and styles not listed here, fall back to decimal."""
    if style in BULLETS:
        return BULLETS[style]
    if style == "none":
        return ""
    if style == "decimal-leading-zero":
        text = str(value)
        return text if len(text) >= 2 else "0" + text  # the negative sign counts toward the width
    if style in ("lower-alpha", "lower-latin", "upper-alpha", "upper-latin") and value >= 1:
        letters = _alphabetic(value, LATIN)
        return letters.upper() if style.startswith("upper") else letters
    if style == "lower-greek" and value >= 1:
        return _alphabetic(value, GREEK)
    if style in ("lower-roman", "upper-roman") and 1 <= value <= 3999:
        numeral = _roman(value)
        return numeral.upper() if style == "upper-roman" else numeral
    return str(value)


def _alphabetic(value: int, digits: str) -> str:
    """Bijective base-len(digits) numbering: a, b, …, z, aa, ab, …"""
    base = len(digits)
    out: list[str] = []
    while value > 0:
        value -= 1
        out.append(digits[value % base])
        value //= base
    return "".join(reversed(out))


def _roman(value: int) -> str:
    out: list[str] = []
    for amount, numeral in ROMAN:
        while value >= amount:
            out.append(numeral)
            value -= amount
    return "".join(out)
