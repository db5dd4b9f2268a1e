"""Page intelligence: page type, suggested actions, CAPTCHA, extraction helpers."""

from ..suggestions import CaptchaInfo
from .analyze import analyze

__all__ = ["CaptchaInfo", "analyze"]
