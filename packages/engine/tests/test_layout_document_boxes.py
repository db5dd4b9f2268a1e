"""DocumentBoxes converts relative boxes to document coordinates on demand; it must agree with one
forward pass over the nodes (the definition), whatever order boxes are read in."""

from __future__ import annotations

import math

from browsy_engine.layout.document_boxes import LIMIT, DocumentBoxes, _clamped
from hypothesis import given, settings
from hypothesis import strategies as st


def forward_pass(rel, anchor, shift_y):
    """The definition: anchors come first; no anchor box, no box; absurd boxes clamped."""
    unclamped = [None] * len(rel)
    boxes = [None] * len(rel)
    for i, r in enumerate(rel):
        if r is None:
            continue
        a = anchor[i]
        if a < 0:
            b = tuple(r)
        else:
            base = unclamped[a]
            if base is None:
                continue
            b = (base[0] + r[0], base[1] + shift_y[a] + r[1], r[2], r[3])
        unclamped[i] = b
        x, y, w, h = b
        ok = -LIMIT < x < LIMIT and -LIMIT < y < LIMIT and 0 <= w < LIMIT and 0 <= h < LIMIT
        boxes[i] = b if ok else _clamped(b)
    return boxes


def same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return all(x == y or (math.isnan(x) and math.isnan(y)) for x, y in zip(a, b))


coordinate = st.one_of(st.floats(-50, 50), st.sampled_from([1e9, -1e9, math.nan, math.inf]))
node = st.tuples(
    st.one_of(st.none(), st.lists(coordinate, min_size=4, max_size=4)),
    st.integers(-1, 30),
    st.floats(0, 10),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(node, min_size=1, max_size=30), st.randoms(use_true_random=False))
def test_agrees_with_one_forward_pass_in_any_reading_order(nodes, rnd) -> None:
    rel = [r for r, _, _ in nodes]
    anchor = [min(a, len(nodes) - 1) for _, a, _ in nodes]
    shift_y = [s for _, _, s in nodes]
    expected = forward_pass(rel, anchor, shift_y)
    boxes = DocumentBoxes(rel, anchor, shift_y)
    order = list(range(len(nodes)))
    rnd.shuffle(order)
    for i in order:
        assert same(boxes[i], expected[i]), i
    assert all(same(a, b) for a, b in zip(boxes, expected))


def test_a_chain_as_deep_as_a_hostile_page_converts_without_recursion() -> None:
    n = 200_000
    rel = [[0.0, 1.0, 10.0, 1.0]] * n
    anchor = [-1] + list(range(n - 1))
    boxes = DocumentBoxes(rel, anchor, [0.0] * n)
    assert boxes[n - 1] == (0.0, float(n), 10.0, 1.0)
    assert boxes[-1] == boxes[n - 1] and boxes[1:3] == [(0.0, 2.0, 10.0, 1.0), (0.0, 3.0, 10.0, 1.0)]
    assert boxes.bottom() == n + 1.0
