"""URL helpers shared by links, forms and stylesheets."""

from __future__ import annotations

import httpx

from ..dom.tree import Document


def join_url(base: str, href: str) -> str | None:
    """`href` resolved against `base` (None if empty or unparseable). Whitespace is trimmed as browsers do."""
    href = href.strip()
    if not href:
        return None
    try:
        return str(httpx.URL(base).join(href)) if base else str(httpx.URL(href))
    except (httpx.InvalidURL, ValueError, UnicodeError, TypeError):
        return None


def document_base(doc: Document | None, page_url: str) -> str:
    """The document's base URL: the first `<base href>` resolved against the page URL, else the page URL."""
    if doc is not None:
        for node in doc.nodes:
            if node.tag == "base" and node.attrs.get("href"):
                return join_url(page_url, node.attrs["href"] or "") or page_url
    return page_url


def scheme_of(href: str) -> str:
    """The lowercased scheme of an href ('' for relative references)."""
    head, sep, _ = href.strip().partition(":")
    if not sep or not head or not head[0].isalpha():
        return ""
    if all(c.isalnum() or c in "+-." for c in head):
        return head.lower()
    return ""
