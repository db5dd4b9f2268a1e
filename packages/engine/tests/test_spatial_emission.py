"""Which elements the Spatial DOM lists, with which roles, text, labels, states and links."""

from __future__ import annotations

from browsy_engine import parse
from browsy_engine.model import SpatialElement


def els(html: str, url: str | None = "https://site.test/dir/page.html") -> list[SpatialElement]:
    return parse(html, url=url).els


def by_tag(html: str, tag: str) -> list[SpatialElement]:
    return [e for e in els(html) if e.tag == tag]


def one(html: str, tag: str) -> SpatialElement:
    found = by_tag(html, tag)
    assert len(found) == 1, found
    return found[0]


def test_ids_are_sequential_in_document_order_and_nodes_point_back() -> None:
    dom = parse("<h1>Title</h1><p>Para</p><a href='/x'>Link</a><button>Go</button>")
    assert [(e.id, e.tag) for e in dom.els] == [(1, "h1"), (2, "p"), (3, "a"), (4, "button")]
    for e in dom.els:
        assert dom.document.nodes[e.node].tag == e.tag


def test_interactive_elements_and_their_roles() -> None:
    html = """<a href="/a">A</a><button>B</button><input name="t"><input type="checkbox" name="c">
    <input type="radio" name="r"><input type="search" name="s"><input type="number" name="n">
    <input type="range" name="g"><input type="submit" value="Send"><select name="sel"><option>x</option></select>
    <select name="multi" multiple><option>y</option></select><textarea name="ta"></textarea>
    <details><summary>More</summary></details><div role="tab">Tab</div>"""
    got = [(e.tag, e.role) for e in els(html) if e.tag != "details"]
    assert got == [
        ("a", "link"), ("button", "button"), ("input", "textbox"), ("input", "checkbox"),
        ("input", "radio"), ("input", "searchbox"), ("input", "spinbutton"), ("input", "slider"),
        ("input", "button"), ("select", "combobox"), ("select", "listbox"), ("textarea", "textbox"),
        ("summary", None), ("div", "tab"),
    ]  # fmt: skip


def test_hidden_inputs_scripts_and_head_are_not_elements() -> None:
    html = """<head><title>T</title><script>var x = "<a href=y>no</a>";</script><style>p{}</style></head>
    <body><input type="hidden" name="csrf" value="1"><template><a href="/t">T</a></template><p>Kept</p></body>"""
    assert [(e.tag, e.text) for e in els(html)] == [("p", "Kept")]


def test_input_types_are_normalised() -> None:
    found = by_tag("<input type='EMAIL' name='a'><input type='bogus' name='b'><input name='c'>", "input")
    assert [e.input_type for e in found] == ["email", "text", "text"]


def test_landmarks_are_markers_without_recursive_text() -> None:
    html = """<header><a href="/">Home</a></header><nav><a href="/1">One</a><a href="/2">Two</a></nav>
    <main><section aria-label="News"><p>Story</p></section><section><p>Other</p></section></main>
    <aside><p>Side</p></aside><footer><p>Foot</p></footer><form><input name="q"></form>"""
    got = [(e.tag, e.role, e.text) for e in els(html)]
    assert got == [
        ("header", "banner", None), ("a", "link", "Home"), ("nav", "navigation", None), ("a", "link", "One"),
        ("a", "link", "Two"), ("main", "main", None), ("section", "region", None), ("p", None, "Story"),
        ("section", None, None), ("p", None, "Other"), ("aside", "complementary", None), ("p", None, "Side"),
        ("footer", "contentinfo", None), ("p", None, "Foot"), ("form", "form", None), ("input", "textbox", None),
    ]  # fmt: skip


def test_header_and_footer_inside_sectioning_content_are_not_page_landmarks() -> None:
    found = els("<article><header><h2>Post</h2></header><footer><p>By me</p></footer></article>")
    roles = {e.tag: e.role for e in found}
    assert roles["header"] is None and roles["footer"] is None


