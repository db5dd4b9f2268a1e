"""Web search: the result-page parsers against saved pages in each engine's markup, and search /
search_and_read end to end against the fixture site's fake engines (the live web is never contacted)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from browsy_engine.session import ActionError, AsyncSession, SearchEngine, SessionConfig
from browsy_engine.session.search import (
    decode_duckduckgo_href,
    decode_google_href,
    parse_duckduckgo,
    parse_google,
    search_url,
)

SAVED = Path(__file__).parent / "fixtures" / "session"


def saved(name: str) -> str:
    return (SAVED / name).read_text(encoding="utf-8")


def test_duckduckgo_results_skip_ads_and_decode_uddg():
    results = parse_duckduckgo(saved("duckduckgo.html"))
    assert [r.url for r in results] == [
        "https://www.rust-lang.org/",
        "https://en.wikipedia.org/wiki/Rust_(programming_language)",
        "https://doc.rust-lang.org/book/?search=a&b=c",
    ]
    assert results[0].title == "Rust Programming Language"
    assert results[0].snippet == "A language empowering everyone to build reliable and efficient software ."
    assert results[1].snippet.startswith("Rust is a general-purpose programming language")


def test_google_results_from_rso_with_h3_and_url_decoding():
    results = parse_google(saved("google.html"))
    assert [(r.title, r.url) for r in results] == [
        (
            "GitHub - example/browsy: Zero-render browser engine for AI agents",
            "https://github.com/example/browsy",
        ),
        ("browsy-ai · PyPI", "https://pypi.org/project/browsy-ai/"),
        ("browsy 1.0 released", "https://news.example.org/2026/browsy-released?ref=a%20b&x=1"),
    ]
    assert results[0].snippet == "A zero-render browser engine: HTML to a Spatial DOM for agents."
    assert results[2].snippet.endswith("The release brings sessions and search.")


def test_google_basic_html_results():
    results = parse_google(saved("google_basic.html"))
    assert [(r.title, r.url, r.snippet) for r in results] == [
        (
            "browsy documentation",
            "https://www.example.com/browsy/docs",
            "The browsy manual: Spatial DOM, sessions and search.",
        ),
        (
            "Agents without browsers",
            "https://blog.example.net/agents-without-browsers?x=1",
            "Why zero-render engines matter.",
        ),
    ]


@pytest.mark.parametrize(
    ("href", "expected"),
    [
        ("//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc&rut=x", "https://example.com/a?b=c"),
        ("https://example.org/direct", "https://example.org/direct"),
        ("/l/?uddg=http%3A%2F%2Fexample.net%2F", "http://example.net/"),
    ],
)
def test_duckduckgo_href_decoding(href, expected):
    assert decode_duckduckgo_href(href) == expected


@pytest.mark.parametrize(
    ("href", "expected"),
    [
        ("/url?q=https://example.com/x%3Fy%3D1&sa=U", "https://example.com/x?y=1"),
        ("https://www.google.com/url?q=https://a.example/&sa=t", "https://a.example/"),
        ("/search?q=other", None),
        ("https://maps.google.com/maps?q=x", "https://maps.google.com/maps?q=x"),
        ("https://www.google.com/preferences", None),
        ("/url?q=javascript:alert(1)", None),
    ],
)
def test_google_href_decoding(href, expected):
    assert decode_google_href(href) == expected


def test_search_urls_and_engine_names():
    endpoints = SessionConfig().search_endpoints
    assert (
        search_url(SearchEngine.DUCKDUCKGO, "a b&c", endpoints)
        == "https://html.duckduckgo.com/html/?q=a+b%26c"
    )
    assert search_url(SearchEngine.parse("Google"), "x", endpoints).startswith(
        "https://www.google.com/search?q=x"
    )
    assert SearchEngine.parse("ddg") is SearchEngine.DUCKDUCKGO
    with pytest.raises(ActionError, match="duckduckgo"):
        SearchEngine.parse("altavista")


# ---- end to end against the fixture site -----------------------------------------------------------
def session_config(fixture_site: str, fixture_host: str) -> SessionConfig:
    return SessionConfig(
        allowed_hosts=[fixture_host],
        search_endpoints={
            "duckduckgo": fixture_site + "/search/duckduckgo",
            "google": fixture_site + "/search/google",
        },
    )


@pytest.mark.parametrize("engine", ["duckduckgo", "google"])
def test_search_with_each_engine(fixture_site, fixture_host, engine):
    async def scenario():
        async with AsyncSession(session_config(fixture_site, fixture_host)) as s:
            return await s.search_with("spatial dom", engine), s.url()

    results, url = asyncio.run(scenario())
    assert [r.url for r in results] == [
        fixture_site + "/articles/1",
        fixture_site + "/articles/2",
        fixture_site + "/status/500",
        fixture_site + "/articles/3",
    ]
    assert results[0].title == "Article 1 about spatial dom"
    assert url is None  # searching does not navigate


def test_search_and_read_fetches_top_results_and_reports_failures(fixture_site, fixture_host):
    async def scenario():
        async with AsyncSession(session_config(fixture_site, fixture_host)) as s:
            return await s.search_and_read("browsing", 3)

    pages = asyncio.run(scenario())
    assert [p.result.url.rsplit("/", 2)[-2:] for p in pages] == [
        ["articles", "1"],
        ["articles", "2"],
        ["status", "500"],
    ]
    assert pages[0].dom is not None and pages[0].dom.title == "Article 1"
    assert pages[1].dom is not None and pages[1].dom.title == "Article 2"
    assert pages[2].dom is None and "HTTP 500" in pages[2].error
    assert pages[2].to_dict() == {"result": pages[2].result.to_dict(), "dom": None, "error": pages[2].error}
    assert pages[0].to_dict()["dom"]["title"] == "Article 1"


def test_empty_query_is_refused(fixture_site, fixture_host):
    async def scenario():
        async with AsyncSession(session_config(fixture_site, fixture_host)) as s:
            with pytest.raises(ActionError, match="empty"):
                await s.search("   ")

    asyncio.run(scenario())
