r"""Weighing the evidence that a page is a piece of content (an article, a post, a documentation page).

No single threshold decides. Each signal adds or takes points, and says why:

| signal | points |
|---|---|
| the page declares an article (`og:type=article`, schema.org NewsArticle, BlogPosting, …) | +3 |
| the page declares a listing (schema.org ItemList, CollectionPage, SearchResultsPage) | −3 |
| the main block holds 300+ words of text with few links (link density < 0.3) | +3 |
| … or 150+ words with link density < 0.4 | +2 |
| … or 80+ words with link density < 0.45 | +1 |
| the main block holds under 50 words, or is mostly links (density ≥ 0.6), and nothing declares an article | −2 |
| sections and long paragraphs as the seed counts them (the old `is_article`) | +2 |
| exactly one `h1` | +1 |
| the h1 repeats the page title (or a segment of it: "Headline \| Site") | +1 |
| 3+ paragraphs of 20+ words in the main block | +1 |
| 3+ headings that are links in the main block (teasers, results) | −2 |
| many `<article>` teasers (4+) around a short main text | −1 |

A page with 3 points or more is content. The same score decides where a CAPTCHA or a password field
stands: on a content page they are peripheral (a comment form, a header sign-in) unless they sit in
the main block itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from .evidence import ARTICLE_TYPES, LISTING_TYPES, Evidence

CONTENT_POINTS: Final = 3
TEASERS: Final = 4
LINKED_HEADINGS: Final = 3


@dataclass(slots=True, init=False)
class Weighing:
    points: int = 0
    reasons: list[tuple[int, str]] = field(default_factory=list)  # (points, why)

    # Written out rather than generated (init=False): a dataclass's generated __init__ runs interpreted
    # under mypyc, and one is made per parse. Same parameters and defaults as the generated one.
    def __init__(self, points: int = 0, reasons: list[tuple[int, str]] | None = None) -> None:
        self.points = points
        self.reasons = [] if reasons is None else reasons

    def add(self, points: int, why: str) -> None:
        self.points += points
        self.reasons.append((points, why))

    @property
    def is_content(self) -> bool:
        return self.points >= CONTENT_POINTS

    def top(self, count: int = 3) -> list[str]:
        """The reasons that weighed most, strongest first."""
        ranked = sorted(self.reasons, key=lambda r: -abs(r[0]))
        return [why for _, why in ranked[:count]]


def weigh_content(ev: Evidence, *, seed_article: bool, h1: list[str], title: str) -> Weighing:
    w = Weighing()
    if ev.declares_article:
        declared = ev.og_type if ev.og_type in ("article", "blog", "news") else ""
        w.add(3, f"og:type={declared}" if declared else "schema.org " + _first(ev.schema_types))
    elif ev.declares_listing:
        w.add(-3, "schema.org " + _first(ev.schema_types, listing=True))
    words, density = ev.main_words, ev.main_link_density
    if words >= 300 and density < 0.3:
        w.add(3, f"main text {words:,} words")
    elif words >= 150 and density < 0.4:
        w.add(2, f"main text {words:,} words")
    elif words >= 80 and density < 0.45:
        w.add(1, f"main text {words:,} words")
    elif (words < 50 or density >= 0.6) and not ev.declares_article:
        w.add(-2, f"main text {words:,} words, {density:.0%} links")
    if seed_article:
        w.add(2, "sections and long paragraphs")
    if len(h1) == 1:
        w.add(1, "one h1")
    if h1 and names_the_page(h1[0], title):
        w.add(1, "h1 repeats the title")
    if ev.main_link_headings >= LINKED_HEADINGS:
        w.add(-2, f"{ev.main_link_headings} linked headings in the main content")
    elif ev.main_paragraphs >= 3:
        w.add(1, f"{ev.main_paragraphs} paragraphs of text")
    if ev.articles >= TEASERS and words < 300:
        w.add(-1, f"{ev.articles} <article> teasers")
    return w


_TITLE_SEPARATORS: Final = re.compile(r"\s+[|–—\-»·:•]\s+|\s*[|»•]\s*")


def names_the_page(h1: str, title: str) -> bool:
    """The page's h1 is its own title (the title, or one of its segments: "Headline | Site", "Headline »
    Blog"): a page about one thing. A listing's title names a section, but then its main content is links.
    """
    heading = " ".join(h1.lower().split())
    if len(heading) < 12:
        return False
    whole = " ".join(title.lower().split())
    return whole.startswith(heading) or any(
        " ".join(part.split()) == heading for part in _TITLE_SEPARATORS.split(whole)
    )


def _first(types: set[str], *, listing: bool = False) -> str:
    pool = LISTING_TYPES if listing else ARTICLE_TYPES
    return next((t for t in sorted(types) if t in pool), "")
