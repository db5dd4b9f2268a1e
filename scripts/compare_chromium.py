"""Dev-time: where our layout of a page differs from headless Chromium's, element by element.

    python scripts/compare_chromium.py PAGE.html[.gz] [MORE …] [--limit 5]

Lays each page out with the engine and with the machine's Chromium (JavaScript off, every sub-resource
blocked, waiting for the load event so that blocked images have failed), pairs the elements in document
order and prints the first ones whose boxes differ by more than 2px, with their class names. Install
Debian's fonts-liberation first, so that Chromium measures text with the fonts of the recorded truth.
Never run by the tests (CI has no Chromium for layout truth).
"""

from __future__ import annotations

import argparse
import gzip
import pathlib

from browsy_engine.css import compute_styles
from browsy_engine.dom import build_document, decode_html
from browsy_engine.layout import compute_layout
from playwright.sync_api import sync_playwright

SVG_INSIDE = frozenset(
    {"path", "g", "polygon", "circle", "rect", "use", "line", "ellipse", "polyline", "text", "tspan", "symbol",
     "defs", "stop", "image", "title", "desc", "lineargradient", "clippath", "mask"}
)  # fmt: skip
BOXES = """() => Array.from(document.querySelectorAll('*')).map(el => { const r = el.getBoundingClientRect();
  return [el.tagName.toLowerCase(), Math.round(r.x + scrollX), Math.round(r.y + scrollY),
          Math.round(r.width), Math.round(r.height), String(el.className || '').slice(0, 30)]; })"""


def read(path: pathlib.Path) -> str:
    data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return data.decode("utf-8", "replace")


def ours(html: str) -> list[tuple[str, list[int]]]:
    doc = build_document(decode_html(html))  # the text Chromium gets: no charset sniffing
    layout = compute_layout(doc, compute_styles(doc, 1920, 1080, ()), 1920, 1080)
    return [
        (n.tag, [round(v) for v in (layout.boxes[n.index] or (0, 0, 0, 0))])
        for n in doc.nodes
        if not n.is_text and n.tag and not n.tag.startswith("#")
    ]


def differences(chrome: list, engine: list, limit: int) -> list[str]:
    out: list[str] = []
    for k, (c, (tag, box)) in enumerate(zip(chrome, engine)):
        if c[0] != tag:
            out.append(f"elements no longer pair at #{k}: {c[0]} / {tag}")
            break
        if tag in SVG_INSIDE or tag in ("html", "body") or c[3] * c[4] == 0:
            continue
        if any(abs(a - b) > 2 for a, b in zip(box, c[1:5])):
            out.append(f"#{k} {tag}.{c[5]}  chromium {c[1:5]}  browsy {box}")
            if len(out) >= limit:
                break
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pages", nargs="+", type=pathlib.Path)
    ap.add_argument("--limit", type=int, default=5, help="differences shown per page")
    args = ap.parse_args()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for path in args.pages:
            html = read(path)
            tab = browser.new_page(viewport={"width": 1920, "height": 1080}, java_script_enabled=False)
            tab.route("**/*", lambda route: route.abort())
            tab.set_content(html, wait_until="load")
            chrome = tab.evaluate(BOXES)
            tab.close()
            print(f"== {path.name}")
            for line in differences(chrome, ours(html), args.limit) or ["(no difference over 2px)"]:
                print("  " + line)
        browser.close()


if __name__ == "__main__":
    main()
