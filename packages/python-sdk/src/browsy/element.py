"""`Element`: one entry of a page's Spatial DOM, with the seed's Python property names."""

from __future__ import annotations

TYPE_CHECKING = False  # no `typing` import at run time (annotations are strings)
if TYPE_CHECKING:
    from typing import Any


class Element:
    """A single element of the Spatial DOM (read-only).

    Built from the element's JSON form (the engine's `SpatialElement.to_dict()`), so an element looks the
    same whether the page was parsed in-process or fetched from a `browsy serve` server.
    """

    __slots__ = ("_data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    # identity and content
    @property
    def id(self) -> int:
        return int(self._data["id"])

    @property
    def tag(self) -> str:
        return str(self._data["tag"])

    @property
    def role(self) -> str | None:
        return self._data.get("role")

    @property
    def text(self) -> str | None:
        return self._data.get("text")

    @property
    def href(self) -> str | None:
        return self._data.get("href")

    # form fields
    @property
    def placeholder(self) -> str | None:
        return self._data.get("ph")

    @property
    def value(self) -> str | None:
        return self._data.get("val")

    @property
    def input_type(self) -> str | None:
        return self._data.get("type")

    @property
    def name(self) -> str | None:
        return self._data.get("name")

    @property
    def label(self) -> str | None:
        return self._data.get("label")

    @property
    def alert_type(self) -> str | None:
        return self._data.get("alert_type")

    # states
    @property
    def disabled(self) -> bool | None:
        return self._data.get("disabled")

    @property
    def checked(self) -> bool | None:
        return self._data.get("checked")

    @property
    def expanded(self) -> bool | None:
        return self._data.get("expanded")

    @property
    def selected(self) -> bool | None:
        return self._data.get("selected")

    @property
    def required(self) -> bool | None:
        return self._data.get("required")

    @property
    def hidden(self) -> bool | None:
        return self._data.get("hidden")

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """(x, y, width, height) of the element's box in CSS pixels, document coordinates."""
        x, y, w, h = (list(self._data.get("b") or [0, 0, 0, 0]) + [0, 0, 0, 0])[:4]
        return (int(x), int(y), int(w), int(h))

    def to_dict(self) -> dict[str, Any]:
        """The element's JSON form (short keys as in the Spatial DOM JSON: ph, val, type, b)."""
        return dict(self._data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Element) and other._data == self._data

    def __hash__(self) -> int:
        return hash((self.id, self.tag))

    def __repr__(self) -> str:
        text = f' text="{self.text}"' if self.text else ""
        return f"<Element id={self.id} tag={self.tag}{text}>"
