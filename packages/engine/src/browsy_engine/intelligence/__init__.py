"""Page intelligence: page type, suggested actions, CAPTCHA, extraction helpers."""

from .analyze import analyze
from .captcha import CaptchaInfo

__all__ = ["CaptchaInfo", "analyze"]
