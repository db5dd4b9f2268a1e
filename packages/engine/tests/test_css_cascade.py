"""The cascade: origins, specificity, order, !important, inline styles, inheritance, UA defaults."""

from __future__ import annotations

from pathlib import Path

from browsy_engine.css import ComputedStyle, compute_styles
from browsy_engine.dom import build_document


def styles(
    html: str, width: float = 1024, height: float = 768, extra_css: tuple[str, ...] = ()
) -> dict[str, ComputedStyle]:
    doc = build_document(html)
    computed = compute_styles(doc, width, height, extra_css)
    out: dict[str, ComputedStyle] = {}
    for node in doc.nodes:
        ident = node.attrs.get("id") if not node.is_text else None
        if ident:
            style = computed[node.index]
            assert style is not None
            out[ident] = style
    return out


def test_text_nodes_have_no_style_and_elements_do() -> None:
    doc = build_document("<p>hello</p>")
    computed = compute_styles(doc, 800, 600)
    assert len(computed) == len(doc.nodes)
    for node, style in zip(doc.nodes, computed, strict=True):
        assert (style is None) == node.is_text


def test_user_agent_defaults() -> None:
    s = styles(
        "<body id=b><h1 id=h1>T</h1><p id=p>x</p><ul id=ul><li id=li>a</li></ul><span id=sp>s</span>"
        "<input id=in><button id=bt>b</button><textarea id=ta></textarea><table id=t><tr id=tr><td id=td>c</td></tr></table>"
        "<div hidden id=hid>h</div><pre id=pre>p</pre><input type=checkbox id=cb></body>"
    )
    assert s["b"].margin_top == (8.0, 0.0) and s["b"].display == "block"
    assert s["h1"].font_size == 32.0 and s["h1"].font_weight == 700
    assert s["h1"].margin_top == (32.0 * 0.67, 0.0)
    assert s["p"].margin_top == (16.0, 0.0) and s["p"].margin_left == (0.0, 0.0)
    assert s["ul"].padding_left == (40.0, 0.0) and s["li"].display == "list-item"
    assert s["sp"].display == "inline"
    assert s["in"].display == "inline-block" and s["in"].font_family == "arial"
    assert abs(s["in"].font_size - 13.333333) < 1e-3 and s["in"].border_left_width == 2.0
    assert s["bt"].padding_left == (6.0, 0.0) and s["bt"].box_sizing == "border-box"
    assert s["ta"].font_family == "monospace"
    assert s["t"].display == "table" and s["tr"].display == "table-row" and s["td"].display == "table-cell"
    assert s["td"].padding_top == (1.0, 0.0) and s["t"].border_spacing_h == 2.0
    assert s["hid"].display == "none"
    assert s["pre"].white_space == "pre" and s["pre"].font_size == 13.0  # Chromium's monospace default
    assert s["cb"].margin_left == (4.0, 0.0) and s["cb"].border_left_width == 0.0


def test_head_elements_are_not_displayed_but_noscript_is() -> None:
    s = styles(
        "<head><title id=t>x</title><style id=s></style></head><body><noscript id=n>on</noscript>"
        "<script id=sc></script></body>"
    )
    assert s["t"].display == "none" and s["s"].display == "none" and s["sc"].display == "none"
    assert s["n"].display == "inline"


def test_specificity_beats_order_and_order_breaks_ties() -> None:
    css = "<style>#a { width: 10px } .c { width: 20px } div { width: 30px } .c { height: 1px } .c { height: 2px }</style>"
    s = styles(css + "<div id=a class=c></div><div id=b class=c></div>")
    assert s["a"].width == (10.0, 0.0)
    assert s["b"].width == (20.0, 0.0)
    assert s["b"].height == (2.0, 0.0)


def test_specificity_is_per_selector_in_a_list() -> None:
    css = "<style>#a, p { width: 5px } div.c { width: 7px }</style>"
    s = styles(css + "<div id=a class=c></div><div id=b class=c></div>")
    assert s["a"].width == (5.0, 0.0)  # (1,0,0) from '#a' beats (0,1,1)
    assert s["b"].width == (7.0, 0.0)


def test_important_and_inline_styles() -> None:
    css = "<style>#a { width: 1px !important } #b { width: 2px } div { height: 3px !important }</style>"
    s = styles(
        css + "<div id=a style='width: 9px'></div><div id=b style='width: 9px; height: 4px'></div>"
        "<div id=c style='height: 5px !important'></div>"
    )
    assert s["a"].width == (1.0, 0.0)  # author !important beats inline normal
    assert s["b"].width == (9.0, 0.0)  # inline beats any selector
    assert s["b"].height == (3.0, 0.0)
    assert s["c"].height == (5.0, 0.0)  # inline !important beats author !important


