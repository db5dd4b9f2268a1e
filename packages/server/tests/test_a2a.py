"""A2A: the seed's SSE task surface read raw, and the real protocol through the official a2a-sdk client."""

from __future__ import annotations

import asyncio
import json
import uuid

import httpx
import pytest
from a2a.client import ClientConfig, create_client
from a2a.helpers.proto_helpers import get_data_parts, new_data_part, new_text_part
from a2a.types import Message, Role, SendMessageRequest, TaskState
from browsy_server.a2a.intents import Intent, TaskRequest, detect_intent

from tests.fixture_site.auth import PASSWORD, USERNAME


def sse_events(base_url: str, body: dict) -> list[dict]:
    """POST a task and read the event stream line by line, as any SSE client would."""
    events = []
    with httpx.stream("POST", f"{base_url}/a2a/tasks", json=body, timeout=60) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        for line in response.iter_lines():
            if line.startswith("data: "):
                events.append(json.loads(line.removeprefix("data: ")))
    return events


@pytest.mark.parametrize(
    ("goal", "params", "intent"),
    [
        ("Search for Rust web frameworks", {}, Intent.SEARCH),
        ("Browse the page", {"search_query": "rust"}, Intent.SEARCH),
        ("Open the page", {"credentials": {"username": "u", "password": "p"}}, Intent.LOGIN),
        ("Sign in to the app", {}, Intent.LOGIN),
        ("Get the data", {"extract": "tables"}, Intent.EXTRACT_TABLES),
        ("Read it", {"extract": "links"}, Intent.EXTRACT),
        ("Extract the pricing table", {}, Intent.EXTRACT_TABLES),
        ("Scrape the article", {}, Intent.EXTRACT),
        ("Fill out the contact form", {}, Intent.FILL_FORM),
        ("Browse the Hacker News front page", {}, Intent.BROWSE),
        ("Search for login pages", {"extract": "text"}, Intent.EXTRACT),
    ],
)
def test_intent_detection_params_first(goal: str, params: dict, intent: Intent) -> None:
    assert detect_intent(TaskRequest.model_validate({"goal": goal, "params": params})) is intent


def test_seed_agent_card(server_url: str) -> None:
    card = httpx.get(f"{server_url}/.well-known/agent.json").json()
    assert card["name"] == "browsy" and card["url"] == server_url
    assert card["capabilities"] == {"streaming": True, "pushNotifications": False}
    assert card["skills"][0]["id"] == "web-browse"


def test_browse_task_streams_working_then_completed(server_url: str, fixture_site: str) -> None:
    events = sse_events(server_url, {"goal": "Browse the list", "params": {"url": f"{fixture_site}/list"}})
    assert [e["status"] for e in events[:-1]] == ["working"] * (len(events) - 1)
    final = events[-1]
    assert final["status"] == "completed"
    assert final["steps"][0] == {"description": f"Navigating to {fixture_site}/list"}
    assert final["result"]["elements"] > 0 and final["result"]["title"]
    polled = httpx.get(f"{server_url}/a2a/tasks/{final['id']}").json()
    assert polled == final


def test_login_task_never_echoes_the_password(server_url: str, fixture_site: str) -> None:
    body = {
        "goal": "Login to the application",
        "params": {
            "url": f"{fixture_site}/login",
            "credentials": {"username": USERNAME, "password": PASSWORD},
        },
    }
    events = sse_events(server_url, body)
    final = events[-1]
    assert final["status"] == "completed", final
    assert {"description": "Login page detected, submitting credentials"} in final["steps"]
    assert final["result"]["page_type"] == "TwoFactorAuth"
    assert PASSWORD not in json.dumps(events)


def test_tables_and_form_tasks(server_url: str, fixture_site: str) -> None:
    tables = sse_events(
        server_url,
        {"goal": "Get it", "params": {"url": f"{fixture_site}/echo?fruit=apple", "extract": "tables"}},
    )
    assert ["fruit", "apple"] in tables[-1]["result"]["tables"][0]["rows"]
    goal = "Fill out the form with name Grace and email grace@example.com, then submit it"
    form = sse_events(server_url, {"goal": goal, "params": {"url": f"{fixture_site}/forms/post"}})[-1]
    assert form["status"] == "completed", form
    assert form["result"]["submitted"] is True
    assert form["result"]["url"].startswith(f"{fixture_site}/echo")


