"""Forms with every control kind (GET, POST, multipart) and an /echo endpoint showing what arrived.

/echo answers with a page holding `<pre id="echo">` — JSON of the method, content type, query pairs,
form pairs and file parts in the order received — and the same pairs as a table.
"""

from __future__ import annotations

import json
from html import escape

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import Response

from .markup import layout, table

VARIANTS = {
    "get": ('method="get"', "GET form"),
    "post": ('method="post"', "POST form"),
    "multipart": ('method="post" enctype="multipart/form-data"', "Multipart form"),
}


def _all_controls(attrs: str) -> str:
    return f"""<form id="main-form" action="/echo" {attrs}>
  <input type="hidden" name="csrf" value="tok123">
  <label for="f-text">Name</label><input id="f-text" name="name" value="Ada">
  <label for="f-email">Email</label><input id="f-email" type="email" name="email">
  <label for="f-pass">Password</label><input id="f-pass" type="password" name="password">
  <label for="f-search">Search</label><input id="f-search" type="search" name="q">
  <label for="f-tel">Phone</label><input id="f-tel" type="tel" name="phone">
  <label for="f-url">Website</label><input id="f-url" type="url" name="site">
  <label for="f-num">Quantity</label><input id="f-num" type="number" name="qty" value="1">
  <label for="f-range">Volume</label><input id="f-range" type="range" name="volume" value="5" min="0" max="10">
  <label for="f-date">Date</label><input id="f-date" type="date" name="date" value="2026-11-22">
  <label for="f-color">Colour</label><input id="f-color" type="color" name="color" value="#ff0000">
  <label><input type="checkbox" name="news" value="yes" checked> Newsletter</label>
  <label><input type="checkbox" name="terms"> Accept terms</label>
  <fieldset><legend>Size</legend>
    <label><input type="radio" name="size" value="s"> Small</label>
    <label><input type="radio" name="size" value="m" checked> Medium</label>
    <label><input type="radio" name="size" value="l"> Large</label>
  </fieldset>
  <label for="f-country">Country</label>
  <select id="f-country" name="country">
    <option value="">Choose…</option>
    <option value="de">Germany</option>
    <option value="fr" selected>France</option>
    <optgroup label="Far"><option value="jp">Japan</option><option value="nz" disabled>New Zealand</option></optgroup>
  </select>
  <label for="f-langs">Languages</label>
  <select id="f-langs" name="langs" multiple>
    <option value="en" selected>English</option><option value="de">German</option><option value="fr">French</option>
  </select>
  <label for="f-bio">Bio</label><textarea id="f-bio" name="bio">Hello
world</textarea>
  <label for="f-file">Attachment</label><input id="f-file" type="file" name="attachment">
  <input type="text" name="disabled_field" value="nope" disabled>
  <input type="text" name="readonly_field" value="fixed" readonly>
  <fieldset disabled><input type="text" name="in_disabled_fieldset" value="nope"></fieldset>
  <input type="text" value="unnamed">
  <input type="reset" value="Reset">
  <input type="button" value="Plain button" name="plain">
  <button type="submit" name="action" value="save">Save</button>
  <button type="submit" name="action" value="publish" formaction="/echo?via=publish" formmethod="post">Publish</button>
  <input type="image" name="pic" alt="Submit as image" src="/static/pixel.png">
</form>
<label for="f-outside">Outside field</label>
<input id="f-outside" form="main-form" name="outside" value="outer">
<datalist id="dl"><option value="x"></option></datalist>"""


async def form_page(request: Request) -> Response:
    variant = request.path_params["variant"]
    attrs, title = VARIANTS.get(variant, VARIANTS["get"])
    return layout(title, f"<h1>{title}</h1>\n{_all_controls(attrs)}")


async def search_form(request: Request) -> Response:
    """A small GET form with a single field, for Enter-style (implicit) submission."""
    return layout(
        "Site search",
        '<h1>Site search</h1><form action="/echo" role="search"><input type="search" name="q" '
        'aria-label="Search the site"></form>',
    )


async def echo(request: Request) -> Response:
    content_type = request.headers.get("content-type", "")
    form_pairs: list[list[str]] = []
    files: list[list[object]] = []
    raw = ""
    if request.method == "POST":
        if content_type.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
            form = await request.form()
            for name, value in form.multi_items():
                if isinstance(value, UploadFile):
                    data = await value.read()
                    files.append([name, value.filename or "", len(data)])
                else:
                    form_pairs.append([name, value])
        else:
            raw = (await request.body()).decode("utf-8", errors="replace")
    data = {
        "method": request.method,
        "content_type": content_type,
        "query": [[k, v] for k, v in request.query_params.multi_items()],
        "form": form_pairs,
        "files": files,
        "raw": raw,
        "referer": request.headers.get("referer", ""),
        "x_team": request.headers.get("x-team", ""),
    }
    body = f'<h1>Received</h1><pre id="echo">{escape(json.dumps(data))}</pre>' + table(
        "Fields", ["Name", "Value"], [[k, v] for k, v in data["query"] + form_pairs], "fields"
    )
    return layout("Echo", body)
