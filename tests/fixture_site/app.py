"""The fixture web site: an ASGI app (Starlette) that browsy's tests browse over real HTTP.

`create_app()` builds a fresh site (its own login state). Routes and credentials: README.md.
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import auth, content, forms_pages, frames, network, spa

STATIC_DIR = Path(__file__).parent / "static"
BOTH = ["GET", "POST"]


def routes() -> list[Route | Mount]:
    return [
        Route("/", content.index),
        Route("/cookies/{choice:str}", content.consent, methods=["POST"]),
        Route("/login", auth.login, methods=BOTH),
        Route("/2fa", auth.two_factor, methods=BOTH),
        Route("/email", auth.email),
        Route("/dashboard", auth.dashboard),
        Route("/logout", auth.logout),
        Route("/forms/{variant:str}", forms_pages.form_page),
        Route("/site-search", forms_pages.search_form),
        Route("/echo", forms_pages.echo, methods=BOTH),
        Route("/styled", content.styled),
        Route("/tricks", content.tricks),
        Route("/styled/heavy", content.styled_heavy),
        Route("/behaviors", content.behaviors),
        Route("/mailto", content.not_followed),
        Route("/list", content.listing),
        Route("/articles/{n:int}", content.article),
        Route("/shop", content.shop),
        Route("/big", content.big),
        Route("/cookies", content.cookies),
        Route("/redirect/loop", network.redirect_loop),
        Route("/redirect/meta", network.meta_refresh),
        Route("/redirect/meta-offsite", network.meta_refresh_offsite),
        Route("/redirect/refresh-header", network.refresh_header),
        Route("/redirect/to", network.redirect_to),
        Route("/redirect/offsite/{where:str}", network.redirect_offsite),
        Route("/redirect/{n:int}", network.redirect_chain),
        Route("/endless", network.endless),
        Route("/trickle", network.trickle),
        Route("/huge", network.huge),
        Route("/slow", network.slow),
        Route("/status/{code:int}", network.status),
        Route("/files/report.pdf", network.pdf),
        Route("/api/data.json", network.json_data),
        Route("/static/pixel.png", network.pixel),
        Route("/static/huge.css", network.huge_css),
        Route("/static/slow.css", network.slow_css),
        Route("/slow-styles", network.slow_css_page),
        Route("/bomb", network.bomb),
        Route("/charset/latin1", network.latin1),
        Route("/charset/meta", network.meta_charset),
        Route("/brotli", network.brotli_page),
        Route("/search/duckduckgo", network.search_duckduckgo, methods=BOTH),
        Route("/search/google", network.search_google),
        Route("/frames", frames.page),
        Route("/frames/inner", frames.inner),
        Route("/frames/forms", frames.forms_page),
        Route("/frames/many", frames.many),
        Route("/frames/pay/form", frames.pay_form),
        Route("/frames/pay/echo", forms_pages.echo, methods=BOTH),
        Route("/spa", spa.shell),
        Route("/spa/items.json", spa.items),
        Route("/spa/spin", spa.spin),
        Mount("/static", StaticFiles(directory=STATIC_DIR)),
    ]


def create_app() -> Starlette:
    app = Starlette(routes=routes(), middleware=[Middleware(GZipMiddleware, minimum_size=1024)])
    app.state.auth = auth.AuthState()
    app.state.big_pages = {}
    return app
