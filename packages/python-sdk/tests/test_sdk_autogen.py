"""browsy.autogen: an AG2 conversation and an AgentChat AssistantAgent, both talking to the scripted
OpenAI-compatible model server through their own OpenAI clients."""

from __future__ import annotations

import asyncio

import pytest
from browsy import Browser

pytest.importorskip("autogen")
pytest.importorskip("autogen_agentchat")
pytest.importorskip("autogen_ext.models.openai")

from autogen import ConversableAgent, UserProxyAgent  # noqa: E402
from autogen_agentchat.agents import AssistantAgent  # noqa: E402
from autogen_ext.models.openai import OpenAIChatCompletionClient  # noqa: E402
from browsy.autogen import BrowsyBrowser, get_tools  # noqa: E402
from browsy.toolkit import tool_specs  # noqa: E402
from browsy_engine.tools import TOOLS  # noqa: E402
from scripted_llm import ScriptedModel, serving  # noqa: E402
from sdk_support import LoginPlan, check_transcript  # noqa: E402


def test_ag2_conversation(browser: Browser, fixture_site: str) -> None:
    model = ScriptedModel(LoginPlan(fixture_site))
    with serving(model) as base_url:
        assistant = ConversableAgent(
            name="web_assistant",
            system_message="You help users browse the web.",
            llm_config={
                "config_list": [{"model": "scripted", "base_url": base_url, "api_key": "test-key"}],
                "cache_seed": None,
            },
        )
        user = UserProxyAgent(
            name="user",
            human_input_mode="NEVER",
            code_execution_config=False,
            is_termination_msg=lambda m: str(m.get("content") or "").startswith(LoginPlan.FINAL_PREFIX),
        )
        tools = BrowsyBrowser(browser=browser)
        tools.register(assistant)
        tools.register(user)
        user.initiate_chat(assistant, message="Log in and read the orders table.", max_turns=10, silent=True)
    outputs = [
        str(r["content"]) for m in user.chat_messages[assistant] for r in m.get("tool_responses") or []
    ]
    final = str(user.chat_messages[assistant][-1]["content"])
    check_transcript(outputs, final)
    assert [t["function"]["name"] for t in model.requests[0]["tools"]] == [f"browsy_{t.name}" for t in TOOLS]
    sent = [t["function"]["parameters"] for t in model.requests[0]["tools"]]
    assert sent == [spec.json_schema() for spec in tool_specs()]


def test_agentchat_assistant(browser: Browser, fixture_site: str) -> None:
    model = ScriptedModel(LoginPlan(fixture_site))

    async def run(base_url: str) -> list:
        client = OpenAIChatCompletionClient(
            model="scripted",
            base_url=base_url,
            api_key="test-key",
            model_info={
                "vision": False,
                "function_calling": True,
                "json_output": False,
                "family": "unknown",
                "structured_output": False,
            },
        )
        agent = AssistantAgent(
            "web_assistant", model_client=client, tools=get_tools(browser), max_tool_iterations=10
        )
        result = await agent.run(task="Log in and read the orders table.")
        await client.close()
        return result.messages

    with serving(model) as base_url:
        messages = asyncio.run(run(base_url))
    outputs = [r.content for m in messages if type(m).__name__ == "ToolCallExecutionEvent" for r in m.content]
    check_transcript(outputs, str(messages[-1].content))
    assert [t["function"]["name"] for t in model.requests[0]["tools"]] == [f"browsy_{t.name}" for t in TOOLS]


def test_register_sides() -> None:
    llm_side = ConversableAgent(name="a", llm_config={"config_list": [{"model": "m", "api_key": "k"}]})
    exec_side = UserProxyAgent(name="u", human_input_mode="NEVER", code_execution_config=False)
    tools = BrowsyBrowser()
    tools.register(llm_side)
    tools.register(exec_side)
    assert len(llm_side.llm_config["tools"]) == len(TOOLS)
    assert set(exec_side.function_map) == {f"browsy_{t.name}" for t in TOOLS}
    assert not llm_side.function_map