def test_author_rules_override_user_agent_and_presentational_hints() -> None:
    s = styles(
        "<style>body { margin: 0 } img { width: 50px }</style><body id=b><img id=i width=200 height=100>"
        "<img id=j width=200 height='50%'></body>"
    )
    assert s["b"].margin_left == (0.0, 0.0)
    assert s["i"].width == (50.0, 0.0) and s["i"].height == (100.0, 0.0)
    assert s["j"].height == (0.0, 0.5)


def test_legacy_table_attributes() -> None:
    s = styles(
        "<center id=c><table id=t border=1 cellpadding=4 cellspacing=0 width='85%'><tr><td id=td nowrap "
        "align=right>x</td></tr></table></center>"
    )
    assert s["c"].text_align == "center" and s["c"].text_align_blocks
    assert s["t"].width == (0.0, 0.85) and s["t"].border_spacing_h == 0.0 and s["t"].border_top_width == 1.0
    assert s["td"].padding_left == (4.0, 0.0) and s["td"].border_left_width == 1.0
    assert s["td"].white_space == "nowrap" and s["td"].text_align == "right"


def test_inheritance_of_inherited_properties_only() -> None:
    css = "<style>#p { font-size: 20px; line-height: 1.5; visibility: hidden; width: 100px; padding: 3px }</style>"
    s = styles(css + "<div id=p><span id=c>x</span></div>")
    assert s["c"].font_size == 20.0 and s["c"].line_height_kind == "number" and s["c"].line_height == 1.5
    assert s["c"].visibility == "hidden"
    assert s["c"].width is None and s["c"].padding_left == (0.0, 0.0)


def test_inherit_initial_unset_revert() -> None:
    css = (
        "<style>#p { width: 70px; font-size: 30px } #a { width: inherit } #b { font-size: initial }"
        " #c { font-size: 10px; } #c { font-size: unset } #d { display: revert }</style>"
    )
    s = styles(css + "<div id=p><div id=a></div><div id=b></div><div id=c></div><div id=d></div></div>")
    assert s["a"].width == (70.0, 0.0)
    assert s["b"].font_size == 16.0
    assert s["c"].font_size == 30.0
    assert s["d"].display == "block"  # revert → the user-agent sheet's value (a div is a block)


def test_em_rem_and_percent_font_sizes() -> None:
    css = (
        "<style>html { font-size: 10px } #p { font-size: 2em; margin: 1em } #c { font-size: 150%; width: 2rem;"
        " padding: 1em } small { }</style>"
    )
    s = styles(css + "<div id=p><div id=c><small id=sm>s</small></div></div>")
    assert s["p"].font_size == 20.0 and s["p"].margin_top == (20.0, 0.0)
    assert s["c"].font_size == 30.0 and s["c"].width == (20.0, 0.0) and s["c"].padding_top == (30.0, 0.0)
    assert abs(s["sm"].font_size - 25.0) < 1e-6  # smaller = /1.2


def test_font_shorthand_and_weights() -> None:
    css = (
        "<style>#a { font: italic bold 12px/30px Georgia, 'Times New Roman', serif } #b { font-weight: bolder }"
        " #c { font-weight: lighter } #d { font: 13px monospace }</style>"
    )
    s = styles(css + "<div id=a><b id=b>x</b><span id=c>y</span></div><div id=d></div>")
    a = s["a"]
    assert (a.font_style, a.font_weight, a.font_size) == ("italic", 700, 12.0)
    assert (a.line_height_kind, a.line_height) == ("px", 30.0)
    assert a.font_family == 'georgia, "times new roman", serif'
    assert s["b"].font_weight == 900 and s["c"].font_weight == 400
    assert s["d"].font_size == 13.0 and s["d"].line_height_kind == "normal"


