"""Import time of the browsy-ai SDK and of each framework adapter (fresh interpreter per sample).

    .tools/bin/uv run --no-sync python benchmarks/sdk_import.py [--runs 5]

`import browsy` loads neither the engine nor any network code (they load on first use); the adapter rows
include importing their framework. Each figure is the median wall time of `import X` measured inside a new
Python process (interpreter start-up excluded). Modules whose framework is not installed are reported as
"not installed" (install the extras: `uv sync --all-packages --all-extras`).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

TARGETS = [
    ("browsy", "import browsy"),
    ("browsy + first Browser()", "import browsy; browsy.Browser()"),
    ("browsy.openai", "import browsy.openai"),
    ("browsy.langchain", "import browsy.langchain"),
    ("browsy.crewai", "import browsy.crewai"),
    ("browsy.autogen (+ AG2 tools)", "import browsy.autogen; browsy.autogen.BrowsyBrowser().tools()"),
    ("browsy.autogen (+ AgentChat tools)", "import browsy.autogen; browsy.autogen.get_tools()"),
    ("browsy.smolagents", "import browsy.smolagents"),
]

PROBE = """
import time, warnings
warnings.simplefilter("ignore")
start = time.perf_counter()
{statement}
print(time.perf_counter() - start)
"""


def sample(statement: str) -> float | None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(statement=statement)],
        capture_output=True,
        text=True,
        env={"CREWAI_DISABLE_TELEMETRY": "true", "OTEL_SDK_DISABLED": "true", "PATH": "/usr/bin:/bin"},
    )
    if done.returncode != 0:
        return None
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'module':38} {'median ms':>10} {'min ms':>8}   (n={args.runs}, python {sys.version.split()[0]})")
    for label, statement in TARGETS:
        sample(statement)  # warm the bytecode cache
        times = [sample(statement) for _ in range(args.runs)]
        if any(t is None for t in times):
            print(f"{label:38} {'not installed':>10}")
            continue
        ms = [t * 1000 for t in times if t is not None]
        print(f"{label:38} {statistics.median(ms):10.0f} {min(ms):8.0f}")


if __name__ == "__main__":
    main()
