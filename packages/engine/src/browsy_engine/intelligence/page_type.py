"""Page type: the seed's priority-ordered rules, with the weighed content evidence of weighing.py.

Strong evidence keeps the seed's order: a real error page, a CAPTCHA that blocks the page, a sign-in page
whose main content is the sign-in form. A page whose content outweighs them (an article with a comment
form's reCAPTCHA, a header sign-in modal, an error alert in a sidebar) is typed by its content instead.
`classify` returns the type with a confidence and the reasons that decided it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final
from urllib.parse import parse_qs, urlsplit

from ..model import SpatialElement
from ..suggestions import CaptchaInfo
from . import keywords as kw
from .captcha import has_text_captcha
from .evidence import Evidence
from .facts import NON_ENTRY_TYPES, PageFacts, input_type
from .weighing import Weighing

PAGE_TYPES: Final = (
    "Error",
    "Captcha",
    "Login",
    "TwoFactorAuth",
    "OAuthConsent",
    "Inbox",
    "EmailBody",
    "Dashboard",
    "Article",
    "SearchResults",
    "List",
    "Search",
    "Form",
    "Other",
)

LONG_PARAGRAPH: Final = 100  # characters
# Weak keywords (an error word, "overview") only count on pages that are not long-form content
# ("Error handling in Rust" is an article about errors, not an error page).
SHORT_PAGE_MAX_LONG_PARAGRAPHS: Final = 4
ERROR_HEADING_MAX: Final = 60  # characters: "Page not found", not a section title in an article
# a header line's name; is_email_body requires white space or the start of the text before it (outside
# the pattern, so that `re` skips ahead to the names' first letters instead of trying every position)
EMAIL_MARKERS: Final = ("from", "to", "subject", "date")  # header words of a mail, before a colon


def long_paragraphs(facts: PageFacts) -> int:
    return sum(1 for p in facts.paragraphs if len(p.text or "") > LONG_PARAGRAPH)


def _names_http_error(text: str) -> bool:
    """A status code as a word, alone or with error context ("404", "Error 500", "403 Forbidden")."""
    if not kw.has_phrase(text, kw.HTTP_ERROR_CODES):
        return False
    return len(re.findall(r"[a-z0-9]+", text)) == 1 or kw.has_phrase(text, kw.HTTP_CODE_CONTEXT)


def _says_error(facts: PageFacts) -> bool:
    """Title (seed) or a short heading (real error pages often keep the site's title) says error. Error
    words other than a status code only count on pages that are not long-form content."""
    headings = [h for h in facts.headings if len(h) <= ERROR_HEADING_MAX]
    if _names_http_error(facts.title) or any(_names_http_error(h) for h in headings):
        return True
    if long_paragraphs(facts) > SHORT_PAGE_MAX_LONG_PARAGRAPHS:
        return False
    return kw.has_phrase(facts.title, kw.ERROR_TITLE) or kw.any_has_phrase(headings, kw.ERROR_HEADING)


def names_http_error(facts: PageFacts) -> bool:
    """The title or a short heading names an HTTP error status ("404", "Error 500"): a real error page."""
    headings = [h for h in facts.headings if len(h) <= ERROR_HEADING_MAX]
    return _names_http_error(facts.title) or any(_names_http_error(h) for h in headings)


def is_error(facts: PageFacts) -> bool:
    """Error words (title/headings), or a visible error alert that says something (empty validation
    placeholders waiting for script do not count)."""
    return _says_error(facts) or any(el.alert_type == "error" and el.text for el in facts.alerts)


def says_captcha(facts: PageFacts) -> bool:
    return kw.has_phrase(facts.title, kw.CAPTCHA_TITLE) or kw.any_has_phrase(
        facts.headings, kw.CAPTCHA_HEADING
    )


def is_captcha(facts: PageFacts, captcha: CaptchaInfo | None) -> bool:
    """A visible CAPTCHA service, CAPTCHA words in title/headings, or a captcha image to type from."""
    return (captcha is not None and captcha.interactive) or says_captcha(facts) or has_text_captcha(facts)


def code_inputs(facts: PageFacts) -> list[SpatialElement]:
    """Visible text/number/tel inputs that could take a verification code (search boxes excluded)."""
    return [
        el
        for el in facts.fields
        if el.tag == "input"
        and input_type(el) in ("", "text", "number", "tel")
        and not facts.is_search_input(el)
    ]


def is_login(facts: PageFacts) -> bool:
    """A visible password field (seed). Also the first step of an identifier-first sign-in (Google,
    Microsoft, Apple): the page's only data-entry field is an email/username, and either a hidden
    password field waits in the page or the title/headings say sign in / log in."""
    if facts.passwords:
        return True
    entries = entry_fields(facts)
    if len(entries) != 1 or entries[0].tag != "input":
        return False
    only = entries[0]
    kind = input_type(only)
    if kind not in ("", "text", "email", "tel"):
        return False
    words = facts.descriptor(only)
    if any(h in words for h in kw.CODE_FIELD_HINTS) or says_verification(facts):
        return False  # a verification step, not a sign-in
    if kind != "email" and not any(h in words for h in kw.IDENTITY_HINTS):
        return False
    hidden_password = any(input_type(el) == "password" for el in facts.hidden_fields)
    return hidden_password or kw.any_has_phrase(facts.title_and_headings, kw.LOGIN)


def says_verification(facts: PageFacts) -> bool:
    return kw.any_has_phrase(facts.title_and_headings, kw.VERIFICATION)


def is_two_factor(facts: PageFacts) -> bool:
    return not facts.passwords and says_verification(facts) and bool(code_inputs(facts))


def approve_strong_buttons(facts: PageFacts) -> list[SpatialElement]:
    return [el for el in facts.buttons if kw.has_phrase(facts.text(el), kw.APPROVE_STRONG)]


def is_oauth_consent(facts: PageFacts) -> bool:
    """OAuth keywords in title/headings. The bare word "consent" is also used by privacy forms and
    cookie dialogs, so it only counts when an allow/authorize/approve button is on the page."""
    texts = facts.title_and_headings
    if kw.any_has_phrase(texts, kw.OAUTH_STRONG):
        return True
    return (
        kw.any_has_phrase(texts, kw.OAUTH_WEAK)
        and bool(approve_strong_buttons(facts))
        and not any(kw.has_phrase(t, kw.COOKIE_TEXT) for t in texts)
    )


def is_inbox(facts: PageFacts) -> bool:
    return kw.has_phrase(facts.title, kw.INBOX_TITLE) and len(facts.links) >= 10


def is_email_body(facts: PageFacts) -> bool:
    """Three of the header words of a mail (From:, To:, Subject:, Date:), each starting a word."""
    seen: set[str] = set()
    for text in facts.visible_texts:
        if ":" in text:
            _email_markers(text, seen)
            if len(seen) >= 3:
                return True
    return False


def _email_markers(text: str, seen: set[str]) -> None:
    """Add to `seen` each header word of EMAIL_MARKERS that ends just before a colon of `text` and starts
    it or follows white space. Found from the colons (str.find), not by a pattern tried at each
    character: the words end in different letters, so at most one ends at a given colon."""
    colon = text.find(":")
    while colon >= 0:
        for word in EMAIL_MARKERS:
            start = colon - len(word)
            if start >= 0 and text.startswith(word, start):
                if start == 0 or text[start - 1].isspace():
                    seen.add(word)
                break
        colon = text.find(":", colon + 1)


def is_dashboard(facts: PageFacts) -> bool:
    """Dashboard keywords and both nav and main landmarks. "Overview" alone only counts on pages that
    are not long-form content (docs and product pages have "Overview" sections)."""
    if "navigation" not in facts.landmark_roles or "main" not in facts.landmark_roles:
        return False
    texts = facts.title_and_headings
    if kw.any_has_phrase(texts, kw.DASHBOARD):
        return True
    return (
        kw.any_has_phrase(texts, kw.DASHBOARD_WEAK)
        and long_paragraphs(facts) <= SHORT_PAGE_MAX_LONG_PARAGRAPHS
    )


def is_article(facts: PageFacts) -> bool:
    """Seed thresholds, counting section headings only: headings that just wrap a link are the
    entries of a listing (search results, blog index), not the sections of an article."""
    headings = len(facts.headings) - facts.link_headings
    if headings < 3:
        return False
    paragraphs = long_paragraphs(facts)
    needed = 10 if len(facts.links) >= 20 else 2
    if paragraphs < needed:
        return False
    return headings < 15 or paragraphs / headings >= 0.8


def search_inputs(facts: PageFacts, *, include_hidden: bool) -> list[SpatialElement]:
    pool = facts.fields + facts.hidden_fields if include_hidden else facts.fields
    return [el for el in pool if facts.is_search_input(el)]


def url_has_search_query(url: str) -> bool:
    parts = urlsplit(url or "")
    if "search" in parts.path.lower():
        return True
    query = parse_qs(parts.query, keep_blank_values=False)
    return any(key.lower() in kw.SEARCH_QUERY_KEYS for key in query)


def is_search_results(facts: PageFacts) -> bool:
    if len(facts.links) < 8 or not search_inputs(facts, include_hidden=True):
        return False
    return (
        kw.any_has_phrase(facts.title_and_headings, kw.SEARCH_RESULTS)
        or kw.any_has_phrase([facts.title, *facts.h1], kw.SEARCH_RESULTS_WEAK)
        or url_has_search_query(facts.dom.url)
    )


def is_list(facts: PageFacts) -> bool:
    """10+ visible links. On a page whose own content is a search box (a search engine's home page),
    the links of its header and footer don't make it a list: 10+ links outside the chrome are needed."""
    if len(facts.links) < 10:
        return False
    if not search_inputs(facts, include_hidden=False) or len(entry_fields(facts)) >= 2:
        return True
    return sum(1 for el in facts.links if not facts.in_chrome(el)) >= 10


def is_search(facts: PageFacts) -> bool:
    """A visible search input, unless the page also has a form of its own (2+ data-entry fields): then
    the search box is the site header's and the page is a Form. Hidden-search fallback for near-empty
    pages (JS-rendered search engines)."""
    if search_inputs(facts, include_hidden=False):
        return len(entry_fields(facts)) < 2
    return len(facts.visible) < 5 and bool(search_inputs(facts, include_hidden=True))


def entry_fields(facts: PageFacts) -> list[SpatialElement]:
    """Visible data-entry fields (no checkbox, radio, hidden, button inputs; search boxes aside)."""
    return [
        el
        for el in facts.fields
        if not (el.tag == "input" and input_type(el) in NON_ENTRY_TYPES) and not facts.is_search_input(el)
    ]


def choice_groups(facts: PageFacts) -> int:
    """Distinct visible checkbox/radio questions (a radio group counts once)."""
    names = {el.name or f"#{el.id}" for el in facts.fields if facts.is_choice_field(el)}
    return len(names)


def is_form(facts: PageFacts) -> bool:
    """2+ data-entry fields; a form made only of choices (2+ checkbox/radio questions) counts too."""
    return len(entry_fields(facts)) >= 2 or choice_groups(facts) >= 2


@dataclass(slots=True, init=False)
class Classification:
    page_type: str
    confidence: float
    reasons: list[str]

    # Written out rather than generated (init=False): a dataclass's generated __init__ runs interpreted
    # under mypyc, and one is made per parse. Same parameters as the generated one.
    def __init__(self, page_type: str, confidence: float, reasons: list[str]) -> None:
        self.page_type = page_type
        self.confidence = confidence
        self.reasons = reasons

    def __reduce__(self) -> tuple[type[Classification], tuple[str, float, list[str]]]:
        # pickling and copying rebuild it through __init__ (a compiled class's __new__ runs it)
        return (Classification, (self.page_type, self.confidence, self.reasons))


def detect_page_type(facts: PageFacts, captcha: CaptchaInfo | None) -> str:
    """The page type from the facts alone (no weighed evidence): the seed's rules in order."""
    return classify(facts, captcha, None, None).page_type


def _password_in_main(facts: PageFacts, ev: Evidence | None) -> bool:
    return ev is not None and any(ev.where(el.node) == "main" for el in facts.passwords)


def _password_beside_text(facts: PageFacts, ev: Evidence | None, weighing: Weighing | None) -> bool:
    """Every visible password field sits outside the main block (a header sign-in, a sidebar) while the
    main block holds text: the sign-in is the site's, not the page's purpose."""
    return (
        ev is not None
        and weighing is not None
        and weighing.points >= 1
        and bool(facts.passwords)
        and not _password_in_main(facts, ev)
    )


def classify(
    facts: PageFacts, captcha: CaptchaInfo | None, ev: Evidence | None, weighing: Weighing | None
) -> Classification:
    content = weighing is not None and weighing.is_content
    why = weighing.top() if weighing is not None else []

    if names_http_error(facts):
        return Classification("Error", 0.9, ["title or heading names an HTTP error"])
    if not content and is_error(facts):
        return Classification("Error", 0.7, ["error words or an error alert", *why[:1]])
    if is_captcha(facts, captcha):
        kind = captcha.captcha_type if captcha is not None else "captcha"
        if not content:
            return Classification("Captcha", 0.8, [f"{kind}: blocking, little else on the page", *why[:1]])
        why = [*why[:2], f"{kind} beside the content: not blocking"]
    elif facts.passwords and content:
        why = [*why[:2], "sign-in form beside the content"]
    if (
        is_login(facts)
        and (not content or _password_in_main(facts, ev))
        and not _password_beside_text(facts, ev, weighing)
    ):
        return Classification(
            "Login",
            0.85 if facts.passwords else 0.65,
            ["sign-in form in the main content" if content else "sign-in form", *why[:1]],
        )
    name = _first_rule(facts, content if weighing is not None else None)
    if name == "Article" and weighing is not None:
        return Classification(name, min(0.99, 0.45 + 0.08 * weighing.points), why)
    if weighing is not None and weighing.points < 0:
        why = [*why[:2]]
    return Classification(
        name, 0.6 if name != "Other" else 0.4, [_RULE_REASONS.get(name, "no rule matched"), *why[:2]]
    )


def _first_rule(facts: PageFacts, content: bool | None) -> str:
    """The page type of the first of the seed's remaining rules that holds, tried in order (each only when
    the ones before fail), or "Other". `content`: whether weighed evidence says content (None: unweighed,
    the seed's article rule decides). Plain tests, not a table of lambdas: classify runs once per parse,
    and compiled code makes a closure object for each lambda on every call."""
    if is_two_factor(facts):
        return "TwoFactorAuth"
    if is_oauth_consent(facts):
        return "OAuthConsent"
    if is_inbox(facts):
        return "Inbox"
    if is_email_body(facts):
        return "EmailBody"
    if is_dashboard(facts):
        return "Dashboard"
    if content if content is not None else is_article(facts):
        return "Article"
    if is_search_results(facts):
        return "SearchResults"
    if is_list(facts):
        return "List"
    if is_search(facts):
        return "Search"
    if is_form(facts):
        return "Form"
    return "Other"


_RULE_REASONS: Final = {
    "TwoFactorAuth": "verification words and a code field",
    "OAuthConsent": "authorization words and an approve button",
    "Inbox": "inbox title and a list of messages",
    "EmailBody": "from/to/subject lines",
    "Dashboard": "dashboard words with navigation and main landmarks",
    "Article": "sections and long paragraphs",
    "SearchResults": "search box and results",
    "List": "10+ links",
    "Search": "a search box is the page's purpose",
    "Form": "2+ fields to fill",
}
