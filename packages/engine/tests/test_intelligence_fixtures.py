"""Page intelligence through the whole pipeline on our own fixture pages (one per page type and action,
plus the seed's negative cases). Fixtures: tests/fixtures/intelligence/*.html."""

from __future__ import annotations

from pathlib import Path

import pytest
from browsy_engine import parse
from browsy_engine.model import SpatialDom

FIXTURES = Path(__file__).parent / "fixtures" / "intelligence"
PAGE_URL = "https://example.test/page"

# file -> (page type, actions that must be present, actions that must be absent)
EXPECTED: dict[str, tuple[str, set[str], set[str]]] = {
    "error-404.html": ("Error", set(), {"Login"}),
    "error-with-login.html": ("Error", {"Login"}, set()),
    "error-heading.html": ("Error", set(), set()),
    "search-home.html": ("Search", {"Search"}, set()),
    "captcha-hcaptcha.html": ("Captcha", {"CaptchaChallenge"}, set()),
    "captcha-text.html": ("Captcha", {"CaptchaChallenge"}, set()),
    "cloudflare-challenge.html": ("Captcha", {"CaptchaChallenge"}, set()),
    "login-with-search-and-cookies.html": ("Login", {"Login", "Search", "CookieConsent"}, {"FillForm"}),
    "login-and-register.html": ("Login", {"Login"}, {"Register"}),
    "register.html": ("Login", {"Register"}, {"Login", "FillForm"}),
    "twofa-with-password.html": ("Login", {"Login"}, {"EnterCode"}),
    "twofa-digits.html": ("TwoFactorAuth", {"EnterCode"}, {"FillForm"}),
    "oauth.html": ("OAuthConsent", {"Consent"}, set()),
    "inbox.html": ("Inbox", {"SelectFromList"}, set()),
    "email.html": ("EmailBody", set(), set()),
    "dashboard.html": ("Dashboard", set(), set()),
    "article.html": ("Article", {"Search"}, set()),
    "search-results.html": ("SearchResults", {"Search", "Paginate", "SelectFromList"}, set()),
    "list.html": ("List", {"SelectFromList", "Paginate"}, set()),
    "search.html": ("Search", {"Search"}, {"FillForm"}),
    "form.html": ("Form", {"FillForm", "Search"}, set()),
    "contact.html": ("Form", {"Contact"}, {"FillForm"}),
    "download.html": ("Other", {"Download"}, set()),
    "other.html": ("Other", set(), {"Search", "Download", "Paginate"}),
    "alerts.html": ("Other", set(), set()),
    "recaptcha-invisible-login.html": ("Login", {"Login"}, {"CaptchaChallenge"}),
    # Pages shaped like well-known public ones.
    "quotes-list.html": ("List", {"SelectFromList", "Paginate"}, set()),
    "pizza-form.html": ("Form", {"FillForm"}, {"Contact"}),
    "govuk-error.html": ("Error", {"FillForm", "Search"}, set()),
    "the-internet-login.html": ("Login", {"Login"}, {"FillForm"}),
    # Confusable pairs: content pages with a challenge or a sign-in beside the text, and listings.
    "article-comment-recaptcha.html": ("Article", set(), {"CaptchaChallenge", "Login"}),
    "article-header-signin.html": ("Article", {"Login"}, set()),
    "article-hidden-signin-modal.html": ("Article", set(), {"Login"}),
    "docs-sidebar.html": ("Article", set(), set()),
    "forum-thread.html": ("Article", set(), set()),
    "blog-index.html": ("List", {"Paginate"}, set()),
    "category-page.html": ("List", set(), set()),
    "classifieds-list.html": ("List", set(), set()),
    "search-results-plain-title.html": ("SearchResults", {"Search", "Paginate"}, set()),
}
# Actions that need real boxes (rows of links) to be found.
NEEDS_LAYOUT = {"SelectFromList"}


def load(name: str) -> SpatialDom:
    if name.startswith("search-results"):
        url = "https://example.test/find?q=" + (
            "rust+tutorials" if name == "search-results.html" else "red+shoes"
        )
    else:
        url = PAGE_URL
    return parse((FIXTURES / name).read_text(), 1920, 1080, url=url)


def has_layout(dom: SpatialDom) -> bool:
    return any(el.b != [0, 0, 0, 0] for el in dom.els)


def action(dom: SpatialDom, name: str):
    return next(a for a in dom.suggested_actions if a.action == name)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_page_type_and_actions(name: str) -> None:
    page_type, present, absent = EXPECTED[name]
    dom = load(name)
    found = {a.action for a in dom.suggested_actions}
    assert dom.page_type == page_type
    assert not (absent & found), found
    required = present if has_layout(dom) else present - NEEDS_LAYOUT
    assert required <= found, found
    ids = {el.id for el in dom.els}
    for recipe in dom.suggested_actions:
        assert set(recipe.element_ids()) <= ids


def test_every_page_type_and_action_has_a_fixture() -> None:
    from browsy_engine.intelligence.actions import ALL_RECIPES
    from browsy_engine.intelligence.page_type import PAGE_TYPES

    covered_types = {t for t, _, _ in EXPECTED.values()}
    assert set(PAGE_TYPES) - covered_types == set()
    covered_actions = set().union(*(p for _, p, _ in EXPECTED.values()))
    assert {r.action for r in ALL_RECIPES} - covered_actions == set()


