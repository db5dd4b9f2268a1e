"""The references stretchable's taffylib leaks on a measure function's arguments, given back.

For each call of a measure function, taffylib (stretchable 1.1.8) makes the two "available space" dicts
it passes ({"dim": …, "value": …}) and keeps one reference to each too many: they are never freed. Each
call leaks 10 memory blocks (two dicts, their key tables, key strings and values, about 600 bytes), so
every flex or grid layout leaked memory for good: a server grew by megabytes per hundred pages, and the
leaked blocks, made in the middle of a layout, pinned memory pools that later parses then filled (a
small page parsed slower after many others).

On import, a tiny layout finds out whether the binding leaks and by how much (a binding without the
leak is left alone); `release(dicts)` then gives back the leaked references of the dicts a measure
function was passed, once the layout call has returned. Only a dict with exactly the reference count of
a leaked one is released, so nothing is freed early.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Final

import stretchable.taffylib as taffylib

from .taffy_style import base_style

_decref = ctypes.pythonapi.Py_DecRef
_decref.argtypes = [ctypes.py_object]
_decref.restype = None


def leaked_references() -> int:
    """How many references the binding leaks on each "available space" dict (0: none)."""
    return _LEAK[0]


def release(dicts: list[object]) -> None:
    """Give back the leaked references of `dicts`, the dicts a measure function was passed by a layout
    call that has returned, and empty the list. Only this list may hold them (apart from the leak):
    a reference count cannot tell a leaked reference from any other."""
    excess, leaked_count = _LEAK
    if excess > 0:
        for d, count in zip(dicts, _counts(dicts), strict=True):
            if count == leaked_count:
                for _ in range(excess):
                    _decref(d)
    dicts.clear()


def _counts(objs: list[object]) -> list[int]:
    """The reference count of each object of a list (one place, so that the probe and `release` count
    the same temporary references)."""
    return [sys.getrefcount(o) for o in objs]


def _probe() -> tuple[int, int]:
    """(references leaked per dict, the count `_counts` gives for a leaked dict): one measured leaf laid
    out in a Taffy tree of its own, its measure function keeping the dict it was passed, compared with a
    dict nothing else holds."""
    try:
        ptr = taffylib.init()
    except Exception:  # a probe never breaks the import: without it nothing is released
        return (0, 0)
    try:
        root = taffylib.node_create(ptr, base_style())
        leaf = taffylib.node_create(ptr, base_style())
        taffylib.node_set_measure(ptr, leaf, True)
        taffylib.node_add_child(ptr, root, leaf)
        passed: list[object] = []

        def measure(known_w: float, known_h: float, avail_w: dict, avail_h: dict, nid: int) -> tuple:
            passed.append(avail_w)
            return (1.0, 1.0)

        avail = {"width": {"dim": 1, "value": 100.0}, "height": {"dim": 4, "value": 0.0}}
        taffylib.node_compute_layout_with_measure(ptr, root, avail, measure)
        if not passed or len({id(d) for d in passed}) < len(passed):
            return (0, 0)  # no call, or one dict passed twice (a binding that keeps and reuses it)
        fresh: list[object] = [{"dim": 1, "value": 1.0}]
        leaked_count, plain_count = _counts(passed)[0], _counts(fresh)[0]
        excess = leaked_count - plain_count
        return (excess, leaked_count) if 0 < excess <= 2 else (0, 0)
    except Exception:  # (as above)
        return (0, 0)
    finally:
        taffylib.free(ptr)


# (references leaked per dict, the count `_counts` gives for a leaked dict): probed on import, before
# anything lays out
_LEAK: Final = _probe()
