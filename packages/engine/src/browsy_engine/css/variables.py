"""Custom properties and var() substitution.

Custom property values are token lists. An element's custom properties are its parent's, updated with
the ones it declares; a declared value that uses var() is substituted at the element (so it inherits
already-resolved). Cycles and references to missing properties without a fallback make the value
invalid at computed-value time (None), which for a normal property means `unset`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from tinycss2.ast import FunctionBlock, IdentToken, LiteralToken, ParenthesesBlock, WhitespaceToken

Tokens = list[object]


class CustomMap(Protocol):
    """Where var() finds custom properties: a dict of them, or `_Resolver` while they are resolved."""

    def get(self, key: str, /) -> Tokens | None: ...


MAX_DEPTH = 32
MAX_TOKENS = 20000  # stop "billion laughs" expansions


def has_var(tokens: Sequence[object]) -> bool:
    """Whether a value uses var() anywhere (then it is substituted per element)."""
    stack = list(tokens)
    while stack:
        t = stack.pop()
        if isinstance(t, FunctionBlock):
            if t.lower_name == "var":
                return True
            stack.extend(t.arguments)
        elif isinstance(t, ParenthesesBlock):
            stack.extend(t.content)
    return False


class _Invalid(Exception):
    pass


def substitute(tokens: Sequence[object], lookup: CustomMap | None) -> Tokens | None:
    """The tokens with every var() replaced, or None when invalid at computed-value time."""
    try:
        out: Tokens = []
        _subst(tokens, lookup or {}, out, 0)
        return out
    except (_Invalid, RecursionError):
        return None


def _subst(tokens: Sequence[object], lookup: CustomMap, out: Tokens, depth: int) -> None:
    if depth > MAX_DEPTH or len(out) > MAX_TOKENS:
        raise _Invalid
    for t in tokens:
        if isinstance(t, FunctionBlock):
            if t.lower_name == "var":
                _var(t.arguments, lookup, out, depth + 1)
            else:
                inner: Tokens = []
                _subst(t.arguments, lookup, inner, depth + 1)
                out.append(FunctionBlock(t.source_line, t.source_column, t.name, inner))
        elif isinstance(t, ParenthesesBlock):
            inner = []
            _subst(t.content, lookup, inner, depth + 1)
            out.append(ParenthesesBlock(t.source_line, t.source_column, inner))
        else:
            out.append(t)


def _var(args: Sequence[object], lookup: CustomMap, out: Tokens, depth: int) -> None:
    items = [a for a in args]
    k = 0
    while k < len(items) and isinstance(items[k], WhitespaceToken):
        k += 1
    if k >= len(items) or not isinstance(items[k], IdentToken) or not items[k].value.startswith("--"):  # type: ignore[attr-defined]
        raise _Invalid
    name = items[k].value  # type: ignore[attr-defined]
    rest = items[k + 1 :]
    fallback: list[object] | None = None
    for j, t in enumerate(rest):
        if isinstance(t, LiteralToken) and t.value == ",":
            fallback = rest[j + 1 :]
            break
        if not isinstance(t, WhitespaceToken):
            raise _Invalid
    value = lookup.get(name)
    if value is not None:
        if len(out) + len(value) > MAX_TOKENS:
            raise _Invalid
        out.extend(value)
        return
    if fallback is None:
        raise _Invalid
    _subst(fallback, lookup, out, depth + 1)


def resolve_custom(
    inherited: dict[str, Tokens | None] | None,
    declared: dict[str, Tokens],
    has_var: set[str],
) -> dict[str, Tokens | None]:
    """The element's custom properties: inherited ones overridden by declared ones (var() resolved)."""
    result: dict[str, Tokens | None] = dict(inherited) if inherited else {}
    for name, tokens in declared.items():
        if name not in has_var:
            result[name] = tokens
    pending = [n for n in declared if n in has_var]
    if not pending:
        return result
    resolver = _Resolver(result, declared, has_var)
    for name in pending:
        try:
            resolver.resolve(name)
        except _Invalid:
            resolver.state[name] = _DONE
            result[name] = None
    return result


_RESOLVING, _DONE = 1, 2


class _Resolver:
    """var() lookups while an element's declared custom properties are resolved: a declared one that
    uses var() is resolved when first looked up (a property met again while it resolves is a cycle:
    invalid); the others come from `result`. A module-level class and not a class and closures made
    per element, which were reference cycles left to the cyclic collector."""

    __slots__ = ("result", "declared", "has_var", "state")

    def __init__(
        self, result: dict[str, Tokens | None], declared: dict[str, Tokens], has_var: set[str]
    ) -> None:
        self.result = result
        self.declared = declared
        self.has_var = has_var
        self.state: dict[str, int] = {}

    def get(self, key: str, /) -> Tokens | None:
        if key in self.has_var and key in self.declared:
            return self.resolve(key)
        return self.result.get(key)

    def resolve(self, name: str) -> Tokens | None:
        st = self.state.get(name)
        if st == _DONE:
            return self.result.get(name)
        if st == _RESOLVING:
            raise _Invalid  # a cycle
        self.state[name] = _RESOLVING
        try:
            value = substitute_strict(self.declared[name], self)
        except _Invalid:
            value = None
        self.state[name] = _DONE
        self.result[name] = value
        return value


def substitute_strict(tokens: Sequence[object], lookup: CustomMap) -> Tokens | None:
    out: Tokens = []
    try:
        _subst(tokens, lookup, out, 0)
    except RecursionError:
        return None
    return out
