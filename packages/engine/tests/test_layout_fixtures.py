"""Layout against Chromium: every element with an id in tests/layout_fixtures/*.html must land within
2 px of the box headless Chromium computed for it (NAME.boxes.json, recorded with the fonts of
fonts-liberation/fonts-dejavu, JavaScript off, sub-resources blocked)."""

from __future__ import annotations

import json
import pathlib

import pytest
from browsy_engine.css import compute_styles
from browsy_engine.dom import build_document, decode_html
from browsy_engine.layout import compute_layout

FIXTURES = pathlib.Path(__file__).parent / "layout_fixtures"
TOLERANCE = 2.0


def _layout(path: pathlib.Path):
    doc = build_document(decode_html(path.read_bytes(), None))
    styles = compute_styles(doc, 1920, 1080, ())
    return doc, compute_layout(doc, styles, 1920, 1080)


@pytest.mark.parametrize("name", sorted(p.stem for p in FIXTURES.glob("*.html")))
def test_boxes_match_chromium(name: str) -> None:
    page = FIXTURES / f"{name}.html"
    truth = json.loads((FIXTURES / f"{name}.boxes.json").read_text())
    doc, layout = _layout(page)
    index = {n.attrs.get("id"): n.index for n in doc.nodes if not n.is_text and n.attrs.get("id")}
    wrong = []
    for element_id, expected in truth.items():
        box = layout.boxes[index[element_id]] or (0.0, 0.0, 0.0, 0.0)
        if any(abs(a - b) > TOLERANCE for a, b in zip(box, expected)):
            wrong.append(f"#{element_id}: engine {[round(v, 1) for v in box]} chromium {expected}")
    assert not wrong, "\n".join(wrong)
