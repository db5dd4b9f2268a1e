"""compute_layout(): boxes for every rendered node, in document coordinates.

Pipeline: classify displays (context.py) → lay out the root as a block (block.py, inline.py,
flexgrid.py, table.py; all generator tasks run by trampoline.py, so no Python recursion over the tree)
→ relative offsets → absolutely positioned boxes (positioned.py) → transforms (transforms.py) →
document coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, cast

from ..css.style import ComputedStyle
from ..dom.tree import Document
from .block import block_box
from .context import LayoutContext, classify
from .controls import symmetric_broken_images
from .document_boxes import LIMIT, DocumentBoxes
from .flexgrid import release_leaves
from .floats import FloatArea
from .generated import add_anonymous_table_boxes, add_generated_boxes, anchor_past_generated
from .geometry import px
from .multicol import place_in_columns
from .positioned import Absolute, layout_positioned, relative_offsets, sticky_offsets
from .sources import fallback_objects
from .table import collapse_table_borders
from .trampoline import run
from .transforms import scale_boxes, translate_boxes


@dataclass(slots=True)
class Layout:
    """`boxes[i]` is node i's border box (x, y, w, h) in document coordinates, or None when it has no box
    (display:none, inside such a subtree, or never rendered like <head>). For an inline element that
    breaks across lines it is the union of its fragments, as getBoundingClientRect() reports. Text
    nodes get the union of their line fragments too. Boxes are converted to document coordinates when
    first read (document_boxes.py)."""

    boxes: DocumentBoxes
    viewport_height: float = 0.0

    @property
    def document_height(self) -> float:
        """The page's height: the lowest box bottom, at least the viewport's (at most LIMIT)."""
        return min(max(self.viewport_height, self.boxes.bottom()), LIMIT)


# How far from the viewport a content-visibility: auto box stays relevant to the user (its contents
# laid out): Chromium observes such boxes with a margin of 150% of the viewport around it (measured at
# 1080px: a box whose top is 1500px down is laid out, one 3000px down is skipped; in between, whether
# Chromium's observation ran before a script reads the boxes decides).
RELEVANCE_MARGIN: Final = 1.5


def compute_layout(doc: Document, styles: list[ComputedStyle | None], width: float, height: float) -> Layout:
    auto = [i for i, s in enumerate(styles) if s is not None and s.content_visibility == "auto"]
    if not auto:
        return _layout_pass(doc, styles, width, height, set())
    # content-visibility: auto (CSS Contain 2 §4.1): Chromium lays the page out with every such box
    # skipped (size-contained), then lays out the contents of those near the viewport in that layout
    first = _layout_pass(doc, styles, width, height, set(auto))
    skipped = {i for i in auto if not _relevant(first.boxes[i], float(width), float(height))}
    return first if len(skipped) == len(auto) else _layout_pass(doc, styles, width, height, skipped)


def _relevant(box: tuple[float, float, float, float] | None, width: float, height: float) -> bool:
    """Whether a box lies within the viewport grown by RELEVANCE_MARGIN on each side (a box that is not
    rendered has nothing to lay out)."""
    if box is None:
        return True
    x, y, w, h = box
    mx, my = width * RELEVANCE_MARGIN, height * RELEVANCE_MARGIN
    return x <= width + mx and x + w >= -mx and y <= height + my and y + h >= -my


def _layout_pass(
    doc: Document, styles: list[ComputedStyle | None], width: float, height: float, skipped: set[int]
) -> Layout:
    n = len(doc.nodes)
    # Layout reads only the styles of the elements it lays out, which always have one (see LayoutContext).
    ctx = LayoutContext(doc, doc.nodes, cast("list[ComputedStyle]", styles), float(width), float(height))
    ctx.skipped = skipped
    try:
        layout = _lay_out(ctx, n, width, height)
    except BaseException:
        release_leaves(ctx, reuse=False)
        raise
    release_leaves(ctx)
    return layout


def _lay_out(ctx: LayoutContext, n: int, width: float, height: float) -> Layout:
    fallback_objects(ctx)
    add_generated_boxes(ctx)
    add_anonymous_table_boxes(ctx)
    total = len(ctx.nodes)
    ctx.rel = [None] * total
    ctx.anchor = [-1] * total
    ctx.shift_y = [0.0] * total
    classify(ctx)
    ctx.quirks = ctx.doc.quirks  # the doctype decides, as the HTML parser does (dom/quirks.py)
    ctx.line_quirk = ctx.doc.compat_mode != "no-quirks"
    if ctx.quirks:
        symmetric_broken_images(ctx)
    collapse_table_borders(ctx)
    if n == 0 or ctx.display[0] == "none":
        return Layout(ctx.document_boxes(), float(height))
    root = 0
    res = run(block_box(ctx, root, float(width), float(height), FloatArea(), 0.0, 0.0))
    r = ctx.rel[root]
    assert r is not None  # block_box placed the root
    r[0] = res.x
    r[1] = res.top[0] + res.top[1]
    ctx.anchor[root] = -1
    if total > n:
        anchor_past_generated(ctx)
    if ctx.split_inlines:
        union_split_inlines(ctx, ctx.split_inlines)
    inside_positioned = relative_offsets(ctx, ctx.relative)
    sticky_offsets(ctx)
    if ctx.positioned:
        # split inline boxes inside absolutely positioned boxes are laid out only there
        late = [i for i in ctx.split_inlines if ctx.rel[i] is None]
        layout_positioned(ctx, Absolute(ctx), ctx.subtree_ends())
        if late:
            union_split_inlines(ctx, late)
        if inside_positioned:  # relatively positioned boxes laid out inside them move now
            relative_offsets(ctx, inside_positioned)
    if ctx.column_sets:
        place_in_columns(ctx)
    if ctx.transformed:
        translate_boxes(ctx)
        scale_boxes(ctx)
    if total > n:  # the generated boxes (generated.py) leave with the layout
        del ctx.rel[n:], ctx.anchor[n:], ctx.shift_y[n:]
    return Layout(ctx.document_boxes(), float(height))


def union_split_inlines(ctx: LayoutContext, split: list[int]) -> None:
    """The rect of an inline box split around blocks: the union of its children's non-empty boxes, as
    getBoundingClientRect unites an inline's fragments (an empty block inside adds nothing). Its children
    were laid out in its parent's flow, so they share one anchor; inner split boxes come first."""
    rel, anchor, nodes = ctx.rel, ctx.anchor, ctx.nodes
    for i in reversed(split):
        frame = -2
        union: list[float] | None = None
        first: list[float] | None = None
        own = rel[i]  # its own fragments on the lines of its inline parts (lines.py), if any
        has_own = own is not None and own[2] > 0 and own[3] > 0
        if own is not None and has_own:
            frame = anchor[i]
            union = [own[0], own[1], own[0] + own[2], own[1] + own[3]]
            first = own
        for c in nodes[i].children:
            r = rel[c]
            if r is None:
                continue
            if frame == -2:
                frame = anchor[c]
            elif anchor[c] != frame:
                continue  # a float or positioned box placed elsewhere
            if first is None:
                first = r
            if r[2] <= 0 or r[3] <= 0:
                continue
            if union is not None and own is not None and not ctx.block_child[c]:
                continue  # inline content lies on its lines, whose fragments `own` holds (an image may rise above them)
            x0, x1 = r[0], r[0] + r[2]
            if ctx.block_child[c] and frame >= 0 and rel[frame] is not None:
                # a block inside an inline box sits in an anonymous block as wide as the line (LayoutNG's
                # block-in-inline): that is the inline box's fragment
                x0, x1 = _content_span(ctx, frame)
            if union is None:
                union = [x0, r[1], x1, r[1] + r[3]]
            else:
                union = [
                    min(union[0], x0),
                    min(union[1], r[1]),
                    max(union[2], x1),
                    max(union[3], r[1] + r[3]),
                ]
        if first is None or frame >= i:
            rel[i] = None
            continue
        anchor[i] = frame
        if union is None:
            rel[i] = [first[0], first[1], 0.0, 0.0]
        else:
            rel[i] = [union[0], union[1], union[2] - union[0], union[3] - union[1]]


def _content_span(ctx: LayoutContext, i: int) -> tuple[float, float]:
    """(left, right) of box i's content box, in the coordinates its children are placed in."""
    s, r = ctx.styles[i], ctx.rel[i]
    assert r is not None
    left = s.border_left_width + px(s.padding_left, r[2])
    right = r[2] - s.border_right_width - px(s.padding_right, r[2])
    return left, max(left, right)
