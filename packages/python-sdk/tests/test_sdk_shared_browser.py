"""One Browser passed to several adapters: they share its cookies, history and form state (seed: "Shared
Browser instance")."""

from __future__ import annotations

import json

import pytest
from browsy import Browser
from browsy.openai import get_tool_definitions, handle_tool_call
from sdk_support import CODE, PASSWORD, USERNAME, expected_orders

pytest.importorskip("langchain_core")

from browsy.langchain import get_tools  # noqa: E402


def test_adapters_share_one_session(browser: Browser, fixture_site: str) -> None:
    langchain_tools = {tool.name: tool for tool in get_tools(browser=browser)}
    get_tool_definitions(browser=browser)  # binds the same browser for handle_tool_call

    langchain_tools["browsy_browse"].invoke({"url": f"{fixture_site}/login"})
    handle_tool_call(
        "browsy_login", {"username": USERNAME, "password": PASSWORD}
    )  # cookie set in the browser
    email = langchain_tools["browsy_browse"].invoke({"url": f"{fixture_site}/email"})  # needs that cookie
    code = CODE.search(email).group(1)
    assert handle_tool_call("browsy_back", {}).startswith("title: Verify your sign-in")  # shared history
    info = json.loads(handle_tool_call("browsy_page_info", {}))
    enter_code = next(a for a in info["suggested_actions"] if a["action"] == "EnterCode")
    langchain_tools["browsy_type_text"].invoke(
        {"id": enter_code["input_id"], "text": code}
    )  # shared form state…
    submitted = handle_tool_call(
        "browsy_click", {"id": enter_code["submit_id"]}
    )  # …submitted by the other adapter
    assert submitted.splitlines()[0] == "title: Dashboard"
    assert json.loads(langchain_tools["browsy_tables"].invoke({}))[0] == expected_orders()
    assert browser.dom().page_type() == "Dashboard"
