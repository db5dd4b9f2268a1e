"""The guarded network layer: resolve once, check every address, connect to the checked address.

httpx hands every new connection to an httpcore network backend as (host, port). `GuardedBackend`
resolves the host itself, applies the NetworkPolicy to every address it got, and then connects the
inner backend to one of those very addresses — so no second DNS lookup can swap in a private address
(DNS rebinding). TLS still uses the original host name for SNI and certificate checks, and the Host
header is untouched, because httpcore starts TLS on the stream we return with the URL's host.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import ssl
from collections.abc import Awaitable, Callable, Iterable
from functools import lru_cache

import httpcore
import httpx

from .security import NetworkPolicy

# async (host, port) -> IP address strings. The default asks the system resolver (getaddrinfo).
Resolver = Callable[[str, int], Awaitable[list[str]]]


async def system_resolver(host: str, port: int) -> list[str]:
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    seen: dict[str, None] = {}
    for _family, _type, _proto, _canon, sockaddr in infos:
        seen.setdefault(str(sockaddr[0]).split("%", 1)[0], None)
    return list(seen)


class GuardedBackend(httpcore.AsyncNetworkBackend):
    """An httpcore network backend that only connects to addresses the policy allows."""

    def __init__(
        self,
        policy: NetworkPolicy,
        resolver: Resolver | None = None,
        inner: httpcore.AsyncNetworkBackend | None = None,
        resolve_timeout: float = 10.0,
    ) -> None:
        self._policy = policy
        self._resolve = resolver or system_resolver
        self._inner = inner or httpcore.AnyIOBackend()
        self._resolve_timeout = resolve_timeout

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        addresses = await self.checked_addresses(host, port)
        last_error: Exception | None = None
        for address in addresses:
            try:
                return await self._inner.connect_tcp(
                    address, port, timeout=timeout, local_address=local_address, socket_options=socket_options
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout, OSError) as err:
                last_error = err
        raise httpcore.ConnectError(f"could not connect to {host}:{port} ({last_error})")

    async def checked_addresses(self, host: str, port: int) -> list[str]:
        """The addresses `host` resolves to, each allowed by the policy (else BlockedUrl)."""
        url = f"{host}:{port}"
        literal = _literal_ip(host)
        if literal is not None:
            self._policy.check_address(host, port, literal, url)
            return [str(literal)]
        try:
            found = await asyncio.wait_for(self._resolve(host, port), self._resolve_timeout)
        except (TimeoutError, OSError) as err:
            raise httpcore.ConnectError(f"DNS lookup of {host} failed ({err or 'timed out'})") from None
        addresses = [a for a in found if _literal_ip(a) is not None]
        if not addresses:
            raise httpcore.ConnectError(f"DNS lookup of {host} returned no address")
        for address in addresses:
            ip = _literal_ip(address)
            assert ip is not None
            self._policy.check_address(host, port, ip, url)
        return addresses

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("unix sockets are not used by browsy sessions")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


def _literal_ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
    except ValueError:
        return None


@lru_cache(maxsize=1)
def shared_ssl_context() -> ssl.SSLContext:
    """One verified TLS context for all sessions (loading the CA bundle per session costs memory)."""
    import certifi

    return ssl.create_default_context(cafile=certifi.where())


def ssl_context_with(ca_bundle: str | None) -> ssl.SSLContext:
    """The shared context, or a new one that also trusts the authorities in `ca_bundle` (a PEM file)."""
    if not ca_bundle:
        return shared_ssl_context()
    import certifi

    context = ssl.create_default_context(cafile=certifi.where())
    context.load_verify_locations(cafile=ca_bundle)
    return context


class GuardedTransport(httpx.AsyncHTTPTransport):
    """httpx's HTTP/1.1 + HTTP/2 transport whose connection pool dials through a GuardedBackend."""

    def __init__(
        self,
        backend: httpcore.AsyncNetworkBackend,
        *,
        http2: bool = True,
        max_connections: int = 20,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        context = ssl_context or shared_ssl_context()
        super().__init__(verify=context, http2=http2, trust_env=False)
        # httpx builds its pool without a way to pass a network backend; build the same pool with ours.
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=context,
            max_connections=max_connections,
            max_keepalive_connections=max_connections,
            keepalive_expiry=5.0,
            http1=True,
            http2=http2,
            network_backend=backend,
        )