def test_extract_tasks_take_max_chars_and_cut_between_elements(server_url: str, fixture_site: str) -> None:
    def extract(what: str, **budget: int) -> dict:
        params = {"url": f"{fixture_site}/shop", "extract": what, **budget}
        final = sse_events(server_url, {"goal": "Read it", "params": params})[-1]
        assert final["status"] == "completed", final
        return final["result"]

    whole = extract("text")
    assert "more" not in whole and "A fine product number 8." in whole["content"]
    cut = extract("text", max_chars=200)
    assert len(cut["content"]) <= 200 and cut["more"]["elements"] > 0
    lines = whole["content"].split("\n")
    assert cut["content"].split("\n") == lines[: len(cut["content"].split("\n"))]  # whole texts only
    assert cut["more"]["elements"] == len(lines) - len(cut["content"].split("\n"))
    links = extract("links", max_chars=300)
    assert links["content"] == extract("links")["content"][: len(links["content"])] and links["more"]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ({"goal": "Browse", "params": {}}, "No URL to open"),
        ({"goal": "Browse", "params": {"url": "http://127.0.0.1:9/"}}, "Network error"),
        ({"goal": "Sign in", "params": {"url": "FIXTURE/list"}}, "No login form found"),
        (
            {"goal": "Fill the form with favourite-colour blue", "params": {"url": "FIXTURE/forms/post"}},
            "Element not found",
        ),
    ],
)
def test_failed_tasks_end_with_one_failed_event(
    server_url: str, fixture_site: str, body: dict, needle: str
) -> None:
    if "url" in body["params"]:
        body["params"]["url"] = body["params"]["url"].replace("FIXTURE", fixture_site)
    events = sse_events(server_url, body)
    assert events[-1]["status"] == "failed"
    assert needle in events[-1]["error"]
    assert all(e["status"] == "working" for e in events[:-1])


def test_invalid_task_is_400(server_url: str) -> None:
    response = httpx.post(f"{server_url}/a2a/tasks", json={"params": {}})
    assert response.status_code == 400
    assert "goal" in response.json()["error"]
    assert httpx.get(f"{server_url}/a2a/tasks/task_nope").status_code == 404


async def _protocol_events(base_url: str, text: str, params: dict) -> list:
    client = await create_client(base_url, ClientConfig(streaming=True))
    message = Message(
        role=Role.ROLE_USER,
        message_id=str(uuid.uuid4()),
        parts=[new_text_part(text), new_data_part(params)],
    )
    try:
        return [event async for event in client.send_message(SendMessageRequest(message=message))]
    finally:
        await client.close()


def test_a2a_sdk_client_delegates_a_task(server_url: str, fixture_site: str) -> None:
    params = {"url": f"{fixture_site}/echo?fruit=apple", "extract": "tables"}
    events = asyncio.run(_protocol_events(server_url, "Extract the table", params))
    artifacts = [e.artifact_update.artifact for e in events if e.HasField("artifact_update")]
    result = get_data_parts(artifacts[0].parts)[0]
    assert ["fruit", "apple"] in result["tables"][0]["rows"]
    states = [e.status_update.status.state for e in events if e.HasField("status_update")]
    assert TaskState.TASK_STATE_WORKING in states
    assert states[-1] == TaskState.TASK_STATE_COMPLETED


def test_a2a_sdk_client_sees_a_failure(server_url: str) -> None:
    events = asyncio.run(_protocol_events(server_url, "Browse it", {"url": "http://127.0.0.1:9/"}))
    final = [e.status_update.status for e in events if e.HasField("status_update")][-1]
    assert final.state == TaskState.TASK_STATE_FAILED
    assert "Network error" in final.message.parts[0].text


def test_a2a_sdk_client_without_streaming_gets_the_finished_task(server_url: str, fixture_site: str) -> None:
    async def send() -> list:
        client = await create_client(server_url, ClientConfig(streaming=False))
        message = Message(
            role=Role.ROLE_USER,
            message_id=str(uuid.uuid4()),
            parts=[new_text_part("Browse"), new_data_part({"url": f"{fixture_site}/list"})],
        )
        try:
            return [event async for event in client.send_message(SendMessageRequest(message=message))]
        finally:
            await client.close()

    (event,) = asyncio.run(send())
    assert event.task.status.state == TaskState.TASK_STATE_COMPLETED
    result = get_data_parts(event.task.artifacts[0].parts)[0]
    assert result["page_type"] and result["elements"] > 0


