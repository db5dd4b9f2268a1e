"""Run generator-based layout code without Python recursion.

Layout functions are generators: to lay out a sub-box they `yield` the sub-generator and receive its
return value, e.g. `height = yield block_box(ctx, child, width)`. `run()` keeps the chain of pending
generators on an explicit list, so arbitrarily deep trees never touch the interpreter's stack.

A task hands over to the trampoline each step down the tree (a child's block_box, atomic_box or
intrinsic); helpers that stay on the same node (box_contents, table_contents, outer_intrinsic, …) are
delegated to with `yield from`, which costs less than a task and nests only a bounded number of frames.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

T = TypeVar("T")
Task = Generator[Any, Any, T]


def run(task: Task[T]) -> T:
    waiting: list[Generator[Any, Any, Any]] = []  # the tasks that wait for `current`'s result
    current: Generator[Any, Any, Any] = task
    value: Any = None
    while True:
        try:
            request = current.send(value)
        except StopIteration as done:
            if not waiting:
                return done.value
            current = waiting.pop()
            value = done.value
            continue
        waiting.append(current)
        current = request
        value = None
