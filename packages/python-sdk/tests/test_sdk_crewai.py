"""browsy.crewai: `Crew(...).kickoff()` with a scripted LLM that drives the tools through CrewAI's agent loop."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

# CrewAI must not phone home from a test run (telemetry, first-run traces) nor prompt on stdin for traces.
for _name, _value in {
    "CREWAI_DISABLE_TELEMETRY": "true",
    "OTEL_SDK_DISABLED": "true",
    "CREWAI_TESTING": "true",
    "CREWAI_TRACING_ENABLED": "false",
    "CREWAI_DISABLE_TRACKING": "true",
}.items():
    os.environ.setdefault(_name, _value)

pytest.importorskip("crewai")

from browsy import Browser  # noqa: E402
from browsy.crewai import BrowsyTool, get_tools  # noqa: E402
from browsy_engine.tools import TOOLS  # noqa: E402
from crewai import Agent, Crew, Task  # noqa: E402
from crewai.llms.base_llm import BaseLLM  # noqa: E402
from sdk_support import LoginPlan, Step, check_transcript  # noqa: E402

OBSERVATION = re.compile(r"Observation:\s*(.*)", re.S)
# What CrewAI appends to an observation now and then: the tool list and format reminder.
REMINDER = re.compile(
    r"\n+(?:You ONLY have access to the following tools|IMPORTANT: Use the following format)"
)


class ScriptedLLM(BaseLLM):
    """Answers in CrewAI's ReAct format: one Action per turn, then a Final Answer, following a LoginPlan.
    `single_tool` uses the seed's BrowsyTool (one JSON command), otherwise the per-tool `browsy_*` tools."""

    def __init__(self, plan: LoginPlan, single_tool: bool) -> None:
        super().__init__(model="scripted")
        self.plan = plan
        self.single_tool = single_tool
        self.outputs: list[str] = []

    def supports_function_calling(self) -> bool:
        return False

    def call(
        self,
        messages: Any,
        tools: Any = None,
        callbacks: Any = None,
        available_functions: Any = None,
        from_task: Any = None,
        from_agent: Any = None,
        response_model: Any = None,
    ) -> str:
        self.outputs = _observations(messages)
        step = self.plan.next(self.outputs)
        if not isinstance(step, Step):
            return f"Thought: I have the table.\nFinal Answer: {step}"
        if self.single_tool:
            return f'Thought: next step.\nAction: browsy\nAction Input: {{"command": {_json_string(step.command())}}}'
        import json

        return f"Thought: next step.\nAction: browsy_{step.tool}\nAction Input: {json.dumps(step.arguments)}"


def _json_string(text: str) -> str:
    import json

    return json.dumps(text)


def _observations(messages: Any) -> list[str]:
    if isinstance(messages, str):
        messages = [{"role": "user", "content": messages}]
    found = []
    for message in messages:
        if message.get("role") != "assistant":
            continue
        match = OBSERVATION.search(str(message.get("content") or ""))
        if match:
            found.append(REMINDER.split(match.group(1), maxsplit=1)[0].strip())
    return found


def _kickoff(browser: Browser, base: str, single_tool: bool) -> tuple[list[str], str]:
    llm = ScriptedLLM(LoginPlan(base), single_tool)
    tools = [BrowsyTool(browser=browser)] if single_tool else get_tools(browser=browser)
    agent = Agent(
        role="Web Researcher",
        goal="Read the orders table",
        backstory="You browse websites.",
        tools=tools,
        llm=llm,
        verbose=False,
        max_iter=12,
    )
    task = Task(
        description=f"Log in to {base} and read the orders table.",
        expected_output="The orders table.",
        agent=agent,
    )
    result = Crew(agents=[agent], tasks=[task], verbose=False).kickoff()
    return llm.outputs, str(result.raw)


@pytest.mark.parametrize("single_tool", [True, False], ids=["BrowsyTool", "get_tools"])
def test_crew_logs_in_and_reads_the_table(browser: Browser, fixture_site: str, single_tool: bool) -> None:
    outputs, final = _kickoff(browser, fixture_site, single_tool)
    check_transcript(outputs, final)


def test_single_tool_runs_the_seed_commands(browser: Browser, fixture_site: str) -> None:
    tool = BrowsyTool(browser=browser)
    page = tool.run(f'{{"action": "browse", "url": "{fixture_site}/login"}}')
    assert "page_type: Login" in page
    assert '"page_type": "Login"' in tool.run('{"action": "page_info"}')
    assert tool.run('{"action": "type", "id": 7, "text": "x@example.com"}').startswith("Typed")
    assert "unknown action 'fly'" in tool.run('{"action": "fly"}')
    assert 'needs an "action"' in tool.run('{"url": "x"}')
    assert len(get_tools()) == len(TOOLS)
