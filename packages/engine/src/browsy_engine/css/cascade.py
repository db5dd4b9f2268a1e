"""The cascade: stylesheets + inline styles + presentational hints → one ComputedStyle per element.

1. Collect sheets: the UA sheet, then author sheets in document order (`<style>` elements and the
   already-fetched external sheets of `extra_css`, interleaved with `<link rel=stylesheet>` when their
   counts agree, else first).
2. Order every (selector, declaration block) pair by cascade priority — origin and importance, layer,
   specificity, source order — and match each selector once (rule-driven; see matching.py). Each element
   then holds the ascending list of the blocks that apply to it.
3. Walk the elements in document order (parents first). An element's style depends only on its parent's
   style, its matched blocks, its `style` attribute and its presentational hints, so styles are memoised
   by that key: identical elements share one ComputedStyle object (treat styles as read-only). A bounded
   process-wide table keyed by (parent style, blocks in cascade order) lets documents share styles too,
   so small pages mostly reuse what earlier pages computed.
The UA sheet is flattened once per process (selectors indexed by a tag they require, so a page only
matches those its tags allow; its `input[type=… i]` selectors are answered together from the inputs'
types).
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Any, Final

from tinycss2.ast import IdentToken
from tinycss2.serializer import serialize

from ..dom.tree import Document
from .chain import AttributeTest, chain_for
from .hints import CELL_TAGS, may_have_hints, presentational_css
from .kinds import CSS_WIDE, INHERIT, REVERT, REVERT_LAYER, UNSET, Spec
from .matching import Matcher
from .media import media_matches
from .properties import PropertyParser
from .resolve import build_style, inherit_base
from .selectors import Selector
from .sheet import CONTAINER, Block, RawDeclaration, Sheet, parse_declarations, parse_sheet
from .style import ComputedStyle
from .tokenizer import tokenize
from .ua import QUIRKS_CSS, UA_CSS
from .values import Viewport, significant
from .variables import resolve_custom, substitute

VAR: Final = 10
CUSTOM: Final = 11
UA_NORMAL: Final = 0
HINTS: Final = 1
AUTHOR_NORMAL: Final = 2
INLINE_NORMAL: Final = 3
AUTHOR_IMPORTANT: Final = 4
INLINE_IMPORTANT: Final = 5
UA_IMPORTANT: Final = 6
UNLAYERED: Final = 1 << 20
# cascade origins grouped as revert-layer sees them: UA, author normal (hints, sheets, style attribute),
# author important, UA important
ORIGIN_GROUPS: Final = {0: 0, 1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}
_UNSET: Spec = (UNSET, None)

_parsers: dict[tuple[float, float], PropertyParser] = {}
# Styles shared across documents: (parser, parent style, blocks in cascade order, root font size, is root)
# determine a style completely. Parser and blocks hash by identity; the parent by its id, so the value
# keeps the parent alive and is checked on a hit.
MAX_SHARED_STYLES: Final = 10_000
_shared_styles: dict[tuple, tuple] = {}
# the ids of the styles it holds, and how many times it started over: a page's other styles die with
# the page, and layout's style memos forget them (layout.text.settle_style_memos)
_shared_ids: set[int] = set()
_shared_round: list[int] = [0]


def shared_style_ids() -> set[int]:
    return _shared_ids


def shared_styles_round() -> int:
    return _shared_round[0]


_ua_sheet: Sheet | None = None


def parser_for(vp: Viewport) -> PropertyParser:
    key = (vp.width, vp.height)
    parser = _parsers.get(key)
    if parser is None:
        if len(_parsers) > 8:
            _parsers.clear()
        parser = _parsers[key] = PropertyParser(vp)
    return parser


def ua_sheet() -> Sheet:
    global _ua_sheet
    if _ua_sheet is None:
        _ua_sheet = parse_sheet(UA_CSS)
    return _ua_sheet


@lru_cache(maxsize=4096)
def inline_blocks(text: str) -> tuple[Block | None, Block | None]:
    return parse_declarations(text)


def compile_block(block: Block, parser: PropertyParser) -> tuple[tuple[str, Spec], ...]:
    """A block's declarations as (slot, spec) in source order; var()-dependent ones stay VAR."""
    compiled = block.compiled
    if compiled is not None and compiled[0] is parser:
        return compiled[1]
    out: list[tuple[str, Spec]] = []
    for d in block.declarations:
        if d.name.startswith("--"):
            out.append((d.name, (CUSTOM, d)))
        elif d.has_var:
            if parser.knows(d.name):
                out.extend((slot, (VAR, d)) for slot in parser.shorthand_slots[d.name])
        else:
            parsed = parser.parse(d.name, d.tokens)
            if parsed:
                out.extend(parsed)
    entries = tuple(out)
    block.compiled = (parser, entries)
    return entries


