"""External stylesheets: find them (`<link rel=stylesheet>`, `@import`), fetch them concurrently within
the byte limits and blocked patterns, and return their texts in cascade order for `parse(extra_css=…)`.

A stylesheet that fails (blocked, too large, network, non-2xx) is skipped and noted in the report —
it never fails the page. `media` of a link or an import is kept by wrapping the text in `@media`.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import tinycss2
from selectolax.lexbor import LexborHTMLParser

from ..css.tokenizer import stylesheet_rules
from .config import SessionConfig
from .errors import BrowsyError
from .fetch import Fetcher
from .urls import join_url

MAX_IMPORT_DEPTH = 4
CSS_HEADERS = {"Accept": "text/css,*/*;q=0.1"}


@dataclass(slots=True)
class SheetRef:
    url: str
    media: str = ""
    initiator: str | None = None  # the page (or sheet) that refers to it


@dataclass(slots=True)
class StylesheetReport:
    """What happened to the page's external stylesheets."""

    loaded: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (url, reason)
    bytes_total: int = 0


def find_stylesheets(html: str, page_url: str) -> list[SheetRef]:
    """External stylesheets of a page in document order: `<link rel=stylesheet href>` and `@import`
    rules of inline `<style>` elements (resolved against `<base href>` or the page URL)."""
    tree = LexborHTMLParser(html)
    base = page_url
    base_node = tree.css_first("base[href]")
    if base_node is not None and base_node.attributes.get("href"):
        base = join_url(page_url, base_node.attributes["href"] or "") or page_url
    refs: list[SheetRef] = []
    for node in tree.css("link[href], style"):
        attrs = node.attributes
        if node.tag == "style":
            imports = css_imports(node.text() or "")
            refs.extend(SheetRef(join_url(base, url) or url, media, page_url) for url, media in imports)
            continue
        rel = (attrs.get("rel") or "").lower().split()
        if "stylesheet" not in rel or "alternate" in rel or "disabled" in attrs:
            continue
        url = join_url(base, attrs.get("href") or "")
        if url:
            refs.append(SheetRef(url, (attrs.get("media") or "").strip(), page_url))
    return refs


def css_imports(css: str) -> list[tuple[str, str]]:
    """(url, media) of the `@import` rules of a stylesheet."""
    out: list[tuple[str, str]] = []
    for rule in stylesheet_rules(css):
        if rule.type != "at-rule" or rule.lower_at_keyword != "import":
            continue
        tokens = [t for t in rule.prelude if t.type not in ("whitespace", "comment")]
        if not tokens:
            continue
        first = tokens[0]
        url = None
        if first.type in ("string", "url"):
            url = first.value
        elif first.type == "function" and first.lower_name == "url":
            args = [a for a in first.arguments if a.type == "string"]
            url = args[0].value if args else None
        if url:
            out.append((url, tinycss2.serialize(tokens[1:]).strip()))
    return out


async def fetch_stylesheets(
    fetcher: Fetcher, refs: list[SheetRef], config: SessionConfig, deadline: float | None = None
) -> tuple[list[str], StylesheetReport]:
    """Fetch the sheets (and their imports) concurrently; texts in cascade order, within the budgets
    and by the page's `deadline` (a sheet still loading then is skipped, the page is not failed)."""
    report = StylesheetReport()
    budget = _Budget(config.max_css_bytes_total, deadline)
    texts = await _fetch_level(fetcher, refs, config, report, budget, depth=0)
    report.bytes_total = budget.used
    return texts, report


@dataclass(slots=True)
class _Budget:
    limit: int
    deadline: float | None = None
    used: int = 0

    def take(self, size: int) -> bool:
        if self.used + size > self.limit:
            return False
        self.used += size
        return True


async def _fetch_level(
    fetcher: Fetcher,
    refs: list[SheetRef],
    config: SessionConfig,
    report: StylesheetReport,
    budget: _Budget,
    depth: int,
) -> list[str]:
    bodies = await asyncio.gather(*(_fetch_one(fetcher, ref, config, budget.deadline) for ref in refs))
    texts: list[str] = []
    for ref, (text, error) in zip(refs, bodies):
        if text is None:
            report.skipped.append((ref.url, error))
            continue
        if not budget.take(len(text.encode("utf-8", "replace"))):
            report.skipped.append(
                (ref.url, f"over the total CSS budget of {config.max_css_bytes_total} bytes")
            )
            continue
        report.loaded.append(ref.url)
        imports = css_imports(text) if depth < MAX_IMPORT_DEPTH else []
        if imports:
            nested = [SheetRef(join_url(ref.url, u) or u, m, ref.url) for u, m in imports]
            texts.extend(await _fetch_level(fetcher, nested, config, report, budget, depth + 1))
        texts.append(_with_media(text, ref.media))
    return texts


async def _fetch_one(
    fetcher: Fetcher, ref: SheetRef, config: SessionConfig, deadline: float | None
) -> tuple[str | None, str]:
    try:
        response = await fetcher.fetch(
            ref.url,
            headers=CSS_HEADERS,
            max_bytes=config.max_css_bytes_per_file,
            initiator=ref.initiator,
            deadline=deadline,
        )
    except BrowsyError as err:
        return None, str(err)
    if not response.ok:
        return None, f"HTTP {response.status}"
    if response.mime_type in ("text/html", "application/xhtml+xml"):
        return None, "not a stylesheet (HTML response)"
    return _decode_css(response.body, response.content_type), ""


def _decode_css(body: bytes, content_type: str) -> str:
    charset = "utf-8"
    for part in content_type.split(";")[1:]:
        key, _, value = part.partition("=")
        if key.strip().lower() == "charset" and value.strip():
            charset = value.strip().strip('"')
    if body.startswith(b"\xef\xbb\xbf"):
        body, charset = body[3:], "utf-8"
    try:
        return body.decode(charset, errors="replace")
    except LookupError:
        return body.decode("utf-8", errors="replace")


def _with_media(text: str, media: str) -> str:
    m = media.strip()
    if not m or m.lower() in ("all", "screen"):
        return text
    return f"@media {m} {{\n{text}\n}}"
