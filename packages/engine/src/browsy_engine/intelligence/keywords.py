"""Keyword lists of the page-intelligence rules, and the one matcher they all use.

Lists follow the seed ("Page Types Reference", "Action Recipes Reference", "CAPTCHA Detection"), with a
few phrasings real sites use added. Every phrase is matched on word boundaries in lowercase text, so
"join" does not fire on "joined" and "otp" not on "footprint".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final


def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """The phrases, longest first, each followed by no letter or digit. The check before a phrase is made by
    `_search`, not by a lookbehind here: a pattern that starts with the phrases lets `re` skip ahead to
    their first characters, where one that starts with a lookbehind is tried at every position."""
    alternatives = "|".join(
        re.escape(p).replace(r"\ ", r"[\s\-]*") for p in sorted(phrases, key=len, reverse=True)
    )
    return re.compile(rf"(?:{alternatives})(?![a-z0-9])")


_WORD_CHARACTERS: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def _search(pattern: re.Pattern[str], text: str) -> bool:
    """Whether `pattern` matches where no letter or digit comes before (what `(?<![a-z0-9])` at its start
    would accept: at a position it rejects, no alternative matches, so the search goes on one further)."""
    pos = 0
    while True:
        m = pattern.search(text, pos)
        if m is None:
            return False
        start = m.start()
        if start == 0 or text[start - 1] not in _WORD_CHARACTERS:
            return True
        pos = start + 1


def _key_words(phrases: tuple[str, ...]) -> tuple[str, ...]:
    """The longest word of each phrase (its parts between spaces, which `_pattern` matches as written),
    leaving out any that contains another one: a text without any of these holds none of the phrases."""
    keys = {max(p.split(" "), key=len) for p in phrases}
    return tuple(sorted(k for k in keys if not any(o != k and o in k for o in keys)))


class _Matcher:
    """A phrase list's key words, and its pattern (compiled on the first text that holds a key word)."""

    __slots__ = ("phrases", "keys", "_compiled")

    def __init__(self, phrases: tuple[str, ...]) -> None:
        self.phrases = phrases
        self.keys = _key_words(phrases)
        self._compiled: re.Pattern[str] | None = None

    def pattern(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = _pattern(self.phrases)
        return self._compiled


# Matchers of the phrase lists (module constants, tested many times per page), found by the identities of a
# list's first and last phrase and its length, then checked equal (element by element: the same string
# objects, so one pointer test each). A cache keyed by the tuple itself hashes all its phrases on every
# test, and the tuple's own identity is no key: compiled code builds a new tuple object from a Final
# constant where it reads it. Lists that share a key only replace each other; the size bound only
# matters to callers that build phrase tuples on the fly.
_MATCHERS: Final[dict[int, _Matcher]] = {}
_MAX_MATCHERS: Final = 1024


def _matcher(phrases: tuple[str, ...]) -> _Matcher:
    key = id(phrases[0]) ^ (id(phrases[-1]) >> 3) ^ len(phrases)
    found = _MATCHERS.get(key)
    if found is not None and found.phrases == phrases:
        return found
    if len(_MATCHERS) >= _MAX_MATCHERS:
        _MATCHERS.clear()
    made = _MATCHERS[key] = _Matcher(phrases)
    return made


def _contains(text: str, phrases: tuple[str, ...]) -> bool:
    """Whether `text` contains one of `phrases` as whole words. Most texts hold none of their key words,
    and substring searches find that faster than the pattern, which tries every phrase at each
    character that begins one: the pattern only runs on the texts that pass."""
    if not phrases:
        return False
    matcher = _matcher(phrases)
    for word in matcher.keys:
        if word in text:
            return _search(matcher.pattern(), text)
    return False


def has_phrase(text: str, phrases: tuple[str, ...]) -> bool:
    """True when lowercase `text` contains one of `phrases` as whole words."""
    return bool(text) and _contains(text, phrases)


def any_has_phrase(texts: Iterable[str], phrases: tuple[str, ...]) -> bool:
    """True when one of lowercase `texts` contains one of `phrases` as whole words. The texts are searched
    as one string, joined by NUL: no phrase can match across it, and it is no word character."""
    return _contains("\x00".join(texts), phrases)


# --- page types -------------------------------------------------------------------------------------
ERROR_TITLE: Final = (
    "not found",
    "error",
    "errors",
    "forbidden",
    "access denied",
    "something went wrong",
    "service unavailable",
    "bad gateway",
    "bad request",
    "unauthorized",
    "page unavailable",
)
# Headings are matched more strictly than titles: "Errors" is a common section title in documentation.
ERROR_HEADING: Final = (
    "page not found",
    "not found",
    "internal server error",
    "something went wrong",
    "access denied",
    "forbidden",
    "page unavailable",
    "service unavailable",
    "bad gateway",
    "page doesn't exist",
    "page does not exist",
    "this page isn't available",
    "server error",
)
HTTP_ERROR_CODES: Final = ("400", "401", "403", "404", "405", "410", "429", "500", "502", "503", "504")
# Words that make a bare status code in a title mean an HTTP error ("404 | Site", "Error 500").
HTTP_CODE_CONTEXT: Final = ERROR_TITLE + ("page", "server", "gateway", "timeout", "http", "status")

CAPTCHA_TITLE: Final = (
    "captcha",
    "recaptcha",
    "hcaptcha",
    "verify you're human",
    "verify you are human",
    "verify you’re human",
    "not a robot",
    "are you a robot",
    "robot check",
    "security check",
    "just a moment",
    "attention required",
    "are you human",
    "human verification",
    "bot verification",
    "security challenge",
    "one more step",
)
CAPTCHA_HEADING: Final = (
    "captcha",
    "verify you're human",
    "verify you are human",
    "verify you’re human",
    "security check",
    "are you human",
    "are you a robot",
    "not a robot",
    "complete the challenge",
    "human verification",
    "checking your browser",
    "enter the characters you see",
    "type the characters you see",
    "type the text you see",
)

VERIFICATION: Final = (
    "verification",
    "verify your identity",
    "verification code",
    "enter code",
    "enter the code",
    "security code",
    "2fa",
    "two-factor",
    "two factor",
    "2-step",
    "two-step",
    "otp",
    "one-time",
    "one time code",
    "passcode",
    "authentication code",
    "confirmation code",
    "login code",
)

OAUTH_STRONG: Final = (
    "authorize",
    "authorise",
    "allow access",
    "grant permission",
    "grant access",
    "oauth",
    "wants to access",
    "would like to access",
    "is requesting access",
    "requesting permission",
)
OAUTH_WEAK: Final = ("consent",)

INBOX_TITLE: Final = ("inbox", "mail", "messages")
EMAIL_MARKERS: Final = ("from:", "to:", "subject:", "date:")
DASHBOARD: Final = ("dashboard", "welcome back")
DASHBOARD_WEAK: Final = ("overview",)  # also a common section heading of documentation and product pages
SEARCH_RESULTS: Final = ("search results", "results for", "search result", "matches for")
SEARCH_RESULTS_WEAK: Final = (
    "search",
)  # sidebars have "Search" widget headings: only the title or an h1 counts
SEARCH_QUERY_KEYS: Final = (
    "q",
    "query",
    "s",
    "search",
    "search_query",
    "keyword",
    "keywords",
    "term",
    "text",
    "wd",
)

# --- actions ----------------------------------------------------------------------------------------
LOGIN: Final = ("log in", "login", "sign in", "signin", "log on", "logon")
REGISTER: Final = (
    "register",
    "registration",
    "sign up",
    "signup",
    "create account",
    "create an account",
    "create your account",
    "join",
    "new account",
)
CONTACT: Final = (
    "contact us",
    "contact form",
    "get in touch",
    "reach out",
    "send us a message",
    "inquiry",
    "enquiry",
)
CONTACT_WEAK: Final = (
    "contact",
)  # a footer column is often headed "Contact": only the title or an h1 counts
# Substrings of a field's name/label/placeholder/autocomplete that say it holds who you are.
IDENTITY_HINTS: Final = ("user", "login", "mail", "account", "name", "phone", "identifier")
# ... and that it holds a one-time code.
CODE_FIELD_HINTS: Final = ("code", "otp", "token", "pin", "one-time", "totp", "2fa", "mfa")
REMEMBER_ME: Final = (
    "remember",
    "keep me signed in",
    "keep me logged in",
    "stay signed in",
    "stay logged in",
    "trust this device",
    "remember me",
)
APPROVE: Final = (
    "allow",
    "authorize",
    "authorise",
    "approve",
    "accept",
    "grant",
    "grant access",
    "continue",
    "confirm",
    "yes",
    "agree",
)
APPROVE_STRONG: Final = ("allow", "authorize", "authorise", "approve", "grant", "grant access")
DENY: Final = (
    "deny",
    "cancel",
    "decline",
    "reject",
    "refuse",
    "no thanks",
    "not now",
    "don't allow",
    "don’t allow",
    "do not allow",
    "no",
)
COOKIE_TEXT: Final = ("cookie", "cookies", "gdpr", "tracking technologies", "consent to our use")
COOKIE_ACCEPT: Final = (
    "accept",
    "accept all",
    "accept cookies",
    "allow cookies",
    "allow all",
    "agree",
    "i agree",
    "got it",
    "i understand",
    "ok",
    "okay",
    "allow",
    "consent",
    "accept and close",
)
COOKIE_REJECT: Final = (
    "reject",
    "reject all",
    "decline",
    "deny",
    "refuse",
    "necessary only",
    "only necessary",
    "essential only",
    "only essential",
    "reject cookies",
    "disagree",
)
VERIFY_BUTTON: Final = (
    "verify",
    "submit",
    "continue",
    "check",
    "next",
    "proceed",
    "i'm not a robot",
    "i am human",
    "confirm",
)
DOWNLOAD_EXTENSIONS: Final = (
    ".zip",
    ".tar.gz",
    ".tgz",
    ".tar.bz2",
    ".tar.xz",
    ".7z",
    ".gz",
    ".dmg",
    ".exe",
    ".msi",
    ".deb",
    ".rpm",
    ".pkg",
    ".appimage",
    ".apk",
    ".iso",
    ".pdf",
    ".csv",
    ".xlsx",
    ".xls",
    ".docx",
    ".doc",
    ".pptx",
    ".epub",
    ".whl",
    ".jar",
)
CODE_CONTEXT: Final = (
    "verification code",
    "security code",
    "your code",
    "otp",
    "passcode",
    "one-time",
    "one time",
    "confirmation code",
    "login code",
    "access code",
    "auth code",
    "authentication code",
    "code is",
    "2fa",
    "pin",
)