def _style_media_ok(node_media: str | None, vp: Viewport) -> bool:
    if not node_media or not node_media.strip():
        return True
    return media_matches(tokenize(node_media), vp)


def _as_text(css: object) -> str:
    """External sheet text; bytes are decoded as UTF-8, anything else is ignored."""
    if isinstance(css, str):
        return css
    if isinstance(css, (bytes, bytearray)):
        return bytes(css).decode("utf-8", errors="replace")
    return ""


def author_sheets(doc: Document, matcher: Matcher, extra_css: Sequence[object], vp: Viewport) -> list[Sheet]:
    """Author stylesheets in document order."""
    tags = matcher.tags
    styles = [(i, "style") for i in tags.get("style", [])]
    links = [
        (i, "link")
        for i in tags.get("link", [])
        if "stylesheet" in (doc.nodes[i].attrs.get("rel") or "").lower().split()
        and "alternate" not in (doc.nodes[i].attrs.get("rel") or "").lower().split()
    ]
    extras = [_as_text(t) for t in extra_css]
    sheets: list[Sheet] = []
    if len(links) != len(extras) or not extras:
        sheets.extend(parse_sheet(t) for t in extras if t)
        links = []
    extra_iter = iter(extras)
    for index, kind in sorted(styles + links):
        node = doc.nodes[index]
        if kind == "link":
            text = next(extra_iter)
            if text and _style_media_ok(node.attrs.get("media"), vp):
                sheets.append(parse_sheet(text))
            continue
        style_type = (node.attrs.get("type") or "text/css").strip().lower()
        if style_type not in ("text/css", ""):
            continue
        if not _style_media_ok(node.attrs.get("media"), vp):
            continue
        text = doc.text_of(index)
        if text.strip():
            sheets.append(parse_sheet(text))
    return sheets


@dataclass(frozen=True, slots=True)
class QueryContainer:
    """A size container as a first layout measured it: its names and content box (CSS Contain 3 §2)."""

    names: tuple[str, ...]
    width: float
    height: float  # 0 for an inline-size container, whose height queries cannot hold


