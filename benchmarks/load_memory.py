"""Memory of `browsy serve` holding many idle sessions, each with a parsed page (RSS read from /proc).

    python benchmarks/load_memory.py [--sessions 1000] [--kb 20] [--concurrency 8]

Opens the sessions (each browses a KB-sized fixture page), then reports the server's RSS before, after,
and per session, and checks that every session is still there (a page-info on a sample of them).
"""

from __future__ import annotations

import argparse
import asyncio
import time

import httpx
from _browsy_server import browsy_server_process, rss_mib
from _fixture_site import fixture_site_process

HEADER = "X-Browsy-Session"


async def open_sessions(
    server: str, page_url: str, count: int, concurrency: int
) -> tuple[list[str], list[str]]:
    """Tokens of the sessions that hold the page, and the errors of those that could not load it."""
    gate = asyncio.Semaphore(concurrency)
    errors: list[str] = []
    async with httpx.AsyncClient(base_url=server, timeout=300) as client:

        async def one() -> str | None:
            async with gate:
                response = await client.post("/api/browse", json={"url": page_url})
                if response.is_success:
                    return response.headers[HEADER]
                errors.append(f"{response.status_code} {response.text[:160]}")
                return None

        tokens = await asyncio.gather(*(one() for _ in range(count)))
    return [t for t in tokens if t], errors


async def still_alive(server: str, tokens: list[str]) -> int:
    async with httpx.AsyncClient(base_url=server, timeout=60) as client:
        answers = [await client.get("/api/page-info", headers={HEADER: t}) for t in tokens]
    return sum(a.status_code == 200 and a.headers[HEADER] == t for a, t in zip(answers, tokens))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--kb", type=int, default=20, help="size of the page each session holds")
    parser.add_argument("--concurrency", type=int, default=8)
    args = parser.parse_args()
    with (
        fixture_site_process() as site,
        browsy_server_process("--allow-private-network", "--max-sessions", str(args.sessions + 10)) as (
            server,
            pid,
        ),
    ):
        before = rss_mib(pid)
        began = time.perf_counter()
        tokens, errors = asyncio.run(
            open_sessions(server, f"{site}/big?kb={args.kb}", args.sessions, args.concurrency)
        )
        took = time.perf_counter() - began
        after = rss_mib(pid)
        sample = tokens[:: max(1, len(tokens) // 50)]
        alive = asyncio.run(still_alive(server, sample))
        print(f"{len(tokens)} sessions each holding a {args.kb} KB page, opened in {took:.1f} s")
        print(
            f"server RSS: {before:.0f} MiB idle -> {after:.0f} MiB ({(after - before) * 1024 / len(tokens):.0f} KiB per session)"
        )
        print(f"sessions still live in a sample: {alive}/{len(sample)}; failed to open: {len(errors)}")
        for error in sorted(set(errors))[:3]:
            print(f"  error: {error}")


if __name__ == "__main__":
    main()