def test_explicit_landmark_roles_and_dialogs_are_markers() -> None:
    found = els("<div role='navigation'><a href='/x'>X</a></div><div role='dialog'><p>Accept?</p></div>")
    assert [(e.tag, e.role, e.text) for e in found] == [
        ("div", "navigation", None),
        ("a", "link", "X"),
        ("div", "dialog", None),
        ("p", None, "Accept?"),
    ]


def test_wrapper_dedup_keeps_only_the_interactive_child() -> None:
    html = """<ul><li><a href="/about">About</a></li></ul><table><tr><td><span><button>Submit</button></span></td>
    <th><a href="/h">H</a></th></tr></table><dl><dt><a href="/t">T</a></dt><dd><a href="/d">D</a></dd></dl>
    <p><a href="/p">P</a></p><div><a href="/1">One</a> | <a href="/2">Two</a></div>"""
    assert [e.tag for e in els(html)] == ["a", "button", "a", "a", "a", "a", "a", "a"]


def test_wrappers_with_their_own_text_are_kept_with_the_whole_text() -> None:
    found = els("<li>Price: <a href='/x'>details</a></li><p>Read <b>this</b> <a href='/y'>now</a>.</p>")
    assert [(e.tag, e.text) for e in found] == [
        ("li", "Price: details"),
        ("a", "details"),
        ("p", "Read this now."),
        ("a", "now"),
    ]


def test_inline_formatting_stays_inside_its_block() -> None:
    found = els("<div>Direct <b>bold</b> and <em>em</em><br>next line</div><span>Loose span</span>")
    assert [(e.tag, e.text) for e in found] == [
        ("body", "Loose span"),
        ("div", "Direct bold and em next line"),
    ]


def test_nested_blocks_each_speak_for_themselves() -> None:
    found = els("<div>Intro<div>Inner</div><p>Para</p></div>")
    assert [(e.tag, e.text) for e in found] == [("div", "Intro"), ("div", "Inner"), ("p", "Para")]


def test_blocks_inside_links_and_buttons_are_part_of_their_text() -> None:
    found = els(
        "<a href='/card'><div><h3>Card title</h3><p>Card text</p></div></a><button><div>Go</div></button>"
    )
    assert [(e.tag, e.text) for e in found] == [
        ("a", "Card title Card text"),
        ("h3", "Card title"),
        ("button", "Go"),
    ]


def test_separators_alone_do_not_make_a_block_worth_emitting() -> None:
    assert [e.tag for e in els("<p><a href='/a'>A</a> · <a href='/b'>B</a> | </p>")] == ["a", "a"]


def test_text_fallback_chain_for_links_and_buttons() -> None:
    html = """<a href="/1" aria-label="Aria"><i></i></a><a href="/2" title="Titled"></a>
    <a href="/3"><img src="x.png" alt="Logo alt"></a><button><svg><title>Close dialog</title><path d=""/></svg></button>
    <a href="/5" aria-label="Ignored">Visible</a>"""
    links = [e for e in els(html) if e.tag in ("a", "button")]
    assert [e.text for e in links] == ["Aria", "Titled", "Logo alt", "Close dialog", "Visible"]


def test_svg_children_are_skipped_and_named_svgs_are_images() -> None:
    html = """<svg><text>chart text</text><a href="/in-svg">inside</a></svg>
    <svg role="img" aria-label="Sales chart"><title>T</title></svg><p>After</p>"""
    assert [(e.tag, e.role, e.text) for e in els(html)] == [
        ("svg", "img", "Sales chart"),
        ("p", None, "After"),
    ]


def test_images_with_alt_aria_label_title_or_nothing() -> None:
    found = by_tag(
        "<img src=a alt=' Alt  text '><img src=b aria-label='Aria'><img src=c title='T'><img src=d alt=''>",
        "img",
    )
    assert [(e.role, e.text) for e in found] == [
        ("img", "Alt text"),
        ("img", "Aria"),
        ("img", "T"),
        ("img", None),
    ]


