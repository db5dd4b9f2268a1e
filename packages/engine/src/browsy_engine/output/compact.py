r"""Compact output: one bracketed line per element, for minimal tokens.

    [id:tag:type [name] [v] [*] [=value] "text" ->href size @position]

- `:type` only for inputs whose type is not text; `!` before the id for hidden elements, `~` for concealed
  ones (laid out, but a person cannot see them: opacity 0, clipped away, off-screen, text the colour of
  its background — page text an agent should not take as what the page shows).
- `"text"`: the element's text, else its placeholder, else its label (form fields).
- `->href`: where a link goes, as short as it can be written (output/links.py): a link on the page's own
  origin as its path (`->/about`, as the seed shows; the header's `url:` says where it is), a place on
  the page itself as its fragment (`->#reviews`), a destination already written on an earlier line as
  that line's id (`->=12`), `utm_*` campaign tags left out, any other link in full. JSON always has the
  absolute URL.
- size hint for input/button/textarea/select: narrow (< 15% of the viewport width), wide (> 50%),
  full (> 90%), nothing in between or for elements without a width.
- Escaping, so that no page text can forge a line or a field: inside `[name]`, `[=value]` and
  `"text"`, a backslash, `"`, `[` and `]` are written `\\`, `\"`, `\[` and `\]`; an href has `"`, `[`, `]`
  and spaces percent-encoded. Control characters (C0, C1, DEL) never appear: they are removed from text
  and percent-encoded in hrefs. So every `[` that is not preceded by a backslash starts a real field.
- `@top-L … @bot-R` (3×3 grid of the viewport by the element's centre) or `@below` (centre below the
  fold), only to tell apart elements whose (tag, quoted text) is shared with another element of the same
  list (the seed's rule; the seed's example shows inputs quoted by placeholder without position tags, so
  the quoted text, not only the `text` field, is what tells elements apart), and only when the twins are
  not all in the same cell (`@below` on every "[17]" of an article tells none apart). Only elements a person can
  place get one: not hidden ones (`!`: they have no place on screen, their `!` already tells them from a
  visible twin), and not structural elements with no text that nobody acts on (`[main]`, `[section]`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from ..spatial.text import without_controls
from .json_output import well_formed
from .links import LinkWriter
from .selection import is_actionable

if TYPE_CHECKING:
    from ..model import Frame, SpatialDom, SpatialElement

_SIZED_TAGS: Final = frozenset({"input", "button", "textarea", "select"})
# Elements whose text is what an agent acts on: never cut (links, controls, headings, labels).
UNCUT_TAGS: Final = frozenset(
    {
        "a",
        "button",
        "input",
        "select",
        "textarea",
        "summary",
        "label",
        "option",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
    }
)
_ROWS: Final = ("top", "mid", "bot")
_COLS: Final = ("-L", "", "-R")


_ESCAPES: Final = str.maketrans({"\\": "\\\\", '"': '\\"', "[": "\\[", "]": "\\]"})


def _flat(value: str) -> str:
    """One line, no control characters (headers and fields)."""
    return without_controls(" ".join(value.split()))


def field_text(value: str) -> str:
    """A field's content, flattened and escaped so that it cannot close its field or open another."""
    return _flat(value).translate(_ESCAPES)


def size_hint(el: SpatialElement, vp_width: float) -> str | None:
    if el.tag not in _SIZED_TAGS or vp_width <= 0 or el.b[2] <= 0:
        return None
    share = el.b[2] / vp_width
    if share > 0.9:
        return "full"
    if share > 0.5:
        return "wide"
    if share < 0.15:
        return "narrow"
    return None


