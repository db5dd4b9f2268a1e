"""Parse speed over the corpus, ours beside the published Rust browsy, measured in one run.

Each page: best of N runs of `browsy_engine.parse()` (ours) and of the Rust engine's `load_html` (run in a
second process through ../shared/tools/reference_python.sh, interleaved page by page is not possible
across processes, so both run back to back in this one invocation). Prints per-page times and ratios,
the totals, and the slowest pages with their share of the total.

Usage: python benchmarks/speed_vs_reference.py [--runs 3] [--no-reference] [--profile N]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _corpus import SHARED, corpus_pages, viewport  # noqa: E402
from browsy_engine import parse  # noqa: E402

REFERENCE_SCRIPT = r"""
import json, sys, time, browsy
paths, runs, w, h = json.loads(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
b = browsy.Browser(viewport_width=int(w), viewport_height=int(h))
out = {}
for p in paths:
    html = open(p, encoding="utf-8", errors="replace").read()
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter(); b.load_html(html, "https://example.com/"); best = min(best, time.perf_counter() - t)
    out[p] = best
print(json.dumps(out))
"""


def time_ours(paths: list[Path], runs: int, width: int, height: int) -> dict[str, float]:
    out: dict[str, float] = {}
    for p in paths:
        data = p.read_bytes()
        best = float("inf")
        for _ in range(runs):
            t = time.perf_counter()
            parse(data, width, height, url="https://example.com/")
            best = min(best, time.perf_counter() - t)
        out[str(p)] = best
    return out


def time_reference(paths: list[Path], runs: int, width: int, height: int) -> dict[str, float] | None:
    script = SHARED / "tools" / "reference_python.sh"
    if not script.exists():
        return None
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(REFERENCE_SCRIPT)
    args = [json.dumps([str(p) for p in paths]), str(runs), str(width), str(height)]
    proc = subprocess.run(["bash", str(script), f.name, *args], capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        print(f"reference unavailable: {proc.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
        return None
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-reference", action="store_true")
    ap.add_argument("--profile", type=int, default=0, help="profile the N slowest pages of ours")
    args = ap.parse_args()
    width, height = viewport()
    paths = corpus_pages()
    parse(paths[0].read_bytes(), width, height)  # warm imports and caches
    ours = time_ours(paths, args.runs, width, height)
    ref = None if args.no_reference else time_reference(paths, args.runs, width, height)
    print(f"{'page':32s} {'ours ms':>9s} {'rust ms':>9s} {'ratio':>7s}")
    for p in paths:
        k = str(p)
        r = ref.get(k) if ref else None
        ratio = f"{ours[k] / r:7.2f}" if r else "      -"
        rs = f"{r * 1000:9.2f}" if r else "        -"
        print(f"{p.name:32s} {ours[k] * 1000:9.2f} {rs} {ratio}")
    total = sum(ours.values())
    line = f"TOTAL ours {total * 1000:.1f} ms"
    if ref:
        rtotal = sum(ref.values())
        line += f"  rust {rtotal * 1000:.1f} ms  ratio {total / rtotal:.2f}x"
    print(line)
    slow = sorted(ours.items(), key=lambda kv: -kv[1])[:5]
    print("slowest (ours): " + ", ".join(f"{Path(k).name} {v * 1000:.1f} ms ({v / total:.0%})" for k, v in slow))
    for k, _ in slow[: args.profile]:
        prof = cProfile.Profile()
        data = Path(k).read_bytes()
        prof.enable()
        parse(data, width, height, url="https://example.com/")
        prof.disable()
        print(f"\n--- profile {Path(k).name} ---")
        pstats.Stats(prof).sort_stats("cumulative").print_stats(15)


if __name__ == "__main__":
    main()
