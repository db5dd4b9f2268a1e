"""Sessions over loopback: the full login → 2FA → dashboard flow, and `goto` latency for a 100 KB page.

Prints median and p95 wall time, and the engine's share (time inside `parse`: cascade, layout,
Spatial DOM, intelligence) of each `goto`. The fixture site runs in its own process.

    python benchmarks/session_flow.py [--flows 20] [--gotos 50] [--kb 100]
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
from browsy_engine.session import AsyncSession, SessionConfig, parse_pool  # noqa: E402

USERNAME, PASSWORD = "agent@example.com", "correct-horse-battery"
parse_seconds: list[float] = []


def _timed_parse(original):
    def parse(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            parse_seconds.append(time.perf_counter() - start)

    return parse


parse_pool.parse = _timed_parse(parse_pool.parse)  # what the page loader runs (in a thread here)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


async def one_flow(base: str, config: SessionConfig) -> tuple[float, float]:
    parse_seconds.clear()
    start = time.perf_counter()
    async with AsyncSession(config) as s:
        await s.goto(base + "/login")
        await s.login(USERNAME, PASSWORD)
        await s.goto(base + "/email")
        code = s.find_verification_code()
        await s.back()
        dom = await s.enter_code(code or "")
        if not dom.tables():
            raise RuntimeError("the flow did not reach the dashboard tables")
    return time.perf_counter() - start, sum(parse_seconds)


async def main(flows: int, gotos: int, kb: int) -> None:
    with fixture_site_process() as base:
        host = base.split("://", 1)[1]
        config = SessionConfig(allowed_hosts=[host])
        await one_flow(base, config)  # warm up imports and the server
        flow_times, flow_engine = [], []
        for _ in range(flows):
            total, engine = await one_flow(base, config)
            flow_times.append(total)
            flow_engine.append(engine)
        print(f"login → 2FA → dashboard flow ({flows} runs, 5 page loads each, fresh session per run)")
        print(
            f"  median {ms(statistics.median(flow_times))}   p95 {ms(p95(flow_times))}   "
            f"engine share {statistics.median(e / t for e, t in zip(flow_engine, flow_times)):.0%}"
        )

        async with AsyncSession(config) as s:
            url = f"{base}/big?kb={kb}"
            dom = await s.goto(url)
            times, engine = [], []
            for _ in range(gotos):
                parse_seconds.clear()
                start = time.perf_counter()
                await s.goto(url)
                times.append(time.perf_counter() - start)
                engine.append(sum(parse_seconds))
        print(f"goto of a {kb} KB page on loopback ({gotos} runs, {len(dom.els)} elements)")
        print(
            f"  median {ms(statistics.median(times))}   p95 {ms(p95(times))}   "
            f"engine (parse) median {ms(statistics.median(engine))}   "
            f"engine share {statistics.median(e / t for e, t in zip(engine, times)):.0%}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flows", type=int, default=20)
    parser.add_argument("--gotos", type=int, default=50)
    parser.add_argument("--kb", type=int, default=100)
    args = parser.parse_args()
    asyncio.run(main(args.flows, args.gotos, args.kb))
