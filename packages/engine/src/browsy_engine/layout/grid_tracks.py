"""Parsing grid track lists (`grid-template-columns`, `grid-auto-rows`, …) and template areas into
Taffy's track dicts."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Final

from ..css.style import ComputedStyle
from ..css.tokenizer import tokenize
from ..css.values import Viewport, dimension_lin
from .context import LayoutContext

NAN: Final = math.nan
_NAMES: Final = re.compile(r"\[[^\]]*\]")
_PLAIN: Final = re.compile(r"^[+]?(\d+(\.\d*)?|\.\d+)(px|fr|%)$")


@dataclass(frozen=True, slots=True)
class TrackUnits:
    """What the lengths of a grid's track list resolve against besides its size: the grid's font size
    (em), the root's (rem) and the viewport (vw, vh)."""

    font_size: float
    root_font_size: float
    viewport: Viewport


DEFAULT_UNITS: Final = TrackUnits(16.0, 16.0, Viewport(1920.0, 1080.0))


def track_units(ctx: LayoutContext, s: ComputedStyle) -> TrackUnits:
    """What grid container s's track lengths resolve against (font sizes of it and the root, viewport)."""
    root = ctx.styles_or_none[0] if ctx.styles_or_none else None
    root_font = root.font_size if root is not None else 16.0
    return TrackUnits(s.font_size, root_font, Viewport(ctx.viewport_w, ctx.viewport_h))


def explicit_tracks(tracks: list[dict]) -> list[dict] | None:
    """A track list with its integer repeat()s expanded; None with an automatic repetition."""
    out: list[dict] = []
    for t in tracks:
        if t["single"] is not None:
            out.append(t["single"])
        elif t["repetition"] > 0:
            out.extend(t["repeat"] * t["repetition"])
        else:
            return None
    return out


def _tokens(text: str) -> list[str]:
    """The top-level components of a track list (split at whitespace outside parentheses)."""
    out: list[str] = []
    depth, start = 0, -1
    for k, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch.isspace() and depth <= 0:
            if start >= 0:
                out.append(text[start:k])
                start = -1
            continue
        if start < 0:
            start = k
    if start >= 0:
        out.append(text[start:])
    return out


def _top_comma(text: str) -> int:
    """Where the first comma outside parentheses is in `text` (-1: none)."""
    depth = 0
    for k, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            return k
    return -1


def _length(tok: str, ref: float | None, units: TrackUnits) -> tuple[int, float] | None:
    tok = tok.strip()
    if tok == "auto":
        return (0, NAN)
    if tok == "min-content":
        return (3, NAN)
    if tok == "max-content":
        return (4, NAN)
    if tok == "0":
        return (1, 0.0)
    m = _PLAIN.match(tok)
    if m is not None:
        value = float(tok[: m.start(3)])
        unit = m.group(3)
        return (7, value) if unit == "fr" else (1, value) if unit == "px" else (2, value / 100)
    return _relative_length(tok, ref, units)


def _relative_length(tok: str, ref: float | None, units: TrackUnits) -> tuple[int, float] | None:
    """A track length in font or viewport units or a math function (CSS Values §6, §10): px, or a
    percentage when it is one alone; a mix of both is resolved against `ref` (auto when it has none)."""
    parsed = [t for t in tokenize(tok) if t.type != "whitespace"]
    if len(parsed) != 1:
        return None
    lin = dimension_lin(parsed[0], units.viewport)
    if lin is None:
        return None
    length = lin[0] + lin[2] * units.font_size + lin[3] * units.root_font_size
    if not lin[1]:
        return (1, length)
    if not length:
        return (2, lin[1])
    if ref is None:
        return (0, NAN)
    return (1, length + lin[1] * ref)


def _size(tok: str, ref: float | None, units: TrackUnits) -> dict | None:
    tok = tok.strip()
    if tok.startswith("minmax(") and tok.endswith(")"):
        inner = tok[7:-1]
        comma = _top_comma(inner)
        if comma < 0:
            return None
        lo, hi = _length(inner[:comma], ref, units), _length(inner[comma + 1 :], ref, units)
        if lo is None or hi is None:
            return None
        if lo[0] == 7:
            lo = (0, NAN)
        return {"min_size": {"dim": lo[0], "value": lo[1]}, "max_size": {"dim": hi[0], "value": hi[1]}}
    if tok.startswith("fit-content(") and tok.endswith(")"):
        v = _length(tok[12:-1], ref, units)
        if v is None or v[0] not in (1, 2):
            return None
        return {
            "min_size": {"dim": 0, "value": NAN},
            "max_size": {"dim": 5 if v[0] == 1 else 6, "value": v[1]},
        }
    v = _length(tok, ref, units)
    if v is None:
        return None
    if v[0] == 7:
        return {"min_size": {"dim": 0, "value": NAN}, "max_size": {"dim": 7, "value": v[1]}}
    return {"min_size": {"dim": v[0], "value": v[1]}, "max_size": {"dim": v[0], "value": v[1]}}


