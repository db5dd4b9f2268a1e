"""The A2A task stream: `GET /.well-known/agent.json`, `POST /a2a/tasks` (a task run as server-sent events), `GET /a2a/tasks/{id}`."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Header
from fastapi.responses import JSONResponse, Response, StreamingResponse

from ..openapi_ops import ERROR_SCHEMA
from ..sessions import AtCapacity
from .intents import TaskRequest
from .runner import TaskFailed, run_task
from .task_sessions import TaskSessions
from .tasks import TaskLog, TaskRecord

log = logging.getLogger("browsy.a2a")

AGENT_NAME = "browsy"
AGENT_DESCRIPTION = (
    "Zero-render browser engine for AI agents. Navigates, extracts, and interacts with web pages without "
    "rendering pixels."
)
SKILL: dict[str, Any] = {
    "id": "web-browse",
    "name": "Web Browsing",
    "description": "Navigate to URLs, interact with pages, extract content, fill forms, and search the web.",
    "tags": ["browse", "scrape", "extract", "search", "login", "forms"],
}


# One task state, the JSON of each `data:` line of the stream ("working" per step, then one terminal event).
TASK_EVENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["id", "status", "steps"],
    "properties": {
        "id": {"type": "string"},
        "status": {"type": "string", "enum": ["working", "completed", "failed"]},
        "steps": {
            "type": "array",
            "items": {"type": "object", "properties": {"description": {"type": "string"}}},
        },
        "result": {"type": "object", "description": "The task's result (completed tasks)."},
        "error": {"type": "string", "description": "Why the task failed (failed tasks)."},
    },
}
# OpenAPI 3.1 has no schema for an event stream's items: the body is text, each event a `data: <JSON>` line
# whose JSON is TASK_EVENT_SCHEMA (given as the stream's contentSchema, JSON Schema's word for it).
SSE_STREAM_SCHEMA: dict[str, Any] = {
    "type": "string",
    "description": "Server-sent events: one `data: <task state JSON>` event per step, then a terminal one.",
    "contentMediaType": "text/event-stream",
    "contentSchema": TASK_EVENT_SCHEMA,
}


def seed_agent_card(base_url: str) -> dict[str, Any]:
    return {
        "name": AGENT_NAME,
        "description": AGENT_DESCRIPTION,
        "url": base_url,
        "version": "1.0",
        "capabilities": {"streaming": True, "pushNotifications": False},
        "skills": [SKILL],
    }


def _sse(record: TaskRecord) -> bytes:
    return f"data: {json.dumps(record.to_dict(), ensure_ascii=False, separators=(',', ':'))}\n\n".encode()


async def task_events(
    record: TaskRecord, request: TaskRequest, sessions: TaskSessions, owner: str | None = None
) -> AsyncIterator[bytes]:
    """Run the task, yielding one SSE event per step ("working") and one terminal event."""
    events: asyncio.Queue[bytes | None] = asyncio.Queue()

    async def progress(description: str) -> None:
        record.steps.append(description)
        await events.put(_sse(record))

    async def work() -> None:
        try:
            async with sessions.open(request.params.session, owner) as session:
                record.result = await run_task(session, request, progress)
            record.status = "completed"
        except (TaskFailed, AtCapacity) as err:
            record.status, record.error = "failed", str(err)
        except Exception as err:  # never a dead stream: the client always gets a terminal event
            log.exception("A2A task %s failed", record.id)
            record.status, record.error = "failed", f"Internal error: {type(err).__name__}"
        await events.put(_sse(record))
        await events.put(None)

    worker = asyncio.create_task(work())
    try:
        while (event := await events.get()) is not None:
            yield event
    finally:
        if not worker.done():
            worker.cancel()


def sse_tasks_router(sessions: TaskSessions, tasks: TaskLog, base_url: str) -> APIRouter:
    """`base_url` is the server's own address: the card never echoes a caller's Host header."""
    router = APIRouter(tags=["a2a"])

    @router.get("/.well-known/agent.json", summary="The agent card (seed format).")
    async def agent_card() -> dict[str, Any]:
        return seed_agent_card(base_url)

    @router.post(
        "/a2a/tasks",
        summary="Run a browsing task; the response is an SSE stream of task states.",
        response_class=Response,
        responses={
            200: {
                "description": "SSE stream",
                "content": {"text/event-stream": {"schema": SSE_STREAM_SCHEMA}},
            },
            400: {"description": "Invalid task", "content": {"application/json": {"schema": ERROR_SCHEMA}}},
            503: {
                "description": "Too many tasks running",
                "content": {"application/json": {"schema": ERROR_SCHEMA}},
            },
        },
    )
    async def submit_task(
        task: TaskRequest, x_browsy_session: str | None = Header(None, include_in_schema=False)
    ) -> Response:
        owner = (x_browsy_session or "").strip() or None
        if task.params.session is not None and owner is None:
            return JSONResponse(
                {
                    "error": "A named session (params.session) needs an X-Browsy-Session header: the "
                    "key that makes the name yours.",
                    "code": "invalid_arguments",
                },
                status_code=400,
            )
        if sessions.full:
            return JSONResponse(
                {"error": str(AtCapacity(sessions.limit)), "code": "at_capacity"}, status_code=503
            )
        record = tasks.new()
        stream = task_events(record, task, sessions, owner)
        return StreamingResponse(
            stream, media_type="text/event-stream", headers={"Cache-Control": "no-cache"}
        )

    @router.get(
        "/a2a/tasks/{task_id}",
        summary="The last known state of a task.",
        response_class=JSONResponse,
        responses={
            200: {
                "description": "Task state",
                "content": {"application/json": {"schema": {"type": "object"}}},
            },
            404: {"description": "Unknown task", "content": {"application/json": {"schema": ERROR_SCHEMA}}},
        },
    )
    async def task_status(task_id: str) -> JSONResponse:
        record = tasks.get(task_id)
        if record is None:
            return JSONResponse({"error": f"Task {task_id} not found", "code": "not_found"}, status_code=404)
        return JSONResponse(record.to_dict())

    return router
