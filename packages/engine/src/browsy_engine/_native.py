"""The engine's compiled modules: used when they were built from the sources as they are now.

`make setup` (scripts/build_native.py) compiles the modules on the parse path with mypyc into
packages/engine/native/: C extension modules of the same names, built from the same type-annotated
sources (parses run about 1.7× faster; the output is byte-identical). The sources stay the truth: the
build records a digest of them, and `install()` only puts the compiled modules on the import path when
the sources still have that digest. It is all or none: compiled modules call each other directly, so
one stale module cannot be mixed with fresh ones. Without a build, with a stale one, or with
BROWSY_PURE_PYTHON=1 (to profile with cProfile, which does not see inside compiled code), every module
runs as Python. BROWSY_NATIVE_DIR names another build's folder (its stamp.json and lib/) to load instead:
the build script runs the build it is making that way, and two builds can be timed side by side.

Not compiled: package `__init__` files (they import the rest, and data files are found from them),
modules with network or async code (sessions, tools) and the few in NOT_COMPILED.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE_DIR = Path(__file__).resolve().parent
NATIVE_DIR = PACKAGE_DIR.parent.parent / "native"  # packages/engine/native (not in git)
STAMP = NATIVE_DIR / "stamp.json"
GROUP = "browsy_engine_native"  # one shared library holds every compiled module
COMPILED_PACKAGES = ("css", "dom", "layout", "spatial", "intelligence", "output")
COMPILED_MODULES = ("pipeline.py", "model.py")
NOT_COMPILED = {
    "css/variables.py": "a class defined inside a function",
}

log = logging.getLogger("browsy_engine")


def compiled_sources() -> list[Path]:
    """The source files compiled, in a stable order."""
    files = [PACKAGE_DIR / name for name in COMPILED_MODULES]
    for package in COMPILED_PACKAGES:
        files.extend(p for p in (PACKAGE_DIR / package).rglob("*.py") if p.name != "__init__.py")
    return sorted(p for p in files if p.relative_to(PACKAGE_DIR).as_posix() not in NOT_COMPILED)


def module_name(source: Path) -> str:
    return ".".join(("browsy_engine", *source.relative_to(PACKAGE_DIR).with_suffix("").parts))


def source_digest(files: Sequence[Path]) -> str:
    """What a build was made from: the sources and the interpreter's extension ABI."""
    h = hashlib.sha256(importlib.machinery.EXTENSION_SUFFIXES[0].encode())
    h.update(sys.version.encode())
    for f in files:
        h.update(f.relative_to(PACKAGE_DIR).as_posix().encode() + b"\0")
        h.update(f.read_bytes())
    return h.hexdigest()


def read_stamp(path: Path = STAMP) -> dict | None:
    try:
        stamp = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


class NativeFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled build of each compiled module (and of their shared library)."""

    def __init__(self, paths: dict[str, str]) -> None:
        self.paths = paths

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        so = self.paths.get(fullname)
        if so is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, so)
        return importlib.util.spec_from_file_location(fullname, so, loader=loader)


def install() -> bool:
    """Load the compiled modules from now on, if the build matches the sources. True when it does."""
    if os.environ.get("BROWSY_PURE_PYTHON") or any(isinstance(f, NativeFinder) for f in sys.meta_path):
        return False
    native = Path(os.environ.get("BROWSY_NATIVE_DIR") or NATIVE_DIR)
    finder = finder_for(read_stamp(native / STAMP.name), native / "lib")
    if finder is None:
        return False
    sys.meta_path.insert(0, finder)
    return True


def finder_for(stamp: dict | None, lib: Path) -> NativeFinder | None:
    """The finder of a build (its stamp, its libraries' folder) if it was made from the current sources."""
    if stamp is None:
        return None
    if stamp.get("digest") != source_digest(compiled_sources()):
        log.warning(
            "browsy: the compiled engine is older than its sources (run `make setup`): running as Python"
        )
        return None
    paths = {name: str(lib / rel) for name, rel in stamp.get("modules", {}).items()}
    if not paths or not all(Path(p).is_file() for p in paths.values()):
        return None
    return NativeFinder(paths)


def active() -> bool:
    """Whether this process runs the compiled modules."""
    module = sys.modules.get("browsy_engine.pipeline")
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)
