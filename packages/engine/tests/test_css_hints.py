"""The cheap pre-check `may_have_hints` must let through every element `presentational_css` styles."""

from __future__ import annotations

from browsy_engine.css.hints import HINT_ATTRIBUTES_BY_TAG, may_have_hints, presentational_css
from browsy_engine.dom.tree import Document, Node

SAMPLE_VALUES: dict[str, tuple[str | None, ...]] = {
    "width": ("10", "50%"), "height": ("10",), "align": ("center", "left", "middle", "justify"),
    "valign": ("top",), "border": ("1", None), "cellspacing": ("2",), "cellpadding": ("3",), "hspace": ("4",),
    "vspace": ("4",), "frameborder": ("0", "no"), "nowrap": (None,), "size": ("3", "+1"), "face": ("Arial",),
    "dir": ("rtl", "ltr"), "marginwidth": ("5",), "marginheight": ("5",), "leftmargin": ("5",),
    "rightmargin": ("5",), "topmargin": ("5",), "bottommargin": ("5",), "noshade": (None,), "bgcolor": ("red",),
    "color": ("red",), "type": ("image",), "class": ("x",),
}  # fmt: skip
TAGS = sorted(
    set(HINT_ATTRIBUTES_BY_TAG) | {"div", "span", "a", "li", "ul", "section", "button", "label", "pre"}
)


def _styled_alone(tag: str, attrs: dict[str, str | None]) -> tuple[bool, bool]:
    node = Node(0, tag, attrs, -1)
    doc = Document([node], "")
    return may_have_hints(node), presentational_css(doc, node) is not None


def test_every_hinted_element_passes_the_precheck() -> None:
    for tag in TAGS:
        for name, values in SAMPLE_VALUES.items():
            for value in values:
                for attrs in ({name: value}, {"type": "image", name: value}):
                    allowed, styled = _styled_alone(tag, attrs)
                    assert allowed or not styled, (tag, attrs)


def test_plain_elements_skip_the_hints() -> None:
    assert _styled_alone("div", {"class": "x", "width": "10"}) == (False, False)
    assert _styled_alone("span", {"dir": "rtl"}) == (True, True)
    assert _styled_alone("img", {"width": "10"}) == (True, True)
