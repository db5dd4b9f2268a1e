"""The backend contract: run one registry tool, load local HTML, close."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..page import Page


@dataclass(frozen=True, slots=True)
class ToolOutput:
    """What one tool call produced: the text a model reads, the HTTP-style status and the JSON value."""

    content: str
    status: int = 200
    data: Any = None
    code: str | None = None  # an error's machine-readable code (browsy_engine.session.errors)

    @property
    def is_error(self) -> bool:
        return self.status >= 400

    @classmethod
    def from_text(cls, content: str, status: int, is_json: bool) -> ToolOutput:
        data = None
        if status >= 400:
            return cls(content=content, status=status, code=None)
        if is_json:
            try:
                data = json.loads(content)
            except ValueError:
                data = None
        return cls(content=content, status=status, data=data)


class Backend(Protocol):
    async def call(self, name: str, arguments: dict[str, Any]) -> ToolOutput:
        """Run registry tool `name`; failures come back as an output with status >= 400, never raised."""
        ...

    async def load_html(self, html: str, url: str) -> ToolOutput:
        """Make `html` the current page (as if fetched from `url`); answers like get_page in json format."""
        ...

    async def page(self, data: dict[str, Any]) -> Page:
        """The Page for a page JSON this backend just answered (it is the session's current page)."""
        ...

    async def close(self) -> None: ...
