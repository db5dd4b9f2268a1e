"""Extraction helpers on SpatialDom: tables(), alerts(), find_codes(), pagination(), behaviors()."""

from __future__ import annotations

from pathlib import Path

from browsy_engine import parse
from browsy_engine.model import SpatialDom
from fixtures.intelligence.builders import el, link, page

FIXTURES = Path(__file__).parent / "fixtures" / "intelligence"


def load(name: str) -> SpatialDom:
    return parse((FIXTURES / name).read_text(), 1920, 1080, url="https://example.test/page")


def test_tables_expand_rowspan_and_colspan_and_skip_layout_and_hidden_tables() -> None:
    tables = load("tables.html").tables()
    assert [t.to_dict() for t in tables] == [
        {
            "headers": ["Region", "Q1 / Sales", "Q1 / Costs"],
            "rows": [["North", "10", "4"], ["North", "12", "5"], ["South", "n/a", "n/a"]],
        }
    ]


def test_tables_without_header_row_and_hostile_spans() -> None:
    dom = parse("<table><tr><td>a</td><td rowspan=999999999>b</td></tr><tr><td>c</td></tr></table>")
    (table,) = dom.tables()
    assert table.headers == []
    assert table.rows == [["a", "b"], ["c", "b"]]
    assert parse("<table></table>").tables() == []
    wide = parse("<table>" + "<tr><td colspan=5000>x</td></tr>" * 400 + "</table>").tables()
    assert len(wide[0].rows[0]) == 1000 and len(wide[0].rows) < 400  # spans clamped, grid size bounded


def test_table_cell_text_reads_like_the_page() -> None:
    dom = parse(
        "<table><tr><th>Unit<br>price</th><th>Name<script>track()</script></th></tr>"
        "<tr><td><b>Hel</b>lo<div>world</div></td><td>x</td></tr></table>"
    )
    (table,) = dom.tables()
    assert table.headers == ["Unit price", "Name"]
    assert table.rows == [["Hello world", "x"]]


def test_tables_fall_back_to_geometry_without_a_document() -> None:
    dom = page(
        "t",
        el("th", "Name", b=[10, 10, 50, 20]),
        el("th", "Age", b=[80, 12, 50, 20]),
        el("td", "Bob", b=[10, 40, 50, 20]),
        el("td", "42", b=[80, 41, 50, 20]),
        el("td", "Ann", b=[10, 70, 50, 20]),
        el("td", "37", b=[80, 70, 50, 20]),
    )
    (table,) = dom.tables()
    assert table.headers == ["Name", "Age"]
    assert table.rows == [["Bob", "42"], ["Ann", "37"]]


def test_alerts_skip_a_bare_error_class() -> None:
    alerts = load("alerts.html").alerts()
    assert [(a.alert_type, a.text) for a in alerts] == [
        ("success", "Settings saved."),
        ("status", "3 items synced"),
    ]


def test_find_codes_near_keywords_without_years_invoices_or_phone_numbers() -> None:
    assert load("email.html").find_codes() == ["739104"]
    assert load("other.html").find_codes() == []


def test_find_codes_uses_100px_proximity() -> None:
    near = page(
        "Mail",
        el("p", "Your one-time passcode:", b=[0, 100, 300, 20]),
        el("p", "482901", b=[0, 150, 300, 20]),
    )
    far = page(
        "Mail",
        el("p", "Your one-time passcode:", b=[0, 100, 300, 20]),
        el("p", "482901", b=[0, 400, 300, 20]),
    )
    assert near.find_codes() == ["482901"]
    assert far.find_codes() == []


def test_pagination_symbols_and_words() -> None:
    row = [link(t, b=[100 + 40 * i, 500, 30, 20]) for i, t in enumerate(["‹", "1", "2", "›"])]
    dom = page("p", *row, link("5", b=[100, 900, 30, 20]))
    pages = dom.pagination()
    assert (pages.prev_id, pages.next_id) == (1, 4)
    assert pages.page_ids == [2, 3]
    assert page("p", link("Next steps for your project are described here")).pagination() is None
    assert page("p", link("Older posts")).pagination().next_id == 1


