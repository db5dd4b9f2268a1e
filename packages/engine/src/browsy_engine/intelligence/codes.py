"""find_codes(): verification codes (4–8 digits) in the page text.

A number counts when its own element, or an element whose top is within 100 px vertically, mentions a
code keyword ("verification code", "otp", "passcode", …). Years 1900–2099 are not codes. Codes written
in two equal halves ("482 901", "482-901") are joined. Order: document order, each code once.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Final

from ..model import SpatialDom
from . import keywords as kw

PROXIMITY: Final = 100  # px, vertical
# A run of 4-8 digits (or two 3-4 digit halves) not glued to other digits, words, amounts or ids.
_CODE: Final = re.compile(r"(?<![\w.,:/#$€£+-])(\d{4,8}|\d{3,4}[ -]\d{3,4})(?![\w]|[.,]\d|-\d)")


# Substrings every CODE_CONTEXT phrase contains one of (a cheap filter before the word-boundary match).
_KEYWORD_HINTS: Final = ("code", "otp", "pass", "one", "2fa", "pin")


def _is_year(code: str) -> bool:
    return len(code) == 4 and 1900 <= int(code) <= 2099


def find_codes(dom: SpatialDom) -> list[str]:
    texts = [(el, el.text.lower()) for el in dom.els if el.text and not el.hidden]
    keyword_tops = sorted(
        el.b[1]
        for el, text in texts
        if any(hint in text for hint in _KEYWORD_HINTS) and kw.has_phrase(text, kw.CODE_CONTEXT)
    )
    if not keyword_tops:
        return []
    codes: list[str] = []
    for el, text in texts:
        if not any(c.isdigit() for c in text):
            continue
        top = el.b[1]
        near = bisect_right(keyword_tops, top + PROXIMITY) > bisect_left(keyword_tops, top - PROXIMITY)
        if not near:
            continue
        for match in _CODE.finditer(text):
            halves = re.split(r"[ -]", match.group(1))
            if len(halves) == 2 and len(halves[0]) != len(halves[1]):
                continue  # "555-1234" is a phone number; split codes have equal halves ("739 104")
            code = "".join(halves)
            if 4 <= len(code) <= 8 and not _is_year(code) and code not in codes:
                codes.append(code)
    return codes
