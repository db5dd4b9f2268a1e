"""A page held by a session: its parsed Spatial DOM, its form state and how it arrived."""

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
