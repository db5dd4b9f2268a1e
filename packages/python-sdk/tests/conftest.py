"""Fixtures of the SDK tests: browsers in both modes (embedded engine, remote `browsy serve`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from browsy import Browser
from sdk_support import browsy_serve


@pytest.fixture(scope="session")
def browsy_server(fixture_host: str) -> Iterator[str]:
    """A real `browsy serve` subprocess allowed to fetch the fixture site."""
    with browsy_serve("--allowed-host", fixture_host) as base:
        yield base


@pytest.fixture(params=["embedded", "remote"])
def mode(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def make_browser(
    mode: str, fixture_host: str, request: pytest.FixtureRequest
) -> Iterator[Callable[[], Browser]]:
    """Builds Browsers of the test's mode that may fetch the fixture site; closes them afterwards."""
    made: list[Browser] = []

    def build() -> Browser:
        if mode == "remote":
            browser = Browser(server=request.getfixturevalue("browsy_server"))
        else:
            browser = Browser(allowed_hosts=[fixture_host])
        made.append(browser)
        return browser

    yield build
    for browser in made:
        browser.close()


@pytest.fixture
def browser(make_browser: Callable[[], Browser]) -> Browser:
    return make_browser()
