"""`make bench`: run every benchmark in this folder, one after another, printing their figures.

Each benchmark is a standalone script (see its docstring for options); this runner only sequences them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Order: engine first (speed, fidelity, intelligence), then network, server, SDKs.
ORDER = [
    "speed_vs_reference.py",
    "layout_fidelity.py",
    "corpus_intelligence.py",
    "session_flow.py",
    "session_memory.py",
    "load_server.py",
    "sdk_import.py",
]


# Development-time recorders, not benchmarks: they rewrite committed data (record_aria_sizes.py drives Chromium).
DEV_TIME = {"record_aria_sizes.py"}


def main() -> int:
    scripts = [HERE / name for name in ORDER if (HERE / name).exists()]
    scripts += sorted(
        p
        for p in HERE.glob("*.py")
        if p.name not in ORDER and p.name not in DEV_TIME and not p.name.startswith(("_", "run_all"))
    )
    failed = 0
    for script in scripts:
        print(f"\n=== {script.name} ===", flush=True)
        failed += subprocess.run([sys.executable, str(script)]).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
