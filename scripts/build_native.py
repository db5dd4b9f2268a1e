"""Compile the engine's parse path with mypyc into packages/engine/native/ (run by `make setup`).

Does nothing when the build already matches the sources (browsy_engine/_native.py says which modules and
how a build is matched). Needs a C compiler and the interpreter's headers (Debian: gcc, python3-dev);
without them, or if the build fails, it says so and the engine runs as Python (slower, same output).

Usage: python scripts/build_native.py [--force] [--strict]   (--strict: exit 1 when nothing was built)
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import sys
import sysconfig
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from browsy_engine import _native

ROOT = Path(__file__).resolve().parent.parent
SRC = _native.PACKAGE_DIR.parent


def missing_toolchain() -> str | None:
    """What the build lacks on this machine, or None."""
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"the Python headers ({headers}; Debian: apt-get install python3-dev)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"a C compiler ({compiler}; Debian: apt-get install gcc)"
    try:
        import mypyc  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as e:
        return f"{e.name} (in the project's dev dependencies: uv sync)"
    return None


def build(files: list[Path], work: Path) -> dict[str, str]:
    """Compile `files` into work/lib; the compiled module names → their library paths in it."""
    from mypyc.build import mypycify
    from setuptools import setup

    relative = [str(f.relative_to(SRC)) for f in files]
    # the packages' __init__ files are read (they define what `from .package import name` finds), not compiled
    packages = sorted(
        {str(f.relative_to(SRC).parent / "__init__.py") for f in files} - {"browsy_engine/__init__.py"}
    )
    mypy_args = ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(work / "mypy_cache")]
    cwd = Path.cwd()
    os.chdir(SRC)  # mypyc names modules after their paths from here
    try:
        extensions = mypycify(
            mypy_args + packages + relative,
            only_compile_paths=relative,
            opt_level="3",
            debug_level="0",
            multi_file=True,
            group_name=_native.GROUP,
            target_dir=str(work / "c"),
        )
        setup(
            name="browsy-engine-native",
            ext_modules=extensions,
            script_args=[
                "--quiet",
                "build_ext",
                "--build-lib",
                str(work / "lib"),
                "--build-temp",
                str(work / "obj"),
                "--parallel",
                str(os.cpu_count() or 1),
            ],
        )
    finally:
        os.chdir(cwd)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    modules = {_native.module_name(f): str(f.relative_to(SRC).with_suffix(suffix)) for f in files}
    group = f"{_native.GROUP}__mypyc"
    modules[group] = group + suffix
    missing = [rel for rel in modules.values() if not (work / "lib" / rel).is_file()]
    if missing:
        raise RuntimeError(f"the build made no {missing[0]}")
    return modules


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--force", action="store_true", help="build even if the build matches the sources")
    ap.add_argument("--strict", action="store_true", help="exit 1 when the engine is left uncompiled")
    args = ap.parse_args()
    failed = 1 if args.strict else 0
    files = _native.compiled_sources()
    digest = _native.source_digest(files)
    stamp = _native.read_stamp()
    if not args.force and stamp is not None and stamp.get("digest") == digest:
        return 0
    lacking = missing_toolchain()
    if lacking is not None:
        print(f"browsy: the engine stays uncompiled (slower, same output): no {lacking}")
        return failed
    native = _native.NATIVE_DIR
    work = native / "build"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    print(f"browsy: compiling {len(files)} engine modules with mypyc (a few minutes, once)...", flush=True)
    started = time.perf_counter()
    log = io.StringIO()
    try:
        with redirect_stdout(log), redirect_stderr(log):
            modules = build(files, work)
    except (Exception, SystemExit) as e:  # setuptools reports compile errors as SystemExit
        (native / "build.log").write_text(log.getvalue())
        print(f"browsy: compiling failed ({e}); the engine stays uncompiled. Log: {native / 'build.log'}")
        return failed
    _native.STAMP.unlink(missing_ok=True)  # no stamp while the libraries are swapped: nothing loads them
    shutil.rmtree(native / "lib", ignore_errors=True)
    (work / "lib").rename(native / "lib")
    _native.STAMP.write_text(json.dumps({"digest": digest, "modules": modules}, indent=1))
    (native / "build.log").unlink(missing_ok=True)
    shutil.rmtree(work, ignore_errors=True)
    print(f"browsy: compiled in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
