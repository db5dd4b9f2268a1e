"""The REST API: one route per registry tool (seed: "REST API"), the session header, errors, /health."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import json
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from browsy_engine.session.parse_pool import use_processes
from browsy_engine.tools import TOOLS, Tool, ToolError, ToolResult, call_tool
from browsy_engine.tools.result import code_for
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import __version__
from .a2a.protocol import protocol_routes
from .a2a.sse_tasks import sse_tasks_router
from .a2a.task_sessions import TaskSessions
from .a2a.tasks import TaskLog
from .guard import SESSION_HEADER, RequestGuard
from .openapi_ops import (
    add_output_schemas,
    add_protocol_paths,
    replace_validation_errors,
    tool_operation_extra,
    tool_responses,
)
from .redis_sessions import RedisSessionStore
from .sessions import AtCapacity, SessionStore, SessionUnavailable, TooManyNewSessions
from .settings import ServerSettings

API_DESCRIPTION = (
    "browsy: a zero-render browser for AI agents. Every route is one tool of the registry; send the "
    f"`{SESSION_HEADER}` header you got back to keep browsing in the same session."
)


def error_response(
    status: int, message: str, token: str | None = None, code: str | None = None
) -> JSONResponse:
    """`{"error": message, "code": code}`; the code defaults to the one of `status`."""
    headers = {SESSION_HEADER: token} if token else None
    return JSONResponse(
        {"error": message, "code": code or code_for(status)}, status_code=status, headers=headers
    )


def tool_response(result: ToolResult, token: str) -> Response:
    if result.is_error:
        code = result.data.get("code") if isinstance(result.data, dict) else None
        return error_response(result.status, result.content, token, code)
    return Response(
        result.content,
        status_code=result.status,
        media_type=result.media_type,
        headers={SESSION_HEADER: token},
    )


async def read_arguments(request: Request, tool: Tool) -> dict[str, Any]:
    """The call's arguments: the query string of a GET route, the JSON body of a POST route (empty = {})."""
    if tool.http_method == "GET":
        return dict(request.query_params)
    body = await request.body()  # RequestGuard has bounded its size and checked it is JSON
    if not body.strip():
        return {}
    try:
        arguments = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise ToolError('Request body is not valid JSON; send a JSON object, e.g. {"id": 3}.') from None
    except RecursionError:
        raise ToolError(
            'Request body is nested too deeply; send a flat JSON object, e.g. {"id": 3}.'
        ) from None
    if not isinstance(arguments, dict):
        raise ToolError("Request body must be a JSON object.")
    return arguments


def add_tool_route(app: FastAPI, tool: Tool) -> None:
    async def endpoint(request: Request) -> Response:
        store: SessionStore | RedisSessionStore = request.app.state.store
        try:
            client = request.client.host if request.client else None
            async with store.use(request.headers.get(SESSION_HEADER), client) as entry:
                try:
                    arguments = await read_arguments(request, tool)
                except ToolError as err:
                    return tool_response(ToolResult.error(err), entry.token)
                if tool.loads_pages:  # wait for a slot first, so a queue never eats the fetch's timeout
                    async with request.app.state.load_slots:
                        result = await call_tool(entry.session, tool.name, arguments)
                else:
                    result = await call_tool(entry.session, tool.name, arguments)
                return tool_response(result, entry.token)
        except AtCapacity as err:
            return error_response(503, str(err))
        except TooManyNewSessions as err:
            return error_response(429, str(err))
        except SessionUnavailable as err:
            return error_response(503, f"Session unavailable: {err}", code="session_unavailable")

    app.add_api_route(
        tool.http_path,
        endpoint,
        methods=[tool.http_method],
        operation_id=tool.name,
        summary=tool.description.split(". ")[0].rstrip(".") + ".",
        description=tool.description,
        tags=["tools"],
        response_class=Response,
        responses=tool_responses(tool),
        openapi_extra=tool_operation_extra(tool),
    )


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    message = {
        404: f"Not found: {request.url.path}",
        405: f"Method {request.method} not allowed on {request.url.path}",
    }
    headers = dict(exc.headers or {})
    if exc.status_code == 405 and "allow" not in {k.lower() for k in headers}:
        allowed = sorted(
            {
                m
                for r in request.app.router.routes
                if getattr(r, "path", None) == request.url.path
                for m in (getattr(r, "methods", None) or ())
            }
        )
        headers["Allow"] = ", ".join(allowed)
    return JSONResponse(
        {"error": message.get(exc.status_code, str(exc.detail)), "code": code_for(exc.status_code)},
        status_code=exc.status_code,
        headers=headers or None,
    )