def test_images_inside_links_and_pictures_are_listed() -> None:
    html = "<a href='/x'><picture><source srcset='a.webp'><img src='a.png' alt='Pic'></picture></a>"
    assert [(e.tag, e.text) for e in els(html)] == [("a", "Pic"), ("img", "Pic")]


def test_hidden_content_is_kept_and_flagged() -> None:
    # aria-hidden hides from assistive technology only: Chromium paints it, so it is not `hidden`.
    html = """<div hidden><a href="/h">Hidden link</a></div><div aria-hidden="true"><button>Icon</button></div>
    <details><summary>More</summary><p>Collapsed body</p></details><dialog><p>Closed dialog</p></dialog>
    <details open><summary>Open</summary><p>Open body</p></details><p>Shown</p>"""
    got = [(e.tag, e.text, e.hidden) for e in els(html)]
    assert got == [
        ("a", "Hidden link", True), ("button", "Icon", None),
        ("summary", "More", None), ("p", "Collapsed body", True), ("dialog", None, True),
        ("p", "Closed dialog", True), ("summary", "Open", None),
        ("p", "Open body", None), ("p", "Shown", None),
    ]  # fmt: skip


def test_hidden_descendants_do_not_count_as_text_of_a_visible_element() -> None:
    assert one("<button>Save<span hidden> secretly</span></button>", "button").text == "Save"


def test_decorative_aria_hidden_text_does_not_make_a_wrapper() -> None:
    found = els("<li><span aria-hidden='true'>★</span><a href='/x'>Starred</a></li>")
    assert [e.tag for e in found] == ["a"]


def test_labels_from_for_wrapping_and_aria_labelledby() -> None:
    html = """<label for="e">Email</label><input id="e" name="email">
    <label>Your name <input name="n"></label>
    <span id="l1">Phone</span><span id="l2">number</span><input aria-labelledby="l1 l2" name="p">
    <input aria-label="Search site" name="q"><input name="bare">
    <label>State <select name="s"><option>CA</option><option>NY</option></select></label>"""
    fields = [e for e in els(html) if e.tag in ("input", "select")]
    assert [(e.name, e.label) for e in fields] == [
        ("email", "Email"),
        ("n", "Your name"),
        ("p", "Phone number"),
        ("q", "Search site"),
        ("bare", None),
        ("s", "State"),
    ]
    labels = [e.text for e in els(html) if e.tag == "label"]
    assert labels == ["Email", "Your name", "State"]


def test_states_checked_disabled_expanded_selected_required() -> None:
    html = """<input type="checkbox" name="a" checked><input type="checkbox" name="b">
    <fieldset disabled><legend><input name="in-legend"></legend><input name="in-fieldset"></fieldset>
    <button disabled>Off</button><div role="button" aria-disabled="true">Aria off</div>
    <button aria-expanded="false">Menu</button><div role="tab" aria-selected="true">Tab</div>
    <div role="checkbox" aria-checked="true">Agree</div><input name="req" required><select name="s" aria-required="true"></select>
    <details open><summary>Sum</summary></details>"""
    by_key = {(e.name or e.text): e for e in els(html)}
    assert by_key["a"].checked is True and by_key["b"].checked is False
    assert by_key["in-legend"].disabled is None and by_key["in-fieldset"].disabled is True
    assert by_key["Off"].disabled is True and by_key["Aria off"].disabled is True
    assert by_key["Menu"].expanded is False and by_key["Sum"].expanded is True
    assert by_key["Tab"].selected is True and by_key["Agree"].checked is True
    assert by_key["req"].required is True and by_key["s"].required is True
    assert by_key["Menu"].checked is None and by_key["req"].disabled is None


