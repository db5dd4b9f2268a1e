"""What a request must show before any route sees it: who it is from, where it is addressed, what it carries.

A `browsy serve` on loopback is reachable by every web page the user opens in a browser. Those pages can
send requests (a form post, `fetch(..., {mode: "no-cors"})`) and, through DNS rebinding, even read the
answers. So, in this order:

1. **Host** (DNS rebinding): the `Host` header must name this server: the address it is bound to, the
   loopback names when it is bound to loopback, or a name listed with `--server-name`. A page served from
   `attacker.example` that rebinds its name to 127.0.0.1 still sends `Host: attacker.example`: 421.
2. **Origin** (cross-site requests): a request a browser marks as coming from another site (`Origin`, or
   `Sec-Fetch-Site: cross-site|same-site`) is refused (403) unless its origin is listed with
   `--cors-origin`; listed origins get CORS headers and answered preflights. `--cors-origin '*'` allows
   every origin, the seed's behaviour. SDKs and command-line clients send neither header.
3. **Token**: with `--token` (or BROWSY_TOKEN) set, every route but `/health` needs
   `Authorization: Bearer TOKEN` (401). A server bound to anything but loopback must have one.
4. **Body type**: a request body must be `application/json` (415). A browser sends `text/plain`, form and
   multipart bodies cross-origin without a preflight; JSON needs one.
5. **Body size**: bodies over the limit are refused (413) on every route, as soon as they pass it.
"""

from __future__ import annotations

import ipaddress
import json
import secrets
from collections.abc import Iterable

from browsy_engine.tools.result import code_for
from starlette.types import ASGIApp, Message, Receive, Scope, Send

SESSION_HEADER = "X-Browsy-Session"
OPEN_PATHS = frozenset({"/health"})  # liveness for load balancers: says nothing, does nothing
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})
_ALLOW_HEADERS = f"Authorization, Content-Type, {SESSION_HEADER}"


def is_loopback(host: str) -> bool:
    name = host.strip("[]").rstrip(".").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def host_name(header: str) -> str:
    """The name part of a Host header value ('[::1]:3847' → '::1', 'Example.COM.:80' → 'example.com')."""
    value = header.strip().lower()
    if value.startswith("["):
        return value[1:].partition("]")[0]
    if value.count(":") == 1:
        value = value.partition(":")[0]
    return value.rstrip(".")


class RequestGuard:
    """ASGI middleware applying the checks of this module's docstring, then CORS for allowed origins."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        bind_host: str,
        server_names: Iterable[str] = (),
        cors_origins: Iterable[str] = (),
        token: str | None = None,
        max_body: int = 1 << 20,
    ) -> None:
        self.app = app
        names = {host_name(n) for n in server_names if n}
        bound = host_name(bind_host)
        self.any_host = bound in WILDCARD_HOSTS and not names  # every interface: the token guards it
        names.add(bound)
        if is_loopback(bound):
            names |= LOOPBACK_NAMES
        self.names = frozenset(names)
        origins = {o.rstrip("/").lower() for o in cors_origins}
        self.any_origin = "*" in origins
        self.origins = frozenset(origins - {"*"})
        self.token = token.encode() if token else None
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            status, message, extra = refusal
            await _send_json(send, status, message, extra)
            return
        origin = headers.get("origin")
        cors = self._cors_headers(origin) if origin else []
        if scope["method"] == "OPTIONS" and origin and "access-control-request-method" in headers:
            await send(
                {
                    "type": "http.response.start",
                    "status": 204,
                    "headers": [
                        *cors,
                        (b"access-control-allow-methods", b"GET, POST, OPTIONS"),
                        (b"access-control-max-age", b"600"),
                        (b"content-length", b"0"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": b""})
            return

        body, complete = await _read_body(receive, self.max_body)
        if not complete:
            await _send_json(send, 413, f"Request body too large: the limit is {self.max_body} bytes.", cors)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: the disconnect

        async def send_with_cors(message: Message) -> None:
            if cors and message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [h for h in cors if h[0] not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, replay, send_with_cors)

    # ---- checks ------------------------------------------------------------------------------------
    def _refusal(
        self, scope: Scope, headers: dict[str, str]
    ) -> tuple[int, str, list[tuple[bytes, bytes]]] | None:
        host = host_name(headers.get("host", ""))
        if not self.any_host and host not in self.names:
            return (
                421,
                (
                    f"This server does not answer to the host name {host!r}. Start it with "
                    f"--server-name {host or 'NAME'} if clients reach it by that name."
                ),
                [],
            )
        origin = headers.get("origin")
        fetch_site = headers.get("sec-fetch-site", "")
        if origin and not self._origin_allowed(origin, headers.get("host", "")):
            return (
                403,
                (
                    f"Cross-origin requests from {origin} are not allowed. Start the server with "
                    f"--cors-origin {origin} to allow them."
                ),
                [],
            )
        if not origin and fetch_site in ("cross-site", "same-site") and not self.any_origin:
            return 403, "Cross-site requests are not allowed (start the server with --cors-origin).", []
        if scope["method"] == "OPTIONS":
            return None  # preflights carry no credentials; the origin check above decides them
        if self.token is not None and scope["path"] not in OPEN_PATHS:
            scheme, _, given = headers.get("authorization", "").partition(" ")
            if scheme.lower() != "bearer" or not secrets.compare_digest(given.strip().encode(), self.token):
                return (
                    401,
                    "Missing or wrong bearer token: send the header 'Authorization: Bearer TOKEN'.",
                    [(b"www-authenticate", b'Bearer realm="browsy"')],
                )
        length = headers.get("content-length")
        has_body = headers.get("transfer-encoding") is not None or (length not in (None, "", "0"))
        if has_body:
            media = headers.get("content-type", "").partition(";")[0].strip().lower()
            if media != "application/json" and not media.endswith("+json"):
                return (
                    415,
                    (
                        f"Request bodies must be JSON: send 'Content-Type: application/json' "
                        f"(got {media or 'no Content-Type'})."
                    ),
                    [],
                )
            if length and length.isdigit() and int(length) > self.max_body:
                return 413, f"Request body too large: {length} bytes, the limit is {self.max_body}.", []
        return None

    def _origin_allowed(self, origin: str, host_header: str) -> bool:
        """A listed origin, or this server's own (a page it serves, such as /docs, calling its API)."""
        value = origin.rstrip("/").lower()
        if self.any_origin or value in self.origins:
            return True
        _, sep, authority = value.partition("://")
        return bool(sep) and authority == host_header.strip().lower()

    def _cors_headers(self, origin: str) -> list[tuple[bytes, bytes]]:
        allowed = "*" if self.any_origin else origin
        out = [
            (b"access-control-allow-origin", allowed.encode("latin-1", "replace")),
            (b"access-control-allow-headers", _ALLOW_HEADERS.encode()),
            (b"access-control-expose-headers", SESSION_HEADER.encode()),
        ]
        if not self.any_origin:
            out.append((b"vary", b"Origin"))
        return out


async def _read_body(receive: Receive, limit: int) -> tuple[bytes, bool]:
    """The whole request body, read before any route runs; (what was read, False) once it passes `limit`.

    Routes read bodies whole anyway (JSON), so buffering here costs nothing extra, and every route, the
    A2A SDK's included, gets the same limit without a route of its own to enforce it."""
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return b"", False
        parts.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(parts), True


async def _send_json(send: Send, status: int, message: str, extra: list[tuple[bytes, bytes]]) -> None:
    body = json.dumps({"error": message, "code": code_for(status)}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *extra,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