def test_pagination_numbers_are_decimal_and_share_a_row() -> None:
    # "²" is a digit to str.isdigit() but no int(): a footnote mark, not a page (and no crash).
    assert page("p", link("²"), link("³")).pagination() is None
    same_top = page(
        "p", link("7", b=[0, 300, 20, 20]), link("7", b=[40, 300, 20, 20]), link("9", b=[0, 800, 20, 20])
    )
    assert same_top.pagination().page_ids == [1, 2]


def behaviors_by_trigger(dom: SpatialDom) -> dict[str, dict]:
    return {dom.get(b.trigger_id).text: b.to_dict() for b in dom.behaviors()}


def test_behaviors_from_markup() -> None:
    dom = load("behaviors.html")
    found = behaviors_by_trigger(dom)

    def texts(ids: list[int]) -> list[str]:
        return [dom.get(i).text for i in ids]

    assert found["Question one"]["action"] == "toggle"
    assert texts(found["Question one"]["target_ids"]) == ["Answer one"]
    assert found["Menu"]["action"] == "toggle" and texts(found["Menu"]["target_ids"]) == ["A", "B"]
    assert found["Continue"] == {
        "trigger_id": found["Continue"]["trigger_id"],
        "action": "navigate",
        "target_ids": [],
        "url": "https://example.test/next-step",
    }
    assert found["Close note"]["action"] == "hide" and texts(found["Close note"]["target_ids"]) == [
        "A dismissible note"
    ]
    assert found["Show more"]["action"] == "show" and texts(found["Show more"]["target_ids"]) == ["More text"]
    assert found["Send"]["action"] == "submit"
    assert found["Info"]["action"] == "toggle" and texts(found["Info"]["target_ids"]) == ["Popover text"]
    assert found["Details"]["action"] == "toggle" and texts(found["Details"]["target_ids"]) == [
        "Inside details"
    ]
    assert set(found) == {
        "Question one",
        "Menu",
        "Continue",
        "Close note",
        "Show more",
        "Send",
        "Info",
        "Details",
    }


def test_behaviors_with_class_selector_target_and_dropdown_sibling_menu() -> None:
    dom = parse(
        '<button data-toggle="collapse" data-target=".nav-panel">Nav</button>'
        '<div class="nav-panel"><a href="/x">X</a></div>'
        '<div class="dropdown"><button data-bs-toggle="dropdown">Pick</button>'
        '<ul class="dropdown-menu"><li><a href="/1">One</a></li></ul></div>',
        url="https://example.test/",
    )
    found = behaviors_by_trigger(dom)
    assert [dom.get(i).text for i in found["Nav"]["target_ids"]] == ["X"]
    assert [dom.get(i).text for i in found["Pick"]["target_ids"]] == ["One"]


def test_behaviors_need_the_document() -> None:
    assert page("p", el("button", "x")).behaviors() == []


def test_pagination_precheck_takes_every_label_that_may_name_a_direction() -> None:
    """The cheap pre-check before a link's label is read for next/previous agrees with the pattern of
    the words and arrows it stands for."""
    import re

    from browsy_engine.intelligence.pagination import _may_say_direction

    pattern = re.compile(r"next|prev|older|newer|more results|forward|back|[<>‹›«»←→⟨⟩❮❯◀▶⇐⇒⟵⟶]")
    labels = ["next", "next page", "« newer", "older posts", "›", "back to top", "home", "2", "more results",
              "go forward", "previous", "»", "→", "contact", "⟵", "⇒", "", "nex t", "more  results"]  # fmt: skip
    for label in labels:
        assert _may_say_direction(label) == (pattern.search(label) is not None), label
