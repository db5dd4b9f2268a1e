"""The `browsy` command: fetch | parse | serve | mcp | schemas | recipe. Errors: one line on stderr, non-zero exit."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .recipe_cli import add_recipe_parser, cmd_recipe
from .settings import DEFAULT_HOST, DEFAULT_PORT

if TYPE_CHECKING:
    from browsy_engine.tools.params import Scope


class CliError(Exception):
    """A user-facing failure: printed as `browsy: <message>`, exit code 1."""


def viewport(text: str) -> tuple[float, float]:
    width, sep, height = text.lower().partition("x")
    try:
        size = (float(width), float(height))
    except ValueError:
        size = (0.0, 0.0)
    if not sep or size[0] <= 0 or size[1] <= 0:
        raise argparse.ArgumentTypeError(f"invalid viewport {text!r}: use WIDTHxHEIGHT, e.g. 1920x1080")
    return size


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"invalid port {text!r}: use 0-65535 (0 picks a free port)")
    return port


def positive_number(text: str) -> float:
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if not number > 0 or number == float("inf"):
        raise argparse.ArgumentTypeError(f"invalid value {text!r}: give a number of seconds above 0, e.g. 30")
    return number


def count(minimum: int):
    def parse(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            number = minimum - 1
        if number < minimum:
            raise argparse.ArgumentTypeError(
                f"invalid value {text!r}: give a whole number of at least {minimum}"
            )
        return number

    return parse


def host_port(text: str) -> str:
    """A host or host:port (IPv6 in brackets), as --allowed-host takes it; not a URL."""
    value = text.strip()
    host, sep, port = value.rpartition(":") if not value.endswith("]") else (value, "", "")
    if not sep:
        host, port = value, ""
    name = host.strip("[]")
    valid_port = not port or (port.isdigit() and 0 < int(port) <= 65535)
    if not name or "/" in value or "@" in value or " " in value or not valid_port:
        raise argparse.ArgumentTypeError(
            f"invalid host {text!r}: give HOST or HOST:PORT (e.g. 127.0.0.1:8000 or intranet.local), not a URL"
        )
    return value


def proxy_url(text: str) -> str:
    from browsy_engine.session.proxy import check_proxy_url

    try:
        check_proxy_url(text.strip())
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return text.strip()


def header(text: str) -> tuple[str, str]:
    """`Name: value`, as curl's -H takes it."""
    from browsy_engine.session.config import check_header

    name, sep, value = text.partition(":")
    try:
        if not sep:
            raise ValueError(f"invalid header {text!r}: give NAME: VALUE, e.g. 'Accept-Language: de'")
        check_header(name.strip(), value.strip())
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    return name.strip(), value.strip()


def _add_output_flags(cmd: argparse.ArgumentParser) -> None:
    cmd.add_argument(
        "--json",
        dest="format",
        action="store_const",
        const="json",
        default="compact",
        help="output JSON instead of compact (same as --format json)",
    )
    cmd.add_argument(
        "--format", choices=["compact", "json"], default="compact", help="output format (default compact)"
    )
    cmd.add_argument(
        "--viewport",
        type=viewport,
        default=(1920.0, 1080.0),
        metavar="WxH",
        help="viewport size (default 1920x1080)",
    )
    cmd.add_argument(
        "--view",
        choices=["all", "actions", "content"],
        default="all",
        help="all elements (default), only actions (what can be clicked or filled, with the "
        "headings around them), or content (headings and text)",
    )


