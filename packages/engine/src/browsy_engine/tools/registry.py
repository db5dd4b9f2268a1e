"""The tools, each defined once: name, model-facing description, parameters, handler, result kind, REST route."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from . import batch, recipes
from . import handlers as h
from . import params as p
from .result import ResultKind, ToolResult
from .schema import inline_refs, portable

if TYPE_CHECKING:
    from pydantic import BaseModel

    from ..session import AsyncSession

Handler = Callable[["AsyncSession", Any], Awaitable[ToolResult]]

_PAGE_BACK = (
    "Returns the resulting page as compact text: a header (title, url, viewport, element count), then one line "
    'per element like [12:button "Sign in"] whose number is the ID other tools take.'
)


@dataclass(frozen=True, slots=True)
class Tool:
    name: str
    description: str
    params: type[BaseModel]
    handler: Handler
    result: ResultKind
    http_method: Literal["GET", "POST"]
    http_path: str
    read_only: bool = False
    loads_pages: bool = False  # fetches and parses pages: the costly calls a server may want to throttle

    def input_schema(self) -> dict[str, Any]:
        """JSON Schema of the parameters (pydantic's, nested models inlined; the one every surface publishes)."""
        return portable(inline_refs(self.params.model_json_schema()))


TOOLS: tuple[Tool, ...] = (
    Tool(
        "browse",
        "Navigate to a URL and return the page as a Spatial DOM: a numbered list of the page's elements with "
        "roles, text, links and form state. Use it first, and whenever you need a new page. Compact format "
        "(default) starts with a header block; json gives the full structure. A CAPTCHA warning line is "
        "prepended when the page requires human verification; `needs_js` in the header means the page is "
        'built by JavaScript (render="auto" runs it where the server can). view="actions" or "content" '
        "shows less; long output ends with a `more:` line whose cursor get_page takes.",
        p.BrowseParams,
        h.browse,
        "page",
        "POST",
        "/api/browse",
        loads_pages=True,
    ),
    Tool(
        "click",
        "Click an element by its ID. Links navigate to their target; buttons submit their form with every "
        "value typed, checked or selected so far. " + _PAGE_BACK + " When the click loads no page (a menu "
        "toggle, text with no behaviour), the answer is one line on what happened and the changed elements "
        "as [+id:...] lines; get_page shows the whole page.",
        p.ClickParams,
        h.click,
        "page",
        "POST",
        "/api/click",
        loads_pages=True,
    ),
    Tool(
        "type_text",
        "Type text into an input field or textarea by element ID. The value is kept in the session and sent "
        "when the form is submitted; nothing is fetched. Returns a confirmation; call get_page to see it.",
        p.TypeTextParams,
        h.type_text,
        "text",
        "POST",
        "/api/type",
    ),
    Tool(
        "check",
        "Check a checkbox or radio button by element ID (a radio unchecks the others of its group). "
        "Returns a confirmation.",
        p.ElementParams,
        h.check,
        "text",
        "POST",
        "/api/check",
    ),
    Tool(
        "uncheck",
        "Uncheck a checkbox or radio button by element ID. Returns a confirmation.",
        p.ElementParams,
        h.uncheck,
        "text",
        "POST",
        "/api/uncheck",
    ),
    Tool(
        "select",
        "Select an option of a dropdown (select element) by element ID and the option's value. "
        "Returns a confirmation.",
        p.SelectParams,
        h.select,
        "text",
        "POST",
        "/api/select",
    ),
    Tool(
        "get_page",
        "Get the current page again with the form state overlaid (typed values, checked boxes, selections), "
        "without fetching. Use it after type_text, check, uncheck or select to verify a form before submitting. "
        'view="actions" (what can be clicked or filled) or "content" (text for reading), within=<id> (one '
        "element's subtree, e.g. a form) and cursor (from a `more:` line: the next part) show part of the page.",
        p.PageView,
        h.get_page,
        "page",
        "GET",
        "/api/page",
        read_only=True,
    ),
    Tool(
        "back",
        "Go back to the previous page in this session's history. " + _PAGE_BACK,
        p.BackParams,
        h.back,
        "page",
        "POST",
        "/api/back",
    ),
    Tool(
        "search",
        "Search the web (DuckDuckGo by default, or Google) and return a JSON array of results, each with "
        "title, url and snippet. Browse a result's url to read it.",
        p.SearchParams,
        h.search,
        "json",
        "POST",
        "/api/search",
        loads_pages=True,
    ),
    Tool(
        "find",
        "Find elements on the current page by text (case-insensitive substring) and/or ARIA role (button, "
        "link, heading, textbox, ...). Give at least one of text or role; with both, elements must match both. "
        "Returns a JSON array of the matching elements with their IDs.",
        p.FindParams,
        h.find,
        "json",
        "POST",
        "/api/find",
        read_only=True,
    ),
    Tool(
        "login",
        "Fill in the login form detected on the current page (username and password fields) and submit it. "
        "Needs a page whose page_info lists a Login suggested action. The result may be a two-factor page: "
        "then use enter_code. " + _PAGE_BACK,
        p.LoginParams,
        h.login,
        "page",
        "POST",
        "/api/login",
        loads_pages=True,
    ),
    Tool(
        "enter_code",
        "Type a verification or two-factor code into the code field detected on the current page and submit "
        "it. Needs a page with an EnterCode suggested action. " + _PAGE_BACK,
        p.EnterCodeParams,
        h.enter_code,
        "page",
        "POST",
        "/api/enter-code",
        loads_pages=True,
    ),
    Tool(
        "tables",
        "Extract the tables of the current page as a JSON array; each table has headers (strings) and rows "
        "(arrays of strings). Use it to read tabular data instead of parsing element lines.",
        p.NoParams,
        h.tables,
        "json",
        "GET",
        "/api/tables",
        read_only=True,
    ),
    Tool(
        "page_info",
        "Get the current page's metadata without its elements: title, url, page_type (Login, TwoFactorAuth, "
        "Dashboard, Article, Captcha, ...), suggested_actions with the element IDs to use, alerts, pagination, "
        "and captcha details when there is one. A cheap way to decide the next step.",
        p.NoParams,
        h.page_info_tool,
        "json",
        "GET",
        "/api/page-info",
        read_only=True,
    ),
    Tool(
        "export_state",
        "Export this session's state: cookies in Playwright's storage-state format ({\"cookies\": [...], "
        '"origins": []}), the current URL and history. A signed-in state: keep it private. Returns JSON.',
        p.NoParams,
        h.export_state,
        "json",
        "GET",
        "/api/export-state",
        read_only=True,
    ),
    Tool(
        "import_state",
        "Restore a state from export_state or from Playwright's storage_state(): its cookies join this "
        "session, its history becomes this session's, and its URL is opened (unless load is false). "
        + _PAGE_BACK,
        p.ImportStateParams,
        h.import_state,
        "page",
        "POST",
        "/api/import-state",
        loads_pages=True,
    ),
    Tool(
        "run_actions",
        "Run an ordered list of steps in one call, with no model round trip between them: browse, click, "
        "type_text, check, uncheck, select, submit, back, login, enter_code, wait_for_text, extract, "
        "assert_text, tables. Steps name elements by id, CSS selector, or text/label/role; a target that "
        "matches nothing or several elements fails the step (never a guess). A failed step stops the batch "
        "unless it has stop_on_error false; a failed assert_text is recorded and the batch goes on. Returns "
        "JSON: ok, steps_completed, per-step results (ok, error, page summary), extractions, "
        "assertions_passed and the final page (compact unless format says json, delta or none).",
        batch.RunActionsParams,
        batch.run_actions,
        "json",
        "POST",
        "/api/run-actions",
        loads_pages=True,
    ),
    Tool(
        "save_recipe",
        "Save a recipe: a named, parameterised list of run_actions steps that run_recipe replays later. "
        "${NAME} in a step is a parameter (params gives defaults) or an earlier extraction; ${secret:NAME} is a "
        "credential read from the environment when the recipe runs, never stored. A bad recipe is refused "
        "with the reason. Returns JSON with the saved name.",
        recipes.SaveRecipeParams,
        recipes.save_recipe,
        "json",
        "POST",
        "/api/recipes/save",
    ),
    Tool(
        "list_recipes",
        "List the saved recipes: JSON array of name, description, params (defaults, required ones) and the "
        "number of steps.",
        p.NoParams,
        recipes.list_recipes,
        "json",
        "GET",
        "/api/recipes",
        read_only=True,
    ),
    Tool(
        "run_recipe",
        "Run a saved recipe by name (or an inline recipe) with parameter values, as one run_actions batch "
        "on this session. Unknown or missing parameters and missing secrets are refused before any step "
        "runs. Returns the run_actions result (ok, steps_completed, steps, extractions, assertions_passed, "
        "page).",
        recipes.RunRecipeParams,
        recipes.run_recipe,
        "json",
        "POST",
        "/api/recipes/run",
        loads_pages=True,
    ),
    Tool(
        "delete_recipe",
        "Delete a saved recipe by name. Returns JSON with the deleted name.",
        recipes.RecipeNameParams,
        recipes.delete_recipe,
        "json",
        "POST",
        "/api/recipes/delete",
    ),
)

_BY_NAME = {tool.name: tool for tool in TOOLS}


def get_tool(name: str) -> Tool | None:
    return _BY_NAME.get(name)


def tool_names() -> list[str]:
    return [tool.name for tool in TOOLS]
