"""Fixtures: a real `browsy serve` app under uvicorn on 127.0.0.1, in a background thread."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from server_harness import running_server


@pytest.fixture
def start_server() -> Iterator[Callable[..., str]]:
    """start_server(**settings) -> base URL; every server started is stopped after the test."""
    stack: list = []

    def start(**settings: object) -> str:
        cm = running_server(**settings)
        url = cm.__enter__()
        stack.append(cm)
        return url

    yield start
    for cm in reversed(stack):
        cm.__exit__(None, None, None)


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    """One shared server for tests that need no special settings (private network allowed for the fixture site)."""
    with running_server(allow_private_network=True) as url:
        yield url
