"""A page rendered in headless Chromium (render="always") against the zero-render load of the same page.

Both over loopback from the fixture site (its own process): `/articles/1` (server-rendered) and `/spa`
(an application shell whose script builds the page from a JSON API). Prints the median wall time of
`goto` per page and mode, and the ratio. Rendering needs the render extra and a Chromium.

    python benchmarks/render_vs_zero.py [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _fixture_site import fixture_site_process  # noqa: E402
from browsy_engine.session import AsyncSession, SessionConfig  # noqa: E402
from browsy_engine.session.render import unavailable_reason  # noqa: E402

PAGES = ("/articles/1", "/spa")


async def timed_goto(base: str, path: str, render: str) -> tuple[float, int]:
    host = base.split("://", 1)[1]
    async with AsyncSession(SessionConfig(allowed_hosts=[host])) as session:
        start = time.perf_counter()
        dom = await session.goto(base + path, render=render)
        return time.perf_counter() - start, len(dom.els)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    missing = unavailable_reason(SessionConfig())
    if missing:
        print(f"rendering unavailable here: {missing}")
        return 1
    with fixture_site_process() as base:
        print(f"{'page':14} {'zero-render':>14} {'rendered':>14} {'ratio':>7}   elements (zero / rendered)")
        for path in PAGES:
            zero = [asyncio.run(timed_goto(base, path, "never")) for _ in range(args.runs)]
            full = [asyncio.run(timed_goto(base, path, "always")) for _ in range(args.runs)]
            z = statistics.median(t for t, _ in zero)
            r = statistics.median(t for t, _ in full)
            print(
                f"{path:14} {z * 1000:11.1f} ms {r * 1000:11.1f} ms {r / z:6.0f}x   {zero[0][1]} / {full[0][1]}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
