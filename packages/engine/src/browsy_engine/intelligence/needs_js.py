"""Whether a page's content is built by JavaScript, which a zero-render engine does not run.

A browser with scripting on shows such a page once its scripts have filled an *application shell*; browsy
(like a browser with JavaScript off) sees only the shell. The page is flagged `needs_js` when it has
almost no readable text of its own (`LOW_TEXT` characters outside scripts, styles, templates and
`noscript`) and one of these says why:

1. a `<noscript>` that asks for JavaScript ("You need to enable JavaScript to run this app.");
2. the mount point of a client-side framework is empty: an element with a framework's conventional root
   id (`root`, `app`, `__next`, `__nuxt`, `___gatsby`, `svelte`, …), an Angular root (`ng-version`,
   `<app-root>`), a `data-reactroot`, holding no text, image or form control;
3. scripts outweigh the text: external script bundles, or inline script many times the size of the text.

A server-rendered page that uses a framework has text in its mount point and is never flagged: the low
text gate comes first. The reason is one short sentence for the agent (`page_info`, JSON, compact header).
"""

from __future__ import annotations

from typing import Final

from ..dom.tree import Document, has_any_attribute

LOW_TEXT: Final = 200  # readable characters below which a page is a shell (a heading and a sentence or two)
_SCRIPT_HEAVY: Final = 10  # inline script characters per readable character that make a page mostly program
_NOT_TEXT: Final = frozenset({"script", "style", "template", "noscript", "title", "head"})
_MOUNT_IDS: Final = frozenset(
    {"root", "app", "__next", "__nuxt", "___gatsby", "svelte", "q-app", "main-app", "react-root"}
)
_MOUNT_TAGS: Final = frozenset({"app-root"})
_MOUNT_ATTRS: Final = frozenset(
    {"ng-version", "data-reactroot", "data-v-app", "ng-app", "data-server-rendered"}
)
_CONTENT_TAGS: Final = frozenset(
    {"img", "input", "select", "textarea", "button", "video", "iframe", "a", "svg", "canvas"}
)
_JS_WORDS: Final = ("javascript", "java script")
_ASKS: Final = (
    "enable",
    "turn on",
    "requires",
    "required",
    "need",
    "must",
    "activate",
    "aktivieren",
    "activer",
    "włącz",
)
_SCRIPT_TYPES: Final = frozenset(
    {"", "text/javascript", "module", "application/javascript", "text/ecmascript"}
)


def needs_js_reason(doc: Document) -> str | None:
    """Why the page needs JavaScript to show its content, or None when its content is in the HTML."""
    nodes = doc.nodes
    ends = doc.subtree_ends()
    text_chars = 0
    inline_script = 0
    bundles = 0
    noscript_ask: str | None = None
    mounts: list[int] = []
    skip_until = -1
    for node in nodes:
        i = node.index
        if node.text is not None:
            if i > skip_until:
                text_chars += len(node.text.strip())
                if text_chars >= LOW_TEXT:
                    return None  # the page's content is in its HTML: nothing else here can change that
            continue
        tag = node.tag
        attrs = node.attrs
        if tag == "script":  # in the head or the body
            kind = (attrs.get("type") or "").strip().lower()
            if kind in _SCRIPT_TYPES:
                if attrs.get("src"):
                    bundles += 1
                else:
                    inline_script += _script_size(doc, i, ends)
        if i <= skip_until:
            continue
        if tag == "noscript" and noscript_ask is None:
            said = " ".join(_text_in(doc, i, ends).split())
            if _asks_for_javascript(said):
                noscript_ask = said[:120]
        elif _is_mount(tag, attrs):
            mounts.append(i)
        if tag in _NOT_TEXT:
            skip_until = ends[i]
    if text_chars >= LOW_TEXT or (bundles == 0 and inline_script == 0):
        return None
    if noscript_ask:
        return f'its noscript says "{noscript_ask}"'
    for mount in mounts:
        if _is_empty(doc, mount, ends):
            return f"the application root {_describe(nodes[mount].tag, nodes[mount].attrs)} is empty"
    if bundles:
        plural = "s" if bundles > 1 else ""
        return f"almost no text ({text_chars} characters) and {bundles} script bundle{plural}"
    if inline_script > _SCRIPT_HEAVY * max(text_chars, 1):
        return f"almost no text ({text_chars} characters) and {inline_script} characters of script"
    return None


def _script_size(doc: Document, index: int, ends: list[int]) -> int:
    nodes = doc.nodes
    return sum(len(nodes[j].text or "") for j in range(index + 1, ends[index] + 1))


def _text_in(doc: Document, index: int, ends: list[int]) -> str:
    nodes = doc.nodes
    return " ".join(nodes[j].text or "" for j in range(index + 1, ends[index] + 1) if nodes[j].text)


def _asks_for_javascript(text: str) -> bool:
    lowered = text.lower()
    return any(w in lowered for w in _JS_WORDS) and any(w in lowered for w in _ASKS)


def _is_mount(tag: str, attrs: dict[str, str | None]) -> bool:
    if tag in _MOUNT_TAGS or has_any_attribute(attrs, _MOUNT_ATTRS):
        return True
    ident = attrs.get("id")
    return ident is not None and ident.strip().lower() in _MOUNT_IDS


def _is_empty(doc: Document, index: int, ends: list[int]) -> bool:
    """No readable text, image or control inside (a spinner's markup may be there)."""
    nodes = doc.nodes
    j, end = index + 1, ends[index]
    while j <= end:
        node = nodes[j]
        if node.text is not None:
            if node.text.strip():
                return False
        elif node.tag in _CONTENT_TAGS:
            return False
        elif node.tag in _NOT_TEXT:
            j = ends[j]
        j += 1
    return True


def _describe(tag: str, attrs: dict[str, str | None]) -> str:
    ident = attrs.get("id")
    return f"<{tag} id={ident}>" if ident else f"<{tag}>"