def track_sizes(text: str | None, ref: float | None, units: TrackUnits = DEFAULT_UNITS) -> list[dict]:
    """Track sizes (`grid-auto-rows`, or the tracks a repeat() repeats: `repeat(2, auto)` is two auto
    tracks, an empty list would drop the whole track list)."""
    if not text or text.strip() == "none":
        return []
    out = []
    for tok in _tokens(_NAMES.sub(" ", text.lower())):
        size = _size(tok, ref, units)
        if size is None:
            return []
        out.append(size)
    return out


def track_list(text: str | None, ref: float | None, units: TrackUnits = DEFAULT_UNITS) -> list[dict]:
    """A grid-template-* value as Taffy's list of single tracks and repeat() groups."""
    if not text or text.strip() in ("none", "auto", "subgrid", "masonry"):
        return []
    out: list[dict] = []
    for tok in _tokens(_NAMES.sub(" ", text.lower())):
        if tok.startswith("repeat(") and tok.endswith(")"):
            count, _, tracks = tok[7:-1].partition(",")
            count = count.strip()
            sizes = track_sizes(tracks, ref, units)
            if not sizes:
                return []
            if count == "auto-fill":
                rep = 0
            elif count == "auto-fit":
                rep = -1
            else:
                try:
                    rep = max(1, min(int(count), 1000))
                except ValueError:
                    return []
            out.append({"repetition": rep, "single": None, "repeat": sizes})
            continue
        size = _size(tok, ref, units)
        if size is None:
            return []
        out.append({"repetition": -2, "single": size, "repeat": []})
    return out


def template_areas(text: str | None) -> dict[str, tuple[int, int, int, int]]:
    """name -> (row start line, row end line, column start line, column end line), 1-based."""
    if not text or text.strip() == "none":
        return {}
    rows = [r.split() for r in re.findall(r"\"([^\"]*)\"|'([^']*)'", text) for r in [r[0] or r[1]]]
    areas: dict[str, list[int]] = {}
    for ri, row in enumerate(rows):
        for ci, name in enumerate(row):
            if name == "." or set(name) == {"."}:
                continue
            a = areas.get(name)
            if a is None:
                areas[name] = [ri + 1, ri + 2, ci + 1, ci + 2]
            else:
                a[0], a[1] = min(a[0], ri + 1), max(a[1], ri + 2)
                a[2], a[3] = min(a[2], ci + 1), max(a[3], ci + 2)
    return {k: (v[0], v[1], v[2], v[3]) for k, v in areas.items()}


def stretch_auto_tracks(tracks: list[dict]) -> None:
    """CSS grid stretches `auto` tracks into leftover space (justify-content: normal); Taffy 0.3 does
    not, so when no track is flexible, auto max sizes become 1fr (min stays auto)."""
    sizes = [t["single"] for t in tracks if t["single"] is not None]
    sizes += [r for t in tracks for r in t["repeat"]]
    if any(sz["max_size"]["dim"] == 7 for sz in sizes):
        return
    for sz in sizes:
        if sz["max_size"]["dim"] == 0:
            sz["max_size"] = {"dim": 7, "value": 1.0}


def stretched_auto_columns(
    tracks: list[dict], contents: list[float], width: float, gaps: float
) -> list[float] | None:
    """The widths of explicit columns `tracks` whose items are `contents` wide at most, when the grid's
    auto columns stretch (CSS Grid §12.8, justify-content: normal): each auto column its items'
    max-content width (§12.6, maximize tracks) plus an equal share of the space left. None when a
    column is flexible or intrinsic otherwise, or the columns do not fit (then Taffy sizes them)."""
    sizes: list[float] = []
    auto = 0
    for track, need in zip(tracks, contents):
        least, most = track["min_size"], track["max_size"]
        if least["dim"] not in (0, 1, 2):
            return None
        floor = 0.0 if least["dim"] == 0 else least["value"] * (width if least["dim"] == 2 else 1.0)
        if most["dim"] == 0:
            sizes.append(max(floor, need))
            auto += 1
        elif most["dim"] == 1:
            sizes.append(max(floor, most["value"]))
        elif most["dim"] == 2:
            sizes.append(max(floor, most["value"] * width))
        else:
            return None
    free = width - gaps - sum(sizes)
    if not auto or free < 0.0:
        return None
    share = free / auto
    return [size + share if track["max_size"]["dim"] == 0 else size for track, size in zip(tracks, sizes)]


