"""@media, @supports, @layer, @container, @import and nesting."""

from __future__ import annotations

import pytest
import tinycss2
from browsy_engine.css import compute_styles
from browsy_engine.css.media import media_matches
from browsy_engine.css.sheet import find_imports
from browsy_engine.css.values import Viewport
from browsy_engine.dom import build_document

VP = Viewport(1024.0, 768.0)


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", True),
        ("all", True),
        ("screen", True),
        ("print", False),
        ("only screen and (min-width: 1000px)", True),
        ("screen and (max-width: 1000px)", False),
        ("not print", True),
        ("not screen", False),
        ("print, (min-width: 10px)", True),
        ("(min-width: 64em)", True),
        ("(min-width: 64.1em)", False),
        ("(width >= 1024px)", True),
        ("(width > 1024px)", False),
        ("(600px <= width <= 1100px)", True),
        ("(400px < width < 800px)", False),
        ("(orientation: landscape)", True),
        ("(orientation: portrait)", False),
        ("(min-aspect-ratio: 4/3)", True),
        ("(max-aspect-ratio: 1/1)", False),
        ("(prefers-color-scheme: dark)", False),
        ("(prefers-color-scheme: light)", True),
        ("(prefers-reduced-motion: reduce)", False),
        ("(hover: hover) and (pointer: fine)", True),
        ("(pointer: coarse)", False),
        ("(scripting: enabled)", False),
        ("(min-resolution: 2dppx)", False),
        ("(-webkit-min-device-pixel-ratio: 1)", True),
        ("not all and (monochrome)", True),
        ("(max-width: 500px) or (min-height: 700px)", True),
        ("(not (max-width: 500px))", True),
        ("(unknown-feature: 3)", False),
        ("(min-width: banana)", False),
        ("screen and", False),
    ],
)
def test_media_queries(query: str, expected: bool) -> None:
    assert media_matches(tinycss2.parse_component_value_list(query), VP) is expected


def width_of(css: str, vw: float = 1024) -> tuple[float, float] | None:
    doc = build_document(f"<style>{css}</style><div id=t class=c></div>")
    return compute_styles(doc, vw, 768)[doc.select("#t")[0]].width


def test_media_rules_follow_the_viewport() -> None:
    css = (
        "#t { width: 1px } @media (max-width: 600px) { #t { width: 2px } } @media print { #t { width: 3px } }"
    )
    assert width_of(css, 1024) == (1.0, 0.0)
    assert width_of(css, 500) == (2.0, 0.0)


def test_nested_media_and_supports() -> None:
    css = (
        "@media screen { @supports (display: grid) { #t { width: 5px } } }"
        " @supports not (display: grid) { #t { width: 6px } }"
        " @supports (display: banana) { #t { width: 7px } }"
        " @supports (-moz-appearance: none) { #t { width: 8px } }"
        " @supports selector(:has(a)) and (gap: 1px) { .c { height: 9px } }"
    )
    assert width_of(css) == (5.0, 0.0)
    doc = build_document(f"<style>{css}</style><div id=t class=c></div>")
    assert compute_styles(doc, 1024, 768)[doc.select("#t")[0]].height == (9.0, 0.0)


def test_layers_lose_to_unlayered_rules_and_cascade_in_order() -> None:
    assert width_of("#t { width: 1px } @layer base { #t#t { width: 2px } }") == (1.0, 0.0)
    assert width_of("@layer a { #t { width: 1px } } @layer b { .c { width: 2px } }") == (2.0, 0.0)


def test_container_queries_do_not_apply() -> None:
    assert width_of("#t { width: 1px } @container (min-width: 1px) { #t { width: 2px } }") == (1.0, 0.0)


def test_ignored_at_rules_do_not_break_the_sheet() -> None:
    css = (
        "@charset 'utf-8'; @import url(x.css); @font-face { font-family: x; src: url(a) }"
        " @keyframes spin { from { width: 9px } to { width: 8px } } @page { margin: 1in } #t { width: 4px }"
    )
    assert width_of(css) == (4.0, 0.0)


def test_css_nesting() -> None:
    css = (
        ".c { width: 1px; & > p { width: 2px } .d & { width: 3px } @media (min-width: 1px) { height: 4px } }"
    )
    doc = build_document(f"<style>{css}</style><div class=d><div id=t class=c><p id=p></p></div></div>")
    computed = compute_styles(doc, 1024, 768)
    t, p = computed[doc.select("#t")[0]], computed[doc.select("#p")[0]]
    assert t.width == (3.0, 0.0) and t.height == (4.0, 0.0)
    assert p.width == (2.0, 0.0)


def test_find_imports() -> None:
    css = "@charset 'utf-8'; @import url(a.css); @import 'b.css' screen; @import url('c.css'); p { } @import 'late.css';"
    assert find_imports(css) == ["a.css", "b.css", "c.css"]
    assert find_imports("p { color: red }") == []


def test_layer_statement_fixes_the_order() -> None:
    assert width_of("@layer b, a; @layer a { #t { width: 1px } } @layer b { #t { width: 2px } }") == (
        1.0,
        0.0,
    )
    assert width_of("@layer a { #t { width: 1px } } @layer b { #t { width: 2px } }") == (2.0, 0.0)
    assert width_of(
        "@layer a { #t { width: 1px !important } } @layer b { #t { width: 2px !important } }"
    ) == (1.0, 0.0)
