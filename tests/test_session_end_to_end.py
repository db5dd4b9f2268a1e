"""End to end across packages: the standalone fixture site (as the SDK helpers start it) browsed by a
blocking Session, read the way an agent reads it (compact output)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from browsy_engine.session import BlockedUrl, Session, SessionConfig

from tests.fixture_site.auth import PASSWORD, USERNAME

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def standalone_site():
    """`python tests/fixture_site/serve.py --port 0`, as a separate process."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "fixture_site" / "serve.py"), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    line = proc.stdout.readline()
    try:
        assert line.startswith("fixture site on http://127.0.0.1:"), line
        yield line.removeprefix("fixture site on ").strip()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_agent_style_flow_against_the_standalone_site(standalone_site):
    host = standalone_site.split("://", 1)[1]
    with Session(SessionConfig(allowed_hosts=[host])) as s:
        login = s.goto(standalone_site + "/login")
        compact = login.to_compact(header=True)
        assert "Sign in" in compact and "password" in compact
        s.login(USERNAME, PASSWORD)
        s.goto(standalone_site + "/email")
        code = s.find_verification_code()
        s.back()
        dashboard = s.enter_code(code)
        text = dashboard.to_compact(header=True)
        assert "Ada Lovelace" in text and "Dashboard" in text
        with pytest.raises(BlockedUrl):
            s.goto(standalone_site + "/redirect/offsite/metadata")
        assert s.url() == standalone_site + "/dashboard"


def test_two_agents_sign_in_at_once_with_their_own_codes(standalone_site):
    host = standalone_site.split("://", 1)[1]
    sessions = [Session(SessionConfig(allowed_hosts=[host])) for _ in range(2)]
    try:
        for s in sessions:
            s.goto(standalone_site + "/login")
            s.login(USERNAME, PASSWORD)
        codes = []
        for s in sessions:
            s.goto(standalone_site + "/email")
            codes.append(s.find_verification_code())
            s.back()
        for s, code in zip(sessions, codes):
            s.enter_code(code)
            assert s.url() == standalone_site + "/dashboard"
    finally:
        for s in sessions:
            s.close()
