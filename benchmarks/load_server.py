"""Load on `browsy serve` over loopback, from a second process: many concurrent sessions on the fixture site.

    python benchmarks/load_server.py [--sessions 200] [--kb 100] [--rate 200] [--duration 15]

1. Open: every session browses a KB-sized page at once (all sessions concurrently): latency of `browse`.
2. Read at a fixed rate (open loop, latency counted from each request's scheduled time, so a slow server
   cannot hide its queue): page-info, find, get_page (visible, above the fold) and tables, round-robin over
   the sessions, each answering from the page its session holds.
Prints requests per second, p50/p90/p99 latency and errors (any non-2xx or transport failure).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from dataclasses import dataclass, field

import httpx
from _browsy_server import browsy_server_process, rss_mib
from _fixture_site import fixture_site_process

HEADER = "X-Browsy-Session"
READS = (
    ("GET", "/api/page-info", None, None),
    ("POST", "/api/find", {"role": "link"}, None),
    ("GET", "/api/page", None, {"scope": "visible_above_fold"}),
    ("GET", "/api/tables", None, None),
)


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def add(self, seconds: float, error: str | None) -> None:
        self.latencies.append(seconds)
        if error:
            self.errors.append(error)

    def line(self, label: str, wall: float) -> str:
        lat = sorted(self.latencies)
        if not lat:
            return f"{label}: no requests"

        def pct(p: float) -> float:
            return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000

        return (
            f"{label:<34} {len(lat):>6} req  {len(lat) / wall:>7.1f} req/s  "
            f"p50 {pct(0.50):>7.1f} ms  p90 {pct(0.90):>7.1f} ms  p99 {pct(0.99):>7.1f} ms  "
            f"mean {statistics.fmean(lat) * 1000:>7.1f} ms  errors {len(self.errors)}"
        )


async def timed(client: httpx.AsyncClient, tally: Tally, start: float, method: str, path: str, **kw: object) -> httpx.Response | None:
    try:
        response = await client.request(method, path, **kw)  # type: ignore[arg-type]
        error = None if response.is_success else f"{response.status_code} {response.text[:80]}"
    except httpx.HTTPError as err:
        response, error = None, f"{type(err).__name__}: {err}"
    tally.add(time.perf_counter() - start, error)
    return response


async def open_sessions(client: httpx.AsyncClient, page_url: str, count: int) -> tuple[list[str], Tally, float]:
    tally = Tally()
    began = time.perf_counter()

    async def one() -> str:
        start = time.perf_counter()
        response = await timed(client, tally, start, "POST", "/api/browse", json={"url": page_url})
        return response.headers.get(HEADER, "") if response is not None else ""

    tokens = await asyncio.gather(*(one() for _ in range(count)))
    return [t for t in tokens if t], tally, time.perf_counter() - began


async def reads_at_rate(client: httpx.AsyncClient, tokens: list[str], rate: float, duration: float) -> tuple[Tally, float]:
    tally = Tally()
    tasks = []
    began = time.perf_counter()
    total = int(rate * duration)
    for i in range(total):
        scheduled = began + i / rate
        delay = scheduled - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        method, path, body, params = READS[i % len(READS)]
        headers = {HEADER: tokens[i % len(tokens)]}
        tasks.append(asyncio.create_task(
            timed(client, tally, scheduled, method, path, json=body, params=params, headers=headers)
        ))
    await asyncio.gather(*tasks)
    return tally, time.perf_counter() - began


async def run(args: argparse.Namespace, server: str, site: str, pid: int) -> None:
    limits = httpx.Limits(max_connections=args.sessions, max_keepalive_connections=args.sessions)
    async with httpx.AsyncClient(base_url=server, timeout=300, limits=limits) as client:
        tokens, opened, wall = await open_sessions(client, f"{site}/big?kb={args.kb}", args.sessions)
        print(opened.line(f"browse {args.kb} KB x{args.sessions} at once", wall))
        print(f"server RSS after opening: {rss_mib(pid):.0f} MiB")
        if not tokens:
            raise SystemExit("no session could be opened")
        reads, wall = await reads_at_rate(client, tokens, args.rate, args.duration)
        print(reads.line(f"reads at {args.rate:g} req/s target", wall))
        for error in sorted(set(opened.errors + reads.errors))[:5]:
            print(f"  error: {error}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--kb", type=int, default=100, help="size of the page each session holds")
    parser.add_argument("--rate", type=float, default=200.0, help="target requests per second of the read phase")
    parser.add_argument("--duration", type=float, default=15.0, help="seconds of the read phase")
    args = parser.parse_args()
    with fixture_site_process() as site, browsy_server_process(
        "--allow-private-network", "--max-sessions", str(args.sessions + 10)
    ) as (server, pid):
        print(f"browsy serve pid {pid}, fixture site {site}, {args.sessions} sessions, page {args.kb} KB")
        asyncio.run(run(args, server, site, pid))


if __name__ == "__main__":
    main()