def collapse_auto_fit(tracks: list[dict], items: int, width: float, gap: float) -> None:
    """A track list that is one `repeat(auto-fit, …)` alone, in a grid of `items` auto-placed items
    one cell each: when they fill fewer repetitions than fit in `width`, the empty ones collapse with
    their gutters (CSS Grid §7.2.3.2), as if the repetition counted the items. Taffy 0.3 collapses the
    tracks but keeps the gutters, so the count is set here."""
    if len(tracks) != 1 or tracks[0]["repetition"] != -1 or items < 1:
        return
    pattern = 0.0
    for size in tracks[0]["repeat"]:
        fixed = _definite(size["max_size"], width)
        if fixed is None:
            fixed = _definite(size["min_size"], width)
        if fixed is None:
            return
        pattern += fixed
    per = len(tracks[0]["repeat"])
    step = pattern + gap * per
    if step <= 0.0:
        return
    fits = max(1, int((width + gap) // step))
    if items < fits * per and items % per == 0:
        tracks[0]["repetition"] = items // per


def _definite(size: dict, width: float) -> float | None:
    """A track sizing function's px when it is a length or percentage, else None."""
    if size["dim"] == 1:
        return float(size["value"])
    if size["dim"] == 2:
        return float(size["value"]) * width
    return None


LineNames = dict[str, list[int]]


def line_names(text: str | None) -> LineNames:
    """The explicit grid lines each name in a track list (`[full-start] 1fr [content-start] …`) is given
    to, 1-based and ascending (CSS Grid §7.2.2). Integer repeat() is expanded; names after an automatic
    repetition are left out (its count is only known to the track sizing)."""
    names: LineNames = {}
    if not text or "[" not in text:
        return names
    line = 1
    for tok in _tokens(text.lower()):
        if tok.startswith("["):
            for name in tok.strip("[]").split():
                names.setdefault(name, []).append(line)
        elif tok.startswith("repeat(") and tok.endswith(")"):
            count, _, tracks = tok[7:-1].partition(",")
            if not count.strip().isdigit():
                break
            inner = _tokens(tracks)
            for _ in range(min(int(count), 1000)):
                for part in inner:
                    if part.startswith("["):
                        for name in part.strip("[]").split():
                            names.setdefault(name, []).append(line)
                    else:
                        line += 1
        else:
            line += 1
    return names


def grid_names(
    columns: str | None, rows: str | None, areas: dict[str, tuple[int, int, int, int]]
) -> tuple[LineNames, LineNames] | None:
    """The named lines of a grid's columns and rows: those its track lists name and the `name-start` /
    `name-end` lines of its template areas (CSS Grid §7.3.2). None when it has none."""
    cols, rws = line_names(columns), line_names(rows)
    if not cols and not rws:
        return None  # areas alone: grid_lines resolves them
    for name, (r0, r1, c0, c1) in areas.items():
        cols.setdefault(name + "-start", []).append(c0)
        cols.setdefault(name + "-end", []).append(c1)
        rws.setdefault(name + "-start", []).append(r0)
        rws.setdefault(name + "-end", []).append(r1)
    for d in (cols, rws):
        for lines in d.values():
            lines.sort()
    return cols, rws


def named_line(raw: str | None, names: LineNames, end: bool) -> str | None:
    """A grid-line placement with a name (`content`, `full-start`, `col 2`) as its line number (CSS Grid
    §8.3): a name alone is the first line named `name-start` (an end: `name-end`), else the first named
    `name`; `name N` the Nth line named so (from the last when negative). Other placements unchanged."""
    if raw is None:
        return raw
    words = raw.split()
    if not words or words[0] == "span" or words[0][0].isdigit() or words[0][0] in "+-":
        if len(words) == 2 and words[0][0] in "+-0123456789" and words[1] in names:
            words = [words[1], words[0]]  # `2 col` is `col 2`
        else:
            return raw
    if len(words) > 2 or words[0] in ("auto", "span"):
        return raw
    name = words[0]
    if len(words) == 1:
        lines = names.get(name + ("-end" if end else "-start")) or names.get(name)
        return str(lines[0]) if lines else raw
    lines = names.get(name)
    try:
        nth = int(words[1])
    except ValueError:
        return raw
    if not lines or nth == 0 or abs(nth) > len(lines):
        return raw
    return str(lines[nth - 1] if nth > 0 else lines[nth])
