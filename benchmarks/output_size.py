"""Output size per page and view, against Chromium's ARIA snapshot of the same pages.

For each page of ../shared/corpus and ../shared/corpus-real: characters of browsy's compact output
(header included) for the views all, actions and content, and of the JSON, each page at the URL it
declares (canonical link or og:url), so same-origin links are written as paths as in a real session; tokens estimated with
tiktoken's o200k_base (its vocabulary from the dev dependency bpe-openai when there is no network:
benchmarks/_tokens.py), else as characters / 4 (said in the output).
The ARIA snapshot sizes come from benchmarks/data/aria_sizes.json (record_aria_sizes.py, Playwright at
development time). Also checks that every actionable element of `all` is in `actions` under its id, and
that every element of the page is listed in compact `all` or inside a fold that `get_page(expand=<id>)`
opens (output/folding.py): nothing is lost to folding.

    python benchmarks/output_size.py [--corpus DIR ...]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _corpus import SHARED  # noqa: E402
from _tokens import token_counter  # noqa: E402
from browsy_engine import SpatialDom, parse  # noqa: E402
from browsy_engine.output.folding import fold_page  # noqa: E402
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


_CANONICAL = re.compile(
    rb"""<link[^>]+rel=["']?canonical["']?[^>]*>|<meta[^>]+property=["']og:url["'][^>]*>""", re.I
)
_HREF = re.compile(rb"""(?:href|content)=["']?(https?://[^"' >]+)""", re.I)


def page_url(html: bytes) -> str:
    """The page's own URL as it declares it (canonical link, else og:url): the URL an agent browsed."""
    for tag in _CANONICAL.finditer(html[:200_000]):
        found = _HREF.search(tag.group(0))
        if found:
            return found.group(1).decode("utf-8", "replace")
    return "https://corpus.invalid/"


def unreachable_ids(dom: SpatialDom) -> list[int]:
    """Ids that compact `all` does not list and that no fold holds (there should be none)."""
    listed, folds = fold_page(dom, list(dom.els), None, None)
    held = {el.id for el in listed} | {i for group in folds.values() for fold in group for i in fold.ids}
    return [el.id for el in dom.els if el.id not in held]


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
        totals = dict.fromkeys((*VIEWS, "json", "aria"), 0)
        paired = dict.fromkeys(VIEWS, 0)
        tokens = dict.fromkeys(VIEWS, 0)
        lost = unreachable = pages = 0
        for path in corpus_files(corpus):
            html = read_page(path)
            dom = parse(html, 1920, 1080, page_url(html))
            pages += 1
            for view in VIEWS:
                text = render_page(dom, view=view).content
                totals[view] += len(text)
                tokens[view] += count(text)
                if path.name in known:
                    paired[view] += len(text)
            totals["json"] += len(dom.to_json())
            actions = {el.id for el in select_view(dom.els, "actions")}
            lost += sum(1 for el in dom.els if is_actionable(el) and el.id not in actions)
            unreachable += len(unreachable_ids(dom))
            if path.name in known:
                totals["aria"] += known[path.name]
        print(f"\n{corpus.name}: {pages} pages")
        for view in VIEWS:
            print(f"  compact {view:8} {totals[view]:>11,} characters  {tokens[view]:>10,} tokens")
        print(f"  json             {totals['json']:>11,} characters")
        if totals["aria"]:
            shares = ", ".join(f"{view} {paired[view] / totals['aria']:.0%}" for view in VIEWS)
            print(
                f"  ARIA snapshot    {totals['aria']:>11,} characters on {len(known)} pages; compact as a share "
                f"of it: {shares}"
            )
        print(f"  actionable elements of `all` missing from `actions`: {lost}")
        print(f"  elements neither listed in `all` nor in a fold that expand opens: {unreachable}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
