"""Action recipes: serialisation contract and firing rules on hand-built Spatial DOMs."""

from __future__ import annotations

from browsy_engine.intelligence import analyze
from browsy_engine.intelligence.actions import (
    CaptchaChallenge,
    Consent,
    DownloadItem,
    EnterCode,
    FillForm,
    FormField,
    Login,
    Register,
)
from browsy_engine.model import SpatialDom
from fixtures.intelligence.builders import el, field, link, page


def actions(dom: SpatialDom) -> dict[str, object]:
    analyze(dom)
    return {a.action: a for a in dom.suggested_actions}


def test_to_dict_tags_and_omits_none() -> None:
    assert Login(username_id=19, password_id=21, submit_id=34).to_dict() == {
        "action": "Login",
        "username_id": 19,
        "password_id": 21,
        "submit_id": 34,
    }
    assert list(Register(password_id=7, email_id=3).to_dict()) == ["action", "email_id", "password_id"]
    assert FillForm(
        fields=[FormField(3, "First Name", "first_name", "text"), FormField(4)], submit_id=10
    ).to_dict() == {
        "action": "FillForm",
        "fields": [{"id": 3, "label": "First Name", "name": "first_name", "type": "text"}, {"id": 4}],
        "submit_id": 10,
    }
    assert CaptchaChallenge(captcha_type="ReCaptcha", sitekey="6Le").to_dict() == {
        "action": "CaptchaChallenge",
        "captcha_type": "ReCaptcha",
        "sitekey": "6Le",
    }
    assert DownloadItem(20, "Download", None).to_dict() == {"id": 20, "text": "Download"}


def test_compact_lines() -> None:
    assert (
        Login(username_id=19, password_id=21, submit_id=34).compact()
        == "Login { username: 19, password: 21, submit: 34 }"
    )
    assert Consent(approve_ids=[30], deny_ids=[32]).compact() == "Consent { approve: [30], deny: [32] }"
    assert (
        EnterCode(input_id=4, submit_id=6, code_length=6).compact()
        == "EnterCode { input: 4, submit: 6, code_length: 6 }"
    )
    assert (
        CaptchaChallenge(captcha_type="HCaptcha").compact() == "CaptchaChallenge { captcha_type: HCaptcha }"
    )
    assert Login.action == "Login" and Login(username_id=1, password_id=2).action == "Login"


def test_login_needs_a_username_near_the_password() -> None:
    assert "Login" not in actions(page("Sign in", field("password", name="pw"), el("button", "Go")))
    far = page(
        "Sign in",
        field("email", name="email", b=[100, 10, 300, 30]),
        field("password", name="pw", b=[100, 900, 300, 30]),
        el("button", "Go", b=[100, 950, 100, 30]),
    )
    assert "Login" not in actions(far)


def test_confirm_password_without_form_is_register() -> None:
    dom = page(
        "Join us",
        field("email", name="email"),
        field("text", name="username"),
        field("password", name="password"),
        field("password", name="password2"),
        el("button", "Create"),
    )
    reg = actions(dom)["Register"]
    assert (reg.email_id, reg.username_id, reg.password_id, reg.confirm_password_id, reg.submit_id) == (
        1,
        2,
        3,
        4,
        5,
    )


def test_confirm_password_with_login_keywords_prefers_login() -> None:
    dom = page(
        "Log in",
        field("text", name="user"),
        field("password", name="a"),
        field("password", name="b"),
        el("button", "Log in"),
    )
    assert set(actions(dom)) >= {"Login"} and "Register" not in actions(dom)


def test_enter_code_prefers_the_code_field() -> None:
    dom = page(
        "Verification",
        el("h1", "Enter code"),
        field("text", name="phone_hint"),
        field("text", name="otp_code"),
        el("button", "Verify"),
    )
    assert actions(dom)["EnterCode"].input_id == 3


def test_cookie_consent_needs_notice_text_and_accept_button() -> None:
    notice = el("p", "This site uses cookies to improve your experience.", b=[0, 1000, 800, 20])
    accept = el("button", "Got it", b=[820, 1000, 80, 20])
    assert actions(page("News", notice, accept))["CookieConsent"].accept_id == 2
    assert "CookieConsent" not in actions(page("News", el("p", "Cookies!"), el("button", "Got it")))
    assert "CookieConsent" not in actions(
        page("News", el("p", "This site uses cookies to improve it."), el("button", "Subscribe"))
    )


