"""A page held by a session (parsed Spatial DOM, form state, how it arrived), and the light reference
older history entries shrink to (URL, title and form state, without the parsed page)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import SpatialDom
from .form_state import FormState
from .stylesheets import StylesheetReport


@dataclass(slots=True)
class Page:
    dom: SpatialDom
    form: FormState = field(default_factory=FormState)
    status: int = 200
    content_type: str = "text/html"
    redirects: list[str] = field(default_factory=list)
    stylesheets: StylesheetReport | None = None
    http_version: str = "HTTP/1.1"


@dataclass(slots=True)
class PageRef:
    """A history entry without its parsed page: `back()` loads the URL again and, when the page still
    has the same structure (`node_count`), puts the form state back."""

    url: str
    title: str
    form: FormState
    node_count: int

    @classmethod
    def of(cls, page: Page) -> PageRef:
        doc = page.dom.document
        return cls(page.dom.url, page.dom.title, page.form, len(doc.nodes) if doc is not None else -1)
