"""The browsy-ai Browser on the fixture site's login → 2FA → dashboard tables flow, embedded and remote.

    .tools/bin/uv run --no-sync python benchmarks/sdk_flow.py [--runs 20]

Prints, for an embedded Browser (engine in this process) and a remote one (`browsy serve` in its own
process), the median and p95 wall time of the whole flow (6 calls: goto, login, goto email, back,
enter_code, tables) and of one `browser.dom()` on the dashboard. The fixture site runs in its own process.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from browsy import Browser  # noqa: E402

from benchmarks._browsy_server import browsy_server_process  # noqa: E402
from benchmarks._fixture_site import fixture_site_process  # noqa: E402
from tests.fixture_site.auth import PASSWORD, USERNAME  # noqa: E402

CODE = re.compile(r"verification code is (\d{6})")


def flow(browser: Browser, base: str) -> None:
    browser.goto(f"{base}/login")
    browser.login(USERNAME, PASSWORD)
    email = browser.goto(f"{base}/email")
    code = CODE.search(" ".join(el.text or "" for el in email.elements)).group(1)
    browser.back()
    page = browser.enter_code(code)
    assert page.tables(), "the dashboard has tables"


def measure(make, base: str, runs: int) -> tuple[list[float], list[float]]:
    flows, reads = [], []
    for _ in range(runs):
        with make() as browser:
            start = time.perf_counter()
            flow(browser, base)
            flows.append(time.perf_counter() - start)
            start = time.perf_counter()
            browser.dom()
            reads.append(time.perf_counter() - start)
    return flows, reads


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with fixture_site_process() as base:
        host = base.split("://", 1)[1]
        with browsy_server_process("--allowed-host", host) as (server, _pid):
            modes = {
                "embedded": lambda: Browser(allowed_hosts=[host]),
                "remote": lambda: Browser(server=server),
            }
            print(
                f"{'mode':10} {'flow median ms':>15} {'flow p95 ms':>12} {'dom() median ms':>16}   (n={args.runs})"
            )
            for name, make in modes.items():
                measure(make, base, 2)  # warm up
                flows, reads = measure(make, base, args.runs)
                print(
                    f"{name:10} {statistics.median(flows) * 1000:15.1f} {p95(flows) * 1000:12.1f} "
                    f"{statistics.median(reads) * 1000:16.2f}"
                )


if __name__ == "__main__":
    main()
