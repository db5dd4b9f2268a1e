"""The login → 2FA → dashboard table flow as one `run_actions` call against the same flow as separate tool
calls, side by side: wall time and the bytes the model receives (every answer it would read).

Both go through the engine's tool registry (`call_tool`, what MCP and the adapters run) on a session of
their own, against the fixture site in its own process. Separate calls: browse /login, login, click the
inbox link, back, enter_code (the code read from the mail page's text, as a model would), tables.

    python benchmarks/batch_vs_calls.py [--runs 10]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _fixture_site import fixture_site_process  # noqa: E402
from browsy_engine.session import AsyncSession, SessionConfig  # noqa: E402
from browsy_engine.tools import call_tool  # noqa: E402

USERNAME, PASSWORD = "agent@example.com", "correct-horse-battery"


def config(base: str) -> SessionConfig:
    return SessionConfig(allowed_hosts=[base.split("://", 1)[1]])


async def separate_calls(base: str) -> tuple[float, int, int]:
    async with AsyncSession(config(base)) as s:
        start = time.perf_counter()
        answers = [await call_tool(s, "browse", {"url": base + "/login"})]
        answers.append(await call_tool(s, "login", {"username": USERNAME, "password": PASSWORD}))
        inbox = re.search(r'\[(\d+):a "Open your inbox"', answers[-1].content)
        assert inbox is not None, answers[-1].content
        answers.append(await call_tool(s, "click", {"id": int(inbox.group(1))}))
        code = re.search(r"\b(\d{6})\b", answers[-1].content)
        assert code is not None
        answers.append(await call_tool(s, "back", {}))
        answers.append(await call_tool(s, "enter_code", {"code": code.group(1)}))
        answers.append(await call_tool(s, "tables", {}))
        elapsed = time.perf_counter() - start
    assert not any(a.is_error for a in answers)
    return elapsed, sum(len(a.content.encode()) for a in answers), len(answers)


async def one_batch(base: str) -> tuple[float, int, int]:
    batch = {
        "url": base + "/login",
        "format": "none",
        "actions": [
            {"action": "login", "username": USERNAME, "password": PASSWORD},
            {"action": "click", "text": "Open your inbox"},
            {"action": "extract", "selector": "article p", "pattern": r"(\d{6})", "name": "code"},
            {"action": "back"},
            {"action": "enter_code", "code": "${code}"},
            {"action": "tables", "name": "tables"},
        ],
    }
    async with AsyncSession(config(base)) as s:
        start = time.perf_counter()
        answer = await call_tool(s, "run_actions", batch)
        elapsed = time.perf_counter() - start
    assert not answer.is_error and answer.data["ok"], answer.content
    return elapsed, len(answer.content.encode()), 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    with fixture_site_process() as base:
        rows = {"separate calls": [], "one run_actions": []}
        for _ in range(args.runs):  # interleaved, so both see the same machine
            rows["separate calls"].append(asyncio.run(separate_calls(base)))
            rows["one run_actions"].append(asyncio.run(one_batch(base)))
    print(f"{'flow':18} {'calls':>5} {'median ms':>10} {'bytes to the model':>19}")
    for name, results in rows.items():
        print(
            f"{name:18} {results[0][2]:>5} {statistics.median(r[0] for r in results) * 1000:>10.1f} "
            f"{results[0][1]:>19,}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
