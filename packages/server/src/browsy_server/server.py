"""Running the HTTP server (REST + A2A) under uvicorn, on a socket bound here so that a taken or invalid
address is one clear error instead of a hang or a log dump."""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import socket
import sys
from typing import Any

from .settings import ServerSettings


class CannotListen(OSError):
    pass


def bind(host: str, port: int) -> socket.socket:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family = infos[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as err:
        raise CannotListen(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    sock.listen(2048)
    sock.setblocking(False)
    return sock


# A server holds many parsed pages: millions of long-lived objects that every full garbage collection walks.
# Collecting less often (measured with benchmarks/load_server.py: p99 of reads 640 ms -> 120 ms) costs a
# little memory held by short-lived cycles.
GC_THRESHOLDS = (50_000, 50, 1000)


def tune_gc() -> None:
    gc.set_threshold(*GC_THRESHOLDS)


SETTINGS_ENV = "BROWSY_SERVE_SETTINGS"  # how the parent hands its settings to worker processes


def run_server(settings: ServerSettings) -> None:
    sock = bind(settings.host, settings.port)  # before the heavy imports: a taken port fails at once
    settings.port = sock.getsockname()[1]  # the real port when 0 was asked for
    import uvicorn

    workers = f" with {settings.workers} workers" if settings.workers > 1 else ""
    if settings.workers == 1:
        tune_gc()
        from .rest import create_app

        app = create_app(settings)
        config = uvicorn.Config(app, log_level="warning", access_log=False)
    else:  # uvicorn's supervisor: N processes accept on the one socket and a dead one is started again
        os.environ[SETTINGS_ENV] = json.dumps(dataclasses.asdict(settings))
        config = uvicorn.Config(
            f"{__name__}:app_from_environment",
            factory=True,
            workers=settings.workers,
            log_level="warning",
            access_log=False,
        )
    print(
        f"browsy serving on http://{settings.host}:{settings.port}{workers} (docs at /docs)",
        file=sys.stderr,
        flush=True,
    )
    if settings.workers == 1:
        uvicorn.Server(config).run(sockets=[sock])
    else:
        from uvicorn.supervisors import Multiprocess

        Multiprocess(config, sockets=[sock]).run()


def app_from_environment() -> Any:
    """The app of one worker process, from the settings its parent put in the environment."""
    from .rest import create_app

    tune_gc()
    data = json.loads(os.environ[SETTINGS_ENV])
    data["viewport"] = tuple(data["viewport"])
    return create_app(ServerSettings(**data))
