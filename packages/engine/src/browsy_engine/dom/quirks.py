"""Document compatibility mode from the doctype, as the HTML parser decides it.

No doctype, a doctype whose name is not `html`, or a legacy public identifier → quirks mode;
the HTML 4.01 Transitional/Frameset identifiers with a system identifier (and XHTML 1.0 Transitional/
Frameset) → limited quirks; anything else (`<!DOCTYPE html>`) → no quirks. Quirks mode changes the UA
styles a little (see css/ua.py QUIRKS_CSS) and some layout rules.
"""

from __future__ import annotations

import re
from typing import Final

_LEADING: Final = re.compile(r"\A(?:\s|<!--.*?-->|<\?.*?>)*", re.DOTALL)
_DOCTYPE: Final = re.compile(
    r"<!doctype\s+([^\s>]+)(?:\s+public\s*(\"[^\"]*\"|'[^']*'))?(?:\s*(\"[^\"]*\"|'[^']*'))?(?:\s+system\s*(\"[^\"]*\"|'[^']*'))?",
    re.IGNORECASE,
)
QUIRKY_PUBLIC_PREFIXES: Final = (
    "+//silmaril//dtd html pro v0r11 19970101//", "-//as//dtd html 3.0 aswedit + extensions//",
    "-//advasoft ltd//dtd html 3.0 aswedit + extensions//", "-//ietf//dtd html 2.0", "-//ietf//dtd html 3",
    "-//ietf//dtd html level", "-//ietf//dtd html strict", "-//ietf//dtd html//", "-//metrius//",
    "-//microsoft//dtd internet explorer", "-//netscape comm. corp.//dtd", "-//o'reilly and associates//",
    "-//softquad", "-//spyglass//", "-//sq//", "-//sun microsystems corp.//dtd hotjava", "-//w3c//dtd html 3",
    "-//w3c//dtd html 4.0 frameset//", "-//w3c//dtd html 4.0 transitional//", "-//w3c//dtd html experimental",
    "-//w3c//dtd w3 html//", "-//w3o//dtd w3 html", "-//webtechs//dtd mozilla html",
)  # fmt: skip
QUIRKY_PUBLIC_IDS: Final = (
    "-//w3o//dtd w3 html strict 3.0//en//",
    "-/w3c/dtd html 4.0 transitional/en",
    "html",
)
LEGACY_4_01: Final = ("-//w3c//dtd html 4.01 frameset//", "-//w3c//dtd html 4.01 transitional//")
LIMITED_PREFIXES: Final = ("-//w3c//dtd xhtml 1.0 frameset//", "-//w3c//dtd xhtml 1.0 transitional//")


def compat_mode(html: str) -> str:
    """'quirks', 'limited-quirks' or 'no-quirks'."""
    start = _LEADING.match(html[:4096])
    m = _DOCTYPE.match(html, start.end() if start else 0)
    if m is None:
        return "quirks"
    doctype_name, public_quoted, bare_system, keyword_system = m.groups()  # one call, not one per group
    if doctype_name.lower() != "html":
        return "quirks"
    public = public_quoted[1:-1].lower() if public_quoted else ""
    system_quoted = bare_system or keyword_system
    system = system_quoted[1:-1].lower() if system_quoted else None
    if public.startswith(QUIRKY_PUBLIC_PREFIXES) or public in QUIRKY_PUBLIC_IDS:
        return "quirks"
    if system == "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd":
        return "quirks"
    if public.startswith(LEGACY_4_01):
        return "quirks" if system is None else "limited-quirks"
    if public.startswith(LIMITED_PREFIXES):
        return "limited-quirks"
    return "no-quirks"
