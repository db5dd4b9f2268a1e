"""Decoding bytes like a browser: BOM, HTTP charset, meta charset, fallback; never raises."""

from __future__ import annotations

import pytest
from browsy_engine.dom import build_document, decode_html


@pytest.mark.parametrize(
    ("data", "content_type", "expected"),
    [
        ("<p>café".encode(), None, "<p>café"),
        (b"\xef\xbb\xbf<p>caf\xc3\xa9", None, "<p>café"),
        (b"<p>caf\xe9", "text/html; charset=ISO-8859-1", "<p>café"),
        (b"<p>caf\xe9", 'text/html; charset="windows-1252"', "<p>café"),
        (b"<meta charset='latin1'><p>caf\xe9", None, "<meta charset='latin1'><p>café"),
        (
            b'<meta http-equiv="Content-Type" content="text/html; charset=koi8-r"><p>\xc1',
            None,
            '<meta http-equiv="Content-Type" content="text/html; charset=koi8-r"><p>а',
        ),
        (
            b"<meta name=description content='charset=koi8-r'><p>\xc3\xa9",
            None,
            "<meta name=description content='charset=koi8-r'><p>é",
        ),
        (b"<meta charset=utf-16><p>\xc3\xa9", None, "<meta charset=utf-16><p>é"),
        (b"<meta charset=bogus-enc><p>\xc3\xa9", None, "<meta charset=bogus-enc><p>é"),
        (b"<p>\xff\xfe\xfa", None, "<p>\ufffd\ufffd\ufffd"),
        (b"<p>x", "text/html; charset=nonsense", "<p>x"),
        (b"", None, ""),
    ],
)
def test_decoding(data: bytes, content_type: str | None, expected: str) -> None:
    assert decode_html(data, content_type) == expected


def test_utf16_bom() -> None:
    assert decode_html(b"\xff\xfe" + "<p>é".encode("utf-16-le")) == "<p>é"
    assert decode_html(b"\xfe\xff" + "<p>é".encode("utf-16-be")) == "<p>é"


def test_header_beats_meta_and_bom_beats_header() -> None:
    data = b"<meta charset=koi8-r><p>\xe9"
    assert decode_html(data, "text/html; charset=windows-1252").endswith("é")
    assert decode_html(b"\xef\xbb\xbf\xc3\xa9", "text/html; charset=windows-1252") == "é"


def test_meta_after_1024_bytes_is_ignored() -> None:
    data = b"<!--" + b"x" * 1100 + b"--><meta charset=windows-1252><p>\xe9"
    assert decode_html(data).endswith("\ufffd")


def test_strings_pass_through() -> None:
    assert decode_html("<p>é</p>", "text/html; charset=latin1") == "<p>é</p>"


def test_nul_bytes_and_invalid_utf8_parse() -> None:
    text = decode_html(b"<p id=a>\x00a\xff\xfe</p><div \x00 id=b>\x00</div>")
    doc = build_document(text)
    assert doc.select("#a") and doc.select("p")
