"""needs_js: application shells are flagged with a reason; server-rendered pages, short static pages and
CAPTCHA pages are not. Fixtures: tests/fixtures/needs_js/*.html."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browsy_engine import parse
from browsy_engine.model import SpatialDom
from browsy_engine.tools.views import page_info

FIXTURES = Path(__file__).parent / "fixtures" / "needs_js"
INTELLIGENCE = Path(__file__).parent / "fixtures" / "intelligence"

SHELLS = {
    "cra-shell.html": 'noscript says "You need to enable JavaScript to run this app."',
    "angular-shell.html": "application root <app-root> is empty",
    "vue-shell.html": "application root <div id=app> is empty",
    "inline-script-shell.html": "characters of script",
    "bundle-shell.html": "almost no text (8 characters) and 3 script bundles",
}


@pytest.mark.parametrize("name", sorted(SHELLS))
def test_application_shells_are_flagged_with_their_reason(name: str) -> None:
    dom = parse((FIXTURES / name).read_bytes(), url="http://127.0.0.1/app")
    assert dom.needs_js
    assert SHELLS[name] in (dom.needs_js_reason or "")


@pytest.mark.parametrize(
    "path",
    [
        FIXTURES / "next-ssr.html",
        FIXTURES / "short-static.html",
        INTELLIGENCE / "cloudflare-challenge.html",
        INTELLIGENCE / "article.html",
    ],
)
def test_pages_with_their_content_in_the_html_are_not_flagged(path: Path) -> None:
    dom = parse(path.read_bytes(), url="http://127.0.0.1/page")
    assert not dom.needs_js
    assert dom.needs_js_reason is None


def test_the_flag_reaches_json_compact_and_page_info_and_survives_a_round_trip() -> None:
    dom = parse((FIXTURES / "cra-shell.html").read_bytes(), url="http://127.0.0.1/app")
    data = json.loads(dom.to_json())
    assert data["needs_js"] is True and "enable JavaScript" in data["needs_js_reason"]
    assert "rendered" not in data
    header = dom.to_compact(header=True).split("---")[0]
    assert "needs_js: its noscript says" in header
    info = page_info(dom)
    assert (info["needs_js"], info["rendered"]) == (True, False)
    again = SpatialDom.from_dict(data)
    assert again.needs_js_reason == dom.needs_js_reason


def test_a_page_without_the_flag_keeps_the_seed_json_shape() -> None:
    dom = parse((FIXTURES / "next-ssr.html").read_bytes())
    data = json.loads(dom.to_json())
    assert "needs_js" not in data and "needs_js_reason" not in data
    assert page_info(dom)["needs_js"] is False
