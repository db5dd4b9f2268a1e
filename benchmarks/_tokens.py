"""Token counts with tiktoken's o200k_base, offline.

tiktoken downloads the encoding's vocabulary (`o200k_base.tiktoken`) at first use and keeps it in its
cache folder (TIKTOKEN_CACHE_DIR), under the SHA-1 of the URL it comes from; on every load it checks the
file's SHA-256 against the one it expects, so a wrong file is never used. The dev dependency bpe-openai
(PyPI) ships that same file, gzipped: when tiktoken's cache does not have it, it is written there from
that package (without importing it), and tiktoken then loads it as its own download. Without either
package, counts fall back to characters / 4, and the caller says so.
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import os
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CACHE = REPO / ".tools" / "tiktoken"  # tiktoken's cache when the caller sets none
VOCABULARY_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
SHIPPED = ("data", "o200k_base.tiktoken.gz")  # where bpe-openai keeps the file, inside its package

Counter = Callable[[str], int]


def token_counter() -> tuple[Counter, str]:
    """A function counting the tokens of a text, and how it counts."""
    try:
        import tiktoken
    except ImportError:
        return _estimate, "characters / 4 (tiktoken is not installed)"
    os.environ.setdefault("TIKTOKEN_CACHE_DIR", str(CACHE))
    _seed_cache(Path(os.environ["TIKTOKEN_CACHE_DIR"]))
    try:
        encoding = tiktoken.get_encoding("o200k_base")
    except Exception as err:  # no cached vocabulary and no network: say why, count on
        return (
            _estimate,
            f"characters / 4 (tiktoken's o200k_base vocabulary is not available: {type(err).__name__})",
        )
    return (lambda text: len(encoding.encode(text, disallowed_special=()))), "tiktoken o200k_base"


def _estimate(text: str) -> int:
    return (len(text) + 3) // 4


def _seed_cache(cache: Path) -> None:
    """Put bpe-openai's copy of the vocabulary where tiktoken looks for its download (if not there yet)."""
    target = cache / hashlib.sha1(VOCABULARY_URL.encode()).hexdigest()
    if target.exists() or cache == Path(""):
        return
    shipped = _shipped_vocabulary()
    if shipped is None:
        return
    cache.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".{os.getpid()}.tmp")
    partial.write_bytes(gzip.decompress(shipped.read_bytes()))
    partial.replace(target)  # tiktoken checks its SHA-256 when it reads it


def _shipped_vocabulary() -> Path | None:
    spec = importlib.util.find_spec("bpe_openai")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))).joinpath(*SHIPPED)
    return path if path.is_file() else None
