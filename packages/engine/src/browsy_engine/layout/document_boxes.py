"""Boxes in document coordinates, computed when first asked for.

Layout records each box relative to its anchor (context.py). Most boxes are never read in document
coordinates — text nodes, inline boxes nobody emits — so `DocumentBoxes` converts a node's box on first
access, walking up its chain of anchors (iteratively: chains can be as deep as the tree) and remembering
every box on the way. The rules are those of one forward pass over the nodes: an anchor must come before
the nodes anchored to it, a node whose anchor has no box has none either, and absurd coordinates are
clamped (dependents still build on the unclamped box).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, cast, overload

Box = tuple[float, float, float, float]
LIMIT: Final = 1e7  # px; absurd CSS (margin: -1e300px) must not produce absurd boxes
_PENDING: Final = object()  # not converted yet


def _clamped(b: Box) -> Box:
    """A box with absurd coordinates (or NaN) brought within ±LIMIT."""
    clamp = lambda v, lo: min(max(v, lo), LIMIT) if v == v else 0.0  # noqa: E731  (v == v: not NaN)
    return (clamp(b[0], -LIMIT), clamp(b[1], -LIMIT), clamp(b[2], 0.0), clamp(b[3], 0.0))


class DocumentBoxes(Sequence[Box | None]):
    """`boxes[i]`: node i's border box (x, y, w, h) in document coordinates, or None."""

    __slots__ = ("_rel", "_anchor", "_shift_y", "_unclamped")

    def __init__(self, rel: list[list[float] | None], anchor: list[int], shift_y: list[float]) -> None:
        """From layout's per-node lists (LayoutContext): boxes relative to their anchors, the anchors,
        and the vertical shifts of the anchors' contents."""
        self._rel, self._anchor, self._shift_y = rel, anchor, shift_y
        self._unclamped: list[object] = [_PENDING] * len(rel)

    def __len__(self) -> int:
        return len(self._rel)

    @overload
    def __getitem__(self, i: int) -> Box | None: ...
    @overload
    def __getitem__(self, i: slice) -> list[Box | None]: ...
    def __getitem__(self, i: int | slice) -> Box | None | list[Box | None]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        size = len(self._rel)  # (not len(self): a Python-level call, and this runs per emitted element)
        if i < 0:
            i += size
        if not 0 <= i < size:
            raise IndexError("node index out of range")
        b = self._unclamped[i]
        if b is _PENDING:
            b = self._convert(i)
        if b is None:
            return None
        # its fields read from the stored tuple, which is returned as it is (compiled, a tuple narrowed
        # to Box and returned as `Box | None` would be built anew, with four new floats)
        x, y, w, h = cast(Box, b)
        if -LIMIT < x < LIMIT and -LIMIT < y < LIMIT and 0 <= w < LIMIT and 0 <= h < LIMIT:
            return cast("Box | None", b)
        return _clamped(cast(Box, b))

    def __iter__(self) -> Iterator[Box | None]:
        return (self[i] for i in range(len(self)))

    def bottom(self) -> float:
        """The lowest bottom edge of any box (unclamped), or -inf when there is none."""
        lowest = float("-inf")
        for i in range(len(self)):
            b = self._unclamped[i]
            if b is _PENDING:
                b = self._convert(i)
            if b is not None and b[1] + b[3] > lowest:  # type: ignore[index]
                lowest = b[1] + b[3]  # type: ignore[index]
        return lowest

    def unclamped(self, i: int) -> Box | None:
        """Node i's box in document coordinates, not clamped to the limits (for later layout passes)."""
        b = self._unclamped[i]
        return self._convert(i) if b is _PENDING else b  # type: ignore[return-value]

    def remember(self, i: int, box: Box) -> None:
        """Node i's box is now `box` (a layout pass changed it, and stored it in document coordinates)."""
        self._unclamped[i] = box

    def _convert(self, i: int) -> Box | None:
        rel, anchor, shift_y, unclamped = self._rel, self._anchor, self._shift_y, self._unclamped
        chain: list[int] = []  # nodes still to convert, each anchored to the next
        j = i
        while True:
            known = unclamped[j]
            if known is not _PENDING:
                base = known
                break
            r = rel[j]
            a = anchor[j]
            if r is None or a >= j:  # no box, or anchored to a later node (no box, as in one forward pass)
                base = unclamped[j] = None
                break
            if a < 0:
                base = unclamped[j] = (r[0], r[1], r[2], r[3])
                break
            chain.append(j)
            j = a
        for j in reversed(chain):
            if base is not None:
                r = rel[j]
                assert r is not None  # (a node on the chain has a box)
                bx, by, _, _ = cast(Box, base)  # (typed: read natively, not by generic indexing)
                base = (bx + r[0], by + shift_y[anchor[j]] + r[1], r[2], r[3])
            unclamped[j] = base
        return unclamped[i]  # type: ignore[return-value]
