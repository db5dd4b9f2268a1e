"""`browsy mcp` driven by the official MCP client over stdio: listing, calling, errors that keep it alive."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import anyio
import pytest
from browsy_engine.tools import TOOLS
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

BROWSY = str(Path(sys.executable).with_name("browsy"))


async def _with_client(args: list[str], body) -> None:  # noqa: ANN001 - async callback taking the session
    params = StdioServerParameters(command=BROWSY, args=["mcp", *args])
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        await body(session, init)


def run(args: list[str], body) -> None:  # noqa: ANN001
    anyio.run(_with_client, args, body)


def test_lists_the_registry_tools_as_browsy_mcp() -> None:
    async def body(session: ClientSession, init) -> None:  # noqa: ANN001
        assert init.server_info.name == "browsy-mcp"
        listed = (await session.list_tools()).tools
        assert [t.name for t in listed] == [t.name for t in TOOLS] + ["list_sessions", "close_session"]
        by_name = {t.name: t for t in listed}
        for tool in TOOLS:
            schema = dict(by_name[tool.name].input_schema)
            assert schema["properties"].pop("session")["type"] == "string"  # every tool takes a session name
            assert schema == tool.input_schema()
            assert by_name[tool.name].description == tool.description

    run([], body)


def test_errors_are_tool_errors_and_the_server_lives_on() -> None:
    async def body(session: ClientSession, init) -> None:  # noqa: ANN001
        no_page = await session.call_tool("get_page", {})
        assert no_page.is_error and "No page loaded" in no_page.content[0].text
        bad = await session.call_tool("click", {"id": "three"})
        assert bad.is_error and "Invalid parameters for click" in bad.content[0].text
        blocked = await session.call_tool("browse", {"url": "http://127.0.0.1:9/"})
        assert blocked.is_error and "Blocked URL" in blocked.content[0].text
        unknown = await session.call_tool("teleport", {})
        assert unknown.is_error
        again = await session.call_tool("page_info", {})
        assert again.is_error and "No page loaded" in again.content[0].text

    run([], body)


@pytest.mark.usefixtures("fixture_site")
def test_one_persistent_session_across_calls(fixture_site: str) -> None:
    async def body(session: ClientSession, init) -> None:  # noqa: ANN001
        page = await session.call_tool("browse", {"url": f"{fixture_site}/login"})
        assert not page.is_error, page.content[0].text
        assert page.content[0].text.startswith("title: ")
        info = await session.call_tool("page_info", {})
        assert not info.is_error
        assert '"page_type": "Login"' in info.content[0].text
        assert info.structured_content["page_type"] == "Login"

    run(["--allow-private-network"], body)


def test_named_sessions_are_independent(fixture_site: str) -> None:
    async def sign_in(session: ClientSession, name: str, email: str, password: str) -> str:
        async def call(tool: str, arguments: dict) -> str:
            result = await session.call_tool(tool, {**arguments, "session": name})
            assert not result.is_error, result.content[0].text
            return result.content[0].text

        await call("browse", {"url": f"{fixture_site}/login"})
        await call("login", {"username": email, "password": password})
        mail = await call("browse", {"url": f"{fixture_site}/email"})
        code = re.search(r"verification code is (\d{6})", mail)
        assert code is not None, mail
        await call("browse", {"url": f"{fixture_site}/2fa"})
        await call("enter_code", {"code": code.group(1)})
        return await call("get_page", {})

    async def body(session: ClientSession, init) -> None:  # noqa: ANN001
        first = await sign_in(session, "alice", "agent@example.com", "correct-horse-battery")
        second = await sign_in(session, "bob", "second@example.com", "staple-battery-horse")
        assert "Signed in as agent@example.com" in first and "second@example.com" not in first
        assert "Signed in as second@example.com" in second
        listed = await session.call_tool("list_sessions", {})
        assert [s["name"] for s in json.loads(listed.content[0].text)] == ["alice", "bob"]
        default = await session.call_tool("get_page", {})
        assert default.is_error and "No page loaded" in default.content[0].text  # "default" is a third one
        closed = await session.call_tool("close_session", {"session": "alice"})
        assert not closed.is_error
        gone = await session.call_tool("get_page", {"session": "alice"})
        assert gone.is_error  # a new, empty "alice"
        bad = await session.call_tool("get_page", {"session": "../etc"})
        assert bad.is_error and "Invalid session name" in bad.content[0].text

    run(["--allow-private-network"], body)


def test_budget_cursor_with_expand_and_delta_after_a_click(fixture_site: str) -> None:
    """Through MCP: max_chars (and the server's --max-chars) cuts between elements, a cursor keeps an opened
    fold open, and a click that does not load a page answers with what changed, not the whole page."""

    def ids(text: str) -> list[int]:
        return [int(m.group(1)) for m in re.finditer(r"^\[[!+]*(\d+):", text, re.M)]

    async def body(session: ClientSession, init) -> None:  # noqa: ANN001
        async def call(tool: str, arguments: dict) -> str:
            result = await session.call_tool(tool, arguments)
            assert not result.is_error, result.content[0].text
            return result.content[0].text

        page = await call("browse", {"url": f"{fixture_site}/shop", "max_chars": 300})
        assert len(page) <= 300 and "\nmore: " in page
        default = await call("get_page", {})  # the server's budget: browsy mcp --max-chars 900
        assert 600 < len(default) <= 900 and "\nmore: " in default
        whole = await call("get_page", {"max_chars": 10_000_000})
        nav = int(next(line for line in whole.split("\n") if "(get_page expand=" in line)[1:].split(":")[0])
        opened = await call("get_page", {"expand": nav, "max_chars": 10_000_000})
        part = await call("get_page", {"expand": nav, "max_chars": 400})
        seen = ids(part)
        while "\nmore: " in part:
            cursor = part.rsplit('cursor="', 1)[1].split('"', 1)[0]
            part = await call("get_page", {"cursor": cursor, "max_chars": 400})
            seen += ids(part)
        assert seen == ids(opened) and '"Category 20"' in opened

        listing = await call("browse", {"url": f"{fixture_site}/behaviors", "format": "json"})
        menu = next(el for el in json.loads(listing)["els"] if el.get("text") == "Menu")
        clicked = await call("click", {"id": menu["id"]})
        lines = clicked.split("\n")
        assert lines[1] == "changed:" and all(line.startswith("[+") for line in lines[2:])
        assert '"Second article"' in clicked and not any(line.startswith("title: ") for line in lines)

    run(["--allow-private-network", "--max-chars", "900"], body)
