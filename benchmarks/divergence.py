"""Where layout first drifts from Chromium, page by page, and which constructs cost the most IoU overall.

For each page: parse it, pair its elements with Chromium's truth exactly as ../shared/tools/layout_score.py
does, and walk the rendered pairs in document order. The vertical offset (engine y - Chromium y) of each
pair is compared with the offset of the pair before: the first pair where it jumps by more than
--jump px (default 16) is the page's first divergence. The construct responsible is read from the
source nodes between the previous pair and this one (the last construct of the kinds below that sits
there: an image without a size, an iframe, a table, a list, noscript, details, a form control, …), or
from the element itself.

The summary groups pages by the construct of their first divergence, ranked by the IoU the pages lose
(sum of 1 - page IoU): fix the top construct first.

    python benchmarks/divergence.py [--corpus-real] [--limit N] [--only ID] [--jump PX]
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _corpus import SHARED  # noqa: E402
from browsy_engine import parse  # noqa: E402

CONSTRUCTS = (
    ("noscript", lambda n: n.tag == "noscript"),
    ("iframe/video/object/embed", lambda n: n.tag in ("iframe", "video", "object", "embed", "audio")),
    ("svg", lambda n: n.tag == "svg"),
    ("img without size", lambda n: n.tag == "img" and not (n.attrs.get("width") and n.attrs.get("height"))),
    ("img", lambda n: n.tag == "img"),
    ("table", lambda n: n.tag in ("table", "td", "th", "tr")),
    ("form control", lambda n: n.tag in ("input", "select", "textarea", "button")),
    ("details/fieldset", lambda n: n.tag in ("details", "summary", "fieldset", "legend")),
    ("list", lambda n: n.tag in ("ul", "ol", "li", "dl")),
    ("pre/code", lambda n: n.tag in ("pre", "code")),
    ("heading", lambda n: n.tag in ("h1", "h2", "h3", "h4", "h5", "h6")),
    ("br/hr", lambda n: n.tag in ("br", "hr")),
)


def load_scorer():
    spec = importlib.util.spec_from_file_location("layout_score", SHARED / "tools/layout_score.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def pages(real: bool) -> list[tuple[str, str, list[dict]]]:
    """(name, html, truth records) of every page with truth."""
    out = []
    if real:
        base = SHARED / "corpus-real"
        for entry in json.loads((base / "manifest.json").read_text())["pages"]:
            truth = base / "truth" / f"{entry['id']}.json"
            if truth.exists():
                html = gzip.decompress((base / "pages" / f"{entry['id']}.html.gz").read_bytes()).decode("utf-8")
                out.append((entry["id"], html, _records(json.loads(truth.read_text()))))
    else:
        base = SHARED / "corpus"
        for page in sorted((base / "snapshots").glob("*.html")):
            truth = base / "truth" / (page.name + ".json")
            if truth.exists():
                out.append((page.name, page.read_text(encoding="utf-8", errors="replace"),
                            _records(json.loads(truth.read_text()))))
    return out


def _records(data: dict | list) -> list[dict]:
    return data["els"] if isinstance(data, dict) else data


def pairs(scorer, els: list, truth: list[dict]) -> list[tuple[object, dict]]:
    """(engine element, truth record) pairs in the engine's document order, as the scorer pairs them."""
    seen: dict = defaultdict(int)
    by_key = {}
    for t in truth:
        k = (t["tag"], scorer.norm(t["key"]))
        by_key[(k, seen[k])] = t
        seen[k] += 1
    seen = defaultdict(int)
    out = []
    for el in els:
        if el.tag not in scorer.TAGS:
            continue
        k = (el.tag, scorer.engine_key({"tag": el.tag, "name": el.name, "ph": el.ph, "text": el.text}))
        t = by_key.get((k, seen[k]))
        seen[k] += 1
        if t is not None and t.get("rendered", True) and not el.hidden:
            out.append((el, t))
    return out


def construct_between(nodes: list, start: int, end: int) -> str:
    """The construct the drift most likely comes from: the last node of a known kind in [start, end]."""
    for i in range(end, start - 1, -1):
        node = nodes[i]
        for name, test in CONSTRUCTS:
            if test(node):
                return name
    return "text/block flow"


def first_divergence(scorer, html: str, truth: list[dict], jump: float) -> dict | None:
    dom = parse(html, 1920, 1080, url="https://example.com/")
    matched = pairs(scorer, dom.els, truth)
    nodes = dom.document.nodes
    prev_dy, prev_node = 0.0, 0
    for el, t in matched:
        dy = el.b[1] - t["b"][1]
        if abs(dy - prev_dy) > jump:
            return {
                "tag": el.tag, "text": (el.text or el.name or "")[:50], "engine": [round(v) for v in el.b],
                "chromium": t["b"], "jump": round(dy - prev_dy), "construct": construct_between(nodes, prev_node, el.node),
            }
        prev_dy, prev_node = dy, el.node
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus-real", action="store_true", help="../shared/corpus-real instead of ../shared/corpus")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--only", default=None)
    ap.add_argument("--jump", type=float, default=16.0)
    args = ap.parse_args()
    scorer = load_scorer()
    cost: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    rows = pages(args.corpus_real)
    if args.only:
        rows = [r for r in rows if args.only in r[0]]
    if args.limit:
        rows = rows[: args.limit]
    for name, html, truth in rows:
        dom = parse(html, 1920, 1080, url="https://example.com/")
        iou = scorer.score(json.loads(dom.to_json()), truth)["mean_iou"] or 0.0
        found = first_divergence(scorer, html, truth, args.jump)
        kind = found["construct"] if found else "none"
        cost[kind] += 1 - iou
        count[kind] += 1
        if found:
            print(f"{name:32} iou={iou:.3f} {kind:26} {found['tag']} {found['text']!r} engine={found['engine']} "
                  f"chromium={found['chromium']} jump={found['jump']}")
        else:
            print(f"{name:32} iou={iou:.3f} no divergence")
    print("\nconstruct of the first divergence, ranked by IoU lost (sum of 1 - page IoU):")
    for kind in sorted(cost, key=lambda k: -cost[k]):
        print(f"  {kind:28} pages={count[kind]:4}  IoU lost={cost[kind]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
