"""Hostile or broken CSS never raises and stays bounded."""

from __future__ import annotations

from browsy_engine.css import compute_styles
from browsy_engine.dom import build_document


def compute(html: str, extra_css: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    doc = build_document(html)
    return doc, compute_styles(doc, 1280, 800, extra_css)


def test_ten_thousand_rules() -> None:
    css = "".join(f".c{i} > span:nth-child({i % 7 + 1}) {{ width: {i}px }}\n" for i in range(10_000))
    css += "".join(f"#x{i} {{ margin: {i}px }}" for i in range(10_000))
    body = "".join(f"<div class=c{i}><span>a</span><span>b</span></div>" for i in range(0, 10_000, 997))
    doc, styles = compute(f"<style>{css}</style>{body}")
    spans = [n.index for n in doc.nodes if n.tag == "span"]
    assert styles[spans[0]].width == (0.0, 0.0)  # .c0 > span:nth-child(1)
    assert styles[spans[1]].width is None


def test_pathological_selectors() -> None:
    deep_not = ":not(" * 3000 + "p" + ")" * 3000
    huge_attr = "[data-x='" + "a" * 200_000 + "']"
    deep_is = ":is(" * 500 + "div" + ")" * 500
    css = f"{deep_not} {{ width: 1px }} {huge_attr} {{ width: 2px }} {deep_is} {{ width: 3px }} p {{ height: 4px }}"
    doc, styles = compute(f"<style>{css}</style><p id=p>x</p>")
    assert styles[doc.select("#p")[0]].height == (4.0, 0.0)


def test_malformed_css_recovers_like_css() -> None:
    css = (
        "p { width: 1px; ;; height: ; margin: 1px 2px; } } } p { height: 3px; padding: 2px; "
        "@media { } div { width: 5px } /* unterminated comment"
    )
    doc, styles = compute(f"<style>{css}</style><p id=p>x</p>")
    style = styles[doc.select("#p")[0]]
    assert style.width == (1.0, 0.0) and style.margin_left == (2.0, 0.0) and style.height == (3.0, 0.0)


def test_garbage_and_binary_css() -> None:
    garbage = [
        "\x00\x01\x02{}{}{{{",
        "}}}}",
        "@media (((((",
        "p { width: calc(((((1px) }",
        "\ufffd" * 1000,
        "a{b:c}" * 5000,
        "@import",
        "@media screen { @media print { p { width: 1px } }",
        "{{{{{{{{" * 5000,
    ]
    for css in garbage:
        doc, styles = compute("<p id=p>x</p>", extra_css=(css,))
        assert styles[doc.select("#p")[0]] is not None


def test_deeply_nested_blocks_and_math() -> None:
    css = "@media screen {" * 2000 + "p { width: 1px }" + "}" * 2000
    css += " p { height: calc(" + "(" * 5000 + "1px" + ")" * 5000 + ") }"
    css += " p { padding: " + "calc(" * 3000 + "1px" + ")" * 3000 + " }"
    doc, styles = compute("<p id=p>x</p>", extra_css=(css,))
    assert styles[doc.select("#p")[0]] is not None


def test_bad_inline_styles() -> None:
    html = "<p id=p style='width: 1px; color: ;;; margin: 3px; }{ height: 2px'>x</p><i style='\x00{'>y</i>"
    doc, styles = compute(html)
    style = styles[doc.select("#p")[0]]
    assert style.width == (1.0, 0.0) and style.margin_top == (3.0, 0.0) and style.height is None


def test_huge_custom_property_values() -> None:
    css = ":root { --big: " + "1px " * 100_000 + "} p { margin: var(--big); width: var(--big, 5px) }"
    doc, styles = compute(f"<style>{css}</style><p id=p>x</p>")
    style = styles[doc.select("#p")[0]]
    assert style.width is None and style.margin_top == (0.0, 0.0)


def test_extra_css_of_the_wrong_type_is_tolerated() -> None:
    doc, styles = compute("<p id=p>x</p>", extra_css=(b"p { width: 3px }", None, 42))  # type: ignore[arg-type]
    assert styles[doc.select("#p")[0]].width == (3.0, 0.0)


def test_absurd_numbers_are_clamped() -> None:
    css = (
        "#p { width: 1e300px; height: calc(1e308px * 10); margin-left: -1e50px; font-size: 1e9px;"
        " padding-top: 1e40%; border: 1e20px solid; line-height: 1e30px }"
    )
    doc, styles = compute(f"<style>{css}</style><p id=p>x</p>")
    s = styles[doc.select("#p")[0]]
    values = [s.width[0], s.height[0], s.margin_left[0], s.padding_top[1], s.border_top_width, s.line_height]  # type: ignore[index]
    assert all(abs(v) < 1e8 for v in values) and s.font_size <= 10_000
