"""Running the HTTP server (REST + A2A) under uvicorn."""

from __future__ import annotations

import sys

import uvicorn

from .rest import create_app
from .settings import ServerSettings


def run_server(settings: ServerSettings) -> None:
    app = create_app(settings)
    print(f"browsy serving on http://{settings.host}:{settings.port} (docs at /docs)", file=sys.stderr, flush=True)
    uvicorn.run(app, host=settings.host, port=settings.port, log_level="warning", access_log=False)