def test_box_shorthands() -> None:
    css = (
        "<style>#a { margin: 1px 2px 3px; padding: 4px 5px; border: 6px solid red; inset: 1px 2px }"
        " #b { border-width: 1px 2px 3px 4px; border-style: solid none } #c { border: 3px }"
        " #d { border-top: thin dashed; border-left-style: solid; margin: auto }"
        " #e { margin-inline: 7px; padding-block: 8px 9px }</style>"
    )
    s = styles(css + "<div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div>")
    a = s["a"]
    assert (a.margin_top, a.margin_right, a.margin_bottom, a.margin_left) == (
        (1.0, 0.0),
        (2.0, 0.0),
        (3.0, 0.0),
        (2.0, 0.0),
    )
    assert a.padding_left == (5.0, 0.0) and a.padding_top == (4.0, 0.0)
    assert a.border_top_width == a.border_left_width == 6.0
    assert a.top == (1.0, 0.0) and a.left == (2.0, 0.0)
    b = s["b"]
    assert (b.border_top_width, b.border_right_width, b.border_bottom_width, b.border_left_width) == (
        1.0,
        0.0,
        3.0,
        0.0,
    )
    assert s["c"].border_top_width == 0.0  # no style → width computes to 0
    d = s["d"]
    assert d.border_top_width == 1.0 and d.border_left_width == 3.0 and d.margin_left is None
    e = s["e"]
    assert e.margin_left == e.margin_right == (7.0, 0.0) and e.padding_bottom == (9.0, 0.0)


def test_flex_and_grid_shorthands() -> None:
    css = (
        "<style>#f { display: flex; flex-flow: column wrap; gap: 10px 5%; place-items: center end }"
        " #a { flex: 1 } #b { flex: none } #c { flex: 2 3 40px } #d { flex: auto; order: -1 }"
        " #g { display: grid; grid-template-columns: repeat(2, 1FR) 100px; grid-template-rows: none }"
        " #i { grid-area: 1 / 2 / 3 / 4 } #j { grid-column: span 2; grid-row: head }</style>"
    )
    s = styles(
        css + "<div id=f><div id=a></div><div id=b></div><div id=c></div><div id=d></div></div>"
        "<div id=g><div id=i></div><div id=j></div></div>"
    )
    f = s["f"]
    assert (f.flex_direction, f.flex_wrap) == ("column", "wrap")
    assert f.row_gap == (10.0, 0.0) and f.column_gap == (0.0, 0.05)
    assert (f.align_items, f.justify_items) == ("center", "end")
    assert (s["a"].flex_grow, s["a"].flex_shrink, s["a"].flex_basis) == (1.0, 1.0, (0.0, 0.0))
    assert (s["b"].flex_grow, s["b"].flex_shrink, s["b"].flex_basis) == (0.0, 0.0, None)
    assert (s["c"].flex_grow, s["c"].flex_shrink, s["c"].flex_basis) == (2.0, 3.0, (40.0, 0.0))
    assert (s["d"].flex_grow, s["d"].flex_basis, s["d"].order) == (1.0, None, -1)
    assert s["g"].grid_template_columns == "repeat(2, 1fr) 100px" and s["g"].grid_template_rows is None
    i = s["i"]
    assert (i.grid_row_start, i.grid_column_start, i.grid_row_end, i.grid_column_end) == ("1", "2", "3", "4")
    j = s["j"]
    assert (j.grid_column_start, j.grid_column_end) == ("span 2", None)
    assert (j.grid_row_start, j.grid_row_end) == ("head", "head")


def test_display_values_and_blockification() -> None:
    css = (
        "<style>#a { display: inline flow-root } #b { display: block flex } #c { float: left }"
        " #d { position: absolute; display: inline-flex } #f { display: flex } #x { display: bogus }</style>"
    )
    s = styles(
        css + "<span id=a></span><span id=b></span><span id=c></span><span id=d></span>"
        "<div id=f><span id=item>i</span></div><span id=x></span>"
    )
    assert s["a"].display == "inline-block" and s["b"].display == "flex"
    assert s["c"].display == "block" and s["d"].display == "flex"
    assert s["item"].display == "block"  # flex items are blockified
    assert s["x"].display == "inline"  # invalid value dropped


def test_invalid_values_are_dropped_keeping_earlier_valid_ones() -> None:
    css = "<style>#a { width: 10px; width: banana; height: -5px; padding: -1px; margin: 1px 2px 3px 4px 5px }</style>"
    s = styles(css + "<div id=a></div>")
    a = s["a"]
    assert a.width == (10.0, 0.0) and a.height is None and a.padding_top == (0.0, 0.0)
    assert a.margin_top == (0.0, 0.0)


def test_hidden_content_properties() -> None:
    css = (
        "<style>.v { visibility: hidden } .c { visibility: collapse } .cv { content-visibility: hidden }"
        " .n { display: none }</style>"
    )
    s = styles(
        css + "<div class=v id=v><p id=vc>x</p></div><div class=c id=c></div><div class=cv id=cv></div>"
        "<div class=n id=n><p id=nc>y</p></div><div hidden=until-found id=uf></div>"
    )
    assert s["v"].visibility == "hidden" and s["vc"].visibility == "hidden"
    assert s["c"].visibility == "collapse" and s["cv"].content_visibility == "hidden"
    assert s["n"].display == "none" and s["nc"].display == "block"
    assert s["uf"].display == "block" and s["uf"].content_visibility == "hidden"


