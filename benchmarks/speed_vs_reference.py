"""Parse speed over the corpus, ours beside the published Rust browsy, measured in one run.

The Rust engine runs in a second process (through ../shared/tools/reference_python.sh) that stays up for
the whole run and times one parse on request, so the two engines are measured run by run, interleaved:
one parse of ours, one of Rust's on the same page, N times, keeping each engine's best; then the next page.
Both see the same machine conditions, which matters on a machine whose speed swings from second to second. Prints per-page times and ratios, the totals, and the
slowest pages with their share of the total.

Usage: python benchmarks/speed_vs_reference.py [--runs 5] [--no-reference] [--profile N] [--corpus DIR] [--only TEXT ...]

`--corpus ../shared/corpus-real` times that corpus instead (its gzipped pages are unpacked to a temporary
folder first, so both engines read the same plain file). The summary gives the total ratio, the median
page's ratio and the pages above 3x; with more than one run, the same for the first runs alone, where our
engine parses the page's stylesheets and measures its words (from the second run on they are cached, as a
site's next page or a reload finds them; the Rust browsy keeps no such cache).
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _corpus import SHARED, corpus_pages, viewport  # noqa: E402
from browsy_engine import parse  # noqa: E402

# The reference side: reads "path runs" lines, answers each with the best load_html time in seconds.
REFERENCE_SCRIPT = r"""
import sys, time, browsy
w, h = int(sys.argv[1]), int(sys.argv[2])
b = browsy.Browser(viewport_width=w, viewport_height=h)
print("ready", flush=True)
for line in sys.stdin:
    path, runs = line.rsplit(" ", 1)
    html = open(path, encoding="utf-8", errors="replace").read()
    best = float("inf")
    for _ in range(int(runs)):
        t = time.perf_counter(); b.load_html(html, "https://example.com/"); best = min(best, time.perf_counter() - t)
    print(best, flush=True)
"""


def time_ours(path: Path, runs: int, width: int, height: int) -> float:
    data = path.read_bytes()
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        parse(data, width, height, url="https://example.com/")
        best = min(best, time.perf_counter() - t)
    return best


def unpack(corpus: Path, into: Path) -> list[Path]:
    """The corpus's pages as plain .html files in `into` (gzipped pages are decompressed)."""
    folder = corpus / "pages" if (corpus / "pages").is_dir() else corpus
    out: list[Path] = []
    for page in sorted(folder.iterdir()):
        if page.name.endswith(".html.gz"):
            target = into / page.name.removesuffix(".gz")
            target.write_bytes(gzip.decompress(page.read_bytes()))
            out.append(target)
        elif page.name.endswith(".html"):
            out.append(page)
    return out


def offline_prefix() -> list[str]:
    """`unshare -n` where this machine allows it: the Rust browsy's load_html fetches a page's external
    stylesheets (ours parses with none), and with no network those fetches fail at once instead of
    waiting for DNS timeouts, seconds per page. Without it the comparison is only fair on pages with no
    external stylesheets."""
    try:
        ok = subprocess.run(["unshare", "-n", "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        ok = False
    if not ok:
        print(
            "note: cannot run the reference without network (unshare -n); its times include fetches",
            file=sys.stderr,
        )
    return ["unshare", "-n"] if ok else []


class Reference:
    """The published Rust browsy in its own process, timing one page per request."""

    def __init__(self, width: int, height: int) -> None:
        self.proc: subprocess.Popen[str] | None = None
        script = SHARED / "tools" / "reference_python.sh"
        if not script.exists():
            return
        # Its warnings go to a file: an undrained pipe fills up and stalls both processes.
        self.errors = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - open for the process lifetime
        proc = subprocess.Popen(
            [*offline_prefix(), "bash", str(script), "-c", REFERENCE_SCRIPT, str(width), str(height)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.errors,
            text=True,
        )
        if proc.stdout is None or proc.stdout.readline().strip() != "ready":
            self.errors.seek(0)
            err = self.errors.read()
            print(f"reference unavailable: {err.strip().splitlines()[-1:]}", file=sys.stderr)
            proc.kill()
            return
        self.proc = proc

    def time(self, path: Path, runs: int) -> float | None:
        if self.proc is None or self.proc.stdin is None or self.proc.stdout is None:
            return None
        self.proc.stdin.write(f"{path} {runs}\n")
        self.proc.stdin.flush()
        return float(self.proc.stdout.readline())

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()


def summary(ours: dict[str, float], ref: dict[str, float]) -> str:
    """The median page's ratio and the pages above 3x."""
    ratios = sorted((ours[k] / ref[k], Path(k).name) for k in ours if ref.get(k))
    above = [f"{name} {r:.1f}x" for r, name in ratios if r > 3.0]
    return (
        f"median page ratio {statistics.median(r for r, _ in ratios):.2f}x; pages above 3x: {len(above)}"
        + (f" ({', '.join(above[-10:])})" if above else "")
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-reference", action="store_true")
    ap.add_argument("--profile", type=int, default=0, help="profile the N slowest pages of ours")
    ap.add_argument("--corpus", type=Path, default=None, help="a corpus folder with pages/*.html.gz")
    ap.add_argument(
        "--only",
        nargs="+",
        default=None,
        metavar="TEXT",
        help="time only the pages whose name holds one of these",
    )
    args = ap.parse_args()
    width, height = viewport()
    unpacked = tempfile.TemporaryDirectory(prefix="browsy-speed-")
    paths = corpus_pages() if args.corpus is None else unpack(args.corpus, Path(unpacked.name))
    if args.only:
        paths = [p for p in paths if any(text in p.name for text in args.only)]
        if not paths:
            raise SystemExit(f"no page's name holds any of {args.only}")
    parse(paths[0].read_bytes(), width, height)  # warm imports and caches
    reference = None if args.no_reference else Reference(width, height)
    ours: dict[str, float] = {}
    ref: dict[str, float] = {}
    first_ours: dict[str, float] = {}  # each engine's first run of a page (ours: its sheets not yet cached)
    first_ref: dict[str, float] = {}
    try:
        for p in paths:
            k = str(p)
            for run in range(args.runs):
                t = time_ours(p, 1, width, height)
                ours[k] = min(ours.get(k, float("inf")), t)
                r = reference.time(p, 1) if reference else None
                if r is not None:
                    ref[k] = min(ref.get(k, float("inf")), r)
                if run == 0:
                    first_ours[k] = t
                    if r is not None:
                        first_ref[k] = r
    finally:
        if reference:
            reference.close()
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
    if ref:
        print(summary(ours, ref))
        if args.runs > 1 and first_ref:
            f_total, f_rtotal = sum(first_ours.values()), sum(first_ref.values())
            print(
                f"first runs alone (a page's first parse; ours without its sheets cached): ours "
                f"{f_total * 1000:.1f} ms  rust {f_rtotal * 1000:.1f} ms  ratio {f_total / f_rtotal:.2f}x; "
                + summary(first_ours, first_ref)
            )
    slow = sorted(ours.items(), key=lambda kv: -kv[1])[:5]
    print(
        "slowest (ours): " + ", ".join(f"{Path(k).name} {v * 1000:.1f} ms ({v / total:.0%})" for k, v in slow)
    )
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