def test_consent_only_on_oauth_pages() -> None:
    assert "Consent" not in actions(page("Shop", el("button", "Allow"), el("button", "Deny")))
    found = actions(
        page(
            "Grant access", el("h1", "Authorize Foo"), el("button", "Authorize"), el("button", "Don't allow")
        )
    )
    assert (found["Consent"].approve_ids, found["Consent"].deny_ids) == ([2], [3])


def test_contact_needs_keywords_and_textarea() -> None:
    assert "Contact" in actions(page("Contact us", el("textarea", name="msg"), el("button", "Send")))
    assert "Contact" not in actions(page("Write a review", el("textarea", name="msg"), el("button", "Send")))
    assert "Contact" in actions(page("Contact - Acme", el("textarea", name="msg"), el("button", "Send")))
    blog = page(
        "My post",
        el("h1", "My post"),
        field("text", name="author"),
        field("email", name="email"),
        el("textarea", name="comment"),
        el("button", "Post comment"),
        el("h3", "Contact"),
    )
    found = actions(blog)
    assert (
        "Contact" not in found and "FillForm" in found
    )  # a footer "Contact" heading is not the page's topic


def test_select_from_list_groups_links_into_rows() -> None:
    rows = [link(f"L{i}", b=[100 + 50 * (i % 2), 100 + 60 * (i // 2), 40, 20]) for i in range(10)]
    assert actions(page("x", *rows))["SelectFromList"].items == [1, 3, 5, 7, 9]
    few = [link(f"L{i}", b=[100, 100 + 60 * (i // 3), 40, 20]) for i in range(12)]
    assert "SelectFromList" not in actions(page("x", *few))


def test_fill_form_not_when_a_specific_form_action_exists() -> None:
    login = page(
        "Sign in",
        field("email", name="e"),
        field("password", name="p"),
        field("text", name="extra"),
        el("button", "Go"),
    )
    assert "FillForm" not in actions(login)
    form = page("Survey", field("text", name="a"), field("text", name="b"), el("button", "Send"))
    fill = actions(form)["FillForm"]
    assert [f.name for f in fill.fields] == ["a", "b"] and fill.submit_id == 3


def test_download_by_text_extension_or_attribute() -> None:
    found = actions(
        page(
            "x",
            link("Download now", "/go"),
            link("Report", "/r.CSV"),
            link("Docs", "/docs"),
            el("button", "Download the full dataset as a zip archive with everything inside it now"),
        )
    )
    assert [i.id for i in found["Download"].items] == [1, 2]


def test_several_actions_coexist_in_seed_order() -> None:
    dom = page(
        "Sign in",
        field("search", name="q"),
        field("email", name="email"),
        field("password", name="pw"),
        el("button", "Sign in"),
        el("p", "We use cookies to make this site work, see our cookie policy."),
        el("button", "Accept all"),
    )
    assert [a.action for a in (analyze(dom) or dom.suggested_actions)] == ["Login", "Search", "CookieConsent"]


def test_file_links_are_found_from_the_path_before_query_and_fragment() -> None:
    """A link offers a download when its path (not its query or fragment) ends with a file extension,
    in any case; the same answers as splitting the href at "#" and "?" and reading the lowercased path."""
    from browsy_engine.intelligence.actions.navigation import _FILE_EXTENSIONS, _is_file_link

    def by_splitting(href: str) -> bool:
        path = href.split("#", 1)[0].split("?", 1)[0].lower()
        candidates = _FILE_EXTENSIONS.get(path[path.rfind(".") :]) if "." in path else None
        return candidates is not None and path.endswith(candidates)

    hrefs = [
        "https://example.com/report.PDF",
        "/files/archive.tar.gz?download=1",
        "/files/archive.tar.gz#top",
        "/page.html?file=x.zip",
        "/page#section.zip",
        "/a.zip#b?c",
        "/a?b#c.zip",
        "https://example.com/",
        "https://example.com",
        "/setup.exe",
        "/data.csv/",
        "/mirror/linux.iso",
        "/ÜBER.ZIP",
        ".zip",
        "zip",
        "?.zip",
    ]
    for href in hrefs:
        assert _is_file_link(href) == by_splitting(href), href
    assert _is_file_link("/report.PDF") and _is_file_link("/x.tar.gz?y") and not _is_file_link("/p?f=x.zip")
    assert not _is_file_link(None) and not _is_file_link("")
