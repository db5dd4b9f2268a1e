"""Deeply nested boxes are laid out without Python recursion: the trampoline takes each step down
the tree that is not bounded (block_box of a block with block children, tables, flex/grid, atomics)."""

from __future__ import annotations

import pytest
from browsy_engine import parse

NESTINGS = [
    ("<table><tr><td>", "</td></tr></table>"),
    ("<div>", "</div>"),
    ("<div>t<table><tr><td>", "</td></tr></table></div>"),
    ("<div style='display:flex'>", "</div>"),
    ("<span style='display:inline-block'>", "</span>"),
    ("<ul><li>", "</li></ul>"),
    ("<div style='float:left'>", "</div>"),
]


@pytest.mark.parametrize(("open_tag", "close_tag"), NESTINGS)
def test_deep_nesting_lays_out(open_tag: str, close_tag: str) -> None:
    depth = (
        450  # below the parser's depth cap, far above the interpreter's recursion limit / frames per level
    )
    html = "<!doctype html><body>" + open_tag * depth + "<a href='/x'>link</a>" + close_tag * depth
    dom = parse(html.encode(), 1280, 800)
    link = [e for e in dom.els if e.tag == "a"]
    assert len(link) == 1
    assert link[0].b[2] > 0 and link[0].b[3] > 0
