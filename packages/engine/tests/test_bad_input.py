"""Hostile and broken input: parse always returns a valid Spatial DOM — no exception, no recursion
error, no hang (pytest-timeout bounds each test; no timing is asserted)."""

from __future__ import annotations

import json

import pytest
from browsy_engine import SpatialDom, SpatialElement, parse


def assert_valid(dom: SpatialDom) -> None:
    assert isinstance(dom, SpatialDom)
    assert [e.id for e in dom.els] == list(range(1, len(dom.els) + 1))
    assert all(e.b[2] >= 0 and e.b[3] >= 0 for e in dom.els)
    json.loads(dom.to_json())
    dom.to_compact(header=True)


def test_200000_nested_divs() -> None:
    dom = parse("<div>" * 200_000 + "<a href='/deep'>deep link</a>" + "</div>" * 200_000)
    assert_valid(dom)
    assert [e.text for e in dom.els if e.tag == "a"] == ["deep link"]


def test_five_megabyte_page() -> None:
    rows = "".join(
        f"<div class='row r{i % 40}'><p>Paragraph {i} of text</p><a href='/l{i}'>link {i}</a></div>"
        for i in range(60_000)
    )
    html = f"<html><head><title>Big</title></head><body>{rows}</body></html>"
    assert len(html) > 5_000_000
    dom = parse(html)
    assert_valid(dom)
    assert sum(e.tag == "a" for e in dom.els) == 60_000


def test_ten_thousand_css_rules_and_pathological_selectors() -> None:
    rules = "".join(
        f".c{i} > div:nth-child({i}n+1) ~ p:not(.x) {{ margin: {i % 50}px }}" for i in range(10_000)
    )
    nasty = (
        "*:not(*:not(*:not(*))) {color:red} :is(:is(:is(div))) p {x:y} div:has(> p:has(+ a)) {display:none}"
        " [a*=''] {} ::before::after {} a[href$=\"\\\"] {} :nth-child(99999999999999999999n) {} "
        + "div " * 500
        + "{}"
    )
    html = (
        f"<style>{rules}{nasty}</style>"
        + "<div class='c7'><div>x</div><p>Para</p><a href='/y'>y</a></div>" * 50
    )
    dom = parse(html)
    assert_valid(dom)
    assert sum(e.tag == "a" for e in dom.els) == 50


@pytest.mark.parametrize(
    "data",
    [
        b"\xff\xfe\xfa<p>\x80\x81 broken \xc3\x28 utf-8</p>",
        b"<p>nul\x00byte</p><a href='/\x00x'>l\x00ink</a>",
        "<p>lone surrogate \ud800 here</p>".encode("utf-8", "surrogatepass"),
        b"",
        b"\x00" * 1000,
    ],
    ids=["invalid-utf8", "nul-bytes", "surrogate", "empty", "only-nuls"],
)
def test_bad_bytes(data: bytes) -> None:
    assert_valid(parse(data))


def test_lone_surrogates_in_text_input_still_give_utf8_output() -> None:
    dom = parse("<title>\udc80</title><p>\ud800 text</p><a href='/\udfff'>x</a>")
    assert_valid(dom)
    dom.to_json().encode("utf-8")
    dom.to_compact(header=True).encode("utf-8")
    # Elements built by hand (sessions, SDKs) may carry them too: outputs replace them.
    made = SpatialDom(title="\udc80", els=[SpatialElement(id=1, tag="p", text="\ud800 text")])
    assert '"\ufffd text"' in made.to_json() and '"\ufffd text"' in made.to_compact()
    made.to_compact(header=True).encode("utf-8")


@pytest.mark.parametrize(
    "html",
    [
        "<div><p><a href='/x'>unclosed <b>tags <table><tr><td>cell <select><option>o",
        "<html><body><body><html><head><title>late</title></head><p>text",
        "</p></div></a></table>stray closers",
        "<a href='/1'><a href='/2'><button><button>nested interactive</a></a>",
        "<input type=checkbox checked=checked checked><select multiple size=-5><option selected>",
        "<label for=a><label for=a><input id=a><input id=a>",
        "<details open><details><summary><summary>x</details>",
        "<svg><foreignObject><p>inside svg</p></foreignObject><a href='/s'>s</a></svg>",
        "<a href='http://[::1'>bad ipv6</a><a href='http://%%%'>percent</a><base href='::::'>",
        "<p style='width:-100px;height:-5px;margin:-99999px'>negative</p>",
        "<div style='position:absolute;left:1e308px;top:-1e308px;width:1e308px'>huge</div>",
        "<img width=-1 height=99999999999999999999 alt=x>",
        "<" * 10_000,
    ],
)
def test_malformed_markup(html: str) -> None:
    assert_valid(parse(html))


def test_bad_viewports_and_urls() -> None:
    for width, height in ((0, 0), (1, 1), (100_000, 100_000)):
        assert_valid(parse("<p>x</p><button>b</button>", width, height))
    assert_valid(parse("<a href='x'>x</a>", url="not a url"))
    assert_valid(parse("<a href='x'>x</a>", url="http://[bad"))


def test_deeply_nested_interactive_and_labels_stay_bounded() -> None:
    assert_valid(parse("<span role=button>" * 20_000 + "x"))
    assert_valid(parse("<label>" * 20_000 + "x"))
    assert_valid(parse("<b>" * 50_000 + "x"))
    many_deep_fields = parse("<div>" * 3_000 + "<label>Name<input name=a></label>" * 3_000)
    assert_valid(many_deep_fields)
    assert {e.label for e in many_deep_fields.els if e.tag == "input"} == {"Name"}