def _add_network_flags(cmd: argparse.ArgumentParser) -> None:
    cmd.add_argument(
        "--allow-private-network", action="store_true", help="allow fetching private/LAN addresses"
    )
    cmd.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="HOST[:PORT]",
        type=host_port,
        help="one private host[:port] that may be fetched (repeatable)",
    )
    cmd.add_argument(
        "--timeout",
        type=positive_number,
        default=30.0,
        help="seconds allowed per page load: the document and its stylesheets (default 30)",
    )
    cmd.add_argument(
        "--max-response-bytes",
        type=count(1),
        default=5 * 1024 * 1024,
        metavar="BYTES",
        help="largest page accepted, after decompression (default 5 MiB)",
    )
    cmd.add_argument("--user-agent", default=None, help="the User-Agent header sent (default: Chrome's)")
    cmd.add_argument(
        "--proxy",
        type=proxy_url,
        default=None,
        metavar="URL",
        help="send requests through this http(s) proxy (default: $HTTPS_PROXY/$HTTP_PROXY; "
        "$NO_PROXY and loopback go direct); targets are still checked",
    )
    cmd.add_argument(
        "--header",
        type=header,
        action="append",
        default=[],
        metavar="'NAME: VALUE'",
        help="a header sent with every request (repeatable)",
    )
    cmd.add_argument(
        "--render",
        choices=["never", "auto", "always"],
        default="never",
        help="run pages' JavaScript in headless Chromium: 'auto' for pages flagged needs_js, "
        "'always', or 'never' (default); needs the render extra and a Chromium",
    )
    cmd.add_argument(
        "--load-frames",
        choices=["none", "same-site", "all"],
        default="same-site",
        help="which iframes' documents to fetch: same-site (the page's host; default), all, none",
    )
    cmd.add_argument(
        "--chromium-path",
        default=None,
        metavar="PATH",
        help="the Chromium to render with (default: $BROWSY_CHROMIUM, else chromium on the PATH)",
    )


def network_config(args: argparse.Namespace, **fields: object):
    """The SessionConfig the network flags describe (plus any other fields)."""
    from browsy_engine.session import SessionConfig

    chosen: dict[str, object] = {
        "allow_private_network": args.allow_private_network,
        "allowed_hosts": list(args.allowed_host),
        "timeout_secs": args.timeout,
        "max_response_bytes": args.max_response_bytes,
    }
    chosen.update(optional_network_fields(args))
    return SessionConfig(**chosen, **fields)  # type: ignore[arg-type]