def test_values_of_inputs_selects_and_textareas() -> None:
    html = """<input name="q" value="typed" placeholder="Search"><textarea name="t" placeholder="Say">
line one
line two</textarea><select name="a"><option value="1">One</option><option value="2" selected>Two</option></select>
    <select name="b"><option disabled>Pick</option><option>First enabled</option></select>
    <select name="c"><optgroup label="G"><option value="g" selected>G1</option></optgroup></select>
    <select name="d" multiple><option selected>x</option><option>y</option><option selected value="z1">z</option></select>
    <select name="e" size="3"><option>no default</option></select>"""
    fields = {e.name: e for e in els(html)}
    assert (fields["q"].val, fields["q"].ph) == ("typed", "Search")
    assert (fields["t"].val, fields["t"].ph) == ("line one\nline two", "Say")
    assert (fields["a"].val, fields["a"].text) == ("2", "One Two")
    assert fields["b"].val == "First enabled"
    assert fields["c"].val == "g"
    assert fields["d"].val == "x, z1"
    assert fields["e"].val is None


def test_names_only_on_form_fields() -> None:
    found = els("<input name='user'><button name='go'>Go</button><a name='top' href='#top'>Top</a>")
    assert [(e.tag, e.name) for e in found] == [("input", "user"), ("button", None), ("a", None)]


def test_hrefs_resolve_against_the_page_url() -> None:
    html = """<a href="/root">1</a><a href="rel.html">2</a><a href="#frag">3</a><a href="javascript:void(0)">4</a>
    <a href="mailto:a@b.test">5</a><a href="https://other.test/x">6</a><a href=" /spaced\n\tpath ">7</a><a>8</a>"""
    assert [e.href for e in els(html)] == [
        "https://site.test/root", "https://site.test/dir/rel.html", "https://site.test/dir/page.html#frag",
        "javascript:void(0)", "mailto:a@b.test", "https://other.test/x", "https://site.test/spacedpath", None,
    ]  # fmt: skip


def test_base_href_is_honoured_and_no_url_keeps_hrefs_as_written() -> None:
    html = "<head><base href='https://cdn.test/base/'></head><a href='x'>X</a>"
    assert els(html)[0].href == "https://cdn.test/base/x"
    assert els("<a href='/x'>X</a>", url=None)[0].href == "/x"
    assert els("<head><base href='/sub/'></head><a href='x'>X</a>")[0].href == "https://site.test/sub/x"


def test_alert_types_from_roles_and_compound_classes() -> None:
    html = """<div role="alert">A</div><div role="status">S</div><div class="alert alert-danger">Bad</div>
    <div class="flash-success">Good</div><p class="msg-warning">Careful</p><div class="error-message">Oops</div>
    <div class="alert-info">FYI</div><div class="error">Bare error</div><div class="alert">Bare alert</div>
    <div class="btn-danger">Not an alert</div><div role="alert" class="alert-danger">Both</div>"""
    assert [(e.text, e.alert_type) for e in els(html)] == [
        ("A", "alert"), ("S", "status"), ("Bad", "error"), ("Good", "success"), ("Careful", "warning"),
        ("Oops", "error"), ("FYI", "alert"), ("Bare error", None), ("Bare alert", None), ("Not an alert", None),
        ("Both", "error"),
    ]  # fmt: skip


def test_alert_containers_carry_their_whole_text_once() -> None:
    found = els("<div class='alert alert-danger'><p>Invalid password.</p><p>Try again.</p></div>")
    assert [(e.tag, e.text, e.alert_type) for e in found] == [
        ("div", "Invalid password. Try again.", "error")
    ]


def test_headings_include_nested_link_text_and_fall_back_to_title() -> None:
    found = els("<h2>News <a href='/more'>more</a></h2><h1 title='Logo title'></h1>")
    assert [(e.tag, e.text) for e in found] == [("h2", "News more"), ("a", "more"), ("h1", "Logo title")]


