"""Form state and form submission, checked by what the fixture site's /echo actually received."""

from __future__ import annotations

import asyncio
import json

import pytest
from browsy_engine.session import ActionError, AsyncSession, SessionConfig


def run(coro):
    return asyncio.run(coro)


def browse(fixture_host: str, scenario):
    async def main():
        async with AsyncSession(SessionConfig(allowed_hosts=[fixture_host], fetch_css=False)) as session:
            return await scenario(session)

    return run(main())


def el_id(
    dom,
    *,
    name: str | None = None,
    text: str | None = None,
    kind: str | None = None,
    value: str | None = None,
) -> int:
    """The id of the first element matching every given property (fails the test if none)."""
    doc = dom.document
    for el in dom.els:
        node = doc.nodes[el.node]
        if name is not None and el.name != name:
            continue
        if text is not None and (el.text or "").strip() != text:
            continue
        if kind is not None and el.input_type != kind:
            continue
        if value is not None and node.attrs.get("value") != value:
            continue
        return el.id
    raise AssertionError(f"no element with name={name} text={text} kind={kind} value={value}")


def echoed(dom) -> dict:
    """What /echo received, from its <pre id=echo>."""
    doc = dom.document
    (index,) = doc.select("#echo")
    return json.loads(doc.text_of(index))


DEFAULT_ENTRIES = [
    ["csrf", "tok123"],
    ["name", "Ada"],
    ["email", ""],
    ["password", ""],
    ["q", ""],
    ["phone", ""],
    ["site", ""],
    ["qty", "1"],
    ["volume", "5"],
    ["date", "2026-11-22"],
    ["color", "#ff0000"],
    ["news", "yes"],
    ["size", "m"],
    ["country", "fr"],
    ["langs", "en"],
    ["bio", "Hello\r\nworld"],
    ["attachment", ""],
    ["readonly_field", "fixed"],
    ["action", "save"],
    ["outside", "outer"],
]