def optional_network_fields(args: argparse.Namespace) -> dict[str, object]:
    """SessionConfig fields of the network flags that were given and have no value of their own."""
    fields: dict[str, object] = {}
    if args.user_agent:
        fields["user_agent"] = args.user_agent
    if args.proxy:
        fields["proxy"] = args.proxy
    if args.header:
        fields["extra_headers"] = dict(args.header)
    if args.render != "never":
        fields["render"] = args.render
    if args.chromium_path:
        fields["chromium_path"] = args.chromium_path
    if args.load_frames != "same-site":
        fields["load_frames"] = args.load_frames
    return fields


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="browsy", description="browsy: a zero-render browser engine for AI agents."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    fetch = commands.add_parser("fetch", help="fetch a URL and print its Spatial DOM")
    fetch.add_argument("url")
    _add_output_flags(fetch)
    fetch.add_argument("--no-css", action="store_true", help="do not fetch external stylesheets")
    fetch.add_argument("--visible-only", action="store_true", help="only non-hidden elements")
    fetch.add_argument("--above-fold", action="store_true", help="only elements above the viewport fold")
    _add_network_flags(fetch)

    parse = commands.add_parser("parse", help="parse a local HTML file (or - for stdin); no network")
    parse.add_argument("file", help="HTML file, or - to read standard input")
    _add_output_flags(parse)
    parse.add_argument("--url", default=None, help="the page's URL, to resolve relative links")

    serve = commands.add_parser("serve", help="run the REST API + A2A server")
    serve.add_argument("--host", default=DEFAULT_HOST, help=f"address to bind (default {DEFAULT_HOST})")
    serve.add_argument(
        "--port", type=port_number, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})"
    )
    _add_network_flags(serve)
    serve.add_argument("--max-sessions", type=count(1), default=100, help="concurrent sessions (default 100)")
    serve.add_argument(
        "--session-ttl", type=positive_number, default=1800.0, help="idle seconds before a session expires"
    )
    serve.add_argument(
        "--workers",
        type=count(1),
        default=1,
        help="server processes sharing the port (default 1); more than 1 needs --session-store redis://…",
    )
    serve.add_argument(
        "--session-store",
        default="memory",
        metavar="memory|redis://HOST:PORT/DB",
        help="where sessions live: this process's memory (default) or Redis, shared by every worker and "
        "server (any request of a session may then land on any of them)",
    )
    serve.add_argument(
        "--parse-threads",
        type=count(1),
        default=None,
        help="threads that parse pages off the event loop when --parse-processes is 0 "
        "(default: CPU count + 4)",
    )
    serve.add_argument(
        "--parse-processes",
        type=count(0),
        default=min(os.cpu_count() or 1, 4),
        metavar="N",
        help="worker processes that parse pages, so that reads never wait behind a parse "
        "(default: the CPU count, at most 4; 0: parse in threads of the server's process)",
    )
    serve.add_argument("--viewport", type=viewport, default=(1920.0, 1080.0), metavar="WxH")
    serve.add_argument(
        "--max-history",
        type=count(0),
        default=20,
        help="pages each session keeps for back (default 20); each costs memory",
    )
    serve.add_argument(
        "--max-loads",
        type=count(1),
        default=16,
        help="page loads (fetch + parse) at once; more requests wait their turn (default 16)",
    )
    serve.add_argument(
        "--token",
        default=None,
        help="bearer token every request must send (default: $BROWSY_TOKEN; required when --host "
        "is not loopback)",
    )
    serve.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="an origin (e.g. http://localhost:5173) whose web pages may call this server; "
        "repeatable; '*' allows every web page (unsafe)",
    )
    serve.add_argument(
        "--new-sessions-per-minute",
        type=count(1),
        default=60,
        metavar="N",
        help="sessions one client address may open a minute; more get 429 (default 60)",
    )
    serve.add_argument(
        "--max-body",
        type=count(1),
        default=1 << 20,
        metavar="BYTES",
        help="largest request body accepted on any route (default 1048576)",
    )
    serve.add_argument(
        "--server-name",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name clients use to reach this server, besides the bind address (repeatable)",
    )

    mcp = commands.add_parser("mcp", help="run the MCP server on stdio (server name browsy-mcp)")
    _add_network_flags(mcp)
    mcp.add_argument(
        "--max-sessions",
        type=count(1),
        default=20,
        help="named sessions open at once (tools take an optional session name; default 20)",
    )
    mcp.add_argument(
        "--session-ttl",
        type=positive_number,
        default=1800.0,
        help="idle seconds before a named session is closed (default 1800)",
    )
    for cmd in (serve, mcp):
        cmd.add_argument(
            "--max-chars",
            type=count(0),
            default=40_000,
            metavar="N",
            help="most characters of compact page output in one tool answer; the rest comes in "
            "parts with a cursor (default 40000, about 10k tokens; 0: no limit)",
        )

    add_recipe_parser(commands, _add_network_flags)

    schemas = commands.add_parser("schemas", help="write schemas/openapi.json and schemas/tools.json")
    schemas.add_argument(
        "--dir", type=Path, default=Path("schemas"), help="output directory (default ./schemas)"
    )
    schemas.add_argument(
        "--check", action="store_true", help="only check they are up to date (exit 1 if stale)"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args) or 0
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # never a traceback for a user; BROWSY_DEBUG=1 shows it
        if os.environ.get("BROWSY_DEBUG"):
            raise
        kind = "" if _is_user_error(err) else f"internal error: {type(err).__name__}: "
        print(f"browsy: {kind}{err}", file=sys.stderr)
        return 1


def _is_user_error(err: Exception) -> bool:
    """Errors whose message is meant for the user. Session errors can only occur once sessions are loaded,
    so `parse` never pays for importing the network stack."""
    if isinstance(err, CliError | OSError | ValueError):
        return True
    errors = sys.modules.get("browsy_engine.session.errors")
    return errors is not None and isinstance(err, errors.BrowsyError)