async def _invalid_request(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    problems = "; ".join(
        f"{'.'.join(str(x) for x in e['loc'] if x != 'body') or 'body'}: {e['msg']}" for e in exc.errors()
    )
    return error_response(400, f"Invalid request: {problems}.", code="invalid_request")


async def _internal_error(request: Request, exc: Exception) -> JSONResponse:
    return error_response(500, f"Internal error: {type(exc).__name__}")


DOCS_ASSETS = "/docs/assets"


def add_docs(app: FastAPI) -> None:
    """`/docs`: Swagger UI 5 (it reads OpenAPI 3.1) from the assets of the `fastapi-swagger` package, served
    by this server, so the page works without the internet and loads nothing from a CDN."""
    assets = Path(str(importlib.resources.files("fastapi_swagger") / "resources"))
    app.mount(DOCS_ASSETS, StaticFiles(directory=assets), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="browsy API",
            swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{DOCS_ASSETS}/favicon-32x32.png",
        )


def session_store(settings: ServerSettings) -> SessionStore | RedisSessionStore:
    """Where this server keeps its sessions: its own memory, or Redis shared with other processes."""
    if settings.session_store == "memory":
        return SessionStore(
            settings.session_config,
            settings.max_sessions,
            settings.session_ttl,
            new_per_minute=settings.new_sessions_per_minute,
        )
    return RedisSessionStore(
        settings.session_store,
        settings.session_config,
        settings.max_sessions,
        settings.session_ttl,
        new_per_minute=settings.new_sessions_per_minute,
    )


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    settings = settings or ServerSettings()
    store = session_store(settings)
    task_sessions = TaskSessions(settings.session_config, settings.max_sessions, settings.session_ttl)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.parse_threads:
            asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(settings.parse_threads))
        if settings.parse_processes:
            use_processes(settings.parse_processes)
        sweeper = asyncio.create_task(store.sweep_forever())
        try:
            yield
        finally:
            sweeper.cancel()
            await store.close_all()
            await task_sessions.close_all()

    app = FastAPI(
        title="browsy",
        version=__version__,
        description=API_DESCRIPTION,
        lifespan=lifespan,
        openapi_url="/openapi.json",
        docs_url=None,  # served below from local assets, not a CDN
        redoc_url=None,
    )
    add_docs(app)
    app.state.store = store
    app.state.load_slots = asyncio.Semaphore(settings.max_loads)
    app.state.settings = settings
    for tool in TOOLS:
        add_tool_route(app, tool)

    base_url = f"http://{settings.host}:{settings.port}"
    app.include_router(sse_tasks_router(task_sessions, TaskLog(), base_url))
    app.router.routes.extend(protocol_routes(base_url, task_sessions))

    @app.get("/health", tags=["server"], summary="Health check.")
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = add_output_schemas(
                add_protocol_paths(replace_validation_errors(FastAPI.openapi(app)))
            )
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _invalid_request)
    app.add_exception_handler(Exception, _internal_error)
    app.add_middleware(
        RequestGuard,
        bind_host=settings.host,
        server_names=settings.server_names,
        cors_origins=settings.cors_origins,
        token=settings.token,
        max_body=settings.max_body,
    )
    return app
