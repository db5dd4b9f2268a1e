"""The Spatial DOM: what every surface hands to an agent.

`SpatialElement` carries exactly the seed's 18 fields (plus `node`, the index of its source node in
`dom.tree.Document`, which is internal and never serialised). `SpatialDom` is the page: elements,
viewport, page intelligence, and O(1) lookup by id.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from .suggestions import CaptchaInfo, Recipe, recipe_from_dict

# The convenience methods of SpatialDom (`tables()`, `to_json()`, …) are carried out by page intelligence
# and output, which sit above the model in the pipeline. The model imports nothing above it: those modules
# are connected here when the package loads (browsy_engine/__init__.py), so there is no import cycle.
_helpers: dict[str, Callable[..., Any]] = {}


def connect_helpers(**helpers: Callable[..., Any]) -> None:
    """Name the functions behind SpatialDom's helper methods (tables, alerts, find_codes, pagination,
    behaviors, to_json, to_compact)."""
    _helpers.update(helpers)


def _helper(name: str) -> Callable[..., Any]:
    return _helpers[name]


class Serialisable(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


# Field order of the JSON output (the published browsy's order); `input_type` is written as "type".
_OPTIONAL_FIELDS: tuple[tuple[str, str], ...] = (
    ("role", "role"),
    ("text", "text"),
    ("href", "href"),
    ("hidden", "hidden"),
    ("ph", "ph"),
    ("val", "val"),
    ("input_type", "type"),
    ("disabled", "disabled"),
    ("checked", "checked"),
    ("expanded", "expanded"),
    ("selected", "selected"),
    ("required", "required"),
    ("name", "name"),
    ("label", "label"),
    ("alert_type", "alert_type"),
    ("concealed", "concealed"),
)


# What a password field's value shows as in every output (compact, JSON, find, deltas, the SDKs): its real
# value stays in the session's form state and is sent only with the form. Fixed length: no length leaks.
PASSWORD_MASK: Final = "••••"


@dataclass(slots=True, init=False)
class SpatialElement:
    id: int
    tag: str
    role: str | None = None
    text: str | None = None
    href: str | None = None
    b: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    hidden: bool | None = None
    name: str | None = None
    val: str | None = None
    ph: str | None = None
    label: str | None = None
    input_type: str | None = None
    checked: bool | None = None
    disabled: bool | None = None
    expanded: bool | None = None
    selected: bool | None = None
    required: bool | None = None
    alert_type: str | None = None
    # Laid out and not `hidden` (Chromium renders it), yet a person cannot see it: why (spatial/concealment.py).
    concealed: str | None = None
    node: int = field(default=-1, repr=False, compare=False)

    # Written out rather than generated (init=False): mypyc compiles this one, while a dataclass's generated
    # __init__ runs interpreted (~3,000 instructions; one element in ten of a page's nodes is made here).
    # Same parameters, order and defaults as the generated one, so dataclasses.replace() works as before.
    def __init__(
        self,
        id: int,
        tag: str,
        role: str | None = None,
        text: str | None = None,
        href: str | None = None,
        b: list[int] | None = None,
        hidden: bool | None = None,
        name: str | None = None,
        val: str | None = None,
        ph: str | None = None,
        label: str | None = None,
        input_type: str | None = None,
        checked: bool | None = None,
        disabled: bool | None = None,
        expanded: bool | None = None,
        selected: bool | None = None,
        required: bool | None = None,
        alert_type: str | None = None,
        concealed: str | None = None,
        node: int = -1,
    ) -> None:
        self.id = id
        self.tag = tag
        self.role = role
        self.text = text
        self.href = href
        self.b = [0, 0, 0, 0] if b is None else b
        self.hidden = hidden
        self.name = name
        self.val = val
        self.ph = ph
        self.label = label
        self.input_type = input_type
        self.checked = checked
        self.disabled = disabled
        self.expanded = expanded
        self.selected = selected
        self.required = required
        self.alert_type = alert_type
        self.concealed = concealed
        self.node = node

    def __reduce__(self) -> tuple[type[SpatialElement], tuple[Any, ...]]:
        # pickling and copying rebuild the element through __init__ (a compiled class's __new__ runs it)
        return (SpatialElement, tuple(getattr(self, f) for f in _ALL_FIELDS))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "tag": self.tag}
        for attr, key in _OPTIONAL_FIELDS:
            value = getattr(self, attr)
            if value is not None:
                out[key] = value
        out["b"] = list(self.b)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SpatialElement:
        kwargs: dict[str, Any] = {attr: data.get(key) for attr, key in _OPTIONAL_FIELDS}
        return cls(id=int(data["id"]), tag=str(data["tag"]), b=list(data.get("b", [0, 0, 0, 0])), **kwargs)

    @property
    def is_hidden(self) -> bool:
        return bool(self.hidden)

    def copy(self) -> SpatialElement:
        clone = SpatialElement(**{f: getattr(self, f) for f in _ALL_FIELDS})
        clone.b = list(self.b)
        return clone


_ALL_FIELDS: Final = tuple(SpatialElement.__dataclass_fields__)


@dataclass(slots=True)
class Frame:
    """One iframe of the page: its element, its document's URL, and what became of it."""

    id: int  # the iframe element's id
    src: str  # the frame's URL; "about:srcdoc" when its document is its srcdoc attribute
    status: str  # "loaded", or why not: "not loaded: another site (load_frames=all loads it)", …
    first: int | None = None  # ids of the frame's elements: first..last (None: none)
    last: int | None = None
    # The frame's parsed document (dom.tree.Document), the node of each of its elements in it (element
    # `first + k` is node `nodes[k]`) and the URL its relative URLs resolve against: what a session needs
    # to fill and send the frame's forms in place. Internal, never serialised.
    document: Any = field(default=None, repr=False, compare=False)
    nodes: list[int] = field(default_factory=list, repr=False, compare=False)
    base_url: str = field(default="", repr=False, compare=False)

    def node_of(self, element_id: int) -> int | None:
        """The node, in the frame's document, of element `element_id` (None: not one of the frame's)."""
        if self.document is None or self.first is None or self.last is None:
            return None
        if not self.first <= element_id <= self.last or element_id - self.first >= len(self.nodes):
            return None
        node = self.nodes[element_id - self.first]
        return node if 0 <= node < len(self.document.nodes) else None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "src": self.src, "status": self.status}
        if self.first is not None:
            out["els"] = [self.first, self.last]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Frame:
        els = data.get("els") or [None, None]
        return cls(int(data["id"]), str(data.get("src") or ""), str(data.get("status") or ""), els[0], els[1])

    def describe(self) -> str:
        inside = f" elements {self.first}-{self.last}" if self.first is not None else ""
        return f"[{self.id}] {self.src}: {self.status}{inside}"


