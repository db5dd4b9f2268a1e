"""Session snapshots (session/snapshot.py): a session stopped mid-flow as JSON and carried on by a fresh
session, as a shared store does between server processes. Parsing again must give the same page, ids and
form state, and the flow must go on (login on one, 2FA on the other)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from browsy_engine.output.compact import to_compact_string as to_compact
from browsy_engine.session import AsyncSession, SessionConfig
from browsy_engine.session.snapshot import SnapshotError, fingerprint, restore, snapshot

USERNAME, PASSWORD = "agent@example.com", "correct-horse-battery"


def moved(data: dict[str, Any]) -> dict[str, Any]:
    """Through JSON, as a store keeps it."""
    return json.loads(json.dumps(data))


def test_a_flow_moves_between_sessions_mid_way(fixture_site: str, fixture_host: str) -> None:
    config = SessionConfig(allowed_hosts=[fixture_host])

    async def main() -> None:
        async with AsyncSession(config) as first:
            await first.goto(fixture_site + "/login")
            two_factor = await first.login(USERNAME, PASSWORD)
            inbox = next(el for el in two_factor.els if el.tag == "a" and "inbox" in (el.text or "").lower())
            await first.click(inbox.id)
            code = first.find_verification_code()
            assert code
            data = moved(snapshot(first))
            shown = to_compact(first.dom())
        async with AsyncSession(config) as second:
            await restore(second, data)
            assert to_compact(second.dom()) == shown  # the same page, the same ids
            assert moved(snapshot(second)) == data  # stable: a restored session snapshots the same
            assert second.delta() is not None  # the previous page came along
            back = await second.back()  # parsed again from the stored source
            assert back.page_type == "TwoFactorAuth"
            dashboard = await second.enter_code(code)
            assert "Signed in as agent@example.com" in to_compact(dashboard)

    asyncio.run(main())


def test_form_state_and_toggles_survive(fixture_site: str, fixture_host: str) -> None:
    config = SessionConfig(allowed_hosts=[fixture_host])

    async def main() -> None:
        async with AsyncSession(config) as first:
            dom = await first.goto(fixture_site + "/forms/post")
            name = next(el for el in dom.els if el.name == "name")
            terms = next(el for el in dom.els if el.name == "terms")
            before = fingerprint(first)
            first.find_by_role("textbox")  # reading changes nothing
            assert fingerprint(first) == before
            await first.type_text(name.id, "Grace")
            assert fingerprint(first) != before
            await first.check(terms.id)
            data = moved(snapshot(first))
            shown = to_compact(first.dom())
        async with AsyncSession(config) as second:
            await restore(second, data)
            assert to_compact(second.dom()) == shown
            assert json.dumps(snapshot(second)) == json.dumps(data)
            restored = second.element(name.id)
            assert restored is not None and restored.val == "Grace"
            assert "Grace" not in json.dumps(data["cookies"])

    asyncio.run(main())


def test_a_snapshot_of_another_format_is_refused() -> None:
    async def main() -> None:
        async with AsyncSession() as session:
            with pytest.raises(SnapshotError):
                await restore(session, {"version": 999})
            with pytest.raises(SnapshotError):
                await restore(session, {"version": 1, "viewport": [1920, 1080]})

    asyncio.run(main())
