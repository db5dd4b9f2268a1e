"""URL policy: which URLs and which IP addresses a session may fetch.

Every URL a model asks for is hostile until checked. `check_url` parses and validates a URL before any
request (scheme, blocked patterns, literal IP hosts in any spelling, localhost names); `check_address`
is applied by the network backend to every address DNS returns, on every connection (so redirects and
DNS rebinding are covered too — see transport.py).
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx

from .config import SessionConfig, knob
from .errors import BlockedUrl, InvalidUrl

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

HTTP_SCHEMES = ("http", "https")
_BARE_HOST = re.compile(r"^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$)", re.IGNORECASE)
_BARE_LOCAL = re.compile(r"^(?:localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?(?:[/?#]|$)", re.IGNORECASE)
_HOSTNAME = re.compile(r"[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?")

# Ranges that are not the public internet, with the reason given to the user.
_FORBIDDEN_NETWORKS: tuple[tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, str], ...] = tuple(
    (ipaddress.ip_network(net), why)
    for net, why in (
        ("0.0.0.0/8", "an unspecified/'this network' address"),
        ("10.0.0.0/8", "a private network address"),
        ("100.64.0.0/10", "a carrier-grade NAT (shared) address"),
        ("127.0.0.0/8", "a loopback address"),
        ("169.254.0.0/16", "a link-local address"),
        ("172.16.0.0/12", "a private network address"),
        ("192.0.0.0/24", "an IETF protocol assignment address"),
        ("192.0.2.0/24", "a documentation address"),
        ("192.88.99.0/24", "a 6to4 relay address"),
        ("192.168.0.0/16", "a private network address"),
        ("198.18.0.0/15", "a benchmarking address"),
        ("198.51.100.0/24", "a documentation address"),
        ("203.0.113.0/24", "a documentation address"),
        ("224.0.0.0/4", "a multicast address"),
        ("240.0.0.0/4", "a reserved address"),
        ("255.255.255.255/32", "the broadcast address"),
        ("::/128", "the unspecified address"),
        ("::1/128", "a loopback address"),
        ("64:ff9b:1::/48", "a local-use NAT64 address"),
        ("100::/64", "a discard-only address"),
        ("2001:db8::/32", "a documentation address"),
        ("fc00::/7", "a unique-local (private) address"),
        ("fe80::/10", "a link-local address"),
        ("fec0::/10", "a site-local address"),
        ("ff00::/8", "a multicast address"),
    )
)


def forbidden_reason(ip: IPAddress) -> str | None:
    """Why `ip` is not a public internet address (None if it is). IPv4 embedded in IPv6 (mapped,
    compatible, 6to4, NAT64) is judged by its IPv4 part."""
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = _embedded_ipv4(ip)
        if embedded is not None:
            return forbidden_reason(embedded)
    for net, why in _FORBIDDEN_NETWORKS:
        if ip.version == net.version and ip in net:
            return why
    if ip.is_private or ip.is_reserved or ip.is_multicast or ip.is_link_local or ip.is_loopback:
        return "a non-public address"
    return None


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    packed = ip.packed
    if packed[:12] == bytes(12) and ip != ipaddress.IPv6Address("::1") and int(ip) > 0xFFFF:
        return ipaddress.IPv4Address(packed[12:])  # IPv4-compatible ::a.b.c.d (deprecated)
    if packed[:12] == bytes.fromhex("0064ff9b0000000000000000"):
        return ipaddress.IPv4Address(packed[12:])  # NAT64 well-known prefix 64:ff9b::/96
    return None


def parse_ip_host(host: str) -> IPAddress | None:
    """The IP address a host names literally, in any spelling a resolver accepts: dotted IPv4 with
    1-4 parts in decimal, octal (leading 0) or hex (0x), a bare 32-bit number, or IPv6 (brackets and
    zone allowed). None for a real name."""
    h = host.strip().rstrip(".").lower()
    if h.startswith("[") and h.endswith("]"):
        h = h[1:-1]
    if ":" in h:
        try:
            return ipaddress.IPv6Address(h.split("%", 1)[0])
        except ValueError:
            return None
    return _parse_loose_ipv4(h)


def _parse_loose_ipv4(host: str) -> ipaddress.IPv4Address | None:
    parts = host.split(".")
    if not 1 <= len(parts) <= 4:
        return None
    numbers: list[int] = []
    for part in parts:
        value = _parse_ipv4_number(part)
        if value is None:
            return None
        numbers.append(value)
    *head, last = numbers
    if any(n > 255 for n in head) or last >= 256 ** (5 - len(numbers)):
        return None
    value = last
    for i, n in enumerate(head):
        value += n << (8 * (3 - i))
    return ipaddress.IPv4Address(value)


def _parse_ipv4_number(part: str) -> int | None:
    if not part:
        return None
    try:
        if part[:2] in ("0x", "0X"):
            return int(part[2:] or "0", 16)
        if len(part) > 1 and part.startswith("0"):
            return int(part[1:], 8)
        return int(part, 10) if part.isdigit() else None
    except ValueError:
        return None


def is_localhost_name(host: str) -> bool:
    """`localhost`, `localhost.` and any `*.localhost` name (always loopback, RFC 6761)."""
    h = host.strip().rstrip(".").lower()
    return h == "localhost" or h.endswith(".localhost")


@dataclass(frozen=True, slots=True)
class NetworkPolicy:
    """The private-network part of the policy, applied to hosts and resolved addresses."""

    allow_private_network: bool
    allowed_hosts: frozenset[str]

    @classmethod
    def from_config(cls, config: SessionConfig) -> NetworkPolicy:
        return cls(
            config.allow_private_network, frozenset(_normalise_host_entry(h) for h in config.allowed_hosts)
        )

    def host_exempt(self, host: str, port: int | None) -> bool:
        """True if host (or host:port) is listed in `allowed_hosts`."""
        if self.allow_private_network:
            return True
        name = host.strip().rstrip(".").lower().strip("[]")
        return name in self.allowed_hosts or (port is not None and f"{name}:{port}" in self.allowed_hosts)

    def check_address(self, host: str, port: int | None, ip: IPAddress, url: str) -> None:
        """Raise BlockedUrl if `ip` (an address `host` resolved to) may not be contacted."""
        if self.host_exempt(host, port):
            return
        reason = forbidden_reason(ip)
        if reason is not None:
            what = f"{host} is {reason}" if _same_address(host, ip) else f"{host} resolves to {ip}, {reason}"
            raise BlockedUrl(
                url,
                f"{what}; private networks are off "
                f"(set {knob('allow_private_network')}, or list the host with {knob('allowed_hosts')})",
            )


def _same_address(host: str, ip: IPAddress) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]").split("%", 1)[0]) == ip
    except ValueError:
        return False


def _normalise_host_entry(entry: str) -> str:
    e = entry.strip().lower()
    if e.startswith("["):  # [::1]:8000 → ::1:8000 is ambiguous; keep IPv6 entries as given without brackets
        inside, _, rest = e[1:].partition("]")
        return inside + rest
    host, sep, port = e.rpartition(":")
    if sep and port.isdigit() and ":" not in host:
        return f"{host.rstrip('.')}:{port}"
    return e.rstrip(".")


def check_url(url: str | httpx.URL, config: SessionConfig, base: str | None = None) -> httpx.URL:
    """Parse and validate a URL for fetching (relative URLs resolve against `base`).

    Raises InvalidUrl when it cannot be used and BlockedUrl when the policy refuses it (scheme, blocked
    pattern, a literal private IP or localhost name). Names that must be resolved are checked again on
    connect, address by address (transport.py)."""
    raw = str(url).strip()
    if not raw:
        raise InvalidUrl(raw, "empty")
    if base is None and _BARE_HOST.match(raw):
        raw = "https://" + raw  # "example.com/page" means the web page, as in a browser's address bar
    elif base is None and _BARE_LOCAL.match(raw):
        raw = "http://" + raw  # "localhost:8000", "10.0.0.2/x": local servers speak plain http
    try:
        parsed = httpx.URL(base).join(raw) if base else httpx.URL(raw)
    except (httpx.InvalidURL, ValueError, UnicodeError) as err:
        _refuse_literal_private_host(raw, config)
        raise InvalidUrl(raw, str(err) or "unparseable") from None
    scheme = parsed.scheme.lower()
    if not scheme:
        raise InvalidUrl(raw, "no scheme")
    if scheme not in HTTP_SCHEMES:
        if not config.allow_non_http:
            raise BlockedUrl(raw, f"the {scheme}: scheme is not allowed; only http and https are fetched")
        raise InvalidUrl(raw, f"browsy can only fetch http(s) URLs, not {scheme}:")
    host = parsed.host
    if not host:
        raise InvalidUrl(raw, "no host")
    ascii_host = parsed.raw_host.decode("ascii", "replace").lower()
    if not ascii_host.startswith("[") and ":" not in ascii_host and not _HOSTNAME.fullmatch(ascii_host):
        raise InvalidUrl(raw, f"{host!r} is not a valid host name")
    labels = ascii_host.rstrip(".").split(".")
    if len(ascii_host) > 253 or any(len(label) > 63 for label in labels):
        raise InvalidUrl(
            raw, "a host name is at most 253 characters, in labels of at most 63 between the dots"
        )
    text = str(parsed)
    lowered = text.lower()
    for pattern in config.blocked_patterns:
        if pattern and pattern.lower() in lowered:
            raise BlockedUrl(
                text, f"it matches the blocked pattern {pattern!r} (SessionConfig.blocked_patterns)"
            )
    policy = NetworkPolicy.from_config(config)
    if policy.host_exempt(host, parsed.port or _default_port(scheme)):
        return parsed
    ip = parse_ip_host(host)
    if ip is not None:
        policy.check_address(host, parsed.port, ip, text)
    elif is_localhost_name(host):
        raise BlockedUrl(
            text, f"{host} is the local machine; private networks are off ({knob('allow_private_network')})"
        )
    return parsed


def _refuse_literal_private_host(raw: str, config: SessionConfig) -> None:
    """For URLs httpx rejects (e.g. `http://0177.0.0.1/`): say "blocked" when the host spells a private IP."""
    try:
        host = urlsplit(raw).hostname or ""
    except ValueError:
        return
    ip = parse_ip_host(unicodedata.normalize("NFKC", host))
    if ip is not None:
        NetworkPolicy.from_config(config).check_address(host, None, ip, raw)


def _default_port(scheme: str) -> int:
    return 443 if scheme == "https" else 80
