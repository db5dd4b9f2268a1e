"""parse() pauses the cyclic garbage collector and moves the finished page to the oldest generation
unscanned; the caller's own objects and the collector's state must come out as if nothing happened."""

from __future__ import annotations

import gc
import weakref

import pytest
from browsy_engine import parse

PAGE = "<!DOCTYPE html><title>t</title><p>Hello <a href='/x'>world</a></p>" * 20


class Cyclic:
    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def _collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    gc.unfreeze()
    if not was:
        gc.disable()


def test_collector_is_running_and_unfrozen_after_parse() -> None:
    parse(PAGE)
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_the_callers_cyclic_garbage_is_still_collected() -> None:
    gc.collect()
    garbage = Cyclic()
    alive = weakref.ref(garbage)
    del garbage
    parse(PAGE)  # the young generations are collected before the page is built
    assert alive() is None


def test_objects_the_host_froze_stay_frozen() -> None:
    keep = [Cyclic() for _ in range(10)]
    gc.freeze()
    frozen = gc.get_freeze_count()
    assert frozen >= len(keep)
    parse(PAGE)
    # Not `== frozen`: another thread of the test run (a fixture server) may free objects that were
    # frozen with ours. What matters: parse neither unfroze the host's objects nor froze its page.
    assert len(keep) <= gc.get_freeze_count() <= frozen


def test_a_paused_collector_stays_paused() -> None:
    gc.disable()
    parse(PAGE)
    assert not gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_a_dropped_page_leaves_no_cycles_behind() -> None:
    dom = parse(PAGE)
    gc.collect()
    del dom
    assert gc.collect() == 0  # freed by reference counting alone: nothing was waiting in gen 2