class _Cascade:
    def __init__(
        self,
        doc: Document,
        vp: Viewport,
        extra_css: Sequence[str],
        containers: dict[int, QueryContainer] | None = None,
    ) -> None:
        self.doc = doc
        # the measured query containers by element; None before a layout (@container rules are left out)
        self.containers = containers
        self.has_container_rules = False
        self.vp = vp
        self.parser = parser_for(vp)
        self.matcher = Matcher(doc)
        self.blocks: list[Block] = []
        # (origin group, layer) of each sheet block by id, for revert-layer (see _revert_layer)
        self.block_levels: dict[int, tuple[int, int]] = {}
        # the ascending seqs of the blocks matching each node (None: none), by node index: a list, not a
        # dict, as every matched (rule, element) pair looks its element up here. Items are Any so that
        # compiled code appends the one boxed int of a seq to all its elements' lists (an int-typed list
        # would box it anew for each); elements with the same blocks then also compare fast in `run`'s memo
        self.matched: list[list[Any] | None] = [None] * len(doc.nodes)
        self.pseudo_matched: dict[tuple[int, str], list[int]] = {}  # (element, "before"/"after") -> seqs
        self.ua_end = 0
        self.important_start = 0
        self.ua_important_start = 0
        self._reparsed: dict[tuple[str, str], dict[str, Spec] | None] = {}
        # registered custom properties (@property): the root's initial values, the values every other
        # element starts from for the non-inherited ones, and a key telling registrations apart
        self.root_custom: dict[str, list[object] | None] | None = None
        self.reset_custom: dict[str, list[object] | None] | None = None
        self.registry_key: str | None = None
        self._order_rules(extra_css)

    # ---- step 2: order and match ---------------------------------------------------------------
    def _media_ok(self, sheet: Sheet, keys: tuple[str, ...]) -> bool:
        vp = self.vp
        return all(sheet.media_matches(key, vp) for key in keys)

    def _order_rules(self, extra_css: Sequence[str]) -> None:
        # targets: element indices, or (element, "before"/"after") for a pseudo-element
        entries: list[tuple[tuple[int, int, tuple[int, int, int], int], Block, list[Any]]] = []
        ua = _flat_ua(self.doc.quirks)
        tags = self.matcher.tags
        rest: list[tuple[Selector, tuple, Block]] = list(ua.rest_any)
        for tag, nodes in tags.items():
            for key, block in ua.by_tag.get(tag, ()):
                entries.append((key, block, nodes))
            rest.extend(ua.rest_by_tag.get(tag, ()))
            for test in ua.value_tests.get(tag, ()):
                groups = self.matcher.by_attribute_value(tag, test.attribute)
                if groups is None:
                    rest.extend(test.selectors)
                    continue
                for value, group in groups.items():
                    for key, block in test.by_value.get(value, ()):
                        entries.append((key, block, group))
        for sel, key, block in rest:
            found = self.matcher.match(sel)
            if found:
                entries.append((key, block, found))
        sheets = [(False, s) for s in author_sheets(self.doc, self.matcher, extra_css, self.vp)]
        self._register_properties([s for _, s in sheets])
        order = ua.rule_count
        classes, ids = self.matcher.classes, self.matcher.ids
        for is_ua, sheet in sheets:
            for rule in sheet.rules:
                order += 1
                if rule.media and not self._media_ok(sheet, rule.media):
                    continue
                if not rule.could_match(classes, ids, tags):
                    continue
                matches = [self.matcher.match(s) for s in rule.selectors]
                if any(m is None for m in matches):
                    continue  # lexbor rejects one selector: the whole list is invalid
                if rule.media and any(key.startswith(CONTAINER) for key in rule.media):
                    self.has_container_rules = True
                    matches = [
                        self._in_containers(sheet, rule.media, sel, m)
                        for sel, m in zip(rule.selectors, matches, strict=True)
                    ]
                layer_normal = rule.layer if rule.layer else UNLAYERED
                layer_important = (UNLAYERED - rule.layer) if rule.layer else 0
                for sel, hits in zip(rule.selectors, matches, strict=True):
                    if not hits:
                        continue
                    targets: list[Any] = hits
                    if sel.pseudo is not None:  # the generated boxes of these elements: targets (i, name)
                        targets = [(i, sel.pseudo) for i in hits]
                    if rule.normal is not None:
                        origin = UA_NORMAL if is_ua else AUTHOR_NORMAL
                        entries.append(((origin, layer_normal, sel.specificity, order), rule.normal, targets))
                    if rule.important is not None:
                        origin = UA_IMPORTANT if is_ua else AUTHOR_IMPORTANT
                        entries.append(
                            ((origin, layer_important, sel.specificity, order), rule.important, targets)
                        )
        entries.sort(key=itemgetter(0))  # by cascade priority; ties keep their order
        matched = self.matched
        pseudo = self.pseudo_matched
        blocks = self.blocks
        levels = self.block_levels
        for seq, (key, block, rule_targets) in enumerate(entries):
            blocks.append(block)
            levels[id(block)] = (ORIGIN_GROUPS[key[0]], key[1])
            # a rule's targets are all elements, or all (element, "before"/"after") for a pseudo-element
            if isinstance(rule_targets[0], int):
                boxed: Any = seq  # boxed once for all targets (see `matched`)
                elements: list[int] = rule_targets  # typed, so that compiled code indexes `matched` directly
                for i in elements:
                    lst = matched[i]
                    if lst is None:
                        matched[i] = [boxed]
                    else:
                        lst.append(boxed)
                continue
            for t in rule_targets:
                found = pseudo.get(t)
                if found is None:
                    pseudo[t] = [seq]
                else:
                    found.append(seq)
        origins = [e[0][0] for e in entries]
        self.ua_end = bisect_left(origins, HINTS)
        self.important_start = bisect_left(origins, AUTHOR_IMPORTANT)
        self.ua_important_start = bisect_left(origins, UA_IMPORTANT)

    def _in_containers(
        self, sheet: Sheet, keys: tuple[str, ...], sel: Selector, hits: list[int] | None
    ) -> list[int]:
        """The elements of `hits` whose query containers answer every @container query of `keys`."""
        if self.containers is None or not hits:
            return []
        queries = [sheet.container_queries[key] for key in keys if key.startswith(CONTAINER)]
        own = sel.pseudo is not None  # a generated box's query container may be its element
        return [i for i in hits if all(self._container_holds(i, own, q) for q in queries)]

    def _container_holds(self, i: int, own: bool, query: tuple[str | None, list[object]]) -> bool:
        """Whether the nearest ancestor size container of element i (with the query's name, if it has one)
        meets the query's condition (CSS Conditional 5 §2.1); False when there is none."""
        containers = self.containers
        assert containers is not None
        nodes = self.doc.nodes
        name, condition = query
        p = i if own else nodes[i].parent
        while p >= 0:
            c = containers.get(p)
            if c is not None and (name is None or name in c.names):
                return media_matches(condition, Viewport(c.width, c.height))
            p = nodes[p].parent
        return False

    def _register_properties(self, sheets: list[Sheet]) -> None:
        """Initial values of registered custom properties (CSS Properties and Values API 1 §2): the root
        starts from all of them, and an element does not inherit a non-inherited one (it starts again
        from the initial value, or from the guaranteed-invalid value when there is none)."""
        registered: dict[str, tuple[list[object] | None, bool]] = {}
        for sheet in sheets:
            registered.update(sheet.properties)
        if not registered:
            return
        self.root_custom = {name: initial for name, (initial, _) in registered.items() if initial is not None}
        reset = {name: initial for name, (initial, inherits) in registered.items() if not inherits}
        self.reset_custom = reset or None
        self.registry_key = repr(sorted((n, serialize(i or []), inh) for n, (i, inh) in registered.items()))

    # ---- step 3: compute ------------------------------------------------------------------------
    def run(self) -> list[ComputedStyle | None]:
        doc = self.doc
        nodes = doc.nodes
        styles: list[ComputedStyle | None] = [None] * len(nodes)
        memo: dict[tuple[int, tuple[int, ...], str | None, str | None], ComputedStyle] = {}
        matched = self.matched
        root_font_size: float | None = None
        root_index = -1
        for i in self.matcher.elements:  # the elements in document order (text nodes have no style)
            node = nodes[i]
            p = node.parent
            parent = styles[p] if p >= 0 else None
            if node.attrs:
                inline = node.attrs.get("style")
                hints = presentational_css(doc, node) if may_have_hints(node) else None
            else:  # no attributes: only a table cell has hints (its table's)
                inline = None
                hints = presentational_css(doc, node) if node.tag in CELL_TAGS else None
            seqs = matched[i]
            key = (id(parent), tuple(seqs) if seqs else (), inline, hints)
            style = memo.get(key)
            if style is None:
                style = self._compute(seqs or [], inline, hints, parent, root_font_size, root_index < 0)
                memo[key] = style
            if root_index < 0:
                root_index = i
                root_font_size = style.font_size
            if node.tag == "br":
                style = line_break_style(style)
            styles[i] = style
        propagate_body_overflow(doc, styles, root_index)
        doc.pseudo_styles = self._generated_boxes(styles, root_font_size)
        return styles

    def _generated_boxes(
        self, styles: list[ComputedStyle | None], root_font_size: float | None
    ) -> dict[tuple[int, str], ComputedStyle]:
        """The styles of the ::before/::after boxes that exist: `content` other than none/normal, on a
        rendered element (CSS Pseudo 4; the box inherits from its element)."""
        out: dict[tuple[int, str], ComputedStyle] = {}
        for (i, name), seqs in self.pseudo_matched.items():
            parent = styles[i]
            if parent is None or parent.display == "none":
                continue
            style = self._compute(seqs, None, None, parent, root_font_size, False)
            if style.content is not None and style.display != "none":
                out[(i, name)] = style
        return out

    def _compute(
        self,
        seqs: list[int],
        inline: str | None,
        hints: str | None,
        parent: ComputedStyle | None,
        root_font_size: float | None,
        is_root: bool,
    ) -> ComputedStyle:
        parser = self.parser
        blocks = self.blocks
        inline_normal, inline_important = inline_blocks(inline) if inline else (None, None)
        hint_block = inline_blocks(hints)[0] if hints else None
        ordered: list[Block] = []
        k = 0
        n = len(seqs)
        while k < n and seqs[k] < self.ua_end:
            ordered.append(blocks[seqs[k]])
            k += 1
        ua_count = k
        if hint_block is not None:
            ordered.append(hint_block)
        while k < n and seqs[k] < self.important_start:
            ordered.append(blocks[seqs[k]])
            k += 1
        if inline_normal is not None:
            ordered.append(inline_normal)
        while k < n and seqs[k] < self.ua_important_start:
            ordered.append(blocks[seqs[k]])
            k += 1
        if inline_important is not None:
            ordered.append(inline_important)
        while k < n:
            ordered.append(blocks[seqs[k]])
            k += 1
        shared_key = (parser, id(parent), tuple(ordered), root_font_size, is_root, self.registry_key)
        hit = _shared_styles.get(shared_key)
        if hit is not None and hit[0] is parent:
            return hit[1]
        style = self._style_from(ordered, ua_count, parent, root_font_size, is_root)
        if len(_shared_styles) >= MAX_SHARED_STYLES:
            _shared_styles.clear()
            _shared_ids.clear()
            _shared_round[0] += 1
        _shared_styles[shared_key] = (parent, style)
        _shared_ids.add(id(style))
        return style

    def _style_from(
        self,
        ordered: list[Block],
        ua_count: int,
        parent: ComputedStyle | None,
        root_font_size: float | None,
        is_root: bool,
    ) -> ComputedStyle:
        """The style from the blocks in cascade order (the first `ua_count` from the UA sheet)."""
        parser = self.parser
        declared: dict[str, Spec] = {}
        customs: dict[str, RawDeclaration] = {}
        has_vars = has_revert = False
        layer_reverts: dict[str, int] | None = None  # slot -> index in `ordered` of its revert-layer
        for k, block in enumerate(ordered):
            for slot, spec in compile_block(block, parser):
                kind = spec[0]
                if kind == CUSTOM:
                    customs[slot] = spec[1]  # type: ignore[assignment]
                else:
                    if kind == VAR:
                        has_vars = True
                    elif kind == REVERT:
                        has_revert = True
                    elif kind == REVERT_LAYER:
                        layer_reverts = layer_reverts or {}
                        layer_reverts[slot] = k
                    declared[slot] = spec
        parent_custom = parent.custom_properties if parent is not None else self.root_custom
        if parent is not None and self.reset_custom is not None:  # non-inherited registered properties
            parent_custom = (
                {**parent_custom, **self.reset_custom} if parent_custom else dict(self.reset_custom)
            )
        custom = self._custom_properties(parent_custom, customs) if customs else parent_custom
        if layer_reverts is not None:
            has_revert = self._revert_layer(declared, ordered, ua_count, layer_reverts) or has_revert
        if has_vars:
            has_revert = self._substitute_vars(declared, custom) or has_revert
        if has_revert:
            self._revert(declared, ordered[:ua_count])
        style = build_style(declared, inherit_base(parent), parent, root_font_size, is_root)
        style.custom_properties = custom
        return style

    def _custom_properties(self, inherited: dict | None, customs: dict[str, RawDeclaration]) -> dict:
        declared: dict[str, list[object]] = {}
        with_var: set[str] = set()
        result_overrides: dict[str, list[object] | None] = {}
        for name, d in customs.items():
            values = significant(d.tokens)
            if len(values) == 1 and isinstance(values[0], IdentToken) and values[0].lower_value in CSS_WIDE:
                wide = CSS_WIDE[values[0].lower_value]
                keep = wide in (INHERIT, UNSET, REVERT)  # the UA sheet declares no custom property
                result_overrides[name] = (inherited or {}).get(name) if keep else None
                continue
            declared[name] = d.tokens
            if d.has_var:
                with_var.add(name)
        result = resolve_custom(inherited, declared, with_var)
        result.update(result_overrides)
        return result

    def _revert(self, declared: dict[str, Spec], ua_blocks: list[Block]) -> None:
        """`revert` (author origin): the value the user-agent origin gives the property, else `unset`
        (CSS Cascade 4 §7.3.3; presentational hints are author-level, so they are rolled back too)."""
        ua: dict[str, Spec] = {}
        for block in ua_blocks:
            ua.update(compile_block(block, self.parser))
        for slot, spec in list(declared.items()):
            if spec[0] == REVERT:
                declared[slot] = ua.get(slot, _UNSET)

    def _revert_layer(
        self, declared: dict[str, Spec], ordered: list[Block], ua_count: int, layer_reverts: dict[str, int]
    ) -> bool:
        """`revert-layer` (CSS Cascade 5 §7.3.4): the value the layers below the declaration's own, in its
        origin, give the property; `revert` when they give none (True when one became `revert`). A style
        attribute counts as a layer above the unlayered rules, presentational hints as one below all."""
        reverts = False
        for slot, k in layer_reverts.items():
            if declared.get(slot, _UNSET)[0] != REVERT_LAYER:
                continue  # a later declaration won
            group, layer = self._level(ordered, k, ua_count)
            found: Spec = (REVERT, None)
            for j in range(k - 1, ua_count - 1, -1):
                g, lower = self._level(ordered, j, ua_count)
                if g != group or lower >= layer:
                    continue
                spec = dict(compile_block(ordered[j], self.parser)).get(slot)
                if spec is not None and spec[0] != REVERT_LAYER:
                    found = spec
                    break
            declared[slot] = found
            reverts = reverts or found[0] == REVERT
        return reverts

    def _level(self, ordered: list[Block], k: int, ua_count: int) -> tuple[int, int]:
        """(origin group, layer) of ordered[k]; the blocks of no sheet are the element's presentational
        hints (right after the UA blocks) or its style attribute."""
        level = self.block_levels.get(id(ordered[k]))
        if level is not None:
            return level
        if k == ua_count:
            return (1, -1)  # hints: below every author layer
        before = next(
            (self.block_levels.get(id(b)) for b in reversed(ordered[:k]) if id(b) in self.block_levels), None
        )
        group = 2 if before is not None and before[0] >= 2 else 1
        return (group, UNLAYERED + 1)  # the style attribute (normal or important)

    def _substitute_vars(self, declared: dict[str, Spec], custom: dict | None) -> bool:
        """Replace var()-dependent values; True when one became `revert`."""
        reverts = False
        resolved: dict[int, dict[str, Spec] | None] = {}
        for slot, spec in list(declared.items()):
            if spec[0] != VAR:
                continue
            d: RawDeclaration = spec[1]  # type: ignore[assignment]
            specs = resolved.get(id(d), ())
            if specs == ():
                specs = self._reparse(d, custom)
                resolved[id(d)] = specs
            declared[slot] = spec = specs.get(slot, _UNSET) if specs else _UNSET
            reverts = reverts or spec[0] == REVERT
        return reverts

    def _reparse(self, d: RawDeclaration, custom: dict | None) -> dict[str, Spec] | None:
        tokens = substitute(d.tokens, custom)
        if tokens is None:
            return None
        key = (d.name, serialize(tokens))
        if key in self._reparsed:
            return self._reparsed[key]
        parsed = self.parser.parse(d.name, tokens)
        out = dict(parsed) if parsed else None
        self._reparsed[key] = out
        return out


