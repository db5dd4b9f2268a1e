"""Portable session state: cookies, the current URL and history, in Playwright's storage-state shape.

    {"cookies": [{"name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite"}, …],
     "origins": [],
     "browsy": {"url": "https://…", "history": ["https://…", …]}}

`cookies` and `origins` are exactly Playwright's `storageState` (`context.storage_state()` writes it,
`browser.new_context(storage_state=…)` reads it), so a signed-in state moves between the two either way;
browsy keeps no localStorage, so `origins` is written empty and ignored when read. The `browsy` part is
ignored by Playwright. A state holds credentials (session cookies): whoever writes it to disk must keep it
private (the SDKs write 0600) and nothing here logs it.
"""

from __future__ import annotations

import time
from http.cookiejar import Cookie
from typing import Any

from .errors import ActionError

MAX_COOKIES = 3000  # a state file is user input: bounded
_SAME_SITE = frozenset({"Strict", "Lax", "None"})


def state_cookie(cookie: Cookie) -> dict[str, Any]:
    """One cookie of the jar in Playwright's storage-state form."""
    same_site = cookie.get_nonstandard_attr("SameSite") or "Lax"
    same_site = same_site.capitalize() if same_site.capitalize() in _SAME_SITE else "Lax"
    return {
        "name": cookie.name,
        "value": cookie.value or "",
        "domain": cookie.domain,
        "path": cookie.path or "/",
        "expires": float(cookie.expires) if cookie.expires else -1,
        "httpOnly": bool(cookie.has_nonstandard_attr("HttpOnly")),
        "secure": bool(cookie.secure),
        "sameSite": same_site,
    }


def jar_cookie(data: dict[str, Any]) -> Cookie:
    """A jar cookie from a storage-state entry; ActionError naming the problem when it is not one."""
    name, domain = data.get("name"), data.get("domain")
    if not isinstance(name, str) or not name or not isinstance(domain, str) or not domain:
        raise ActionError(
            "A state cookie needs a non-empty name and domain (Playwright's storage-state format)."
        )
    value = data.get("value", "")
    path = data.get("path") or "/"
    expires = data.get("expires", -1)
    if not isinstance(value, str) or not isinstance(path, str) or not isinstance(expires, int | float):
        raise ActionError(f"State cookie {name!r}: value and path must be strings and expires a number.")
    rest: dict[str, str] = {"HttpOnly": ""} if data.get("httpOnly") else {}
    if data.get("sameSite") in _SAME_SITE:
        rest["SameSite"] = data["sameSite"]
    return Cookie(
        version=0,
        name=name,
        value=value,
        port=None,
        port_specified=False,
        domain=domain,
        domain_specified=domain.startswith("."),
        domain_initial_dot=domain.startswith("."),
        path=path,
        path_specified=True,
        secure=bool(data.get("secure")),
        expires=None if expires is None or expires < 0 else int(expires),
        discard=expires is None or expires < 0,
        comment=None,
        comment_url=None,
        rest=rest,
    )


def read_state(state: object) -> tuple[list[Cookie], str | None, list[str]]:
    """(cookies, current URL, history URLs) of a state document; ActionError when it is not one."""
    if not isinstance(state, dict) or not isinstance(state.get("cookies", []), list):
        raise ActionError(
            'A state is a JSON object like {"cookies": [...], "origins": []} (Playwright\'s '
            'storage-state format), optionally with a "browsy" part.'
        )
    entries = state.get("cookies", [])
    if len(entries) > MAX_COOKIES:
        raise ActionError(f"A state may hold at most {MAX_COOKIES} cookies; this one has {len(entries)}.")
    now = time.time()
    cookies = [jar_cookie(c) if isinstance(c, dict) else _not_a_cookie() for c in entries]
    cookies = [c for c in cookies if c.expires is None or c.expires > now]  # expired ones are gone
    extra = state.get("browsy") or {}
    if not isinstance(extra, dict):
        raise ActionError('The "browsy" part of a state is an object: {"url": ..., "history": [...]}.')
    url = extra.get("url")
    history = extra.get("history") or []
    if (
        (url is not None and not isinstance(url, str))
        or not isinstance(history, list)
        or not all(isinstance(h, str) for h in history)
    ):
        raise ActionError('In a state, "browsy.url" is a string and "browsy.history" a list of URLs.')
    return cookies, url or None, list(history)


def _not_a_cookie() -> Cookie:
    raise ActionError("Every entry of a state's cookies is an object (Playwright's storage-state format).")
