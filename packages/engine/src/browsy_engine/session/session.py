"""AsyncSession: stateful browsing over the network — the engine every surface (server, SDKs) drives.

One session = one cookie jar, one current page with its form state, and a history. Every method that
touches the page or the network is a coroutine; reading methods (`dom`, `element`, `find_*`, …) are
plain methods on the current page. Navigation-type calls are serialised by a lock, so two concurrent
`click`s on one session never interleave. CPU-bound parsing runs in a worker thread
(`asyncio.to_thread`), never on the event loop.

`last_outcome` says, in one sentence, what the last action did ("Followed link to …", "Skipped a
mailto: link …", "Toggled elements 12, 13: now visible"); surfaces show it next to the page.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from ..model import SpatialDom, SpatialElement
from ..output.delta import DeltaDom, diff
from .config import SessionConfig
from .errors import ActionError, NoPage
from .fetch import Fetcher
from .finders import (
    InputPurpose,
    find_by_role,
    find_by_text,
    find_by_text_fuzzy,
    find_input_by_purpose,
    find_nearest_button,
)
from .form_state import FormState, overlay
from .interact import Interactor, Outcome
from .loader import PageLoader
from .page import Page, PageRef
from .search import SearchEngine, Searcher, SearchPage, SearchResult
from .state import read_state
from .transport import Resolver


class AsyncSession:
    """Stateful async browsing: `await s.goto(url)`, `await s.click(id)`, `await s.type_text(id, text)`, …

    Build with `AsyncSession(SessionConfig(...))` (or no argument for the seed's defaults); close with
    `await s.close()` or use `async with AsyncSession() as s:`. Errors are the classes of
    `browsy_engine.session.errors` (all subclasses of `BrowsyError`).
    """

    def __init__(
        self,
        config: SessionConfig | None = None,
        *,
        resolver: Resolver | None = None,
        network_backend: Any = None,
    ) -> None:
        """`resolver` (async (host, port) -> list of IP strings) and `network_backend` (an httpcore
        AsyncNetworkBackend used for the actual connects) are for tests and embedding; leave them None."""
        self.config = config or SessionConfig()
        self._fetcher = Fetcher(self.config, resolver=resolver, network_backend=network_backend)
        self._loader = PageLoader(self.config, self._fetcher)
        self._interactor = Interactor(self)
        self._searcher = Searcher(self.config, self._fetcher, self._loader)
        self._page: Page | None = None
        self._history: list[Page | PageRef] = []
        self._previous_dom: SpatialDom | None = None
        self._lock = asyncio.Lock()
        self.last_outcome: Outcome | None = None

    # ---- lifecycle -------------------------------------------------------------------------------
    async def close(self) -> None:
        """Close the network client (idempotent). The session can no longer fetch afterwards."""
        await self._fetcher.close()

    async def __aenter__(self) -> AsyncSession:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def cookies(self) -> dict[str, str]:
        """The session's cookies as name → value (all domains; for inspection)."""
        return self._fetcher.cookie_dict()

    # ---- portable state ----------------------------------------------------------------------------
    def export_state(self) -> dict[str, Any]:
        """Cookies (Playwright's storage-state format), the current URL and history: see session/state.py.
        The result holds credentials: keep it private."""
        history = [entry.dom.url if isinstance(entry, Page) else entry.url for entry in self._history]
        return {
            "cookies": self._fetcher.state_cookies(),
            "origins": [],
            "browsy": {"url": self._page.dom.url if self._page is not None else None, "history": history},
        }

    async def import_state(self, state: dict[str, Any], load: bool = True) -> SpatialDom | None:
        """Restore a state (from export_state, or Playwright's `storage_state()`): its cookies join the jar,
        its history becomes this session's, and with `load` its URL is opened (returned). Raises ActionError
        for a document that is not a state, and the goto errors when loading fails."""
        cookies, url, history = read_state(state)
        async with self._lock:
            self._fetcher.add_cookies(cookies)
            self._history = [PageRef(u, "", FormState(), -1) for u in history[-self.config.max_history :]]
        if url is None or not load:
            return None
        page = await self._loader.load(url)
        async with self._lock:
            self._previous_dom = self._page.dom if self._page is not None else None
            self._page = page
            self.last_outcome = Outcome("navigate", f"Restored the session at {page.dom.url}")
        return page.dom

    # ---- navigation ------------------------------------------------------------------------------
    async def goto(self, url: str, render: str | None = None) -> SpatialDom:
        """Fetch `url`, follow redirects (each hop re-checked), fetch external CSS, parse, and make it the
        current page (the previous one goes to history). Returns the Spatial DOM.

        `render`: "never", "auto" (render pages flagged needs_js in headless Chromium) or "always";
        default `SessionConfig.render`. Raises InvalidUrl, BlockedUrl, Network, HttpError (non-2xx),
        ResponseTooLarge, RenderUnavailable (render="always" without the render extra or a Chromium)."""
        async with self._lock:
            page = await self._loader.load(url, render=render)
            self._navigate_to(page)
            self.last_outcome = Outcome("navigate", f"Loaded {page.dom.url}")
            return page.dom

    async def back(self) -> SpatialDom:
        """Return to the previous page in history, restoring its DOM and form state. Recent pages come
        back from memory; older ones (beyond `history_pages_kept`) are loaded again with their form
        state re-applied. Raises ActionError if there is no previous page."""
        async with self._lock:
            if not self._history:
                raise ActionError("There is no previous page to go back to; use goto(url) to open a page.")
            entry = self._history[-1]
            note = ""
            if isinstance(entry, PageRef) and entry.source is not None:
                previous = await self._loader.page_from_source(
                    entry.source, entry.url, load_frames_again=True
                )
                previous.form = entry.form
            elif isinstance(entry, PageRef):
                previous = await self._loader.load(entry.url)  # on failure the history stays as it was
                doc = previous.dom.document
                if doc is not None and len(doc.nodes) == entry.node_count:
                    previous.form = entry.form
                elif not entry.form.is_empty():
                    note = " (the page changed since, so its form values were not restored)"
            else:
                previous = entry
            self._history.pop()
            if self._page is not None:
                self._previous_dom = self._page.dom
            self._page = previous
            self.last_outcome = Outcome("navigate", f"Went back to {previous.dom.url}{note}")
            return overlay(previous.dom, previous.form)

    async def reload(self) -> SpatialDom:
        """Fetch the current page's URL again (GET) and put the result in its place: history does not grow
        and the form state starts afresh, as a browser's reload. Raises ActionError before the first goto."""
        async with self._lock:
            current = self._current()
            page = await self._loader.load(current.dom.url)
            self._previous_dom = current.dom
            self._page = page
            self.last_outcome = Outcome("navigate", f"Reloaded {page.dom.url}")
            return page.dom

    async def load_html(self, html: str | bytes, url: str = "about:blank") -> SpatialDom:
        """Make a page from HTML you already have (nothing is fetched, not even stylesheets); it becomes
        the current page, so clicks on its links and forms work relative to `url`."""
        async with self._lock:
            page = await self._loader.page_from_html(html, url)
            self._navigate_to(page)
            self.last_outcome = Outcome("navigate", f"Loaded the given HTML as {url}")
            return page.dom

    def url(self) -> str | None:
        """The current page's URL (after redirects), or None before the first goto."""
        return self._page.dom.url if self._page else None

    # ---- interaction -----------------------------------------------------------------------------
    async def click(self, element_id: int) -> SpatialDom:
        """Click an element: links navigate (javascript:, mailto:, tel: and same-page # links are not
        followed; `last_outcome` says so), submit buttons / `input[type=submit|image]` submit their form,
        checkboxes/radios toggle, labels activate their control, and detected JS behaviours are simulated
        (location assignments navigate; toggle/show/hide change `hidden` of their targets).
        Returns the resulting page (with form state overlaid). Raises ActionError for unknown ids."""
        async with self._lock:
            return await self._interactor.click(element_id)

    async def submit(self, element_id: int) -> SpatialDom:
        """Enter-style (implicit) submission of the form owning `element_id` (an input, or the form
        itself): its default submit button is the submitter when there is one."""
        async with self._lock:
            return await self._interactor.submit(element_id)

    async def type_text(self, element_id: int, text: str) -> None:
        """Set the value of an input (text-like types) or textarea. The value is kept in the session,
        shown by `dom()` and sent when the form is submitted. Raises ActionError for other elements."""
        self._interactor.type_text(element_id, text)

    async def check(self, element_id: int) -> None:
        """Check a checkbox or radio (a radio unchecks the rest of its group). ActionError otherwise."""
        self._interactor.set_checked(element_id, True)

    async def uncheck(self, element_id: int) -> None:
        """Uncheck a checkbox or radio. ActionError for any other element."""
        self._interactor.set_checked(element_id, False)

    async def toggle(self, element_id: int) -> None:
        """Flip a checkbox/radio from its current effective state (session overrides, else HTML default)."""
        self._interactor.toggle(element_id)

    async def select(self, element_id: int, value: str | Sequence[str]) -> None:
        """Select an option of a <select> by its value (falling back to its visible text). For a
        `multiple` select a string adds that option to the selection and a list sets the selection.
        Raises ActionError if the element is not a select or has no such option."""
        self._interactor.select(element_id, value)

    # ---- reading page state ----------------------------------------------------------------------
    def dom(self) -> SpatialDom | None:
        """The current Spatial DOM with the session's form state (typed values, checks, selections)
        overlaid; None before the first goto."""
        return overlay(self._page.dom, self._page.form) if self._page else None

    def dom_ref(self) -> SpatialDom | None:
        """The current Spatial DOM as parsed, without the form state overlay."""
        return self._page.dom if self._page else None

    def previous_dom(self) -> SpatialDom | None:
        """The page this session showed before the current one (None before the second page)."""
        return self._previous_dom

    def delta(self) -> DeltaDom | None:
        """What changed between the previous page and the current one (None until two pages were seen)."""
        if self._page is None or self._previous_dom is None:
            return None
        return diff(self._previous_dom, self._page.dom)

    def element(self, element_id: int) -> SpatialElement | None:
        """The element with this id on the current page (form state overlaid), or None."""
        dom = self.dom()
        return dom.get(element_id) if dom else None

    def find_by_text(self, text: str) -> list[SpatialElement]:
        """Elements whose text contains `text` (case-sensitive)."""
        return find_by_text(self.dom(), text)

    def find_by_text_fuzzy(self, text: str) -> list[SpatialElement]:
        """Elements whose text contains `text`, ignoring case and extra whitespace."""
        return find_by_text_fuzzy(self.dom(), text)

    def find_by_role(self, role: str) -> list[SpatialElement]:
        """Elements with this role (e.g. "link", "button", "heading", "textbox")."""
        return find_by_role(self.dom(), role)

    def find_input_by_purpose(self, purpose: InputPurpose | str) -> SpatialElement | None:
        """The first input serving `purpose`: password, email, username, code (verification code),
        search or phone. Matches on type, name, label and placeholder."""
        return find_input_by_purpose(self.dom(), purpose)

    def find_nearest_button(self, input_id: int) -> SpatialElement | None:
        """The submit-like button nearest to an input (below preferred; Manhattan distance, Y × 2)."""
        return find_nearest_button(self.dom(), input_id)

    # ---- compound actions ------------------------------------------------------------------------
    async def login(self, username: str, password: str) -> SpatialDom:
        """Fill the detected Login form (suggested action) and submit it; returns the resulting page.
        Raises ActionError if the current page has no Login action. Credentials are never logged."""
        async with self._lock:
            return await self._interactor.login(username, password)

    async def enter_code(self, code: str) -> SpatialDom:
        """Type a verification code into the detected EnterCode input and submit; returns the result.
        Raises ActionError if the current page has no EnterCode action."""
        async with self._lock:
            return await self._interactor.enter_code(code)

    def find_verification_code(self) -> str | None:
        """A verification code shown on the current page ("Your code is 847291"), or None."""
        dom = self.dom_ref()
        if dom is None:
            return None
        codes = dom.find_codes()
        return codes[0] if codes else None

    def is_captcha(self) -> bool:
        """True if the current page is a CAPTCHA challenge."""
        dom = self.dom_ref()
        return dom is not None and (dom.page_type == "Captcha" or dom.captcha is not None)

    def captcha_info(self) -> Any:
        """The current page's CaptchaInfo (captcha_type, sitekey), or None."""
        dom = self.dom_ref()
        return dom.captcha if dom else None

    def behaviors(self) -> list[Any]:
        """The JavaScript behaviours detected on the current page (trigger_id, action, target_ids, url)."""
        return self._interactor.behaviors()

    # ---- search ----------------------------------------------------------------------------------
    async def search(self, query: str) -> list[SearchResult]:
        """Web search with DuckDuckGo (HTML endpoint). Does not change the current page."""
        return await self._searcher.search(query, SearchEngine.DUCKDUCKGO)

    async def search_with(
        self, query: str, engine: SearchEngine | str = SearchEngine.DUCKDUCKGO
    ) -> list[SearchResult]:
        """Web search with `engine`: "duckduckgo" (default) or "google" (may answer with a CAPTCHA)."""
        return await self._searcher.search(query, SearchEngine.parse(engine))

    async def search_and_read(
        self, query: str, n: int = 3, engine: SearchEngine | str = SearchEngine.DUCKDUCKGO
    ) -> list[SearchPage]:
        """Search, then fetch and parse the top `n` results concurrently. A result that fails to load
        has `dom=None` and `error` set. Does not change the current page."""
        return await self._searcher.search_and_read(query, n, SearchEngine.parse(engine))

    # ---- internal: page transitions (used by Interactor) -----------------------------------------
    def _navigate_to(self, page: Page) -> None:
        if self._page is not None:
            self._history.append(self._page)
            del self._history[: max(0, len(self._history) - self.config.max_history)]
            keep = max(0, self.config.history_pages_kept)
            older = len(self._history) - keep
            for i in range(max(0, older)):
                entry = self._history[i]
                if isinstance(entry, Page):
                    self._history[i] = PageRef.of(entry)
            self._previous_dom = self._page.dom
        self._page = page

    def _current(self) -> Page:
        if self._page is None:
            raise NoPage("No page is loaded yet; call goto(url) first.")
        return self._page
