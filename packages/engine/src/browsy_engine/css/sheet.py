"""Stylesheets: CSS text → style rules (selectors + declaration blocks + the @media they sit in).

Parsing is viewport-independent, so parsed sheets are cached by their text; `@media` conditions are
kept with each rule and evaluated by the cascade for its viewport. Other at-rules:
- `@supports` is evaluated here (properties we model are validated; other properties are assumed
  supported unless vendor-prefixed for another engine; `selector()` is checked with our selector parser);
- `@layer` blocks cascade like their contents, ordered below unlayered rules, layers ranked by first
  mention (a `@layer a, b;` statement or a block); nested layers share their outer layer's rank;
- `@container` rules keep their query as a `CONTAINER`-prefixed key among their media keys (an empty media
  list, so it always passes as media); the cascade answers it per element from the sizes of the query
  containers, once a first layout has measured them (compute_styles);
- `@import` is not fetched here: `find_imports()` lists the URLs for the session to fetch;
- `@font-face`, `@keyframes`, `@page`, `@property`, `@counter-style`, `@scope`, `@starting-style` and
  unknown at-rules are ignored.
CSS nesting is supported: a nested rule's selector is resolved against its parent (`&` → `:is(parent)`).
Malformed CSS is dropped by tinycss2's error recovery and ours; nothing here raises.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Final

import tinycss2
from tinycss2.ast import (
    AtRule,
    Declaration,
    FunctionBlock,
    IdentToken,
    LiteralToken,
    ParenthesesBlock,
    QualifiedRule,
    StringToken,
    URLToken,
)
from tinycss2.serializer import serialize

from .blocks import block_contents
from .media import media_matches
from .scanner import RawRule, selector_needs, split_rules
from .selectors import Selector, parse_selector_list
from .supports import supports_condition
from .tokenizer import block_items, stylesheet_rules, tokenize
from .values import Viewport, significant
from .variables import has_var

# A page can have well over a hundred `<style>` elements (one per widget or block of a CMS): the cache must
# hold a whole page's sheets, or parsing that page again (a reload, the next page of the same site) evicts
# each sheet just before it is needed, and every one is parsed again. The size bound below still applies.
MAX_CACHED_SHEETS: Final = 1024
# The size bound: parsed, a sheet takes about 31 bytes of objects per character of its text (measured over
# corpus-real), so 2M characters hold about 60 MB; the former 8M would have held 250 MB, and after 300
# distinct pages the sheets were half of what the caches kept. 2M is still several sites' sheets, and twice
# the most inline CSS a corpus-real page has (0.94M characters).
MAX_CACHED_CHARS: Final = 2_000_000
MAX_NESTING: Final = 64


@dataclass(slots=True)
class RawDeclaration:
    name: str  # lowercase, except custom properties (case-sensitive, start with --)
    tokens: list[object]
    has_var: bool


@dataclass(slots=True, eq=False)
class Block:
    """Declarations of one importance from one rule (or an inline style attribute). Blocks compare and hash
    by identity, so a tuple of them keys the cascade's shared styles."""

    declarations: list[RawDeclaration]
    # (PropertyParser, entries): the compiled form for one viewport's parser, replaced atomically
    compiled: tuple | None = None


