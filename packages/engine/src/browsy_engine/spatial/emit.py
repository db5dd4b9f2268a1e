"""Spatial DOM emission: one pass over the document's nodes, in document order.

What is emitted (see kinds.py): interactive elements, headings, labels, images, alerts and landmark
markers always (hidden ones with `hidden: true`); other blocks only when they have meaningful text of
their own — text that is not just the text of links, buttons or labels inside them. That one rule is
the seed's wrapper dedup (`<li><a>About</a></li>` gives only the link) and keeps inline formatting
(`<b>`, `<span>`) inside the text of its block instead of splitting it into fragments.
Blocks inside an interactive element, heading, label or alert are read as part of its text and not
emitted again. Visible elements with an empty box are skipped as layout artifacts, except the
elements a browser lists for an agent (links, buttons, fields, headings, images, labels), which are
kept with `hidden: true`, as a browser reports them as not rendered.
"""

from __future__ import annotations

from itertools import compress
from math import floor
from typing import Final

from ..css.style import ComputedStyle
from ..dom.tree import Document, Node
from ..layout.engine import Layout
from ..model import PASSWORD_MASK, SpatialElement
from .alerts import alert_type
from .ancestors import AtOrAbove
from .concealment import OFF_SCREEN_REASON, concealment, is_off_screen
from .kinds import (
    ALERT,
    BLOCK,
    CLAIMING,
    FRAME,
    HEADING,
    IMAGE,
    INLINE,
    INTERACTIVE,
    LABEL,
    LANDMARK,
    SEPARATE,
    SKIP,
    compute_kinds,
)
from .labels import LabelIndex
from .roles import NO_ROLE, SCOPED_TAGS, SECTIONING_TAGS, WIDGET_ROLES, implicit_role, input_type
from .states import (
    FORM_CONTROLS,
    disabled_by_fieldset,
    is_checked,
    is_disabled,
    is_expanded,
    is_required,
    is_selected,
    may_have_state,
    select_options,
    select_value,
    textarea_value,
)
from .text import TextReader, collapse, is_meaningful
from .urls import HrefResolver, base_url
from .visibility import compute_visibility

# Tags a browser-side reader lists for an agent; never dropped for an empty box.
# The href of an iframe whose document is its srcdoc attribute (as `location.href` reads inside one).
FRAME_SRCDOC: Final = "about:srcdoc"
LISTED_TAGS: Final = frozenset(
    {"a", "button", "input", "select", "textarea", "h1", "h2", "h3", "h4", "h5", "h6", "img", "label"}
)
_FORM_FIELDS: Final = frozenset({"input", "select", "textarea"})
# bytes.translate table: kind → 1 for the nodes that may become elements (blocks and the kinds emitted on
# their own), picked out by itertools.compress: a C loop over the nodes yields the candidates' indices
# (a bytearray.find per candidate is a Python method call, about 1k instructions from compiled code).
_CANDIDATE_TABLE: Final = bytes(1 if k == BLOCK or k in SEPARATE else 0 for k in range(256))
# bytes.translate tables: kind → 1 for the kinds emitted on their own / whose text covers their subtree.
_SEPARATE_TABLE: Final = bytes(1 if k in SEPARATE else 0 for k in range(256))
_CLAIMING_TABLE: Final = bytes(1 if k in CLAIMING else 0 for k in range(256))
_FIELD_ROLES: Final = frozenset(
    {"textbox", "searchbox", "combobox", "checkbox", "radio", "switch", "spinbutton", "slider"}
)


def _round(v: float) -> int:
    try:
        return floor(v + 0.5)
    except (ValueError, OverflowError):  # NaN or infinite: no meaningful coordinate
        return 0


def box_of(layout: Layout, index: int) -> list[int] | None:
    try:
        box = layout.boxes[index]
    except IndexError:  # a node the layout has no entry for
        return None
    if box is None:
        return None
    x, y, w, h = box
    try:
        wi, hi = floor(w + 0.5), floor(h + 0.5)
        # comparisons, not max(): a builtin call costs about a thousand instructions, two per element
        return [floor(x + 0.5), floor(y + 0.5), wi if wi > 0 else 0, hi if hi > 0 else 0]
    except (ValueError, OverflowError):  # a NaN or infinite coordinate: each one rounded apart
        return [_round(x), _round(y), max(0, _round(w)), max(0, _round(h))]


