"""Form submission as a browser does it: the entry list, then the request (method, URL, body).

Entry list (HTML "constructing the entry list"): every submittable control owned by the form, in
document order, except disabled ones, ones inside <datalist>, unnamed ones, buttons other than the
submitter, and unchecked checkboxes/radios. Selects give each selected option; an image submitter gives
`name.x`/`name.y`; an empty file input gives an empty file part. Then GET replaces the action's query;
POST sends `application/x-www-form-urlencoded`, `multipart/form-data` or `text/plain`, with the
submitter's `formaction`/`formmethod`/`formenctype` overriding the form's.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from urllib.parse import quote_plus

import httpx

from ..dom.tree import Document
from . import forms
from .form_state import FormState
from .urls import document_base, join_url

URLENCODED = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
TEXT_PLAIN = "text/plain"


@dataclass(frozen=True, slots=True)
class FileEntry:
    filename: str = ""
    content: bytes = b""
    content_type: str = "application/octet-stream"


Entry = tuple[str, "str | FileEntry"]


@dataclass(slots=True)
class Submission:
    """The request a form submission makes."""

    method: str  # "GET" or "POST"
    url: str
    body: bytes | None = None
    content_type: str | None = None

    @property
    def headers(self) -> dict[str, str]:
        return {"Content-Type": self.content_type} if self.content_type else {}


def entry_list(doc: Document, form_index: int, state: FormState, submitter: int | None) -> list[Entry]:
    """The form data set (name, value) pairs for submitting `form_index` with `submitter`."""
    entries: list[Entry] = []
    for i in forms.form_controls(doc, form_index):
        node = doc.nodes[i]
        if forms.in_datalist(doc, i) or forms.is_disabled(doc, i):
            continue
        if forms.is_button(node) and i != submitter:
            continue
        kind = forms.input_type(node) if node.tag == "input" else node.tag
        name = node.attrs.get("name") or ""
        if kind == "image":
            prefix = f"{name}." if name else ""
            entries += [(f"{prefix}x", "0"), (f"{prefix}y", "0")]
            continue
        if kind in forms.CHECKABLE_TYPES and not state.is_checked(doc, i):
            continue
        if not name:
            continue
        if node.tag == "select":
            entries += [
                (name, forms.option_value(doc, o))
                for o in state.selected_options(doc, i)
                if not forms.is_disabled(doc, o)
            ]
        elif kind == "file":
            entries.append((name, FileEntry()))
        elif kind == "hidden" and name.lower() == "_charset_":
            entries.append((name, "UTF-8"))
        elif node.tag == "textarea":
            entries.append((name, _crlf(state.value(doc, i))))
        else:
            entries.append((name, state.value(doc, i)))
    return entries


def build_submission(
    doc: Document, page_url: str, form_index: int, state: FormState, submitter: int | None
) -> Submission | None:
    """The request for submitting the form (None for `method=dialog`, which does not navigate)."""
    form = doc.nodes[form_index]
    sub = doc.nodes[submitter] if submitter is not None else None

    def pick(attr: str, form_attr: str) -> str | None:
        if sub is not None and attr in sub.attrs:
            return sub.attrs.get(attr)
        return form.attrs.get(form_attr)

    method = (pick("formmethod", "method") or "get").strip().lower()
    if method == "dialog":
        return None
    method = "POST" if method == "post" else "GET"
    base = document_base(doc, page_url)
    action = join_url(base, pick("formaction", "action") or "") or page_url
    enctype = (pick("formenctype", "enctype") or URLENCODED).strip().lower()
    entries = entry_list(doc, form_index, state, submitter)
    if method == "GET":
        url = httpx.URL(action)
        return Submission("GET", str(url.copy_with(query=urlencode(entries).encode("ascii") or None)))
    if enctype == MULTIPART:
        body, content_type = multipart(entries)
        return Submission("POST", action, body, content_type)
    if enctype == TEXT_PLAIN:
        text = "".join(f"{n}={_value_text(v)}\r\n" for n, v in entries)
        return Submission("POST", action, text.encode("utf-8"), "text/plain;charset=UTF-8")
    return Submission("POST", action, urlencode(entries).encode("ascii"), URLENCODED)


def urlencode(entries: list[Entry]) -> str:
    """application/x-www-form-urlencoded serialisation (UTF-8, space as '+')."""
    return "&".join(f"{_form_quote(n)}={_form_quote(_value_text(v))}" for n, v in entries)


def multipart(entries: list[Entry]) -> tuple[bytes, str]:
    boundary = "----browsyFormBoundary" + secrets.token_hex(8)
    out = bytearray()
    for name, value in entries:
        out += f"--{boundary}\r\n".encode()
        disposition = f'Content-Disposition: form-data; name="{_escape_field(name)}"'
        if isinstance(value, FileEntry):
            out += f'{disposition}; filename="{_escape_field(value.filename)}"\r\n'.encode()
            out += f"Content-Type: {value.content_type}\r\n\r\n".encode()
            out += value.content
        else:
            out += f"{disposition}\r\n\r\n".encode()
            out += _crlf(value).encode("utf-8")
        out += b"\r\n"
    out += f"--{boundary}--\r\n".encode()
    return bytes(out), f"{MULTIPART}; boundary={boundary}"


def _value_text(value: str | FileEntry) -> str:
    return value.filename if isinstance(value, FileEntry) else value


def _form_quote(text: str) -> str:
    return quote_plus(text, safe="*", encoding="utf-8", errors="replace").replace("~", "%7E")


def _escape_field(text: str) -> str:
    return text.replace("\r", "%0D").replace("\n", "%0A").replace('"', "%22")


def _crlf(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\r\n")
