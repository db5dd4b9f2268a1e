"""CAPTCHA detection from the document tree: services, site keys, precedence, invisible widgets."""

from __future__ import annotations

import pytest
from browsy_engine.dom import build_document
from browsy_engine.intelligence.captcha import CaptchaInfo, detect_captcha


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
        ('<noscript><div id="challenge-error-text">Enable JavaScript</div></noscript>', "CloudflareChallenge"),
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
    assert detect('<script src="https://www.google.com/recaptcha/api.js?render=6LcKEY"></script>').interactive is False
    assert detect('<div class="g-recaptcha" data-size="invisible" data-sitekey="k"></div>').interactive is False
    assert detect('<script src="https://www.google.com/recaptcha/api.js?render=explicit"></script>').interactive