def test_text_is_collapsed_and_capped() -> None:
    from browsy_engine.spatial.text import TEXT_CAP

    assert one("<p>  many \n\t spaces&nbsp;here </p>", "p").text == "many spaces here"
    long_text = one("<p>" + "word " * 2000 + "</p>", "p").text
    assert long_text is not None and len(long_text) <= TEXT_CAP + 1 and long_text.endswith("…")


def test_title_is_collapsed() -> None:
    assert parse("<title>\n  A   title </title>").title == "A title"


def test_href_shortcuts_agree_with_urljoin() -> None:
    from browsy_engine.spatial.urls import HrefResolver, resolve, without_credentials

    bases = ["https://site.test/dir/page.html?q=1#top", "http://a.test", "https://u:p@h.test:8080/x",
             "fixture://login", "about:blank", "file:///tmp/x.html", "https://h.test/a//b/c", "https://h.test/a/./b/c",
             "https://h.test/x;p/y", "https://h.test/dir/", "https://h.test/%20/ä", "https://h.test//",
             "https://h.test/a/../b/c", "https://h.test/..", "https://h.test/a/.", "https://h.test/p;q/r;s",
             "https://u:p@h.test//x/", "https://[::1]//a/b"]  # fmt: skip
    hrefs = ["#f", "#", "/a/b?c=d#e", "/a;p?x", "mailto:x@y", "javascript:void(0)", "HTTP://Other/x",
             "https://o.test/a/../b", "/a/./b", "/a//b", "//cdn.test/x", "rel", "", "?q=2", "/", "/a\\b",
             "/ä ö", "https:rel", "https:/abs", "//cdn.test/a?b#c", "https://o.test/x?y=1&z", "https://o.test/a?",
             "//h.test/a;b", "https://[::1]/x", "//h.test/a#", "//h.test/a?#f", "https:///x", "//ä.test/x",
             "http://o.test/p", "//h.test:99999/x", "//u:p@h.test/x", "a/b.html", "p.php?x=1&y=2#z", "a//b",
             "a/./b", "../a", "./a", ".", "a/..", "a?", "a#", "a?#f", "a:b", "1a:b", "~u/x", "a b", "ä/ö", "a;p"]  # fmt: skip
    for base in bases:
        resolver = HrefResolver(base)
        assert [resolver(h) for h in hrefs] == [without_credentials(resolve(base, h)) for h in hrefs], base


def test_svg_titles_are_not_the_page_title() -> None:
    assert parse("<body><svg><title>Icon</title></svg><p>x</p></body>").title == ""
    assert parse("<body><svg><title>Icon</title></svg></body><title>Page</title>").title == "Page"


def test_css_hidden_content_through_the_whole_pipeline() -> None:
    html = """<style>.menu{display:none}.ghost{visibility:hidden}@media (max-width:600px){.wide{display:none}}</style>
    <div class=menu><a href=/m>Menu item</a></div><p class=ghost>Ghost</p><p style="display:none">Inline none</p>
    <p class=wide>Wide only</p><p>Shown</p>"""
    narrow = parse(html, 400, 800).els
    assert [(e.text, e.hidden) for e in narrow] == [
        ("Menu item", True),
        ("Ghost", True),
        ("Inline none", True),
        ("Wide only", True),
        ("Shown", None),
    ]
    wide = parse(html, 1200, 800).els
    assert [(e.text, e.hidden) for e in wide][3] == ("Wide only", None)
    assert narrow[4].b[2] > 0 and narrow[4].b[3] > 0


def test_blocks_inside_inline_wrappers_of_a_link_are_still_part_of_the_link() -> None:
    found = els(
        "<a href='/x'><span><div>Deep text</div></span></a><article><span><header>H</header></span></article>"
    )
    assert [(e.tag, e.text, e.role) for e in found] == [("a", "Deep text", "link"), ("header", "H", None)]


