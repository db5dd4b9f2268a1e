"""What a page says about itself and where its content is: the evidence the page type is weighed from.

- **Declarations**: `og:type`, schema.org types from JSON-LD (`@type`, also inside `@graph`) and microdata
  (`itemtype`), the number of `<article>` elements, a `<main>`, `rel=next/prev` links.
- **Main content**: the dominant block of text, Readability's idea written our own way. Words are counted
  once per text node (script, style, template and noscript excluded), as link words when inside an `<a>`,
  and as chrome when inside a nav, header, footer or aside (or their ARIA roles). Each paragraph-like
  element (p, pre, blockquote, li, dd, td, headings below h1, or a text run directly in a block) gives its
  non-link, non-chrome words to its parent, and half of them to its grandparent. The node with the
  highest score is the main block (widened to its ancestor when it is a short block among several, such
  as the posts of a thread); its words and link density describe the main content.

`where(node)` answers whether a node sits in the main block, the chrome, or elsewhere (the periphery:
sidebars, comment sections below the text), which decides whether a CAPTCHA or a password field is the
point of the page or beside it.
"""

from __future__ import annotations

import json
import re
from typing import Final

from ..dom.tree import Document

_SKIPPED: Final = frozenset({"script", "style", "template", "noscript", "title", "svg", "select", "option"})
_CHROME_TAGS: Final = frozenset({"nav", "header", "footer", "aside"})
_CHROME_ROLES: Final = frozenset({"navigation", "banner", "contentinfo", "complementary"})
_PARAGRAPHS: Final = frozenset(
    {"p", "pre", "blockquote", "li", "dd", "td", "h2", "h3", "h4", "h5", "h6", "figcaption"}
)
_HEADINGS: Final = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
# Runs of CJK characters: removing them counts the characters (one match per run, where findall of
# single characters makes a string of each). Written `[…][…]*`, not `[…]+`: a pattern that starts with
# a character set lets `re` skip ahead to the set's characters, where a repeat is tried at each one.
_CJK: Final = "[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
_CJK_RUNS: Final = re.compile(f"{_CJK}{_CJK}*")

# schema.org types (lowercase) by what they declare the page to be
ARTICLE_TYPES: Final = frozenset(
    {
        "article",
        "newsarticle",
        "blogposting",
        "reportagenewsarticle",
        "analysisnewsarticle",
        "opinionnewsarticle",
        "reviewnewsarticle",
        "backgroundnewsarticle",
        "techarticle",
        "scholarlyarticle",
        "socialmediaposting",
        "liveblogposting",
        "report",
        "medicalscholarlyarticle",
        "recipe",
        "howto",
        "review",
        "posting",
        "discussionforumposting",
        "qapage",
    }
)
LISTING_TYPES: Final = frozenset({"itemlist", "collectionpage", "offercatalog", "searchresultspage", "blog"})
OG_ARTICLE_TYPES: Final = frozenset({"article", "blog", "blogpost", "news", "newsarticle"})


class Evidence:
    """What the document says about its content. A plain class, not a dataclass: under mypyc a
    dataclass's generated __init__ runs as Python, and one Evidence is made per parse."""

    def __init__(self) -> None:
        self.og_type = ""
        self.schema_types: set[str] = set()
        self.articles = 0  # <article> elements
        self.has_main = False
        self.paginated = False  # rel=next / rel=prev
        self.main_node = -1
        self.main_words = 0  # non-link words in the main block
        self.main_link_density = 0.0  # link words / all words in the main block
        self.total_words = 0  # non-chrome words of the page
        self.main_paragraphs = 0  # paragraphs of 20+ words of text in the main block
        self.main_link_headings = 0  # headings in the main block that are links (teasers, results)
        self.main_start = -1
        self.main_end = -1
        self.chrome: list[bool] = []  # per node: inside nav/header/footer/aside

    @property
    def declares_article(self) -> bool:
        return self.og_type in OG_ARTICLE_TYPES or bool(self.schema_types & ARTICLE_TYPES)

    @property
    def declares_listing(self) -> bool:
        return bool(self.schema_types & LISTING_TYPES) and not self.declares_article

    def where(self, node: int) -> str:
        """'main' (inside the main block), 'chrome', or 'periphery' (anywhere else)."""
        if self.main_start <= node <= self.main_end:
            return "main"
        if 0 <= node < len(self.chrome) and self.chrome[node]:
            return "chrome"
        return "periphery"


# str.split's white space among ASCII characters as a space, every other byte as "x" (bytes.translate)
_WORD_MARKS: Final = bytes(32 if chr(b).isspace() else 120 for b in range(256))


def ascii_word_count(text: str) -> int:
    """len(text.split()) of an ASCII text, without making the words: white space becomes spaces and the
    rest "x" (bytes.translate, a table lookup per byte), and the words are counted by their starts.
    Short texts are split (the conversions cost more than a few words)."""
    if len(text) < 64:
        return len(text.split())
    marks = text.encode("ascii").translate(_WORD_MARKS)
    return marks.count(b" x") + (1 if marks.startswith(b"x") else 0)


def words_in(text: str) -> int:
    """Words of a text; CJK characters count one each (those scripts do not separate words)."""
    count = len(text.split())
    if count and not text.isascii():
        count += len(text) - len(_CJK_RUNS.sub("", text))
    return count


