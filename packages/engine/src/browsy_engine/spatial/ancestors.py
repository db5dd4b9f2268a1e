"""Questions about a node's ancestry ("is it inside a <nav>?"), answered for the few nodes that ask.

Each answer walks up to the first node already answered (or to the root) and records the answer for
every node on the way, so any number of questions costs one visit per node at most.
"""

from __future__ import annotations

from collections.abc import Callable

from ..dom.tree import Node


class AtOrAbove:
    """Whether a node or one of its ancestors passes `test` (a predicate on node indices)."""

    def __init__(self, nodes: list[Node], test: Callable[[int], object]) -> None:
        self._nodes = nodes
        self._test = test
        self._known: dict[int, bool] = {}

    def __call__(self, index: int) -> bool:
        nodes = self._nodes
        known = self._known
        path: list[int] = []
        found = False
        i = index
        while i >= 0:
            answer = known.get(i)
            if answer is not None:
                found = answer
                break
            path.append(i)
            if self._test(i):
                found = True
                break
            i = nodes[i].parent
        for j in path:
            known[j] = found
        return found
