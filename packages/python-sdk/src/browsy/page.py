"""`Page`: one parsed page (its Spatial DOM) with the seed's Python methods.

A Page holds the page's JSON form — what the engine's `get_page` tool answers in json format, whether it
ran in-process or on a server — so a page reads the same in embedded and remote mode. The intelligence
helpers that need the engine's objects (pagination, codes, compact text) run on the engine's Spatial DOM:
the session's own one in embedded mode, else one rebuilt from the JSON on first use. Tables need the
parsed document's table markup, which only the session that parsed the page has: a remote page brings
the server's `tables` answer along.
"""

from __future__ import annotations

import json
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .element import Element

if TYPE_CHECKING:
    from collections.abc import Iterator

    from browsy_engine.model import SpatialDom


class Page:
    """A parsed page: `page.title`, `page.url`, `page.elements`, `page.get(id)`, `page.page_type()`, …"""

    def __init__(
        self, data: dict[str, Any], dom: SpatialDom | None = None, tables: list[dict[str, Any]] | None = None
    ) -> None:
        self._data = data
        self._tables = tables
        if dom is not None:
            self.__dict__["_dom"] = dom

    @classmethod
    def from_dom(cls, dom: SpatialDom) -> Page:
        """A Page of an engine Spatial DOM (keeps the DOM itself for the intelligence helpers)."""
        return cls(json.loads(dom.to_json()), dom)

    # ---- metadata --------------------------------------------------------------------------------
    @property
    def title(self) -> str:
        return str(self._data.get("title", ""))

    @property
    def url(self) -> str:
        return str(self._data.get("url", ""))

    @property
    def viewport(self) -> tuple[float, float]:
        width, height = (list(self._data.get("vp") or [1920.0, 1080.0]) + [1080.0])[:2]
        return (float(width), float(height))

    def page_type(self) -> str:
        """ "Login", "TwoFactorAuth", "Dashboard", "Article", "Search", "List", "Captcha", … or "Other"."""
        return str(self._data.get("page_type") or "Other")

    def suggested_actions(self) -> list[dict[str, Any]]:
        """The detected action recipes, e.g. {"action": "Login", "username_id": 5, ...}."""
        return [dict(action) for action in self._data.get("suggested_actions") or []]

    def captcha(self) -> dict[str, Any] | None:
        """{"captcha_type": ..., "sitekey": ...} when the page is a CAPTCHA challenge, else None."""
        captcha = self._data.get("captcha")
        return dict(captcha) if captcha else None

    @property
    def needs_js(self) -> bool:
        """The page is an application shell: its content appears only when its scripts run."""
        return bool(self._data.get("needs_js"))

    @property
    def needs_js_reason(self) -> str | None:
        """Why the page was flagged `needs_js` (its noscript, an empty application root, …), else None."""
        reason = self._data.get("needs_js_reason")
        return str(reason) if reason else None

    @property
    def rendered(self) -> bool:
        """The page was loaded in a headless browser that ran its scripts (render fallback)."""
        return bool(self._data.get("rendered"))

    # ---- elements --------------------------------------------------------------------------------
    @cached_property
    def elements(self) -> list[Element]:
        return [Element(el) for el in self._data.get("els") or []]

    @cached_property
    def _by_id(self) -> dict[int, Element]:
        return {el.id: el for el in self.elements}

    def get(self, element_id: int) -> Element | None:
        return self._by_id.get(element_id)

    def visible(self) -> list[Element]:
        """Elements that are not hidden (the engine's `SpatialDom.visible`)."""
        return self._of(self._dom.visible())

    def above_fold(self) -> list[Element]:
        """Elements whose top edge is within the viewport height (the engine's `SpatialDom.above_fold`)."""
        return self._of(self._dom.above_fold())

    def below_fold(self) -> list[Element]:
        return self._of(self._dom.below_fold())

    def _of(self, els: list[Any]) -> list[Element]:
        """This page's Elements for the engine's elements of the same ids, in their order."""
        by_id = self._by_id
        return [by_id[el.id] for el in els if el.id in by_id]

    def alerts(self) -> list[Element]:
        """Elements with an alert_type ("alert", "error", "success", "warning")."""
        return [el for el in self.elements if el.alert_type]

    # ---- extraction (engine helpers on the rebuilt Spatial DOM) ----------------------------------
    def tables(self) -> list[dict[str, Any]]:
        """The page's tables: [{"headers": [...], "rows": [[...], ...]}, ...]."""
        if self._tables is not None:
            return [dict(table) for table in self._tables]
        return [_plain(table) for table in _call(self._dom, "tables", [])]

    def pagination(self) -> dict[str, Any] | None:
        """Next/previous/page links when the page is paginated, else None."""
        return _plain(_call(self._dom, "pagination", None))

    def find_codes(self) -> list[str]:
        """Verification codes shown on the page ("Your code is 847291" → ["847291"])."""
        return list(_call(self._dom, "find_codes", []))

    # ---- output ----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return json.loads(json.dumps(self._data))

    def to_json(self, indent: int | None = None) -> str:
        """The full Spatial DOM as JSON (the engine's serialisation, deterministic)."""
        return self._dom.to_json(indent=indent)

    def to_compact(self) -> str:
        """The compact text form: one `[id:tag "text"]` line per element."""
        return self._dom.to_compact()

    @cached_property
    def _dom(self) -> SpatialDom:
        return _rebuild(self._data)

    # ---- container protocol ----------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._data.get("els") or [])

    def __iter__(self) -> Iterator[Element]:
        return iter(self.elements)

    def __repr__(self) -> str:
        return f'<Page title="{self.title}" url="{self.url}" els={len(self)}>'


def _rebuild(data: dict[str, Any]) -> SpatialDom:
    """The engine's SpatialDom for a page's JSON form (elements via SpatialElement.from_dict)."""
    from browsy_engine.model import SpatialDom

    return SpatialDom.from_dict(data)


def _call(dom: SpatialDom, method: str, default: Any) -> Any:
    fn = getattr(dom, method, None)
    return fn() if callable(fn) else default


def _plain(value: Any) -> Any:
    from browsy_engine.tools.views import plain

    return plain(value)
