"""Same bytes and viewport → byte-identical JSON, on every page of the shared corpus."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from browsy_engine import parse

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))

from _corpus import SNAPSHOTS, shared_or_skip  # noqa: E402  (the benchmarks' corpus locator)

PAGES = sorted(SNAPSHOTS.glob("*.html")) if SNAPSHOTS.is_dir() else []


def test_the_corpus_is_there() -> None:
    shared_or_skip(pytest)
    assert len(PAGES) >= 30


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_corpus_page_parses_to_identical_json_twice(page: Path) -> None:
    data = page.read_bytes()
    first = parse(data, 1920, 1080, url=f"https://corpus.test/{page.name}")
    second = parse(data, 1920, 1080, url=f"https://corpus.test/{page.name}")
    assert first.to_json() == second.to_json()
    assert first.to_compact(header=True) == second.to_compact(header=True)
    assert [e.id for e in first.els] == list(range(1, len(first.els) + 1))


def _flex_page(k: int) -> str:
    """A page of nested flex and grid containers (Taffy nodes, pooled between layouts), varied by k."""
    cards = "".join(
        f'<div style="display:flex;gap:{k + 2}px;padding:{j}px"><span style="flex:1">card {j} of {k}</span>'
        f'<div style="display:grid;grid-template-columns:1fr {40 + k}px"><b>x</b><i>{"word " * j}</i></div></div>'
        for j in range(12)
    )
    return f'<main style="display:flex;flex-wrap:wrap;width:{600 + 10 * k}px">{cards}</main>'


def test_pages_parsed_in_threads_at_once_match_their_parses_alone() -> None:
    """The server parses in several threads: layouts share the Taffy trees and the pool of nodes a
    finished layout leaves for the next (layout/flexgrid.py), and each page still comes out as alone."""
    from concurrent.futures import ThreadPoolExecutor

    pages = [_flex_page(k) for k in range(6)]
    alone = [parse(p, 1280, 800).to_json() for p in pages]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda p: parse(p, 1280, 800).to_json(), pages * 8))
    assert together == alone * 8