def line_break_style(style: ComputedStyle) -> ComputedStyle:
    """A <br> is a line break whatever its display (but none), float or position: Chromium gives it its
    line-break object for any of them (HTMLBRElement::CreateLayoutObject), so `br {display: block;
    clear: both}` still breaks the line, one line high."""
    if (
        style.display in ("inline", "none")
        and style.float_side == "none"
        and style.position in ("static", "relative")
    ):
        return style
    display = "none" if style.display == "none" else "inline"
    position = style.position if style.position in ("static", "relative") else "static"
    return dataclasses.replace(style, display=display, float_side="none", position=position)


def propagate_body_overflow(doc: Document, styles: list[ComputedStyle | None], root: int) -> None:
    """CSS Overflow 3 §3.3: when the root element's overflow is visible, the viewport takes the body's
    overflow and the body's own used overflow becomes visible, so a `body { overflow-x: hidden }` neither
    clips the body nor makes it a new formatting context (its margins still collapse with its content's)."""
    root_style = styles[root] if root >= 0 else None
    if root_style is None or root_style.overflow_x != "visible" or root_style.overflow_y != "visible":
        return
    for child in doc.nodes[root].children:
        if doc.nodes[child].tag == "body":
            body = styles[child]
            if body is not None and (body.overflow_x != "visible" or body.overflow_y != "visible"):
                styles[child] = dataclasses.replace(body, overflow_x="visible", overflow_y="visible")
            return