def test_tasks_beyond_capacity_are_503(start_server, fixture_site: str) -> None:  # noqa: ANN001
    url = start_server(max_sessions=1, allow_private_network=True)
    slow = {"goal": "Browse", "params": {"url": f"{fixture_site}/slow?delay=2"}}
    with httpx.stream("POST", f"{url}/a2a/tasks", json=slow, timeout=60) as running:
        lines = running.iter_lines()
        assert '"status":"working"' in next(lines)  # the task has started and holds its session
        refused = httpx.post(f"{url}/a2a/tasks", json=slow)
        assert refused.status_code == 503, refused.text
        assert "capacity" in refused.json()["error"]
        assert '"status":"completed"' in [line for line in lines if line][-1]


async def _send_and_read_back(base_url: str, owner: str | None, params: dict) -> dict:
    """Send one task with the official client (as `owner`, via X-Browsy-Session, or anonymously), then
    read what the server lets this caller and a stranger see of it."""
    from a2a.types import GetTaskRequest, ListTasksRequest

    headers = {"X-Browsy-Session": owner} if owner else {}
    async with (
        httpx.AsyncClient(headers=headers, timeout=60) as http,
        httpx.AsyncClient(timeout=60) as stranger_http,
    ):
        client = await create_client(base_url, ClientConfig(streaming=False, httpx_client=http))
        stranger = await create_client(base_url, ClientConfig(streaming=False, httpx_client=stranger_http))
        message = Message(
            role=Role.ROLE_USER,
            message_id=str(uuid.uuid4()),
            parts=[new_text_part("Log in"), new_data_part(params)],
        )
        (event,) = [e async for e in client.send_message(SendMessageRequest(message=message))]
        task = event.task
        out = {
            "task": task,
            "own_get": await client.get_task(GetTaskRequest(id=task.id)),
            "own_list": await client.list_tasks(ListTasksRequest()),
            "context_list": await stranger.list_tasks(ListTasksRequest(context_id=task.context_id)),
            "stranger_list": await stranger.list_tasks(ListTasksRequest()),
        }
        try:
            out["stranger_get"] = await stranger.get_task(GetTaskRequest(id=task.id))
        except Exception as err:  # the SDK raises the server's JSON-RPC error
            out["stranger_get"] = err
        return out


def test_a2a_tasks_are_scoped_to_their_caller_and_never_keep_credentials(
    start_server, fixture_site: str
) -> None:  # noqa: ANN001
    url = start_server(allow_private_network=True)
    params = {"url": f"{fixture_site}/login", "credentials": {"username": USERNAME, "password": PASSWORD}}
    alice = asyncio.run(_send_and_read_back(url, "alice-key", params))
    task = alice["task"]
    assert uuid.UUID(task.id).version == 4  # random ids
    assert alice["own_get"].id == task.id
    assert [t.id for t in alice["own_list"].tasks] == [task.id]
    assert not alice["stranger_list"].tasks  # ListTasks without a key: nothing is the caller's
    assert not alice["context_list"].tasks  # a keyed task is not reachable by its context alone
    assert not isinstance(alice["stranger_get"], type(task))  # another caller cannot read it by id
    stored = alice["own_get"]
    assert PASSWORD not in str(stored) and "[redacted]" in str(stored)
    assert "/login" in str(stored)  # only credential values go: the request stays readable

    anonymous = asyncio.run(_send_and_read_back(url, None, params))
    assert [t.id for t in anonymous["context_list"].tasks] == [
        anonymous["task"].id
    ]  # its context id reaches it
    assert not anonymous["stranger_list"].tasks and not anonymous["own_list"].tasks
    assert PASSWORD not in str(anonymous["own_get"])


def test_a2a_task_store_is_bounded_by_count_bytes_and_age() -> None:
    from a2a.types.a2a_pb2 import ListTasksRequest, Task
    from browsy_server.a2a.task_store import ScopedTaskStore, TaskLimits

    now = [0.0]
    store = ScopedTaskStore(TaskLimits(max_tasks=5, max_bytes=50_000, max_age=60), clock=lambda: now[0])

    def task(i: int, text_size: int = 10) -> Task:
        t = Task(id=f"t{i}", context_id="c")
        t.history.add().parts.add().text = "x" * text_size
        return t

    async def run() -> None:
        for i in range(20):
            await store.save(task(i))
        assert len(store) == 5 and await store.get("t19") is not None and await store.get("t0") is None
        for i in range(20, 30):
            await store.save(task(i, 20_000))
        assert store.stored_bytes <= 50_000 and len(store) == 2
        await store.save(task(99, 10_000_000))  # one task over the whole budget keeps its state only
        kept = await store.get("t99")
        assert kept is not None and not kept.history and store.stored_bytes <= 50_000
        now[0] = 61.0
        assert await store.get("t99") is None and len(store) == 0
        assert not (await store.list(ListTasksRequest(context_id="c"))).tasks

    asyncio.run(run())


