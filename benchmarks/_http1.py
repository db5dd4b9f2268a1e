"""A minimal HTTP/1.1 keep-alive client on asyncio streams, for load runs: one connection per simulated
client, so the load generator costs far less CPU than the server it measures (httpx's pool does not)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit


@dataclass(slots=True)
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes


class Connection:
    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(
        self,
        method: str,
        path: str,
        *,
        json_body: object = None,
        params: dict | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        if params:
            path = f"{path}?{urlencode(params)}"
        body = b"" if json_body is None else json.dumps(json_body).encode()
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            f"Content-Length: {len(body)}",
        ]
        if json_body is not None:
            lines.append("Content-Type: application/json")
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        message = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        reused = self._writer is not None
        try:
            return await self._exchange(message)
        except (ConnectionError, asyncio.IncompleteReadError):
            if not reused:
                raise
            await self.close()  # the server closed an idle keep-alive connection: reconnect once
            return await self._exchange(message)

    async def _exchange(self, message: bytes) -> Reply:
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        assert self._reader is not None
        self._writer.write(message)
        await self._writer.drain()
        head = (await self._reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split()[1])
        reply_headers = {}
        for line in head[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                reply_headers[name.strip().lower()] = value.strip()
        length = int(reply_headers.get("content-length", "0"))
        return Reply(status, reply_headers, await self._reader.readexactly(length))

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
