"""`browsy parse` as a command: the whole process, start-up included, on a small page and a large one.

    python benchmarks/cli_start.py [--runs 9]

A command-line user pays the interpreter's start, the imports and a first parse (the font tables and the
user-agent sheet are loaded on first use) for every page. Prints each page's median and best wall time, and
the same page's parse alone in a warm process, for scale.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _corpus import SNAPSHOTS, viewport
from browsy_engine import parse
from cache_state import timed_parse

BROWSY = Path(sys.executable).with_name("browsy")
PAGES = ("example-com.html", "hn-frontpage.html")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()
    for name in PAGES:
        page = SNAPSHOTS / name
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            subprocess.run([str(BROWSY), "parse", str(page)], check=True, capture_output=True)
            times.append(time.perf_counter() - started)
        data = page.read_bytes()
        width, height = viewport()
        parse(data, width, height)
        warm = min(timed_parse(data, width, height) for _ in range(args.runs))
        print(
            f"browsy parse {name}: median {statistics.median(times) * 1e3:.0f} ms, best {min(times) * 1e3:.0f} ms"
            f" (the parse alone, warm: {warm * 1e3:.1f} ms)"
        )


if __name__ == "__main__":
    main()
