"""A page held by a session (parsed Spatial DOM, form state, how it arrived), and the light reference
older history entries shrink to (URL, title and form state, without the parsed page)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import SpatialDom
from .form_state import FormState
from .stylesheets import StylesheetReport


@dataclass(slots=True)
class PageSource:
    """What the page was parsed from: the decoded document and the text of its external stylesheets.
    Parsing is deterministic, so the same source (and viewport) gives the same page and the same ids;
    a shared session store keeps this instead of the parsed page (snapshot.py)."""

    html: str
    extra_css: list[str]
    content_type: str


@dataclass(slots=True)
class Toggle:
    """A show/hide/toggle behaviour applied to the page (visibility.apply_visibility), kept to replay it."""

    action: str
    target_ids: list[int]


@dataclass(slots=True)
class Page:
    dom: SpatialDom
    form: FormState = field(default_factory=FormState)
    status: int = 200
    content_type: str = "text/html"
    redirects: list[str] = field(default_factory=list)
    stylesheets: StylesheetReport | None = None
    http_version: str = "HTTP/1.1"
    source: PageSource | None = None
    toggles: list[Toggle] = field(default_factory=list)


@dataclass(slots=True)
class PageRef:
    """A history entry without its parsed page: `back()` parses its `source` again when it has one (a
    session restored from a shared store), else loads the URL again and, when the page still has the same
    structure (`node_count`), puts the form state back."""

    url: str
    title: str
    form: FormState
    node_count: int
    source: PageSource | None = None

    @classmethod
    def of(cls, page: Page, keep_source: bool = False) -> PageRef:
        doc = page.dom.document
        nodes = len(doc.nodes) if doc is not None else -1
        return cls(page.dom.url, page.dom.title, page.form, nodes, page.source if keep_source else None)
