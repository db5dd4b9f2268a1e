"""Instructions executed to parse the whole corpus, ours beside the published Rust browsy (valgrind).

Wall-clock on a shared 2-core machine swings by ±30 % from one minute to the next; instruction counts
do not. Each engine parses every corpus page once and twice in separate processes under
`valgrind --tool=cachegrind`; the difference is one pass, without start-up and imports. An instruction
of Python's interpreter does less than one of compiled Rust and stalls differently, so this ratio is not
the time ratio (speed_vs_reference.py measures that); it tracks our own progress deterministically.

Usage: python benchmarks/parse_instructions.py [--no-reference]      (needs valgrind: apt-get install valgrind)

`--corpus ../shared/corpus-real [--step 3]` counts that corpus instead (every 3rd page; gzipped pages are
unpacked to a temporary folder), the way speed_vs_reference.py times it: each page is parsed N times in a
row, so the difference between N = 2 and N = 1 is one warm parse of each page (its stylesheets cached).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _corpus import SHARED, corpus_pages, viewport  # noqa: E402
from speed_vs_reference import unpack  # noqa: E402

OURS = """
import sys
from pathlib import Path
from browsy_engine import parse
pages = [Path(p).read_bytes() for p in sys.argv[1].split("\\n")]
for _ in range(int(sys.argv[2])):
    for data in pages:
        parse(data, {w}, {h}, url="https://example.com/")
"""

# --corpus: each page N times in a row (warm, as speed_vs_reference.py measures)
OURS_WARM = """
import sys
from pathlib import Path
from browsy_engine import parse
pages = [Path(p).read_bytes() for p in sys.argv[1].split("\\n")]
for data in pages:
    for _ in range(int(sys.argv[2])):
        parse(data, {w}, {h}, url="https://example.com/")
"""

REFERENCE = """
import sys, browsy
pages = [open(p, encoding="utf-8", errors="replace").read() for p in sys.argv[1].split("\\n")]
b = browsy.Browser(viewport_width={w}, viewport_height={h})
for _ in range(int(sys.argv[2])):
    for html in pages:
        b.load_html(html, "https://example.com/")
"""

REFERENCE_WARM = """
import sys, browsy
pages = [open(p, encoding="utf-8", errors="replace").read() for p in sys.argv[1].split("\\n")]
b = browsy.Browser(viewport_width={w}, viewport_height={h})
for html in pages:
    for _ in range(int(sys.argv[2])):
        b.load_html(html, "https://example.com/")
"""


def instructions(command: list[str]) -> int:
    """Instructions executed by `command` and every process it starts (valgrind's I refs, summed)."""
    proc = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--trace-children=yes",
            "--cachegrind-out-file=/dev/null",
            *command,
        ],
        capture_output=True,
        text=True,
        timeout=3600,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    counts = re.findall(r"I\s+refs:\s+([\d,]+)", proc.stderr)
    if proc.returncode != 0 or not counts:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1:] or f"exit {proc.returncode}")
    return sum(int(c.replace(",", "")) for c in counts)


def one_pass(command: list[str], script: str, pages: str) -> int:
    """Instructions of one pass over the pages: two passes minus one."""
    return instructions([*command, "-c", script, pages, "2"]) - instructions(
        [*command, "-c", script, pages, "1"]
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--no-reference", action="store_true")
    ap.add_argument("--corpus", type=Path, default=None, help="a corpus folder with pages/*.html.gz")
    ap.add_argument("--step", type=int, default=1, help="with --corpus: every STEP-th page only")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 1
    w, h = viewport()
    unpacked = tempfile.TemporaryDirectory(prefix="browsy-instructions-")
    if args.corpus is None:
        paths, ours_script, ref_script, what = corpus_pages(), OURS, REFERENCE, "corpus pages once"
    else:
        paths = unpack(args.corpus, Path(unpacked.name))[:: max(1, args.step)]
        ours_script, ref_script = OURS_WARM, REFERENCE_WARM
        what = f"pages of {args.corpus.name} (1 in {max(1, args.step)}) once, warm"
    pages = "\n".join(str(p) for p in paths)
    ours = one_pass([sys.executable], ours_script.format(w=w, h=h), pages)
    print(f"ours: {ours / 1e6:,.0f} M instructions to parse the {len(paths)} {what}")
    script = SHARED / "tools" / "reference_python.sh"
    if args.no_reference or not script.exists():
        return 0
    subprocess.run(["bash", str(script), "-c", "import browsy"], check=True, capture_output=True)  # set up
    rust = one_pass(["bash", str(script)], ref_script.format(w=w, h=h), pages)
    print(f"rust: {rust / 1e6:,.0f} M instructions; ours / rust = {ours / rust:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
