"""Folds of the compact `all` list: images that repeat their link, repeated lines, big menus and footers,
long hidden runs. Each: one line (or a header note), `expand` opens it, every id stays reachable, ids do
not change, and the JSON keeps every element."""

from __future__ import annotations

import json
import re

from browsy_engine import parse
from browsy_engine.output.selection import is_actionable, select_view, within
from browsy_engine.tools.views import render_page

MENU = "".join(f"<li><a href='/c/{i}'>Category {i}</a></li>" for i in range(14))
HIDDEN = "".join(f"<li><a href='/m/{i}'>Menu entry {i}</a></li>" for i in range(8))
PAGE = f"""<title>Shop</title>
<header><a href="/">Shop</a><nav><ul>{MENU}</ul><form><input name="q" placeholder="Search"></form></nav></header>
<main><h1>Garden tools</h1>
<ul style="display:none" id="drawer">{HIDDEN}</ul>
<a href="/p/spade"><img src="s.png" alt="Spade"> Spade</a>
<a href="/p/rake"><img src="r.png" alt="A rake on grass"> Rake</a>
<p>Sold out</p><p>Sold out</p><p>Sold out</p>
<a href="/forgot" style="display:none">Forgot password?</a>
</main>
<footer><a href="/imprint">Imprint</a></footer>"""


def _page():  # noqa: ANN202
    return parse(PAGE, 1920, 1080, url="https://shop.test/tools")


def _listed_ids(text: str) -> set[int]:
    return {int(m.group(1)) for m in re.finditer(r"^\[[!~+]?(\d+):", text, re.M)}


def _by_text(dom, text: str, tag: str | None = None):  # noqa: ANN001, ANN202
    return next(el for el in dom.els if el.text == text and (tag is None or el.tag == tag))


def test_an_image_that_repeats_its_links_name_folds_into_the_link() -> None:
    dom = _page()
    shown = render_page(dom).content
    spade_img = next(el for el in dom.els if el.tag == "img" and el.text == "Spade")
    rake_img = next(el for el in dom.els if el.tag == "img" and el.text == "A rake on grass")
    assert spade_img.id not in _listed_ids(shown)  # repeats its link's name: folded
    assert rake_img.id in _listed_ids(shown)  # says something its link does not: listed
    note = next(line for line in shown.split("\n") if line.startswith("note: "))
    assert "images repeating their link's name fold into the link" in note and "(expand=<its id>)" in note
    link = next(el for el in dom.els if el.tag == "a" and el.href and el.href.endswith("/p/spade"))
    opened = render_page(dom, expand=link.id).content
    assert spade_img.id in _listed_ids(opened)
    assert spade_img.id in {el.id for el in within(dom, link.id) or []}


def test_lines_repeating_the_line_above_fold_into_it() -> None:
    dom = _page()
    sold = [el for el in dom.els if el.text == "Sold out"]
    assert len(sold) == 3
    shown = render_page(dom).content
    assert sold[0].id in _listed_ids(shown)
    assert not {sold[1].id, sold[2].id} & _listed_ids(shown)
    assert "lines repeating the line above fold into it" in shown
    assert {el.id for el in sold} <= _listed_ids(render_page(dom, expand=sold[2].id).content)


def test_a_big_menu_is_one_line_with_its_range_names_and_how_to_open_it() -> None:
    dom = _page()
    nav = next(el for el in dom.els if el.role == "navigation")
    search = next(el for el in dom.els if el.tag == "input")
    shown = render_page(dom).content
    line = next(line for line in shown.split("\n") if line.startswith(f"[{nav.id}:nav]"))
    assert '"Category 0", "Category 1", "Category 2", …' in line
    assert f"(get_page expand={nav.id})" in line
    assert '"Category 5"' not in shown
    assert search.id in _listed_ids(shown)  # a form field inside a folded menu stays listed
    opened = render_page(dom, expand=nav.id).content
    assert '"Category 13"' in opened
    inner = _by_text(dom, "Category 7", "a")
    assert '"Category 13"' in render_page(dom, expand=inner.id).content  # any id inside opens it


def test_a_long_hidden_run_is_one_line_and_short_hidden_things_stay_listed() -> None:
    dom = _page()
    hidden = [el for el in dom.els if el.hidden and (el.text or "").startswith("Menu entry")]
    forgot = _by_text(dom, "Forgot password?")
    shown = render_page(dom).content
    listed = _listed_ids(shown)
    first = min(el.id for el in dom.els if el.hidden)
    assert first in listed and not {el.id for el in hidden} - {first} & listed
    assert re.search(rf"more hidden elements \({first + 1}–\d+\): \"Menu entry \d\"", shown)
    assert f"(get_page expand={first})" in shown
    assert forgot.id in listed and f"[!{forgot.id}:a" in shown
    assert {el.id for el in hidden} <= _listed_ids(render_page(dom, expand=hidden[3].id).content)


def test_folds_lose_nothing_ids_do_not_change_and_json_is_whole() -> None:
    dom = _page()
    before = [(el.id, el.tag, el.text) for el in dom.els]
    shown = render_page(dom).content
    listed = _listed_ids(shown)
    folded = [el for el in dom.els if el.id not in listed]
    assert folded  # the page has folds
    for el in folded:  # every folded element is opened by expand on its own id
        assert el.id in _listed_ids(render_page(dom, expand=el.id).content)
    actions = {el.id for el in select_view(dom.els, "actions")}
    assert all(el.id in actions for el in dom.els if is_actionable(el))
    assert [(el.id, el.tag, el.text) for el in dom.els] == before
    data = render_page(dom, "json").data
    assert [el["id"] for el in data["els"]] == [el.id for el in dom.els]
    assert "expand" not in json.dumps(data)
    # other views and within are never folded
    assert "more hidden elements" not in render_page(dom, view="actions").content
    main = next(el for el in dom.els if el.tag == "main")
    assert not {el.id for el in within(dom, main.id) or []} - _listed_ids(
        render_page(dom, within_id=main.id).content
    )
