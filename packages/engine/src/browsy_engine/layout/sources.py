"""What an embedded element loads. An image: its `srcset` candidate when it has one (HTML's image source
selection), else its `src`, with the candidate's pixel density (a 2x data: image is half its pixel size).
An <object>: nothing over the network, so most show their fallback content (fallback_objects).

A device pixel ratio of 1 is assumed, as in our viewport. `w` descriptors are turned into densities
against the `sizes` attribute's last length (px or vw) or, without one, the viewport's width; the
candidate chosen is the one of the smallest density at least 1, else the densest.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from ..css.media import media_matches
from ..css.tokenizer import tokenize
from ..css.values import Viewport
from .context import LayoutContext
from .generated import layout_copy

_SIZE: Final = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(px|vw)\s*$", re.IGNORECASE)


def _candidates(srcset: str) -> list[tuple[str, str]]:
    """(url, descriptor text) of each candidate of a srcset (HTML's srcset parsing, simplified: a URL
    is a run of non-space characters, so data: URLs keep their commas; trailing commas end it)."""
    out: list[tuple[str, str]] = []
    pos, n = 0, len(srcset)
    while pos < n:
        while pos < n and (srcset[pos].isspace() or srcset[pos] == ","):
            pos += 1
        start = pos
        while pos < n and not srcset[pos].isspace():
            pos += 1
        url = srcset[start:pos]
        if not url:
            break
        if url.endswith(","):
            out.append((url.rstrip(","), ""))
            continue
        depth, start = 0, pos
        while pos < n and (srcset[pos] != "," or depth):
            depth += {"(": 1, ")": -1}.get(srcset[pos], 0)
            pos += 1
        out.append((url, srcset[start:pos].strip()))
    return out


def _density(descriptor: str, source_width: float) -> float | None:
    """A candidate's pixel density from its descriptor ('' is 1x); None for an invalid one."""
    word = descriptor.split()[0].lower() if descriptor.split() else ""
    try:
        if not word:
            return 1.0
        if word.endswith("x"):
            value = float(word[:-1])
            return value if value > 0 else None
        if word.endswith("w"):
            value = float(word[:-1])
            return value / source_width if value > 0 and source_width > 0 else None
    except ValueError:
        return None
    return None


def _source_width(sizes: str | None, viewport_w: float) -> float:
    """The width a `sizes` attribute gives (its last entry, the one without a media condition, when it is
    a px or vw length), else the viewport's."""
    if sizes:
        found = _SIZE.match(sizes.rsplit(",", 1)[-1])
        if found:
            value = float(found.group(1))
            return value * viewport_w / 100 if found.group(2).lower() == "vw" else value
    return viewport_w


@lru_cache(maxsize=256)  # pages repeat one srcset on many images
def _select(src: str | None, srcset: str, sizes: str | None, viewport_w: float) -> tuple[str | None, float]:
    source_width = _source_width(sizes, viewport_w)
    listed = _candidates(srcset)
    valid = [(d, url) for url, text in listed if (d := _density(text, source_width)) is not None]
    by_width = any(text.split()[:1] and text.split()[0].lower().endswith("w") for _, text in listed)
    if src and not by_width and all(d != 1.0 for d, _ in valid):
        valid.append((1.0, src))  # src is the 1x candidate when srcset has none
    if not valid:
        return src, 1.0
    enough = [c for c in valid if c[0] >= 1.0]
    density, url = min(enough) if enough else max(valid)
    return url, density


def image_source(nodes: list, i: int, viewport_w: float, viewport_h: float) -> tuple[str | None, float]:
    """(URL, pixel density) of the image element i loads: inside a <picture>, the srcset of the first
    <source> before it whose media and type match, else its own srcset candidate, else its src."""
    attrs = nodes[i].attrs
    src = attrs.get("src")
    chosen = _picture_source(nodes, i, viewport_w, viewport_h)
    if chosen is not None:
        attrs, src = chosen, None
    srcset = attrs.get("srcset")
    if not srcset or not str(srcset).strip():
        return src, 1.0
    sizes = attrs.get("sizes")
    return _select(src, str(srcset), None if sizes is None else str(sizes), viewport_w)


def _picture_source(nodes: list, i: int, viewport_w: float, viewport_h: float) -> dict | None:
    """The attributes of the <source> an <img> in a <picture> takes its srcset from, or None."""
    parent = nodes[i].parent
    if parent < 0 or nodes[parent].tag != "picture":
        return None
    for c in nodes[parent].children:
        if c == i:
            return None
        node = nodes[c]
        if node.tag != "source" or not str(node.attrs.get("srcset") or "").strip():
            continue
        kind = str(node.attrs.get("type") or "").strip().lower()
        if kind and not kind.startswith("image/"):
            continue  # not an image type (Chromium takes every image/* type here, even image/jxl)
        media = node.attrs.get("media")
        if media and not _media_query_matches(str(media), viewport_w, viewport_h):
            continue
        return node.attrs
    return None


@lru_cache(maxsize=512)
def _media_query_matches(media: str, viewport_w: float, viewport_h: float) -> bool:
    """A <source>'s media query list against the viewport; layout asks again for every image it sizes,
    and pages repeat a few queries over many pictures."""
    return media_matches(tokenize(media), Viewport(viewport_w, viewport_h))


FALLBACK_OBJECT: Final = (
    "object:fallback"  # the layout tree's tag for an <object> showing its fallback content
)


def fallback_objects(ctx: LayoutContext) -> None:
    """An <object> whose resource does not load renders its children instead, as an ordinary element of
    its display type (CSS box of an inline <object> around an <embed>, say): one with an ActiveX
    `classid`, or whose `data` is a URL to fetch (sub-resources are off). One with a data: or about:
    URL, or with no data at all, stays a replaced box (as Chromium's plugin placeholder does). Its
    layout tree copy gets a tag of its own, so layout treats it as no replaced element."""
    for i in ctx.doc.index().tags.get("object", ()):
        attrs = ctx.nodes[i].attrs
        data = str(attrs.get("data") or "").strip().lower()
        if attrs.get("classid") is not None or (data and not data.startswith(("data:", "about:"))):
            layout_copy(ctx, i).tag = FALLBACK_OBJECT
