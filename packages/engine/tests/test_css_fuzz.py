"""Property tests: any stylesheet or style attribute built from CSS fragments is handled without raising,
and the computed styles are deterministic."""

from __future__ import annotations

from browsy_engine.css import compute_styles
from browsy_engine.dom import build_document
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FRAGMENTS = st.sampled_from([
    "div", "p", ".x", "#a", "*", ">", "+", "~", ",", " ", ":", "::", "(", ")", "[", "]", "{", "}", ";", "!important",
    "width", "margin", "padding", "border", "font", "display", "flex", "grid-area", "gap", "inset", "--v",
    ":", "var(", "calc(", "min(", "clamp(", "1px", "-2em", "50%", "3vw", "0", "auto", "none", "inherit", "unset",
    "@media", "@supports", "@layer", "@import", "@container", "(min-width:", "and", "not", "or", "screen", "/",
    "*", "\"str", "'", "\\", "/*", "*/", ":not(", ":is(", ":has(", "nth-child(", "2n+1", "of", "&", "\x00", "\ufffd",
])  # fmt: skip
CSS = st.lists(FRAGMENTS, max_size=60).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sheet=CSS, inline=CSS, width=st.integers(min_value=0, max_value=4000))
def test_generated_css_never_raises_and_is_deterministic(sheet: str, inline: str, width: int) -> None:
    html = "<div id=a class=x style='{}'><p>t<span>s</span></p><input><table><tr><td>c</td></tr></table></div>".format(
        inline.replace("'", "")
    )
    first = compute_styles(build_document(f"<style>{sheet}</style>{html}"), width, 700, (sheet,))
    second = compute_styles(build_document(f"<style>{sheet}</style>{html}"), width, 700, (sheet,))
    assert first == second
    assert all(s is None or s.font_size >= 0 for s in first)
