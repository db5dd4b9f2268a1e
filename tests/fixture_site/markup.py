"""HTML helpers of the fixture site: one layout for every page."""

from __future__ import annotations

from html import escape

from starlette.responses import HTMLResponse


def layout(title: str, body: str, *, head: str = "", status: int = 200) -> HTMLResponse:
    page = (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>{head}</head>\n"
        f'<body>\n<nav><a href="/">Home</a></nav>\n<main>\n{body}\n</main>\n</body></html>\n'
    )
    return HTMLResponse(page, status_code=status)


def table(caption: str, headers: list[str], rows: list[list[str]], table_id: str = "") -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    ident = f' id="{escape(table_id)}"' if table_id else ""
    return f"<table{ident}><caption>{escape(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def alert(kind: str, text: str) -> str:
    return f'<div class="alert alert-{kind}" role="alert">{escape(text)}</div>'
