"""Recipes: named, replayable, parameterised batches of steps, kept as JSON files in a directory.

A recipe is `{"name", "description", "params": {NAME: {"default", "description"}}, "url", "steps"}`; the
steps are `run_actions` steps. `${NAME}` is a parameter (filled when the recipe runs; a parameter without a
default must be given) or an earlier extraction; `${secret:NAME}` a secret, resolved only when the batch
runs and only in the fields that carry credentials (username, password, value, code), so a recipe or a
caller cannot send a secret to a URL of its choosing. A stored recipe holds the placeholders, never values.

Everything wrong with a recipe (bad JSON, unknown action, a placeholder that names nothing, an unknown or
missing parameter, a secret where none may go) is refused before anything runs, with the reason.

The directory: `BROWSY_RECIPES_DIR`, else the platform's config directory (`$XDG_CONFIG_HOME/browsy/recipes`,
`~/Library/Application Support/browsy/recipes`, `%APPDATA%\\browsy\\recipes`).
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .batch import BatchFormat, check_references, check_secret_fields, page_budget, run_batch
from .params import Paged, Scope, ToolParams, _scope_field
from .placeholders import PLACEHOLDER, fill, placeholders
from .result import ToolError, ToolResult
from .steps import Step

if TYPE_CHECKING:
    from ..session import AsyncSession

RECIPES_DIR_ENV = "BROWSY_RECIPES_DIR"
NAME_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"
PARAM_PATTERN = r"^[A-Za-z_][A-Za-z0-9_.-]*$"
MAX_RECIPE_BYTES = 256 * 1024


def default_recipes_dir() -> Path:
    chosen = os.environ.get(RECIPES_DIR_ENV)
    if chosen:
        return Path(chosen).expanduser()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "browsy" / "recipes"


class RecipeParam(BaseModel):
    model_config = ConfigDict(extra="forbid")
    default: str | None = Field(
        None, description="Value used when the run gives none; without it the parameter is required."
    )
    description: str | None = None


class Recipe(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(..., pattern=NAME_PATTERN)
    description: str = ""
    params: dict[str, RecipeParam] = Field(default_factory=dict)
    url: str | None = Field(None, min_length=1)
    steps: list[Step] = Field(..., min_length=1, max_length=100)

    def document(self) -> dict[str, Any]:
        """The JSON form stored on disk and shown by `show`: placeholders as written, defaults omitted."""
        return self.model_dump(mode="json", exclude_none=True, exclude_defaults=False)


def parse_recipe(data: Any) -> Recipe:
    """A checked Recipe from a JSON text or a decoded object; ToolError(400) with every reason otherwise."""
    if isinstance(data, str | bytes):
        if len(data) > MAX_RECIPE_BYTES:
            raise ToolError(f"Recipe too large: more than {MAX_RECIPE_BYTES} bytes.")
        try:
            data = json.loads(data)
        except ValueError as err:
            raise ToolError(f"The recipe is not valid JSON: {err}.") from None
    if not isinstance(data, dict):
        raise ToolError("A recipe must be a JSON object with name, description, params and steps.")
    try:
        recipe = Recipe.model_validate(data)
    except ValidationError as err:
        from .call import describe_validation_error  # call imports the registry, which imports this module

        raise ToolError(f"Invalid recipe: {describe_validation_error(err)}.") from None
    check_recipe(recipe)
    return recipe


def check_recipe(recipe: Recipe) -> None:
    bad_params = sorted(p for p in recipe.params if re.fullmatch(PARAM_PATTERN, p) is None)
    if bad_params:
        raise ToolError(
            f"Invalid recipe: parameter names must be letters, digits, _ . - (got {', '.join(bad_params)})."
        )
    for _kind, name in placeholders(recipe.url or ""):
        if _kind == "" and name not in recipe.params:
            raise ToolError(f"Invalid recipe: url uses ${{{name}}}, which is not a parameter.")
    try:
        check_secret_fields(recipe.steps, recipe.url)
        check_references(recipe.steps, set(recipe.params))
    except ToolError as err:
        raise ToolError(f"Invalid recipe: {err.message}") from None


def bind(recipe: Recipe, given: dict[str, Any] | None) -> tuple[str | None, list[Step]]:
    """The recipe's url and steps with its parameters filled from `given` (else the defaults)."""
    given = dict(given or {})
    unknown = sorted(set(given) - set(recipe.params))
    if unknown:
        takes = ", ".join(sorted(recipe.params)) or "no parameters"
        raise ToolError(
            f"Unknown parameter {', '.join(unknown)} for recipe {recipe.name!r}; it takes {takes}."
        )
    values: dict[str, str] = {}
    for name, spec in recipe.params.items():
        value = given.get(name, spec.default)
        if value is None:
            raise ToolError(
                f"Recipe {recipe.name!r} needs parameter {name}: give it with --param {name}=VALUE."
            )
        if not isinstance(value, str | int | float | bool):
            raise ToolError(f"Parameter {name} must be a string or a number.")
        value = str(value)
        if PLACEHOLDER.search(value):
            raise ToolError(f"Parameter {name}: a value may not contain ${{...}} placeholders.")
        values[name] = value

    def lookup(kind: str, name: str) -> str | None:
        return values.get(name) if kind == "" else None

    url = fill(recipe.url, lookup) if recipe.url else None
    steps = []
    for index, step in enumerate(recipe.steps):
        try:
            steps.append(Step.model_validate(fill(step.args(), lookup)))
        except ValidationError as err:
            from .call import describe_validation_error

            raise ToolError(
                f"Step {index} after filling parameters: {describe_validation_error(err)}."
            ) from None
    return url, steps


