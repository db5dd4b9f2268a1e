"""Compile the engine's parse path with mypyc into packages/engine/native/ (run by `make setup`).

Does nothing when the build already matches the sources (browsy_engine/_native.py says which modules and
how a build is matched). Needs a C compiler and the interpreter's headers (Debian: gcc, python3-dev);
without them, or if the build fails, it says so and the engine runs as Python (slower, same output).

With GCC the build is profile-guided: a first build, instrumented, parses the engine's own test pages
(the layout and intelligence fixtures), and the second is compiled with the branch and call counts it
recorded (-fprofile-use), so the code of the common paths lies together and the error paths apart.
The output is the same; parses run 4-5 % faster (CHANGELOG). `--plain` skips it (one build: half the time).

Usage: python scripts/build_native.py [--force] [--strict] [--plain]
  (--strict: exit 1 when nothing was built)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
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


# The pages a profile-guided build is trained on: the engine's test fixtures (never the corpora its speed is
# measured on), each parsed from scratch and again (sheets cached), and written out as JSON and compact text.
TRAINING_PAGES = ("packages/engine/tests/layout_fixtures/*.html", "packages/engine/tests/fixtures/**/*.html")
TRAINING_ROUNDS = 3


def build(files: list[Path], work: Path, flags: tuple[str, ...] = ()) -> dict[str, str]:
    """Compile `files` into work/lib (`flags`: more for the C compiler and the linker); the compiled
    module names → their library paths in it."""
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
        for extension in extensions:
            extension.extra_compile_args = [*extension.extra_compile_args, *flags]
            extension.extra_link_args = [*extension.extra_link_args, *flags]
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


def compiler_is_gcc() -> bool:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    try:
        banner = subprocess.run([compiler, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "Free Software Foundation" in banner  # GCC's (clang's banner names clang)


def guided_build(files: list[Path], work: Path, digest: str) -> dict[str, str]:
    """An instrumented build, its training run, then the build compiled with the profile it wrote."""
    profile = work / "profile"
    modules = build(files, work, (f"-fprofile-generate={profile}",))
    trial = work / "trial"  # the instrumented build, in a folder _native can load (BROWSY_NATIVE_DIR)
    trial.mkdir()
    (work / "lib").rename(trial / "lib")
    (trial / _native.STAMP.name).write_text(json.dumps({"digest": digest, "modules": modules}))
    env = {k: v for k, v in os.environ.items() if k != "BROWSY_PURE_PYTHON"}
    env["BROWSY_NATIVE_DIR"] = str(trial)
    done = subprocess.run(
        [sys.executable, __file__, "--train"], env=env, capture_output=True, text=True, timeout=1200
    )
    if done.returncode != 0:
        raise RuntimeError(f"the training run failed: {done.stderr.strip()[-800:]}")
    # the objects are compiled again at the same paths (a profile is found by its object's path)
    shutil.rmtree(work / "obj")
    shutil.rmtree(trial)
    return build(
        files, work, (f"-fprofile-use={profile}", "-fprofile-partial-training", "-Wno-missing-profile")
    )


def train() -> int:
    """--train: parse the training pages with the build BROWSY_NATIVE_DIR names, which must be the one
    loaded (the profile is written as this process exits)."""
    from browsy_engine import parse

    if not _native.active():
        print("the build to train was not loaded", file=sys.stderr)
        return 1
    pages = sorted(page for pattern in TRAINING_PAGES for page in ROOT.glob(pattern))
    if not pages:
        print(f"no training pages ({', '.join(TRAINING_PAGES)})", file=sys.stderr)
        return 1
    for _ in range(TRAINING_ROUNDS):
        for page in pages:
            dom = parse(page.read_bytes(), 1280, 720, url="https://example.com/")
            dom.to_json()
            dom.to_compact()
    return 0


def compile_into(work: Path, files: list[Path], digest: str, guided: bool) -> tuple[dict[str, str], str]:
    """Build into work/lib: profile-guided when asked, else (or when that fails) plainly. The compiled
    modules' library paths and which build it was; setuptools' chatter goes to work/build.log."""
    with (work / "build.log").open("w") as log, redirect_stdout(log), redirect_stderr(log):
        if guided:
            try:
                return guided_build(files, work, digest), "profile-guided"
            except (Exception, SystemExit) as e:  # setuptools reports compile errors as SystemExit
                message = f"browsy: the profile-guided build failed ({e}); building without a profile\n"
                log.write(message)
                if sys.__stdout__ is not None:  # (this process's stdout is the log here)
                    sys.__stdout__.write(message)
                for leftover in ("obj", "lib", "trial", "profile"):
                    shutil.rmtree(work / leftover, ignore_errors=True)
        return build(files, work), "plain"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--force", action="store_true", help="build even if the build matches the sources")
    ap.add_argument("--strict", action="store_true", help="exit 1 when the engine is left uncompiled")
    ap.add_argument("--plain", action="store_true", help="one build, without a profile (half the time)")
    ap.add_argument("--train", action="store_true", help=argparse.SUPPRESS)  # guided_build's child process
    args = ap.parse_args()
    if args.train:
        return train()
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
    guided = not args.plain and compiler_is_gcc()
    kind = "profile-guided, two builds" if guided else "one build"
    print(f"browsy: compiling {len(files)} engine modules with mypyc ({kind}: minutes, once)...", flush=True)
    started = time.perf_counter()
    try:
        modules, made = compile_into(work, files, digest, guided)
    except (Exception, SystemExit) as e:  # setuptools reports compile errors as SystemExit
        shutil.copyfile(work / "build.log", native / "build.log")
        print(f"browsy: compiling failed ({e}); the engine stays uncompiled. Log: {native / 'build.log'}")
        return failed
    _native.STAMP.unlink(missing_ok=True)  # no stamp while the libraries are swapped: nothing loads them
    shutil.rmtree(native / "lib", ignore_errors=True)
    (work / "lib").rename(native / "lib")
    _native.STAMP.write_text(json.dumps({"digest": digest, "build": made, "modules": modules}, indent=1))
    (native / "build.log").unlink(missing_ok=True)
    shutil.rmtree(work, ignore_errors=True)
    print(f"browsy: compiled in {time.perf_counter() - started:.0f} s ({made})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