def compute_styles(
    doc: Document, width: float, height: float, extra_css: Sequence[str] = ()
) -> list[ComputedStyle | None]:
    """One ComputedStyle per node index; None for text nodes. Styles may be shared: never mutate them."""
    vp = Viewport(float(width) or 1.0, float(height) or 1.0)
    cascade = _Cascade(doc, vp, extra_css)
    styles = cascade.run()
    if cascade.has_container_rules:
        containers = query_containers(doc, styles, width, height)
        if containers:
            # @container rules: styled again with the containers' sizes from a layout without them
            styles = _Cascade(doc, vp, extra_css, containers).run()
    return styles


def query_containers(
    doc: Document, styles: list[ComputedStyle | None], width: float, height: float
) -> dict[int, QueryContainer]:
    """The size containers of the document, measured by laying it out with `styles`."""
    containers = [i for i, s in enumerate(styles) if s is not None and s.container_type != "normal"]
    if not containers:
        return {}
    from ..layout import compute_layout  # layout depends on this package

    boxes = compute_layout(doc, styles, width, height).boxes
    out: dict[int, QueryContainer] = {}
    for i in containers:
        s = styles[i]
        box = boxes[i]
        if s is None or box is None:
            continue
        inner_w = (
            box[2]
            - s.border_left_width
            - s.border_right_width
            - _px(s.padding_left, box[2])
            - _px(s.padding_right, box[2])
        )
        inner_h = (
            box[3]
            - s.border_top_width
            - s.border_bottom_width
            - _px(s.padding_top, box[2])
            - _px(s.padding_bottom, box[2])
        )
        out[i] = QueryContainer(
            s.container_names, max(0.0, inner_w), max(0.0, inner_h) if s.container_type == "size" else 0.0
        )
    return out


