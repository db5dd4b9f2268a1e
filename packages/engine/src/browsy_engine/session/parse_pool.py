"""Where pages are parsed: a worker thread of this process (the default), or a pool of processes.

A parse holds the GIL for its whole length (a 100 KB page: ~130 ms), so in one process every other
request of a server waits behind it, reads of pages parsed long ago included. With `use_processes(n)`
(`browsy serve --parse-processes N`) parses run in `n` worker processes; the finished Spatial DOM comes
back pickled (~10 ms to unpickle for that page), so the server's own process stays free to answer.
Workers are started with `spawn` (a fork of a process running threads can deadlock), import the engine
once, and leave when the server's process is gone, however it ended. A pool that breaks (a worker
killed) is replaced, and that one parse runs in a thread.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any

from ..model import SpatialDom
from ..pipeline import parse

log = logging.getLogger("browsy.session")

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_size = 0
parsed_in_processes = 0  # how many parses ran in the pool (for tests and diagnostics)


def _warm(parent: int) -> None:
    """Worker start: leave with the parent process whatever way it ends (a kill leaves no shutdown
    message), and import the whole engine now, not on the first page."""
    threading.Thread(target=_exit_with, args=(parent,), name="parent-watch", daemon=True).start()
    parse("<p>warm</p>", 100, 100)


def _exit_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def use_processes(count: int) -> None:
    """Parse in `count` worker processes from now on (0: in a thread of this process)."""
    global _pool, _size
    with _lock:
        if count == _size and (_pool is not None or count == 0):
            return
        old, _pool, _size = _pool, None, count
        if count > 0:
            context = multiprocessing.get_context("spawn")
            _pool = ProcessPoolExecutor(
                max_workers=count, mp_context=context, initializer=_warm, initargs=(os.getpid(),)
            )
    if old is not None:
        old.shutdown(wait=False, cancel_futures=True)


def processes() -> int:
    return _size if _pool is not None else 0


async def run_parse(*args: Any, **kwargs: Any) -> SpatialDom:
    """`pipeline.parse(*args, **kwargs)` off the event loop: in the pool when there is one."""
    global parsed_in_processes
    pool = _pool
    if pool is None:
        return await asyncio.to_thread(parse, *args, **kwargs)
    try:
        dom = await asyncio.get_running_loop().run_in_executor(pool, partial(parse, *args, **kwargs))
    except BrokenProcessPool:
        log.warning("the parse pool broke (a worker died); starting a new one")
        size = _size
        use_processes(0)
        use_processes(size)
        return await asyncio.to_thread(parse, *args, **kwargs)
    parsed_in_processes += 1
    return dom


@atexit.register
def _shutdown() -> None:
    use_processes(0)