class StyleRule:
    """A style rule. Rules from the scanner keep their text and are parsed on first use: the selectors
    when the cascade asks for them (`prepare`), the declarations only when it asks for those, which it
    does once a selector matches an element (many rules that pass `could_match` match nothing)."""

    __slots__ = ("prelude", "body", "media", "layer", "needs", "_selectors", "_normal", "_important")

    def __init__(
        self,
        media: tuple[str, ...],
        layer: int,
        prelude: str | None = None,
        body: str | None = None,
        selectors: list[Selector] | None = None,
        normal: Block | None = None,
        important: Block | None = None,
    ) -> None:
        self.media = media  # serialized @media preludes this rule is nested in (all must match)
        self.layer = layer  # 0 = unlayered; 1.. = order of layers (lower wins less)
        self.prelude = prelude
        self.body = body
        self.needs = selector_needs(prelude) if prelude is not None else None
        self._selectors: list[Selector] | None = selectors
        self._normal = normal
        self._important = important

    def could_match(
        self, classes: dict[str, list[int]], ids: dict[str, list[int]], tags: dict[str, list[int]]
    ) -> bool:
        """False when every selector requires a class, id or element name the document does not have."""
        if self.needs is None:
            return True
        class_names, id_names, tag_names = classes.keys(), ids.keys(), tags.keys()
        for need_classes, need_ids, need_tags in self.needs:
            if class_names >= need_classes and id_names >= need_ids and tag_names >= need_tags:
                return True
        return False

    def prepare(self) -> None:
        if self._selectors is not None:
            return
        try:
            selectors = parse_selector_list(tokenize(self.prelude or ""))
        except RecursionError:
            selectors = None
        self._selectors = selectors or []

    def _declare(self) -> None:
        """Parse the declarations, once (`body` is None after), unless the selector list is invalid (the
        rule declares nothing). Sheets are shared by parses in other threads: the body goes only once the
        blocks are in place, so a reader finds either the body (and parses it too) or the blocks."""
        self.prepare()
        body = self.body
        if body is None or not self._selectors:
            return
        try:
            items = block_items(body)
        except RecursionError:
            items = []
        self._normal, self._important = _blocks(items)
        self.body = None

    @property
    def selectors(self) -> list[Selector]:
        self.prepare()
        return self._selectors  # type: ignore[return-value]

    @property
    def normal(self) -> Block | None:
        self._declare()
        return self._normal

    @property
    def important(self) -> Block | None:
        self._declare()
        return self._important


MAX_MEDIA_RESULTS: Final = 512  # remembered (media query list, viewport) answers per sheet


Registration = tuple[list[object] | None, bool]


def _trimmed(tokens: list[object]) -> list[object]:
    """The tokens without leading and trailing whitespace and comments."""
    start, end = 0, len(tokens)
    while start < end and significant(tokens[start : start + 1]) == []:
        start += 1
    while end > start and significant(tokens[end - 1 : end]) == []:
        end -= 1
    return tokens[start:end]


def registration(body: str) -> Registration | None:
    """An @property rule's (initial value, inherits), or None when it is invalid: `syntax` and `inherits`
    are required, and `initial-value` too unless the syntax is the universal "*" (CSS Properties and
    Values API 1 §3)."""
    items = block_items(body)
    descriptors = {d.lower_name: significant(d.value) for d in items if isinstance(d, Declaration)}
    syntax = descriptors.get("syntax")
    inherits = descriptors.get("inherits")
    if not syntax or len(syntax) != 1 or not isinstance(syntax[0], StringToken) or not inherits:
        return None
    word = inherits[0].lower_value if len(inherits) == 1 and isinstance(inherits[0], IdentToken) else None
    if word not in ("true", "false"):
        return None
    initial = next(
        (_trimmed(d.value) for d in items if isinstance(d, Declaration) and d.lower_name == "initial-value"),
        None,
    )
    initial = initial or None
    if initial is None and syntax[0].value.strip() != "*":
        return None
    return (initial, word == "true")


@dataclass(slots=True)
class Sheet:
    rules: list[StyleRule] = field(default_factory=list)
    media_preludes: dict[str, list[object]] = field(default_factory=dict)
    # answers of `media_matches` so far; sheets are shared (cached by text), so pages reuse them
    media_results: dict[tuple[str, Viewport], bool] = field(default_factory=dict)
    # registered custom properties (@property): name -> (initial value tokens or None, inherits)
    properties: dict[str, Registration] = field(default_factory=dict)
    # @container queries by key: (container name or None, the condition's tokens)
    container_queries: dict[str, tuple[str | None, list[object]]] = field(default_factory=dict)

    def media_matches(self, key: str, vp: Viewport) -> bool:
        """Whether this sheet's media query list `key` (from `media_preludes`) matches the viewport."""
        found = self.media_results.get((key, vp))
        if found is None:
            found = media_matches(self.media_preludes.get(key, []), vp)
            if len(self.media_results) >= MAX_MEDIA_RESULTS:
                self.media_results.clear()
            self.media_results[(key, vp)] = found
        return found