def test_login_fields_pick_the_right_elements() -> None:
    dom = load("login-with-search-and-cookies.html")
    login = action(dom, "Login")
    assert dom.get(login.username_id).name == "login"
    assert dom.get(login.password_id).input_type == "password"
    assert dom.get(login.submit_id).text == "Sign in"  # not the type=button "Show password"
    assert dom.get(login.remember_me_id).name == "keep"
    cookies = action(dom, "CookieConsent")
    assert dom.get(cookies.accept_id).text == "Accept all cookies"
    assert dom.get(cookies.reject_id).text == "Reject all"
    assert dom.get(action(dom, "Search").input_id).name == "q"


def test_login_takes_priority_over_register_and_uses_the_login_form() -> None:
    dom = load("login-and-register.html")
    login = action(dom, "Login")
    assert dom.get(login.submit_id).val == "login"


def test_register_fields() -> None:
    dom = load("register.html")
    reg = action(dom, "Register")
    assert dom.get(reg.email_id).name == "email"
    assert dom.get(reg.name_id).name == "full_name"
    assert dom.get(reg.password_id).input_type == "password"
    assert reg.confirm_password_id is None
    assert dom.get(reg.submit_id).text == "Sign up"


def test_two_factor_page_with_password_is_login_and_username_is_not_the_code_field() -> None:
    dom = load("twofa-with-password.html")
    assert dom.get(action(dom, "Login").username_id).name == "user"


def test_separate_digit_inputs_give_code_length() -> None:
    dom = load("twofa-digits.html")
    code = action(dom, "EnterCode")
    assert code.code_length == 4
    assert dom.get(code.input_id).name == "d1"
    assert dom.get(code.submit_id).text == "Verify"


def test_consent_buttons() -> None:
    dom = load("oauth.html")
    consent = action(dom, "Consent")
    assert [dom.get(i).text for i in consent.approve_ids] == ["Allow"]
    assert {dom.get(i).text for i in consent.deny_ids} == {"Deny", "Cancel"}


def test_contact_fields() -> None:
    dom = load("contact.html")
    contact = action(dom, "Contact")
    assert dom.get(contact.message_id).tag == "textarea"
    assert dom.get(contact.email_id).name == "email"
    assert dom.get(contact.name_id).name == "name"
    assert dom.get(contact.submit_id).text == "Send"


def test_fill_form_uses_the_main_form_with_labels() -> None:
    dom = load("form.html")
    form = action(dom, "FillForm")
    assert [(f.label, f.name) for f in form.fields] == [
        ("First name", "first_name"),
        ("Licence plate", "plate"),
        ("Zone", "zone"),
        ("I accept the terms", "terms"),
    ]
    assert dom.get(form.submit_id).text == "Apply"
    assert action(dom, "Search").submit_id is None  # the header search form has no button: Enter submits it


def test_download_items_have_resolved_hrefs() -> None:
    dom = load("download.html")
    items = action(dom, "Download").items
    assert [i.href for i in items] == [
        "https://example.test/files/tool-1.2.tar.gz",
        "https://example.test/guide.pdf?v=2",
        "https://example.test/get",
    ]


def test_captcha_types_and_sitekey() -> None:
    hc = load("captcha-hcaptcha.html")
    assert hc.captcha.to_dict() == {
        "captcha_type": "HCaptcha",
        "sitekey": "10000000-ffff-ffff-ffff-000000000001",
    }
    challenge = action(hc, "CaptchaChallenge")
    assert challenge.sitekey == hc.captcha.sitekey
    assert hc.get(challenge.submit_id).text == "Verify and continue"
    assert load("captcha-text.html").captcha.captcha_type == "TextCaptcha"
    assert load("cloudflare-challenge.html").captcha.captcha_type == "CloudflareChallenge"
    invisible = load("recaptcha-invisible-login.html")
    assert invisible.captcha is not None and invisible.captcha.captcha_type == "ReCaptcha"


def test_pagination_links() -> None:
    dom = load("list.html")
    pages = dom.pagination()
    assert dom.get(pages.next_id).text == "Next »"
    assert dom.get(pages.prev_id).text == "« Previous"
    assert [dom.get(i).text for i in pages.page_ids] == ["1", "3"]
    assert load("other.html").pagination() is None


def test_json_carries_the_intelligence() -> None:
    import json

    data = json.loads(load("oauth.html").to_json())
    assert data["page_type"] == "OAuthConsent"
    assert data["suggested_actions"][0]["action"] == "Consent"


def test_comment_form_recaptcha_is_reported_but_does_not_make_a_captcha_page() -> None:
    dom = load("article-comment-recaptcha.html")
    assert dom.captcha is not None and dom.captcha.captcha_type == "ReCaptcha"
    assert dom.captcha.sitekey == "6LcFIXTUREcommentFORMkey000000000000000"  # captcha stays truthful
    assert "ReCaptcha beside the content: not blocking" in dom.page_reasons
    assert "og:type=article" in dom.page_reasons and dom.page_confidence >= 0.9


def test_header_sign_in_comes_after_reading_on_an_article() -> None:
    dom = load("article-header-signin.html")
    actions = [a.action for a in dom.suggested_actions]
    assert actions[-1] == "Login"
    assert "sign-in form beside the content" in dom.page_reasons


def test_product_page_is_not_content() -> None:
    dom = load("product-page.html")
    assert dom.page_type not in ("Article", "Captcha", "Login", "Error")


def test_page_info_and_explained_json_say_why() -> None:
    import json

    from browsy_engine.tools.views import page_info

    dom = load("blog-index.html")
    info = page_info(dom)
    assert info["page_type"] == "List" and 0 < info["page_confidence"] <= 1
    assert any("linked headings" in r for r in info["page_reasons"])
    assert "page_reasons" not in json.loads(dom.to_json())  # the default JSON is unchanged
    explained = json.loads(dom.to_json(explain=True))
    assert explained["page_reasons"] == info["page_reasons"]
