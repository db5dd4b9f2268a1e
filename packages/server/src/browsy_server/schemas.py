"""The generated, committed schemas: `schemas/tools.json` (the registry) and `schemas/openapi.json` (REST)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from browsy_engine.tools import TOOLS

TOOLS_FILE = "tools.json"
OPENAPI_FILE = "openapi.json"


def tools_document() -> dict[str, Any]:
    """Per tool: name, description, JSON Schema of the parameters, result kind and REST route."""
    return {
        "version": 1,
        "tools": [
            {
                "name": tool.name,
                "description": tool.description,
                "parameters": tool.input_schema(),
                "result": tool.result,
                "read_only": tool.read_only,
                "loads_pages": tool.loads_pages,
                "http": {"method": tool.http_method, "path": tool.http_path},
            }
            for tool in TOOLS
        ],
    }


def openapi_document() -> dict[str, Any]:
    from .rest import create_app

    return create_app().openapi()


def render(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def generated() -> dict[str, str]:
    """File name → the text it must hold."""
    return {TOOLS_FILE: render(tools_document()), OPENAPI_FILE: render(openapi_document())}


def write_schemas(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in generated().items():
        path = directory / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def stale_schemas(directory: Path) -> list[Path]:
    """The schema files that are missing or differ from what the registry and the app generate now."""
    stale = []
    for name, text in generated().items():
        path = directory / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            stale.append(path)
    return stale
