"""The compiled engine (mypyc, browsy_engine/_native.py): loaded only when built from the current sources,
and its output byte-identical to the same sources run as Python."""

from __future__ import annotations

import ast
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from browsy_engine import _native, parse, to_json

TESTS = Path(__file__).resolve().parent
PAGES = sorted((TESTS / "layout_fixtures").glob("*.html")) + sorted((TESTS / "fixtures").rglob("*.html"))

HASH_PAGES = """
import hashlib, json, sys
from browsy_engine import _native, parse, to_json
out = {"active": _native.active(), "hashes": []}
for path in sys.argv[1:]:
    dom = parse(open(path, "rb").read(), 1280, 720, url="https://example.com/")
    out["hashes"].append(hashlib.sha256(to_json(dom).encode()).hexdigest())
print(json.dumps(out))
"""


def hashes(pure_python: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "BROWSY_PURE_PYTHON"}
    if pure_python:
        env["BROWSY_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", HASH_PAGES, *map(str, PAGES)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_compiled_engine_gives_the_output_of_the_python_sources() -> None:
    if not _native.active():
        message = "the engine is not compiled here (make setup builds it: scripts/build_native.py)"
        if os.environ.get("BROWSY_REQUIRE_NATIVE") == "1":
            pytest.fail(message + "; BROWSY_REQUIRE_NATIVE=1 requires it")
        pytest.skip(message)
    assert len(PAGES) > 100
    compiled, python = hashes(pure_python=False), hashes(pure_python=True)
    assert compiled["active"] and not python["active"]
    differ = [p.name for p, a, b in zip(PAGES, compiled["hashes"], python["hashes"], strict=True) if a != b]
    assert not differ, f"compiled and Python output differ on {differ}"


def test_in_process_parse_uses_the_engine_that_was_loaded() -> None:
    page = PAGES[0].read_bytes()
    digest = hashlib.sha256(to_json(parse(page, 1280, 720, url="https://example.com/")).encode()).hexdigest()
    assert digest == hashes(pure_python=_native.active() is False)["hashes"][0]


def test_a_compiled_parse_runs_no_engine_source_as_python() -> None:
    """With the compiled engine loaded, parsing a page enters no function of the engine's .py sources:
    package __init__ modules and contextlib helpers run as Python, and a function left in one costs a
    fixed share of every parse (detect_actions did)."""
    if not _native.active():
        pytest.skip("needs the compiled engine (make setup builds it)")
    src = str(Path(_native.__file__).resolve().parent)
    page = (TESTS / "layout_fixtures" / "shop.html").read_bytes()
    parse(page, 1280, 720, url="https://example.com/")  # imports and first-use work done
    entered: set[str] = set()

    def profile(frame: object, event: str, arg: object) -> None:
        code = getattr(frame, "f_code", None)
        if event == "call" and code is not None and code.co_filename.startswith(src):
            entered.add(f"{code.co_filename}:{code.co_name}")

    sys.setprofile(profile)
    try:
        parse(page, 1280, 720, url="https://example.com/")
    finally:
        sys.setprofile(None)
    assert not entered, sorted(entered)


def test_a_build_from_other_sources_is_not_loaded(tmp_path: Path) -> None:
    (tmp_path / "m.so").write_bytes(b"")
    current = _native.source_digest(_native.compiled_sources())
    assert _native.finder_for({"digest": current, "modules": {"browsy_engine.model": "m.so"}}, tmp_path)
    assert (
        _native.finder_for({"digest": "0" * 64, "modules": {"browsy_engine.model": "m.so"}}, tmp_path) is None
    )
    assert (
        _native.finder_for({"digest": current, "modules": {"browsy_engine.model": "gone.so"}}, tmp_path)
        is None
    )
    assert _native.finder_for(None, tmp_path) is None


ACTIVE = "from browsy_engine import _native; print(_native.active())"


def _active_with(native_dir: Path) -> bool:
    env = {k: v for k, v in os.environ.items() if k != "BROWSY_PURE_PYTHON"}
    env["BROWSY_NATIVE_DIR"] = str(native_dir)
    done = subprocess.run(
        [sys.executable, "-c", ACTIVE], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip() == "True"


def test_browsy_native_dir_names_the_build_loaded(tmp_path: Path) -> None:
    """BROWSY_NATIVE_DIR: another build's folder (stamp.json, lib/) is loaded instead of packages/engine/native,
    as the build script loads the instrumented build it trains; a folder without a build: Python."""
    assert _active_with(tmp_path) is False
    if not _native.active():
        pytest.skip("needs the compiled engine (make setup builds it)")
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "lib").symlink_to(_native.NATIVE_DIR / "lib", target_is_directory=True)
    (copy / _native.STAMP.name).write_bytes(_native.STAMP.read_bytes())
    assert _active_with(copy) is True


def test_the_build_is_profile_guided_where_gcc_compiles_it() -> None:
    """scripts/build_native.py trains its build on the engine's test pages with GCC (-fprofile-use); a failed
    training falls back to a plain build, which CI should not let pass unseen."""
    stamp = _native.read_stamp()
    if os.environ.get("BROWSY_REQUIRE_NATIVE") != "1" or stamp is None:
        pytest.skip("checked where the compiled engine is required (CI)")
    sys.path.insert(0, str(TESTS.parents[2] / "scripts"))
    try:
        import build_native
    finally:
        sys.path.pop(0)
    if not build_native.compiler_is_gcc():
        pytest.skip("the compiler is not GCC: the build is plain")
    assert stamp.get("build") == "profile-guided", stamp.get("build")
    pages = sorted(p for pattern in build_native.TRAINING_PAGES for p in (TESTS.parents[2]).glob(pattern))
    assert set(pages) == set(PAGES)  # the test pages the compiled engine is compared on


def test_a_source_change_changes_the_digest(tmp_path: Path) -> None:
    files = _native.compiled_sources()
    assert any(f.name == "block.py" for f in files) and not any(f.name == "__init__.py" for f in files)
    before = _native.source_digest(files)
    changed = [*files[:-1]]
    assert _native.source_digest(changed) != before


def test_a_parsed_page_pickles_and_copies() -> None:
    """Worker processes send parsed pages back pickled, sessions copy them: compiled classes must allow both."""
    import copy
    import pickle

    dom = parse(
        (TESTS / "fixtures" / "intelligence" / "article.html").read_bytes(),
        1280,
        720,
        url="https://example.com/a",
    )
    for again in (pickle.loads(pickle.dumps(dom)), copy.deepcopy(dom)):
        assert to_json(again) == to_json(dom)
        assert again.document is not None and len(again.document.nodes) == len(dom.document.nodes)


def _float_tuple(value: ast.expr) -> bool:
    """A tuple display holding a float literal (mypyc 2.4 never sets such a tuple when it is `Final`)."""
    return isinstance(value, ast.Tuple) and any(
        isinstance(c, ast.Constant) and isinstance(c.value, float) for c in ast.walk(value)
    )


def _plain_constants(source: Path) -> list[str]:
    """Module-level UPPER_CASE names bound once by a plain assignment (not `Final`), a tuple holding a float
    literal aside: mypyc 2.4 leaves such a Final tuple unset at run time."""
    tree = ast.parse(source.read_text())
    counts: dict[str, int] = {}
    for stmt in tree.body:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else []
        if isinstance(stmt, ast.AnnAssign | ast.AugAssign):
            targets = [stmt.target]
        for t in targets:
            for n in t.elts if isinstance(t, ast.Tuple) else [t]:
                if isinstance(n, ast.Name):
                    counts[n.id] = counts.get(n.id, 0) + 1
    found = []
    for stmt in tree.body:
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
            continue
        target, value = stmt.targets[0], stmt.value
        if not isinstance(target, ast.Name) or not target.id.lstrip("_")[:1].isupper():
            continue
        name = target.id
        if not name.lstrip("_").replace("_", "").isalnum() or name.upper() != name or counts[name] != 1:
            continue
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "TypeVar":
            continue
        if _float_tuple(value):
            continue
        found.append(name)
    return found


def test_compiled_module_constants_are_final() -> None:
    """A module constant the compiled engine reads is `Final`: mypyc then inlines it (literals) or keeps it
    in a C static, where a plain global costs a dictionary lookup, a type check and a reference count at
    every use (52k per layout of a text page when the piece kinds were plain)."""
    allowed = {"TEXTRUN", "BREAK"}  # compared with `is` against the units built with them
    plain = {
        f"{src.relative_to(_native.PACKAGE_DIR)}: {name}"
        for src in _native.compiled_sources()
        for name in _plain_constants(src)
        if name not in allowed
    }
    assert not plain, sorted(plain)


def test_no_compiled_module_has_a_final_tuple_of_floats() -> None:
    """mypyc 2.4 never sets a `Final` module tuple that holds a float literal: reading it raises NameError
    ("value for final name was not set") in the compiled engine only. Such tuples stay plain."""
    found = []
    for src in _native.compiled_sources():
        for stmt in ast.parse(src.read_text()).body:
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                continue
            if (
                "Final" in ast.unparse(stmt.annotation)
                and stmt.value is not None
                and _float_tuple(stmt.value)
            ):
                found.append(f"{src.name}: {stmt.target.id}")
    assert not found, found
