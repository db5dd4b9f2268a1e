"""browsy.smolagents: a CodeAgent with the seed's BrowsyTool and a ToolCallingAgent with get_tools(), each
driven by a scripted smolagents Model through smolagents' own agent loop."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

pytest.importorskip("smolagents")

from browsy import Browser  # noqa: E402
from browsy.smolagents import BrowsyTool, get_tools  # noqa: E402
from browsy_engine.tools import TOOLS  # noqa: E402
from sdk_support import LoginPlan, Step, check_transcript  # noqa: E402
from smolagents import CodeAgent, Model, ToolCallingAgent  # noqa: E402
from smolagents.models import ChatMessage, ChatMessageToolCall, ChatMessageToolCallFunction  # noqa: E402

EXECUTION_LOGS = re.compile(r"Execution logs:\n(.*?)\nLast output from code snippet:", re.S)
OBSERVATION = re.compile(r"Observation:\n(.*)", re.S)


def _texts(messages: list[Any]) -> list[tuple[str, str]]:
    out = []
    for message in messages:
        role = str(getattr(message, "role", "") if not isinstance(message, dict) else message.get("role", ""))
        content = message.content if not isinstance(message, dict) else message.get("content")
        if isinstance(content, list):
            content = "".join(part.get("text", "") for part in content if isinstance(part, dict))
        out.append((role, str(content or "")))
    return out


class ScriptedCodeModel(Model):
    """Writes one code block per step calling `browsy(command=...)`, then `final_answer(...)`."""

    def __init__(self, plan: LoginPlan) -> None:
        super().__init__(model_id="scripted")
        self.plan = plan
        self.outputs: list[str] = []

    def generate(
        self,
        messages: list[Any],
        stop_sequences: Any = None,
        response_format: Any = None,
        tools_to_call_from: Any = None,
        **kwargs: Any,
    ) -> ChatMessage:
        self.outputs = [
            m.group(1).strip() for _, text in _texts(messages) for m in [EXECUTION_LOGS.search(text)] if m
        ]
        step = self.plan.next(self.outputs)
        if isinstance(step, Step):
            code = f"result = browsy(command={step.command()!r})\nprint(result)"
        else:
            code = f"final_answer({step!r})"
        return ChatMessage(role="assistant", content=f"Thought: next step.\n<code>\n{code}\n</code>")


class ScriptedToolCallingModel(Model):
    """Answers with native tool calls (`browsy_*`), then the `final_answer` tool."""

    def __init__(self, plan: LoginPlan) -> None:
        super().__init__(model_id="scripted")
        self.plan = plan
        self.outputs: list[str] = []
        self.offered: list[str] = []

    def generate(
        self,
        messages: list[Any],
        stop_sequences: Any = None,
        response_format: Any = None,
        tools_to_call_from: Any = None,
        **kwargs: Any,
    ) -> ChatMessage:
        self.offered = [tool.name for tool in tools_to_call_from or []]
        self.outputs = [
            m.group(1).strip()
            for role, text in _texts(messages)
            if "tool" in role.lower()
            for m in [OBSERVATION.search(text)]
            if m
        ]
        step = self.plan.next(self.outputs)
        name, arguments = (
            (f"browsy_{step.tool}", step.arguments)
            if isinstance(step, Step)
            else ("final_answer", {"answer": step})
        )
        call = ChatMessageToolCall(
            function=ChatMessageToolCallFunction(name=name, arguments=arguments),
            id=f"call_{len(self.outputs)}",
            type="function",
        )
        return ChatMessage(role="assistant", content="", tool_calls=[call])

    def parse_tool_calls(self, message: ChatMessage) -> ChatMessage:
        return message


def test_code_agent_with_the_seed_tool(browser: Browser, fixture_site: str) -> None:
    model = ScriptedCodeModel(LoginPlan(fixture_site))
    agent = CodeAgent(tools=[BrowsyTool(browser=browser)], model=model, max_steps=10, verbosity_level=0)
    final = agent.run("Log in and read the orders table.")
    check_transcript(model.outputs, str(final))


def test_tool_calling_agent_with_get_tools(browser: Browser, fixture_site: str) -> None:
    model = ScriptedToolCallingModel(LoginPlan(fixture_site))
    agent = ToolCallingAgent(tools=get_tools(browser=browser), model=model, max_steps=10, verbosity_level=0)
    final = agent.run("Log in and read the orders table.")
    check_transcript(model.outputs, str(final))
    assert set(model.offered) >= {f"browsy_{t.name}" for t in TOOLS}


def test_tool_inputs_come_from_the_registry(browser: Browser, fixture_site: str) -> None:
    tools = {tool.name: tool for tool in get_tools(browser=browser)}
    assert len(tools) == len(TOOLS)
    assert tools["browsy_browse"].inputs["url"]["type"] == "string"
    assert tools["browsy_browse"].inputs["format"]["nullable"] is True
    assert tools["browsy_click"].inputs["id"]["type"] == "integer"
    assert tools["browsy_tables"].inputs == {}
    assert "page_type: Login" in tools["browsy_browse"](url=f"{fixture_site}/login")
    assert json.loads(tools["browsy_page_info"]())["page_type"] == "Login"
    assert tools["browsy_click"](id=10_000).startswith("Error: No element with id 10000")
