"""Load on `browsy serve` over loopback, from a second process: many concurrent sessions on the fixture site.

    python benchmarks/load_server.py [--sessions 200] [--kb 100] [--rate 200] [--duration 15]
                                     [--loaders 1] [--parse-processes N]

1. Open: every session browses a KB-sized page at once (all sessions concurrently): latency of `browse`.
2. Read at a fixed rate (open loop, latency counted from each request's scheduled time, so a slow server
   cannot hide its queue): page-info, find, get_page (visible, above the fold) and tables, round-robin over
   the sessions, each answering from the page its session holds. Meanwhile `--loaders` other clients load
   KB-sized pages one after another, as fast as the server answers them.
Prints requests per second, p50/p90/p99/max latency and errors (any non-2xx or transport failure), for
reads and for loads. `--parse-processes` is passed to `browsy serve` (0: parse in threads).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from dataclasses import dataclass, field

from _browsy_server import browsy_server_process, rss_mib
from _fixture_site import fixture_site_process
from _http1 import Connection

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
            f"max {lat[-1] * 1000:>7.1f} ms  mean {statistics.fmean(lat) * 1000:>7.1f} ms  errors {len(self.errors)}"
        )


class Client:
    """One simulated agent: its own keep-alive connection and session token; one request at a time."""

    def __init__(self, server: str) -> None:
        self.connection = Connection(server)
        self.token = ""
        self.busy = asyncio.Lock()

    async def call(self, tally: Tally, start: float, method: str, path: str, **kw: object) -> None:
        async with self.busy:
            headers = {HEADER: self.token} if self.token else {}
            try:
                reply = await self.connection.request(method, path, headers=headers, **kw)  # type: ignore[arg-type]
                self.token = reply.headers.get(HEADER.lower(), self.token)
                error = None if 200 <= reply.status < 300 else f"{reply.status} {reply.body[:80]!r}"
            except (OSError, asyncio.IncompleteReadError) as err:
                error = f"{type(err).__name__}: {err}"
            tally.add(time.perf_counter() - start, error)


async def open_sessions(clients: list[Client], page_url: str) -> tuple[Tally, float]:
    tally = Tally()
    began = time.perf_counter()
    await asyncio.gather(
        *(c.call(tally, began, "POST", "/api/browse", json_body={"url": page_url}) for c in clients)
    )
    return tally, time.perf_counter() - began


async def reads_at_rate(clients: list[Client], rate: float, duration: float) -> tuple[Tally, float]:
    tally = Tally()
    tasks = []
    began = time.perf_counter()
    for i in range(int(rate * duration)):
        scheduled = began + i / rate
        delay = scheduled - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        method, path, body, params = READS[i % len(READS)]
        client = clients[i % len(clients)]
        tasks.append(
            asyncio.create_task(client.call(tally, scheduled, method, path, json_body=body, params=params))
        )
    await asyncio.gather(*tasks)
    return tally, time.perf_counter() - began


async def keep_loading(client: Client, page_url: str, tally: Tally, stop: asyncio.Event) -> None:
    """One client browsing a page after another until `stop`: the parse load beside the reads."""
    n = 0
    while not stop.is_set():
        n += 1
        await client.call(
            tally, time.perf_counter(), "POST", "/api/browse", json_body={"url": f"{page_url}&n={n}"}
        )


async def run(args: argparse.Namespace, server: str, site: str, pid: int) -> None:
    clients = [Client(server) for _ in range(args.sessions)]
    loaders = [Client(server) for _ in range(args.loaders)]
    try:
        opened, wall = await open_sessions(clients, f"{site}/big?kb={args.kb}")
        print(opened.line(f"browse {args.kb} KB x{args.sessions} at once", wall), flush=True)
        print(f"server RSS holding {args.sessions} pages: {rss_mib(pid):.0f} MiB", flush=True)
        stop, loads = asyncio.Event(), Tally()
        loading = [
            asyncio.create_task(keep_loading(c, f"{site}/big?kb={args.kb}", loads, stop)) for c in loaders
        ]
        reads, wall = await reads_at_rate(clients, args.rate, args.duration)
        stop.set()
        await asyncio.gather(*loading)
        print(reads.line(f"reads at {args.rate:g} req/s target", wall))
        if loaders:
            print(loads.line(f"loads of {args.kb} KB meanwhile (x{args.loaders})", wall))
        for error in sorted(set(opened.errors + reads.errors + loads.errors))[:5]:
            print(f"  error: {error}")
    finally:
        await asyncio.gather(*(c.connection.close() for c in clients + loaders))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--kb", type=int, default=100, help="size of the page each session holds")
    parser.add_argument(
        "--rate", type=float, default=200.0, help="target requests per second of the read phase"
    )
    parser.add_argument("--duration", type=float, default=15.0, help="seconds of the read phase")
    parser.add_argument("--loaders", type=int, default=1, help="clients loading pages during the reads")
    parser.add_argument("--parse-processes", type=int, default=None, help="passed to browsy serve")
    args = parser.parse_args()
    flags = ["--allow-private-network", "--max-sessions", str(args.sessions + args.loaders + 10)]
    flags += [
        "--new-sessions-per-minute",
        str(10 * (args.sessions + args.loaders)),
    ]  # one address opens them all
    if args.parse_processes is not None:
        flags += ["--parse-processes", str(args.parse_processes)]
    with (
        fixture_site_process() as site,
        browsy_server_process(*flags) as (server, pid),
    ):
        print(f"browsy serve {' '.join(flags)} (pid {pid}), {args.sessions} sessions, page {args.kb} KB")
        asyncio.run(run(args, server, site, pid))


if __name__ == "__main__":
    main()
