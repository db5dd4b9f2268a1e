"""parse(): bytes → DOM → cascade → layout → Spatial DOM → intelligence."""

from __future__ import annotations

import gc
from collections.abc import Sequence

from .css import compute_styles
from .css.cascade import shared_style_ids, shared_styles_round
from .dom import build_document, decode_html
from .dom.tree import Document
from .intelligence.analyze import analyze
from .layout import compute_layout
from .layout.text import settle_style_memos, settle_word_memos
from .model import SpatialDom, SpatialElement
from .spatial import emit_elements
from .spatial.emit import document_title
from .spatial.frames import inline_srcdoc_frames
from .spatial.urls import without_credentials


def parse(
    html: str | bytes,
    width: float = 1920,
    height: float = 1080,
    url: str | None = None,
    *,
    extra_css: Sequence[str] = (),
    content_type: str | None = None,
    inline_frames: bool = True,
) -> SpatialDom:
    """Parse an HTML page into a Spatial DOM for a viewport of width × height CSS pixels.

    `extra_css` holds the text of external stylesheets (already fetched, in document order) and
    `content_type` the HTTP header, used for the charset when `html` is bytes. Every iframe is listed in
    `dom.frames`; with `inline_frames`, srcdoc frames' documents are parsed into the page (one level deep).
    """
    paused = _pause_cyclic_gc()
    try:
        text = decode_html(html, content_type)
        doc = build_document(text)
        styles = compute_styles(doc, width, height, extra_css)
        layout = compute_layout(doc, styles, width, height)
        els = emit_elements(doc, styles, layout, url)
        del styles, layout  # freed now, so the collector never scans them when it resumes
        settle_word_memos()
        settle_style_memos(shared_style_ids(), shared_styles_round())
        dom = SpatialDom(
            url=without_credentials(url or ""),
            title=document_title(doc),
            vp=[float(width), float(height)],
            els=els,
            document=doc,
        )
        analyze(dom)  # before frames: suggested actions name the page's own elements, which actions can use
        if any(el.tag == "iframe" for el in els):
            _frames(dom, doc, url, inline_frames)
        doc.release_parser()  # sessions hold many pages: lexbor's tree is rebuilt only if asked again
    finally:
        _resume_cyclic_gc(paused)
    return dom


def _frames(dom: SpatialDom, doc: Document, url: str | None, inline: bool) -> None:
    def srcdoc_of(frame: SpatialElement) -> str | None:
        if not 0 <= frame.node < len(doc.nodes):
            return None
        return doc.nodes[frame.node].attrs.get("srcdoc") if inline else None

    def parse_frame(html: str, width: float, height: float) -> SpatialDom:
        return parse(html, width, height, url, inline_frames=False)  # a srcdoc frame's base URL is the page's

    inline_srcdoc_frames(dom, srcdoc_of, parse_frame)


def _pause_cyclic_gc() -> bool:
    """Pause the cyclic garbage collector while a page is built (`_resume_cyclic_gc` spares it a scan of
    the page after); True when this call paused it.

    A parse allocates tens of thousands of long-lived objects and no reference cycles (a dropped page is
    freed by reference counting alone), so the collector's scans during the parse are pure overhead, and
    so is the young-generation scan it would run over the finished page when it resumes (5-10 % of a big
    page's parse). So: the young generations are collected first (they hold the caller's recent objects,
    which get their usual scan), and what the parse allocated is then moved to the oldest generation
    unscanned (`gc.freeze()` then `gc.unfreeze()`: two list splices); full collections still see it.
    When the host froze objects itself, unfreezing would thaw them, so the page is then scanned as usual.
    Only the caller that paused the collector resumes it, so concurrent parses in threads never leave it
    paused. (A pair of calls in try/finally, not a context manager: contextlib's runs as Python.)
    """
    paused = gc.isenabled()
    if paused:
        gc.collect(1)
        gc.disable()
    return paused


def _resume_cyclic_gc(paused: bool) -> None:
    if paused:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        gc.enable()