CONTAINER: Final = "@container "  # the start of a media key that is a container query


def container_key(sheet: Sheet, prelude: list[object]) -> str:
    """The media key of `@container [name] condition`, its query recorded in the sheet."""
    tokens = significant(prelude)
    name = None
    if tokens and isinstance(tokens[0], IdentToken) and tokens[0].lower_value not in ("not", "and", "or"):
        name = tokens[0].value
        tokens = tokens[1:]
    key = CONTAINER + serialize(prelude).strip().lower()
    sheet.container_queries.setdefault(key, (name, tokens))
    return key


_cache: OrderedDict[str, Sheet] = OrderedDict()
_cached_chars = 0
_cache_lock = threading.Lock()
_AT_KEYWORD: Final = re.compile(r"@(-?[\w-]+)")


def parse_sheet(text: str) -> Sheet:
    """Parse a stylesheet (cached by text)."""
    global _cached_chars
    with _cache_lock:
        sheet = _cache.get(text)
        if sheet is not None:
            _cache.move_to_end(text)
            return sheet
    sheet = Sheet()
    with suppress(RecursionError):  # absurdly nested input: keep what was collected
        _Collector(sheet).raw_rules(split_rules(text), (), 0, 0)
    with _cache_lock:
        if text not in _cache:
            _cache[text] = sheet
            _cached_chars += len(text)
        while _cache and (len(_cache) > MAX_CACHED_SHEETS or _cached_chars > MAX_CACHED_CHARS):
            evicted, _ = _cache.popitem(last=False)
            _cached_chars -= len(evicted)
    return sheet


def parse_declarations(text: str) -> tuple[Block | None, Block | None]:
    """An inline `style` attribute → (normal, important) blocks."""
    try:
        items = block_items(text)
    except RecursionError:
        return None, None
    return _blocks(items)


def find_imports(css_text: str) -> list[str]:
    """URLs of the `@import` rules at the top of a stylesheet (for the session to fetch)."""
    urls: list[str] = []
    try:
        rules = stylesheet_rules(css_text)
    except RecursionError:
        return urls
    for rule in rules:
        if not isinstance(rule, AtRule):
            break
        if rule.lower_at_keyword != "import":
            if rule.lower_at_keyword in ("charset", "layer"):
                continue
            break
        for t in significant(rule.prelude):
            if isinstance(t, (StringToken, URLToken)):
                urls.append(t.value)
                break
            if isinstance(t, FunctionBlock) and t.lower_name == "url":
                args = [a for a in significant(t.arguments) if isinstance(a, StringToken)]
                if args:
                    urls.append(args[0].value)
                break
    return urls


def _at_keyword(prelude: str) -> tuple[str, str]:
    """`@media screen` → ("media", "screen"); the keyword lowercased."""
    m = _AT_KEYWORD.match(prelude)
    if m is None:
        return "", prelude
    return m.group(1).lower(), prelude[m.end() :]


def _blocks(items: Sequence[object]) -> tuple[Block | None, Block | None]:
    normal: list[RawDeclaration] = []
    important: list[RawDeclaration] = []
    for d in items:
        if not isinstance(d, Declaration):
            continue
        name = d.name if d.name.startswith("--") else d.lower_name
        raw = RawDeclaration(name, d.value, has_var(d.value))
        (important if d.important else normal).append(raw)
    return (Block(normal) if normal else None, Block(important) if important else None)


Scope = tuple[str, str | None]  # an @scope rule's root selector list and its limit's, if any


