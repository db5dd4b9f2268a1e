"""`browsy recipe list | show NAME | run NAME --param k=v | save FILE | delete NAME`.

Recipes live in `--recipes-dir`, else `BROWSY_RECIPES_DIR`, else the platform's config directory. `run` uses
a fresh session, prints the run_actions result as JSON and exits 1 when the run did not succeed; secrets come
from `BROWSY_SECRET_NAME` variables or the file `--secrets` (or `BROWSY_SECRETS_FILE`) names.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def add_recipe_parser(commands: Any, add_network_flags: Any) -> None:
    recipe = commands.add_parser(
        "recipe", help="list, show, run, save or delete recipes (replayable step lists)"
    )
    recipe.add_argument(
        "--recipes-dir",
        type=Path,
        default=None,
        help="where recipes are kept (default: BROWSY_RECIPES_DIR, else the platform config dir)",
    )
    actions = recipe.add_subparsers(dest="recipe_command", required=True, metavar="ACTION")
    actions.add_parser("list", help="list the saved recipes")
    show = actions.add_parser("show", help="print a recipe's JSON")
    show.add_argument("name")
    save = actions.add_parser("save", help="check a recipe JSON file and save it under its name")
    save.add_argument("file", help="the recipe's JSON file, or - for standard input")
    delete = actions.add_parser("delete", help="delete a saved recipe")
    delete.add_argument("name")
    run = actions.add_parser(
        "run", help="run a saved recipe (or a recipe file with --file) and print the result"
    )
    run.add_argument("name", nargs="?", help="the saved recipe's name")
    run.add_argument("--file", default=None, help="run this recipe JSON file instead of a saved recipe")
    run.add_argument(
        "--param", action="append", default=[], metavar="NAME=VALUE", help="a parameter (repeatable)"
    )
    run.add_argument(
        "--secrets",
        default=None,
        metavar="FILE",
        help="secrets file (JSON object or NAME=value lines); default BROWSY_SECRETS_FILE",
    )
    run.add_argument(
        "--format",
        choices=["compact", "json", "delta", "none"],
        default="compact",
        help="how the final page is shown in the result (default compact)",
    )
    run.add_argument(
        "--run-timeout", type=float, default=60.0, help="seconds the whole run may take (default 60)"
    )
    add_network_flags(run)


def cmd_recipe(args: argparse.Namespace) -> int:
    from browsy_engine.tools.recipes import RecipeStore

    store = RecipeStore(args.recipes_dir)
    handlers = {"list": _list, "show": _show, "save": _save, "delete": _delete, "run": _run}
    return handlers[args.recipe_command](store, args)


def _failure(message: str) -> Exception:
    from .cli import CliError

    return CliError(message)


def _tool_errors(work: Any) -> Any:
    from browsy_engine.tools import ToolError

    try:
        return work()
    except ToolError as err:
        raise _failure(err.message) from None


def _list(store: Any, args: argparse.Namespace) -> int:
    summaries = store.summaries()
    if not summaries:
        print(f"no recipes in {store.directory}")
        return 0
    for entry in summaries:
        if "error" in entry:
            print(f"{entry['name']}  (broken: {entry['error']})")
            continue
        params = ", ".join(f"{k}={v['default']}" if "default" in v else k for k, v in entry["params"].items())
        print(
            f"{entry['name']}  {entry['steps']} steps  params: {params or '-'}  {entry['description']}".rstrip()
        )
    return 0


def _show(store: Any, args: argparse.Namespace) -> int:
    recipe = _tool_errors(lambda: store.load(args.name))
    print(json.dumps(recipe.document(), indent=2, ensure_ascii=False))
    return 0


def _read(file: str) -> str:
    if file == "-":
        return sys.stdin.read()
    try:
        return Path(file).read_text(encoding="utf-8")
    except OSError as err:
        raise _failure(f"cannot read {file}: {err.strerror or err}") from None


def _save(store: Any, args: argparse.Namespace) -> int:
    from browsy_engine.tools.recipes import parse_recipe

    recipe = _tool_errors(lambda: parse_recipe(_read(args.file)))
    path = _tool_errors(lambda: store.save(recipe))
    print(f"saved recipe {recipe.name} ({len(recipe.steps)} steps) to {path}")
    return 0


def _delete(store: Any, args: argparse.Namespace) -> int:
    _tool_errors(lambda: store.delete(args.name))
    print(f"deleted recipe {args.name}")
    return 0


def parse_params(pairs: list[str]) -> dict[str, str]:
    params: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise _failure(f"--param {pair!r}: use NAME=VALUE")
        params[name.strip()] = value
    return params


def _run(store: Any, args: argparse.Namespace) -> int:
    from browsy_engine.session import AsyncSession
    from browsy_engine.tools.placeholders import Secrets
    from browsy_engine.tools.recipes import parse_recipe, run_recipe_on

    if (args.name is None) == (args.file is None):
        raise _failure("recipe run: give a saved recipe's NAME or --file FILE (one of them)")
    recipe = _tool_errors(lambda: store.load(args.name) if args.name else parse_recipe(_read(args.file)))
    params = parse_params(args.param)
    from .cli import network_config

    config = network_config(args)

    async def run() -> dict[str, Any]:
        async with AsyncSession(config) as session:
            return await run_recipe_on(
                session,
                recipe,
                params,
                format=args.format,
                timeout_secs=args.run_timeout,
                secrets=Secrets(args.secrets),
            )

    import asyncio  # here: `browsy parse` never needs it (a sixth of its start-up)

    result = _tool_errors(lambda: asyncio.run(run()))
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0 if result.get("ok") else 1
