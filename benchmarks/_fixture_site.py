"""Start the fixture web site in a separate process (so its CPU and memory are not measured)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def fixture_site_process() -> Iterator[str]:
    """Yield the base URL of a freshly started fixture site (`tests/fixture_site/serve.py --port 0`)."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "fixture_site" / "serve.py"), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        if not line.startswith("fixture site on "):
            raise RuntimeError(f"fixture site did not start: {line!r}")
        yield line.removeprefix("fixture site on ").strip()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
