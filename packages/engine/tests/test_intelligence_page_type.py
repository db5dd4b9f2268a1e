"""Page type rules on hand-built Spatial DOMs: one case per type, plus the seed's precedence cases."""

from __future__ import annotations

from browsy_engine.intelligence import analyze
from browsy_engine.model import SpatialDom
from fixtures.intelligence.builders import el, field, link, page, paragraph


def page_type(dom: SpatialDom) -> str:
    analyze(dom)
    return dom.page_type


def links(n: int, prefix: str = "Item") -> list:
    return [link(f"{prefix} {i}", f"/item/{i}") for i in range(n)]


def test_error_from_title_codes_and_words() -> None:
    assert page_type(page("404 Not Found", el("h1", "Not Found"))) == "Error"
    assert page_type(page("Error 500", el("p", "Internal"))) == "Error"
    assert page_type(page("403", el("p", "no"))) == "Error"
    assert page_type(page("Page not found · Example", el("h1", "Oops"))) == "Error"


def test_error_from_visible_error_alert_only() -> None:
    assert page_type(page("Checkout", el("div", "Card declined", alert_type="error"))) == "Error"
    assert page_type(page("Checkout", el("div", "Card declined", alert_type="error", hidden=True))) == "Other"
    assert page_type(page("Checkout", el("div", "Saved", alert_type="success"))) == "Other"


def test_status_code_without_error_context_and_articles_about_errors_are_not_errors() -> None:
    assert page_type(page("Fortune 500 companies", el("p", "x"))) == "Other"
    article = page(
        "Error handling in Rust",
        el("h1", "Errors"),
        el("h2", "Result"),
        el("h2", "Panic"),
        *[paragraph() for _ in range(6)],
    )
    assert page_type(article) == "Article"


def test_error_page_with_login_form_is_error() -> None:
    dom = page(
        "Error - Example",
        el("h1", "Something went wrong"),
        field("email", name="email"),
        field("password", name="pw"),
        el("button", "Sign in"),
    )
    assert page_type(dom) == "Error"


def test_captcha_from_title_or_heading() -> None:
    assert page_type(page("Just a moment...", el("p", "Checking your browser"))) == "Captcha"
    assert page_type(page("Shop", el("h1", "Are you human?"))) == "Captcha"
    assert page_type(page("Attention Required! | Cloudflare", el("p", "x"))) == "Captcha"


def test_captcha_page_infers_image_grid_without_document() -> None:
    dom = page(
        "Verify you're human",
        el("h1", "Select all squares"),
        *[field("image", text=f"tile {i}", role="button") for i in range(9)],
        el("button", "Verify"),
    )
    assert page_type(dom) == "Captcha"
    assert dom.captcha is not None and dom.captcha.captcha_type == "ImageGrid"
    challenge = [a for a in dom.suggested_actions if a.action == "CaptchaChallenge"]
    assert challenge and challenge[0].submit_id == dom.els[-1].id


def test_captcha_image_with_a_text_field_is_a_text_captcha_page() -> None:
    dom = page(
        "Amazon.com",
        el("h4", "Enter the characters you see below"),
        el("img", "captcha"),
        field("text", name="field-keywords"),
        el("button", "Continue shopping"),
    )
    assert page_type(dom) == "Captcha"
    assert dom.captcha.captcha_type == "TextCaptcha"
    plain = page("Shop", el("img", "A product photo"), field("text", name="qty"))
    assert page_type(plain) == "Other"


def test_login_with_nav_search_bar_is_login() -> None:
    dom = page(
        "Sign in",
        el("nav"),
        field("search", name="q", ph="Search"),
        field("email", name="email"),
        field("password", name="password"),
        el("button", "Sign in"),
    )
    assert page_type(dom) == "Login"


def test_identifier_first_sign_in_is_login() -> None:
    google = page(
        "Sign in - Accounts", el("h1", "Sign in"), field("email", name="identifier"), el("button", "Next")
    )
    assert page_type(google) == "Login"
    assert "Login" not in {a.action for a in google.suggested_actions}  # nothing to type a password into yet
    waiting = page(
        "Accounts",
        field("text", name="username"),
        field("password", name="pw", hidden=True),
        el("button", "Next"),
    )
    assert page_type(waiting) == "Login"
    newsletter = page(
        "Weekly news", el("h1", "Subscribe"), field("email", name="email"), el("button", "Join")
    )
    assert page_type(newsletter) == "Other"
    second_step = page(
        "Sign in",
        el("h1", "Two-step verification"),
        field("text", name="code", label="Code we emailed"),
        el("button", "Verify"),
    )
    assert page_type(second_step) == "TwoFactorAuth"


def test_two_factor_needs_keywords_and_input_and_no_password() -> None:
    assert (
        page_type(
            page(
                "Two-factor authentication",
                el("h1", "Enter code"),
                field("text", name="otp"),
                el("button", "Verify"),
            )
        )
        == "TwoFactorAuth"
    )
    assert page_type(page("Two-factor authentication", el("p", "Check your phone"))) == "Other"
    with_password = page(
        "Verification",
        el("h1", "Verification"),
        field("text", name="code"),
        field("password", name="pw"),
        el("button", "Go"),
    )
    assert page_type(with_password) == "Login"


