"""Shared pytest fixtures: the fixture web site served by a real uvicorn on 127.0.0.1."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.fixture_site.server_thread import running_site


@pytest.fixture(scope="session", autouse=True)
def private_recipes_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Recipes saved by any test (and by the servers tests start) go to a temporary directory, never to the
    user's config directory."""
    old = os.environ.get("BROWSY_RECIPES_DIR")
    os.environ["BROWSY_RECIPES_DIR"] = str(tmp_path_factory.mktemp("recipes"))
    yield
    if old is None:
        os.environ.pop("BROWSY_RECIPES_DIR", None)
    else:
        os.environ["BROWSY_RECIPES_DIR"] = old


@pytest.fixture(scope="session")
def fixture_site() -> Iterator[str]:
    """Base URL of the fixture site (e.g. "http://127.0.0.1:54321"), one server for the whole run."""
    with running_site() as base_url:
        yield base_url


@pytest.fixture(scope="session")
def fixture_host(fixture_site: str) -> str:
    """`127.0.0.1:PORT` of the fixture site, for `SessionConfig(allowed_hosts=[fixture_host])`."""
    return fixture_site.split("://", 1)[1]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "python_engine: wraps the engine's own functions to count calls, which compiled modules do not see"
        " (they call each other directly); with a compiled engine these run in a second pass under"
        " BROWSY_PURE_PYTHON=1 (`make pytest` does both)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from browsy_engine import _native

    if not _native.active():
        return
    skip = pytest.mark.skip(
        reason="needs the engine as Python: run with BROWSY_PURE_PYTHON=1 (make pytest does)"
    )
    for item in items:
        if "python_engine" in item.keywords:
            item.add_marker(skip)
