"""Float placement inside one block formatting context.

Coordinates are the BFC root's content box. Line boxes and BFC-establishing blocks ask which horizontal
band is free at a given height; floats are stacked at their side below earlier floats that leave no room.
"""

from __future__ import annotations


class FloatArea:
    __slots__ = ("lefts", "rights")

    def __init__(self) -> None:
        self.lefts: list[tuple[float, float, float, float]] = []  # x, y, w, h (margin boxes)
        self.rights: list[tuple[float, float, float, float]] = []

    def __bool__(self) -> bool:
        return bool(self.lefts or self.rights)

    def band(self, y: float, h: float, left: float, right: float) -> tuple[float, float]:
        """The free [left, right) interval for a band [y, y+h) inside [left, right)."""
        h = max(h, 0.01)
        for fx, fy, fw, fh in self.lefts:
            if fy < y + h and y < fy + fh:
                left = max(left, fx + fw)
        for fx, fy, _fw, fh in self.rights:
            if fy < y + h and y < fy + fh:
                right = min(right, fx)
        return left, right

    def next_edge(self, y: float) -> float | None:
        """The nearest float bottom below y (where more room may open), or None."""
        best: float | None = None
        for _fx, fy, _fw, fh in self.lefts + self.rights:
            b = fy + fh
            if b > y and (best is None or b < best):
                best = b
        return best

    def place(self, side: str, w: float, h: float, y: float, left: float, right: float) -> tuple[float, float]:
        """Place a float's margin box (w × h) no higher than y; returns its (x, y)."""
        while True:
            lo, hi = self.band(y, h, left, right)
            if hi - lo >= w or not self:
                break
            nxt = self.next_edge(y)
            if nxt is None:
                break
            y = nxt
        if side == "right":
            x = hi - w
            self.rights.append((x, y, w, h))
        else:
            x = lo
            self.lefts.append((x, y, w, h))
        return x, y

    def clearance(self, side: str) -> float:
        """The y below the floats that `clear: side` must pass."""
        bottoms: list[float] = []
        if side in ("left", "both"):
            bottoms += [fy + fh for _, fy, _, fh in self.lefts]
        if side in ("right", "both"):
            bottoms += [fy + fh for _, fy, _, fh in self.rights]
        return max(bottoms, default=float("-inf"))

    def bottom(self) -> float:
        return max((fy + fh for _, fy, _, fh in self.lefts + self.rights), default=0.0)
