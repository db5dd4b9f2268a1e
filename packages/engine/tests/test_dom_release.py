"""A parsed page drops lexbor's tree to save memory and rebuilds it, with the same indices, when asked."""

from browsy_engine import parse
from browsy_engine.dom import build_document

HTML = """<html><head><title>t</title></head><body><!-- c --><template><a href=/t>t</a></template>
<div id=a><p>one <a href="/x">x</a></p><ul><li><a href="/y">y</a></li></ul></div></body></html>"""


def test_select_after_release_gives_the_same_indices() -> None:
    doc = build_document(HTML)
    before = doc.select("a, li, #a")
    assert before  # the page has matches
    doc.release_parser()
    assert doc.by_mem_id == {}
    assert doc.select("a, li, #a") == before
    assert [doc.nodes[i].tag for i in doc.select("a")] == ["a", "a"]


def test_parsed_pages_hold_no_parser_until_a_selector_is_needed() -> None:
    dom = parse(HTML)
    assert dom.document._parser is None
    assert dom.tables() == []  # table extraction selects through a rebuilt parser
    assert dom.document._parser is not None
