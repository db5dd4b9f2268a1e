"""Page intelligence over the labelled corpus: what was detected per page, and intelligence's time share.

For every page of ../shared/corpus/manifest.json: expected vs detected page type, expected action types
vs detected actions, expected codes vs found codes, and whether every element id named by an action
exists. Then the page types of ../shared/corpus-real against benchmarks/labels/corpus-real.json (share
typed Article, the confusions, articles typed Captcha/Login/Error/TwoFactorAuth), and the time of
`analyze()` against the whole `parse()` on both corpora (best of N runs per page).

    python benchmarks/corpus_intelligence.py [--runs N] [--real-runs N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _corpus import SHARED, SNAPSHOTS, manifest  # noqa: E402
from browsy_engine import parse  # noqa: E402
from browsy_engine.intelligence import analyze  # noqa: E402
from browsy_engine.model import SpatialDom  # noqa: E402


@dataclass
class PageCheck:
    file: str
    expected_type: str
    page_type: str
    expected_actions: list[str]
    actions: list[str]
    expected_codes: list[str]
    codes: list[str]
    missing_ids: list[int] = field(default_factory=list)

    @property
    def problems(self) -> list[str]:
        out = []
        if self.expected_type != "Any" and self.page_type != self.expected_type:
            out.append(f"type {self.page_type} != {self.expected_type}")
        missing = [a for a in self.expected_actions if a not in self.actions]
        if missing:
            out.append(f"missing actions {missing}")
        lost = [c for c in self.expected_codes if c not in self.codes]
        if lost:
            out.append(f"missing codes {lost}")
        if self.missing_ids:
            out.append(f"actions name absent ids {self.missing_ids}")
        return out


def scored_pages() -> list[dict]:
    data = manifest()
    return [p for p in data["snapshots"] if not p.get("skip")]


def read_page(entry: dict) -> str:
    return (SNAPSHOTS / entry["file"]).read_bytes().decode("utf-8", errors="replace")


def check_page(entry: dict, dom: SpatialDom) -> PageCheck:
    present = {el.id for el in dom.els}
    named = [i for a in dom.suggested_actions for i in a.element_ids()]
    return PageCheck(
        file=entry["file"],
        expected_type=entry.get("page_type", "Any"),
        page_type=dom.page_type,
        expected_actions=list(entry.get("action_types") or []),
        actions=[a.action for a in dom.suggested_actions],
        expected_codes=list(entry.get("codes") or []),
        codes=dom.find_codes(),
        missing_ids=sorted({i for i in named if i not in present}),
    )


def check_corpus() -> list[PageCheck]:
    width, height = manifest().get("viewport", [1920, 1080])
    return [check_page(e, parse(read_page(e), width, height, url=e["url"])) for e in scored_pages()]


def time_share(runs: int) -> tuple[float, float]:
    """(total parse seconds, of which analyze seconds), summing each page's best of `runs`."""
    width, height = manifest().get("viewport", [1920, 1080])
    total = analysis = 0.0
    for entry in scored_pages():
        html = read_page(entry)
        best_parse = best_analyze = float("inf")
        for _ in range(runs):
            start = time.perf_counter()
            dom = parse(html, width, height, url=entry["url"])
            best_parse = min(best_parse, time.perf_counter() - start)
            _ = dom.document.lexbor  # parse() analyses before it releases lexbor's tree: rebuild it untimed
            start = time.perf_counter()
            analyze(dom)
            best_analyze = min(best_analyze, time.perf_counter() - start)
        total += best_parse
        analysis += best_analyze
    return total, analysis


LABELS = Path(__file__).resolve().parent / "labels" / "corpus-real.json"
BLOCKING_TYPES = ("Captcha", "Login", "Error", "TwoFactorAuth")


def real_pages() -> list[tuple[str, str, str]]:
    """(id, labelled type, html) of every corpus-real page."""
    import gzip

    labels = json.loads(LABELS.read_text())["pages"]
    pages = SHARED / "corpus-real" / "pages"
    return [
        (pid, label["type"], gzip.decompress((pages / f"{pid}.html.gz").read_bytes()).decode("utf-8"))
        for pid, label in sorted(labels.items())
    ]


def check_real(runs: int) -> int:
    from collections import Counter

    typed: Counter[str] = Counter()
    wrong: list[tuple[str, str, str, list[str]]] = []
    total = analysis = 0.0
    pages = real_pages()
    for pid, label, html in pages:
        best_parse = best_analyze = float("inf")
        for _ in range(runs):
            start = time.perf_counter()
            dom = parse(html, 1920, 1080, url="https://example.com/")
            best_parse = min(best_parse, time.perf_counter() - start)
            _ = dom.document.lexbor
            start = time.perf_counter()
            analyze(dom)
            best_analyze = min(best_analyze, time.perf_counter() - start)
        total += best_parse
        analysis += best_analyze
        typed[dom.page_type] += 1
        if dom.page_type != label:
            wrong.append((pid, label, dom.page_type, dom.page_reasons))
    articles = [p for p in pages if p[1] == "Article"]
    articles_right = len(articles) - sum(1 for w in wrong if w[1] == "Article")
    blocking = [w for w in wrong if w[1] == "Article" and w[2] in BLOCKING_TYPES]
    print(
        f"\ncorpus-real: {typed['Article']}/{len(pages)} typed Article ({100 * typed['Article'] / len(pages):.1f} %); "
        f"labelled articles typed Article: {articles_right}/{len(articles)} "
        f"({100 * articles_right / len(articles):.1f} %); all types: {dict(typed.most_common())}"
    )
    print(f"articles typed {'/'.join(BLOCKING_TYPES)}: {len(blocking)}")
    for pid, label, got, reasons in wrong:
        print(f"  {pid}: {got} (labelled {label}) because {'; '.join(reasons)}")
    print(
        f"corpus-real parse total {total:.2f} s, analyze {analysis:.2f} s = {100 * analysis / total:.1f} % of parse"
    )
    return len(blocking)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--real-runs", type=int, default=1, help="runs per corpus-real page (0: skip it)")
    args = parser.parse_args()
    checks = check_corpus()
    print(f"{'page':30} {'type (expected)':32} {'actions':58} codes  result")
    for c in checks:
        kind = c.page_type if c.page_type == c.expected_type else f"{c.page_type} ({c.expected_type})"
        print(
            f"{c.file:30} {kind:32} {','.join(c.actions)[:58]:58} {','.join(c.codes)[:6]:6} "
            f"{'ok' if not c.problems else '; '.join(c.problems)}"
        )
    passed = sum(1 for c in checks if not c.problems)
    print(f"\n{passed}/{len(checks)} pages pass")
    total, analysis = time_share(args.runs)
    print(
        f"parse total {total * 1000:.1f} ms, analyze {analysis * 1000:.1f} ms "
        f"= {100 * analysis / total:.1f} % of parse (best of {args.runs} per page)"
    )
    blocking = check_real(args.real_runs) if args.real_runs and LABELS.exists() else 0
    return 0 if passed == len(checks) and not blocking else 1


if __name__ == "__main__":
    sys.exit(main())
