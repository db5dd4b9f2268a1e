"""Bytes → text, choosing the encoding like a browser (a simplified WHATWG "encoding sniffing").

Priority: a byte-order mark; the charset of the HTTP Content-Type header; a `<meta charset>` or
`<meta http-equiv="Content-Type" content="…charset=…">` in the first 1024 bytes; else UTF-8.
Labels are normalised as the Encoding Standard does (latin1/ascii/iso-8859-1 mean windows-1252, a UTF-16
label found in a meta tag means UTF-8). Undecodable bytes become U+FFFD; this function never raises.
"""

from __future__ import annotations

import codecs
import re
from typing import Final

PRESCAN_BYTES: Final = 1024
_META: Final = re.compile(rb"<meta\b[^>]*>", re.IGNORECASE)
_CHARSET_ATTR: Final = re.compile(rb"""[\s/;]charset\s*=\s*["']?\s*([A-Za-z0-9_.:\-]+)""", re.IGNORECASE)
_CONTENT_ATTR: Final = re.compile(rb"""\scontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.IGNORECASE)
_HTTP_EQUIV: Final = re.compile(rb"""http-equiv\s*=\s*["']?\s*content-type""", re.IGNORECASE)
_CONTENT_TYPE_CHARSET: Final = re.compile(r"""charset\s*=\s*["']?\s*([A-Za-z0-9_.:\-]+)""", re.IGNORECASE)
ALIASES: Final = {
    "latin1": "windows-1252",
    "latin-1": "windows-1252",
    "iso-8859-1": "windows-1252",
    "iso8859-1": "windows-1252",
    "l1": "windows-1252",
    "ascii": "windows-1252",
    "us-ascii": "windows-1252",
    "iso-8859-9": "windows-1254",
    "x-user-defined": "windows-1252",
    "x-sjis": "shift_jis",
    "gb2312": "gbk",
    "x-gbk": "gbk",
    "ks_c_5601-1987": "euc-kr",
}


def normalise_label(label: str | None) -> str | None:
    """A Python codec name for an encoding label, or None if unknown."""
    if not label:
        return None
    name = label.strip().strip("\"'").lower()
    name = ALIASES.get(name, name)
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def charset_from_content_type(content_type: str | None) -> str | None:
    if not content_type:
        return None
    m = _CONTENT_TYPE_CHARSET.search(content_type)
    return normalise_label(m.group(1)) if m else None


def charset_from_meta(head: bytes) -> str | None:
    """The encoding declared by a meta tag in the first bytes, per the HTML prescan (simplified)."""
    for m in _META.finditer(head[:PRESCAN_BYTES]):
        tag = m.group(0)
        if b"charset" not in tag.lower():
            continue  # both ways of declaring an encoding say "charset" (most meta tags do not)
        content = _CONTENT_ATTR.search(tag)
        without_content = _CONTENT_ATTR.sub(b" ", tag)
        found = _CHARSET_ATTR.search(without_content)
        if found is None and content is not None and _HTTP_EQUIV.search(without_content):
            value = content.group(1) or content.group(2) or content.group(3) or b""
            found = _CHARSET_ATTR.search(b" " + value)
        if found is None:
            continue
        name = normalise_label(found.group(1).decode("ascii", "replace"))
        if name is None:
            continue
        return "utf-8" if name.startswith("utf_16") or name.startswith("utf-16") else name
    return None


def sniff_encoding(data: bytes, content_type: str | None = None) -> tuple[str, int]:
    """(codec name, number of BOM bytes to skip)."""
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8", 3
    if data.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le", 2
    if data.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be", 2
    return (charset_from_content_type(content_type) or charset_from_meta(data) or "utf-8"), 0


# The text decode_html returned last and the UTF-8 bytes it is exactly the decoding of (None when it is
# not): lexbor parses UTF-8, so the tree builder hands it these bytes rather than have it encode the whole
# page again (see `utf8_source`).
_last_utf8: tuple[str, bytes] | None = None


def decode_html(data: bytes | str, content_type: str | None = None) -> str:
    """Decode a page's bytes to text (str input is returned unchanged)."""
    global _last_utf8
    _last_utf8 = None
    if isinstance(data, str):
        return data
    try:
        encoding, skip = sniff_encoding(bytes(data), content_type)
        raw = bytes(data)[skip:]
        if encoding == "utf-8":
            try:
                text = raw.decode("utf-8")  # strict: valid UTF-8 is the usual case
            except UnicodeDecodeError:
                return raw.decode("utf-8", errors="replace")
            _last_utf8 = (text, raw)
            return text
        return raw.decode(encoding, errors="replace")
    except Exception:  # a codec misbehaving on odd input must not reach the user
        return bytes(data).decode("utf-8", errors="replace")


def utf8_source(text: str) -> bytes | None:
    """The UTF-8 bytes `text` is exactly the decoding of, when it is the very text decode_html returned
    last (the same object); else None. Handed out once: the bytes are not kept alive after."""
    global _last_utf8
    last = _last_utf8
    _last_utf8 = None
    return last[1] if last is not None and last[0] is text else None
