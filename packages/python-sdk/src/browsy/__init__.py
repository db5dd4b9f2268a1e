"""browsy for Python: a zero-render browser for AI agents.

    from browsy import Browser
    browser = Browser()                                   # the engine in-process
    browser = Browser(server="http://127.0.0.1:3847")     # or a `browsy serve` server
    page = browser.goto("https://example.com")
    page.page_type(), page.suggested_actions(), page.to_compact()

Framework tools: `browsy.langchain`, `browsy.crewai`, `browsy.openai`, `browsy.autogen`, `browsy.smolagents`
(install the matching extra, e.g. `pip install browsy-ai[langchain]`).

Importing `browsy` loads no engine and no network code; they load on first use.
"""

from __future__ import annotations

from .element import Element

TYPE_CHECKING = False  # `typing` itself is not imported: `import browsy` stays cheap
if TYPE_CHECKING:
    from typing import Any

    from .async_browser import AsyncBrowser
    from .browser import Browser, Session
    from .errors import *  # noqa: F403
    from .page import Page

__version__ = "0.1.0"

# The errors module's __all__, spelled out so that `import browsy` loads no engine (a test checks it).
_ERROR_NAMES = (
    "ActionError",
    "BlockedUrl",
    "BrowsyError",
    "HttpError",
    "InvalidArguments",
    "InvalidUrl",
    "Network",
    "NoPage",
    "PageError",
    "RenderUnavailable",
    "RemoteError",
    "ResponseTooLarge",
)
_LAZY = {
    "Browser": "browser",
    "Session": "browser",  # the seed's installation example spells it `browsy.Session()`
    "AsyncBrowser": "async_browser",
    "Page": "page",
    **dict.fromkeys(_ERROR_NAMES, "errors"),
}

__all__ = ["AsyncBrowser", "Browser", "Element", "Page", "Session", "parse", *_ERROR_NAMES]


def parse(
    html: str | bytes, viewport_width: float = 1920.0, viewport_height: float = 1080.0, url: str = ""
) -> Page:
    """Parse HTML into a Page without a session (no network): `browsy.parse(html, 1920.0, 1080.0)`."""
    from browsy_engine.pipeline import parse as engine_parse

    from .page import Page

    return Page.from_dom(engine_parse(html, viewport_width, viewport_height, url or None))


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'browsy' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
