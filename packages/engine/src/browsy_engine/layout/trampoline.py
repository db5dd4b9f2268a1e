"""Run generator-based layout code without Python recursion.

Layout functions are generators: to lay out a sub-box they `yield` the sub-generator and receive its
return value, e.g. `height = yield block_box(ctx, child, width)`. `run()` keeps the chain of pending
generators on an explicit list, so arbitrarily deep trees never touch the interpreter's stack.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

T = TypeVar("T")
Task = Generator[Any, Any, T]


def run(task: Task[T]) -> T:
    stack: list[Generator[Any, Any, Any]] = [task]
    value: Any = None
    while stack:
        try:
            request = stack[-1].send(value)
        except StopIteration as done:
            stack.pop()
            value = done.value
            continue
        stack.append(request)
        value = None
    return value
