"""Test support for the browsy-ai SDK: a real `browsy serve` subprocess, and the scripted agent plan.

The plan is what a model would do on the fixture site: open a page with a menu button and click it (the
answer is what changed, not the page again), read the page in a small budget (`max_chars`: a part and a
cursor), then open the login page, log in, read the code from the "email" page, go back, enter the code,
read the dashboard's tables, then answer. It decides each step from the tool results it has seen so far
(the button's id and the code are read out of earlier results), so every framework adapter is driven
through its own agent loop by the same behaviour.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))

from tests.fixture_site.auth import ORDERS, PASSWORD, USERNAME  # noqa: E402

CODE = re.compile(r"verification code is (\d{6})")
MENU = re.compile(r'^\[(\d+):button "Menu"', re.M)
BUDGET = 300  # max_chars of the plan's get_page step


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_server(extra_args: tuple[str, ...]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [
        sys.executable,
        "-c",
        "from browsy_server.cli import main; main()",
        "serve",
        "--port",
        str(port),
        *extra_args,
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ})
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            output = process.stdout.read().decode(errors="replace") if process.stdout else ""
            raise RuntimeError(f"browsy serve exited with {process.returncode}: {output[-2000:]}")
        try:
            if httpx.get(base + "/health", timeout=1).status_code == 200:
                return process, base
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            _stop(process)
            raise RuntimeError("browsy serve did not become healthy within 60 s")
        time.sleep(0.1)


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def browsy_serve(*extra_args: str, attempts: int = 3) -> Iterator[str]:
    """Run `browsy serve` as a subprocess on a free loopback port; yield its base URL. A start that fails
    (e.g. the free port was taken in between) is retried on another port."""
    for attempt in range(attempts):
        try:
            process, base = _start_server(extra_args)
            break
        except RuntimeError:
            if attempt == attempts - 1:
                raise
    try:
        yield base
    finally:
        _stop(process)


def expected_orders() -> dict[str, Any]:
    """The dashboard's first table as the fixture site renders it."""
    return {"headers": ["Order", "Customer", "Amount", "Status"], "rows": [list(row) for row in ORDERS]}


@dataclass(frozen=True)
class Step:
    tool: str  # registry name: browse, login, …
    arguments: dict[str, Any]

    def command(self) -> str:
        """The single-tool form: {"action": ..., **arguments} as JSON."""
        return json.dumps({"action": self.tool, **self.arguments})


class LoginPlan:
    """The scripted model's behaviour. `next(outputs)` → the next Step, or the final answer (a str)."""

    FINAL_PREFIX = "Dashboard orders: "

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url

    def next(self, outputs: list[str]) -> Step | str:
        steps = [
            lambda: Step("browse", {"url": f"{self.base_url}/behaviors"}),
            lambda: Step("click", {"id": self._menu(outputs[0])}),
            lambda: Step("get_page", {"max_chars": BUDGET}),
            lambda: Step("browse", {"url": f"{self.base_url}/login"}),
            lambda: Step("login", {"username": USERNAME, "password": PASSWORD}),
            lambda: Step("browse", {"url": f"{self.base_url}/email"}),
            lambda: Step("back", {}),
            lambda: Step("enter_code", {"code": self._code(outputs[5])}),
            lambda: Step("tables", {}),
        ]
        if len(outputs) < len(steps):
            return steps[len(outputs)]()
        return self.FINAL_PREFIX + outputs[-1]

    @staticmethod
    def _menu(page: str) -> int:
        match = MENU.search(page)
        return int(match.group(1)) if match else 0

    @staticmethod
    def _code(email_page: str) -> str:
        match = CODE.search(email_page)
        return match.group(1) if match else "000000"


def check_transcript(outputs: list[str], final: str) -> None:
    """What every adapter test asserts about a finished run."""
    assert len(outputs) == 9, outputs
    assert MENU.search(outputs[0]), outputs[0]
    # The click toggled a menu without loading a page: the answer is the delta, not the page again.
    click = outputs[1].split("\n")
    assert click[1] == "changed:" and click[2:] and all(line.startswith("[+") for line in click[2:]), outputs[
        1
    ]
    assert not any(line.startswith("title: ") for line in click), outputs[1]
    # max_chars: a part of at most BUDGET characters, ending with the cursor of the next part.
    assert len(outputs[2]) <= BUDGET and "\nmore: " in outputs[2] and 'cursor="' in outputs[2], outputs[2]
    assert "page_type: Login" in outputs[3], outputs[3]
    assert "page_type: TwoFactorAuth" in outputs[4], outputs[4]
    assert CODE.search(outputs[5]), outputs[5]
    assert "page_type: Dashboard" in outputs[7], outputs[7]
    tables = json.loads(outputs[8])
    assert tables[0] == expected_orders()
    assert final.startswith(LoginPlan.FINAL_PREFIX)
    assert "Grace Hopper" in final
