"""Divergence finder: where browsy's layout first drifts vertically from Chromium's, and why.

For each page of a corpus (see layout_fidelity.py for the two corpus shapes), browsy's elements are
paired with Chromium's truth exactly as ../shared/tools/layout_score.py pairs them. Walking the rendered
pairs in document order, the vertical offset dy = browsy_y − chromium_y is followed; the *first
divergence* is the first pair where dy jumps away from the previous pair's offset by more than
max(JUMP_PX, 40 % of the element's height) and stays away for the next few pairs (so one absolutely
positioned element does not count). For that pair the finder prints the tag, text, both boxes and the
construct responsible: the most specific construct found in the document between the last pair that
still agreed and the diverging one (img without size, iframe, noscript, table, list, form control,
display:contents, text in a script the bundled fonts lack, …).

The corpus summary groups pages by that construct, ranked by IoU cost: the IoU lost on and after each
page's divergence (Σ(1 − IoU) over those pairs / pairs on the page), summed over pages and divided by the
number of pages, so each row reads as "page-mean IoU points this construct costs".

Usage: python benchmarks/divergence.py [--corpus ../shared/corpus-real] [--only NAME] [--json] [--quiet]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import statistics
from collections import defaultdict
from dataclasses import asdict, dataclass

from browsy_engine import parse
from browsy_engine.dom.tree import TEXT, Document
from layout_fidelity import ROOT, load_scorer, pages, read_page, truth_by_key

JUMP_PX = 4.0  # a smaller change of offset is rounding and line-height noise, not a divergence
JUMP_SHARE = 0.4  # …and so is one under this share of the element's height (IoU stays above ~0.5)
PERSIST = 3  # the pairs after a jump whose median offset must also differ from the old offset

# Constructs in order of specificity: the first one present in the diverging stretch is blamed.
_REPLACED = {"img", "picture", "svg", "iframe", "video", "audio", "object", "embed", "canvas"}
_CONTROLS = {"input", "select", "textarea", "button"}
# Scripts the bundled Liberation/DejaVu fonts do not cover (CJK, Thai, Indic, Arabic…, emoji).
_FALLBACK_TEXT = re.compile(
    "[\u0590-\u08ff\u0900-\u0dff\u0e00-\u0eff\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff"
    "\U0001f000-\U0001faff]"
)


@dataclass
class Divergence:
    page: str
    pairs: int
    mean_iou: float
    cost: float  # page-mean IoU lost on and after the divergence
    construct: str
    tag: str = ""
    text: str = ""
    engine_box: list | None = None
    chromium_box: list | None = None
    dy_before: float = 0.0
    dy_after: float = 0.0
    stretch: list | None = None  # every construct seen in the diverging stretch


def _replaced_construct(node) -> str:
    """img/iframe/… named by whether the HTML gives it a size (Chromium's defaults apply when not)."""
    attrs = node.attrs
    sized = attrs.get("width") is not None and attrs.get("height") is not None
    style = (attrs.get("style") or "").replace(" ", "").lower()
    sized = sized or ("width:" in style and "height:" in style)
    if node.tag == "img":
        if not attrs.get("src") and not attrs.get("srcset"):
            return "img without src" + (" (alt text)" if attrs.get("alt") else "")
        if not sized:
            return "img without size" + (" (alt text)" if attrs.get("alt") else "")
        return "img with size"
    return f"{node.tag} without size" if not sized else f"{node.tag} with size"


def constructs_between(doc: Document, start: int, end: int) -> list[str]:
    """The constructs found among nodes start..end (pre-order indices, end included), most specific first."""
    found: dict[str, int] = {}
    nodes = doc.nodes
    ancestors: set[int] = set()
    i = nodes[end].parent if 0 <= end < len(nodes) else -1
    while i is not None and i >= 0:
        ancestors.add(i)
        i = nodes[i].parent
    for idx in range(max(start, 0), min(end + 1, len(nodes))):
        node = nodes[idx]
        tag = node.tag
        name = ""
        if tag == TEXT:
            if node.text and _FALLBACK_TEXT.search(node.text):
                name = "text in a fallback-font script"
            elif node.text and ("\u00ad" in node.text or "\u200b" in node.text):
                name = "soft hyphen / zero-width space"
        elif tag in _REPLACED:
            name = _replaced_construct(node)
        elif tag == "noscript":
            name = "noscript"
        elif tag in _CONTROLS:
            name = "form control"
        elif tag in ("details", "summary"):
            name = "details/summary"
        elif tag in ("fieldset", "legend"):
            name = "fieldset/legend"
        elif tag in ("table", "td", "th", "tr"):
            name = "table"
        elif tag in ("ul", "ol", "li", "dl", "dd", "dt"):
            name = "list"
        elif tag in ("pre", "code"):
            name = "pre/code (white-space)"
        elif tag in ("br", "hr"):
            name = tag
        elif tag in ("h1", "h2", "h3", "h4", "h5", "h6", "p", "blockquote", "figure"):
            name = "block margins (h*/p/figure)"
        if not name:
            style = (node.attrs.get("style") or "").replace(" ", "").lower() if tag != TEXT else ""
            if "display:contents" in style:
                name = "display:contents"
            elif "position:absolute" in style or "position:fixed" in style:
                name = "positioned"
            elif "float:" in style:
                name = "float"
        if name and name not in found:
            found[name] = idx
    order = [
        "noscript",
        "img without size (alt text)",
        "img without size",
        "img without src (alt text)",
        "img without src",
        "iframe without size",
        "video without size",
        "svg without size",
        "object without size",
        "embed without size",
        "picture without size",
        "canvas without size",
        "audio without size",
        "display:contents",
        "form control",
        "details/summary",
        "fieldset/legend",
        "text in a fallback-font script",
        "table",
        "list",
        "pre/code (white-space)",
        "float",
        "positioned",
        "soft hyphen / zero-width space",
        "br",
        "hr",
        "img with size",
        "iframe with size",
        "svg with size",
        "video with size",
        "block margins (h*/p/figure)",
    ]
    rank = {name: i for i, name in enumerate(order)}
    return sorted(found, key=lambda n: rank.get(n, len(order)))


def find_divergence(scorer, name: str, html: bytes, truth: list[dict]) -> Divergence | None:
    dom = parse(html, width=1920, height=1080)
    engine = json.loads(dom.to_json())
    by_key = truth_by_key(scorer, truth)
    seen: dict = defaultdict(int)
    rows = []  # (node index, el dict, truth, iou)
    for el_obj, el in zip(dom.els, engine["els"], strict=True):
        if el.get("tag") not in scorer.TAGS:
            continue
        k = (el["tag"], scorer.engine_key(el))
        t = by_key.get((k, seen[k]))
        seen[k] += 1
        if t is None or not t["rendered"] or el.get("hidden"):
            continue
        rows.append((el_obj.node, el, t, scorer.iou(el["b"], t["b"])))
    if not rows:
        return None
    n = len(rows)
    mean = sum(r[3] for r in rows) / n
    dys = [r[1]["b"][1] - r[2]["b"][1] for r in rows]
    ref, last_good = 0.0, -1
    for i, dy in enumerate(dys):
        limit = max(JUMP_PX, rows[i][2]["b"][3] * JUMP_SHARE)
        after = dys[i : i + PERSIST]
        if abs(dy - ref) > limit and abs(statistics.median(after) - ref) > limit:
            node, el, t, _ = rows[i]
            start = rows[last_good][0] + 1 if last_good >= 0 else 0
            stretch = constructs_between(dom.document, start, node)
            return Divergence(
                page=name,
                pairs=n,
                mean_iou=round(mean, 3),
                cost=round(sum(1 - r[3] for r in rows[i:]) / n, 4),
                construct=stretch[0] if stretch else f"other (inside {_parent_tag(dom.document, node)})",
                tag=el["tag"],
                text=(el.get("text") or el.get("name") or "")[:60],
                engine_box=el["b"],
                chromium_box=t["b"],
                dy_before=round(ref, 1),
                dy_after=round(dy, 1),
                stretch=stretch,
            )
        if abs(dy - ref) <= limit:
            last_good = i
        ref = dy
    return Divergence(
        page=name,
        pairs=n,
        mean_iou=round(mean, 3),
        cost=round(sum(1 - r[3] for r in rows) / n, 4),
        construct="no vertical divergence",
    )


def _parent_tag(doc: Document, node: int) -> str:
    parent = doc.nodes[node].parent
    return doc.nodes[parent].tag if parent is not None and parent >= 0 else "?"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", default=str(ROOT.parent / "shared/corpus-real"))
    ap.add_argument("--only", default=None)
    ap.add_argument("--json", action="store_true", help="print one JSON object: pages and summary")
    ap.add_argument("--quiet", action="store_true", help="print only the summary")
    args = ap.parse_args()
    corpus = pathlib.Path(args.corpus)
    scorer = load_scorer(corpus.parent)
    found: list[Divergence] = []
    for name, html, truth_path in pages(corpus, fixtures=False):
        if args.only and args.only not in name:
            continue
        div = find_divergence(scorer, name, read_page(html), json.loads(truth_path.read_text()))
        if div is None:
            continue
        found.append(div)
        if not args.json and not args.quiet:
            print(
                f"{name:28s} iou={div.mean_iou:.3f} cost={div.cost:.3f} {div.construct:34s} "
                f"{div.tag} {div.text[:30]!r} browsy={div.engine_box} chromium={div.chromium_box} "
                f"dy {div.dy_before:+.0f}→{div.dy_after:+.0f}"
            )
    groups: dict[str, list[Divergence]] = defaultdict(list)
    for div in found:
        groups[div.construct].append(div)
    total = len(found) or 1
    summary = sorted(
        (
            {
                "construct": c,
                "pages": len(ds),
                "iou_cost": round(sum(d.cost for d in ds) / total, 4),
                "examples": [d.page for d in sorted(ds, key=lambda d: -d.cost)[:3]],
            }
            for c, ds in groups.items()
        ),
        key=lambda row: -row["iou_cost"],
    )
    if args.json:
        print(json.dumps({"summary": summary, "pages": [asdict(d) for d in found]}))
        return
    print(f"\n{len(found)} pages, page-mean IoU {sum(d.mean_iou for d in found) / total:.3f}")
    print(f"{'construct':40s} {'pages':>5s} {'IoU cost':>8s}  worst pages")
    for row in summary:
        print(
            f"{row['construct']:40s} {row['pages']:5d} {row['iou_cost']:8.4f}  {', '.join(row['examples'])}"
        )


if __name__ == "__main__":
    main()
