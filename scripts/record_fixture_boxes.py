"""Record Chromium's boxes for a layout fixture: every element with an id → [x, y, width, height].

Development time only (CI never runs Chromium): loads the fixture in Debian's headless Chromium with
JavaScript off and every sub-resource blocked, the rules of ../shared/tools/chromium_truth.py, and writes
NAME.boxes.json beside NAME.html, which packages/engine/tests/test_layout_fixtures.py compares against.

Usage: python scripts/record_fixture_boxes.py packages/engine/tests/layout_fixtures/NAME.html [...]
"""

from __future__ import annotations

import json
import pathlib
import sys

from playwright.sync_api import sync_playwright

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
COLLECT = """() => {
  const out = {};
  for (const el of document.querySelectorAll("[id]")) {
    const r = el.getBoundingClientRect();
    out[el.id] = [r.x + scrollX, r.y + scrollY, r.width, r.height].map(v => Math.round(v * 100) / 100);
  }
  return out;
}"""


def record(pages: list[pathlib.Path]) -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for path in pages:
            page = browser.new_page(viewport={"width": 1920, "height": 1080}, java_script_enabled=False)
            page.route("**/*", lambda route: route.abort())
            page.set_content(path.read_text(encoding="utf-8"), wait_until="domcontentloaded")
            boxes = page.evaluate(COLLECT)
            page.close()
            out = path.with_suffix(".boxes.json")
            out.write_text(json.dumps(boxes, indent=0, sort_keys=True) + "\n")
            print(f"{out}: {len(boxes)} boxes")
        browser.close()


if __name__ == "__main__":
    record([pathlib.Path(a) for a in sys.argv[1:]])