def _px(length: tuple[float, float] | None, ref: float) -> float:
    return 0.0 if length is None else length[0] + length[1] * ref


@dataclass(slots=True)
class ValueTest:
    """The UA selectors `tag[attribute=value i]` of one tag and attribute (`input[type=checkbox i]`, …):
    matched together from the elements' attribute values (see `Matcher.by_attribute_value`)."""

    attribute: str
    by_value: dict[str, list[tuple[tuple, Block]]] = field(default_factory=dict)  # lowercase value → rules
    selectors: list[tuple[Selector, tuple, Block]] = field(
        default_factory=list
    )  # the same, to match one by one


@dataclass(slots=True)
class FlatUA:
    """The UA sheet(s) flattened once per process: single-tag selectors by tag; `tag[attribute=value i]`
    selectors by tag and attribute; the other selectors by one tag they require (a document without that
    tag skips them unmatched), or in `rest_any` if they need none."""

    by_tag: dict[str, list[tuple[tuple, Block]]] = field(default_factory=dict)
    value_tests: dict[str, list[ValueTest]] = field(default_factory=dict)
    rest_by_tag: dict[str, list[tuple[Selector, tuple, Block]]] = field(default_factory=dict)
    rest_any: list[tuple[Selector, tuple, Block]] = field(default_factory=list)
    rule_count: int = 0

    def add_value_test(self, tag: str, test: AttributeTest, sel: Selector, key: tuple, block: Block) -> None:
        tests = self.value_tests.setdefault(tag, [])
        group = next((t for t in tests if t.attribute == test.name), None)
        if group is None:
            group = ValueTest(test.name)
            tests.append(group)
        group.by_value.setdefault(test.value.lower(), []).append((key, block))
        group.selectors.append((sel, key, block))


