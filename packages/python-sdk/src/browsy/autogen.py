"""AutoGen: the seed's `BrowsyBrowser` for AG2's `ConversableAgent`, and `get_tools()` for AutoGen AgentChat.

    from browsy.autogen import BrowsyBrowser
    browser = BrowsyBrowser()
    browser.register(assistant)    # an agent with an llm_config: the model gets the 14 tool schemas
    browser.register(user_proxy)   # an agent without one: it executes the calls

    from browsy.autogen import get_tools       # AgentChat: AssistantAgent(..., tools=get_tools())

Schemas are the registry's (never restated here). Without a `browser`, this module's lazily created
Browser is shared by every tool. The AG2 side needs `ag2` (module `autogen`, the 0.2-style API), the
AgentChat side `autogen-agentchat`; each is imported only when used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .toolkit import SharedBrowser, ToolSpec, arun_tool, missing_framework, run_tool, tool_specs

if TYPE_CHECKING:
    from .browser import Browser

_shared = SharedBrowser()


class BrowsyBrowser:
    """The browsy tools for AG2 agents, all on one Browser (cookies, history and forms shared)."""

    def __init__(self, browser: Browser | None = None) -> None:
        self.browser = _shared.get(browser)

    def tools(self) -> list[Any]:
        """One `autogen.tools.Tool` per registry tool, with the registry's JSON Schema."""
        try:
            from autogen.tools import Tool
        except ImportError as error:
            raise missing_framework("autogen", "autogen", error) from None
        return [
            Tool(
                name=spec.name,
                description=spec.description,
                func_or_tool=self._function(spec),
                parameters_json_schema=spec.json_schema(),
            )
            for spec in tool_specs()
        ]

    def _function(self, spec: ToolSpec) -> Any:
        browser = self.browser

        def call(**arguments: Any) -> str:
            return run_tool(browser, spec.name, arguments)

        call.__name__ = spec.name
        call.__doc__ = spec.description
        return call

    def register(self, agent: Any, *, llm: bool | None = None, execution: bool | None = None) -> None:
        """Register the tools on `agent`: for its model when it has an llm_config, for execution when it
        has none (the seed's assistant / user-proxy pair). `llm=` and `execution=` override the choice."""
        has_llm = bool(getattr(agent, "llm_config", None))
        for tool in self.tools():
            if has_llm if llm is None else llm:
                tool.register_for_llm(agent)
            if (not has_llm) if execution is None else execution:
                tool.register_for_execution(agent)


def get_tools(browser: Browser | None = None) -> list[Any]:
    """The 14 tools for AutoGen AgentChat (`autogen_core.tools.BaseTool`, async, registry schemas)."""
    try:
        from autogen_core.tools import BaseTool
    except ImportError as error:
        raise missing_framework("autogen", "autogen", error) from None
    from pydantic import BaseModel

    target = _shared.get(browser)

    # autogen_core types ReturnT as a BaseModel but documents and accepts plain str results.
    class BrowsyAgentChatTool(BaseTool[BaseModel, str]):  # type: ignore[type-var]
        def __init__(self, spec: ToolSpec) -> None:
            super().__init__(spec.params, str, spec.name, spec.description)
            self._spec = spec

        async def run(self, args: BaseModel, cancellation_token: Any) -> str:
            return await arun_tool(target, self._spec.name, args.model_dump(exclude_none=True))

    return [BrowsyAgentChatTool(spec) for spec in tool_specs()]


__all__ = ["BrowsyBrowser", "get_tools"]