def position_tag(el: SpatialElement, vp: Sequence[float]) -> str:
    x, y, w, h = el.b
    cx, cy = x + w / 2, y + h / 2
    width, height = (vp[0] or 1.0), (vp[1] or 1.0)
    if cy >= height:
        return "@below"
    row = min(2, max(0, int(cy * 3 // height)))
    col = min(2, max(0, int(cx * 3 // width)))
    return f"@{_ROWS[row]}{_COLS[col]}"


def _shown_text(el: SpatialElement) -> str | None:
    return el.text or el.ph or el.label


def cut_text(text: str, limit: int) -> str:
    """`text` cut to about `limit` characters at a word boundary, with "…" (0: never cut)."""
    if limit <= 0 or len(text) <= limit:
        return text
    head = text[:limit]
    space = head.rfind(" ")
    return (head[:space] if space > limit // 2 else head).rstrip() + "…"


def element_line(
    el: SpatialElement,
    vp: Sequence[float],
    disambiguate: bool,
    marker: str = "",
    links: LinkWriter | None = None,
    max_text: int = 0,
) -> str:
    """One element's compact line; `marker` goes before the id ('+' in deltas); `links` writes its
    destination (default: in full); the text of a non-interactive element is cut to `max_text` characters
    (0: whole)."""
    head = f"[{marker}{'!' if el.hidden else '~' if el.concealed else ''}{el.id}:{el.tag}"
    if el.tag == "input" and el.input_type and el.input_type != "text":
        head += f":{el.input_type}"
    parts = [head]
    if el.name:
        parts.append(f"[{field_text(el.name)}]")
    if el.checked:
        parts.append("[v]")
    if el.required:
        parts.append("[*]")
    if el.val:
        parts.append(f"[={field_text(el.val)}]")
    text = _shown_text(el)
    if text:
        if max_text and el.tag not in UNCUT_TAGS:
            text = cut_text(text, max_text)
        parts.append(f'"{field_text(text)}"')
    if el.href:
        parts.append(f"->{(links or LinkWriter()).write(el.id, el.href)}")
    hint = size_hint(el, vp[0])
    if hint:
        parts.append(hint)
    if disambiguate:
        parts.append(position_tag(el, vp))
    return " ".join(parts) + "]"


def placeable(el: SpatialElement) -> bool:
    """Whether a position tag could tell this element apart: shown on the page, and with a text or an
    action (a hidden element has no place on screen; a bare `[section]` is nothing an agent points at)."""
    if el.hidden:
        return False
    return bool(_shown_text(el)) or is_actionable(el)


def element_lines(
    els: Iterable[SpatialElement], vp: Sequence[float], marker: str = "", url: str = "", max_text: int = 0
) -> list[str]:
    """Compact lines of `els`; links written relative to `url` (the page's) and to earlier lines; texts of
    reading blocks cut to `max_text` characters (0: whole)."""
    els = list(els)
    links = LinkWriter(url)
    tags = position_tags(els, vp)
    return [element_line(el, vp, el.id in tags, marker, links, max_text) for el in els]


def position_tags(els: list[SpatialElement], vp: Sequence[float]) -> set[int]:
    """Ids of the elements that get a position tag: placeable ones sharing their (tag, quoted text) with
    another, when the twins are not all in the same cell (a tag that every twin has tells none apart)."""
    twins: dict[tuple[str, str | None], list[SpatialElement]] = {}
    for el in els:
        if placeable(el):
            twins.setdefault((el.tag, _shown_text(el)), []).append(el)
    tagged: set[int] = set()
    for group in twins.values():
        if len(group) > 1 and len({position_tag(el, vp) for el in group}) > 1:
            tagged.update(el.id for el in group)
    return tagged


def header_lines(dom: SpatialDom, element_count: int | None = None) -> list[str]:
    count = len(dom.els) if element_count is None else element_count
    lines = [f"title: {_flat(dom.title)}", f"url: {dom.url}", f"els: {count}"]
    if dom.page_type and dom.page_type != "Other":
        lines.append(f"page_type: {dom.page_type}")
    if dom.suggested_actions:
        lines.append("suggested_actions:")
        lines.extend(f"  {a.compact()}" for a in dom.suggested_actions)
    if dom.needs_js_reason is not None:
        lines.append(f"needs_js: {_flat(dom.needs_js_reason)}")
    if dom.rendered:
        lines.append("rendered: true")
    if dom.frames:
        lines.append("frames:")
        lines.extend(f"  {_flat(line)}" for line in frame_lines(dom.frames))
    lines.extend(f"note: {_flat(note)}" for note in dom.notes)
    lines.append("---")
    return lines


def frame_lines(frames: Sequence[Frame]) -> list[str]:
    """One line per frame; frames with no elements that share their URL and status (a page's dozens of
    empty `about:blank` frames) on one line, with their ids."""
    lines: list[str] = []
    alike: dict[tuple[str, str], list[int]] = {}
    for frame in frames:
        if frame.first is None:
            ids = alike.setdefault((frame.src, frame.status), [])
            if ids:
                ids.append(frame.id)
                continue
            ids.append(frame.id)
        lines.append(frame.describe())
    for (src, status), ids in alike.items():
        if len(ids) > 1:
            first = lines.index(f"[{ids[0]}] {src}: {status}")
            lines[first] = f"[{id_ranges(ids)}] {src}: {status}"
    return lines


def id_ranges(ids: Sequence[int]) -> str:
    """Increasing ids written as ranges: `102–213, 300`."""
    parts: list[str] = []
    start = prev = ids[0]
    for i in [*ids[1:], None]:
        if i is not None and i == prev + 1:
            prev = i
            continue
        parts.append(str(start) if start == prev else f"{start}–{prev}")
        if i is not None:
            start = prev = i
    return ", ".join(parts)


def to_compact_string(dom: SpatialDom, header: bool = False) -> str:
    lines = header_lines(dom) if header else []
    lines.extend(element_lines(dom.els, dom.vp, url=dom.url))
    return well_formed("\n".join(lines))
