"""Task records of the seed's A2A surface: each task's id, status, steps, and result or error.

Records are kept in memory for `GET /a2a/tasks/{id}` (the last `limit` tasks), as the seed's polling stub.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Literal

Status = Literal["working", "completed", "failed"]


@dataclass(slots=True)
class TaskRecord:
    id: str
    status: Status = "working"
    steps: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "status": self.status,
            "steps": [{"description": s} for s in self.steps],
        }
        if self.result is not None:
            out["result"] = self.result
        if self.error is not None:
            out["error"] = self.error
        return out


class TaskLog:
    def __init__(self, limit: int = 1000) -> None:
        self._limit = limit
        self._records: OrderedDict[str, TaskRecord] = OrderedDict()

    def new(self) -> TaskRecord:
        record = TaskRecord(id=f"task_{secrets.token_urlsafe(16)}")  # 128 random bits: unguessable
        self._records[record.id] = record
        while len(self._records) > self._limit:
            self._records.popitem(last=False)
        return record

    def get(self, task_id: str) -> TaskRecord | None:
        return self._records.get(task_id)
