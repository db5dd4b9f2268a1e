"""The index join (css/index_join.py) agrees with lexbor on every chain it accepts, and the Matcher uses it."""

from __future__ import annotations

import itertools
import random

import pytest
from browsy_engine.css.chain import parse_chain
from browsy_engine.css.index_join import match_by_index
from browsy_engine.css.matching import Matcher
from browsy_engine.css.selectors import parse_selector_list
from browsy_engine.dom import build_document
from browsy_engine.dom.tree import Document, subtree_ends
from test_css_chain import HTML, SELECTORS
from tinycss2 import parse_component_value_list

TAGS = ["div", "ul", "li", "span", "p"]
CLASSES = ["a", "b", "c"]


def _random_page(seed: int, size: int = 400) -> str:
    """Nested markup with repeated tags and classes, so chains have many candidates and nested matches."""
    rng = random.Random(seed)
    out = ["<!DOCTYPE html><html><body>"]
    open_tags: list[str] = []
    for _ in range(size):
        if open_tags and rng.random() < 0.4:
            out.append(f"</{open_tags.pop()}>")
            continue
        tag = rng.choice(TAGS)
        classes = " ".join(c for c in CLASSES if rng.random() < 0.3)
        ident = f" id=n{rng.randrange(5)}" if rng.random() < 0.05 else ""
        out.append(f"<{tag} class='{classes}'{ident}>t")
        open_tags.append(tag)
    out.extend(f"</{t}>" for t in reversed(open_tags))
    return "".join(out) + "</body></html>"


def _generated_selectors() -> list[str]:
    compounds = ["div", "li", ".a", ".b", "span.c", "ul.a.b", "#n1", "p:not(.a)", "li[class~=b]"]
    return [f"{x}{comb}{y}" for x, y in itertools.product(compounds, repeat=2) for comb in (" ", " > ")] + [
        f"{x} {y} > {z}" for x, y, z in itertools.product(compounds[:5], repeat=3)
    ]


def _check(html: str, selectors: list[str]) -> int:
    doc = build_document(html)
    matcher = Matcher(doc)
    ends = subtree_ends(doc.nodes)
    checked = 0
    for selector in selectors:
        chain = parse_chain(selector)
        if chain is None or not chain.indexable:
            continue
        found = match_by_index(chain, doc.nodes, matcher._compound_candidates, ends)
        assert found == doc.select(selector), selector
        checked += 1
    return checked


def test_agrees_with_lexbor_on_the_chain_fixture() -> None:
    assert _check("<!DOCTYPE html>" + HTML, SELECTORS) > 20


@pytest.mark.parametrize("seed", range(4))
def test_agrees_with_lexbor_on_nested_pages(seed: int) -> None:
    selectors = _generated_selectors()
    assert _check(_random_page(seed), selectors) == len(selectors)


def test_subtree_ends_cover_exactly_the_descendants() -> None:
    doc = build_document(_random_page(7, 120))
    ends = subtree_ends(doc.nodes)
    for node in doc.nodes:
        inside = {i for i in range(node.index + 1, ends[node.index] + 1)}
        descendants: set[int] = set()
        stack = list(node.children)
        while stack:
            i = stack.pop()
            descendants.add(i)
            stack.extend(doc.nodes[i].children)
        assert inside == descendants


def test_matcher_joins_indexes_for_many_candidates_and_falls_back_in_quirks_mode() -> None:
    body = "".join("<div class=Box><p class=x>t</p></div>" for _ in range(80))
    selector = parse_selector_list(parse_component_value_list(".Box p"))[0]  # type: ignore[index]
    standards = build_document(f"<!DOCTYPE html><html><body>{body}</body></html>")
    mixed_case = "<div class=Box></div>" + body.replace("class=Box", "class=BOX")
    quirks = build_document(f"<html><body>{mixed_case}</body></html>")
    assert Matcher(standards).match(selector) == standards.select(".Box p")
    # lexbor matches class names case-insensitively in quirks mode: the Matcher must still agree with it
    assert Matcher(quirks).match(selector) == quirks.select(".Box p") != []


@pytest.mark.python_engine
@pytest.mark.parametrize("text", [":root", ":root:not(.x)", "html:root", "div:root"])
def test_root_is_found_without_lexbor_on_a_large_page(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`:root` names no tag, class or id; on a page too large to try every element, its one candidate is the
    document element (lexbor is not asked: its answer agrees)."""
    doc = build_document("<!DOCTYPE html><html><body>" + "<div><p>t</p></div>" * 200 + "</body></html>")
    selector = parse_selector_list(parse_component_value_list(text))[0]  # type: ignore[index]
    matcher = Matcher(doc)
    asked: list[str] = []
    select_checked = Document.select_checked
    monkeypatch.setattr(
        Document, "select_checked", lambda d, sel: asked.append(sel) or select_checked(d, sel)
    )
    assert matcher.match(selector) == doc.select(text)
    assert asked == []


@pytest.mark.parametrize("seed", range(2))
def test_sibling_chains_agree_with_lexbor_on_nested_pages(seed: int) -> None:
    doc = build_document(_random_page(seed))
    elements = [n.index for n in doc.nodes if not n.is_text]
    compounds = ["div", "li", ".a", "span.c", "p:not(.b)"]
    selectors = [f"{x} {comb} {y}" for x, y in itertools.product(compounds, repeat=2) for comb in "+~"]
    selectors += [f"{x} + {y} {z}" for x, y, z in itertools.product(compounds[:3], repeat=3)]
    nonempty = 0
    for selector in selectors:
        chain = parse_chain(selector)
        assert chain is not None and not chain.indexable
        found = chain.match(doc.nodes, elements)
        assert found == doc.select(selector), selector
        nonempty += bool(found)
    assert nonempty > len(selectors) // 2