class _Emitter:
    def __init__(self, doc: Document, styles: list[ComputedStyle | None], layout: Layout, url: str | None):
        self.doc = doc
        self.nodes = doc.nodes
        self.layout = layout
        self.vis = compute_visibility(doc, styles)
        self.concealed = concealment(doc, styles)
        self.kinds = compute_kinds(doc)
        self.reader = TextReader(doc, self.vis)
        self.labels = LabelIndex(doc, self.reader)
        self._fieldset: bytearray | None = None  # inside a disabled fieldset: computed for the first control
        self.resolve_href = HrefResolver(base_url(doc, url))
        kind = self.kinds.kind
        self._separate = kind.translate(_SEPARATE_TABLE)  # 1 where a node is emitted on its own
        claiming = kind.translate(_CLAIMING_TABLE)
        nodes = self.nodes
        # At or above a node: an element whose text covers its subtree (blocks inside are not emitted
        # again); an article/aside/main/nav/section (a header/footer inside one is no landmark).
        self._in_claiming = AtOrAbove(nodes, claiming.__getitem__)
        self._in_sectioning = AtOrAbove(nodes, lambda i: nodes[i].tag in SECTIONING_TAGS)

    def run(self) -> list[SpatialElement]:
        nodes = self.nodes
        out: list[SpatialElement] = []
        kind = self.kinds.kind
        candidates = kind.translate(_CANDIDATE_TABLE)
        for i in compress(range(len(candidates)), candidates):
            node = nodes[i]
            k = kind[i]
            if k == BLOCK and (
                not self._may_have_text(node)
                or self._in_claiming(node.parent)
                or not self.reader.has_own_text(i, self._separate)
            ):
                continue
            el = self._element(node, k)
            if el is None:
                continue
            if not self._place(el, i):
                continue
            el.id = len(out) + 1
            out.append(el)
        return out

    def _may_have_text(self, node: Node) -> bool:
        """Cheap pre-check for blocks: a non-blank text child or an inline child. Blank text, blocks and
        separately emitted children (links, buttons…: their text is theirs) give a block no text of its
        own; a skipped child (<map>) counts only beside a separately emitted one."""
        nodes = self.nodes
        kind = self.kinds.kind
        skipped = separate = False
        for c in node.children:
            text = nodes[c].text
            if text is not None:
                if text and not text.isspace():
                    return True
                continue
            k = kind[c]
            if k == INLINE:
                return True
            if k == SKIP:
                skipped = True
            elif k != BLOCK:
                separate = True
        return skipped and separate

    def _place(self, el: SpatialElement, i: int) -> bool:
        """Set box and hidden flag; False when the element is a visible empty box to skip."""
        box = box_of(self.layout, i)
        hidden = bool(self.vis.hidden[i])
        if box is not None:
            el.b = box
            if not hidden and box[2] == 0 and box[3] == 0:
                if el.tag not in LISTED_TAGS:
                    return False
                hidden = True
        el.hidden = True if hidden else None
        if not hidden:
            el.concealed = self.concealed[i] or (
                OFF_SCREEN_REASON if box is not None and is_off_screen(box) else None
            )
        return True

    def _role(self, node: Node) -> str | None:
        explicit = self.kinds.role[node.index]
        if explicit:
            return None if explicit in NO_ROLE else explicit
        in_sectioning = node.tag in SCOPED_TAGS and self._in_sectioning(node.parent)
        return implicit_role(node, in_sectioning)

    def _in_disabled_fieldset(self, index: int) -> bool:
        if self._fieldset is None:
            self._fieldset = disabled_by_fieldset(self.doc)
        return bool(self._fieldset[index])

    def _element(self, node: Node, k: int) -> SpatialElement | None:
        i = node.index
        reader = self.reader
        text = None
        if k == BLOCK:
            text, own_meaningful = reader.inline_text(i, self._separate)
            if not own_meaningful:
                return None
        el = SpatialElement(id=0, tag=node.tag, role=self._role(node), text=text, node=i)
        if k == INTERACTIVE:
            self._interactive(node, el)
            return el
        if k == LANDMARK:
            own = reader.own_inline_text(i, self._separate)
            el.text = own if is_meaningful(own) else None
        elif k == LABEL:
            el.text = self.labels.text_of_label(i) or reader.attribute_text(i) or None
        elif k == IMAGE:
            el.text = self._image_text(node) or None
        elif k == FRAME:
            attrs = node.attrs
            el.text = (
                collapse(attrs.get("title") or attrs.get("aria-label") or attrs.get("name") or "") or None
            )
            if self.vis.hidden[i] and not el.text:
                return None  # an unrendered, unnamed frame (a tracking pixel): nothing to show or open
            src = (attrs.get("src") or "").strip()
            el.href = FRAME_SRCDOC if "srcdoc" in attrs else (self.resolve_href(src) if src else None)
        elif k in (HEADING, ALERT):
            el.text = reader.full_text(i) or reader.attribute_text(i) or None
        if k != BLOCK and k != LANDMARK:  # classify() made alert roles and classes ALERT before these two
            el.alert_type = alert_type(self.kinds.role[i], node.attrs.get("class"))
        if "aria-expanded" in node.attrs:  # (a <summary>, expanded by its <details>, is interactive)
            el.expanded = is_expanded(self.doc, node)
        return el

    def _image_text(self, node: Node) -> str:
        attrs = node.attrs
        if node.tag == "img":
            for key in ("alt", "aria-label", "title"):
                text = collapse(attrs.get(key) or "")
                if text:
                    return text
            return ""
        return collapse(attrs.get("aria-label") or "") or self.reader.svg_title(node.index)

    def _interactive(self, node: Node, el: SpatialElement) -> None:
        i = node.index
        tag = node.tag
        attrs = node.attrs
        explicit = self.kinds.role[i]
        if may_have_state(node):
            in_fieldset = tag in FORM_CONTROLS and self._in_disabled_fieldset(i)
            el.disabled = is_disabled(node, in_fieldset)
            el.expanded = is_expanded(self.doc, node)
            el.selected = is_selected(node)
            el.required = is_required(node)
        if tag in _FORM_FIELDS:
            el.name = attrs.get("name") or None
            el.label = self.labels.label_for(i)
            el.text = self.reader.attribute_text(i) or None
        if tag == "input":
            kind = input_type(node)
            el.input_type = kind
            el.checked = is_checked(node, explicit, kind)
            el.ph = collapse(attrs.get("placeholder") or "") or None
            value = attrs.get("value") or None
            el.val = PASSWORD_MASK if value and kind == "password" else value
            if kind == "image" and not el.text:
                el.text = collapse(attrs.get("alt") or "") or None
        elif tag == "select":
            options = select_options(self.doc, node)
            texts = [collapse(self.doc.text_of(o.index)) for o in options]
            el.text = collapse(" ".join(t for t in texts if t)) or el.text
            el.val = select_value(self.doc, node, options)
        elif tag == "textarea":
            el.ph = collapse(attrs.get("placeholder") or "") or None
            el.val = textarea_value(self.doc, node)
        else:
            el.text = self.reader.full_text(i) or self.reader.fallback_text(i) or None
            if explicit is not None:  # only checkable roles are checked
                el.checked = is_checked(node, explicit, None)
            href = attrs.get("href")
            if tag == "a" and href is not None:
                el.href = self.resolve_href(href)
            if explicit in _FIELD_ROLES and explicit in WIDGET_ROLES:
                el.label = self.labels.labelledby_text(i) or None


def emit_elements(
    doc: Document, styles: list[ComputedStyle | None], layout: Layout, url: str | None
) -> list[SpatialElement]:
    """The Spatial DOM's elements of a laid-out document, ids 1..n in document order."""
    return _Emitter(doc, styles, layout, url).run()


def document_title(doc: Document) -> str:
    """The first <title> that is not an SVG's title, whitespace-collapsed."""
    nodes = doc.nodes
    for node in nodes:
        if node.tag != "title":
            continue
        p = node.parent
        while p >= 0 and nodes[p].tag != "svg":
            p = nodes[p].parent
        if p < 0:
            return collapse(doc.text_of(node.index))
    return ""