@dataclass(slots=True, init=False)
class SpatialDom:
    url: str = ""
    title: str = ""
    vp: list[float] = field(default_factory=lambda: [1920.0, 1080.0])
    scroll: list[float] = field(default_factory=lambda: [0.0, 0.0])
    els: list[SpatialElement] = field(default_factory=list)
    page_type: str = "Other"
    suggested_actions: list[Recipe] = field(default_factory=list)
    captcha: CaptchaInfo | None = None
    page_confidence: float = 0.0  # how sure the page type is (0-1), from intelligence.analyze
    page_reasons: list[str] = field(default_factory=list)  # the 2-3 reasons that decided the page type
    # What the agent should know about how the page was obtained (a refused meta refresh, …); one line each.
    notes: list[str] = field(default_factory=list)
    # The page's content is built by JavaScript, which browsy does not run (intelligence.needs_js): why.
    needs_js_reason: str | None = None
    rendered: bool = (
        False  # the DOM came from a headless browser that ran the page's scripts (session.render)
    )
    frames: list[Frame] = field(
        default_factory=list
    )  # the page's iframes and their documents (spatial.frames)
    _index: dict[int, int] = field(default_factory=dict, repr=False, compare=False)
    # The parsed document this DOM came from (dom.tree.Document); used by sessions for forms and behaviours.
    document: Any = field(default=None, repr=False, compare=False)

    # Written out rather than generated (init=False), as SpatialElement's: one is made per parse, and the
    # generated __init__ (with its default factories and __post_init__) runs interpreted. Same parameters,
    # order and defaults as the generated one, so dataclasses.replace() works as before.
    def __init__(
        self,
        url: str = "",
        title: str = "",
        vp: list[float] | None = None,
        scroll: list[float] | None = None,
        els: list[SpatialElement] | None = None,
        page_type: str = "Other",
        suggested_actions: list[Recipe] | None = None,
        captcha: CaptchaInfo | None = None,
        page_confidence: float = 0.0,
        page_reasons: list[str] | None = None,
        notes: list[str] | None = None,
        needs_js_reason: str | None = None,
        rendered: bool = False,
        frames: list[Frame] | None = None,
        _index: dict[int, int] | None = None,
        document: Any = None,
    ) -> None:
        self.url = url
        self.title = title
        self.vp = [1920.0, 1080.0] if vp is None else vp
        self.scroll = [0.0, 0.0] if scroll is None else scroll
        self.els = [] if els is None else els
        self.page_type = page_type
        self.suggested_actions = [] if suggested_actions is None else suggested_actions
        self.captcha = captcha
        self.page_confidence = page_confidence
        self.page_reasons = [] if page_reasons is None else page_reasons
        self.notes = [] if notes is None else notes
        self.needs_js_reason = needs_js_reason
        self.rendered = rendered
        self.frames = [] if frames is None else frames
        self._index = {} if _index is None else _index
        self.document = document
        self.rebuild_index()  # (the generated __init__'s __post_init__)

    def rebuild_index(self) -> None:
        self._index = {el.id: i for i, el in enumerate(self.els)}

    def get(self, element_id: int) -> SpatialElement | None:
        i = self._index.get(element_id)
        return self.els[i] if i is not None else None

    def visible(self) -> list[SpatialElement]:
        """What a person sees: neither hidden nor concealed (transparent, clipped away, off-screen, …)."""
        return [el for el in self.els if not el.hidden and not el.concealed]

    def above_fold(self) -> list[SpatialElement]:
        fold = self.vp[1]
        return [el for el in self.els if el.b[1] < fold]

    def below_fold(self) -> list[SpatialElement]:
        fold = self.vp[1]
        return [el for el in self.els if el.b[1] >= fold]

    def filter_above_fold(self) -> SpatialDom:
        return self._with_elements(self.above_fold())

    def filter_visible(self) -> SpatialDom:
        return self._with_elements(self.visible())

    def _with_elements(self, els: list[SpatialElement]) -> SpatialDom:
        return SpatialDom(
            url=self.url,
            title=self.title,
            vp=list(self.vp),
            scroll=list(self.scroll),
            els=list(els),
            page_type=self.page_type,
            suggested_actions=list(self.suggested_actions),
            captcha=self.captcha,
            page_confidence=self.page_confidence,
            page_reasons=list(self.page_reasons),
            notes=list(self.notes),
            needs_js_reason=self.needs_js_reason,
            rendered=self.rendered,
            frames=list(self.frames),
            document=self.document,
        )

    @property
    def needs_js(self) -> bool:
        """The page is an application shell: its content appears only when its scripts run."""
        return self.needs_js_reason is not None

    # --- extraction helpers (page intelligence; each delegates to its browsy_engine.intelligence module) ---
    def tables(self) -> list[Any]:
        """Data tables as TableData(headers, rows)."""
        return _helper("tables")(self)

    def alerts(self) -> list[SpatialElement]:
        """Elements with an alert_type (error, success, warning, alert, status)."""
        alerts: list[SpatialElement] = _helper("alerts")(self)
        return alerts

    def find_codes(self) -> list[str]:
        """Verification codes (4-8 digits near code keywords) found in the page text."""
        codes: list[str] = _helper("find_codes")(self)
        return codes

    def pagination(self) -> Any:
        """Next/previous/numbered page links (intelligence.pagination.Pagination), or None."""
        return _helper("pagination")(self)

    def behaviors(self) -> list[Any]:
        """JS behaviours readable from markup (intelligence.behaviors.Behavior)."""
        behaviors: list[Any] = _helper("behaviors")(self)
        return behaviors

    def to_dict(self, explain: bool = False) -> dict[str, Any]:
        """The seed's JSON shape; `explain` adds `page_confidence` and `page_reasons` (why this page type)."""
        out: dict[str, Any] = {
            "url": self.url,
            "title": self.title,
            "vp": list(self.vp),
            "scroll": list(self.scroll),
        }
        if self.suggested_actions:
            out["suggested_actions"] = [a.to_dict() for a in self.suggested_actions]
        if self.page_type and self.page_type != "Other":
            out["page_type"] = self.page_type
        if explain:
            out["page_confidence"] = self.page_confidence
            out["page_reasons"] = list(self.page_reasons)
        if self.captcha is not None:
            out["captcha"] = self.captcha.to_dict()
        if self.notes:
            out["notes"] = list(self.notes)
        if self.needs_js_reason is not None:
            out["needs_js"] = True
            out["needs_js_reason"] = self.needs_js_reason
        if self.rendered:
            out["rendered"] = True
        if self.frames:
            out["frames"] = [f.to_dict() for f in self.frames]
        out["els"] = [el.to_dict() for el in self.els]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SpatialDom:
        """The SpatialDom of its JSON form (`to_dict()`), page intelligence included."""
        actions = [recipe_from_dict(a) for a in data.get("suggested_actions") or [] if isinstance(a, dict)]
        captcha = data.get("captcha")
        return cls(
            url=data.get("url", ""),
            title=data.get("title", ""),
            vp=list(data.get("vp") or [1920.0, 1080.0]),
            scroll=list(data.get("scroll") or [0.0, 0.0]),
            els=[SpatialElement.from_dict(el) for el in data.get("els") or []],
            page_type=data.get("page_type") or "Other",
            suggested_actions=[a for a in actions if a is not None],
            captcha=CaptchaInfo.from_dict(captcha) if isinstance(captcha, dict) else None,
            page_confidence=float(data.get("page_confidence") or 0.0),
            page_reasons=list(data.get("page_reasons") or []),
            notes=list(data.get("notes") or []),
            needs_js_reason=str(data.get("needs_js_reason") or "needs JavaScript")
            if data.get("needs_js")
            else None,
            rendered=bool(data.get("rendered")),
            frames=[Frame.from_dict(f) for f in data.get("frames") or [] if isinstance(f, dict)],
        )

    def to_json(self, indent: int | None = None, explain: bool = False) -> str:
        text: str = _helper("to_json")(self, indent=indent, explain=explain)
        return text

    def to_compact(self, header: bool = False) -> str:
        text: str = _helper("to_compact")(self, header=header)
        return text
