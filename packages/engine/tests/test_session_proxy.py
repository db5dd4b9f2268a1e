"""Proxies: --proxy and HTTP(S)_PROXY / NO_PROXY are honoured, and the private-network guard checks the
target of a proxied request, not the proxy. A real forwarding proxy runs on loopback; the fixture site is
reached through it under a made-up name (`site.test`) that the session's resolver and the proxy both map
to 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator

import httpx
import pytest
from browsy_engine.session import AsyncSession, BlockedUrl, Network, SessionConfig
from browsy_engine.session.proxy import proxy_for


class ForwardingProxy:
    """A plain-HTTP forward proxy: takes absolute-form requests (`GET http://host:port/path`), maps host
    names through `names`, forwards with `Connection: close` and relays the answer. Records each target."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names
        self.seen: list[str] = []
        self.port = 0
        self._ready = threading.Event()
        self._loop = asyncio.new_event_loop()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            request_line, *header_lines = head.decode("latin-1").split("\r\n")
            method, target, version = request_line.split(" ")
            self.seen.append(target)
            url = httpx.URL(target)
            host = self.names.get(url.host, url.host)
            upstream_r, upstream_w = await asyncio.open_connection(host, url.port or 80)
            path = url.raw_path.decode("ascii")
            kept = [h for h in header_lines if h and not h.lower().startswith(("connection:", "proxy-"))]
            upstream_w.write(f"{method} {path} {version}\r\n".encode("latin-1"))
            upstream_w.write(("\r\n".join([*kept, "Connection: close"]) + "\r\n\r\n").encode("latin-1"))
            await upstream_w.drain()
            while chunk := await upstream_r.read(65536):
                writer.write(chunk)
                await writer.drain()
            upstream_w.close()
        finally:
            writer.close()

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._handle, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()
        server.close()

    @contextlib.contextmanager
    def running(self) -> Iterator[str]:
        thread = threading.Thread(target=self._run, daemon=True)
        thread.start()
        self._ready.wait(5)
        try:
            yield f"http://127.0.0.1:{self.port}"
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            thread.join(5)


def resolver(table: dict[str, str]):
    async def resolve(host: str, port: int) -> list[str]:
        if host not in table:
            raise OSError(f"no such name {host}")
        return [table[host]]

    return resolve


@pytest.fixture
def site_port(fixture_host: str) -> int:
    return int(fixture_host.rsplit(":", 1)[1])


def load(url: str, *, table: dict[str, str], **config) -> tuple[str, list[str]]:
    async def main():
        async with AsyncSession(SessionConfig(fetch_css=False, **config), resolver=resolver(table)) as s:
            dom = await s.goto(url)
            return dom.title

    return asyncio.run(main())


def test_proxy_flag_carries_the_request(site_port, monkeypatch):
    monkeypatch.delenv("NO_PROXY", raising=False)
    proxy = ForwardingProxy({"site.test": "127.0.0.1"})
    with proxy.running() as proxy_url:
        title = load(
            f"http://site.test:{site_port}/articles/3",
            table={"site.test": "127.0.0.1"},
            proxy=proxy_url,
            allowed_hosts=[f"site.test:{site_port}"],
        )
    assert title == "Article 3"
    assert proxy.seen == [f"http://site.test:{site_port}/articles/3"]


def test_environment_proxy_is_honoured_and_no_proxy_bypasses_it(site_port, monkeypatch):
    proxy = ForwardingProxy({"site.test": "127.0.0.1"})
    with proxy.running() as proxy_url:
        monkeypatch.setenv("HTTP_PROXY", proxy_url)
        monkeypatch.delenv("NO_PROXY", raising=False)
        monkeypatch.delenv("no_proxy", raising=False)
        config = {"table": {"site.test": "127.0.0.1"}, "allowed_hosts": [f"site.test:{site_port}"]}
        assert load(f"http://site.test:{site_port}/articles/4", **config) == "Article 4"
        monkeypatch.setenv("NO_PROXY", "site.test")
        assert load(f"http://site.test:{site_port}/articles/5", **config) == "Article 5"
        assert load(f"http://site.test:{site_port}/articles/6", use_env_proxy=False, **config) == "Article 6"
    assert proxy.seen == [f"http://site.test:{site_port}/articles/4"]


def test_the_guard_checks_the_target_not_the_proxy(monkeypatch):
    """The proxy is on loopback (the user's choice); a target that resolves to a private address is still
    refused before anything reaches the proxy, and so is a name this machine cannot check."""
    monkeypatch.delenv("NO_PROXY", raising=False)
    proxy = ForwardingProxy({})
    with proxy.running() as proxy_url:
        with pytest.raises(BlockedUrl, match="10.0.0.5"):
            load("http://intranet.test/admin", table={"intranet.test": "10.0.0.5"}, proxy=proxy_url)
        with pytest.raises(Network, match="allowed-host"):
            load("http://unknown.test/", table={}, proxy=proxy_url)
    assert proxy.seen == []


def test_loopback_never_goes_through_a_proxy(fixture_site, fixture_host, monkeypatch):
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")  # nothing listens there
    assert proxy_for(httpx.URL("http://localhost:8000/"), "http://proxy:3128", True) is None
    assert proxy_for(httpx.URL("http://127.0.0.2/"), "http://proxy:3128", True) is None
    assert proxy_for(httpx.URL("http://[::1]/"), None, True) is None
    assert proxy_for(httpx.URL("https://example.com/"), "http://proxy:3128", True) == "http://proxy:3128"
    assert load(fixture_site + "/articles/2", table={}, allowed_hosts=[fixture_host]) == "Article 2"


@pytest.mark.parametrize("bad", ["ftp://proxy:21", "proxy:3128", "http://"])
def test_bad_proxy_urls_are_refused(bad):
    with pytest.raises(ValueError, match="proxy"):
        SessionConfig(proxy=bad)


def test_extra_headers_are_sent_and_validated(fixture_site, fixture_host):
    async def main():
        config = SessionConfig(allowed_hosts=[fixture_host], extra_headers={"X-Team": "agents"})
        async with AsyncSession(config) as s:
            dom = await s.goto(fixture_site + "/echo")
            return [el.text or "" for el in dom.els]

    assert any("agents" in text for text in asyncio.run(main()))
    for name, value in (("Host", "evil"), ("Bad Name", "x"), ("X-Ok", "a\r\nInjected: 1")):
        with pytest.raises(ValueError):
            SessionConfig(extra_headers={name: value})
