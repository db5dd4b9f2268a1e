"""`browsy serve --parse-processes N`: pages are parsed in worker processes (session/parse_pool.py), with
the same result as in a thread, and a worker killed mid-run is replaced without failing a request."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator

import httpx
import pytest
from browsy_engine.session import parse_pool

HEADER = "X-Browsy-Session"


@pytest.fixture
def pooled_server(start_server: Callable[..., str]) -> Iterator[str]:
    url = start_server(allow_private_network=True, parse_processes=2)
    yield url
    parse_pool.use_processes(0)  # the pool is per process: later tests parse in threads again


def test_pages_parse_in_worker_processes_with_the_same_result(pooled_server: str, fixture_site: str) -> None:
    before = parse_pool.parsed_in_processes
    pooled = httpx.post(
        f"{pooled_server}/api/browse",
        json={"url": f"{fixture_site}/big?kb=60", "format": "json"},
        timeout=120,
    )
    assert pooled.status_code == 200, pooled.text
    assert parse_pool.parsed_in_processes == before + 1 and parse_pool.processes() == 2
    parse_pool.use_processes(0)
    threaded = httpx.post(
        f"{pooled_server}/api/browse",
        json={"url": f"{fixture_site}/big?kb=60", "format": "json"},
        timeout=120,
    )
    assert threaded.json() == pooled.json()  # deterministic: the same Spatial DOM either way


def test_a_killed_worker_is_replaced_and_the_request_still_answers(
    pooled_server: str, fixture_site: str
) -> None:
    first = httpx.post(f"{pooled_server}/api/browse", json={"url": f"{fixture_site}/list"}, timeout=120)
    assert first.status_code == 200
    pool = parse_pool._pool
    assert pool is not None
    for pid in list(pool._processes):  # type: ignore[attr-defined]
        os.kill(pid, signal.SIGKILL)
    again = httpx.post(
        f"{pooled_server}/api/browse",
        json={"url": f"{fixture_site}/list"},
        headers={HEADER: first.headers[HEADER]},
        timeout=120,
    )
    assert again.status_code == 200 and again.text.startswith("title: ")
    assert parse_pool._pool is not None and parse_pool._pool is not pool  # a new pool took over
    third = httpx.post(f"{pooled_server}/api/browse", json={"url": f"{fixture_site}/articles/1"}, timeout=120)
    assert third.status_code == 200
