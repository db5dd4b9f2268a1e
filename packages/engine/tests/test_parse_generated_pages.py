"""Property tests on generated HTML and CSS: parse never raises, output is deterministic, ids are
1..n, sizes are never negative, and every output format accepts what parse gives."""

from __future__ import annotations

import json

from browsy_engine import diff, parse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TAGS = ["div", "p", "span", "a", "button", "input", "select", "option", "textarea", "label", "ul", "li", "table",
        "tr", "td", "th", "h1", "h3", "img", "nav", "header", "footer", "main", "section", "form", "fieldset",
        "legend", "details", "summary", "svg", "title", "b", "br", "dialog", "iframe", "script", "style"]  # fmt: skip
ATTRS = st.sampled_from([
    'id="a"', 'id="b"', 'for="a"', 'class="alert alert-danger"', 'class="x y"', "hidden", 'aria-hidden="true"',
    'role="button"', 'role="navigation"', 'role="alert"', 'href="/x"', 'href="javascript:0"', 'name="n"',
    'type="checkbox"', 'type="hidden"', 'type="email"', 'value="v"', "checked", "disabled", "required", "open",
    'style="display:none"', 'style="visibility:hidden"', 'style="width:50%;height:3em"', 'aria-label="L"',
    'aria-labelledby="a b"', 'placeholder="P"', 'alt="A"', 'title="T"', 'aria-expanded="true"', "selected",
])  # fmt: skip
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12)
CSS = st.lists(
    st.sampled_from([
        "div{display:flex}", "p{margin:1em 2px}", ".x{display:none}", "#a{width:calc(100% - 20px)}",
        "a:hover{color:red}", "li:nth-child(2n+1){float:left}", "@media (max-width: 600px){span{display:block}}",
        "table{border-collapse:collapse}", "*{box-sizing:border-box}", "section{display:grid;grid-template-columns:1fr 2fr}",
        ":root{--w:10px}div{padding:var(--w, 3px)}", "}{", "p{width:", "@supports (display:grid){b{display:block}}",
    ]),
    max_size=5,
).map("".join)  # fmt: skip


@st.composite
def html_fragments(draw: st.DrawFn, depth: int = 0) -> str:
    if depth > 4 or draw(st.booleans()):
        return draw(TEXT).replace("<", "&lt;")
    tag = draw(st.sampled_from(TAGS))
    attrs = " ".join(draw(st.lists(ATTRS, max_size=3)))
    children = draw(st.lists(html_fragments(depth + 1), max_size=4))
    return f"<{tag} {attrs}>{''.join(children)}</{tag}>"


@st.composite
def pages(draw: st.DrawFn) -> str:
    body = "".join(draw(st.lists(html_fragments(), min_size=1, max_size=5)))
    return f"<html><head><style>{draw(CSS)}</style></head><body>{body}</body></html>"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(html=pages(), width=st.sampled_from([320, 1024, 1920]))
def test_generated_pages_parse_deterministically_with_sane_elements(html: str, width: int) -> None:
    first = parse(html, width, 800, url="https://gen.test/p")
    second = parse(html, width, 800, url="https://gen.test/p")
    assert first.to_json() == second.to_json()
    assert [e.id for e in first.els] == list(range(1, len(first.els) + 1))
    for el in first.els:
        assert len(el.b) == 4 and all(isinstance(v, int) for v in el.b)
        assert el.b[2] >= 0 and el.b[3] >= 0
        assert el.hidden in (True, None)
    data = json.loads(first.to_json())
    assert len(data["els"]) == len(first.els)
    assert len(first.to_compact().splitlines()) == len(first.els)
    assert diff(first, second).is_empty()


@settings(max_examples=40, deadline=None)
@given(data=st.binary(max_size=400))
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    dom = parse(data)
    assert [e.id for e in dom.els] == list(range(1, len(dom.els) + 1))
