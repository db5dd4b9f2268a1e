"""Selectors: split a selector list, compute each selector's specificity, prepare it for lexbor.

Matching itself is done by lexbor (`Document.select`), once per selector. Before that, each selector is
rewritten so lexbor agrees with a browser that has no interaction state:
- state pseudo-classes lexbor cannot parse (`:visited`, `:focus-within`, `:focus-visible`, `:target`, …)
  become `:hover`, which lexbor accepts and never matches (so `:not(:focus-visible)` matches, as it should);
- pseudo-classes that always hold for a static page (`:defined`) become `:not(:hover)`; `:lang()` and
  `:dir()` become attribute tests on the element or an ancestor; `:-webkit-any-link` becomes `:any-link`;
- a selector ending in `::before`/`::after` (or `:before`/`:after`) keeps its `pseudo` and styles the box
  generated for the elements the rest matches; other pseudo-elements (`::placeholder`) are dropped;
- a selector that Chromium would reject (`-moz-`/`-ms-` pseudo-classes and elements) invalidates its whole
  list, like CSS says; lexbor's own parse errors do the same (checked by the caller).
Also extracted: the classes, ids and tags a selector requires (outside functional pseudo-classes), so
the cascade can skip selectors that cannot match this document without asking lexbor, and a *simple*
form (`tag`, `.a.b`, `tag#id.c`) the cascade can match from its own indexes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from tinycss2.ast import (
    DimensionToken,
    FunctionBlock,
    HashToken,
    IdentToken,
    LiteralToken,
    SquareBracketsBlock,
    StringToken,
    WhitespaceToken,
)
from tinycss2.serializer import serialize

from .scanner import frozen

NEVER_MATCH: Final = frozenset(
    {
        "visited", "focus-within", "focus-visible", "target", "modal", "popover-open", "fullscreen",
        "-webkit-full-screen", "-webkit-full-screen-ancestor", "autofill", "-webkit-autofill", "picture-in-picture",
        "user-invalid", "user-valid", "current", "past", "future", "-webkit-drag", "window-inactive", "focus", "hover",
        "active", "-webkit-full-page-media", "corner-present", "decrement", "increment", "horizontal", "vertical",
        "start", "end", "double-button", "single-button", "no-button", "xr-overlay", "state", "target-current",
        "active-view-transition", "active-view-transition-type", "interest-source", "interest-target",
        # outside a shadow tree (no scripts, so no shadow roots) the shadow host selectors match nothing
        "host", "host-context", "out-of-range",
    }
)  # fmt: skip
# pseudo-classes Chromium does not know: a selector list using one is invalid
UNKNOWN_TO_CHROMIUM: Final = frozenset(
    {"target-within", "blank", "closed", "playing", "paused", "local-link", "drop", "matches", "any", "seeking", "muted",
     "buffering", "stalled", "volume-locked", "has-slotted", "heading", "focus-ring"}
)  # fmt: skip
ALWAYS_MATCH: Final = frozenset({"defined"})
# functional pseudo-classes that never match here and that Chromium rejects without arguments
ARGUMENT_REQUIRED: Final = frozenset({"host-context", "state", "active-view-transition-type"})
# pseudo-classes lexbor gets wrong or lacks, as what they mean for a page without scripts or interaction
# Constraint validation of a page nobody has typed into (HTML §4.10.21): a candidate is a submittable
# control not barred (hidden/reset/button types, readonly, disabled, inside a datalist); of the checks
# only "value missing" is decided from markup (a pattern, type or range mismatch is not evaluated).
_CANDIDATE: Final = (
    ":is(input:not([type=hidden i], [type=reset i], [type=button i], [readonly]),"
    " button:not([type=reset i], [type=button i]), select, textarea:not([readonly]))"
    ":not([disabled], fieldset[disabled] *, datalist *)"
)
_VALUE_MISSING: Final = (
    ":is(input[required]:not([type=checkbox i], [type=radio i]):is(:not([value]), [value='']),"
    " input[required][type=checkbox i]:not([checked]), textarea[required]:empty,"
    " select[required]:not([multiple]):has(> option:first-child[value='']):not(:has(option[selected]:not(:first-child))))"
)
_INVALID_CONTROL: Final = "*" + _VALUE_MISSING + _CANDIDATE  # `*`: see _BARE_IS
_SUBMIT_BUTTON: Final = (
    ":is(button:not([type=reset i], [type=button i]), input:is([type=submit i], [type=image i]))"
)
_RANGED_INPUT: Final = (
    "input:is([type=range i], :is([type=number i], [type=date i], [type=month i], [type=week i], [type=time i],"
    " [type=datetime-local i]):is([min], [max]))"
)
EQUIVALENTS: Final = {
    # a placeholder is shown while the control is empty (HTML §4.16.3; Chromium: an empty one too)
    "placeholder-shown": ':is(input[placeholder]:is(:not([value]), [value=""]), textarea[placeholder]:empty)',
    "open": ":is(details[open], dialog[open])",  # no picker of a <select> is open
    "invalid": f":is({_INVALID_CONTROL}, :is(form, fieldset):has({_INVALID_CONTROL}))",
    "valid": f":is({_CANDIDATE}:not({_VALUE_MISSING}), :is(form, fieldset):not(:has({_INVALID_CONTROL})))",
    "in-range": _RANGED_INPUT,  # values are not compared with min/max: :out-of-range never matches
    # checked boxes and selected options; of the default buttons only a form's first among its siblings
    "default": (
        ":is(input:is([type=checkbox i], [type=radio i])[checked], option[selected],"
        f" form {_SUBMIT_BUTTON}:nth-child(1 of {_SUBMIT_BUTTON}))"
    ),
    # a progress bar without a value; radio buttons of a form none of whose radio buttons is checked
    "indeterminate": (
        ":is(progress:not([value]), input[type=radio i]:not([name], [checked]),"
        " form:not(:has(input[type=radio i][checked])) input[type=radio i])"
    ),
    "scope": ":root",  # outside @scope, :scope is the root element (Selectors 4 §14.3)
}
LEGACY_PSEUDO_ELEMENTS: Final = frozenset({"before", "after", "first-line", "first-letter"})
GENERATED_BOXES: Final = frozenset({"before", "after"})  # pseudo-elements kept: the boxes they generate
FOREIGN_PREFIXES: Final = ("-moz-", "-ms-", "-o-")
LOGICAL_FUNCTIONS: Final = frozenset({"not", "is", "where", "has", "-webkit-any"})
# Pseudo-elements Chromium knows besides LEGACY_PSEUDO_ELEMENTS and `::-webkit-*`: any other makes the list invalid
KNOWN_PSEUDO_ELEMENTS: Final = frozenset(
    {"marker", "placeholder", "selection", "backdrop", "file-selector-button", "cue", "part", "slotted", "highlight",
     "spelling-error", "grammar-error", "target-text", "search-text", "view-transition", "view-transition-group",
     "view-transition-image-pair", "view-transition-old", "view-transition-new", "details-content", "picker",
     "picker-icon", "checkmark", "scroll-marker", "scroll-marker-group", "scroll-button", "column"}
)  # fmt: skip
# Pseudo-elements after which Chromium accepts no pseudo-class (`::before:hover` invalidates its list)
NO_PSEUDO_CLASS_AFTER: Final = frozenset(
    {"before", "after", "marker", "placeholder", "first-line", "first-letter", "selection", "backdrop", "cue",
     "slotted", "highlight", "spelling-error", "grammar-error", "target-text", "search-text"}
)  # fmt: skip
# A compound made of `:is(.a)`/`:where(.a)` with no type selector, left of a descendant or `~`
# combinator (`:is(.a) p`, what CSS nesting expands `.a { p {…} }` to), never matches in lexbor;
# written `*:is(.a)` (same meaning and specificity) it does.
_BARE_IS: Final = (":is(", ":where(")


class InvalidSelector(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Selector:
    text: str  # rewritten for lexbor
    specificity: tuple[int, int, int]
    tags: frozenset[str]  # required element names (lowercase)
    classes: frozenset[str]
    ids: frozenset[str]
    simple: bool  # a single compound of tag/classes/id only: matchable from indexes
    key_tags: frozenset[str] = frozenset()  # requirements of the subject (rightmost) compound
    key_classes: frozenset[str] = frozenset()
    key_ids: frozenset[str] = frozenset()
    tokens: tuple[object, ...] = field(default=(), compare=False, repr=False)  # the selector as parsed
    # "before" / "after": the selector styles that generated box of the elements `text` matches
    pseudo: str | None = None


def parse_selector_list(prelude: Sequence[object]) -> list[Selector] | None:
    """The selectors of a rule, without those that cannot style an element; None if the list is invalid."""
    out: list[Selector] = []
    try:
        for part in _split_commas(prelude):
            sel = _prepare(part)
            if sel is not None:
                out.append(sel)
    except (InvalidSelector, RecursionError):
        return None
    return out


def _split_commas(tokens: Sequence[object]) -> list[list[object]]:
    parts: list[list[object]] = [[]]
    for t in tokens:
        if isinstance(t, LiteralToken) and t.value == ",":
            parts.append([])
        elif t.type != "comment":  # type: ignore[attr-defined]
            parts[-1].append(t)
    for p in parts:
        while p and isinstance(p[0], WhitespaceToken):
            p.pop(0)
        while p and isinstance(p[-1], WhitespaceToken):
            p.pop()
        if not p:
            raise InvalidSelector("empty selector in list")
    return parts


class _Scan:
    """One pass over a selector's tokens: rewritten text, specificity and requirements."""

    def __init__(self) -> None:
        self.a = self.b = self.c = 0
        self.tags: set[str] = set()
        self.classes: set[str] = set()
        self.ids: set[str] = set()
        self.pseudo_element = False
        self.pseudo_name: str | None = None  # the pseudo-element's name, when there is one
        self.element_name = ""  # the name of the last pseudo-element seen
        self.compounds = 1
        self.other = False  # anything besides tag/class/id
        # requirements of the rightmost compound (the subject), reset at every combinator
        self.key: tuple[set[str], set[str], set[str]] = (set(), set(), set())

    def run(self, tokens: list[object], top: bool) -> str:
        pieces: list[str] = []
        i = 0
        n = len(tokens)
        at_compound_start = True
        while i < n:
            t = tokens[i]
            if isinstance(t, LiteralToken) and t.value == ":":
                first = len(pieces)
                i = self._pseudo(tokens, i, pieces, top)
                if at_compound_start and len(pieces) > first and pieces[first].startswith(_BARE_IS):
                    pieces[first] = "*" + pieces[first]  # lexbor needs the `*` (see _BARE_IS)
                at_compound_start = False
                continue
            if isinstance(t, WhitespaceToken) or (isinstance(t, LiteralToken) and t.value in (">", "+", "~")):
                if top:
                    self.compounds += 1 if not pieces or pieces[-1] != " " else 0
                    self.key = (set(), set(), set())
                pieces.append(" " if isinstance(t, WhitespaceToken) else t.value)
                at_compound_start = True
                i += 1
                continue
            if isinstance(t, HashToken):
                if not t.is_identifier:
                    raise InvalidSelector("bad id selector")
                self.a += 1
                if top:
                    self.ids.add(t.value)
                    self.key[2].add(t.value)
            elif (
                isinstance(t, LiteralToken)
                and t.value == "."
                and i + 1 < n
                and isinstance(tokens[i + 1], IdentToken)
            ):
                self.b += 1
                if top:
                    self.classes.add(tokens[i + 1].value)  # type: ignore[attr-defined]
                    self.key[1].add(tokens[i + 1].value)  # type: ignore[attr-defined]
                pieces.append("." + _text(tokens[i + 1]))
                i += 2
                at_compound_start = False
                continue
            elif isinstance(t, SquareBracketsBlock):
                self.b += 1
                self.other = True
            elif isinstance(t, IdentToken) and at_compound_start:
                self.c += 1
                if top:
                    self.tags.add(t.lower_value)
                    self.key[0].add(t.lower_value)
            elif isinstance(t, LiteralToken) and t.value in ("*", "|"):
                if t.value == "|":
                    self.other = True
            elif isinstance(t, (DimensionToken, FunctionBlock)):
                raise InvalidSelector("unexpected token")
            else:
                self.other = True
            pieces.append(_text(t))
            at_compound_start = False
            i += 1
        return "".join(pieces)

    def _pseudo(self, tokens: list[object], i: int, pieces: list[str], top: bool) -> int:
        self.other = True
        n = len(tokens)
        if i + 1 < n and isinstance(tokens[i + 1], LiteralToken) and tokens[i + 1].value == ":":  # type: ignore[attr-defined]
            name_tok = tokens[i + 2] if i + 2 < n else None
            name = _name(name_tok)
            if name is None or not _known_pseudo_element(name):
                raise InvalidSelector("unknown pseudo-element")
            self._pseudo_element(name, i + 3 == n)
            return i + 3
        t = tokens[i + 1] if i + 1 < n else None
        name = _name(t)
        if name is None:
            raise InvalidSelector("bad pseudo-class")
        if name.startswith(FOREIGN_PREFIXES) or name in UNKNOWN_TO_CHROMIUM:
            raise InvalidSelector("pseudo-class unknown to Chromium")
        if isinstance(t, IdentToken) and name in LEGACY_PSEUDO_ELEMENTS:
            self._pseudo_element(name, i + 2 == n)
            return i + 2
        if self.element_name in NO_PSEUDO_CLASS_AFTER and name != "window-inactive":
            raise InvalidSelector("pseudo-class after ::" + self.element_name)
        if isinstance(t, IdentToken):
            if name in ARGUMENT_REQUIRED:
                raise InvalidSelector(":" + name + " without arguments")
            self.b += 1
            if name in NEVER_MATCH:
                pieces.append(":hover")
            elif name in ALWAYS_MATCH:
                pieces.append(":not(:hover)")
            elif name in EQUIVALENTS:
                pieces.append(EQUIVALENTS[name])
            elif name == "-webkit-any-link":
                pieces.append(":any-link")
            else:
                pieces.append(":" + _text(t))
            return i + 2
        assert isinstance(t, FunctionBlock)
        if name in ("lang", "dir"):
            self.b += 1
            pieces.append(_language_or_direction(name, t))
            return i + 2
        if name in ARGUMENT_REQUIRED or name == "host":
            if all(isinstance(a, WhitespaceToken) for a in t.arguments):
                raise InvalidSelector("empty :" + name + "()")
            self.b += 1
            pieces.append(":hover")  # no shadow tree, custom state or view transition without scripts
            return i + 2
        if name in NEVER_MATCH or name in EQUIVALENTS:
            raise InvalidSelector(":" + name + " takes no arguments")
        if name in LOGICAL_FUNCTIONS or name.startswith("nth-"):
            inner = self._function(t, name)
            pieces.append(inner)
            return i + 2
        self.b += 1
        pieces.append(":" + _text(t))
        return i + 2

    def _pseudo_element(self, name: str, last: bool) -> None:
        self.pseudo_element = True
        self.pseudo_name = name if last else None  # only a pseudo-element ending the selector
        self.element_name = name
        self.c += 1

    def _function(self, fn: FunctionBlock, name: str) -> str:
        """Rewrite the arguments of :not/:is/:where/:has/:nth-*(… of S), adding their specificity."""
        args = list(fn.arguments)
        prefix = ""
        if name.startswith("nth-"):
            self.b += 1
            # An+B [of S]
            for k, tok in enumerate(args):
                if isinstance(tok, IdentToken) and tok.lower_value == "of":
                    prefix = serialize(args[: k + 1]) + " "
                    args = args[k + 1 :]
                    break
            else:
                return ":" + serialize([fn])
        best = (0, 0, 0)
        texts: list[str] = []
        forgiving = name in ("is", "where", "-webkit-any")
        for part in _split_commas(args) if args else []:
            relative = bool(part) and isinstance(part[0], LiteralToken) and part[0].value in (">", "+", "~")
            sub = _Scan()
            try:
                text = sub.run(part[1:] if relative else part, top=False)
            except InvalidSelector:
                if forgiving:
                    continue  # :is()/:where() drop arguments that do not parse
                raise
            if relative:
                text = part[0].value + " " + text  # type: ignore[attr-defined]
            if sub.pseudo_element:
                if forgiving:
                    continue  # forgiving lists drop what cannot match an element
                raise InvalidSelector("pseudo-element inside " + name)
            if forgiving and not _lexbor_accepts(text):
                continue  # e.g. a pseudo-class Chromium does not know either
            best = max(best, (sub.a, sub.b, sub.c))
            texts.append(text)
        if not texts:
            if forgiving:
                return ":hover"  # an empty forgiving list is valid and matches nothing
            raise InvalidSelector("empty " + name)
        if name != "where":
            self.a += best[0]
            self.b += best[1]
            self.c += best[2]
        lexbor_name = "is" if name == "-webkit-any" else name
        return ":" + lexbor_name + "(" + prefix + ", ".join(texts) + ")"


