"""Bytes → text. Placeholder: UTF-8 with replacement (BOM/meta charset handling comes with the DOM stage)."""

from __future__ import annotations


def decode_html(data: bytes | str, content_type: str | None = None) -> str:
    if isinstance(data, str):
        return data
    return data.decode("utf-8", errors="replace")
