"""Page intelligence: page type, suggested actions, CAPTCHA, extraction helpers."""

from .analyze import analyze

__all__ = ["analyze"]