def _print(text: str) -> None:
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def cmd_fetch(args: argparse.Namespace) -> int:
    from browsy_engine.session import AsyncSession
    from browsy_engine.tools.views import render_page

    config = network_config(
        args, viewport_width=args.viewport[0], viewport_height=args.viewport[1], fetch_css=not args.no_css
    )

    async def run() -> str:
        async with AsyncSession(config) as session:
            dom = await session.goto(args.url)
        return render_page(
            dom, args.format, _scope(args.visible_only, args.above_fold), view=args.view
        ).content

    import asyncio  # here: `browsy parse` never needs it (a sixth of its start-up)

    _print(asyncio.run(run()))
    return 0


def _scope(visible_only: bool, above_fold: bool) -> Scope:
    if visible_only and above_fold:
        return "visible_above_fold"
    return "visible" if visible_only else "above_fold" if above_fold else "all"


def cmd_parse(args: argparse.Namespace) -> int:
    from browsy_engine import parse
    from browsy_engine.tools.views import render_page

    if args.file == "-":
        html = sys.stdin.buffer.read()
    else:
        try:
            html = Path(args.file).read_bytes()
        except OSError as err:
            raise CliError(f"cannot read {args.file}: {err.strerror or err}") from None
    dom = parse(html, args.viewport[0], args.viewport[1], url=args.url)
    _print(render_page(dom, args.format, view=args.view).content)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .guard import is_loopback
    from .server import run_server
    from .settings import ServerSettings

    token = args.token or os.environ.get("BROWSY_TOKEN") or None
    if token is None and not is_loopback(args.host):
        raise CliError(
            f"--host {args.host} makes the server reachable from other machines: set a bearer token with "
            "--token or BROWSY_TOKEN (e.g. BROWSY_TOKEN=$(python3 -c 'import secrets; print(secrets.token_urlsafe())'))."
        )
    if "*" in args.cors_origin:
        print(
            "browsy: warning: --cors-origin '*' lets every web page you open call this server and read "
            "its answers",
            file=sys.stderr,
        )
    try:
        settings = ServerSettings(
            host=args.host,
            port=args.port,
            max_sessions=args.max_sessions,
            session_ttl=args.session_ttl,
            allow_private_network=args.allow_private_network,
            allowed_hosts=args.allowed_host,
            viewport=args.viewport,
            parse_threads=args.parse_threads,
            workers=args.workers,
            session_store=args.session_store,
            parse_processes=args.parse_processes,
            timeout_secs=args.timeout,
            max_loads=args.max_loads,
            max_history=args.max_history,
            token=token,
            cors_origins=args.cors_origin,
            server_names=args.server_name,
            max_body=args.max_body,
            new_sessions_per_minute=args.new_sessions_per_minute,
            session_overrides={
                "max_response_bytes": args.max_response_bytes,
                "max_output_chars": args.max_chars,
                **optional_network_fields(args),
            },
        )
    except ValueError as err:
        raise CliError(str(err)) from None
    if settings.session_store != "memory":
        check_session_store(settings.session_store)
    run_server(settings)
    return 0


def check_session_store(url: str) -> None:
    """Fail at start-up, with one clear line, when the Redis session store cannot be reached."""
    import redis

    from .redis_sessions import describe

    try:
        redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5).ping()
    except (redis.RedisError, OSError, ValueError) as err:
        raise CliError(f"--session-store {describe(url)}: cannot reach Redis ({err})") from None


def cmd_mcp(args: argparse.Namespace) -> int:
    from .mcp_server import run_stdio

    run_stdio(network_config(args, max_output_chars=args.max_chars), args.max_sessions, args.session_ttl)
    return 0


def cmd_schemas(args: argparse.Namespace) -> int:
    from .schemas import stale_schemas, write_schemas

    if args.check:
        stale = stale_schemas(args.dir)
        if stale:
            names = ", ".join(str(p) for p in stale)
            raise CliError(f"schemas out of date: {names}. Run `browsy schemas` and commit the result.")
        print(f"schemas up to date in {args.dir}")
        return 0
    for path in write_schemas(args.dir):
        print(f"wrote {path}")
    return 0


COMMANDS = {
    "fetch": cmd_fetch,
    "parse": cmd_parse,
    "serve": cmd_serve,
    "mcp": cmd_mcp,
    "schemas": cmd_schemas,
    "recipe": cmd_recipe,
}
