"""The `browsy` command as a subprocess: output, exit codes, stdin, one-line errors without tracebacks."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from browsy_server.schemas import stale_schemas

BROWSY = Path(sys.executable).with_name("browsy")
PAGE = (
    "<html><head><title>Hello page</title></head><body><h1>Hello</h1><a href='/about'>About</a></body></html>"
)


def browsy(*args: str, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BROWSY), *args], input=stdin, capture_output=True, text=True, timeout=timeout)


def test_console_script_is_installed() -> None:
    assert BROWSY.is_file()


def test_parse_stdin_compact_has_header_and_elements() -> None:
    done = browsy("parse", "-", "--url", "https://example.com/", stdin=PAGE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("title: Hello page\n")
    assert "url: https://example.com/" in done.stdout
    assert "---" in done.stdout


def test_parse_file_json(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(PAGE)
    done = browsy("parse", str(page), "--json", "--viewport", "375x812")
    assert done.returncode == 0, done.stderr
    dom = json.loads(done.stdout)
    assert dom["title"] == "Hello page"
    assert dom["vp"] == [375.0, 812.0]


@pytest.mark.parametrize(
    ("args", "needle", "code"),
    [
        (("parse", "/no/such/file.html"), "cannot read /no/such/file.html", 1),
        (("parse", "-", "--viewport", "wide"), "invalid viewport 'wide'", 2),
        (("fetch", "not a url"), "Invalid URL", 1),
        (("fetch", "http://127.0.0.1:9/"), "Blocked URL", 1),
        (("frobnicate",), "invalid choice", 2),
    ],
)
def test_errors_are_one_line_on_stderr_without_traceback(
    args: tuple[str, ...], needle: str, code: int
) -> None:
    done = browsy(*args, stdin="")
    assert done.returncode == code
    assert needle in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def test_fetch_from_local_site_with_private_network_allowed(fixture_site: str) -> None:
    done = browsy("fetch", f"{fixture_site}/login", "--allow-private-network", "--visible-only", "--no-css")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("title: ")
    assert f"url: {fixture_site}/login" in done.stdout


def test_schemas_check_reports_stale_files(tmp_path: Path) -> None:
    stale = browsy("schemas", "--check", "--dir", str(tmp_path))
    assert stale.returncode == 1
    assert "schemas out of date" in stale.stderr
    written = browsy("schemas", "--dir", str(tmp_path))
    assert written.returncode == 0, written.stderr
    assert json.loads((tmp_path / "tools.json").read_text())["tools"][0]["name"] == "browse"
    assert stale_schemas(tmp_path) == []  # what the command wrote is what the code generates


def test_serve_on_a_taken_port_is_one_clear_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        done = browsy("serve", "--port", str(taken.getsockname()[1]))
    assert done.returncode == 1
    assert "cannot listen on 127.0.0.1:" in done.stderr and "Traceback" not in done.stderr


def test_serve_answers_health_and_stops_on_sigterm() -> None:
    proc = subprocess.Popen([str(BROWSY), "serve", "--port", "0"], stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stderr.readline()
        assert line.startswith("browsy serving on http://127.0.0.1:")
        base = line.split()[3]
        assert httpx.get(f"{base}/health", timeout=10).json() == {"status": "ok"}
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
    assert proc.returncode in (0, -signal.SIGTERM)  # uvicorn re-raises the signal after a graceful shutdown
    assert "Traceback" not in proc.stderr.read()


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["serve", "--timeout", "0"], "--timeout"),
        (["serve", "--timeout", "-1"], "--timeout"),
        (["serve", "--max-history", "-1"], "--max-history"),
        (["serve", "--allowed-host", "http://x:80/"], "not a URL"),
        (["serve", "--max-sessions", "0"], "--max-sessions"),
        (["fetch", "--timeout", "nan", "http://example.com/"], "--timeout"),
        (["mcp", "--max-response-bytes", "0"], "--max-response-bytes"),
        (["fetch", "--proxy", "socks5://p:1080", "http://example.com/"], "http:// or https://"),
        (["serve", "--header", "NoColon"], "NAME: VALUE"),
        (["mcp", "--header", "Host: evil"], "set by browsy itself"),
    ],
)
def test_every_flag_is_validated_with_a_clear_message(args: list[str], needle: str) -> None:
    result = browsy(*args, timeout=30)
    assert result.returncode == 2 and needle in result.stderr and "Traceback" not in result.stderr


def test_an_overlong_host_label_is_a_clear_error() -> None:
    result = browsy("fetch", "http://" + "a" * 64 + ".com/", timeout=30)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "63" in result.stderr and result.stderr.startswith("browsy: Invalid URL")


def test_cli_arguments_fuzzed_never_give_a_traceback() -> None:
    """Random arguments to every command, parsed in-process (no network, no server started)."""
    from browsy_server import cli
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    flags = [
        "--timeout",
        "--max-history",
        "--allowed-host",
        "--viewport",
        "--max-sessions",
        "--port",
        "--max-body",
        "--max-response-bytes",
        "--cors-origin",
        "--session-ttl",
        "--format",
        "--workers",
        "--session-store",
        "--parse-threads",
        "--proxy",
        "--header",
    ]
    values = st.one_of(
        st.sampled_from(["0", "-1", "nan", "inf", "1e999", "x", "", "http://a:1/", "80x", "::1"]),
        st.text(max_size=12),
    )

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(
        command=st.sampled_from(["fetch", "parse", "serve", "mcp", "schemas", "recipe"]),
        pairs=st.lists(st.tuples(st.sampled_from(flags), values), max_size=3),
    )
    def check(command: str, pairs: list[tuple[str, str]]) -> None:
        argv = [command] + [part for flag, value in pairs for part in (flag, value)]
        try:
            cli.build_parser().parse_args(argv)
        except SystemExit as exit_:
            assert exit_.code == 2  # argparse's clear usage error, never a crash

    check()


def test_parse_loads_neither_sessions_nor_the_http_client(tmp_path: Path) -> None:
    """`browsy parse` needs the engine and the views alone: the tool package's names are imported on first
    use, so the sessions, httpx, pydantic and asyncio stay unloaded (they were two thirds of its start-up)."""
    page = tmp_path / "page.html"
    page.write_text("<title>T</title><a href=/x>go somewhere</a>")
    code = (
        "import sys\n"
        "from browsy_server.cli import main\n"
        f"main(['parse', {str(page)!r}])\n"
        "print(sorted(m for m in ('asyncio', 'httpx', 'pydantic', 'browsy_engine.session') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "go somewhere" in out.stdout, out.stdout + out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stdout + out.stderr


def test_tool_package_names_resolve_on_first_use() -> None:
    import browsy_engine.tools as tools
    from browsy_engine.tools.registry import TOOLS

    assert sorted(tools.__all__) == sorted(tools._MODULE_OF)
    assert all(getattr(tools, name) is not None for name in tools.__all__)
    assert tools.TOOLS is TOOLS
    with pytest.raises(AttributeError):
        _ = tools.no_such_name