_PLAIN_NAME: Final = re.compile(r"-?[_a-zA-Z][\w-]*\Z")


def _text(t: object) -> str:
    """CSS text of one token; plain names and punctuation without tinycss2's (slow) serializer."""
    if isinstance(t, IdentToken):
        if _PLAIN_NAME.match(t.value):
            return t.value
    elif isinstance(t, LiteralToken):
        return t.value
    elif isinstance(t, WhitespaceToken):
        return " "
    elif isinstance(t, HashToken) and _PLAIN_NAME.match(t.value):
        return "#" + t.value
    return serialize([t])


def _language_or_direction(name: str, fn: FunctionBlock) -> str:
    """`:lang(en, "fr")` / `:dir(rtl)` as attribute tests on the element or an ancestor (the nearest
    declaration is not singled out: an approximation); `:dir(ltr)` holds unless an rtl is declared."""
    values = [a.value for a in fn.arguments if isinstance(a, (IdentToken, StringToken))]
    if not values:
        raise InvalidSelector("empty :" + name)
    if name == "dir":
        if values[0].lower() == "ltr":
            return ":not([dir=rtl i], [dir=rtl i] *)"
        if values[0].lower() == "rtl":
            return ":is([dir=rtl i], [dir=rtl i] *)"
        return ":hover"
    tests = []
    for v in values:
        quoted = '"' + v.replace("\\", "").replace('"', "") + '"'
        tests.append(f"[lang|={quoted} i], [lang|={quoted} i] *")
    return ":is(" + ", ".join(tests) + ")"


