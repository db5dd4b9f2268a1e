"""Loading the documents of a page's iframes (the parser reads srcdoc frames itself; spatial/frames.py).

Per `SessionConfig.load_frames`: "same-site" loads frames on the page's host, "all" any frame, "none" no
frame. (Same site here means the same host name: browsy carries no public-suffix list, so a frame on a
sub-domain counts as another site.) Each frame is one guarded request (the SSRF guard, blocked patterns,
redirect checks) within the page load's deadline; at most `MAX_FRAMES` frames per page, and all frames
of a page together at most `max_response_bytes`. A frame that fails is listed with the reason; the page
is never lost because of a frame.
"""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

from ..dom import decode_html
from ..model import SpatialDom
from ..spatial.frames import LOADED, MAX_FRAMES, NOT_LOADED, append_frame, frame_size
from .config import SessionConfig
from .errors import BrowsyError
from .fetch import HTML_TYPES, Fetcher
from .parse_pool import run_parse

log = logging.getLogger("browsy.session")

OTHER_SITE = 'not loaded: another site (load_frames="all" loads it)'


async def load_frames(
    dom: SpatialDom, fetcher: Fetcher, config: SessionConfig, deadline: float | None
) -> None:
    """Fetch and append the documents of `dom`'s frames that the configuration allows."""
    if config.load_frames == "none" or not dom.frames:
        return
    page_host = urlsplit(dom.url).hostname
    loaded = sum(1 for f in dom.frames if f.status == LOADED)
    budget = config.max_response_bytes
    for record in dom.frames:
        if record.status != NOT_LOADED:
            continue
        parts = urlsplit(record.src)
        if parts.scheme not in ("http", "https"):
            record.status = "not loaded: not an http(s) URL"
            continue
        if config.load_frames != "all" and parts.hostname != page_host:
            record.status = OTHER_SITE
            continue
        if loaded >= MAX_FRAMES or budget <= 0:
            record.status = (
                f"not loaded: the page's frame budget ({MAX_FRAMES} frames, max_response_bytes) is spent"
            )
            continue
        frame = dom.get(record.id)
        if frame is None:
            continue
        try:
            response = await fetcher.fetch(record.src, initiator=dom.url, deadline=deadline, max_bytes=budget)
        except BrowsyError as err:
            record.status = f"failed: {err}"
            continue
        budget -= len(response.body)
        if not response.ok:
            record.status = f"failed: HTTP {response.status}"
            continue
        if response.mime_type not in HTML_TYPES:
            record.status = f"not loaded: {response.mime_type}, not a web page"
            continue
        width, height = frame_size(frame)
        html = decode_html(response.body, response.content_type)
        try:
            content = await run_parse(html, width, height, response.url, inline_frames=False)
        except Exception as err:  # an engine bug in a frame must not lose the page
            log.exception("parsing frame %s failed", record.src.split("?", 1)[0])
            record.status = f"failed: browsy could not read it ({type(err).__name__})"
            continue
        loaded += 1
        record.status = LOADED
        if response.url != record.src:
            record.src = response.url
        append_frame(dom, frame, content, record)
