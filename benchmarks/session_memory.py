"""Memory of live sessions: N AsyncSessions, each holding a parsed page of K KB (defaults 100 × 100 KB).

Prints the process RSS growth per session (the seed claims ~5 MB per page). The fixture site runs in its
own process, so only the sessions are measured.

    python benchmarks/session_memory.py [--sessions 100] [--kb 100]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _fixture_site import fixture_site_process  # noqa: E402
from browsy_engine.session import AsyncSession, SessionConfig  # noqa: E402


def rss_bytes() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def mb(n: float) -> str:
    return f"{n / 1024 / 1024:.1f} MB"


async def main(count: int, kb: int) -> None:
    with fixture_site_process() as base:
        config = SessionConfig(allowed_hosts=[base.split("://", 1)[1]])
        url = f"{base}/big?kb={kb}"
        async with AsyncSession(config) as warm:  # imports, caches, thread pool: not per-session costs
            dom = await warm.goto(url)
        gc.collect()
        before = rss_bytes()
        sessions = [AsyncSession(config) for _ in range(count)]
        for s in sessions:
            await s.goto(url)
        gc.collect()
        after = rss_bytes()
        per = (after - before) / count
        print(f"{count} live sessions, each holding a parsed {kb} KB page ({len(dom.els)} elements)")
        print(f"  RSS before {mb(before)}   after {mb(after)}   per session {mb(per)}")
        for s in sessions:
            await s.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--kb", type=int, default=100)
    args = parser.parse_args()
    asyncio.run(main(args.sessions, args.kb))
