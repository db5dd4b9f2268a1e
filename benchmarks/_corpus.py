"""Shared helpers for the benchmarks: where the corpus is and how to read it."""

from __future__ import annotations

import json
import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("BROWSY_SHARED", REPO.parent / "shared"))
CORPUS = SHARED / "corpus"
SNAPSHOTS = CORPUS / "snapshots"
TRUTH = CORPUS / "truth"


def corpus_pages() -> list[Path]:
    return sorted(SNAPSHOTS.glob("*.html"))


def manifest() -> dict:
    return json.loads((CORPUS / "manifest.json").read_text())


def viewport() -> tuple[int, int]:
    w, h = manifest().get("viewport", [1920, 1080])
    return int(w), int(h)
