"""Same bytes and viewport → byte-identical JSON, on every page of the shared corpus."""

from __future__ import annotations

from pathlib import Path

import pytest
from browsy_engine import parse

CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "snapshots"
PAGES = sorted(CORPUS.glob("*.html")) if CORPUS.is_dir() else []


@pytest.mark.skipif(not PAGES, reason="the shared corpus (../shared/corpus) is not present")
@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_corpus_page_parses_to_identical_json_twice(page: Path) -> None:
    data = page.read_bytes()
    first = parse(data, 1920, 1080, url=f"https://corpus.test/{page.name}")
    second = parse(data, 1920, 1080, url=f"https://corpus.test/{page.name}")
    assert first.to_json() == second.to_json()
    assert first.to_compact(header=True) == second.to_compact(header=True)
    assert [e.id for e in first.els] == list(range(1, len(first.els) + 1))
