"""The three Python packages as a user installs them: built wheels (not the workspace) in a fresh
virtualenv, then `browsy parse`, `import browsy` and one adapter import. Dependencies resolve against the
package index at the versions the workspace locked; their files come from uv's cache, filled by
`make setup` (the index is reachable wherever `make test` can set up; no page is browsed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
UV = ROOT / ".tools" / "bin" / "uv"
PACKAGES = ("browsy-engine", "browsy-server", "browsy-ai")


def run(
    *args: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"{' '.join(map(str, args))} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.mark.skipif(not UV.exists(), reason=f"uv is not installed at {UV} (make setup installs it)")
def test_built_wheels_install_and_run_in_a_fresh_virtualenv(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    for package in PACKAGES:
        run(UV, "build", "--wheel", "--package", package, "--out-dir", wheels, "-q")
    built = sorted(p.name for p in wheels.glob("*.whl"))
    assert [name.split("-")[0] for name in built] == ["browsy_ai", "browsy_engine", "browsy_server"]
    venv = tmp_path / "venv"
    run(UV, "venv", "-q", "--python", sys.executable, venv)
    python = venv / "bin" / "python"
    env = {**os.environ, "VIRTUAL_ENV": str(venv)}
    env.pop("UV_PROJECT_ENVIRONMENT", None)
    # only the wheels from here (never the workspace); their dependencies at the versions the workspace locked
    frozen = run(UV, "pip", "freeze", "--python", ROOT / ".venv" / "bin" / "python").stdout.splitlines()
    constraints = tmp_path / "constraints.txt"
    constraints.write_text(
        "\n".join(line for line in frozen if "==" in line and not line.startswith("browsy"))
    )
    run(
        UV,
        "pip",
        "install",
        "-q",
        "--python",
        python,
        "--constraint",
        constraints,
        *sorted(wheels.glob("*.whl")),
        "langchain-core",
        cwd=tmp_path,
        env=env,
    )
    page = ROOT / "packages/engine/src/browsy_engine/examples/login.html"
    parsed = run(venv / "bin" / "browsy", "parse", page, "--url", "https://example.com/login", cwd=tmp_path)
    assert "page_type: Login" in parsed.stdout
    where = run(python, "-c", "import browsy, browsy_engine; print(browsy_engine.__file__)", cwd=tmp_path)
    assert (
        str(venv) in where.stdout and str(ROOT) not in where.stdout
    )  # the installed wheel, not the workspace
    adapter = run(
        python, "-c", "from browsy.langchain import get_tools; print(len(get_tools()))", cwd=tmp_path
    )
    assert int(adapter.stdout.strip()) > 10
    shutil.rmtree(venv)
