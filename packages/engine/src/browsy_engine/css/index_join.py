"""Left-to-right matching of descendant/child chains from the document's indexes.

On a large document, a chain such as `.mw-parser-output .hlist li` has too many subject candidates for
chain.py's right-to-left walk, and lexbor walks the whole tree for every selector. When every compound
of the chain names a tag, class or id, the elements matching each compound come straight from the
tag/class/id indexes, and combinators become cheap joins on the pre-order numbering: the descendants of
node `a` are exactly the indices in `(a, ends[a]]`, so "inside some match of the previous compound" is a
pair of bisections per (outermost) previous match, and "child of" is a parent lookup.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence

from ..dom.tree import Node
from .chain import Chain, Compound


def _needs_check(compound: Compound) -> bool:
    """Conditions an index intersection does not cover (attribute tests, negations, never-matching states,
    :link's tags, :root, a child's position)."""
    return bool(
        compound.attributes
        or compound.negations
        or compound.never
        or compound.one_of is not None
        or compound.root
        or compound.position != 0
    )


def descendants_among(ancestors: list[int], candidates: list[int], ends: Sequence[int]) -> list[int]:
    """The candidates lying inside the subtree of some ancestor (both lists in document order)."""
    out: list[int] = []
    covered = -1  # end of the last subtree taken: ancestors nested in it add nothing
    for a in ancestors:
        if a <= covered:
            continue
        end = ends[a]
        lo = bisect_right(candidates, a)
        out.extend(candidates[lo : bisect_right(candidates, end, lo)])
        covered = end
    return out


def children_among(parents: list[int], candidates: list[int], nodes: Sequence[Node]) -> list[int]:
    """The candidates whose parent is one of `parents` (both lists in document order)."""
    child_count = sum(len(nodes[p].children) for p in parents)
    if child_count < len(candidates):
        wanted = set(candidates)
        return sorted(c for p in parents for c in nodes[p].children if c in wanted)
    parent_set = set(parents)
    return [c for c in candidates if nodes[c].parent in parent_set]


def match_by_index(
    chain: Chain,
    nodes: Sequence[Node],
    compound_candidates: Callable[[Compound], list[int]],
    ends: Sequence[int],
) -> list[int]:
    """Elements matching an indexable chain, in document order."""
    matched: list[int] = []
    for k, compound in enumerate(chain.compounds):
        candidates = compound_candidates(compound)
        if k > 0:
            if chain.combinators[k - 1] == ">":
                candidates = children_among(matched, candidates, nodes)
            else:
                candidates = descendants_among(matched, candidates, ends)
        if _needs_check(compound):
            candidates = [i for i in candidates if compound.matches(nodes[i], nodes)]
        matched = candidates
        if not matched:
            break
    return matched
