"""A single-page app: the HTML is an empty shell, and its script builds the content from a JSON API.

- `/spa`: the shell (`<div id="root">`, a noscript asking for JavaScript, `/static/spa.js`). With
  `?probe=URL`, the script also requests URL (a test points it at an address the SSRF guard refuses).
- `/spa/items.json`: the data the script renders (a heading, links, a search form); it sets a cookie, and
  with a `fx_user` cookie the data holds `user` (the script adds "Signed in as USER"; it also writes
  "Cookie fx_user: USER" when the page's own `document.cookie` has it).
- `/spa/spin`: a shell whose inline script never ends (a rendering must time out, not hang).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

ITEMS = ["Anemometer", "Barometer", "Hygrometer", "Pluviometer", "Thermometer"]

SHELL = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Weather instruments</title>
<script defer src="/static/spa.js"></script></head>
<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>
"""

SPIN = """<!doctype html>
<html><head><title>Spinner</title></head>
<body><div id="app"></div><script>for (;;) {}</script></body></html>
"""


async def shell(request: Request) -> Response:
    return HTMLResponse(SHELL)


async def items(request: Request) -> Response:
    data: dict[str, object] = {"title": "Weather instruments", "items": ITEMS}
    if request.cookies.get("fx_user"):
        data["user"] = request.cookies["fx_user"]
    response = JSONResponse(data)
    response.set_cookie("spa_seen", "1", path="/")
    return response


async def spin(request: Request) -> Response:
    return HTMLResponse(SPIN)