def _lexbor_accepts(text: str) -> bool:
    from .matching import lexbor_accepts  # matching imports this module

    return lexbor_accepts(text)


def _known_pseudo_element(name: str) -> bool:
    return name in LEGACY_PSEUDO_ELEMENTS or name in KNOWN_PSEUDO_ELEMENTS or name.startswith("-webkit-")


def _name(t: object) -> str | None:
    if isinstance(t, IdentToken):
        return t.lower_value
    if isinstance(t, FunctionBlock):
        return t.lower_name
    return None


def _prepare(tokens: list[object]) -> Selector | None:
    scan = _Scan()
    text = scan.run(tokens, top=True)
    pseudo = None
    if scan.pseudo_element:
        if scan.pseudo_name not in GENERATED_BOXES or not text.strip():
            return None
        pseudo = scan.pseudo_name
    simple = scan.compounds == 1 and not scan.other and len(scan.ids) <= 1 and len(scan.tags) <= 1
    return Selector(
        text=text,
        specificity=(scan.a, scan.b, scan.c),
        tags=frozen(scan.tags),
        classes=frozen(scan.classes),
        ids=frozen(scan.ids),
        simple=simple,
        key_tags=frozen(scan.key[0]),
        key_classes=frozen(scan.key[1]),
        key_ids=frozen(scan.key[2]),
        tokens=tuple(tokens),
        pseudo=pseudo,
    )
