"""Content-Encoding decoders that never inflate more than a small step at a time.

A compression bomb is a few kilobytes that inflate to gigabytes. Decoding a whole network chunk in one
call (what httpx does) can produce 64 MB before anyone counts a byte. Here every decoder hands out its
output in pieces of at most `STEP` bytes (brotli's decoder grows its buffer in blocks: up to about
2 × STEP), so the reader (fetch.py) can stop at the byte limit having inflated at most one piece past it. Encodings: gzip (multi-member), deflate (zlib-wrapped or raw, as
browsers accept both), br, identity; an unknown coding passes the bytes through, as httpx does.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator

import brotli

STEP = 256 * 1024


class DecodeError(Exception):
    """The body is not valid data of its declared Content-Encoding."""


class _Identity:
    def feed(self, data: bytes) -> Iterator[bytes]:
        for start in range(0, len(data), STEP):
            yield data[start : start + STEP]

    def end(self) -> Iterator[bytes]:
        return iter(())


class _Zlib:
    """gzip (wbits 16+15) or deflate (zlib header; falls back to raw deflate on the first error)."""

    def __init__(self, gzip: bool) -> None:
        self._gzip = gzip
        self._wbits = 16 + zlib.MAX_WBITS if gzip else zlib.MAX_WBITS
        self._inflate = zlib.decompressobj(self._wbits)
        self._started = False

    def feed(self, data: bytes) -> Iterator[bytes]:
        pending = data
        while True:
            try:
                out = self._inflate.decompress(pending, STEP)
            except zlib.error as err:
                if self._gzip or self._started:
                    raise DecodeError(str(err)) from None
                self._wbits = -zlib.MAX_WBITS  # raw deflate, without the zlib header
                self._inflate = zlib.decompressobj(self._wbits)
                self._started = True
                continue
            self._started = True
            if out:
                yield out
            pending = self._inflate.unconsumed_tail
            if self._gzip and self._inflate.eof and self._inflate.unused_data:
                pending = self._inflate.unused_data  # the next gzip member
                self._inflate = zlib.decompressobj(self._wbits)
                continue
            if not pending and len(out) < STEP:
                return

    def end(self) -> Iterator[bytes]:
        try:
            tail = self._inflate.flush()
        except zlib.error as err:
            raise DecodeError(str(err)) from None
        for start in range(0, len(tail), STEP):
            yield tail[start : start + STEP]


class _Brotli:
    def __init__(self) -> None:
        self._inflate = brotli.Decompressor()

    def feed(self, data: bytes) -> Iterator[bytes]:
        try:
            out = self._inflate.process(data, output_buffer_limit=STEP)
            if out:
                yield out
            while not self._inflate.can_accept_more_data():
                out = self._inflate.process(b"", output_buffer_limit=STEP)
                if out:
                    yield out
        except brotli.error as err:
            raise DecodeError(str(err)) from None

    def end(self) -> Iterator[bytes]:
        return iter(())


_Stage = _Identity | _Zlib | _Brotli


def _stage(coding: str) -> _Stage:
    if coding in ("gzip", "x-gzip"):
        return _Zlib(gzip=True)
    if coding == "deflate":
        return _Zlib(gzip=False)
    if coding == "br":
        return _Brotli()
    return _Identity()


class BoundedDecoder:
    """Decodes a body sent with `Content-Encoding: <codings>` (applied in order, so undone in reverse)."""

    def __init__(self, content_encoding: str) -> None:
        codings = [c.strip().lower() for c in content_encoding.split(",") if c.strip()]
        self._stages = [_stage(c) for c in reversed(codings)]

    def feed(self, data: bytes) -> Iterator[bytes]:
        """Decoded pieces of at most STEP bytes for this raw chunk."""
        yield from self._through(0, data)

    def end(self) -> Iterator[bytes]:
        """What the decoders still hold at the end of the body."""
        for index, stage in enumerate(self._stages):
            for piece in stage.end():
                yield from self._through(index + 1, piece)

    def _through(self, index: int, data: bytes) -> Iterator[bytes]:
        if index == len(self._stages):
            if data:
                yield data
            return
        for piece in self._stages[index].feed(data):
            yield from self._through(index + 1, piece)
