"""CAPTCHA detection from the document tree (seed: "CAPTCHA Detection").

Script and iframe sources, class names and ids of the widget containers, and `data-sitekey` are read
from the parsed document, before and independently of the Spatial DOM. When no known service is
present but the page reads as a CAPTCHA page, the type is inferred from the elements instead.
"""

from __future__ import annotations

from typing import Final
from urllib.parse import parse_qs, urlsplit

from ..dom.tree import Document, Node
from ..suggestions import CaptchaInfo
from .facts import PageFacts

CAPTCHA_TYPES: Final = (
    "ReCaptcha",
    "HCaptcha",
    "Turnstile",
    "CloudflareChallenge",
    "ImageGrid",
    "TextCaptcha",
    "Unknown",
)
# When several services are present, the more specific page-level signal wins.
_PRECEDENCE: Final = ("CloudflareChallenge", "Turnstile", "HCaptcha", "ReCaptcha")
# The candidate elements are those the selector `script, iframe[src], [data-sitekey], [class*='g-recaptcha'],
# [class*='h-captcha'], [class*='cf-turnstile'], [id*='challenge-running'], [id*='cf-challenge'],
# [id='challenge-form'], [id*='challenge-error'], form[action*='__cf_chl']` matches (attribute values
# compared case-sensitively, as lexbor does), found by `_candidates` in one pass over the nodes.
_CANDIDATE_CLASSES: Final = (
    "g-recaptcha",
    "h-captcha",
    "cf-turnstile",
)  # each contains "captcha" or "turnstile"
_CANDIDATE_IDS: Final = ("challenge-running", "cf-challenge", "challenge-error")  # each contains "challenge"
# Inline script of Cloudflare's interstitial ("Just a moment..."): its options object and loader path.
_CLOUDFLARE_INLINE: Final = ("_cf_chl_opt", "/cdn-cgi/challenge-platform/")


def _source_type(src: str) -> str | None:
    src = src.lower()
    if "challenges.cloudflare.com/turnstile" in src:
        return "Turnstile"
    if "hcaptcha.com" in src:
        return "HCaptcha"
    if "recaptcha" in src:
        return "ReCaptcha"
    if "/cdn-cgi/challenge-platform/" in src:
        return "CloudflareChallenge"
    return None


def _is_cloudflare_inline(document: Document, index: int) -> bool:
    text = document.text_of(index)
    return any(marker in text for marker in _CLOUDFLARE_INLINE)


def _is_invisible(node_tag: str, attrs: dict[str, str | None]) -> bool:
    """reCAPTCHA v3 (api.js?render=<sitekey>) or a widget declared data-size="invisible"."""
    if (attrs.get("data-size") or "").lower() == "invisible":
        return True
    if node_tag == "script":
        render = parse_qs(urlsplit(attrs.get("src") or "").query).get("render", [""])[0]
        return render not in ("", "explicit", "onload")
    return False


def _marker_type(classes: str, ident: str, action: str) -> str | None:
    if (
        "challenge-running" in ident
        or "cf-challenge" in ident
        or "challenge-error" in ident
        or ident == "challenge-form"
        or "__cf_chl" in action
    ):
        return "CloudflareChallenge"
    if "cf-turnstile" in classes:
        return "Turnstile"
    if "h-captcha" in classes:
        return "HCaptcha"
    if "g-recaptcha" in classes:
        return "ReCaptcha"
    return None


def _candidates(document: Document) -> list[Node]:
    """The elements that may name a CAPTCHA service, in document order (see `_CANDIDATE_CLASSES`), from
    the document's index: its scripts, iframes and forms, the elements with `data-sitekey`, and those of
    the classes and ids that contain a candidate name (a name has no white space, so it is inside one
    class of a class attribute when it is inside the attribute)."""
    index = document.index()
    nodes = document.nodes
    tags = index.tags
    found: set[int] = set(tags.get("script", ()))
    found.update(i for i in tags.get("iframe", ()) if "src" in nodes[i].attrs)
    found.update(i for i in tags.get("form", ()) if "__cf_chl" in (nodes[i].attrs.get("action") or ""))
    found.update(index.with_attribute.get("data-sitekey", ()))
    for name, members in index.classes.items():
        if ("captcha" in name or "turnstile" in name) and _contains_any(name, _CANDIDATE_CLASSES):
            found.update(members)
    for ident, members in index.ids.items():
        if "challenge" in ident and (ident == "challenge-form" or _contains_any(ident, _CANDIDATE_IDS)):
            found.update(members)
    return [nodes[i] for i in sorted(found)]


def _contains_any(value: str, names: tuple[str, ...]) -> bool:
    return any(name in value for name in names)


def detect_captcha(document: Document | None) -> CaptchaInfo | None:
    """The CAPTCHA service embedded in the page, with its site key, or None."""
    if document is None:
        return None
    found: set[str] = set()
    interactive = False
    sitekey: str | None = None
    for node in _candidates(document):
        attrs = node.attrs
        if sitekey is None and attrs.get("data-sitekey"):
            sitekey = (attrs.get("data-sitekey") or "").strip() or None
        kind = None
        if node.tag in ("script", "iframe"):
            kind = _source_type(attrs.get("src") or "")
            if node.tag == "script" and not attrs.get("src") and _is_cloudflare_inline(document, node.index):
                kind = "CloudflareChallenge"
        kind = kind or _marker_type(
            (attrs.get("class") or "").lower(),
            (attrs.get("id") or "").lower(),
            (attrs.get("action") or "").lower(),
        )
        if kind:
            found.add(kind)
            interactive = interactive or not _is_invisible(node.tag, attrs)
    if not found:
        return None
    return CaptchaInfo(next(t for t in _PRECEDENCE if t in found), sitekey, interactive)


def image_buttons(facts: PageFacts) -> int:
    """Buttons whose content is an image (the cells of an image-grid challenge)."""
    doc = facts.dom.document
    count = 0
    for el in facts.buttons:
        if el.tag == "input" and (el.input_type or "").lower() == "image":
            count += 1
        elif doc is not None and 0 <= el.node < len(doc.nodes):
            node = doc.nodes[el.node]
            if any(doc.nodes[c].tag in ("img", "picture", "svg") for c in node.children):
                count += 1
    return count


def has_text_captcha(facts: PageFacts) -> bool:
    """An image that names itself a captcha next to a text field to type its characters into."""
    if not any(el.tag == "input" and (el.input_type or "text") == "text" for el in facts.fields):
        return False
    return any(
        el.tag == "img"
        and ("captcha" in facts.text(el) or "captcha" in (facts.attr(el, "src") or "").lower())
        for el in facts.visible
    )


def infer_captcha(facts: PageFacts) -> CaptchaInfo:
    """Type of a CAPTCHA page without a known service: ImageGrid (4+ image buttons), TextCaptcha, Unknown."""
    if image_buttons(facts) >= 4:
        return CaptchaInfo("ImageGrid")
    if has_text_captcha(facts):
        return CaptchaInfo("TextCaptcha")
    return CaptchaInfo("Unknown")
