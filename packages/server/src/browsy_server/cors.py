"""CORS as the seed specifies it: the three headers on every response, and preflight answered directly."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

SESSION_HEADER = "X-Browsy-Session"

CORS_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"access-control-allow-origin", b"*"),
    (b"access-control-allow-headers", f"Content-Type, {SESSION_HEADER}".encode()),
    (b"access-control-expose-headers", SESSION_HEADER.encode()),
)
_PREFLIGHT_HEADERS = (
    *CORS_HEADERS,
    (b"access-control-allow-methods", b"GET, POST, OPTIONS"),
    (b"access-control-max-age", b"600"),
    (b"content-length", b"0"),
)


class CorsMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] == "OPTIONS":
            await send({"type": "http.response.start", "status": 204, "headers": list(_PREFLIGHT_HEADERS)})
            await send({"type": "http.response.body", "body": b""})
            return

        async def send_with_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [h for h in CORS_HEADERS if h[0] not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_cors)
