"""Security of sessions: URL policy, address checks after DNS, pinned connections, redirects.

No test here opens a connection to anything but loopback: the network backend is replaced by one that
fails the test if it is asked to connect (or records the address and refuses), and names resolve
through a fake resolver.
"""

from __future__ import annotations

import asyncio
import ipaddress

import httpcore
import pytest
from browsy_engine.session import AsyncSession, BlockedUrl, BrowsyError, InvalidUrl, Network, SessionConfig
from browsy_engine.session.security import check_url, forbidden_reason, parse_ip_host
from hypothesis import given, settings
from hypothesis import strategies as st


class MustNotConnect(httpcore.AsyncNetworkBackend):
    """Fails the test if the session ever tries to open a connection."""

    async def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        pytest.fail(f"the session tried to connect to {host}:{port}")

    async def connect_unix_socket(self, path, timeout=None, socket_options=None):
        pytest.fail("unix socket connect attempted")

    async def sleep(self, seconds):
        await asyncio.sleep(seconds)


class RecordingBackend(MustNotConnect):
    """Records where the session would connect, then refuses (so nothing leaves the machine)."""

    def __init__(self) -> None:
        self.connects: list[tuple[str, int]] = []

    async def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        self.connects.append((host, port))
        raise httpcore.ConnectError("test backend: not connecting")


class FakeDns:
    """A resolver answering from a table; `answers` may hold a list of successive answers (rebinding)."""

    def __init__(self, table: dict[str, list[str] | list[list[str]]]) -> None:
        self.table = table
        self.calls: list[str] = []

    async def __call__(self, host: str, port: int) -> list[str]:
        self.calls.append(host)
        if host not in self.table:
            pytest.fail(f"unexpected DNS lookup of {host}")
        answer = self.table[host]
        if answer and isinstance(answer[0], list):
            return answer[min(len(self.calls), len(answer)) - 1]  # type: ignore[return-value]
        return answer  # type: ignore[return-value]


def run(coro):
    return asyncio.run(coro)


async def goto_with(url: str, *, dns: FakeDns | None = None, backend=None, **config) -> AsyncSession:
    session = AsyncSession(
        SessionConfig(fetch_css=False, **config),
        resolver=dns or FakeDns({}),
        network_backend=backend or MustNotConnect(),
    )
    try:
        await session.goto(url)
    finally:
        await session.close()
    return session


# ---- address classification --------------------------------------------------------------------
@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "127.255.0.9",
        "10.1.2.3",
        "172.16.0.1",
        "172.31.255.255",
        "192.168.0.1",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "224.0.0.1",
        "240.0.0.1",
        "255.255.255.255",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "fd12:3456::1",
        "ff02::1",
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
        "::ffff:169.254.169.254",
        "64:ff9b::a9fe:a9fe",
        "2002:c0a8:0101::1",
    ],
)
def test_non_public_addresses_are_forbidden(address):
    assert forbidden_reason(ipaddress.ip_address(address)) is not None


@pytest.mark.parametrize(
    "address", ["93.184.216.34", "8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]
)
def test_public_addresses_are_allowed(address):
    assert forbidden_reason(ipaddress.ip_address(address)) is None


@pytest.mark.parametrize(
    ("spelling", "expected"),
    [
        ("2130706433", "127.0.0.1"),
        ("0x7f000001", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("127.1", "127.0.0.1"),
        ("10.0.258", "10.0.1.2"),
        ("[::1]", "::1"),
        ("127.0.0.1.", "127.0.0.1"),
        ("example.com", None),
        ("1.2.3.4.5", None),
        ("0x1g.0.0.1", None),
    ],
)
def test_ip_spellings_are_understood(spelling, expected):
    found = parse_ip_host(spelling)
    assert (str(found) if found else None) == expected


# ---- URL policy before any request -------------------------------------------------------------
@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/",
        "http://2130706433/",
        "http://0x7f.0.0.1/",
        "http://0177.0.0.1/",
        "http://127.1:8080/admin",
        "http://localhost/",
        "http://localhost./",
        "http://app.localhost/",
        "http://a@127.0.0.1/",
        "http://user:pw@10.0.0.5:8080/",
        "http://[::1]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[::ffff:a9fe:a9fe]/latest/meta-data/",
        "http://169.254.169.254/latest/meta-data/",
        "http://100.100.100.200/",
        "http://0/",
        "http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/",  # full-width digits
        "file:///etc/passwd",
        "ftp://example.com/",
        "gopher://example.com/",
        "javascript:alert(1)",
        "data:text/html,<h1>x</h1>",
        "https://www.google-analytics.com/collect",
        "https://stats.g.doubleclick.net/x",
    ],
)
def test_refused_urls_never_connect(url):
    with pytest.raises(BlockedUrl) as err:
        run(goto_with(url))
    assert "Blocked URL" in str(err.value)


@pytest.mark.parametrize(
    "url", ["", "   ", "not a url", "http://", "http:///path", "//example.com/", "http://exa mple.com/"]
)
def test_invalid_urls_are_invalid(url):
    with pytest.raises((InvalidUrl, BlockedUrl)):
        run(goto_with(url))


def test_userinfo_does_not_hide_the_real_host():
    # http://127.0.0.1@evil.test/ goes to evil.test (127.0.0.1 is just a user name): resolved and checked.
    dns = FakeDns({"evil.test": ["10.9.8.7"]})
    with pytest.raises(BlockedUrl, match="10.9.8.7"):
        run(goto_with("http://127.0.0.1@evil.test/", dns=dns))
    assert dns.calls == ["evil.test"]


def test_non_http_scheme_error_says_what_to_do():
    with pytest.raises(BlockedUrl, match="only http and https"):
        check_url("file:///etc/passwd", SessionConfig())


