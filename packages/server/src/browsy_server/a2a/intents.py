"""A2A task requests and intent detection (seed: "A2A Protocol" → "Intent detection").

Explicit params win over goal parsing: `search_query` → Search, `credentials` → Login, `extract` →
ExtractTables ("tables") or Extract; otherwise keywords of the goal; Browse is the fallback.
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Intent(StrEnum):
    SEARCH = "Search"
    LOGIN = "Login"
    EXTRACT = "Extract"
    EXTRACT_TABLES = "ExtractTables"
    FILL_FORM = "FillForm"
    BROWSE = "Browse"


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str
    password: str = Field(..., repr=False)


class TaskParams(BaseModel):
    model_config = ConfigDict(extra="forbid")
    url: str | None = Field(None, description="Target URL to browse.")
    credentials: Credentials | None = Field(None, description="Username and password for login tasks.")
    search_query: str | None = Field(None, description="Query string for search tasks.")
    extract: str | None = Field(None, description='What to extract: "tables", "links" or "text".')
    max_chars: int | None = Field(
        None,
        ge=1,
        le=100_000_000,
        description="Most characters of extracted text or links (extract tasks): cut between elements, never "
        "inside one; the result's `more` says how many elements and characters were left. Default: all.",
    )
    session: str | None = Field(
        None,
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$",
        description="A named session to run the task in: later tasks naming it (same caller key, or same "
        "context id) find its cookies and page. Without it, a fresh session per task.",
    )


class TaskRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    goal: str = Field(..., min_length=1, description="Natural-language description of the task.")
    params: TaskParams = Field(default_factory=TaskParams, description="Structured parameters.")


# Goal keywords, checked in this order (the seed's table order).
_GOAL_KEYWORDS: tuple[tuple[Intent, re.Pattern[str]], ...] = (
    (Intent.SEARCH, re.compile(r"\bsearch\b", re.I)),
    (Intent.LOGIN, re.compile(r"\b(log ?in|sign ?in)\b", re.I)),
    (Intent.EXTRACT_TABLES, re.compile(r"\btables?\b", re.I)),
    (Intent.EXTRACT, re.compile(r"\b(extract|scrape)\b", re.I)),
    (Intent.FILL_FORM, re.compile(r"\b(fill|form|submit)\b", re.I)),
)
_URL = re.compile(r"https?://[^\s\"'<>]+", re.I)
_SEARCH_PREFIX = re.compile(r"^.*?\bsearch(?:\s+the\s+web)?(?:\s+for)?\s+", re.I)


def detect_intent(request: TaskRequest) -> Intent:
    params = request.params
    if params.search_query:
        return Intent.SEARCH
    if params.credentials is not None:
        return Intent.LOGIN
    if params.extract:
        return Intent.EXTRACT_TABLES if params.extract.strip().lower() == "tables" else Intent.EXTRACT
    for intent, pattern in _GOAL_KEYWORDS:
        if pattern.search(request.goal):
            return intent
    return Intent.BROWSE


def target_url(request: TaskRequest) -> str | None:
    """params.url, else the first URL written in the goal."""
    if request.params.url:
        return request.params.url
    found = _URL.search(request.goal)
    return found.group(0).rstrip(".,;)") if found else None


def search_query(request: TaskRequest) -> str:
    """params.search_query, else the goal with its "search (the web) (for)" prefix removed."""
    if request.params.search_query:
        return request.params.search_query
    return _SEARCH_PREFIX.sub("", request.goal).strip() or request.goal
