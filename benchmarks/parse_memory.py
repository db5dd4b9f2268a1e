"""Memory of one process that parses page after page and keeps none: what a long-running server or agent
holds after N distinct pages.

    python benchmarks/parse_memory.py [--corpus ../shared/corpus-real] [--every 50] [--rounds 1]

Every page of the corpus is parsed once and dropped. Every `--every` pages it prints the process RSS, and
how many pages, elements and nodes are still alive. A dropped page must be freed at once, by reference
counting: parse() hands the finished page to the collector's oldest generation unscanned, where only a full
collection would free a page caught in a reference cycle. So the live pages stay at 0 (no `gc.collect()`
is called before counting), and what RSS gains is the caches shared by every page (parsed style sheets,
font and style memos), each bounded. `--rounds R` parses the whole corpus R times and prints the RSS after
each round: once the caches hold what the pages need, another round of the same pages must not grow it
(a leak would, by what it leaks a page).
"""

from __future__ import annotations

import argparse
import gc
import resource
from pathlib import Path

from _corpus import page_bytes
from browsy_engine import parse
from browsy_engine.dom.tree import Document, Node
from browsy_engine.model import SpatialElement
from output_hashes import pages


def rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def alive() -> tuple[int, int, int]:
    """(documents, spatial elements, DOM nodes) that the collector tracks now."""
    counts = {Document: 0, SpatialElement: 0, Node: 0}
    for obj in gc.get_objects():
        kind = type(obj)
        if kind in counts:
            counts[kind] += 1
    return counts[Document], counts[SpatialElement], counts[Node]


def parse_once(page: Path) -> None:
    raw = page_bytes(page)
    parse(raw.decode("utf-8", "replace"), 1920, 1080, None)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--corpus",
        type=Path,
        default=Path(__file__).resolve().parents[1].parent / "shared" / "corpus-real",
    )
    ap.add_argument("--every", type=int, default=50)
    ap.add_argument("--rounds", type=int, default=1, help="parse the corpus this many times")
    args = ap.parse_args()
    found = pages(args.corpus)
    print(f"{'pages':>6s} {'RSS MiB':>8s} {'live pages':>10s} {'elements':>9s} {'nodes':>7s}")
    print(f"{0:6d} {rss_mib():8.0f}")
    for n, page in enumerate(found, 1):
        parse_once(page)
        if n % args.every == 0 or n == len(found):
            docs, els, nodes = alive()
            print(f"{n:6d} {rss_mib():8.0f} {docs:10d} {els:9d} {nodes:7d}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:.0f} MiB after {len(found)} pages")
    for round_no in range(2, args.rounds + 1):
        for page in found:
            parse_once(page)
        print(f"round {round_no}: RSS {rss_mib():.0f} MiB, live pages {alive()[0]}")


if __name__ == "__main__":
    main()