def _value_test(sel: Selector) -> tuple[str, AttributeTest] | None:
    """The tag and attribute test of a selector `tag[attribute=value i]` (nothing else), else None."""
    chain = chain_for(sel)
    if chain is None or len(chain.compounds) != 1:
        return None
    compound = chain.compounds[0]
    if compound.tag is None or compound.ids or compound.classes or compound.negations or compound.never:
        return None
    if len(compound.attributes) != 1:
        return None
    test = compound.attributes[0]
    return (compound.tag, test) if test.operator == "=" and test.ignore_case else None


_flat: dict[bool, FlatUA] = {}


def _flat_ua(quirks: bool) -> FlatUA:
    flat = _flat.get(quirks)
    if flat is not None:
        return flat
    flat = FlatUA()
    sheets = [ua_sheet()] + ([parse_sheet(QUIRKS_CSS)] if quirks else [])
    for sheet in sheets:
        for rule in sheet.rules:
            flat.rule_count += 1
            for sel in rule.selectors:
                if sel.pseudo is not None:
                    continue  # the UA's generated content (quotes, list markers) is built in elsewhere
                for block, origin, layer in (
                    (rule.normal, UA_NORMAL, UNLAYERED),
                    (rule.important, UA_IMPORTANT, 0),
                ):
                    if block is None:
                        continue
                    key = (origin, layer, sel.specificity, flat.rule_count)
                    required = sorted(t for t in sel.tags if t != "*")
                    value_test = _value_test(sel)
                    if sel.simple and len(sel.tags) == 1 and not sel.classes and not sel.ids:
                        (tag,) = sel.tags
                        flat.by_tag.setdefault(tag, []).append((key, block))
                    elif value_test is not None:
                        flat.add_value_test(*value_test, sel, key, block)
                    elif required:
                        flat.rest_by_tag.setdefault(required[0], []).append((sel, key, block))
                    else:
                        flat.rest_any.append((sel, key, block))
    _flat[quirks] = flat
    return flat


def warm_up() -> None:
    """Parse the UA sheet's rules once per process, so the first page does not pay for it."""
    for rule in ua_sheet().rules:
        rule.prepare()
    _flat_ua(False)
    _flat_ua(True)


warm_up()
