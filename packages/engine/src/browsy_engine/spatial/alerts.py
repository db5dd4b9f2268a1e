"""alert_type: from `role="alert|status"` and from compound class names such as `alert-danger`,
`msg-error`, `flash-success`, `error-message`, `notice--warning`.

Only compound names count (a prefix that means "message" joined to a word that means a kind): a bare
`error` or `alert` class is too ambiguous. Returned kinds: "error", "success", "warning", or "alert"
(an informational alert class such as `alert-info`); roles give "alert" / "status".
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

_PREFIXES: Final = frozenset(
    {"alert", "msg", "message", "messages", "flash", "notice", "notification", "toast", "callout", "banner",
     "feedback", "form", "field", "validation", "status", "snackbar", "invalid"}
)  # fmt: skip
_KINDS: Final = {
    "error": "error",
    "errors": "error",
    "danger": "error",
    "fail": "error",
    "failure": "error",
    "failed": "error",
    "invalid": "error",
    "critical": "error",
    "success": "success",
    "succeeded": "success",
    "ok": "success",
    "warning": "warning",
    "warn": "warning",
    "caution": "warning",
    "info": "alert",
    "information": "alert",
    "notice": "alert",
    "primary": "alert",
}
_INFO_PREFIXES: Final = frozenset({"alert", "notice", "notification", "callout", "flash", "toast", "banner"})
_SPLIT: Final = re.compile(r"[-_]+")
# A class attribute can name a kind only if its lowercase text holds one of the _KINDS words (they all
# contain one of these stems): one search spares most attributes the split into tokens.
_KIND_STEMS: Final = re.compile(
    "error|danger|fail|invalid|critical|succe|ok|warn|caution|info|notice|primary"
)


def _class_kind(token: str) -> str | None:
    parts = [p for p in _SPLIT.split(token.lower()) if p]
    if len(parts) != 2:
        return None
    a, b = parts
    for prefix, word in ((a, b), (b, a)):
        if prefix in _PREFIXES and word in _KINDS and prefix != word:
            kind = _KINDS[word]
            if kind != "alert" or prefix in _INFO_PREFIXES:
                return kind
    return None


@lru_cache(maxsize=4096)
def class_alert_type(class_attr: str | None) -> str | None:
    """The most specific kind among the element's classes (error > warning > success > alert)."""
    if not class_attr or _KIND_STEMS.search(class_attr.lower()) is None:
        return None
    found: set[str] = set()
    for token in class_attr.split():
        kind = _class_kind(token)
        if kind:
            found.add(kind)
    for kind in ("error", "warning", "success", "alert"):
        if kind in found:
            return kind
    return None


def alert_type(role: str | None, class_attr: str | None) -> str | None:
    kind = class_alert_type(class_attr)
    if kind and kind != "alert":
        return kind
    if role in ("alert", "status"):
        return role
    return kind
