"""The real A2A protocol (official `a2a-sdk`): agent card at the protocol's well-known path and JSON-RPC
message send/stream at `/a2a/jsonrpc`, both running the same task runner as the seed's SSE surface.

A message's text is the goal; a data part (a JSON object) holds the params (url, credentials,
search_query, extract). Each step is a `working` status update, the result a data artifact, then
`completed`, or `failed` with the error as the status message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from a2a.helpers.proto_helpers import get_data_parts, new_data_part, new_task, new_text_message
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
from a2a.server.tasks import TaskUpdater
from a2a.types import AgentCapabilities, AgentCard, AgentInterface, AgentSkill, TaskState
from pydantic import ValidationError

from ..sessions import AtCapacity
from .intents import TaskParams, TaskRequest
from .runner import TaskFailed, run_task
from .sse_tasks import AGENT_DESCRIPTION, AGENT_NAME, SKILL
from .task_sessions import TaskSessions
from .task_store import ScopedTaskStore, TaskLimits, caller_key

if TYPE_CHECKING:
    from a2a.server.events.event_queue_v2 import EventQueue
    from starlette.routing import BaseRoute

JSONRPC_PATH = "/a2a/jsonrpc"


def protocol_agent_card(base_url: str) -> AgentCard:
    return AgentCard(
        name=AGENT_NAME,
        description=AGENT_DESCRIPTION,
        version="1.0",
        # The same endpoint speaks A2A 1.0 and 0.3 (enable_v0_3_compat): the 0.3 interface also puts the
        # fields a 0.3 client reads (url, preferredTransport, protocolVersion) into the served card.
        supported_interfaces=[
            AgentInterface(
                url=base_url.rstrip("/") + JSONRPC_PATH, protocol_binding="JSONRPC", protocol_version="1.0"
            ),
            AgentInterface(
                url=base_url.rstrip("/") + JSONRPC_PATH, protocol_binding="JSONRPC", protocol_version="0.3.0"
            ),
        ],
        capabilities=AgentCapabilities(streaming=True, push_notifications=False),
        default_input_modes=["text/plain", "application/json"],
        default_output_modes=["application/json", "text/plain"],
        skills=[
            AgentSkill(
                id=SKILL["id"],
                name=SKILL["name"],
                description=SKILL["description"],
                tags=SKILL["tags"],
                examples=[
                    "Browse https://example.com",
                    "Extract the pricing table from https://example.com/pricing",
                    "Search for rust web frameworks",
                ],
            )
        ],
    )


def task_request(context: RequestContext) -> TaskRequest:
    """The goal (message text) and params (first JSON-object data part) of an A2A message."""
    message = context.message
    goal = context.get_user_input().strip()
    objects = [d for d in get_data_parts(message.parts) if isinstance(d, dict)] if message else []
    params = TaskParams.model_validate(objects[0]) if objects else TaskParams()
    return TaskRequest(goal=goal or "Browse", params=params)


class BrowsyAgentExecutor(AgentExecutor):
    def __init__(self, sessions: TaskSessions) -> None:
        self._sessions = sessions

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        task_id, context_id = context.task_id or "", context.context_id or ""
        if context.current_task is None:
            history = [context.message] if context.message else []
            await event_queue.enqueue_event(
                new_task(task_id, context_id, TaskState.TASK_STATE_SUBMITTED, history=history)
            )
        updater = TaskUpdater(event_queue, task_id, context_id)

        async def progress(description: str) -> None:
            await updater.update_status(
                TaskState.TASK_STATE_WORKING,
                new_text_message(description, context_id=context_id, task_id=task_id),
            )

        try:
            request = task_request(context)
            await updater.start_work()
            owner = caller_key(context.call_context) or context_id  # a name is its owner's alone
            async with self._sessions.open(request.params.session, owner) as session:
                result = await run_task(session, request, progress)
        except (TaskFailed, ValidationError, AtCapacity) as err:
            await updater.failed(new_text_message(_one_line(err), context_id=context_id, task_id=task_id))
            return
        await updater.add_artifact([new_data_part(result, media_type="application/json")], name="result")
        await updater.complete()

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        updater = TaskUpdater(event_queue, context.task_id or "", context.context_id or "")
        await updater.cancel()


def _one_line(err: Exception) -> str:
    if isinstance(err, ValidationError):
        return "Invalid params: " + "; ".join(
            f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in err.errors()
        )
    return str(err)


def protocol_routes(
    base_url: str, sessions: TaskSessions, limits: TaskLimits | None = None
) -> list[BaseRoute]:
    card = protocol_agent_card(base_url)
    handler = DefaultRequestHandler(
        agent_executor=BrowsyAgentExecutor(sessions), task_store=ScopedTaskStore(limits), agent_card=card
    )
    return [
        *create_agent_card_routes(card),
        *create_jsonrpc_routes(handler, JSONRPC_PATH, enable_v0_3_compat=True),
    ]