def collect_evidence(doc: Document | None) -> Evidence:
    ev = Evidence()
    if doc is None or not doc.nodes:
        return ev
    nodes = doc.nodes
    n = len(nodes)
    chrome = [False] * n
    skipped = [False] * n
    in_link = [False] * n
    plain = [0] * n  # non-link, non-chrome words in the subtree
    linked = [0] * n  # link words (non-chrome) in the subtree
    paragraph = [False] * n  # paragraph-like: gives its words to its parent and grandparent
    for node in nodes:  # pre-order: a parent's flags are ready before its children
        i, parent = node.index, node.parent
        if parent >= 0:
            if skipped[parent]:
                skipped[i] = True
                continue
            chrome[i], in_link[i] = chrome[parent], in_link[parent]
        text = node.text
        if text is not None:  # a text node
            if not chrome[i]:
                count = ascii_word_count(text) if text.isascii() else words_in(text)
                if count:
                    paragraph[i] = True
                    if in_link[i]:
                        linked[i] = count
                    else:
                        plain[i] = count
            continue
        tag, attrs = node.tag, node.attrs
        if tag in _SKIPPED:
            skipped[i] = True
            if tag == "script" and (attrs.get("type") or "").lower() == "application/ld+json":
                _read_json_ld(doc.text_of(i), ev.schema_types)
            continue
        if tag in _PARAGRAPHS:
            paragraph[i] = True
        elif tag in _CHROME_TAGS:
            chrome[i] = True
        elif tag == "a":
            in_link[i] = True
            rel = attrs.get("rel")
            if rel and ("next" in rel.lower().split() or "prev" in rel.lower().split()):
                ev.paginated = True
        elif tag == "article":
            ev.articles += 1
        elif tag == "main":
            ev.has_main = True
        elif tag == "meta":
            _read_meta(attrs, ev)
        elif tag == "link" and (attrs.get("rel") or "").lower() in ("next", "prev"):
            ev.paginated = True
        if attrs:
            role = attrs.get("role")
            if role in _CHROME_ROLES:
                chrome[i] = True
            elif role == "main":
                ev.has_main = True
            itemtype = attrs.get("itemtype")
            if itemtype:
                ev.schema_types.update(t.rstrip("/").rsplit("/", 1)[-1].lower() for t in itemtype.split())
    score = [0.0] * n
    for node in reversed(nodes):  # children before parents: a node's subtree sums are complete here
        i, parent = node.index, node.parent
        if parent < 0:
            continue
        words = plain[i]
        if words:
            plain[parent] += words
            if paragraph[i] and not chrome[i]:
                share = words - 0.5 * linked[i]  # a paragraph of links is navigation, not text
                if share > 0:
                    score[parent] += share
                    grand = nodes[parent].parent
                    if grand >= 0:
                        score[grand] += share / 2
        if linked[i]:
            linked[parent] += linked[i]
    best = score.index(max(score))  # the first node with the highest score (no key call per node)
    ev.chrome = chrome
    ev.total_words = plain[0]
    if score[best] > 0:
        best = _widen(best, nodes, plain, linked)
        ev.main_node = best
        ev.main_words = plain[best]
        total = plain[best] + linked[best]
        ev.main_link_density = linked[best] / total if total else 0.0
        ev.main_start, ev.main_end = best, doc.subtree_end(best) - 1  # subtree_end is exclusive
        for i in range(best, ev.main_end + 1):
            tag = nodes[i].tag
            if tag == "p" and plain[i] >= 20:
                ev.main_paragraphs += 1
            elif tag in _HEADINGS and linked[i] and linked[i] >= plain[i]:
                ev.main_link_headings += 1
    return ev


SHORT_BLOCK: Final = 150  # words: a main block this short may be one of several posts or sections
POST_BLOCK: Final = (
    40  # words: a block shorter than a paragraph is an item of a list (a quote, a teaser), not a post
)
WIDEN_STEPS: Final = 3


def _widen(best: int, nodes: list, plain: list[int], linked: list[int]) -> int:
    """A short best block that is one of several similar blocks (the posts of a thread, the sections of a
    page each in its own box) widens to the nearest ancestor, within three levels, that holds half again
    as many words, as long as that ancestor stays text rather than links."""
    anchor = best
    for _ in range(WIDEN_STEPS):
        parent = nodes[anchor].parent
        if not POST_BLOCK <= plain[best] < SHORT_BLOCK or parent < 0:
            break
        total = plain[parent] + linked[parent]
        if total and linked[parent] / total >= 0.35:
            break
        if plain[parent] >= 1.5 * plain[best]:
            best = parent
        anchor = parent
    return best


def _read_meta(attrs: dict[str, str | None], ev: Evidence) -> None:
    key = (attrs.get("property") or attrs.get("name") or "").lower()
    if key == "og:type":
        ev.og_type = (attrs.get("content") or "").strip().lower()


def _read_json_ld(text: str, types: set[str]) -> None:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
        return
    stack = [data]
    seen = 0
    while stack and seen < 500:  # bounded: a hostile page cannot make this walk long
        item = stack.pop()
        seen += 1
        if isinstance(item, list):
            stack.extend(item[:100])
        elif isinstance(item, dict):
            kind = item.get("@type")
            for t in kind if isinstance(kind, list) else [kind]:
                if isinstance(t, str):
                    types.add(t.rsplit("/", 1)[-1].lower())
            graph = item.get("@graph")
            if isinstance(graph, list):
                stack.extend(graph[:100])
            main = item.get("mainEntity") or item.get("mainEntityOfPage")
            if isinstance(main, dict | list):
                stack.append(main)
