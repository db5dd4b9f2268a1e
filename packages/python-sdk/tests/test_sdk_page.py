"""Page and Element without a network: browsy.parse, load_html, the seed's properties, error mapping."""

from __future__ import annotations

import json

import browsy
import pytest
from browsy import ActionError, BlockedUrl, Browser, HttpError, InvalidUrl, Network
from browsy.errors import RemoteError, error_from_response

HTML = """<title>Shop</title>
<h1>Products</h1>
<div role="alert" class="alert alert-danger">Error: card declined</div>
<form action="/search"><input type="search" name="q" placeholder="Search products"><button>Go</button></form>
<table><tr><th>Name</th><th>Price</th></tr><tr><td>Widget</td><td>$9.99</td></tr></table>
<a href="/about" hidden>About</a>
<label><input type="checkbox" name="terms" checked disabled> I agree</label>"""


def test_parse_gives_a_page_with_the_seed_api() -> None:
    page = browsy.parse(HTML, 1280, 800, "https://shop.example/")
    assert page.title == "Shop" and page.url == "https://shop.example/"
    assert page.viewport == (1280.0, 800.0)
    assert len(page) == len(page.elements) == len(list(page))
    heading = page.elements[0]
    assert (heading.id, heading.tag, heading.role, heading.text) == (1, "h1", "heading", "Products")
    search = next(el for el in page.elements if el.tag == "input" and el.input_type == "search")
    assert search.placeholder == "Search products" and search.name == "q" and search.value is None
    box = next(el for el in page.elements if el.input_type == "checkbox")
    assert box.checked is True and box.disabled is True
    link = next(el for el in page.elements if el.tag == "a")
    assert link.href == "https://shop.example/about" and link.hidden is True
    assert link not in page.visible() and heading in page.visible()
    assert page.get(heading.id) == heading and page.get(999) is None
    assert isinstance(heading.bounds, tuple) and len(heading.bounds) == 4
    assert [el.alert_type for el in page.alerts()] == ["error"]
    assert page.tables() == [{"headers": ["Name", "Price"], "rows": [["Widget", "$9.99"]]}]
    assert any(a["action"] == "Search" for a in page.suggested_actions())
    assert page.page_type() == json.loads(page.to_json()).get("page_type", "Other")
    assert json.loads(page.to_json())["els"][0]["text"] == "Products"
    assert page.to_compact().splitlines()[0] == '[1:h1 "Products"]'
    assert repr(page) == f'<Page title="Shop" url="https://shop.example/" els={len(page)}>'


def test_page_from_json_reads_the_same_as_from_the_engine() -> None:
    original = browsy.parse(HTML, 1920, 1080, "https://shop.example/")
    rebuilt = browsy.Page(json.loads(original.to_json()))
    assert rebuilt.to_json() == original.to_json()
    assert rebuilt.to_compact() == original.to_compact()
    assert rebuilt.suggested_actions() == original.suggested_actions()
    assert [el.to_dict() for el in rebuilt.elements] == [el.to_dict() for el in original.elements]


def test_load_html_becomes_the_current_page() -> None:
    with Browser(viewport_width=375, viewport_height=812) as browser:
        page = browser.load_html(HTML, "https://shop.example/")
        search = next(el for el in page.elements if el.input_type == "search")
        browser.type_text(search.id, "widgets")
        assert browser.dom().get(search.id).value == "widgets"
        assert browser.find_input_by_purpose("search").id == search.id
        assert browser.url() == "https://shop.example/"
        assert page.viewport == (375.0, 812.0)


def test_unknown_browser_option_is_a_clear_error() -> None:
    with pytest.raises(TypeError, match="unknown option"):
        Browser(viewport_hieght=3)


def test_remote_browser_refuses_embedded_options() -> None:
    with pytest.raises(ValueError, match="viewport"):
        Browser(375, 812, server="http://127.0.0.1:3847")
    with pytest.raises(ValueError, match="session options"):
        Browser(server="http://127.0.0.1:3847", allowed_hosts=["127.0.0.1:8000"])
    with pytest.raises(ValueError, match="http"):
        Browser(server="127.0.0.1:3847")


def test_remote_error_answers_map_to_the_engine_classes_by_code() -> None:
    assert isinstance(error_from_response(400, "Invalid URL 'x' (no scheme).", "invalid_url"), InvalidUrl)
    not_found = error_from_response(502, "HTTP 404 Not Found for https://a.example/: gone.", "http_error")
    assert isinstance(not_found, HttpError) and not_found.status == 404
    assert isinstance(
        error_from_response(404, "No element with id 9 on this page.", "action_failed"), ActionError
    )
    timeout = error_from_response(504, "Network error fetching https://a.example/: timed out.", "timeout")
    assert isinstance(timeout, Network) and timeout.timed_out
    assert isinstance(
        error_from_response(503, "Server at capacity (100 sessions).", "at_capacity"), RemoteError
    )
    message = "No element with id 9 on this page."
    assert str(error_from_response(404, message, "action_failed")) == message
    # The class follows the code, never the wording; an answer without a code is not browsy's.
    assert isinstance(error_from_response(400, "Something else entirely.", "blocked_url"), BlockedUrl)
    assert isinstance(error_from_response(400, "Invalid URL 'x'.", None), RemoteError)


def test_the_lazy_packages_export_every_error_class_the_engine_lists() -> None:
    """The error classes are listed once (browsy_engine.session.errors.__all__); the two lazy top-level
    packages spell the names out so that importing them stays cheap, and must agree with that list."""
    import browsy_engine
    from browsy import errors as sdk_errors
    from browsy_engine.session import errors as engine_errors

    classes = {name for name in engine_errors.__all__ if not name.isupper() and not name.startswith("ERROR")}
    assert classes <= set(browsy_engine.__all__)
    assert {*classes, "InvalidArguments", "RemoteError"} <= set(browsy.__all__)
    assert all(getattr(browsy, name) is getattr(sdk_errors, name) for name in classes)


def test_an_application_shell_says_it_needs_javascript() -> None:
    shell = "<title>App</title><div id='root'></div><script src='/bundle.js'></script>"
    page = browsy.parse(shell, 1280, 800, "https://app.example/")
    assert page.needs_js and "application root <div id=root> is empty" in (page.needs_js_reason or "")
    assert page.rendered is False
    static = browsy.parse(HTML, 1280, 800, "https://shop.example/")
    assert (static.needs_js, static.needs_js_reason) == (False, None)
