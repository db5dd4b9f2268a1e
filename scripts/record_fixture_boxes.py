"""Dev-time recorder of a layout fixture's Chromium boxes (never run by the tests; CI has no Chromium).

    python scripts/record_fixture_boxes.py packages/engine/tests/layout_fixtures/NAME.html

writes NAME.boxes.json beside the page: the border box (getBoundingClientRect, document coordinates) of
every element with an id, as headless Chromium lays it out at 1920×1080 with JavaScript off and every
sub-resource blocked — the same rules as ../shared/tools/chromium_truth.py, which records NAME.truth.json.
It waits for the load event rather than DOMContentLoaded, so every blocked image request has failed and
each image shows its settled state (the broken-image icon or alt text, never "still loading").
"""

from __future__ import annotations

import json
import pathlib
import sys

from playwright.sync_api import sync_playwright

COLLECT = """() => {
  const out = {};
  for (const el of document.querySelectorAll('[id]')) {
    const r = el.getBoundingClientRect();
    out[el.id] = [r.x + scrollX, r.y + scrollY, r.width, r.height].map(v => Math.round(v * 100) / 100);
  }
  return out;
}"""


def record(page: pathlib.Path) -> dict:
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        tab = browser.new_page(viewport={"width": 1920, "height": 1080}, java_script_enabled=False)
        tab.route("**/*", lambda route: route.abort())
        tab.set_content(page.read_text(encoding="utf-8"), wait_until="load")
        boxes = tab.evaluate(COLLECT)
        browser.close()
    return boxes


if __name__ == "__main__":
    path = pathlib.Path(sys.argv[1])
    path.with_suffix(".boxes.json").write_text(json.dumps(record(path), indent=0, sort_keys=True) + "\n")
