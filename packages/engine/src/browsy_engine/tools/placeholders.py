"""`${NAME}` and `${secret:NAME}` in step strings, where secrets come from, and keeping them out of output.

- `${NAME}`: a recipe parameter (filled when a recipe is prepared) or an earlier step's extraction (filled
  just before the step runs).
- `${secret:NAME}`: the environment variable `BROWSY_SECRET_NAME` (NAME upper-cased, other characters as
  `_`), else the entry NAME of the secrets file (`BROWSY_SECRETS_FILE`, or the file a caller names): a
  JSON object of strings, or `NAME=value` lines (`#` comments). Values are read when a batch starts and
  used only to fill steps; a `Redactor` replaces every one of them in whatever the batch returns, so a
  secret never reaches a result, an error or a log line.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from .result import ToolError

PLACEHOLDER = re.compile(r"\$\{(?:(secret):)?([A-Za-z_][A-Za-z0-9_.-]*)\}")
SECRETS_FILE_ENV = "BROWSY_SECRETS_FILE"
SECRET_ENV_PREFIX = "BROWSY_SECRET_"


def env_name(name: str) -> str:
    """The environment variable of secret `name`: BROWSY_SECRET_ + NAME upper-cased, non-alphanumerics as _."""
    return SECRET_ENV_PREFIX + re.sub(r"[^A-Za-z0-9]", "_", name).upper()


def placeholders(value: Any) -> set[tuple[str, str]]:
    """Every (kind, name) placeholder in the strings of `value` (nested dicts/lists); kind is "secret" or ""."""
    found: set[tuple[str, str]] = set()
    for text in _strings(value):
        found.update((m.group(1) or "", m.group(2)) for m in PLACEHOLDER.finditer(text))
    return found


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def fill(value: Any, lookup: Callable[[str, str], str | None]) -> Any:
    """`value` with every placeholder that `lookup(kind, name)` knows replaced; unknown ones stay as written."""
    if isinstance(value, str):

        def replace(match: re.Match[str]) -> str:
            found = lookup(match.group(1) or "", match.group(2))
            return match.group(0) if found is None else found

        return PLACEHOLDER.sub(replace, value)
    if isinstance(value, Mapping):
        return {k: fill(v, lookup) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [fill(v, lookup) for v in value]
    return value


class Secrets:
    """Resolves secret names: environment first, then the secrets file. Never logs or repeats a value."""

    def __init__(self, file: str | Path | None = None, environ: Mapping[str, str] | None = None) -> None:
        self._environ = os.environ if environ is None else environ
        chosen = file if file is not None else self._environ.get(SECRETS_FILE_ENV) or None
        self.file = Path(chosen).expanduser() if chosen else None
        self._from_file: dict[str, str] | None = None

    def _file_entries(self) -> dict[str, str]:
        if self._from_file is None:
            self._from_file = read_secrets_file(self.file) if self.file is not None else {}
        return self._from_file

    def get(self, name: str) -> str | None:
        value = self._environ.get(env_name(name))
        if value is not None:
            return value
        return self._file_entries().get(name)

    def require(self, names: Iterable[str]) -> dict[str, str]:
        """name → value for every name; ToolError naming the missing ones (names only) and where they were looked for."""
        names = sorted(set(names))
        values = {n: v for n in names if (v := self.get(n)) is not None}
        missing = [n for n in names if n not in values]
        if missing:
            where = (
                f" or add it to the secrets file {self.file}"
                if self.file
                else (f" or point {SECRETS_FILE_ENV} at a secrets file that has it")
            )
            envs = ", ".join(env_name(n) for n in missing)
            raise ToolError(f"Missing secret {', '.join(missing)}: set {envs}{where}.", status=400)
        return values


def read_secrets_file(path: Path) -> dict[str, str]:
    """A JSON object of strings, or NAME=value lines. Errors name the file and line, never a value."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ToolError(
            f"Cannot read the secrets file {path}: {err.strerror or type(err).__name__}."
        ) from None
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as err:
            raise ToolError(f"The secrets file {path} is not valid JSON (line {err.lineno}).") from None  # type: ignore[attr-defined]
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise ToolError(f"The secrets file {path} must be a JSON object of strings.")
        return {str(k): v for k, v in data.items()}
    entries: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition("=")
        if not sep or not name.strip():
            raise ToolError(f"The secrets file {path}, line {number}: expected NAME=value.")
        entries[name.strip()] = value.strip()
    return entries


class Redactor:
    """Replaces known secret values by `[secret:NAME]` in strings and in nested JSON values."""

    def __init__(self, values: Mapping[str, str] | None = None) -> None:
        self._values: dict[str, str] = {}
        for name, value in (values or {}).items():
            self.add(name, value)

    def add(self, name: str, value: str) -> None:
        if value:
            self._values[value] = name

    def __bool__(self) -> bool:
        return bool(self._values)

    def text(self, text: str) -> str:
        # longest first, so a secret that contains another is replaced whole
        for value in sorted(self._values, key=len, reverse=True):
            if value in text:
                text = text.replace(value, f"[secret:{self._values[value]}]")
        return text

    def scrub(self, value: Any) -> Any:
        if not self._values:
            return value
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.scrub(k): self.scrub(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.scrub(v) for v in value]
        return value
