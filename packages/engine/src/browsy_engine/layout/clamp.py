"""`-webkit-line-clamp` (CSS Overflow 4 §4.2, the legacy form Chromium implements): a vertical -webkit-box
with `-webkit-line-clamp: N` is a block container whose height ends after its Nth line box.

The lines counted are those of the box's own block formatting context: its lines and those of the blocks
in its flow, not those inside inline-blocks, floats, flex items or other formatting-context roots (they
get no clamp state of their own: `enter`). What Chromium does, as measured (fixture line_clamp):
- every box is laid out as without the clamp: the lines past the Nth keep their places;
- when in-flow content (a line box or a block, even an empty one; not a float) follows the Nth line, the
  clamp point cuts: each block around that line, up to the clamp box, ends there (its content height ends
  at the line's bottom, or at the bottom border edge of its child around it, its own padding and border
  below), the content after it goes on below those shortened blocks (their bottom margins included), and
  the clamp box's content height ends at the clamp point;
- with nothing in flow after the Nth line, nothing is cut (the last block's bottom margin stays inside).

The state travels down the flow in `LayoutContext.line_clamp`. The clamp point is kept in the content
coordinates of one box (`box`): first the Nth line's container, then each block around it once that block
is placed. The blocks around it whose cut waits for content to follow are `pending`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .context import LayoutContext
from .margins import NO_MARGIN

if TYPE_CHECKING:
    from .block import FlowOut


@dataclass(slots=True)
class LineClamp:
    lines_left: int  # lines to go before the clamp point
    box: int = -1  # the box whose content coordinates `bottom` is in (-1: the clamp point is not reached)
    bottom: float = 0.0  # the clamp point: the bottom of the Nth line, or of the block around it
    cut_height: float = 0.0  # the border-box height `box`'s child around the clamp point has once cut
    more: bool = False  # in-flow content follows the clamp point: the blocks around it are cut
    pending: list[tuple[int, float]] = field(default_factory=list)  # (block, its cut border-box height)


def enter(ctx: LayoutContext, line_clamp: int, own_context: bool) -> LineClamp | None:
    """Before a box's contents are laid out: the clamp state they are counted in, a new one for a clamp
    box, none inside another formatting-context root (`own_context`). Returns the state to restore."""
    outer = ctx.line_clamp
    if line_clamp > 0:
        ctx.line_clamp = LineClamp(line_clamp)
    elif own_context:
        ctx.line_clamp = None
    return outer


def leave(ctx: LayoutContext, i: int, outer: LineClamp | None, out: FlowOut) -> None:
    """After box i's flow (`out`): when the clamp point is in it and content follows, the flow ends at the
    clamp point. Restores the state of the flow around (`outer`, from enter)."""
    clamp = ctx.line_clamp
    ctx.line_clamp = outer
    if clamp is not None and clamp.box == i and clamp.more:
        out.height = clamp.bottom
        out.bottom = NO_MARGIN


def count_line(clamp: LineClamp, container: int, bottom: float) -> None:
    """A line box of the clamp box's flow, in `container`, ending at content-y `bottom` of it."""
    if clamp.box >= 0:
        clamp.more = True  # a line after the clamp point
        return
    clamp.lines_left -= 1
    if clamp.lines_left == 0:
        clamp.box, clamp.bottom = container, bottom


def content_follows(ctx: LayoutContext, i: int, out: FlowOut) -> None:
    """In-flow content comes next in block i's flow: when i holds the clamp point and nothing followed it
    yet, the blocks around it are cut and the flow goes on below the clamp point."""
    clamp = ctx.line_clamp
    if clamp is None or clamp.box != i or clamp.more:
        return
    clamp.more = True
    rel = ctx.rel
    for box, height in clamp.pending:
        r = rel[box]
        if r is not None:
            r[3] = height
    clamp.pending.clear()
    out.height = clamp.bottom


def block_done(ctx: LayoutContext, i: int, height: float, cut_height: float) -> None:
    """Block i of the flow is laid out, `height` tall (border box), `cut_height` once cut at the clamp
    point when that is inside it: remembered for placing it (placed) or cutting it later."""
    clamp = ctx.line_clamp
    if clamp is None or clamp.box != i:
        return
    clamp.cut_height = height if clamp.more else cut_height
    if not clamp.more:
        clamp.pending.append((i, cut_height))


def placed(ctx: LayoutContext, parent: int, c: int, y: float) -> None:
    """Block c is placed at content-y y of its parent: a clamp point inside it moves to the parent's
    coordinates, at c's bottom border edge (once cut)."""
    clamp = ctx.line_clamp
    if clamp is not None and clamp.box == c:
        clamp.box, clamp.bottom = parent, y + clamp.cut_height
