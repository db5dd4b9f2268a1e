"""Run the fixture site standalone: `python tests/fixture_site/serve.py --port 8765` (from the repo root).

Prints `fixture site on http://127.0.0.1:PORT` once it listens (port 0 picks a free port).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import uvicorn

sys.path[0] = str(Path(__file__).resolve().parents[2])  # the repo root, not this folder

from tests.fixture_site.app import create_app  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the browsy fixture web site.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    config = uvicorn.Config(create_app(), host=args.host, port=args.port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)

    original_startup = server.startup

    async def startup(sockets=None):  # announce the real port (also when --port 0)
        await original_startup(sockets)
        port = server.servers[0].sockets[0].getsockname()[1]
        print(f"fixture site on http://{args.host}:{port}", flush=True)

    server.startup = startup  # type: ignore[method-assign]
    server.run()


if __name__ == "__main__":
    main()
