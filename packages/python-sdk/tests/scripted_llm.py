"""A small OpenAI-compatible chat completions server on 127.0.0.1 whose "model" follows a LoginPlan.

Real clients (the `openai` package, AG2, AutoGen AgentChat's OpenAI client) talk to it over HTTP exactly as
they would to the API: it reads the tool results in the conversation, asks the plan for the next step and
answers with a tool call (`browsy_<tool>` and JSON arguments) or, at the end, the final text.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import time
from collections.abc import Iterator
from typing import Any

from sdk_support import LoginPlan, Step
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from tests.fixture_site.server_thread import serving_app


def _text(content: Any) -> str:
    if isinstance(content, list):  # content parts
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return str(content or "")


class ScriptedModel:
    def __init__(self, plan: LoginPlan) -> None:
        self.plan = plan
        self.requests: list[dict[str, Any]] = []
        self._ids = itertools.count(1)

    def tool_outputs(self, messages: list[dict[str, Any]]) -> list[str]:
        return [_text(m.get("content")) for m in messages if m.get("role") == "tool"]

    def complete(self, body: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(body)
        step = self.plan.next(self.tool_outputs(body.get("messages", [])))
        if isinstance(step, Step):
            call = {
                "id": f"call_{next(self._ids)}",
                "type": "function",
                "function": {"name": f"browsy_{step.tool}", "arguments": json.dumps(step.arguments)},
            }
            message: dict[str, Any] = {"role": "assistant", "content": None, "tool_calls": [call]}
            finish = "tool_calls"
        else:
            message, finish = {"role": "assistant", "content": step}, "stop"
        return {
            "id": f"chatcmpl-{len(self.requests)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "scripted"),
            "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20},
        }

    def app(self) -> Starlette:
        async def completions(request: Request) -> JSONResponse:
            return JSONResponse(self.complete(await request.json()))

        return Starlette(routes=[Route("/v1/chat/completions", completions, methods=["POST"])])


@contextlib.contextmanager
def serving(model: ScriptedModel) -> Iterator[str]:
    """Serve `model` under uvicorn in a thread; yield the base URL for clients (`…/v1`)."""
    with serving_app(model.app(), "scripted-llm") as url:
        yield f"{url}/v1"
