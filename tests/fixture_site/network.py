"""Network behaviours: redirects (chains, loops, to private addresses and other schemes), endless,
huge and slow responses, error statuses, non-HTML types, charsets, brotli, and fake search engines."""

from __future__ import annotations

import asyncio
import base64
import gzip
import zlib
from functools import lru_cache
from html import escape
from urllib.parse import quote

import brotli
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response, StreamingResponse

from .markup import layout

CHUNK = b"<p>" + b"x" * 16378 + b"</p>\n"  # 16 KiB
HUGE_BYTES = 8 * 1024 * 1024
PIXEL_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)
OFFSITE_TARGETS = {
    "private": "http://192.168.1.1/admin",
    "metadata": "http://169.254.169.254/latest/meta-data/",
    "loopback-name": "http://localhost/",
    "file": "file:///etc/passwd",
}


async def redirect_chain(request: Request) -> Response:
    n = request.path_params["n"]
    target = "/articles/1" if n <= 0 else f"/redirect/{n - 1}"
    return RedirectResponse(target, status_code=302)


async def meta_refresh(request: Request) -> Response:
    return layout(
        "Moved",
        "<p>This page has moved.</p>",
        head='<meta http-equiv="refresh" content="0; url=/articles/5">',
    )


async def refresh_header(request: Request) -> Response:
    response = layout("Moving", "<p>Moving on…</p>")
    response.headers["refresh"] = "1; url=/articles/6"
    return response


async def meta_refresh_offsite(request: Request) -> Response:
    """A page that refreshes to a private address: the page itself should still be shown."""
    return layout(
        "Refreshing",
        "<h1>Refreshing</h1><p>Taking you to the router.</p>",
        head=f'<meta http-equiv="refresh" content="0; url={OFFSITE_TARGETS["private"]}">',
    )


async def redirect_loop(request: Request) -> Response:
    return RedirectResponse("/redirect/loop", status_code=302)


async def redirect_offsite(request: Request) -> Response:
    target = OFFSITE_TARGETS.get(request.path_params["where"], OFFSITE_TARGETS["private"])
    return RedirectResponse(target, status_code=302)


async def redirect_to(request: Request) -> Response:
    return RedirectResponse(
        request.query_params.get("url", "/"), status_code=int(request.query_params.get("status", "302"))
    )


async def endless(request: Request) -> Response:
    async def forever():
        yield b"<!doctype html><html><body>"
        while True:
            yield CHUNK
            await asyncio.sleep(0)

    return StreamingResponse(forever(), media_type="text/html")


async def trickle(request: Request) -> Response:
    """Never finishes: a few bytes every 0.2 s, forever (only a total timeout ends it)."""

    async def slowly():
        yield b"<!doctype html><html><body>"
        while True:
            await asyncio.sleep(0.2)
            yield b"<p>.</p>"

    return StreamingResponse(slowly(), media_type="text/html")


async def huge(request: Request) -> Response:
    """8 MiB, with Content-Length (declared) or chunked (?chunked=1)."""

    async def body():
        sent = 0
        while sent < HUGE_BYTES:
            yield CHUNK
            sent += len(CHUNK)

    headers = {} if request.query_params.get("chunked") else {"content-length": str(HUGE_BYTES)}
    return StreamingResponse(body(), media_type="text/html", headers=headers)


async def slow(request: Request) -> Response:
    try:
        delay = min(30.0, float(request.query_params.get("delay", "3")))
    except ValueError:
        delay = 3.0
    await asyncio.sleep(delay)
    return layout("Slow page", f"<h1>Slow page</h1><p>Answered after {delay:g} s.</p>")


async def status(request: Request) -> Response:
    code = request.path_params["code"]
    return layout(f"Status {code}", f"<h1>Status {code}</h1>", status=code)


async def pdf(request: Request) -> Response:
    return Response(
        b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", media_type="application/pdf"
    )


async def json_data(request: Request) -> Response:
    return Response(b'{"items": [1, 2, 3], "name": "fixture <data>"}', media_type="application/json")


async def pixel(request: Request) -> Response:
    return Response(PIXEL_PNG, media_type="image/png")


async def latin1(request: Request) -> Response:
    html = "<!doctype html><title>Latin-1</title><p>Café crème brûlée</p>"
    return Response(html.encode("iso-8859-1"), media_type="text/html; charset=iso-8859-1")