def test_external_sheets_cascade_with_style_elements_in_document_order() -> None:
    html = (
        "<head><link rel=stylesheet href=a.css><style>#a { width: 2px } #b { width: 3px }</style>"
        "<link rel=stylesheet href=b.css></head><body><div id=a></div><div id=b></div></body>"
    )
    s = styles(html, extra_css=("#a { width: 1px } #b { width: 1px }", "#b { width: 4px }"))
    assert s["a"].width == (2.0, 0.0)
    assert s["b"].width == (4.0, 0.0)


def test_style_media_attribute_and_type() -> None:
    html = (
        "<style media=print>#a { width: 1px }</style><style type=text/plain>#a { width: 2px }</style>"
        "<style media='screen and (min-width: 500px)'>#a { height: 3px }</style><div id=a></div>"
    )
    s = styles(html)
    assert s["a"].width is None and s["a"].height == (3.0, 0.0)


def test_identical_elements_share_one_style_object() -> None:
    doc = build_document("<ul>" + "<li class=x>a</li>" * 200 + "</ul>")
    computed = compute_styles(doc, 800, 600)
    li_styles = {id(computed[n.index]) for n in doc.nodes if n.tag == "li"}
    assert len(li_styles) == 1


def test_monospace_keyword_sizes_follow_chromium() -> None:
    css = "<style>#e { font-size: 0.5em } #s { font-family: sans-serif }</style>"
    s = styles(
        css + "<code id=c>x<span id=s>y</span></code><code id=e>z</code><div style='font-size: 20px'>"
        "<code id=abs>w</code></div>"
    )
    assert s["c"].font_size == 13.0
    assert s["s"].font_size == 16.0  # back to the proportional default
    assert s["e"].font_size == 6.5
    assert s["abs"].font_size == 20.0  # absolute sizes are not rescaled


def test_quirks_mode_user_agent_rules() -> None:
    body = "<div style='font-size: 30px; font-weight: bold'><table id=t><tr><td id=td>x</td></tr></table></div><form id=f></form><input id=i>"
    quirks = styles(body)
    standard = styles("<!doctype html>" + body)
    assert quirks["t"].font_size == 16.0 and quirks["td"].font_weight == 400
    assert standard["t"].font_size == 30.0 and standard["td"].font_weight == 700
    assert quirks["f"].margin_bottom == (16.0, 0.0) and standard["f"].margin_bottom == (0.0, 0.0)
    assert quirks["i"].box_sizing == "border-box" and standard["i"].box_sizing == "content-box"


def test_closed_details_dialogs_and_popovers_are_hidden() -> None:
    s = styles(
        "<details><summary id=s>S</summary><p id=p>x</p></details><details open><summary>S</summary>"
        "<p id=q>y</p></details><dialog id=dl>d</dialog><dialog open id=do>o</dialog><div popover id=po>p</div>"
    )
    # a closed details hides its content in a content-visibility: hidden slot, not by display (layout)
    assert s["s"].display == "list-item" and s["p"].display == "block" and s["q"].display == "block"
    assert s["dl"].display == "none" and s["do"].display == "block" and s["po"].display == "none"


def test_absolute_positioning_blockifies_and_cancels_float() -> None:
    s = styles(
        "<span id=a style='position: absolute; float: left'></span><span id=b style='all: unset; margin: 1px'></span>"
    )
    assert s["a"].display == "block" and s["a"].float_side == "none"
    assert s["b"].display == "inline" and s["b"].margin_top == (1.0, 0.0)


def test_list_items_inherit_alignment() -> None:
    s = styles(
        "<div style='text-align: center'><ul><li id=li>x</li></ul><p id=m style='text-align: match-parent'>y</p></div>"
    )
    assert s["li"].text_align == "center" and s["m"].text_align == "center"


def test_more_presentational_hints() -> None:
    s = styles(
        "<body id=b marginwidth=3 topmargin=4><font size=5 id=f>big</font><font size=-1 id=g>s</font>"
        "<img id=i hspace=5 vspace=6 border=2 align=right><iframe id=fr frameborder=0 width=300></iframe>"
        "<div dir=rtl id=r align=center>x</div><hr id=hr width=50% noshade></body>"
    )
    assert s["b"].margin_left == (3.0, 0.0) and s["b"].margin_top == (4.0, 0.0)
    assert s["f"].font_size == 24.0 and s["g"].font_size == 13.0
    i = s["i"]
    assert (
        i.margin_left == (5.0, 0.0)
        and i.margin_top == (6.0, 0.0)
        and i.border_top_width == 2.0
        and i.float_side == "right"
    )
    assert s["fr"].border_left_width == 0.0 and s["fr"].width == (300.0, 0.0)
    assert s["r"].direction == "rtl" and s["r"].text_align == "center" and s["r"].text_align_blocks
    assert s["hr"].width == (0.0, 0.5) and s["hr"].border_top_style == "solid"


