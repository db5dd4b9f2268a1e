"""Page intelligence on the labelled corpus: for every scored page, the page type matches ("Any" matches
all), every listed action type is present, every listed code is found, and every element id an action
names exists. The checks live in benchmarks/corpus_intelligence.py (which also prints the table)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from _corpus import CORPUS, shared_or_skip  # noqa: E402
from browsy_engine import parse  # noqa: E402
from corpus_intelligence import check_page, read_page, scored_pages  # noqa: E402

PAGES = scored_pages() if CORPUS.exists() else []


@pytest.mark.parametrize("entry", PAGES, ids=[p["file"] for p in PAGES])
def test_corpus_page_intelligence(entry: dict) -> None:
    dom = parse(read_page(entry), 1920, 1080, url=entry["url"])
    check = check_page(entry, dom)
    assert not check.problems, f"{entry['file']}: {check.problems} (actions {check.actions})"


def test_corpus_is_present() -> None:
    shared_or_skip(pytest)
    assert len(PAGES) >= 30
