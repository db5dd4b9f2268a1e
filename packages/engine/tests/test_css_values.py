"""Values: units, calc()/min()/max()/clamp(), var() with fallbacks, inheritance and cycles."""

from __future__ import annotations

import pytest
from browsy_engine.css import compute_styles
from browsy_engine.dom import build_document


def style_of(css: str, body: str = "<div id=t></div>", width: float = 1000, height: float = 500):  # type: ignore[no-untyped-def]
    doc = build_document(f"<style>{css}</style>{body}")
    computed = compute_styles(doc, width, height)
    target = doc.select("#t")[0]
    return computed[target]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("10px", (10.0, 0.0)),
        ("50%", (0.0, 0.5)),
        ("2em", (40.0, 0.0)),
        ("2rem", (32.0, 0.0)),
        ("10vw", (100.0, 0.0)),
        ("10vh", (50.0, 0.0)),
        ("10vmin", (50.0, 0.0)),
        ("10vmax", (100.0, 0.0)),
        ("10dvh", (50.0, 0.0)),
        ("10cqw", (100.0, 0.0)),
        ("12pt", (16.0, 0.0)),
        ("1pc", (16.0, 0.0)),
        ("1in", (96.0, 0.0)),
        ("2.54cm", (96.0, 0.0)),
        ("25.4mm", (96.0, 0.0)),
        ("4q", (96.0 / 25.4, 0.0)),
        ("2ex", (2 * 20.0 * 940 / 2048, 0.0)),  # the x-height of Liberation Serif, the default font
        ("2ch", (20.0, 0.0)),
        ("0", (0.0, 0.0)),
        ("calc(100% - 32px)", (-32.0, 1.0)),
        ("calc(2 * (10px + 1em) / 4)", (15.0, 0.0)),
        ("calc(50% + 10% - 1em * 2)", (-40.0, 0.6)),
        ("-webkit-calc(1px + 2px)", (3.0, 0.0)),
        ("min(10px, 2em)", (10.0, 0.0)),
        ("max(10px, 2em)", (40.0, 0.0)),
        ("clamp(5px, 1px, 8px)", (5.0, 0.0)),
        ("clamp(5px, 100px, 8px)", (8.0, 0.0)),
        ("min(100%, 500px)", (500.0, 0.0)),  # % judged against the viewport width (1000px)
        ("max(calc(10px + 5px), min(3px, 4px))", (15.0, 0.0)),
    ],
)
def test_lengths(value: str, expected: tuple[float, float]) -> None:
    s = style_of(f"#t {{ font-size: 20px; width: {value} }}")
    assert s.width == pytest.approx(expected)


@pytest.mark.parametrize(
    "value",
    [
        "calc(10px * 2px)",
        "calc(10px / 0)",
        "calc(1px + 2)",
        "calc()",
        "min()",
        "calc(1px +)",
        "10",
        "10 px",
        "calc(5px",
    ],
)
def test_invalid_math_is_dropped(value: str) -> None:
    s = style_of(f"#t {{ width: 7px; width: {value} }}")
    assert s.width == (7.0, 0.0) or (value == "calc(5px" and s.width == (5.0, 0.0))


def test_var_with_fallbacks_nesting_and_inheritance() -> None:
    css = (
        ":root { --gap: 12px; --double: calc(var(--gap) * 2); --family: Arial, sans-serif }"
        "#p { --gap: 5px }"
        "#t { padding: var(--gap); margin: var(--double); width: var(--nope, var(--also-nope, 33px));"
        " height: calc(var(--gap) + 1px); font-family: var(--family) }"
    )
    s = style_of(css, "<div id=p><div id=t></div></div>")
    assert s.padding_left == (5.0, 0.0)  # nearest declaration wins (inherited from #p)
    assert s.margin_top == (24.0, 0.0)  # --double was resolved at :root with --gap: 12px
    assert s.width == (33.0, 0.0)
    assert s.height == (6.0, 0.0)
    assert s.font_family == "arial, sans-serif"


def test_var_in_shorthand_and_missing_var_makes_declaration_unset() -> None:
    css = "#p { width: 50px; font-size: 30px } #t { margin: 1px var(--x, 2px); width: var(--missing); font-size: var(--missing) }"
    s = style_of(css, "<div id=p><div id=t></div></div>")
    assert s.margin_top == (1.0, 0.0) and s.margin_left == (2.0, 0.0)
    assert s.width is None  # invalid at computed-value time → unset → initial (not inherited)
    assert s.font_size == 30.0  # unset on an inherited property → inherit


def test_var_cycles_are_invalid() -> None:
    css = (
        "#t { --a: var(--b); --b: var(--a); --c: var(--c, 1px); width: var(--a, 9px); height: var(--c, 8px) }"
    )
    s = style_of(css)
    assert s.width == (9.0, 0.0)
    assert s.height == (8.0, 0.0)


def test_exponential_var_expansion_is_bounded() -> None:
    chain = "".join(f"--v{i + 1}: var(--v{i}) var(--v{i}) var(--v{i}) var(--v{i});" for i in range(40))
    s = style_of(f"#t {{ --v0: 1px; {chain} width: var(--v40, 4px) }}")
    assert s.width == (4.0, 0.0)


def test_line_height_forms() -> None:
    assert (style_of("#t { font-size: 20px; line-height: 1.5 }").line_height_kind) == "number"
    s = style_of("#t { font-size: 20px; line-height: 150% }")
    assert (s.line_height_kind, s.line_height) == ("px", 30.0)
    s = style_of("#t { font-size: 20px; line-height: 2em }")
    assert (s.line_height_kind, s.line_height) == ("px", 40.0)
    s = style_of("#t { line-height: normal }")
    assert s.line_height_kind == "normal"


def test_font_size_keywords() -> None:
    assert style_of("#t { font-size: x-large }").font_size == 24.0
    assert style_of("#t { font-size: xx-small }").font_size == 9.0
    assert style_of("#t { font-size: larger }").font_size == pytest.approx(19.2)
    assert style_of("#t { font-size: 12pt }").font_size == 16.0


def test_border_widths_are_snapped_like_chromium() -> None:
    assert style_of("#t { border: 0.3px solid }").border_top_width == 1.0
    assert style_of("#t { border: 2.7px solid }").border_top_width == 2.0
    assert style_of("#t { border: thick solid }").border_top_width == 5.0
    assert style_of("#t { border: medium solid; border-width: thin }").border_top_width == 1.0


def test_aspect_ratio_and_misc() -> None:
    assert style_of("#t { aspect-ratio: 16 / 9 }").aspect_ratio == pytest.approx(16 / 9)
    assert style_of("#t { aspect-ratio: auto 2 }").aspect_ratio == 2.0
    s = style_of(
        "#t { overflow: hidden auto; white-space: nowrap; text-transform: uppercase; letter-spacing: 2px }"
    )
    assert (s.overflow_x, s.overflow_y, s.white_space, s.text_transform, s.letter_spacing) == (
        "hidden",
        "auto",
        "nowrap",
        "uppercase",
        2.0,
    )
    s = style_of("#t { list-style: square inside; border-spacing: 3px 4px; position: -webkit-sticky }")
    assert (s.list_style_type, s.list_style_position, s.border_spacing_h, s.border_spacing_v, s.position) == (
        "square",
        "inside",
        3.0,
        4.0,
        "sticky",
    )


def test_legacy_webkit_box() -> None:
    s = style_of("#t { display: -webkit-box; -webkit-box-orient: vertical }")
    assert (s.display, s.flex_direction) == ("flex", "column")
