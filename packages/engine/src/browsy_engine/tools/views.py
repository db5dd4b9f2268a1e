"""How a page is shown to a caller: scope filtering, compact/JSON rendering, the CAPTCHA warning, page info."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, get_args

from ..model import SpatialDom, SpatialElement
from ..output.compact import UNCUT_TAGS, element_lines, header_lines
from ..output.folding import Fold, Folds, fold_page, silent_kinds
from ..output.json_output import well_formed
from ..output.paging import BadCursor, Cursor, decode_cursor, page_key, take_part
from ..output.selection import VIEWS, select_view, within
from .choices import Format, Scope
from .result import ToolError, ToolResult

SCOPES: tuple[str, ...] = get_args(Scope)

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


def render_page(
    dom: SpatialDom,
    format: Format = "compact",
    scope: Scope = "all",
    explain: bool = False,
    *,
    view: str = "all",
    within_id: int | None = None,
    max_chars: int = 0,
    cursor: str | None = None,
    previous: SpatialDom | None = None,
    expand: int | None = None,
) -> ToolResult:
    """The page as a tool shows it: scope, then `within` (one element's subtree), then the view; cut into
    parts of at most `max_chars` characters (0: no limit) at element boundaries. A `cursor` (from a `more:`
    line) carries the selection it was made for (`expand` included) and opens the next part. In compact
    `all`, folds (output/folding.py: site chrome the same as on `previous`, the session's page before;
    images that repeat their link's name; long hidden runs) are one line each, except the one `expand`
    names."""
    start_id = -1
    if cursor:
        try:
            found = decode_cursor(cursor, dom, VIEWS, SCOPES)
        except BadCursor as err:
            raise ToolError(str(err), status=400, code="invalid_arguments") from None
        view, scope, within_id, start_id = found.view, found.scope, found.within, found.next_id  # type: ignore[assignment]
        if found.expand is not None:
            expand = found.expand
    shown = scoped(dom, scope)
    els = shown.els
    if within_id is not None:
        inside = within(dom, within_id)
        if inside is None:
            raise ToolError(
                f"There is no element {within_id} on this page; use an id from the page's listing.",
                status=404,
                code="not_found",
            )
        ids = {el.id for el in inside}
        els = [el for el in els if el.id in ids]
    els = select_view(els, view)
    selected = len(els)
    folds: Folds = {}
    if format == "compact" and view == "all" and within_id is None:
        els, folds = fold_page(dom, els, previous, expand)
    start = next((i for i, el in enumerate(els) if el.id >= start_id), len(els)) if start_id >= 0 else 0
    selection = Selection(view, scope, within_id, len(dom.els), expand)
    if format == "json":
        return ToolResult.json(_json_part(dom, shown, els, start, max_chars, selection, explain))
    text = _compact_part(dom, shown, els, start, max_chars, selection, folds, selected)
    warning = captcha_warning(dom) if start == 0 else None
    return ToolResult.text(f"{warning}\n{text}" if warning else text)


@dataclasses.dataclass(frozen=True, slots=True)
class Selection:
    view: str
    scope: str
    within: int | None
    page_elements: int
    expand: int | None = None

    def describe(self) -> str:
        parts = [] if self.view == "all" else [f"view {self.view}"]
        if self.scope != "all":
            parts.append(f"scope {self.scope}")
        if self.within is not None:
            parts.append(f"within {self.within}")
        return ", ".join(parts)

    def cursor(self, dom: SpatialDom, next_id: int) -> str:
        return Cursor(next_id, self.view, self.scope, self.within, page_key(dom), self.expand).encode()


def _compact_part(
    dom: SpatialDom,
    shown: SpatialDom,
    els: list[SpatialElement],
    start: int,
    max_chars: int,
    selection: Selection,
    folds: Folds | None = None,
    selected: int | None = None,
) -> str:
    # Long reading blocks are cut in the lists of everything or of actions; content and within show them whole.
    max_text = 0 if selection.view == "content" or selection.within is not None else TEXT_CUT
    lines = element_lines(els, dom.vp, url=dom.url, max_text=max_text)
    if folds:
        lines = [_with_notes(line, folds.get(el.id)) for el, line in zip(els, lines, strict=True)]
    chosen = selection.describe()
    if start == 0:
        head = header_lines(shown, element_count=len(els) if selected is None else selected)
        if chosen:
            head.insert(3, f"showing: {chosen} ({len(els)} of {selection.page_elements} elements)")
        notes = []
        silent = sorted(silent_kinds(folds or {}))
        if silent:
            notes.append(" and ".join(FOLD_NOTES[kind] for kind in silent) + " (expand=<its id>)")
        if max_text and any(len(el.text or "") > max_text and el.tag not in UNCUT_TAGS for el in els):
            notes.insert(
                0, f'texts past {max_text} characters end in … (view="content" or within=<id>: whole)'
            )
        if notes:
            head.insert(-1, "note: " + "; ".join(notes))
    else:
        first = els[start].id if start < len(els) else "-"
        head = [f"continued: {dom.url} from element {first}" + (f" ({chosen})" if chosen else ""), "---"]
    head_text = "\n".join(head)
    if max_chars <= 0:
        return well_formed("\n".join([head_text, *lines[start:]]))
    part = take_part(
        [len(line) + 1 for line in lines], start, max(1, max_chars - len(head_text) - _MORE_RESERVE)
    )
    body = lines[part.first : part.end]
    left = part.left(len(lines))
    out = [head_text, *body]
    if left:
        size = sum(len(line) + 1 for line in lines[part.end :])
        out.append(
            f"more: {left} more elements ({size} characters) not shown; call get_page with "
            f'cursor="{selection.cursor(dom, els[part.end].id)}" for the next part'
        )
    return well_formed("\n".join(out))


_MORE_RESERVE = 160  # room kept for the `more:` line
# What the header says of the folds whose lines say nothing (output/folding.py).
FOLD_NOTES = {
    "image": "images repeating their link's name fold into the link",
    "repeat": "lines repeating the line above fold into it",
}


def _with_notes(line: str, folds: list[Fold] | None) -> str:
    return " ".join([line, *(fold.note for fold in folds or () if fold.note)])


TEXT_CUT = 100  # characters of a paragraph's text in the all and actions lists (about a sentence)


def _json_part(
    dom: SpatialDom,
    shown: SpatialDom,
    els: list[SpatialElement],
    start: int,
    max_chars: int,
    selection: Selection,
    explain: bool,
) -> dict[str, Any]:
    data = shown._with_elements([]).to_dict(explain=explain)
    items = [el.to_dict() for el in els]
    if selection.describe():
        data["showing"] = {
            "view": selection.view,
            "scope": selection.scope,
            "within": selection.within,
            "elements": len(els),
            "page_elements": selection.page_elements,
        }
    if max_chars <= 0:
        data["els"] = items[start:]
        return data
    sizes = [len(json.dumps(item, ensure_ascii=False, separators=(",", ":"))) + 1 for item in items]
    base = len(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
    part = take_part(sizes, start, max(1, max_chars - base - _MORE_RESERVE))
    data["els"] = items[part.first : part.end]
    left = part.left(len(items))
    if left:
        data["more"] = {
            "elements": left,
            "characters": sum(sizes[part.end :]),
            "cursor": selection.cursor(dom, els[part.end].id),
        }
    return data


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
        "alerts": [{"id": el.id, "type": el.alert_type, "text": el.text or ""} for el in dom.alerts()],
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