async def _task_in_session(
    base_url: str, owner: str | None, text: str, params: dict, context_id: str = ""
) -> dict:
    """One task with the official client; returns its result data (or the failure text)."""
    headers = {"X-Browsy-Session": owner} if owner else {}
    async with httpx.AsyncClient(headers=headers, timeout=60) as http:
        client = await create_client(base_url, ClientConfig(streaming=False, httpx_client=http))
        message = Message(
            role=Role.ROLE_USER,
            message_id=str(uuid.uuid4()),
            context_id=context_id,
            parts=[new_text_part(text), new_data_part(params)],
        )
        (event,) = [e async for e in client.send_message(SendMessageRequest(message=message))]
        task = event.task
        if task.status.state != TaskState.TASK_STATE_COMPLETED:
            return {"failed": task.status.message.parts[0].text, "context_id": task.context_id}
        return {**get_data_parts(task.artifacts[0].parts)[0], "context_id": task.context_id}


def test_a2a_named_sessions_keep_their_state_and_belong_to_their_caller(
    start_server, fixture_site: str
) -> None:  # noqa: ANN001
    url = start_server(allow_private_network=True)
    login = {
        "url": f"{fixture_site}/login",
        "credentials": {"username": USERNAME, "password": PASSWORD},
        "session": "work",
    }
    second_step = {"url": f"{fixture_site}/2fa", "session": "work"}

    async def flow() -> dict:
        out = {"login": await _task_in_session(url, "alice-key", "Log in", login)}
        out["same"] = await _task_in_session(
            url, "alice-key", "Browse", second_step
        )  # the pending sign-in is there
        out["fresh"] = await _task_in_session(url, "alice-key", "Browse", {"url": f"{fixture_site}/2fa"})
        out["stranger"] = await _task_in_session(
            url, "mallory-key", "Browse", second_step
        )  # same name, other caller
        # without a key, the A2A context owns the name: a follow-up in the same context finds the session
        first = await _task_in_session(url, None, "Log in", login)
        out["context"] = await _task_in_session(url, None, "Browse", second_step, first["context_id"])
        out["other_context"] = await _task_in_session(url, None, "Browse", second_step)
        return out

    out = asyncio.run(flow())
    assert "failed" not in out["login"], out["login"]
    assert out["same"]["url"].endswith("/2fa") and out["same"]["page_type"] == "TwoFactorAuth"
    assert out["fresh"]["url"].endswith("/login")  # no session named: a fresh one, redirected to sign in
    assert out["stranger"]["url"].endswith("/login")  # "work" of another caller is another session
    assert out["context"]["url"].endswith("/2fa") and out["other_context"]["url"].endswith("/login")
    no_key = httpx.post(f"{url}/a2a/tasks", json={"goal": "Browse", "params": second_step})
    assert no_key.status_code == 400 and "X-Browsy-Session" in no_key.json()["error"]


def test_the_card_and_the_endpoint_also_serve_a2a_0_3_clients(server_url: str, fixture_site: str) -> None:
    from a2a.client import ClientFactory
    from a2a.client.card_resolver import parse_agent_card

    card = httpx.get(f"{server_url}/.well-known/agent-card.json").json()
    assert card["url"].endswith("/a2a/jsonrpc") and card["preferredTransport"] == "JSONRPC"
    assert card["protocolVersion"] == "0.3.0"
    # what a 0.3 client reads of it (no supportedInterfaces): the SDK's own 0.3 JSON-RPC transport
    legacy = parse_agent_card({k: v for k, v in card.items() if k != "supportedInterfaces"})
    assert [i.protocol_version for i in legacy.supported_interfaces] == ["0.3.0"]

    async def send() -> list:
        async with httpx.AsyncClient(timeout=60) as http:
            client = ClientFactory(ClientConfig(streaming=False, httpx_client=http)).create(legacy)
            message = Message(
                role=Role.ROLE_USER,
                message_id=str(uuid.uuid4()),
                parts=[new_text_part("Browse"), new_data_part({"url": f"{fixture_site}/list"})],
            )
            try:
                return [e async for e in client.send_message(SendMessageRequest(message=message))]
            finally:
                await client.close()

    (event,) = asyncio.run(send())
    assert event.task.status.state == TaskState.TASK_STATE_COMPLETED
    assert get_data_parts(event.task.artifacts[0].parts)[0]["elements"] > 0
