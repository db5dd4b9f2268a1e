"""The public API's shape: parse() returns a SpatialDom whose JSON has the seed's keys."""

import json

from browsy_engine import SpatialDom, parse


def test_parse_returns_spatial_dom_with_title_and_viewport() -> None:
    dom = parse("<html><head><title> Hello  world </title></head><body><p>Hi</p></body></html>", 1280, 720)
    assert isinstance(dom, SpatialDom)
    assert dom.title == "Hello world"
    data = json.loads(dom.to_json())
    assert data["vp"] == [1280.0, 720.0]
    assert data["scroll"] == [0.0, 0.0]
    assert "page_type" not in data or data["page_type"] != "Other"


def test_bytes_input_is_accepted() -> None:
    dom = parse(b"<title>x</title>\xff\xfe bad bytes")
    assert dom.title == "x"


def test_the_model_imports_nothing_above_it() -> None:
    """model.py (and the recipe types it holds) sit at the bottom of the pipeline: no import of page
    intelligence, output, layout or sessions, at the top or inside a function, so there is no cycle."""
    import ast
    import pathlib

    import browsy_engine

    root = pathlib.Path(browsy_engine.__file__).parent
    for name in ("model.py", "suggestions.py"):
        tree = ast.parse((root / name).read_text())
        relative = {
            node.module or ""
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.level > 0
        }
        assert relative <= {"suggestions", "model"}, f"{name} imports {sorted(relative)}"
