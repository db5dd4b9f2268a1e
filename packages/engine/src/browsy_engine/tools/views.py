"""How a page is shown to a caller: scope filtering, compact/JSON rendering, the CAPTCHA warning, page info."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..model import SpatialDom, SpatialElement
from .params import Format, Scope
from .result import ToolError, ToolResult

NO_PAGE = "No page loaded. Call browse with a URL first."


def require_page(dom: SpatialDom | None) -> SpatialDom:
    if dom is None:
        raise ToolError(NO_PAGE, status=404, code="no_page")
    return dom


def scoped(dom: SpatialDom, scope: Scope) -> SpatialDom:
    if scope in ("visible", "visible_above_fold"):
        dom = dom.filter_visible()
    if scope in ("above_fold", "visible_above_fold"):
        dom = dom.filter_above_fold()
    return dom


def captcha_warning(dom: SpatialDom) -> str | None:
    """The line prepended to a compact page when the page is a CAPTCHA (seed: MCP "CAPTCHA warnings")."""
    if dom.page_type != "Captcha" and dom.captcha is None:
        return None
    kind = plain(dom.captcha).get("captcha_type", "Unknown") if dom.captcha is not None else "Unknown"
    return f"CAPTCHA detected ({kind}) -- this page requires human verification to proceed."


def render_page(dom: SpatialDom, format: Format = "compact", scope: Scope = "all", explain: bool = False) -> ToolResult:
    view = scoped(dom, scope)
    if format == "json":
        return ToolResult.json(view.to_dict(explain=explain))
    text = view.to_compact(header=True)
    warning = captcha_warning(dom)
    return ToolResult.text(f"{warning}\n{text}" if warning else text)


def element_dicts(elements: list[SpatialElement]) -> list[dict[str, Any]]:
    return [el.to_dict() for el in elements]


def page_info(dom: SpatialDom) -> dict[str, Any]:
    """Page metadata without the element list (seed: page_info / GET /api/page-info)."""
    info: dict[str, Any] = {
        "title": dom.title,
        "url": dom.url,
        "page_type": dom.page_type,
        "page_confidence": dom.page_confidence,
        "page_reasons": list(dom.page_reasons),
        "suggested_actions": [plain(a) for a in dom.suggested_actions],
        "alerts": [
            {"id": el.id, "type": el.alert_type, "text": el.text or ""} for el in dom.alerts()
        ],
        "pagination": plain(dom.pagination()),
    }
    info["needs_js"] = dom.needs_js
    if dom.needs_js_reason is not None:
        info["needs_js_reason"] = dom.needs_js_reason
    info["rendered"] = dom.rendered
    if dom.captcha is not None:
        info["captcha"] = plain(dom.captcha)
    if dom.notes:
        info["notes"] = list(dom.notes)
    return info


def plain(value: Any) -> Any:
    """A JSON-ready form of an intelligence object (its `to_dict()`, a dataclass, or the value itself)."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value

