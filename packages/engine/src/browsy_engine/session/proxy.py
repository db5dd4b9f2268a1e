"""HTTP(S) proxies, under the same private-network guard as direct connections.

Which proxy a request uses, the way curl and most browsers decide:
- `SessionConfig.proxy` (`--proxy`) when set, else `HTTPS_PROXY` / `HTTP_PROXY` / `ALL_PROXY` from the
  environment when `use_env_proxy` is on (the default);
- never for hosts that `NO_PROXY` lists, and never for loopback (`localhost`, `*.localhost`, 127.0.0.0/8,
  ::1), which Chromium also always reaches directly.

The guard checks the *target*, not the proxy: a proxy reaches whatever it is asked to, so before a request
is handed to it, the target's name is resolved here and every address is put to the same NetworkPolicy
as a direct connection. A target whose name this machine cannot resolve is refused (it cannot be checked);
list it with `--allowed-host` to let the proxy resolve it. The proxy itself may be on a private network:
the user chose it.
"""

from __future__ import annotations

import ssl
import urllib.request

import httpcore
import httpx

from .security import is_localhost_name, parse_ip_host
from .transport import GuardedBackend

PROXY_SCHEMES = ("http", "https")


def env_proxies() -> dict[str, str]:
    """The proxies the environment names, by URL scheme (`http`, `https`, `all`)."""
    return {k: v for k, v in urllib.request.getproxies_environment().items() if k in ("http", "https", "all")}


def proxy_for(url: httpx.URL, proxy: str | None, use_env: bool) -> str | None:
    """The proxy URL a request to `url` goes through, or None to connect directly."""
    host = url.host
    if is_localhost_name(host) or _is_loopback(host):
        return None
    if use_env and urllib.request.proxy_bypass(host):  # NO_PROXY (and the system settings on macOS)
        return None
    if proxy:
        return proxy
    if not use_env:
        return None
    found = env_proxies()
    return found.get(url.scheme) or found.get("all")


def check_proxy_url(proxy: str) -> None:
    """Raise ValueError unless `proxy` is an http:// or https:// proxy URL with a host."""
    try:
        parsed = httpx.URL(proxy)
    except (httpx.InvalidURL, ValueError, UnicodeError) as err:
        raise ValueError(f"invalid proxy {proxy!r}: {err}") from None
    if parsed.scheme not in PROXY_SCHEMES or not parsed.host:
        raise ValueError(
            f"invalid proxy {proxy!r}: give an http:// or https:// URL, e.g. http://proxy.corp:3128"
        )


def _is_loopback(host: str) -> bool:
    ip = parse_ip_host(host)
    return ip is not None and ip.is_loopback


class RoutingTransport(httpx.AsyncBaseTransport):
    """Sends each request directly (through the guarded backend) or through its proxy, after checking
    the target's addresses with the same policy."""

    def __init__(
        self,
        direct: httpx.AsyncBaseTransport,
        backend: GuardedBackend,
        ssl_context: ssl.SSLContext,
        *,
        proxy: str | None,
        use_env: bool,
    ) -> None:
        self._direct = direct
        self._backend = backend
        self._ssl_context = ssl_context
        self._proxy = proxy
        self._use_env = use_env
        self._proxied: dict[str, httpx.AsyncHTTPTransport] = {}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        via = proxy_for(request.url, self._proxy, self._use_env)
        if via is None:
            return await self._direct.handle_async_request(request)
        port = request.url.port or (443 if request.url.scheme == "https" else 80)
        try:
            await self._backend.checked_addresses(request.url.host, port)
        except httpcore.ConnectError as err:
            raise httpx.ConnectError(
                f"{err}; browsy checks a proxied request's target itself: list the host with --allowed-host "
                "to leave the lookup to the proxy",
                request=request,
            ) from None
        transport = self._proxied.get(via)
        if transport is None:
            transport = httpx.AsyncHTTPTransport(proxy=via, verify=self._ssl_context, trust_env=False)
            self._proxied[via] = transport
        return await transport.handle_async_request(request)

    async def aclose(self) -> None:
        await self._direct.aclose()
        for transport in self._proxied.values():
            await transport.aclose()
