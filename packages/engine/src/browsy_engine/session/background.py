"""One background event loop per process that runs the coroutines of every blocking facade.

`Session` (this package) and the SDK's synchronous `Browser` both use it, so a process has one such thread
however many sessions it holds. A sync call waits on its coroutine from any thread — including a thread that
already runs an event loop of its own (Jupyter, agent frameworks) — because the coroutine runs on this
loop's thread, never the caller's.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def background_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _lock:
        if _loop is None or _loop.is_closed():
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="browsy-loop", daemon=True).start()
        return _loop


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run `coro` on the background loop and wait for its result (exceptions propagate unchanged)."""
    loop = background_loop()
    if _on_loop_thread(loop):
        coro.close()
        raise RuntimeError(
            "a blocking browsy method was called from browsy's own event loop; use the async API"
        )
    return asyncio.run_coroutine_threadsafe(coro, loop).result()


async def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Await `coro` on the background loop from another event loop (for async framework tools)."""
    loop = background_loop()
    if asyncio.get_running_loop() is loop:
        return await coro
    return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, loop))


def _on_loop_thread(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False