async def meta_charset(request: Request) -> Response:
    html = '<!doctype html><meta charset="windows-1252"><title>Meta charset</title><p>Café “quoted”</p>'
    return Response(html.encode("windows-1252"), headers={"content-type": "text/html"})


async def brotli_page(request: Request) -> Response:
    html = layout("Brotli page", "<h1>Compressed with brotli</h1>" + "<p>repeat</p>" * 200).body
    return Response(
        brotli.compress(html), headers={"content-type": "text/html; charset=utf-8", "content-encoding": "br"}
    )


BOMB_BYTES = 64 * 1024 * 1024


@lru_cache(maxsize=4)
def _bomb(coding: str) -> bytes:
    """64 MiB of zeros, compressed to a few hundred kilobytes (or less) with `coding`."""
    zeros = bytes(BOMB_BYTES)
    if coding == "br":
        return brotli.compress(zeros, quality=1)
    if coding == "deflate":
        return zlib.compress(zeros, 9)
    return gzip.compress(zeros, 9, mtime=0)


async def bomb(request: Request) -> Response:
    """A compression bomb: a small body that inflates to 64 MiB (?coding=gzip|deflate|br)."""
    coding = request.query_params.get("coding", "gzip")
    coding = coding if coding in ("gzip", "deflate", "br") else "gzip"
    body = await asyncio.to_thread(_bomb, coding)
    return Response(body, headers={"content-type": "text/html", "content-encoding": coding})


async def slow_css_page(request: Request) -> Response:
    """A page that answers after ?delay= seconds and links a stylesheet that takes as long again."""
    delay = min(5.0, float(request.query_params.get("delay", "0.7")))
    await asyncio.sleep(delay)
    return layout(
        "Slow styles",
        "<h1>Slow styles</h1>",
        head=f'<link rel="stylesheet" href="/static/slow.css?delay={delay}">',
    )


async def slow_css(request: Request) -> Response:
    delay = min(5.0, float(request.query_params.get("delay", "0.7")))
    await asyncio.sleep(delay)
    return PlainTextResponse("h1 { color: red }", media_type="text/css")


async def huge_css(request: Request) -> Response:
    rule = ".filler-%d { color: #%06x; }\n"
    text = "".join(rule % (i, i) for i in range(24000))  # ~700 KB, over the 512 KB per-file limit
    return PlainTextResponse(text, media_type="text/css")


def _results(request: Request) -> list[tuple[str, str, str]]:
    base = str(request.base_url).rstrip("/")
    query = request.query_params.get("q", "")
    return [
        (f"Article 1 about {query}", f"{base}/articles/1", "The first article of the fixture site."),
        (f"Article 2 about {query}", f"{base}/articles/2", "The second article, also about browsing."),
        ("A broken result", f"{base}/status/500", "This page fails to load."),
        (f"Article 3 about {query}", f"{base}/articles/3", "The third article."),
    ]


async def search_duckduckgo(request: Request) -> Response:
    blocks = [
        '<div class="result results_links results_links_deep result--ad"><div class="links_main result__body">'
        '<h2 class="result__title"><a class="result__a" href="https://ads.example/ad">Sponsored</a></h2></div></div>'
    ]
    for title, url, snippet in _results(request):
        link = f"//duckduckgo.com/l/?uddg={quote(url, safe='')}&amp;rut=abc123"
        blocks.append(
            '<div class="result results_links results_links_deep web-result"><div class="links_main links_deep result__body">'
            f'<h2 class="result__title"><a rel="nofollow" class="result__a" href="{link}">{escape(title)}</a></h2>'
            f'<div class="result__extras"><div class="result__extras__url"><a class="result__url" href="{link}">'
            f"{escape(url)}</a></div></div>"
            f'<a class="result__snippet" href="{link}">{escape(snippet)}</a></div></div>'
        )
    return layout("DuckDuckGo", '<div id="links" class="results">' + "".join(blocks) + "</div>")


async def search_google(request: Request) -> Response:
    blocks = []
    for title, url, snippet in _results(request):
        blocks.append(
            f'<div class="g"><div><a href="/url?q={quote(url, safe="")}&amp;sa=U&amp;ved=2ah"><h3>{escape(title)}</h3>'
            f'<cite>{escape(url)}</cite></a></div><div class="VwiC3b">{escape(snippet)}</div></div>'
        )
    return layout("Google Search", '<div id="search"><div id="rso">' + "".join(blocks) + "</div></div>")
