"""browsy.langchain: a scripted chat model calling the tools through LangChain's own agent loop."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langchain")

from browsy import Browser  # noqa: E402
from browsy.langchain import (  # noqa: E402
    BrowsyBrowseTool,
    BrowsyClickTool,
    BrowsyLoginTool,
    BrowsyPageInfoTool,
    BrowsySearchTool,
    BrowsyTypeTextTool,
    get_tools,
)
from browsy_engine.tools import TOOLS  # noqa: E402
from langchain.agents import create_agent  # noqa: E402
from langchain_core.language_models import BaseChatModel  # noqa: E402
from langchain_core.messages import AIMessage, ToolMessage  # noqa: E402
from langchain_core.outputs import ChatGeneration, ChatResult  # noqa: E402
from langchain_core.utils.function_calling import convert_to_openai_tool  # noqa: E402
from sdk_support import LoginPlan, Step, check_transcript  # noqa: E402


class ScriptedChatModel(BaseChatModel):
    """A chat model that answers with the tool calls of a LoginPlan (tools bound via bind_tools)."""

    plan: Any
    seen_tools: list[list[str]] = []

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _generate(
        self, messages: list, stop: Any = None, run_manager: Any = None, **kwargs: Any
    ) -> ChatResult:
        self.seen_tools.append([t["function"]["name"] for t in kwargs.get("tools", [])])
        outputs = [str(m.content) for m in messages if isinstance(m, ToolMessage)]
        step = self.plan.next(outputs)
        if isinstance(step, Step):
            call = {
                "name": f"browsy_{step.tool}",
                "args": step.arguments,
                "id": f"call_{len(outputs)}",
                "type": "tool_call",
            }
            message = AIMessage(content="", tool_calls=[call])
        else:
            message = AIMessage(content=step)
        return ChatResult(generations=[ChatGeneration(message=message)])


def _run_agent(browser: Browser, base: str, use_async: bool) -> tuple[list[str], str, ScriptedChatModel]:
    model = ScriptedChatModel(plan=LoginPlan(base), seen_tools=[])
    agent = create_agent(model, get_tools(browser=browser))
    request = {"messages": [{"role": "user", "content": "Log in and read the orders table."}]}
    state = asyncio.run(agent.ainvoke(request)) if use_async else agent.invoke(request)
    outputs = [str(m.content) for m in state["messages"] if isinstance(m, ToolMessage)]
    return outputs, str(state["messages"][-1].content), model


@pytest.mark.parametrize("use_async", [False, True], ids=["invoke", "ainvoke"])
def test_agent_logs_in_and_reads_the_table(browser: Browser, fixture_site: str, use_async: bool) -> None:
    outputs, final, model = _run_agent(browser, fixture_site, use_async)
    check_transcript(outputs, final)
    assert model.seen_tools[0] == [f"browsy_{t.name}" for t in TOOLS]


def test_tools_carry_the_registry_schemas() -> None:
    tools = get_tools()
    assert len(tools) == len(TOOLS)
    for tool, spec in zip(tools, TOOLS):
        assert tool.name == f"browsy_{spec.name}"
        assert tool.description == spec.description
        assert tool.args_schema is spec.params
    seed_classes = (
        BrowsyBrowseTool,
        BrowsyClickTool,
        BrowsyTypeTextTool,
        BrowsySearchTool,
        BrowsyLoginTool,
        BrowsyPageInfoTool,
    )
    assert [cls().name for cls in seed_classes] == [
        "browsy_browse",
        "browsy_click",
        "browsy_type_text",
        "browsy_search",
        "browsy_login",
        "browsy_page_info",
    ]


def test_individual_tools_share_one_browser(browser: Browser, fixture_site: str) -> None:
    page = BrowsyBrowseTool(browser=browser).invoke({"url": f"{fixture_site}/login"})
    assert "page_type: Login" in page
    info = BrowsyPageInfoTool(browser=browser).invoke({})
    assert '"page_type": "Login"' in info
    assert BrowsyClickTool(browser=browser).invoke({"id": "x"}).startswith("Error: invalid arguments: id")


def test_default_browser_is_shared_by_the_module() -> None:
    from browsy import langchain as adapter

    shared = adapter._shared.get()
    shared.load_html("<title>Shared</title><h1>One browser</h1>", "https://example.com/")
    tools = {tool.name: tool for tool in get_tools()}
    assert '[1:h1 "One browser"' in tools["browsy_get_page"].invoke({})
    assert "Shared" in BrowsyPageInfoTool().invoke({})