def test_kind_table_of_roleless_elements_agrees_with_the_rules() -> None:
    from browsy_engine.dom.tree import Document, Node
    from browsy_engine.spatial.kinds import _ROLELESS_KINDS, classify, compute_kinds

    tags = [*_ROLELESS_KINDS, "div", "p", "custom-widget", "td", "input", "svg"]
    nodes = [Node(0, "body", {}, -1)]
    for tag in tags:
        for attrs in ({}, {"class": "alert-danger big"}, {"class": "plain"}):
            node = Node(len(nodes), tag, dict(attrs), 0)
            nodes.append(node)
            nodes[0].children.append(node.index)
    kinds = compute_kinds(Document(nodes, ""))
    for node in nodes[1:]:
        assert kinds.kind[node.index] == classify(node, None), (node.tag, node.attrs)


def test_blocks_speak_only_for_text_of_their_own() -> None:
    def found(html: str) -> list[tuple[str, str | None]]:
        return [(e.tag, e.text) for e in parse(html).els]

    # A wrapper of links says nothing itself; text beside a link makes the block an element.
    assert found("<ul><li><a href=/a>A</a></li><li><a href=/b>B</a> and more</li></ul>") == [
        ("a", "A"), ("li", "B and more"), ("a", "B")
    ]  # fmt: skip
    # A block reads through inline elements, links included, in document order.
    assert found("<p>a<span>b<a href=x>c<span>d</span></a>e</span>f</p>") == [("p", "abcdef"), ("a", "cd")]
    # Text inside a skipped <map> counts only beside a separately emitted element.
    assert found("<div><map>text</map></div>") == []
    assert found("<div><a href=x>l</a><map>text</map></div>") == [("div", "ltext"), ("a", "l")]


def test_select_size_that_is_no_number_is_ignored() -> None:
    select = parse('<select size="²"><option>a</option><option>b</option></select>').els[0]
    assert (select.role, select.val) == ("combobox", "a")
    list_box = parse('<select size=" 3 "><option>a</option></select>').els[0]
    assert (list_box.role, list_box.val) == ("listbox", None)


def test_no_url_shown_carries_credentials() -> None:
    from browsy_engine import parse

    html = '<a href="https://bob:s3cret@example.com/x">a</a><a href="/rel">b</a><a href="mailto:me@example.com">c</a>'
    dom = parse(html, 1920, 1080, url="https://alice:hunter2@example.com/page")
    assert dom.url == "https://example.com/page"
    assert [el.href for el in dom.els] == [
        "https://example.com/x",
        "https://example.com/rel",
        "mailto:me@example.com",
    ]
    assert "hunter2" not in dom.to_json() and "s3cret" not in dom.to_compact()


def test_meaningful_text_has_a_letter_digit_or_symbol() -> None:
    """A text is meaningful when it holds a letter or digit of any script (str.isalnum) or a symbol
    (Unicode category So); separators and punctuation alone are not."""
    from browsy_engine.spatial.text import is_meaningful

    for text in ("Home", "2", "Ünter", "日本", "٣", " x", "| a", "★", "→ next", "_x"):
        assert is_meaningful(text), text
    for text in ("", " ", "|", "·", " | ", "_", "--", "…"):
        assert not is_meaningful(text), text


def test_collapsed_text_is_its_words_joined_by_single_spaces() -> None:
    """An element's text is its words (split at any white space) joined by one space, without control
    characters, whether the text was collapsed already or not."""
    import random

    from browsy_engine.spatial.text import CONTROL_CHARS, _collapse_whole

    def reference(text: str) -> str:
        return CONTROL_CHARS.sub("", " ".join(text.split()))

    for text in (
        "one two",
        "\none\ntwo\n",
        "one\n two",
        "a\n\nb",
        "a\xa0\nb",
        "\n",
        " \n ",
        "é\nü",
        "a\x1f\nb",
    ):
        assert _collapse_whole(text) == reference(text), repr(text)
    rng = random.Random(7)
    alphabet = ["a", "b", " ", "\n", "\t", "\xa0", "\r", "\u2003", "\x1f", "é"]
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
        assert _collapse_whole(text) == reference(text), repr(text)
