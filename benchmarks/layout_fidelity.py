"""Layout fidelity: browsy_engine.parse() boxes against headless Chromium's (the corpus truth).

For every page of a corpus — ../shared/corpus (snapshots/NAME.html + truth/NAME.html.json) or
../shared/corpus-real (pages/ID.html.gz + truth/ID.json) — and the layout fixtures with committed truth
under packages/engine/tests/layout_fixtures/, parse at 1920×1080, pair elements with the truth and score
with ../shared/tools/layout_score.py (imported from that file, so pairing and IoU are identical).
Prints per-page and mean figures: mean IoU over rendered pairs, share of pairs with IoU ≥ 0.5,
hidden-flag agreement.

Usage: python benchmarks/layout_fidelity.py [--corpus ../shared/corpus|../shared/corpus-real] [--only NAME] [--worst N]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import sys
import time

from _corpus import page_bytes
from browsy_engine import parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "packages/engine/tests/layout_fixtures"


def load_scorer(shared: pathlib.Path):
    spec = importlib.util.spec_from_file_location("layout_score", shared / "tools/layout_score.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def read_page(html: pathlib.Path) -> str:
    """A page's text, read as UTF-8 as the truth's recorder read it (shared/tools/chromium_truth.py hands
    Chromium that text, so a `<meta charset=windows-1252>` left in a page stored as UTF-8 never applied
    there); corpus-real stores pages gzipped."""
    return page_bytes(html).decode("utf-8", errors="replace")


def pages(corpus: pathlib.Path, fixtures: bool = True) -> list[tuple[str, pathlib.Path, pathlib.Path]]:
    out = []
    for html in sorted((corpus / "snapshots").glob("*.html")):
        truth = corpus / "truth" / (html.name + ".json")
        if truth.exists():
            out.append((html.name, html, truth))
    for html in sorted((corpus / "pages").glob("*.html.gz")):
        truth = corpus / "truth" / (html.name.removesuffix(".html.gz") + ".json")
        if truth.exists():
            out.append((html.name.removesuffix(".gz"), html, truth))
    if not fixtures:
        return out
    for html in sorted(FIXTURES.glob("*.html")):
        truth = html.with_suffix(".truth.json")
        if truth.exists():
            out.append(("fixture:" + html.name, html, truth))
    return out


def truth_by_key(scorer, truth: list[dict]) -> dict:
    """The truth records keyed as the scorer pairs them: ((tag, key), k-th occurrence) → record."""
    from collections import defaultdict

    seen: dict = defaultdict(int)
    by_key = {}
    for t in truth:
        k = (t["tag"], scorer.norm(t["key"]))
        by_key[(k, seen[k])] = t
        seen[k] += 1
    return by_key


def worst_pairs(scorer, engine: dict, truth: list[dict], count: int) -> list[tuple[float, str, list, list]]:
    """The `count` rendered pairs with the lowest IoU (for debugging)."""
    from collections import defaultdict

    by_key = truth_by_key(scorer, truth)
    seen: dict = defaultdict(int)
    rows = []
    for el in engine["els"]:
        if el.get("tag") not in scorer.TAGS:
            continue
        k = (el["tag"], scorer.engine_key(el))
        t = by_key.get((k, seen[k]))
        seen[k] += 1
        if t is None or not t["rendered"] or el.get("hidden"):
            continue
        rows.append((scorer.iou(el["b"], t["b"]), f"{el['tag']} {k[1]!r}", el["b"], t["b"]))
    rows.sort(key=lambda r: r[0])
    return rows[:count]


def _means(rows: list[dict]) -> dict:
    scored = [r for r in rows if r["mean_iou"] is not None]
    hidden = [r for r in rows if r["hidden_agree"] is not None]
    return {
        "pages": len(rows),
        "mean_iou": round(sum(r["mean_iou"] for r in scored) / len(scored), 3) if scored else None,
        "mean_iou_ge_05": round(sum(r["iou_ge_05"] for r in scored) / len(scored), 3) if scored else None,
        "mean_hidden_agree": round(sum(r["hidden_agree"] for r in hidden) / len(hidden), 3)
        if hidden
        else None,
        "total_ms": round(sum(r["ms"] for r in rows), 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared/corpus"))
    ap.add_argument("--only", default=None)
    ap.add_argument("--worst", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print one JSON object with every figure")
    args = ap.parse_args()
    corpus = pathlib.Path(args.corpus)
    scorer = load_scorer(corpus.parent)
    rows = []
    for name, html, truth_path in pages(corpus):
        if args.only and args.only not in name:
            continue
        truth = json.loads(truth_path.read_text())
        started = time.perf_counter()
        dom = parse(read_page(html), width=1920, height=1080)
        elapsed = time.perf_counter() - started
        engine = json.loads(dom.to_json())
        result = scorer.score(engine, truth)
        result["page"] = name
        result["ms"] = round(elapsed * 1000, 1)
        rows.append(result)
        if not args.json:
            print(
                f"{name:40s} iou={result['mean_iou']!s:6s} ge05={result['iou_ge_05']!s:6s} "
                f"hidden={result['hidden_agree']!s:6s} matched={result['matched_share']!s:6s} "
                f"pairs={result['pairs']:4d} {result['ms']:8.1f} ms"
            )
            for iou, key, mine, real in worst_pairs(scorer, engine, truth, args.worst):
                print(f"    {iou:.2f} {key[:50]:50s} engine={mine} chromium={real}")
    summary = {
        "corpus": _means([r for r in rows if not r["page"].startswith("fixture:")]),
        "fixtures": _means([r for r in rows if r["page"].startswith("fixture:")]),
        "all": _means(rows),
    }
    if args.json:
        print(json.dumps({"summary": summary, "pages": rows}))
    else:
        print(json.dumps(summary))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