def test_oauth_consent() -> None:
    dom = page(
        "Authorize ExampleApp",
        el("h1", "ExampleApp wants to access your account"),
        el("button", "Authorize"),
        el("button", "Cancel"),
    )
    assert page_type(dom) == "OAuthConsent"


def test_privacy_consent_form_is_not_oauth() -> None:
    dom = page(
        "Privacy and Consent",
        el("h1", "Privacy and consent"),
        field("checkbox", name="privacy"),
        field("checkbox", name="sms"),
        el("button", "Continue"),
    )
    assert page_type(dom) == "Form"


def test_inbox_needs_title_and_links() -> None:
    assert page_type(page("Inbox (3) - Mail", *links(12, "Message"))) == "Inbox"
    assert page_type(page("Inbox", *links(4))) == "Other"


def test_email_body_from_header_markers() -> None:
    dom = page("Message", el("dt", "From:"), el("dt", "To:"), el("dt", "Subject:"), el("p", "Hello"))
    assert page_type(dom) == "EmailBody"
    assert page_type(page("Notes", el("p", "How to: cook"), el("p", "from: me"))) == "Other"


def test_dashboard_needs_keywords_and_both_landmarks() -> None:
    both = page("Dashboard", el("nav"), link("Home"), el("main"), el("h1", "Welcome back"))
    assert page_type(both) == "Dashboard"
    assert page_type(page("Dashboard", el("main"), el("h1", "Welcome back"))) == "Other"


def test_overview_section_in_docs_is_not_a_dashboard() -> None:
    docs = page(
        "Widgets - Docs",
        el("nav"),
        link("Home"),
        el("main"),
        el("h1", "Widgets"),
        el("h2", "Overview"),
        el("h2", "Usage"),
        *[paragraph() for _ in range(6)],
    )
    assert page_type(docs) == "Article"
    console = page("Overview - Acme Cloud", el("nav"), link("Home"), el("main"), el("h1", "Usage"))
    assert page_type(console) == "Dashboard"


def test_article_thresholds() -> None:
    small = page("Blog", el("h1", "A"), el("h2", "B"), el("h2", "C"), paragraph(), paragraph())
    assert page_type(small) == "Article"
    many_links = page(
        "Blog", el("h1", "A"), el("h2", "B"), el("h2", "C"), paragraph(), paragraph(), *links(20)
    )
    assert page_type(many_links) == "List"
    heavy = page(
        "News", *[el("h3", f"Story {i}") for i in range(20)], *[paragraph() for _ in range(10)], *links(20)
    )
    assert page_type(heavy) == "List"  # 10 paragraphs for 20 headings: a headline list, not an article


def test_search_results_from_url_or_title() -> None:
    by_url = page("Example", field("search", name="q"), *links(9), url="https://example.test/find?q=rust")
    assert page_type(by_url) == "SearchResults"
    by_title = page("Search results", field("text", name="q"), *links(9))
    assert page_type(by_title) == "SearchResults"
    no_context = page("Example", field("text", name="q"), *links(12))
    assert page_type(no_context) == "List"
    blog_index = page("My blog", el("h1", "Posts"), *links(12), el("h2", "Search"), field("search", name="s"))
    assert page_type(blog_index) == "List"  # a sidebar "Search" widget does not make results


def test_search_page_and_hidden_search_fallback() -> None:
    assert page_type(page("Find", field("search", name="q"), el("button", "Go"))) == "Search"
    hidden = page("Engine", field("text", name="q", hidden=True), el("p", "x"))
    assert page_type(hidden) == "Search"
    crowded = page("Engine", field("text", name="q", hidden=True), *[el("p", f"x{i}") for i in range(6)])
    assert page_type(crowded) == "Other"


def test_form_counts_data_entry_inputs_only() -> None:
    assert page_type(page("Apply", field("text", name="a"), el("select", "A B", name="b"))) == "Form"
    assert page_type(page("Apply", field("text", name="a"), field("submit", val="Go"))) == "Other"
    assert page_type(page("Apply", field("checkbox", name="a"))) == "Other"


def test_other_by_default() -> None:
    assert page_type(page("Example Domain", el("h1", "Example Domain"), el("p", "Hello"))) == "Other"


def test_mail_header_words_are_found_as_the_pattern_finds_them() -> None:
    import random
    import re

    from browsy_engine.intelligence.page_type import _email_markers

    pattern = re.compile(r"(from|to|subject|date):")
    pieces = ["from", "to", "subject", "date", ":", " ", "\n", "x", "sto", "fromto", "::", "é"]
    rng = random.Random(3)
    texts = ["from: a to: b", "to:", ":to:", "xfrom: date:", "subject:date: to:"]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randrange(10))) for _ in range(20_000)]
    for text in texts:
        expected = {
            m.group(1) for m in pattern.finditer(text) if m.start() == 0 or text[m.start() - 1].isspace()
        }
        seen: set[str] = set()
        _email_markers(text, seen)
        assert seen == expected, repr(text)
