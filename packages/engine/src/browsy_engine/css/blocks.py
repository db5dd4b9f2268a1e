"""A block's contents from its component values (CSS Syntax 3 §5.4.4, "consume a block's contents"),
compiled with the engine: declarations, nested rules and their errors, as tinycss2's nodes.

The list is the one `tinycss2.parse_blocks_contents(tokens, skip_comments=True, skip_whitespace=True)` gives,
node for node,
including tinycss2's choices: a declaration runs to the next `;` or to a `{}` block that ends it; a
would-be declaration that does not parse (no ident and colon first, or a `{}` block after other values)
is read again as a nested qualified rule, which a `;` before any block spoils (a ParseError node); an
at-rule's prelude runs to its `{}` block or `;`; `!important` may have white space around the `!`.
tinycss2 does this in Python, ~35k instructions a block; here the tokens are read by index.
"""

from __future__ import annotations

from typing import Any, Final

from tinycss2 import ast as tinycss2_ast

from .nodes import new_node

# tinycss2's classes as Final names: compiled code reads them from C statics, where an imported name
# is looked up in the module's dict at every use
AtKeywordToken: Final = tinycss2_ast.AtKeywordToken
AtRule: Final = tinycss2_ast.AtRule
Comment: Final = tinycss2_ast.Comment
CurlyBracketsBlock: Final = tinycss2_ast.CurlyBracketsBlock
Declaration: Final = tinycss2_ast.Declaration
IdentToken: Final = tinycss2_ast.IdentToken
LiteralToken: Final = tinycss2_ast.LiteralToken
ParseError: Final = tinycss2_ast.ParseError
QualifiedRule: Final = tinycss2_ast.QualifiedRule
WhitespaceToken: Final = tinycss2_ast.WhitespaceToken


_BLANK: Final = (WhitespaceToken, Comment)  # white space or a comment: no value
_VALUE: Final = 0
_BANG: Final = 1
_IMPORTANT: Final = 2


def block_contents(tokens: list[Any]) -> list[Any]:
    """The declarations, at-rules, qualified rules and ParseErrors of a block's component values (white
    space and comments between them left out)."""
    out: list[Any] = []
    n = len(tokens)
    i = 0
    while i < n:
        token = tokens[i]
        i += 1
        if isinstance(token, _BLANK):
            continue
        if isinstance(token, AtKeywordToken):
            i = _at_rule(token, tokens, i, out)
        elif not _is_literal(token, ";"):
            i = _declaration_or_rule(token, tokens, i, out)
    return out


def _is_literal(token: object, value: str) -> bool:
    return isinstance(token, LiteralToken) and token.value == value


def _at_rule(keyword: Any, tokens: list[Any], i: int, out: list[Any]) -> int:
    """The at-rule `keyword` begins: its prelude up to a `{}` block (its content) or a `;`."""
    prelude: list[Any] = []
    content = None
    n = len(tokens)
    while i < n:
        token = tokens[i]
        i += 1
        if isinstance(token, CurlyBracketsBlock):
            content = token.content
            break
        if _is_literal(token, ";"):
            break
        prelude.append(token)
    rule = new_node(AtRule, keyword.source_line, keyword.source_column)
    rule.at_keyword = keyword.value
    rule.lower_at_keyword = keyword.lower_value
    rule.prelude = prelude
    rule.content = content
    out.append(rule)
    return i


def _declaration_or_rule(first: Any, tokens: list[Any], i: int, out: list[Any]) -> int:
    """A declaration from `first` to the next `;` (or a `{}` block, included), else a nested qualified rule."""
    n = len(tokens)
    if isinstance(first, CurlyBracketsBlock):
        out.append(_qualified_rule(first, [], first))
        return i
    parts: list[Any] = []
    semicolon = None
    while i < n:
        token = tokens[i]
        i += 1
        if _is_literal(token, ";"):
            semicolon = token
            break
        parts.append(token)
        if isinstance(token, CurlyBracketsBlock):
            break
    declaration = _declaration(first, parts)
    if declaration is not None:
        out.append(declaration)
        return i
    # a qualified rule: its prelude up to the `{}` block that ended the parts, if one did
    prelude = [first]
    for token in parts:
        if isinstance(token, CurlyBracketsBlock):
            out.append(_qualified_rule(first, prelude, token))
            return i
        prelude.append(token)
    if semicolon is not None:
        out.append(_rule_error(semicolon, "Stop token"))
    else:
        out.append(_rule_error(prelude[-1], "EOF"))
    return i


def _declaration(name: Any, parts: list[Any]) -> Any:
    """`name: value [!important]` from the parts after the name, or None when they make no declaration."""
    if not isinstance(name, IdentToken):
        return None
    n = len(parts)
    j = 0
    colon = None
    while j < n:
        token = parts[j]
        j += 1
        if not isinstance(token, _BLANK):
            colon = token
            break
    if colon is None or not _is_literal(colon, ":"):
        return None
    value = parts[j:]
    state = _VALUE
    bang = 0
    has_value = False
    has_block_after_value = False
    for k, token in enumerate(value):
        if state == _VALUE and _is_literal(token, "!"):
            state = _BANG
            bang = k
        elif state == _BANG and isinstance(token, IdentToken) and token.lower_value == "important":
            state = _IMPORTANT
        elif not isinstance(token, _BLANK):
            state = _VALUE
            if isinstance(token, CurlyBracketsBlock) and has_value:
                has_block_after_value = True
            has_value = True
    if state == _IMPORTANT:
        del value[bang:]
    if has_block_after_value:
        return None  # a {} block after other values: not a declaration
    declaration = new_node(Declaration, name.source_line, name.source_column)
    declaration.name = name.value
    declaration.lower_name = name.lower_value
    declaration.value = value
    declaration.important = state == _IMPORTANT
    return declaration


def _qualified_rule(first: Any, prelude: list[Any], block: Any) -> Any:
    rule = new_node(QualifiedRule, first.source_line, first.source_column)
    rule.prelude = prelude
    rule.content = block.content
    return rule


def _rule_error(token: Any, reason: str) -> Any:
    error = new_node(ParseError, token.source_line, token.source_column)
    error.kind = "invalid"
    error.message = f"{reason} reached before {{}} block for a qualified rule."
    return error
