"""CAPTCHA detection from the document tree: services, site keys, precedence, invisible widgets."""

from __future__ import annotations

import pytest
from browsy_engine.dom import build_document
from browsy_engine.intelligence.captcha import _candidates, detect_captcha
from browsy_engine.suggestions import CaptchaInfo


def detect(html: str) -> CaptchaInfo | None:
    return detect_captcha(build_document(html))


@pytest.mark.parametrize(
    ("html", "kind"),
    [
        ('<script src="https://www.google.com/recaptcha/api.js"></script>', "ReCaptcha"),
        ('<iframe src="https://www.recaptcha.net/recaptcha/api2/anchor"></iframe>', "ReCaptcha"),
        ('<div class="g-recaptcha"></div>', "ReCaptcha"),
        ('<script src="https://js.hcaptcha.com/1/api.js"></script>', "HCaptcha"),
        ('<iframe src="https://newassets.hcaptcha.com/captcha/v1/x"></iframe>', "HCaptcha"),
        ('<div class="box h-captcha"></div>', "HCaptcha"),
        ('<script src="https://challenges.cloudflare.com/turnstile/v0/api.js"></script>', "Turnstile"),
        ('<div class="cf-turnstile"></div>', "Turnstile"),
        ('<div id="challenge-running"></div>', "CloudflareChallenge"),
        ('<div id="cf-challenge-body"></div><div class="cf-turnstile"></div>', "CloudflareChallenge"),
        ("<script>(function(){window._cf_chl_opt={cRay:'1'};})();</script>", "CloudflareChallenge"),
        (
            '<noscript><div id="challenge-error-text">Enable JavaScript</div></noscript>',
            "CloudflareChallenge",
        ),
    ],
)
def test_service_markers(html: str, kind: str) -> None:
    found = detect(f"<html><head></head><body>{html}</body></html>")
    assert found is not None and found.captcha_type == kind


def test_sitekey_is_captured() -> None:
    found = detect('<div class="g-recaptcha" data-sitekey=" 6LeKEY "></div>')
    assert found.to_dict() == {"captcha_type": "ReCaptcha", "sitekey": "6LeKEY"}


def test_no_captcha_on_ordinary_pages() -> None:
    assert detect('<script src="/app.js"></script><div class="recaptcha-note">x</div><p>captcha</p>') is None
    assert detect("<script>var challenge = 'cf';</script>") is None


def test_invisible_widgets_are_not_interactive() -> None:
    assert (
        detect('<script src="https://www.google.com/recaptcha/api.js?render=6LcKEY"></script>').interactive
        is False
    )
    assert (
        detect('<div class="g-recaptcha" data-size="invisible" data-sitekey="k"></div>').interactive is False
    )
    assert detect(
        '<script src="https://www.google.com/recaptcha/api.js?render=explicit"></script>'
    ).interactive


_CANDIDATE_SELECTOR = (
    "script, iframe[src], [data-sitekey], [class*='g-recaptcha'], [class*='h-captcha'], [class*='cf-turnstile'], "
    "[id*='challenge-running'], [id*='cf-challenge'], [id='challenge-form'], [id*='challenge-error'], "
    "form[action*='__cf_chl']"
)
_EDGE_CASES = """<html><body>
<svg><script>x</script><iframe src=a></iframe><g class="cf-turnstile"/></svg><SCRIPT>s</SCRIPT>
<form ACTION="/x__CF_CHL"></form><form action="/x__cf_chl"></form><div action="__cf_chl"></div>
<iframe></iframe><iframe src></iframe><iframe src=""></iframe><div src=x></div>
<div data-sitekey></div><div DATA-SITEKEY="k"></div><div class></div><div class="xg-recaptchay"></div>
<div class="G-RECAPTCHA"></div><div class="a g&#45;recaptcha"></div><div class="captcha"></div>
<div id="a cf-challenge b"></div><div id=" challenge-form"></div><div id="challenge-form"></div>
<div id="Challenge-form"></div><div id="challenge-form&#10;"></div><div id="challenge"></div><div id></div>
<template><script>t</script><div class="g-recaptcha"></div></template>
<noscript><script>n</script><div class=h-captcha></div></noscript>
<table><script>t</script><form action=__cf_chl></form></table>
</body></html>"""


@pytest.mark.parametrize("doctype", ["<!DOCTYPE html>", ""])
def test_candidates_are_what_the_selector_matches(doctype: str) -> None:
    """The one-pass scan finds exactly the elements lexbor's selector list matches (which lists an element
    once per selector it matches), in quirks mode too."""
    doc = build_document(doctype + _EDGE_CASES)
    expected = list(dict.fromkeys(doc.select(_CANDIDATE_SELECTOR)))
    assert len(expected) > 15
    assert [node.index for node in _candidates(doc)] == expected