class RecipeStore:
    """Recipes as `<directory>/<name>.json`, written atomically."""

    def __init__(self, directory: str | Path | None = None) -> None:
        self.directory = Path(directory).expanduser() if directory is not None else default_recipes_dir()

    def path(self, name: str) -> Path:
        if not _valid_recipe_name(name):
            raise ToolError(
                f"Invalid recipe name {name!r}: use letters, digits, _ . - (up to 64), starting with a letter or digit."
            )
        return self.directory / f"{name}.json"

    def save(self, recipe: Recipe) -> Path:
        path = self.path(recipe.name)
        self.directory.mkdir(parents=True, exist_ok=True)
        text = json.dumps(recipe.document(), indent=2, ensure_ascii=False) + "\n"
        fd, temp = tempfile.mkstemp(prefix=f".{recipe.name}.", suffix=".tmp", dir=self.directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        return path

    def load(self, name: str) -> Recipe:
        path = self.path(name)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            known = ", ".join(self.names()) or "none yet"
            raise ToolError(
                f"No recipe named {name!r} in {self.directory} (recipes: {known}).", status=404
            ) from None
        except OSError as err:
            raise ToolError(f"Cannot read recipe {name!r}: {err.strerror or type(err).__name__}.") from None
        try:
            return parse_recipe(text)
        except ToolError as err:
            raise ToolError(f"The stored recipe {path} is broken: {err.message}") from None

    def names(self) -> list[str]:
        if not self.directory.is_dir():
            return []
        return sorted(p.stem for p in self.directory.glob("*.json") if _valid_recipe_name(p.stem))

    def summaries(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for name in self.names():
            try:
                recipe = self.load(name)
            except ToolError as err:
                out.append({"name": name, "error": err.message})
                continue
            params: dict[str, dict[str, Any]] = {
                k: {"default": v.default} if v.default is not None else {"required": True}
                for k, v in recipe.params.items()
            }
            out.append(
                {
                    "name": name,
                    "description": recipe.description,
                    "params": params,
                    "steps": len(recipe.steps),
                }
            )
        return out

    def delete(self, name: str) -> None:
        path = self.path(name)
        try:
            path.unlink()
        except FileNotFoundError:
            raise ToolError(f"No recipe named {name!r} in {self.directory}.", status=404) from None


def _valid_recipe_name(name: str) -> bool:
    return re.fullmatch(NAME_PATTERN, name) is not None


# ---- the tools -------------------------------------------------------------------------------------------
_RECIPE_DOC = (
    'A recipe document: {"name", "description", "params": {NAME: {"default", "description"}}, "url", "steps": '
    "[run_actions steps]}; ${NAME} in a step is a parameter, ${secret:NAME} a secret."
)


class SaveRecipeParams(ToolParams):
    recipe: dict[str, Any] = Field(..., description=_RECIPE_DOC)


class RecipeNameParams(ToolParams):
    name: str = Field(..., pattern=NAME_PATTERN, description="The recipe's name.")


class RunRecipeParams(Paged):
    name: str | None = Field(
        None, pattern=NAME_PATTERN, description="A saved recipe's name (or give recipe)."
    )
    recipe: dict[str, Any] | None = Field(
        None, description="An inline recipe to run without saving it. " + _RECIPE_DOC
    )
    params: dict[str, str] = Field(default_factory=dict, description="Parameter values by name.")
    format: BatchFormat = Field(
        "compact", description='The final page: "compact" (default), "json", "delta" or "none".'
    )
    scope: Scope = _scope_field()
    timeout_secs: float = Field(
        60.0, ge=0.1, le=600, description="Seconds the whole run may take (default 60)."
    )


async def save_recipe(session: AsyncSession, args: SaveRecipeParams) -> ToolResult:
    recipe = parse_recipe(args.recipe)
    path = RecipeStore().save(recipe)
    return ToolResult.json({"saved": recipe.name, "path": str(path), "steps": len(recipe.steps)})


async def list_recipes(session: AsyncSession, args: ToolParams) -> ToolResult:
    return ToolResult.json(RecipeStore().summaries())


async def delete_recipe(session: AsyncSession, args: RecipeNameParams) -> ToolResult:
    RecipeStore().delete(args.name)
    return ToolResult.json({"deleted": args.name})


async def run_recipe(session: AsyncSession, args: RunRecipeParams) -> ToolResult:
    if (args.name is None) == (args.recipe is None):
        raise ToolError("Give exactly one of name (a saved recipe) or recipe (an inline one).")
    recipe = RecipeStore().load(args.name) if args.name is not None else parse_recipe(args.recipe)
    result = await run_recipe_on(
        session,
        recipe,
        args.params,
        format=args.format,
        scope=args.scope,
        timeout_secs=args.timeout_secs,
        max_chars=page_budget(session, args.max_chars, args.format),
    )
    return ToolResult.json(result)


async def run_recipe_on(
    session: AsyncSession,
    recipe: Recipe,
    params: dict[str, Any] | None = None,
    *,
    format: BatchFormat = "compact",
    scope: Scope = "all",
    timeout_secs: float = 60.0,
    secrets: Any = None,
    max_chars: int = 0,
) -> dict[str, Any]:
    """Bind the parameters and run the recipe's steps (the result of run_actions, plus the recipe's name)."""
    url, steps = bind(recipe, params)
    result = await run_batch(
        session,
        steps,
        url=url,
        format=format,
        scope=scope,
        timeout_secs=timeout_secs,
        secrets=secrets,
        max_chars=max_chars,
    )
    return {"recipe": recipe.name, **result}
