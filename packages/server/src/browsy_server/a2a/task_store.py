"""The A2A protocol's task store: each caller sees only its own tasks, credentials are never kept, and the
store is bounded by count, bytes and age.

Who owns a task:
- a caller that sends `X-Browsy-Session: KEY` (any secret string it chooses, as REST clients do) owns the
  tasks it creates under that key: `ListTasks` with the same key lists them, `GetTask` reads them;
- a task created without a key is reachable only through what its creator was told: its id (`GetTask`;
  ids are random UUIDs, 122 bits) and its context id (`ListTasks` filtered by `context_id`).
`ListTasks` with neither a key nor a context id returns nothing: nothing is known to be the caller's.

Before a task is stored, the values of credential-like keys (password, passcode, secret, token, otp, code,
credentials…) in its messages' data parts become "[redacted]": the task history keeps what was asked,
never the secret. (Free text cannot be redacted reliably: credentials belong in a data part.)
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from a2a.server.context import ServerCallContext
from a2a.server.tasks import TaskStore
from a2a.types.a2a_pb2 import ListTasksRequest, ListTasksResponse, Task
from google.protobuf import struct_pb2

OWNER_HEADER = "x-browsy-session"
REDACTED = "[redacted]"
SECRET_KEY = re.compile(r"pass|secret|token|otp|credential|api.?key|^code$|^pin$|cookie", re.IGNORECASE)


@dataclass(slots=True)
class _Entry:
    task: Task
    owner: str | None
    size: int
    stored_at: float


@dataclass(frozen=True, slots=True)
class TaskLimits:
    max_tasks: int = 1000
    max_bytes: int = 32 << 20
    max_age: float = 3600.0  # seconds a finished or abandoned task stays readable


def caller_key(context: ServerCallContext | None) -> str | None:
    headers = context.state.get("headers", {}) if context is not None else {}
    key = next((v for k, v in headers.items() if k.lower() == OWNER_HEADER), "")
    return key.strip() or None


def redact(task: Task) -> Task:
    """A copy of `task` whose messages' data parts hold no credential values."""
    clean = Task()
    clean.CopyFrom(task)
    messages = list(clean.history)
    if clean.status.HasField("message"):
        messages.append(clean.status.message)
    for message in messages:
        for part in message.parts:
            if part.HasField("data"):
                _redact_value(part.data)
    return clean


def _redact_value(value: struct_pb2.Value) -> None:
    kind = value.WhichOneof("kind")
    if kind == "struct_value":
        for key, item in value.struct_value.fields.items():
            if SECRET_KEY.search(key):
                item.string_value = REDACTED
            else:
                _redact_value(item)
    elif kind == "list_value":
        for item in value.list_value.values:
            _redact_value(item)


class ScopedTaskStore(TaskStore):
    def __init__(self, limits: TaskLimits | None = None, clock=time.monotonic) -> None:
        self.limits = limits or TaskLimits()
        self._clock = clock
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    @property
    def stored_bytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._entries)

    async def save(self, task: Task, context: ServerCallContext | None = None) -> None:
        clean = redact(task)
        size = clean.ByteSize()
        if size > self.limits.max_bytes:  # one huge task: keep its state, drop its history and artifacts
            del clean.history[:]
            del clean.artifacts[:]
            size = clean.ByteSize()
        with self._lock:
            old = self._entries.pop(task.id, None)
            owner = old.owner if old is not None else caller_key(context)
            if old is not None:
                self._bytes -= old.size
            self._entries[task.id] = _Entry(clean, owner, size, self._clock())
            self._bytes += size
            self._evict()

    async def get(self, task_id: str, context: ServerCallContext | None = None) -> Task | None:
        with self._lock:
            self._evict()
            entry = self._entries.get(task_id)
            if entry is None or (entry.owner is not None and entry.owner != caller_key(context)):
                return None
            found = Task()
            found.CopyFrom(entry.task)
            return found

    async def list(
        self, params: ListTasksRequest, context: ServerCallContext | None = None
    ) -> ListTasksResponse:
        key = caller_key(context)
        with self._lock:
            self._evict()
            if key is not None:
                mine = [e.task for e in self._entries.values() if e.owner == key]
            elif params.context_id:
                mine = [e.task for e in self._entries.values() if e.owner is None]
            else:
                mine = []
        if params.context_id:
            mine = [t for t in mine if t.context_id == params.context_id]
        if params.status:
            mine = [t for t in mine if t.status.state == params.status]
        mine.reverse()  # newest first
        size = params.page_size or 50
        start = int(params.page_token) if params.page_token.isdigit() else 0
        page = mine[start : start + size]
        response = ListTasksResponse(total_size=len(mine), page_size=len(page))
        if start + size < len(mine):
            response.next_page_token = str(start + size)
        for task in page:
            item = response.tasks.add()
            item.CopyFrom(task)
            if params.HasField("history_length"):
                keep = params.history_length
                del item.history[: max(0, len(item.history) - keep)]
            if not params.include_artifacts:
                del item.artifacts[:]
        return response

    async def delete(self, task_id: str, context: ServerCallContext | None = None) -> None:
        with self._lock:
            entry = self._entries.get(task_id)
            if entry is not None and (entry.owner is None or entry.owner == caller_key(context)):
                del self._entries[task_id]
                self._bytes -= entry.size

    def _evict(self) -> None:
        """Oldest first, while over the count or the bytes, and every task older than max_age."""
        limits = self.limits
        oldest_kept = self._clock() - limits.max_age
        while self._entries:
            task_id, entry = next(iter(self._entries.items()))
            if (
                len(self._entries) > limits.max_tasks
                or self._bytes > limits.max_bytes
                or entry.stored_at < oldest_kept
            ):
                del self._entries[task_id]
                self._bytes -= entry.size
            else:
                break