def scope_of(prelude: str) -> Scope | None:
    """`(root) [to (limit)]` → (root, limit); None for `@scope` without a root (its root is the parent of
    the <style> element, which a cached sheet does not know) or a malformed prelude."""
    parts = significant(tokenize(prelude))
    if not parts or not isinstance(parts[0], ParenthesesBlock):
        return None
    root = serialize(parts[0].content).strip()
    if len(parts) == 1:
        return (root, None) if root else None
    to = parts[1]
    if len(parts) != 3 or not isinstance(to, IdentToken) or to.lower_value != "to":
        return None
    limit = parts[2]
    if not isinstance(limit, ParenthesesBlock):
        return None
    return (root, serialize(limit.content).strip() or None) if root else None


def scoped_selectors(prelude: str, scope: Scope) -> str:
    """A style rule's selectors inside `@scope (root) to (limit)` (CSS Cascade 6 §2.5): `:scope` and `&`
    are the root (`:scope` with a pseudo-class's specificity, `&` with none), a selector without them is a
    descendant of it, and elements inside a limit are out of scope (the proximity of roots is not weighed)."""
    root = f":where({scope[0]})"
    outside = None
    if scope[1] is not None:
        limit = f"{root} :where({scope[1]})"
        outside = f":not({limit}, {limit} *)"
    out: list[str] = []
    part: list[object] = []
    for t in [*tokenize(prelude), LiteralToken(0, 0, ",")]:
        if not (isinstance(t, LiteralToken) and t.value == ","):
            part.append(t)
            continue
        text = serialize(part).strip()
        part = []
        if ":scope" in text or "&" in text:
            # :scope weighs as a pseudo-class: `:not(:hover)` holds on a static page and adds (0,1,0)
            text = text.replace(":scope", root + ":not(:hover)").replace("&", root)
        else:
            text = f"{root} {text}"
        if outside is not None and "::" not in text and not text.endswith((":before", ":after")):
            text += outside
        out.append(text)
    return ", ".join(out)