def test_table_headers_center_unless_an_alignment_is_inherited() -> None:
    s = styles(
        "<table><tr><th id=a>x</th></tr></table><table style='text-align: right'><tr><th id=b>y</th></tr></table>"
    )
    assert s["a"].text_align == "center" and s["b"].text_align == "right"


def test_declarations_are_parsed_only_for_rules_that_match() -> None:
    """A rule whose selectors pass the prefilter (its classes and element names are in the page) but match
    no element keeps its declarations as text: the cascade never reads them. Rules that match are parsed,
    and a later page the rule matches parses them then (sheets are shared by their text)."""
    from browsy_engine.css.sheet import parse_sheet

    css = "div > p.x { color: red } p.x { margin-top: 7px }"
    page = f"<style>{css}</style><div></div><p class=x id=p>a</p>"
    out = styles(page)
    assert out["p"].margin_top == (7.0, 0.0)
    child, plain = parse_sheet(css).rules
    assert child.body is not None and child._normal is None  # matched nothing: never parsed
    assert plain.body is None and plain._normal is not None
    out = styles(f"<style>{css}</style><div><p class=x id=p>a</p></div>")
    assert str(out["p"].color) != str(styles("<p id=p>a</p>")["p"].color)  # now it matches: red
    assert child.body is None and child._normal is not None


def _distinct_value(annotation: str, default: object, n: int) -> object:
    """A value of a ComputedStyle field's type that no other field and no default holds."""
    if annotation in ("Length", "tuple[float, float]"):
        return (n + 0.5, 0.25)
    if annotation in ("Matrix", "tuple[float, float, float, float]"):
        return (n + 0.5, 1.5, 2.5, 3.5)
    if annotation == "bool":
        return not default
    if annotation.startswith(("int", "float")):
        return n + 1000 if annotation.startswith("int") else n + 0.5
    if annotation.startswith("str"):
        return f"value {n}"
    if annotation.startswith("dict"):
        return {"field": n}
    return ((f"value {n}", n),) if annotation.startswith("tuple[tuple") else (f"value {n}",)


def _field_annotations() -> dict[str, str]:
    """ComputedStyle's field annotations as written (the compiled class keeps only their outer types)."""
    import ast

    source = Path(__file__).resolve().parents[1] / "src" / "browsy_engine" / "css" / "style.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ComputedStyle").body
    return {
        n.target.id: ast.unparse(n.annotation)
        for n in body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    }


def _style_of_distinct_values() -> ComputedStyle:
    """A style whose every field holds a value of its type that no other field and no default holds."""
    from dataclasses import fields

    annotations = _field_annotations()
    style = ComputedStyle()
    for n, f in enumerate(fields(ComputedStyle)):
        setattr(style, f.name, _distinct_value(annotations[f.name], f.default, n))
    return style


def test_copy_style_copies_every_field_into_a_new_style() -> None:
    # css.style.copy_style assigns each field by name (a compiled copy, without the dataclass's interpreted
    # __init__): a field added to ComputedStyle and not to copy_style fails here
    from dataclasses import fields

    from browsy_engine.css.style import copy_style

    original = _style_of_distinct_values()
    copy = copy_style(original)
    assert copy is not original
    for f in fields(ComputedStyle):
        assert getattr(copy, f.name) == getattr(original, f.name) != f.default, f.name
    copy.width = (1.0, 0.0)
    assert original.width != copy.width


def test_inherit_base_takes_the_inherited_fields_from_the_parent_and_initial_values_for_the_rest() -> None:
    # resolve._inherit assigns the inherited fields one by one: it must name exactly INHERITED_FIELDS
    from dataclasses import fields

    from browsy_engine.css.resolve import INHERITED_FIELDS, INITIAL_STYLE, inherit_base

    parent = _style_of_distinct_values()
    base = inherit_base(parent)
    for f in fields(ComputedStyle):
        expected = getattr(parent if f.name in INHERITED_FIELDS else INITIAL_STYLE, f.name)
        assert getattr(base, f.name) == expected, f.name
    assert inherit_base(None) == INITIAL_STYLE
