"""Output size per page and view, against Chromium's ARIA snapshot of the same pages.

For each page of ../shared/corpus and ../shared/corpus-real: characters of browsy's compact output
(header included) for the views all, actions and content, and of the JSON; tokens estimated with
tiktoken's o200k_base when it is installed with its data, else as characters / 4 (said in the output).
The ARIA snapshot sizes come from benchmarks/data/aria_sizes.json (record_aria_sizes.py, Playwright at
development time). Also checks that every actionable element of `all` is in `actions` under its id.

    python benchmarks/output_size.py [--corpus DIR ...]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _corpus import SHARED  # noqa: E402
from browsy_engine import parse  # noqa: E402
from browsy_engine.output.selection import is_actionable, select_view  # noqa: E402
from browsy_engine.tools.views import render_page  # noqa: E402

ARIA = Path(__file__).resolve().parent / "data" / "aria_sizes.json"
VIEWS = ("all", "actions", "content")


def corpus_files(corpus: Path) -> list[Path]:
    if (corpus / "snapshots").is_dir():
        return sorted((corpus / "snapshots").glob("*.html"))
    return sorted((corpus / "pages").glob("*.html.gz"))


def read_page(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.suffix == ".gz" else data


def token_counter() -> tuple[Callable[[str], int], str]:
    try:
        import tiktoken

        encoding = tiktoken.get_encoding("o200k_base")
        return (lambda text: len(encoding.encode(text, disallowed_special=()))), "tiktoken o200k_base"
    except Exception:  # not installed, or its data cannot be fetched (no network)
        return (lambda text: (len(text) + 3) // 4), "characters / 4 (tiktoken's o200k_base data not available)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--corpus", action="append", type=Path, default=None)
    args = parser.parse_args()
    corpora = args.corpus or [SHARED / "corpus", SHARED / "corpus-real"]
    aria = json.loads(ARIA.read_text()) if ARIA.exists() else {}
    count, how = token_counter()
    print(f"tokens: {how}")
    for corpus in corpora:
        known = aria.get(corpus.name, {})
        totals = dict.fromkeys((*VIEWS, "json", "aria", "all_paired"), 0)
        tokens = dict.fromkeys(VIEWS, 0)
        lost = pages = 0
        for path in corpus_files(corpus):
            dom = parse(read_page(path), 1920, 1080, "https://corpus.invalid/")
            pages += 1
            for view in VIEWS:
                text = render_page(dom, view=view).content
                totals[view] += len(text)
                tokens[view] += count(text)
            totals["json"] += len(dom.to_json())
            actions = {el.id for el in select_view(dom.els, "actions")}
            lost += sum(1 for el in dom.els if is_actionable(el) and el.id not in actions)
            if path.name in known:
                totals["aria"] += known[path.name]
                totals["all_paired"] += len(render_page(dom).content)
        print(f"\n{corpus.name}: {pages} pages")
        for view in VIEWS:
            print(f"  compact {view:8} {totals[view]:>11,} characters  {tokens[view]:>10,} tokens")
        print(f"  json             {totals['json']:>11,} characters")
        if totals["aria"]:
            ratio = totals["all_paired"] / totals["aria"]
            print(f"  ARIA snapshot    {totals['aria']:>11,} characters on {len(known)} pages; compact all is "
                  f"{ratio:.0%} of it there")
        print(f"  actionable elements of `all` missing from `actions`: {lost}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
