"""Frames: each iframe is an element (its `href` is the frame's URL, `about:srcdoc` for a srcdoc frame);
what a frame shows is another document, laid out in the frame's box.

A frame's document is parsed by the same engine with the frame's size as its viewport, and its elements
are appended to the page's list: their ids continue the page's numbering (the page's own ids never
change), their boxes are moved into the frame's box (the frame's border is not known here: boxes are
placed from the frame's border edge), and elements outside the frame's box are `concealed` (they are
there when the frame scrolls, not on screen). `SpatialDom.frames` records, per iframe, where its document
came from and which element ids it holds, or why it was not loaded; it also keeps the frame's parsed
document and each element's node in it, so that a session types, checks, selects and submits inside the
frame from the page (session/interact.py: the frame's form goes to its action resolved against the
frame's URL, through the session's guard).

Which frames are loaded: `srcdoc` frames by the parser (their document is in the page); frames on the
page's host by a session (one request each, bounded count and bytes, the session's SSRF guard); frames
on other hosts only when asked (`load_frames="all"`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..model import Frame, SpatialDom, SpatialElement

MAX_FRAMES: Final = 8  # frame documents loaded per page (srcdoc and fetched ones alike)
MAX_SRCDOC_CHARS: Final = 1_000_000  # srcdoc text parsed per page, all frames together
DEFAULT_FRAME_SIZE = (300.0, 150.0)  # an iframe's size when CSS gives it none (HTML's default)
OUTSIDE_FRAME: Final = "outside its frame's visible area"
# A frame's status: its document was read, or it waits for a session to fetch it (session/frames.py);
# any other status says why it was not loaded.
LOADED: Final = "loaded"
NOT_LOADED: Final = "not loaded"


def frame_size(frame: SpatialElement) -> tuple[float, float]:
    width, height = frame.b[2], frame.b[3]
    return (float(width) or DEFAULT_FRAME_SIZE[0], float(height) or DEFAULT_FRAME_SIZE[1])


def append_frame(dom: SpatialDom, frame: SpatialElement, content: SpatialDom, record: Frame) -> None:
    """Append `content` (the frame's document, parsed at the frame's size) to `dom` as the frame's elements."""
    x, y, width, height = frame.b
    next_id = max((el.id for el in dom.els), default=0) + 1
    first = next_id
    record.document, record.base_url = content.document, content.url
    record.nodes = [el.node for el in content.els]  # where the frame's forms are filled (session/interact.py)
    for el in content.els:
        el.id = next_id
        next_id += 1
        el.node = -1  # not a node of the page's document (its node in the frame's is in `record.nodes`)
        bx, by, bw, bh = el.b
        el.b = [bx + x, by + y, bw, bh]
        outside = (
            by >= (height or DEFAULT_FRAME_SIZE[1]) or by + bh <= 0 or bx >= (width or DEFAULT_FRAME_SIZE[0])
        )
        if frame.hidden:
            el.hidden = True
        elif outside and not el.hidden and el.concealed is None:
            el.concealed = OUTSIDE_FRAME
        dom.els.append(el)
    if content.els:
        record.first, record.last = first, next_id - 1
    dom.rebuild_index()


def frame_of(dom: SpatialDom, element_id: int) -> Frame | None:
    """The frame whose document holds element `element_id` (None: the page's own element)."""
    for frame in dom.frames:
        if frame.first is not None and frame.last is not None and frame.first <= element_id <= frame.last:
            return frame
    return None


def inline_srcdoc_frames(
    dom: SpatialDom,
    srcdoc_of: Callable[[SpatialElement], str | None],
    parse_frame: Callable[[str, float, float], SpatialDom],
) -> None:
    """Record every iframe of `dom` in `dom.frames`, parsing the srcdoc ones (`parse_frame(html, w, h)`)."""
    budget = MAX_SRCDOC_CHARS
    loaded = 0
    for frame in [el for el in dom.els if el.tag == "iframe"]:
        srcdoc = srcdoc_of(frame)
        if srcdoc is None:
            status = NOT_LOADED if frame.href else "empty (no src)"
            dom.frames.append(Frame(frame.id, frame.href or "about:blank", status))
            continue
        record = Frame(frame.id, frame.href or "about:srcdoc", LOADED)
        dom.frames.append(record)
        if loaded >= MAX_FRAMES or len(srcdoc) > budget:
            record.status = (
                f"not loaded: more than {MAX_FRAMES} frames or {MAX_SRCDOC_CHARS} characters of srcdoc"
            )
            continue
        budget -= len(srcdoc)
        loaded += 1
        width, height = frame_size(frame)
        append_frame(dom, frame, parse_frame(srcdoc, width, height), record)
