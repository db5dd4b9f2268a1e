"""Placeholder: fills nothing. Replaced by page type, actions and CAPTCHA detection."""

from __future__ import annotations

from ..model import SpatialDom


def analyze(dom: SpatialDom) -> None:
    """Fill dom.page_type, dom.suggested_actions and dom.captcha in place (dom.document is available)."""
