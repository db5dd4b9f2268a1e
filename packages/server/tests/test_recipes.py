"""Recipes: checked up front, stored without secrets, replayed from the CLI, REST and MCP (official client)
against the fixture site's login → 2FA → dashboard flow, with the password from ${secret:FX_PASSWORD}."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import httpx
import pytest
from browsy_engine.tools import ToolError
from browsy_engine.tools.recipes import RecipeStore, bind, parse_recipe
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from tests.fixture_site.auth import PASSWORD, USERNAME

BROWSY = str(Path(sys.executable).with_name("browsy"))
RECIPE_FILE = (
    Path(__file__).resolve().parents[3] / "tests" / "fixture_site" / "recipes" / "fixture-login.json"
)
SECRET_ENV = "BROWSY_SECRET_FX_PASSWORD"


def recipe_doc() -> dict:
    return json.loads(RECIPE_FILE.read_text())


def check_signed_in(result: dict) -> None:
    assert result["ok"], result
    assert result["recipe"] == "fixture-login"
    assert result["steps_completed"] == result["steps_total"] == 7
    assert result["extractions"]["tables"][0]["rows"][0] == ["1001", "Ada Lovelace", "129.00", "Shipped"]
    assert result["steps"][-1]["page"]["page_type"] == "Dashboard"


# ---- checked up front ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.update(steps=[{"action": "teleport"}]), "steps.0.action"),
        (lambda d: d["steps"].insert(0, {"action": "browse", "url": "${nowhere}"}), "uses ${nowhere}"),
        (lambda d: d.update(url="${base}/login?p=${secret:FX_PASSWORD}"), "url uses ${secret:FX_PASSWORD}"),
        (
            lambda d: d["steps"].append({"action": "assert_text", "text": "${secret:FX_PASSWORD}"}),
            "secrets may only fill",
        ),
        (lambda d: d.update(name="../escape"), "name"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d.pop("steps"), "steps: Field required"),
    ],
)
def test_bad_recipes_are_refused_with_the_reason(change, reason) -> None:
    doc = recipe_doc()
    change(doc)
    with pytest.raises(ToolError) as err:
        parse_recipe(doc)
    assert reason in err.value.message


def test_bad_json_is_refused() -> None:
    with pytest.raises(ToolError, match="not valid JSON"):
        parse_recipe('{"name": "x", ')


def test_parameters_unknown_missing_or_smuggling_placeholders() -> None:
    recipe = parse_recipe(recipe_doc())
    with pytest.raises(
        ToolError, match="Unknown parameter colour for recipe 'fixture-login'; it takes base, user"
    ):
        bind(recipe, {"base": "http://x", "colour": "red"})
    with pytest.raises(ToolError, match="needs parameter base"):
        bind(recipe, {})
    with pytest.raises(ToolError, match="may not contain"):
        bind(recipe, {"base": "http://x/${secret:FX_PASSWORD}"})
    url, steps = bind(recipe, {"base": "http://x"})
    assert url == "http://x/login" and steps[0].username == USERNAME
    assert steps[0].password == "${secret:FX_PASSWORD}"  # secrets are filled only when the batch runs


def test_store_save_list_load_delete(tmp_path: Path) -> None:
    store = RecipeStore(tmp_path / "r")
    assert store.names() == []
    path = store.save(parse_recipe(recipe_doc()))
    assert path == tmp_path / "r" / "fixture-login.json"
    assert store.names() == ["fixture-login"]
    (summary,) = store.summaries()
    assert summary["params"] == {"base": {"required": True}, "user": {"default": USERNAME}}
    assert store.load("fixture-login").steps[0].password == "${secret:FX_PASSWORD}"
    store.delete("fixture-login")
    with pytest.raises(ToolError) as err:
        store.load("fixture-login")
    assert err.value.status == 404


# ---- the CLI -----------------------------------------------------------------------------------------------
def browsy(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([BROWSY, *args], capture_output=True, text=True, timeout=120, env=env)


def clean_env(recipes: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BROWSY_SECRET")}
    return {**env, "BROWSY_RECIPES_DIR": str(recipes), **extra}


def test_cli_save_list_show_run_delete(tmp_path: Path, fixture_site: str, fixture_host: str) -> None:
    recipes = tmp_path / "recipes"
    env = clean_env(recipes, **{SECRET_ENV: PASSWORD})
    saved = browsy("recipe", "save", str(RECIPE_FILE), env=env)
    assert saved.returncode == 0 and "saved recipe fixture-login (7 steps)" in saved.stdout
    listed = browsy("recipe", "list", env=env)
    assert listed.stdout.startswith("fixture-login  7 steps  params: base, user=agent@example.com")
    shown = json.loads(browsy("recipe", "show", "fixture-login", env=env).stdout)
    assert shown["steps"][0]["password"] == "${secret:FX_PASSWORD}"
    assert PASSWORD not in (recipes / "fixture-login.json").read_text()

    run = browsy(
        "recipe",
        "run",
        "fixture-login",
        "--param",
        f"base={fixture_site}",
        "--allowed-host",
        fixture_host,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    check_signed_in(json.loads(run.stdout))
    assert PASSWORD not in run.stdout + run.stderr

    assert browsy("recipe", "delete", "fixture-login", env=env).returncode == 0
    gone = browsy("recipe", "show", "fixture-login", env=env)
    assert gone.returncode == 1 and "No recipe named 'fixture-login'" in gone.stderr


def test_cli_secret_from_a_secrets_file(tmp_path: Path, fixture_site: str, fixture_host: str) -> None:
    secrets = tmp_path / "secrets.env"
    secrets.write_text(f"# fixture site\nFX_PASSWORD={PASSWORD}\n")
    run = browsy(
        "recipe",
        "run",
        "--file",
        str(RECIPE_FILE),
        "--param",
        f"base={fixture_site}",
        "--secrets",
        str(secrets),
        "--allowed-host",
        fixture_host,
        "--format",
        "json",
        env=clean_env(tmp_path),
    )
    assert run.returncode == 0, run.stderr
    check_signed_in(json.loads(run.stdout))
    assert PASSWORD not in run.stdout + run.stderr


def test_cli_refusals_name_the_problem_not_the_secret(tmp_path: Path, fixture_site: str) -> None:
    env = clean_env(tmp_path)
    unknown = browsy(
        "recipe",
        "run",
        "--file",
        str(RECIPE_FILE),
        "--param",
        f"base={fixture_site}",
        "--param",
        "colour=red",
        env=env,
    )
    assert unknown.returncode == 1
    assert unknown.stderr.strip() == (
        "browsy: Unknown parameter colour for recipe 'fixture-login'; it takes base, user."
    )
    missing = browsy("recipe", "run", "--file", str(RECIPE_FILE), "--param", f"base={fixture_site}", env=env)
    assert (
        missing.returncode == 1
        and "Missing secret FX_PASSWORD: set BROWSY_SECRET_FX_PASSWORD" in missing.stderr
    )
    broken = tmp_path / "broken.json"
    broken.write_text('{"name": "x", "steps": [{"action": "click"}]}')
    refused = browsy("recipe", "save", str(broken), env=env)
    assert refused.returncode == 1 and "click needs a target" in refused.stderr
    assert "Traceback" not in unknown.stderr + missing.stderr + refused.stderr


def test_a_failing_run_exits_1_and_redacts_the_secret(
    tmp_path: Path, fixture_site: str, fixture_host: str
) -> None:
    wrong = "not-the-password-123"
    run = browsy(
        "recipe",
        "run",
        "--file",
        str(RECIPE_FILE),
        "--param",
        f"base={fixture_site}",
        "--allowed-host",
        fixture_host,
        env=clean_env(tmp_path, **{SECRET_ENV: wrong}),
    )
    assert run.returncode == 1
    result = json.loads(run.stdout)
    assert result["stopped_at"] == 0 and "Invalid email or password" in result["steps"][0]["error"]
    assert wrong not in run.stdout + run.stderr


# ---- REST ----------------------------------------------------------------------------------------------
def test_rest_save_list_run_delete(start_server, fixture_site: str, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BROWSY_RECIPES_DIR", str(tmp_path))
    monkeypatch.setenv(SECRET_ENV, PASSWORD)
    base = start_server(allow_private_network=True)
    with httpx.Client(base_url=base, timeout=60) as http:
        saved = http.post("/api/recipes/save", json={"recipe": recipe_doc()})
        assert saved.status_code == 200 and saved.json()["saved"] == "fixture-login"
        assert [r["name"] for r in http.get("/api/recipes").json()] == ["fixture-login"]
        ran = http.post("/api/recipes/run", json={"name": "fixture-login", "params": {"base": fixture_site}})
        assert ran.status_code == 200
        check_signed_in(ran.json())
        assert PASSWORD not in ran.text
        bad = http.post(
            "/api/recipes/run", json={"name": "fixture-login", "params": {"base": fixture_site, "x": "1"}}
        )
        assert bad.status_code == 400 and "Unknown parameter x" in bad.json()["error"]
        assert http.post("/api/recipes/delete", json={"name": "fixture-login"}).json() == {
            "deleted": "fixture-login"
        }
        gone = http.post("/api/recipes/run", json={"name": "fixture-login"})
        assert gone.status_code == 404


# ---- MCP (official client over stdio) --------------------------------------------------------------------
def test_mcp_runs_the_saved_recipe(tmp_path: Path, fixture_site: str, fixture_host: str) -> None:
    store = RecipeStore(tmp_path)
    store.save(parse_recipe(recipe_doc()))
    env = clean_env(tmp_path, **{SECRET_ENV: PASSWORD})

    async def body() -> None:
        params = StdioServerParameters(command=BROWSY, args=["mcp", "--allowed-host", fixture_host], env=env)
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.call_tool("list_recipes", {})
            assert listed.structured_content is None or "fixture-login" in listed.content[0].text
            ran = await session.call_tool(
                "run_recipe", {"name": "fixture-login", "params": {"base": fixture_site}}
            )
            assert not ran.is_error, ran.content[0].text
            check_signed_in(json.loads(ran.content[0].text))
            assert PASSWORD not in ran.content[0].text
            missing = await session.call_tool("run_recipe", {"name": "no-such-recipe"})
            assert missing.is_error and "No recipe named 'no-such-recipe'" in missing.content[0].text

    anyio.run(body)
