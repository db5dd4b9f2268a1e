"""Shared helpers for the benchmarks: where the corpus is and how to read it."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("BROWSY_SHARED", REPO.parent / "shared"))
CORPUS = SHARED / "corpus"
SNAPSHOTS = CORPUS / "snapshots"
TRUTH = CORPUS / "truth"


def shared_or_skip(pytest_module) -> None:  # noqa: ANN001
    """In a test: skip with the reason when ../shared is absent (a bare clone), or fail when CI requires it
    (BROWSY_REQUIRE_SHARED=1, set by .ci/run), so the corpus tests can never be skipped silently there."""
    if CORPUS.is_dir():
        return
    message = f"the shared corpus is not present at {CORPUS} (set BROWSY_SHARED to its folder)"
    if os.environ.get("BROWSY_REQUIRE_SHARED") == "1":
        pytest_module.fail(message + "; BROWSY_REQUIRE_SHARED=1 requires it")
    pytest_module.skip(message)


def page_bytes(page: Path) -> bytes:
    """A page file's bytes; corpus-real stores its pages gzipped (`.html.gz`)."""
    raw = page.read_bytes()
    return gzip.decompress(raw) if page.name.endswith(".gz") else raw


def corpus_pages() -> list[Path]:
    return sorted(SNAPSHOTS.glob("*.html"))


def manifest() -> dict:
    return json.loads((CORPUS / "manifest.json").read_text())


def viewport() -> tuple[int, int]:
    w, h = manifest().get("viewport", [1920, 1080])
    return int(w), int(h)
