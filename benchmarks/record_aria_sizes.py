"""Record the size of Chromium's ARIA snapshot of every corpus page (development time; the figures are
committed to benchmarks/data/aria_sizes.json, the tool is not needed to read them).

Each page is loaded the way the corpus truth was made: headless Chromium, JavaScript off, no
sub-resources (every request but the document is aborted), viewport 1920×1080. The snapshot is
Playwright's `locator("body").aria_snapshot()` (YAML), the text an agent gets from Playwright's MCP
server for the page.

    python benchmarks/record_aria_sizes.py [--corpus ../shared/corpus] [--corpus ../shared/corpus-real]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _corpus import SHARED  # noqa: E402
from output_size import corpus_files, read_page  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

OUT = Path(__file__).resolve().parent / "data" / "aria_sizes.json"
BASE = "http://corpus.invalid/"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--corpus", action="append", type=Path, default=None)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    corpora = args.corpus or [SHARED / "corpus", SHARED / "corpus-real"]
    sizes: dict[str, dict[str, int]] = json.loads(OUT.read_text()) if OUT.exists() else {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, headless=True)
        context = browser.new_context(java_script_enabled=False, viewport={"width": 1920, "height": 1080})
        page = context.new_page()
        current: dict[str, bytes] = {}
        page.route(
            "**/*",
            lambda route: (
                route.fulfill(status=200, body=current["html"], headers={"content-type": "text/html"})
                if route.request.url == BASE
                else route.abort()
            ),
        )
        for corpus in corpora:
            table = sizes.setdefault(corpus.name, {})
            for path in corpus_files(corpus):
                current["html"] = read_page(path)
                try:
                    page.goto(BASE, wait_until="domcontentloaded", timeout=30_000)
                    snapshot = page.locator("body").aria_snapshot(timeout=30_000)
                except Exception as err:  # a page Chromium cannot snapshot: left out, and said
                    print(f"{path.name}: {type(err).__name__}", file=sys.stderr)
                    continue
                table[path.name] = len(snapshot)
            print(f"{corpus.name}: {len(table)} pages, {sum(table.values())} characters")
        browser.close()
    OUT.write_text(json.dumps(sizes, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
