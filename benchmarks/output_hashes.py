"""Hash the JSON output of every page of a corpus, to prove a change leaves the output byte-identical.

    python benchmarks/output_hashes.py --corpus ../shared/corpus-real > before.txt
    (change the engine)
    python benchmarks/output_hashes.py --corpus ../shared/corpus-real | diff before.txt -

Prints one line per page: `<sha256 of to_json()> <page>`, in file-name order.
"""

from __future__ import annotations

import argparse
import hashlib
from pathlib import Path

from _corpus import page_bytes
from browsy_engine import parse


def pages(corpus: Path) -> list[Path]:
    folder = next((corpus / sub for sub in ("pages", "snapshots") if (corpus / sub).is_dir()), corpus)
    return sorted(p for p in folder.iterdir() if p.name.endswith((".html", ".html.gz", ".htm")))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--corpus", type=Path, default=Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
    )
    args = ap.parse_args()
    for page in pages(args.corpus):
        raw = page_bytes(page)
        dom = parse(raw.decode("utf-8", "replace"), 1920, 1080, None)
        print(hashlib.sha256(dom.to_json().encode()).hexdigest()[:16], page.name)


if __name__ == "__main__":
    main()
