"""The evidence page types are weighed from: declarations (og:type, JSON-LD, microdata) and the main block."""

from __future__ import annotations

import json

from browsy_engine.dom import build_document
from browsy_engine.intelligence.evidence import collect_evidence, words_in
from browsy_engine.intelligence.weighing import names_the_page

TEXT = "<p>" + " ".join(["word"] * 60) + "</p>"


def test_declarations_from_meta_json_ld_graph_and_microdata() -> None:
    ld = json.dumps(
        {"@context": "https://schema.org", "@graph": [{"@type": "WebSite"}, {"@type": ["NewsArticle"]}]}
    )
    doc = build_document(
        f"<html><head><meta property='og:type' content='Article'><script type='application/ld+json'>{ld}</script>"
        "<link rel='next' href='/2'></head><body><main><div itemscope itemtype='https://schema.org/Product'>"
        f"<article>{TEXT}</article></div></main></body></html>"
    )
    ev = collect_evidence(doc)
    assert ev.og_type == "article" and {"newsarticle", "website", "product"} <= ev.schema_types
    assert ev.declares_article and not ev.declares_listing
    assert ev.has_main and ev.paginated and ev.articles == 1


def test_broken_and_hostile_json_ld_is_ignored_or_bounded() -> None:
    deep = "[" * 5000 + "]" * 5000
    wide = json.dumps([{"@type": "Thing", "@graph": [{"@type": "Thing"}] * 1000}] * 1000)
    for ld in ("{not json", deep, wide):
        doc = build_document(f"<script type='application/ld+json'>{ld}</script>{TEXT}")
        collect_evidence(doc)  # no exception, no long walk


def test_main_block_is_the_text_not_the_chrome() -> None:
    nav = "<nav>" + "".join(f"<a href='/{i}'>Section link number {i}</a>" for i in range(40)) + "</nav>"
    doc = build_document(
        f"<body><header>{nav}</header><div id='story'>{TEXT * 4}</div><footer>{TEXT}</footer></body>"
    )
    ev = collect_evidence(doc)
    main = doc.nodes[ev.main_node]
    assert main.attrs.get("id") == "story"
    assert ev.main_words == 240 and ev.main_link_density == 0 and ev.main_paragraphs == 4
    footer = next(n.index for n in doc.nodes if n.tag == "footer")
    assert ev.where(footer + 1) == "chrome" and ev.where(ev.main_node + 1) == "main"


def test_posts_of_a_thread_widen_to_the_thread() -> None:
    post = (
        "<div class='post'><a href='/u'>user</a><div class='body'><p>"
        + " ".join(["word"] * 40)
        + "</p></div></div>"
    )
    doc = build_document(f"<body><div id='thread'>{post * 5}</div></body>")
    ev = collect_evidence(doc)
    assert doc.nodes[ev.main_node].attrs.get("id") == "thread" and ev.main_words == 200


def test_words_count_cjk_characters() -> None:
    assert words_in("two words") == 2
    assert words_in("中文新闻") >= 4


def test_h1_names_the_page() -> None:
    assert names_the_page(
        "Floodwater reaches the town hall", "Floodwater reaches the town hall | Example News"
    )
    assert names_the_page(
        "Floodwater reaches the town hall", "Example News » Floodwater reaches the town hall"
    )
    assert not names_the_page("Environment", "Environment – Example News")  # too short to tell
    assert not names_the_page("Floodwater reaches the town hall", "Example News")


def test_ascii_word_count_counts_as_str_split_does() -> None:
    """Long ASCII texts are counted without making their words; the count is str.split's, for every
    white space it splits at (tab, line feed, vertical tab, form feed, return, the separators 0x1c-0x1f)."""
    import random

    from browsy_engine.intelligence.evidence import ascii_word_count

    rng = random.Random(7)
    alphabet = " \t\n\x0b\x0c\r\x1c\x1d\x1e\x1fab-.\x00\x7f"
    texts = ["", " ", "word", " lead and trail ", "x" * 100, " " * 100, "a " * 60, "\x1f".join("abc" * 30)]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 300))) for _ in range(2000)]
    for text in texts:
        assert ascii_word_count(text) == len(text.split()), repr(text)
