"""Suggested actions, detected in the seed's order; several coexist on one page."""

from __future__ import annotations

from ...suggestions import (
    ALL_RECIPES,
    CaptchaChallenge,
    Consent,
    Contact,
    CookieConsent,
    Download,
    DownloadItem,
    EnterCode,
    FillForm,
    FormField,
    Login,
    Paginate,
    Recipe,
    Register,
    Search,
    SelectFromList,
)
from .detect import detect_actions

__all__ = [
    "ALL_RECIPES",
    "CaptchaChallenge",
    "Consent",
    "Contact",
    "CookieConsent",
    "Download",
    "DownloadItem",
    "EnterCode",
    "FillForm",
    "FormField",
    "Login",
    "Paginate",
    "Recipe",
    "Register",
    "Search",
    "SelectFromList",
    "detect_actions",
]
