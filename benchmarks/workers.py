"""Throughput of `browsy serve` with 1 and 2 worker processes, side by side in one run.

    python benchmarks/workers.py [--sessions 40] [--clients 16] [--kb 100] [--duration 10] [--warmup 5]

Starts a `redis-server` on loopback (the shared session store), the fixture site, then for each setting
(`--session-store memory` with 1 worker as the baseline, then Redis with 1 and 2 workers) a `browsy serve`:
- reads/s: `--clients` clients read pages that `--sessions` sessions hold (page-info, find, get_page,
  tables), closed loop, as fast as the server answers, after `--warmup` seconds of the same (with Redis,
  the first request of a session on a process that has no copy of it parses its page again);
- loads/s: the same clients browse KB-sized pages, closed loop.
Prints requests per second, p50/p99 latency and errors for each. Numbers depend on the machine's cores:
on 2 cores the workers share them with the load client, the fixture site and Redis.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

from _browsy_server import browsy_server_process
from _fixture_site import fixture_site_process
from _http1 import Connection

HEADER = "X-Browsy-Session"
READS = (
    ("GET", "/api/page-info", None, None),
    ("POST", "/api/find", {"role": "link"}, None),
    ("GET", "/api/page", None, {"scope": "visible_above_fold"}),
    ("GET", "/api/tables", None, None),
)


@contextmanager
def redis_process() -> Iterator[str]:
    binary = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not os.path.exists(binary):
        raise SystemExit("redis-server is not installed (make setup-system installs it)")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        time.sleep(0.5)
        yield f"redis://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


ERRORS: list[str] = []  # what failed, to print a few


async def call(conn: Connection, token: str, method: str, path: str, **kw: object) -> tuple[str, bool]:
    headers = {HEADER: token} if token else {}
    try:
        reply = await conn.request(method, path, headers=headers, **kw)  # type: ignore[arg-type]
    except (OSError, asyncio.IncompleteReadError) as err:
        ERRORS.append(f"{type(err).__name__}: {err}")
        return token, False
    if not 200 <= reply.status < 300:
        ERRORS.append(f"{reply.status} {reply.body[:100]!r}")
    return reply.headers.get(HEADER.lower(), token), 200 <= reply.status < 300


async def closed_loop(server: str, clients: int, duration: float, step: object) -> tuple[list[float], int]:
    """`clients` connections, each calling `step(conn, i)` back to back for `duration` seconds."""
    latencies: list[float] = []
    errors = 0
    stop = time.perf_counter() + duration

    async def one(k: int) -> None:
        nonlocal errors
        conn = Connection(server)
        i = k
        try:
            while time.perf_counter() < stop:
                began = time.perf_counter()
                ok = await step(conn, i)  # type: ignore[operator]
                latencies.append(time.perf_counter() - began)
                errors += not ok
                i += clients
        finally:
            await conn.close()

    await asyncio.gather(*(one(k) for k in range(clients)))
    return latencies, errors


def line(label: str, latencies: list[float], errors: int, duration: float) -> str:
    lat = sorted(latencies) or [0.0]

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000

    return (
        f"{label:<28} {len(latencies) / duration:>8.1f} req/s  p50 {pct(0.5):>7.1f} ms  "
        f"p99 {pct(0.99):>7.1f} ms  errors {errors}"
    )


async def measure(args: argparse.Namespace, server: str, site: str, label: str) -> None:
    page = f"{site}/big?kb={args.kb}"
    tokens: list[str] = []
    conn = Connection(server)
    for _ in range(args.sessions):
        token, ok = await call(conn, "", "POST", "/api/browse", json_body={"url": page})
        if ok:
            tokens.append(token)
    await conn.close()

    async def read(c: Connection, i: int) -> bool:
        method, path, body, params = READS[i % len(READS)]
        _, ok = await call(c, tokens[i % len(tokens)], method, path, json_body=body, params=params)
        return ok

    async def load(c: Connection, i: int) -> bool:
        _, ok = await call(
            c, tokens[i % len(tokens)], "POST", "/api/browse", json_body={"url": f"{page}&n={i}"}
        )
        return ok

    await closed_loop(server, args.clients, args.warmup, read)  # every process gets its copy of the sessions
    reads, read_errors = await closed_loop(server, args.clients, args.duration, read)
    loads, load_errors = await closed_loop(server, args.clients, args.duration, load)
    print(line(f"{label}: reads", reads, read_errors, args.duration), flush=True)
    print(line(f"{label}: loads ({args.kb} KB)", loads, load_errors, args.duration), flush=True)
    for error in sorted(set(ERRORS))[:3]:
        print(f"  error: {error}")
    ERRORS.clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=40)
    parser.add_argument("--clients", type=int, default=16, help="concurrent clients (closed loop)")
    parser.add_argument("--kb", type=int, default=100, help="size of the pages")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds of each phase")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of reads before measuring")
    args = parser.parse_args()
    base = ["--allow-private-network", "--max-sessions", str(args.sessions + 10)]
    base += ["--new-sessions-per-minute", str(100 * args.sessions), "--parse-processes", "0"]
    print(f"cpu count {os.cpu_count()}, {args.sessions} sessions, {args.clients} clients, {args.kb} KB pages")
    with fixture_site_process() as site, redis_process() as redis_url:
        settings = [
            ("memory, 1 worker", ["--session-store", "memory"]),
            ("redis, 1 worker", ["--session-store", f"{redis_url}/1", "--workers", "1"]),
            ("redis, 2 workers", ["--session-store", f"{redis_url}/2", "--workers", "2"]),
        ]
        for label, flags in settings:
            with browsy_server_process(*base, *flags) as (server, _pid):
                asyncio.run(measure(args, server, site, label))


if __name__ == "__main__":
    main()
