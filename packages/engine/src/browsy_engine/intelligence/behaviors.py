"""JS behaviours readable from markup: what clicking an element would do, without running script.

Sources, per element (its source node's attributes):
- Bootstrap-style `data-toggle` / `data-bs-toggle` (collapse, dropdown, tab, modal, offcanvas, …) with the
  target from `data-target` / `data-bs-target` / `href="#id"` / `aria-controls`;
- `aria-controls` on an element with `aria-expanded` (disclosure buttons): toggle;
- `popovertarget` (HTML popover API) with `popovertargetaction` show/hide/toggle;
- `onclick` code: `location.href = '…'`, `window.location = …`, `location.assign/replace(…)`,
  `window.open(…)` → navigate (URL resolved against the page); `….submit()` → submit;
  `getElementById('x')` with `.style.display = 'none'`, `.hidden = true`, `classList.add('hidden')` → hide,
  the opposites → show, `classList.toggle(…)` or anything else → toggle;
- `<summary>` of a `<details>`: toggle of the details' content.
`target_ids` are the Spatial DOM ids of the target node and everything inside it.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any, Final
from urllib.parse import urljoin

from ..dom.tree import Document
from ..model import SpatialDom, SpatialElement

ACTIONS: Final = ("navigate", "toggle", "show", "hide", "submit")
_TOGGLE_KINDS: Final = {
    "modal": "show",
    "tab": "show",
    "pill": "show",
    "offcanvas": "toggle",
    "collapse": "toggle",
    "dropdown": "toggle",
    "popover": "toggle",
    "button": "toggle",
    "list": "show",
}
_NAVIGATE: Final = re.compile(
    r"""(?:(?:window|document|self|top)\.)?location(?:\.href)?\s*=\s*(['"])(?P<a>.*?)\1"""
    r"""|location\.(?:assign|replace)\(\s*(['"])(?P<b>.*?)\3"""
    r"""|window\.open\(\s*(['"])(?P<c>.*?)\5"""
)
_BY_ID: Final = re.compile(
    r"""getElementById\(\s*(['"])(?P<id>[^'"]+)\1\s*\)|querySelector\(\s*(['"])#(?P<sel>[\w-]+)\3"""
)
_HIDE: Final = re.compile(
    r"""display\s*=\s*['"]none['"]|\.hidden\s*=\s*true|classList\.add\(\s*['"](?:hidden|d-none|hide|is-hidden)['"]"""
    r"""|visibility\s*=\s*['"]hidden['"]|\.close\(\)"""
)
_SHOW: Final = re.compile(
    r"""display\s*=\s*['"](?:block|flex|inline|inline-block|grid|)['"]|\.hidden\s*=\s*false"""
    r"""|classList\.remove\(\s*['"](?:hidden|d-none|hide|is-hidden)['"]|classList\.add\(\s*['"](?:show|open|active|is-open)['"]"""
    r"""|visibility\s*=\s*['"]visible['"]|\.show(?:Modal)?\(\)"""
)
_PLAIN_ID: Final = re.compile(r"#?[\w\-][\w\-:.]*")
_SUBMIT: Final = re.compile(r"""\.submit\(\)|requestSubmit\(""")


@dataclass(slots=True)
class Behavior:
    trigger_id: int
    action: str
    target_ids: list[int] = field(default_factory=list)
    url: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "trigger_id": self.trigger_id,
            "action": self.action,
            "target_ids": list(self.target_ids),
        }
        if self.url is not None:
            out["url"] = self.url
        return out


