"""SessionConfig: every knob of a browsing session, with the seed's defaults."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

CHROME_USER_AGENT = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Safari/537.36"
)

# Substrings of URLs that are never fetched (analytics, ads, trackers). Matched case-insensitively.
DEFAULT_BLOCKED_PATTERNS: tuple[str, ...] = (
    "google-analytics.com",
    "googletagmanager.com",
    "googlesyndication.com",
    "doubleclick.net",
    "googleadservices.com",
    "adservice.google.",
    "facebook.com/tr",
    "connect.facebook.net",
    "analytics.twitter.com",
    "ads-twitter.com",
    "bat.bing.com",
    "hotjar.com",
    "segment.io",
    "segment.com/analytics",
    "cdn.segment.com",
    "mixpanel.com",
    "amplitude.com",
    "fullstory.com",
    "quantserve.com",
    "scorecardresearch.com",
    "adnxs.com",
    "taboola.com",
    "outbrain.com",
    "criteo.com",
    "newrelic.com",
    "nr-data.net",
    "clarity.ms",
    "/pixel.gif",
    "/beacon",
)

DEFAULT_SEARCH_ENDPOINTS: dict[str, str] = {
    "duckduckgo": "https://html.duckduckgo.com/html/",
    "google": "https://www.google.com/search",
}


RENDER_MODES = ("never", "auto", "always")
FRAME_MODES = ("none", "same-site", "all")

# The command-line flag that sets each SessionConfig field, for error messages a CLI user can act on.
FLAGS: dict[str, str] = {
    "timeout_secs": "--timeout",
    "max_response_bytes": "--max-response-bytes",
    "allow_private_network": "--allow-private-network",
    "allowed_hosts": "--allowed-host",
    "user_agent": "--user-agent",
    "max_history": "--max-history",
    "proxy": "--proxy",
    "extra_headers": "--header",
    "render": "--render",
    "chromium_path": "--chromium-path",
    "max_output_chars": "--max-chars",
    "load_frames": "--load-frames",
}


def knob(name: str) -> str:
    """How a user changes SessionConfig field `name`: "--timeout / SessionConfig.timeout_secs"."""
    flag = FLAGS.get(name)
    return f"{flag} / SessionConfig.{name}" if flag else f"SessionConfig.{name}"


@dataclass(slots=True)
class SessionConfig:
    """Configuration of a Session / AsyncSession (the seed's SessionConfig table, plus a few additions).

    `allowed_hosts` lists `host` or `host:port` entries that are exempt from the private-network rule
    (e.g. `["127.0.0.1:8000", "localhost:3000"]` for your own dev server); every other private address
    stays blocked while `allow_private_network` is False.
    """

    viewport_width: float = 1920.0
    viewport_height: float = 1080.0
    user_agent: str = CHROME_USER_AGENT
    timeout_secs: float = 30.0
    fetch_css: bool = True
    blocked_patterns: list[str] = field(default_factory=lambda: list(DEFAULT_BLOCKED_PATTERNS))
    max_response_bytes: int = 5 * 1024 * 1024
    max_css_bytes_total: int = 2 * 1024 * 1024
    max_css_bytes_per_file: int = 512 * 1024
    max_redirects: int = 10
    allow_private_network: bool = False
    allow_non_http: bool = False
    # Additions beyond the seed's table:
    allowed_hosts: list[str] = field(default_factory=list)
    connect_timeout_secs: float = 10.0
    max_history: int = 20
    # History entries older than this many pages keep only URL + form state (a parsed page costs MBs);
    # going back to one loads it again.
    history_pages_kept: int = 3
    # A PEM file of extra certificate authorities to trust besides the public ones (a company proxy, a
    # dev server with its own CA).
    ca_bundle: str | None = None
    search_endpoints: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_SEARCH_ENDPOINTS))
    # An http:// or https:// proxy for every request (loopback excepted); see session/proxy.py.
    proxy: str | None = None
    # Honour HTTP_PROXY / HTTPS_PROXY / ALL_PROXY / NO_PROXY from the environment, as curl does.
    use_env_proxy: bool = True
    # Headers sent with every request besides the browser's own (same name: these win).
    extra_headers: dict[str, str] = field(default_factory=dict)
    # Run the page's scripts in headless Chromium (session/render.py): "never", "auto" (pages flagged
    # needs_js) or "always". Needs the `render` extra and a Chromium on the machine.
    render: str = "never"
    chromium_path: str | None = None  # the Chromium to render with (else $BROWSY_CHROMIUM, else the PATH)
    # Most characters of compact page output in one tool answer (0: no limit); the rest comes in parts with
    # a cursor (output/paging.py). About 10k tokens: what MCP clients take in one tool result.
    max_output_chars: int = 40_000
    # Which iframes' documents a page load fetches (spatial/frames.py): "none", "same-site" (the page's host;
    # default) or "all". srcdoc frames are always read; every fetch passes the same guard and limits.
    load_frames: str = "same-site"

    def __post_init__(self) -> None:
        if self.viewport_width <= 0 or self.viewport_height <= 0:
            raise ValueError("SessionConfig: viewport_width and viewport_height must be positive")
        if self.timeout_secs <= 0:
            raise ValueError("SessionConfig: timeout_secs must be positive")
        if self.max_redirects < 0:
            raise ValueError("SessionConfig: max_redirects must be 0 or more")
        for name in ("max_response_bytes", "max_css_bytes_total", "max_css_bytes_per_file"):
            if getattr(self, name) <= 0:
                raise ValueError(f"SessionConfig: {name} must be positive")
        if self.max_output_chars < 0:
            raise ValueError("SessionConfig: max_output_chars must be 0 (no limit) or more")
        if self.max_history < 0:
            raise ValueError("SessionConfig: max_history must be 0 or more")
        if self.proxy:
            from .proxy import check_proxy_url

            check_proxy_url(self.proxy)
        for name, value in self.extra_headers.items():
            check_header(name, value)
        if self.load_frames not in FRAME_MODES:
            raise ValueError(
                f"SessionConfig: load_frames must be one of {', '.join(FRAME_MODES)}, not {self.load_frames!r}"
            )
        if self.render not in RENDER_MODES:
            raise ValueError(
                f"SessionConfig: render must be one of {', '.join(RENDER_MODES)}, not {self.render!r}"
            )


# Headers that frame the request or name its target: set by the HTTP client, never by the user.
RESERVED_HEADERS = frozenset({"host", "content-length", "transfer-encoding", "connection", "upgrade", "te"})
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")


def check_header(name: str, value: str) -> None:
    """Raise ValueError unless `name: value` is a header a user may add to every request."""
    if not _TOKEN.fullmatch(name):
        raise ValueError(f"invalid header name {name!r}: letters, digits and !#$%&'*+.^_`|~- only")
    if name.lower() in RESERVED_HEADERS:
        raise ValueError(f"the {name} header is set by browsy itself and cannot be given")
    if any(ch in value for ch in "\r\n\0"):
        raise ValueError(f"invalid value for header {name}: no line breaks or NUL characters")
