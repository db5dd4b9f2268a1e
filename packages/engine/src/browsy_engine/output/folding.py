"""Folds: parts of the compact `all` list written as one line (or not listed, said once in the header),
with the ids they hold and how to open them.

Nothing is dropped: a fold's elements keep their ids, are in the JSON, in `find`, in `within=<id>` and in
the other views (every action is in `actions`, which is never folded), and `get_page(expand=<id>)` lists
them in place, where <id> is the fold's first line or any id inside it (and every fold around that id
opens with it). Folded in this order, each on what the ones before left listed:

1. **Site chrome the same as on the previous page** of the session (output/selection.py): the
   landmark's line, then `…N elements as on the previous page`.
2. **Images that repeat their action**: an image (img, svg, picture) inside a link or button whose name is
   empty or only repeats that link's or button's name says nothing an agent can use. It is not listed; the
   link or button is its fold (the header's note says so once).
3. **Repeated lines**: a text line that reads exactly as the line before it (the same tag, text and flags;
   no link, no action) is folded into the first of them (said once in the header too).
4. **Big menus and footers**: an outermost navigation landmark (`<nav>`, role=navigation) or the page's
   footer (contentinfo) with `MIN_MENU` listed elements or more: its line, then `…N elements (a–b): "Home",
   "Shop", "Blog", …`. Form fields inside (a search box) stay listed: they are what an agent types into.
   Not when the landmark holds more than half of the page: then it is what the page is (a site map).
5. **Long hidden runs**: `MIN_HIDDEN_RUN` or more hidden elements in a row (a closed menu, an off-canvas
   navigation, a modal): the first line, then `…N more hidden elements (a–b): "Home", …`. Short hidden
   things (a "Forgot password?" link, an error message waiting to be shown) stay listed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .compact import cut_text, field_text
from .selection import is_actionable, repeated_chrome, within

if TYPE_CHECKING:
    from ..model import SpatialDom, SpatialElement

MIN_MENU: Final = 10  # listed elements of a navigation or footer that fold (a short menu stays listed)
MENU_ROLES: Final = frozenset({"navigation", "contentinfo"})
FIELD_TAGS: Final = frozenset({"input", "select", "textarea"})  # stay listed inside a folded menu
MIN_HIDDEN_RUN: Final = 5  # hidden elements in a row that fold (below it, the fold line is about as long)
NAMES_SHOWN: Final = 3  # names of a hidden fold's elements on its line
NAME_CHARS: Final = 24  # characters of each of those names
IMAGE_TAGS: Final = frozenset({"img", "svg", "picture"})


@dataclass(frozen=True, slots=True)
class Fold:
    root: int  # the id of the line that stays, and that `expand` names
    ids: tuple[int, ...]  # the ids not listed
    note: str  # what the root's line says of them ("": a kind the header's note explains once)
    kind: str = "named"

    def opened_by(self, expand: int | None) -> bool:
        return expand is not None and (expand == self.root or expand in self.ids)


Folds = dict[int, list[Fold]]  # the folds of a list by their root's id


def fold_page(
    dom: SpatialDom, els: list[SpatialElement], previous: SpatialDom | None, expand: int | None
) -> tuple[list[SpatialElement], Folds]:
    """The elements of `els` still listed, and the folds by their root's id. A fold that `expand` names
    (its root or an id inside it) stays open, and so does every fold around it."""
    folds: Folds = {}
    chrome = [
        Fold(root, tuple(ids), f"…{len(ids)} elements as on the previous page (get_page expand={root})")
        for root, ids in repeated_chrome(dom, previous).items()
    ]
    els = _apply(els, chrome, expand, folds)
    els = _apply(els, image_folds(dom, els), expand, folds)
    els = _apply(els, repeat_folds(els), expand, folds)
    els = _apply(els, menu_folds(dom, els), expand, folds)
    return _apply(els, hidden_folds(els), expand, folds), folds


def silent_kinds(folds: Folds) -> set[str]:
    """The kinds of fold in `folds` that the header explains (their lines say nothing)."""
    return {fold.kind for group in folds.values() for fold in group if not fold.note}


def menu_folds(dom: SpatialDom, els: list[SpatialElement]) -> list[Fold]:
    """Navigation landmarks (outermost) with MIN_MENU elements or more, unless one holds more than half
    of the page (then it is what the page is: a site map, a list of links)."""
    listed = {el.id for el in els}
    folds: list[Fold] = []
    covered: set[int] = set()
    for el in els:
        if el.role not in MENU_ROLES or el.id in covered:
            continue
        inside = [e.id for e in within(dom, el.id) or [] if e.id != el.id]
        covered.update(inside)
        shown = [i for i in inside if i in listed and not _is_field(dom.get(i))]
        if len(shown) < MIN_MENU or len(inside) * 2 > len(dom.els):
            continue
        folds.append(_named_fold(el, [e for e in els if e.id in set(shown)], "elements"))
    return folds


def _apply(
    els: list[SpatialElement], candidates: Iterable[Fold], expand: int | None, folds: Folds
) -> list[SpatialElement]:
    chosen = [fold for fold in candidates if fold.ids and not fold.opened_by(expand)]
    if not chosen:
        return els
    folded = {i for fold in chosen for i in fold.ids}
    for fold in chosen:
        folds.setdefault(fold.root, []).append(fold)
    return [el for el in els if el.id not in folded]


def repeat_folds(els: list[SpatialElement]) -> list[Fold]:
    """Text lines that read exactly as the line before them (the same tag, text and flags, no link, no
    action): folded into the first of them."""
    folds: list[Fold] = []
    run: list[SpatialElement] = []
    for el in [*els, None]:
        if el is not None and run and _reads_as(el, run[0]):
            run.append(el)
            continue
        if len(run) > 1:
            folds.append(Fold(run[0].id, tuple(e.id for e in run[1:]), "", "repeat"))
        run = [el] if el is not None and el.text and not el.href and not is_actionable(el) else []
    return folds


def _reads_as(el: SpatialElement, first: SpatialElement) -> bool:
    return (
        el.tag == first.tag
        and el.text == first.text
        and el.hidden == first.hidden
        and el.concealed == first.concealed
        and not el.href
        and not is_actionable(el)
    )


def image_folds(dom: SpatialDom, els: list[SpatialElement]) -> list[Fold]:
    """Per link or button: the images inside it that only repeat its name (or have none)."""
    owner = _enclosing_actions(dom, [el for el in els if el.tag in IMAGE_TAGS and not is_actionable(el)])
    by_action: dict[int, list[int]] = {}
    for image_id, action in owner.items():
        image = dom.get(image_id)
        if image is not None and _repeats(image, action):
            by_action.setdefault(action.id, []).append(image_id)
    return [Fold(action_id, tuple(ids), "", "image") for action_id, ids in by_action.items()]


def _is_field(el: SpatialElement | None) -> bool:
    return el is not None and el.tag in FIELD_TAGS


def _repeats(image: SpatialElement, action: SpatialElement) -> bool:
    name = _plain(image.text or image.label or "")
    return not name or name in _plain(action.text or action.label or "")


def _plain(text: str) -> str:
    return " ".join(text.split()).casefold()


def _enclosing_actions(dom: SpatialDom, images: list[SpatialElement]) -> dict[int, SpatialElement]:
    """image id → the nearest link or button around it, in the page's document (frames' elements, which
    have no node there, are left alone)."""
    doc = dom.document
    if doc is None or not images:
        return {}
    nodes = doc.nodes
    by_node = {el.node: el for el in dom.els if el.node >= 0 and is_actionable(el)}
    found: dict[int, SpatialElement] = {}
    for image in images:
        if not 0 <= image.node < len(nodes):
            continue
        parent = nodes[image.node].parent
        while parent >= 0:
            action = by_node.get(parent)
            if action is not None:
                found[image.id] = action
                break
            parent = nodes[parent].parent
    return found


def hidden_folds(els: list[SpatialElement]) -> list[Fold]:
    """Runs of at least MIN_HIDDEN_RUN hidden elements in a row: the first stays, the rest fold."""
    folds: list[Fold] = []
    run: list[SpatialElement] = []
    for el in [*els, None]:
        if el is not None and el.hidden:
            run.append(el)
            continue
        if len(run) >= MIN_HIDDEN_RUN:
            folds.append(_hidden_fold(run))
        run = []
    return folds


def _hidden_fold(run: list[SpatialElement]) -> Fold:
    return _named_fold(run[0], run[1:], "more hidden elements")


def _named_fold(root: SpatialElement, rest: list[SpatialElement], what: str) -> Fold:
    names: list[str] = []
    for el in rest:
        name = " ".join((el.text or el.ph or el.label or "").split())
        if name and name not in names:
            names.append(name)
        if len(names) > NAMES_SHOWN:
            break
    shown = ", ".join(f'"{field_text(cut_text(name, NAME_CHARS))}"' for name in names[:NAMES_SHOWN])
    if len(names) > NAMES_SHOWN:
        shown += ", …"
    listing = f": {shown}" if shown else ""
    note = f"…{len(rest)} {what} ({rest[0].id}–{rest[-1].id}){listing} (get_page expand={root.id})"
    return Fold(root.id, tuple(el.id for el in rest), note)
