"""parse() pauses the cyclic garbage collector and moves the finished page to the oldest generation
unscanned; the caller's own objects and the collector's state must come out as if nothing happened."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

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


TESTS = Path(__file__).parent
FIXTURE_PAGES = sorted(
    [*TESTS.glob("fixtures/*/*.html"), *TESTS.glob("layout_fixtures/*.html")], key=lambda p: p.name
)
# What made cycles before: a sign-in form (a nested key function ranking the username candidates), the
# page-type rules of a content page beside a password field (nested rule functions), and custom
# properties whose values use var() (a class and closures made per element).
CYCLE_PRONE = (
    """<!DOCTYPE html><title>Sign in</title>
<style>:root { --a: 4px; --b: calc(var(--a) * 2); --c: var(--b); --loop: var(--loop2); --loop2: var(--loop) }
main p { margin: var(--c) var(--missing, 3px); padding: var(--loop, 1px) }</style>
<header><form><input name=user><input type=password name=pw><button>Log in</button></form></header>
<main><h1>An article</h1>"""
    + "<p>Some words of the article, enough of them to weigh as text.</p>" * 30
    + "</main>"
)


def _engine_objects_in_cycles() -> set[str]:
    """The engine's types among what the cyclic collector frees now (the unreachable cycles)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return {
            f"{type(o).__module__}.{type(o).__qualname__}"
            for o in gc.garbage
            if type(o).__module__.startswith("browsy_engine")
        }
    finally:
        gc.garbage.clear()
        gc.set_debug(0)


def test_fixture_pages_make_no_reference_cycles() -> None:
    """The finished page goes to the oldest generation unscanned, where only a full collection would free
    a cycle: a page caught in one stays in memory (a server's memory grew by every page it parsed)."""
    assert len(FIXTURE_PAGES) > 200
    _engine_objects_in_cycles()
    for html in [CYCLE_PRONE, *(p.read_text() for p in FIXTURE_PAGES)]:
        dom = parse(html, url="https://example.com/login")
        del dom
        assert _engine_objects_in_cycles() == set(), html[:200]