def test_get_form_sends_every_successful_control_with_its_default(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/get")
        return await s.click(el_id(dom, text="Save"))

    result = browse(fixture_host, scenario)
    got = echoed(result)
    assert got["method"] == "GET"
    assert got["query"] == DEFAULT_ENTRIES


def test_typed_checked_and_selected_values_are_submitted_by_post(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/post")
        await s.type_text(el_id(dom, name="name"), "Grace Hopper")
        await s.type_text(el_id(dom, name="password"), "s3cret & more")
        await s.type_text(el_id(dom, name="bio"), "line one\nline two")
        await s.toggle(el_id(dom, name="news"))  # checked by default → unchecked
        await s.check(el_id(dom, name="terms"))
        await s.check(el_id(dom, name="size", value="l"))
        await s.select(el_id(dom, name="country"), "Japan")  # by visible text
        await s.select(el_id(dom, name="langs"), "de")  # multiple: adds to the selection
        return await s.click(el_id(dom, text="Save"))

    got = echoed(browse(fixture_host, scenario))
    assert got["method"] == "POST"
    assert got["content_type"] == "application/x-www-form-urlencoded"
    form = got["form"]
    assert ["name", "Grace Hopper"] in form
    assert ["password", "s3cret & more"] in form
    assert ["bio", "line one\r\nline two"] in form
    assert ["terms", "on"] in form and not any(k == "news" for k, _ in form)
    assert [v for k, v in form if k == "size"] == ["l"]
    assert [v for k, v in form if k == "country"] == ["jp"]
    assert [v for k, v in form if k == "langs"] == ["en", "de"]


def test_formaction_and_formmethod_of_the_submitter_override_the_form(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/get")
        return await s.click(el_id(dom, text="Publish"))

    got = echoed(browse(fixture_host, scenario))
    assert got["method"] == "POST"
    assert got["query"] == [["via", "publish"]]
    assert ["action", "publish"] in got["form"] and ["action", "save"] not in got["form"]


def test_image_submit_sends_coordinates(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/get")
        return await s.click(el_id(dom, kind="image"))

    query = echoed(browse(fixture_host, scenario))["query"]
    assert ["pic.x", "0"] in query and ["pic.y", "0"] in query
    assert not any(k == "action" for k, _ in query)


def test_multipart_form_sends_fields_and_an_empty_file_part(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/multipart")
        await s.type_text(el_id(dom, name="email"), "grace@example.com")
        return await s.click(el_id(dom, text="Save"))

    got = echoed(browse(fixture_host, scenario))
    assert got["content_type"].startswith("multipart/form-data; boundary=")
    assert ["email", "grace@example.com"] in got["form"]
    assert ["bio", "Hello\r\nworld"] in got["form"]
    assert got["files"] == [["attachment", "", 0]]


def test_enter_style_submission_of_a_form_without_button(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/site-search")
        field = el_id(dom, name="q")
        await s.type_text(field, "zero render")
        return await s.submit(field)

    got = echoed(browse(fixture_host, scenario))
    assert got["query"] == [["q", "zero render"]]


def test_dom_shows_form_state_and_dom_ref_the_page_as_parsed(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/get")
        ids = {n: el_id(dom, name=n) for n in ("name", "terms", "country")}
        small, medium = el_id(dom, name="size", value="s"), el_id(dom, name="size", value="m")
        await s.type_text(ids["name"], "Grace")
        await s.check(ids["terms"])
        await s.check(small)
        await s.select(ids["country"], "de")
        return s.dom(), s.dom_ref(), ids, small, medium

    dom, raw, ids, small, medium = browse(fixture_host, scenario)
    assert dom.get(ids["name"]).val == "Grace" and raw.get(ids["name"]).val == "Ada"
    assert dom.get(ids["terms"]).checked is True and not raw.get(ids["terms"]).checked
    assert dom.get(small).checked is True and dom.get(medium).checked is False  # a radio unchecks its group
    assert raw.get(medium).checked is True
    assert dom.get(ids["country"]).val == "de" and raw.get(ids["country"]).val == "fr"


def test_reset_button_and_label_click(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/get")
        name, terms = el_id(dom, name="name"), el_id(dom, name="terms")
        await s.type_text(name, "Grace")
        await s.click(el_id(dom, text="Accept terms"))  # the label wraps the checkbox
        checked_by_label = s.dom().get(terms).checked
        await s.click(el_id(dom, kind="reset"))
        return checked_by_label, s.dom().get(name).val, s.dom().get(terms).checked

    assert browse(fixture_host, scenario) == (True, "Ada", False)


@pytest.mark.parametrize(
    ("action", "target", "message"),
    [
        ("type_text", {"name": "news"}, "checkbox"),
        ("type_text", {"text": "Save"}, "button"),
        ("type_text", {"name": "country"}, "select"),
        ("type_text", {"name": "disabled_field"}, "disabled"),
        ("type_text", {"name": "readonly_field"}, "read-only"),
        ("check", {"name": "name"}, "not a checkbox or radio"),
        ("uncheck", {"name": "country"}, "not a checkbox or radio"),
        ("toggle", {"text": "Save"}, "not a checkbox or radio"),
        ("select", {"name": "name"}, "not a <select>"),
    ],
)
def test_wrong_uses_are_action_errors_naming_the_element(fixture_site, fixture_host, action, target, message):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/get")
        target_id = el_id(dom, **target)
        args = ("x",) if action in ("type_text", "select") else ()
        with pytest.raises(ActionError, match=message) as err:
            await getattr(s, action)(target_id, *args)
        return target_id, str(err.value)

    target_id, text = browse(fixture_host, scenario)
    assert f"Element {target_id}" in text


def test_select_refuses_unknown_and_disabled_options(fixture_site, fixture_host):
    async def scenario(s):
        dom = await s.goto(fixture_site + "/forms/get")
        country = el_id(dom, name="country")
        with pytest.raises(ActionError, match="no option 'mars'.*'de'"):
            await s.select(country, "mars")
        with pytest.raises(ActionError, match="disabled"):
            await s.select(country, "nz")
        with pytest.raises(ActionError, match="single-choice"):
            await s.select(country, ["de", "fr"])

    browse(fixture_host, scenario)


def test_actions_without_a_page_or_with_unknown_ids(fixture_site, fixture_host):
    async def scenario(s):
        with pytest.raises(ActionError, match="goto"):
            await s.click(1)
        with pytest.raises(ActionError, match="goto"):
            await s.type_text(1, "x")
        await s.goto(fixture_site + "/forms/get")
        with pytest.raises(ActionError, match="No element with id 9999"):
            await s.click(9999)
        with pytest.raises(ActionError, match="No element with id 0"):
            await s.check(0)

    browse(fixture_host, scenario)


def test_superscript_digits_in_size_and_maxlength_are_no_numbers():
    """ "²" is a digit to str.isdigit() but no int(): such attributes count as absent, never crash."""
    html = """<form action="/echo"><select name="s" size="²"><option>a</option><option>b</option></select>
    <input name="t" maxlength="²"></form>"""

    async def main():
        async with AsyncSession(SessionConfig(fetch_css=False)) as session:
            dom = await session.load_html(html, "https://example.com/")
            field = el_id(dom, name="t")
            await session.type_text(field, "long text")
            return session.dom().get(field).val, session.dom().get(el_id(dom, name="s")).val

    typed, selected = run(main())
    assert typed == "long text"  # no maxlength to cut it to
    assert selected == "a"  # a drop-down (no size): its first option is selected
