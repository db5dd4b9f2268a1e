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