class _Targets:
    """Maps an HTML id to the Spatial DOM ids of that node's subtree."""

    def __init__(self, dom: SpatialDom, doc: Document) -> None:
        self.doc = doc
        self.by_html_id: dict[str, int] | None = None
        pairs = sorted((el.node, el.id) for el in dom.els if el.node >= 0)
        self.nodes = [n for n, _ in pairs]
        self.ids = [i for _, i in pairs]

    def subtree_ids(self, node: int) -> list[int]:
        end = self.doc.subtree_end(node)
        lo = bisect_left(self.nodes, node)
        hi = bisect_left(self.nodes, end)
        return self.ids[lo:hi]

    def of(self, reference: str) -> list[int]:
        """Ids for an HTML id ("menu", "#menu") or, failing that form, a CSS selector (".navbar-collapse")."""
        reference = reference.strip()
        if not _PLAIN_ID.fullmatch(reference):
            out: list[int] = []
            for node in self.doc.select(reference):
                out.extend(i for i in self.subtree_ids(node) if i not in out)
            return out
        return self._by_id(reference.lstrip("#"))

    def _by_id(self, html_id: str) -> list[int]:
        if self.by_html_id is None:
            self.by_html_id = {}
            for n in self.doc.nodes:
                value = n.attrs.get("id") if n.attrs else None
                if value and value not in self.by_html_id:
                    self.by_html_id[value] = n.index
        node = self.by_html_id.get(html_id)
        return self.subtree_ids(node) if node is not None else []


def _target_reference(attrs: dict[str, str | None]) -> str | None:
    for key in ("data-bs-target", "data-target", "aria-controls"):
        value = (attrs.get(key) or "").strip()
        if value:
            return value.split()[0]
    href = (attrs.get("href") or "").strip()
    return href if href.startswith("#") and len(href) > 1 else None


def _from_onclick(el: SpatialElement, code: str, base: str, targets: _Targets) -> Behavior | None:
    nav = _NAVIGATE.search(code)
    if nav:
        url = nav.group("a") or nav.group("b") or nav.group("c") or ""
        return Behavior(el.id, "navigate", [], urljoin(base, url) if base else url)
    if _SUBMIT.search(code):
        return Behavior(el.id, "submit", [])
    ref = _BY_ID.search(code)
    if not ref:
        return None
    ids = targets.of(ref.group("id") or ref.group("sel"))
    if _HIDE.search(code) and not _SHOW.search(code):
        return Behavior(el.id, "hide", ids)
    if _SHOW.search(code) and not _HIDE.search(code):
        return Behavior(el.id, "show", ids)
    return Behavior(el.id, "toggle", ids)


def _behavior_of(el: SpatialElement, doc: Document, base: str, targets: _Targets) -> Behavior | None:
    node = doc.nodes[el.node]
    attrs = node.attrs
    onclick = attrs.get("onclick")
    if onclick:
        found = _from_onclick(el, onclick, base, targets)
        if found:
            return found
    kind = (attrs.get("data-bs-toggle") or attrs.get("data-toggle") or "").strip().lower()
    if kind:
        ref = _target_reference(attrs)
        ids = targets.of(ref) if ref else []
        if not ids and kind == "dropdown" and node.parent >= 0:
            own = set(targets.subtree_ids(el.node))  # the menu is the toggle's sibling
            ids = [i for i in targets.subtree_ids(node.parent) if i not in own]
        return Behavior(el.id, _TOGGLE_KINDS.get(kind, "toggle"), ids)
    popover = attrs.get("popovertarget")
    if popover:
        action = (attrs.get("popovertargetaction") or "toggle").lower()
        return Behavior(el.id, action if action in ("show", "hide") else "toggle", targets.of(popover))
    controls = attrs.get("aria-controls")
    if controls and attrs.get("aria-expanded") is not None:
        return Behavior(el.id, "toggle", targets.of(controls.split()[0]))
    if node.tag == "summary" and node.parent >= 0 and doc.nodes[node.parent].tag == "details":
        ids = [i for i in targets.subtree_ids(node.parent) if i != el.id]
        inner = set(targets.subtree_ids(el.node))
        return Behavior(el.id, "toggle", [i for i in ids if i not in inner])
    return None


def detect_behaviors(dom: SpatialDom) -> list[Behavior]:
    """Behaviours of every element of the page that has one, in element order."""
    doc = dom.document
    if doc is None:
        return []
    targets = _Targets(dom, doc)
    out: list[Behavior] = []
    for el in dom.els:
        if 0 <= el.node < len(doc.nodes) and (doc.nodes[el.node].attrs or el.tag == "summary"):
            found = _behavior_of(el, doc, dom.url, targets)
            if found is not None:
                out.append(found)
    return out