class _Collector:
    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.layers: dict[str, int] = {}

    def raw_rules(
        self, rules: list[RawRule], media: tuple[str, ...], layer: int, depth: int, scope: Scope | None = None
    ) -> None:
        """Rules from the scanner: style rules stay unparsed until used; group rules recurse."""
        if depth > MAX_NESTING:
            return
        for raw in rules:
            prelude, body = raw.prelude, raw.block
            if not prelude.startswith("@"):
                if body is None or not prelude:
                    continue
                if scope is not None:
                    prelude = scoped_selectors(prelude, scope)
                if "{" in body:  # CSS nesting: parse this rule fully
                    rule = QualifiedRule(
                        0,
                        0,
                        tokenize(prelude),
                        tokenize(body),
                    )
                    self.style_rule(rule, media, layer, None, depth)
                else:
                    self.sheet.rules.append(StyleRule(media, layer, prelude=prelude, body=body))
                continue
            keyword, rest = _at_keyword(prelude)
            if body is None:
                if keyword == "layer":  # `@layer a, b;` fixes the order of layers declared later
                    for name in rest.split(","):
                        if name.strip():
                            self.layers.setdefault(name.strip(), len(self.layers) + 1)
                continue
            if keyword == "property":
                name = rest.strip()
                found = registration(body) if name.startswith("--") else None
                if found is not None:
                    self.sheet.properties[name] = found
            elif keyword == "media":
                # the key is the query's own text, lowercased (as a serialization of its tokens would be):
                # texts that tokenize alike mean the same query, and tinycss2's serializer runs as Python
                # (~60k instructions a prelude)
                key = rest.strip().lower()
                if key not in self.sheet.media_preludes:
                    self.sheet.media_preludes[key] = tokenize(rest)
                self.raw_rules(split_rules(body), media + (key,), layer, depth + 1, scope)
            elif keyword == "container":
                key = container_key(self.sheet, tokenize(rest))
                self.raw_rules(split_rules(body), media + (key,), layer, depth + 1, scope)
            elif keyword == "supports":
                if supports_condition(significant(tokenize(rest))):
                    self.raw_rules(split_rules(body), media, layer, depth + 1, scope)
            elif keyword == "layer":
                name = rest.strip() or f"<anonymous {len(self.layers)}>"
                rank = self.layers.setdefault(name, len(self.layers) + 1)
                self.raw_rules(split_rules(body), media, rank if layer == 0 else layer, depth + 1, scope)
            elif keyword == "scope":
                inner = scope_of(rest)
                if inner is not None and scope is None:  # (a scope inside a scope is left out)
                    self.raw_rules(split_rules(body), media, layer, depth + 1, inner)

    def rules(
        self,
        rules: Sequence[object],
        media: tuple[str, ...],
        layer: int,
        parent: list[Selector] | None,
        depth: int,
    ) -> None:
        if depth > MAX_NESTING:
            return
        for rule in rules:
            if isinstance(rule, QualifiedRule):
                self.style_rule(rule, media, layer, parent, depth)
            elif isinstance(rule, AtRule):
                self.at_rule(rule, media, layer, parent, depth)

    def style_rule(
        self,
        rule: QualifiedRule,
        media: tuple[str, ...],
        layer: int,
        parent: list[Selector] | None,
        depth: int,
    ) -> None:
        prelude = rule.prelude
        if parent is not None:
            prelude = _nest(prelude, parent)
            if prelude is None:
                return
        selectors = parse_selector_list(prelude)
        if selectors is None:
            return
        items = block_contents(rule.content)
        normal, important = _blocks(items)
        if selectors and (normal is not None or important is not None):
            self.sheet.rules.append(
                StyleRule(media, layer, selectors=selectors, normal=normal, important=important)
            )
        nested = [r for r in items if isinstance(r, (QualifiedRule, AtRule))]
        if nested and selectors:
            self.rules(nested, media, layer, selectors, depth + 1)

    def at_rule(
        self, rule: AtRule, media: tuple[str, ...], layer: int, parent: list[Selector] | None, depth: int
    ) -> None:
        kw = rule.lower_at_keyword
        if rule.content is None:
            return
        if kw == "media":
            key = serialize(rule.prelude).strip().lower()
            self.sheet.media_preludes.setdefault(key, list(rule.prelude))
            self.rules(self.children(rule, parent), media + (key,), layer, parent, depth + 1)
        elif kw == "container":
            key = container_key(self.sheet, list(rule.prelude))
            self.rules(self.children(rule, parent), media + (key,), layer, parent, depth + 1)
        elif kw == "supports":
            if supports_condition(significant(rule.prelude)):
                self.rules(self.children(rule, parent), media, layer, parent, depth + 1)
        elif kw == "layer":
            name = serialize(rule.prelude).strip() or f"<anonymous {len(self.layers)}>"
            rank = self.layers.setdefault(name, len(self.layers) + 1)
            self.rules(self.children(rule, parent), media, rank if layer == 0 else layer, parent, depth + 1)

    @staticmethod
    def children(rule: AtRule, parent: list[Selector] | None) -> list[object]:
        if parent is None:
            return tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True)
        # nested group rule inside a style rule: its declarations apply to the parent selector
        items = block_contents(rule.content)
        out: list[object] = []
        decls = [d for d in items if isinstance(d, Declaration)]
        if decls:
            amp = [LiteralToken(0, 0, "&")]
            body = "; ".join(
                f"{d.name}: {serialize(d.value)}{' !important' if d.important else ''}" for d in decls
            )
            out.append(QualifiedRule(0, 0, amp, tokenize(body)))
        out.extend(r for r in items if isinstance(r, (QualifiedRule, AtRule)))
        return out


def _nest(prelude: Sequence[object], parent: list[Selector]) -> list[object] | None:
    """Resolve a nested rule's selector list against its parent's: `&` → `:is(parent)`."""
    parent_text = ", ".join(s.text for s in parent)
    pieces: list[str] = []
    for part in serialize(prelude).split(","):
        part = part.strip()
        if not part:
            return None
        if "&" in part:
            pieces.append(part.replace("&", f":is({parent_text})"))
        else:
            pieces.append(f":is({parent_text}) {part}")
    return tokenize(", ".join(pieces))