# ---- checks after DNS resolution ---------------------------------------------------------------
@pytest.mark.parametrize(
    "answer",
    [
        ["10.0.0.7"],
        ["192.168.1.20"],
        ["172.20.0.3"],
        ["169.254.169.254"],
        ["127.0.0.1"],
        ["fd00::5"],
        ["::ffff:10.0.0.7"],
        ["fe80::2"],
        ["100.64.3.3"],
        ["93.184.216.34", "10.0.0.7"],
    ],
)
def test_names_resolving_to_private_addresses_are_blocked(answer):
    dns = FakeDns({"intranet.example": answer})
    with pytest.raises(BlockedUrl, match="private networks are off"):
        run(goto_with("http://intranet.example/", dns=dns))


def test_public_name_connects_to_the_address_that_was_checked():
    dns = FakeDns({"public.example": ["93.184.216.34"]})
    backend = RecordingBackend()
    with pytest.raises(Network):
        run(goto_with("http://public.example:8080/page", dns=dns, backend=backend))
    assert backend.connects == [("93.184.216.34", 8080)]
    assert dns.calls == ["public.example"]


def test_dns_rebinding_cannot_swap_in_a_private_address():
    # First answer public, every later answer private: the connection must use the first, checked one.
    dns = FakeDns({"rebind.example": [["93.184.216.34"], ["127.0.0.1"]]})
    backend = RecordingBackend()
    with pytest.raises(Network):
        run(goto_with("http://rebind.example/", dns=dns, backend=backend))
    assert dns.calls == ["rebind.example"]
    assert backend.connects == [("93.184.216.34", 80)]


def test_idn_hosts_are_resolved_as_punycode_and_checked():
    dns = FakeDns({"xn--bcher-kva.example": ["10.1.1.1"]})
    with pytest.raises(BlockedUrl):
        run(goto_with("http://bücher.example/", dns=dns))
    assert dns.calls == ["xn--bcher-kva.example"]


def test_allow_private_network_lets_private_addresses_through():
    dns = FakeDns({"intranet.example": ["10.0.0.7"]})
    backend = RecordingBackend()
    with pytest.raises(Network):
        run(goto_with("http://intranet.example/", dns=dns, backend=backend, allow_private_network=True))
    assert backend.connects == [("10.0.0.7", 80)]


def test_allowed_hosts_exempt_only_the_listed_host_and_port():
    backend = RecordingBackend()
    with pytest.raises(Network):
        run(goto_with("http://10.0.0.7:8000/", backend=backend, allowed_hosts=["10.0.0.7:8000"]))
    assert backend.connects == [("10.0.0.7", 8000)]
    with pytest.raises(BlockedUrl):
        run(goto_with("http://10.0.0.7:9000/", allowed_hosts=["10.0.0.7:8000"]))
    with pytest.raises(BlockedUrl):
        run(goto_with("http://10.0.0.8:8000/", allowed_hosts=["10.0.0.7:8000"]))


# ---- redirects from the real fixture site ------------------------------------------------------
@pytest.mark.parametrize("where", ["private", "metadata", "loopback-name", "file"])
def test_redirects_to_private_addresses_are_blocked_although_the_site_is_allowed(
    fixture_site, fixture_host, where
):
    async def scenario():
        async with AsyncSession(SessionConfig(allowed_hosts=[fixture_host], fetch_css=False)) as session:
            await session.goto(fixture_site + "/articles/1")  # the site itself is reachable
            with pytest.raises(BlockedUrl):
                await session.goto(f"{fixture_site}/redirect/offsite/{where}")
            assert session.url() == fixture_site + "/articles/1"  # a refused navigation changes nothing

    run(scenario())


def test_the_fixture_site_itself_is_blocked_without_allowed_hosts(fixture_site):
    with pytest.raises(BlockedUrl, match="loopback"):
        run(goto_with(fixture_site + "/", backend=None))


def test_a_redirect_to_another_port_of_an_allowed_ip_is_blocked(fixture_site, fixture_host):
    async def scenario():
        async with AsyncSession(SessionConfig(allowed_hosts=[fixture_host], fetch_css=False)) as session:
            with pytest.raises(BlockedUrl):
                await session.goto(f"{fixture_site}/redirect/to?url=http://127.0.0.1:1/")

    run(scenario())


def test_a_hostname_resolving_to_loopback_is_blocked_on_connect(fixture_site):
    port = int(fixture_site.rsplit(":", 1)[1])
    dns = FakeDns({"looks-public.example": ["127.0.0.1"]})
    with pytest.raises(BlockedUrl, match="127.0.0.1"):
        run(goto_with(f"http://looks-public.example:{port}/", dns=dns))


# ---- any input: a typed error or a refusal, never a crash, never a connection ----------------------
class NoDns:
    async def __call__(self, host: str, port: int) -> list[str]:
        raise OSError("test resolver: no DNS here")


URLISH = st.one_of(
    st.text(max_size=60),
    st.builds(
        lambda scheme, host, rest: f"{scheme}{host}{rest}",
        st.sampled_from(
            ["http://", "https://", "HTTP://", "ftp://", "//", "", "http:/", "javascript:", "file://"]
        ),
        st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30),
        st.sampled_from(["", "/", "/a?b=c", ":80", ":99999", "@x", "#f", "%00", "/../.."]),
    ),
)


@settings(max_examples=150, deadline=None)
@given(url=URLISH)
def test_any_url_gives_a_typed_error_and_never_connects(url):
    async def attempt():
        session = AsyncSession(
            SessionConfig(fetch_css=False), resolver=NoDns(), network_backend=MustNotConnect()
        )
        try:
            await session.goto(url)
        finally:
            await session.close()

    with pytest.raises(BrowsyError) as err:
        run(attempt())
    assert str(err.value)
