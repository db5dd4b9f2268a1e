"""browsy.openai with the real `openai` client against a scripted OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import pytest

openai = pytest.importorskip("openai")

from browsy import Browser  # noqa: E402
from browsy.openai import get_tool_definitions, handle_tool_call  # noqa: E402
from browsy_engine.tools import TOOLS  # noqa: E402
from scripted_llm import ScriptedModel, serving  # noqa: E402
from sdk_support import LoginPlan, check_transcript  # noqa: E402


def test_chat_completions_tool_loop(browser: Browser, fixture_site: str) -> None:
    model = ScriptedModel(LoginPlan(fixture_site))
    outputs: list[str] = []
    with serving(model) as base_url:
        client = openai.OpenAI(base_url=base_url, api_key="test-key", max_retries=0)
        tools = get_tool_definitions(browser=browser)
        messages: list = [{"role": "user", "content": "Log in to the site and read the orders table."}]
        response = client.chat.completions.create(model="scripted", messages=messages, tools=tools)
        while response.choices[0].message.tool_calls:
            message = response.choices[0].message
            messages.append(message)
            for call in message.tool_calls:
                result = handle_tool_call(call.function.name, call.function.arguments)  # the JSON string
                outputs.append(result)
                messages.append({"role": "tool", "tool_call_id": call.id, "content": result})
            response = client.chat.completions.create(model="scripted", messages=messages, tools=tools)
    check_transcript(outputs, response.choices[0].message.content)
    sent = model.requests[0]["tools"]
    assert [t["function"]["name"] for t in sent] == [f"browsy_{t.name}" for t in TOOLS]
