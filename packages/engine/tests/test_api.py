"""The public API's shape: parse() returns a SpatialDom whose JSON has the seed's keys."""

import json

from browsy_engine import SpatialDom, parse


def test_parse_returns_spatial_dom_with_title_and_viewport() -> None:
    dom = parse("<html><head><title> Hello  world </title></head><body><p>Hi</p></body></html>", 1280, 720)
    assert isinstance(dom, SpatialDom)
    assert dom.title == "Hello world"
    data = json.loads(dom.to_json())
    assert data["vp"] == [1280.0, 720.0]
    assert data["scroll"] == [0.0, 0.0]
    assert "page_type" not in data or data["page_type"] != "Other"


def test_bytes_input_is_accepted() -> None:
    dom = parse(b"<title>x</title>\xff\xfe bad bytes")
    assert dom.title == "x"
