"""The closed sets of values some tool parameters take (`params.py` builds the parameter models on them).

A module of its own, without pydantic: the views (`views.py`) need the names alone, and `browsy parse`
loads nothing more than the views and the engine.
"""

from __future__ import annotations

from typing import Literal

Format = Literal["compact", "json"]
Scope = Literal["all", "visible", "above_fold", "visible_above_fold"]
SearchEngineName = Literal["duckduckgo", "google"]
RenderChoice = Literal["default", "never", "auto", "always"]
View = Literal["all", "actions", "content"]
