"""Float placement inside one block formatting context.

Coordinates are the BFC root's content box. Line boxes and BFC-establishing blocks ask which horizontal
band is free at a given height; floats are stacked at their side below earlier floats that leave no room.
"""

from __future__ import annotations

from typing import Final

NEG_INF: Final = float("-inf")
# Chromium measures in LayoutUnits (1/64 px): a float as wide as the room left beside earlier floats,
# give or take floating-point error in their percentage widths, fits there
FIT_TOLERANCE: Final = 0.01


class FloatArea:
    """Floats are placed top to bottom (a float never sits higher than an earlier one), so floats that
    end above a new float's top can no longer affect anything placed later: they are retired from the
    searched lists (keeping only what clearance and the BFC's height need)."""

    __slots__ = (
        "lefts",
        "rights",
        "left_bottom",
        "right_bottom",
        "active_lefts",
        "active_rights",
        "last_top",
        "any",
        "sides",
    )

    def __init__(self) -> None:
        self.lefts: list[tuple[float, float, float, float]] = []  # x, y, w, h (margin boxes)
        self.rights: list[tuple[float, float, float, float]] = []
        self.active_lefts: list[tuple[float, float, float, float]] = []  # those new floats can meet
        self.active_rights: list[tuple[float, float, float, float]] = []
        self.left_bottom = NEG_INF  # lowest bottom of the left floats
        self.right_bottom = NEG_INF
        self.last_top = NEG_INF
        self.any = False  # whether any float was placed (cheaper to test than __bool__)
        self.sides: list[bool] = []  # in placement order: whether each float went right

    def _retire(self, y: float) -> None:
        if len(self.active_lefts) + len(self.active_rights) > 32:
            self.active_lefts = [f for f in self.active_lefts if f[1] + f[3] > y]
            self.active_rights = [f for f in self.active_rights if f[1] + f[3] > y]

    def __bool__(self) -> bool:
        return self.any

    def band(
        self, y: float, h: float, left: float, right: float, active: bool = False
    ) -> tuple[float, float]:
        """The free [left, right) interval for a band [y, y+h) inside [left, right)."""
        h = max(h, 0.01)
        for fx, fy, fw, fh in self.active_lefts if active else self.lefts:
            if fy < y + h and y < fy + fh:
                left = max(left, fx + fw)
        for fx, fy, _fw, fh in self.active_rights if active else self.rights:
            if fy < y + h and y < fy + fh:
                right = min(right, fx)
        return left, right

    def fit(self, y: float, h: float, w: float, left: float, right: float) -> tuple[float, float, float]:
        """The first y (from y down) where a band h tall leaves w free within [left, right), and that
        band's free interval; below every float when none does."""
        while True:
            lo, hi = self.band(y, h, left, right)
            if hi - lo >= w - FIT_TOLERANCE:
                return y, lo, hi
            nxt = self.next_edge(y)
            if nxt is None:
                return y, lo, hi
            y = nxt

    def next_edge(self, y: float, active: bool = False) -> float | None:
        """The nearest float bottom below y (where more room may open), or None."""
        best: float | None = None
        floats = self.active_lefts + self.active_rights if active else self.lefts + self.rights
        for _fx, fy, _fw, fh in floats:
            b = fy + fh
            if b > y and (best is None or b < best):
                best = b
        return best

    def place(
        self, side: str, w: float, h: float, y: float, left: float, right: float
    ) -> tuple[float, float]:
        """Place a float's margin box (w × h) no higher than y; returns its (x, y)."""
        y = max(y, self.last_top)  # CSS 2.1: a float is never higher than an earlier float
        while True:
            lo, hi = self.band(y, h, left, right, active=True)
            if hi - lo >= w - FIT_TOLERANCE or not self:
                break
            nxt = self.next_edge(y, active=True)
            if nxt is None:
                break
            y = nxt
        self._retire(y)
        self.last_top = y
        self.any = True
        self.sides.append(side == "right")
        if side == "right":
            x = hi - w
            self.rights.append((x, y, w, h))
            self.active_rights.append((x, y, w, h))
            self.right_bottom = max(self.right_bottom, y + h)
        else:
            x = lo
            self.lefts.append((x, y, w, h))
            self.active_lefts.append((x, y, w, h))
            self.left_bottom = max(self.left_bottom, y + h)
        return x, y

    def clearance(self, side: str) -> float:
        """The y below the floats that `clear: side` must pass."""
        edge = float("-inf")
        if side in ("left", "both"):
            edge = max(edge, self.left_bottom)
        if side in ("right", "both"):
            edge = max(edge, self.right_bottom)
        return edge

    def count(self) -> int:
        """How many floats were placed so far."""
        return len(self.sides)

    def shift_since(self, first: int, dy: float) -> None:
        """Move the floats placed from the `first`-th on down by dy: they were placed before margins
        that collapse above them were known (floats adjoining those margins go below them)."""
        rights = sum(self.sides[:first])
        lefts = first - rights
        moved: dict[tuple[float, float, float, float], tuple[float, float, float, float]] = {}
        for side in (self.lefts, self.rights):
            start = lefts if side is self.lefts else rights
            for k in range(start, len(side)):
                fx, fy, fw, fh = old = side[k]
                side[k] = moved[old] = (fx, fy + dy, fw, fh)
                self.last_top = max(self.last_top, fy + dy)
        self.active_lefts = [moved.get(f, f) for f in self.active_lefts]
        self.active_rights = [moved.get(f, f) for f in self.active_rights]
        self.left_bottom = max((f[1] + f[3] for f in self.lefts), default=NEG_INF)
        self.right_bottom = max((f[1] + f[3] for f in self.rights), default=NEG_INF)

    def bottom(self) -> float:
        return max(self.left_bottom, self.right_bottom, 0.0)
