"""`browsy serve --render …` as a subprocess, driven over REST against the fixture site's single-page app:
off by default, `--render auto` renders the application shell, and without the render extra (Playwright)
`render="always"` is a clear error that says how to install it. The rendering cases skip, with the
reason, where no Chromium is found."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
from collections.abc import Iterator

import httpx
import pytest
from browsy_engine.session import SessionConfig
from browsy_engine.session.render import find_chromium, unavailable_reason

MISSING = unavailable_reason(SessionConfig())
needs_chromium = pytest.mark.skipif(MISSING is not None, reason=f"rendering unavailable here: {MISSING}")
HEADER = "X-Browsy-Session"
# The server without the render extra: Playwright cannot be imported (as after `pip install browsy-ai`).
WITHOUT_PLAYWRIGHT = "import sys; sys.modules['playwright'] = None; "


@contextlib.contextmanager
def serve(fixture_host: str, *flags: str, prelude: str = "") -> Iterator[str]:
    code = f"{prelude}from browsy_server.cli import main; main()"
    argv = [sys.executable, "-c", code, "serve", "--port", "0", "--allowed-host", fixture_host, *flags]
    proc = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        assert line.startswith("browsy serving on http://127.0.0.1:"), line
        yield line.split()[3]
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)


def browse(base: str, url: str, **extra: str) -> httpx.Response:
    return httpx.post(f"{base}/api/browse", json={"url": url, **extra}, timeout=60)


def page_info(base: str, answer: httpx.Response) -> dict:
    return httpx.get(f"{base}/api/page-info", headers={HEADER: answer.headers[HEADER]}, timeout=30).json()


def test_rendering_is_off_unless_the_server_turns_it_on(fixture_site: str, fixture_host: str) -> None:
    with serve(fixture_host) as base:
        shell = browse(base, f"{fixture_site}/spa")
        assert shell.status_code == 200, shell.text
        assert "needs_js: " in shell.text.split("---")[0]  # the compact header says so
        info = page_info(base, shell)
        assert info["needs_js"] is True and info["rendered"] is False


@needs_chromium
def test_serve_render_auto_renders_the_application_shell(fixture_site: str, fixture_host: str) -> None:
    chromium = str(find_chromium(SessionConfig()))  # the machine's, named as a user would name theirs
    with serve(fixture_host, "--render", "auto", "--chromium-path", chromium) as base:
        app = browse(base, f"{fixture_site}/spa")
        assert app.status_code == 200, app.text
        assert '"Anemometer"' in app.text and '"Thermometer"' in app.text
        info = page_info(base, app)
        assert info["needs_js"] is True and info["rendered"] is True
        plain = browse(base, f"{fixture_site}/articles/1")  # not flagged: not rendered
        assert page_info(base, plain)["rendered"] is False


def test_without_the_render_extra_always_says_how_to_install_it(fixture_site: str, fixture_host: str) -> None:
    with serve(fixture_host, "--render", "auto", prelude=WITHOUT_PLAYWRIGHT) as base:
        refused = browse(base, f"{fixture_site}/spa", render="always")
        assert refused.status_code >= 400
        body = refused.json()
        assert body["code"] == "render_unavailable"
        assert "Playwright is not installed" in body["error"]
        assert "pip install 'browsy-ai[render]'" in body["error"]
        auto = browse(base, f"{fixture_site}/spa")  # auto carries on with the zero-render page
        assert auto.status_code == 200 and "needs_js: " in auto.text
        info = page_info(base, auto)
        assert info["rendered"] is False and any("not rendered" in note for note in info["notes"])
