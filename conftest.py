"""Shared pytest fixtures: the fixture web site served by a real uvicorn on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fixture_site.server_thread import running_site


@pytest.fixture(scope="session")
def fixture_site() -> Iterator[str]:
    """Base URL of the fixture site (e.g. "http://127.0.0.1:54321"), one server for the whole run."""
    with running_site() as base_url:
        yield base_url


@pytest.fixture(scope="session")
def fixture_host(fixture_site: str) -> str:
    """`127.0.0.1:PORT` of the fixture site, for `SessionConfig(allowed_hosts=[fixture_host])`."""
    return fixture_site.split("://", 1)[1]
