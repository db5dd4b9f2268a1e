#!/usr/bin/env python3
"""Generate the font width tables the layout engine ships (dev-time only).

Reads the TrueType files of Debian's fonts-liberation and fonts-dejavu-core (the fonts Chromium uses on
this platform for serif / sans-serif / monospace and their common aliases) with fontTools and writes
`packages/engine/src/browsy_engine/layout/font_metrics.json.gz` (gzip-compressed JSON): per face, unitsPerEm, the hhea
ascent/descent/lineGap (what Chromium's FreeType backend uses for `line-height: normal`), the advance
width of every code point in the ranges below and of every other BMP code point the face maps
(box drawing, symbols, private-use glyphs), the .notdef advance (for anything else) and the legacy
`kern` pairs between covered code points (HarfBuzz applies them by default).

Usage: python scripts/gen_font_metrics.py [--fonts /usr/share/fonts/truetype]
(needs `pip install fonttools` in a scratch environment; not a runtime dependency)
"""

from __future__ import annotations

import argparse
import gzip
import json
import pathlib
from typing import Any

from fontTools.ttLib import TTFont

RANGES = [
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x0100, 0x024F),  # Latin Extended-A/B
    (0x0370, 0x03FF),  # Greek
    (0x0400, 0x04FF),  # Cyrillic
    (0x2000, 0x206F),  # General Punctuation
    (0x20A0, 0x20BF),  # Currency symbols
    (0x2100, 0x215F),  # Letterlike symbols, number forms
    (0x2190, 0x21FF),  # Arrows
    (0x2200, 0x22FF),  # Mathematical operators
    (0x25A0, 0x25FF),  # Geometric shapes
]

# family key -> {(weight, style): file}
FACES = {
    "liberation serif": {
        (400, "normal"): "liberation/LiberationSerif-Regular.ttf",
        (700, "normal"): "liberation/LiberationSerif-Bold.ttf",
        (400, "italic"): "liberation/LiberationSerif-Italic.ttf",
        (700, "italic"): "liberation/LiberationSerif-BoldItalic.ttf",
    },
    "liberation sans": {
        (400, "normal"): "liberation/LiberationSans-Regular.ttf",
        (700, "normal"): "liberation/LiberationSans-Bold.ttf",
        (400, "italic"): "liberation/LiberationSans-Italic.ttf",
        (700, "italic"): "liberation/LiberationSans-BoldItalic.ttf",
    },
    "liberation mono": {
        (400, "normal"): "liberation/LiberationMono-Regular.ttf",
        (700, "normal"): "liberation/LiberationMono-Bold.ttf",
        (400, "italic"): "liberation/LiberationMono-Italic.ttf",
        (700, "italic"): "liberation/LiberationMono-BoldItalic.ttf",
    },
    "dejavu sans": {
        (400, "normal"): "dejavu/DejaVuSans.ttf",
        (700, "normal"): "dejavu/DejaVuSans-Bold.ttf",
        (400, "italic"): "dejavu/DejaVuSans-Oblique.ttf",
        (700, "italic"): "dejavu/DejaVuSans-BoldOblique.ttf",
    },
    "dejavu serif": {
        (400, "normal"): "dejavu/DejaVuSerif.ttf",
        (700, "normal"): "dejavu/DejaVuSerif-Bold.ttf",
        (400, "italic"): "dejavu/DejaVuSerif-Italic.ttf",
        (700, "italic"): "dejavu/DejaVuSerif-BoldItalic.ttf",
    },
    "dejavu sans mono": {
        (400, "normal"): "dejavu/DejaVuSansMono.ttf",
        (700, "normal"): "dejavu/DejaVuSansMono-Bold.ttf",
        (400, "italic"): "dejavu/DejaVuSansMono-Oblique.ttf",
        (700, "italic"): "dejavu/DejaVuSansMono-BoldOblique.ttf",
    },
}


# Characters missing from a face come from fontconfig's fallback (DejaVu Sans here); what no installed
# font covers (CJK, Thai, Devanagari, ...) is drawn as a missing-glyph box TOFU_EM wide.
FALLBACK = "dejavu/DejaVuSans.ttf"
TOFU_EM = 0.365234375  # measured in Chromium: 5.84375 px per character at 16px


def fallback_table(path: pathlib.Path) -> dict:
    """Advance widths (em) of every code point DejaVu Sans covers (its emoticons and other characters
    beyond the BMP too), as runs [start, [adv...]]."""
    font = TTFont(str(path))
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    upem = font["head"].unitsPerEm
    runs: list[list] = []
    for cp in sorted(cmap):
        adv = hmtx[cmap[cp]][0]
        if runs and runs[-1][0] + len(runs[-1][1]) == cp:
            runs[-1][1].append(adv)
        else:
            runs.append([cp, [adv]])
    return {"upem": upem, "runs": runs, "tofu_em": TOFU_EM}


def _in_ranges(cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in RANGES)


def extra_runs(cmap: dict[int, str], hmtx: Any) -> list[list]:
    """Every other BMP code point the face maps (box drawing, dingbat-like symbols, its private-use
    glyphs, ...), as runs [start, [adv...]]: Chromium draws a character with the face whenever the
    face has a glyph for it, so measuring it with the fallback font would be wrong."""
    runs: list[list] = []
    for cp in sorted(c for c in cmap if c <= 0xFFFF and not _in_ranges(c)):
        adv = hmtx[cmap[cp]][0]
        if runs and runs[-1][0] + len(runs[-1][1]) == cp:
            runs[-1][1].append(adv)
        else:
            runs.append([cp, [adv]])
    return runs


def face_table(path: pathlib.Path) -> dict:
    font = TTFont(str(path))
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    hhea = font["hhea"]
    notdef = hmtx[font.getGlyphOrder()[0]][0]
    ranges = []
    for lo, hi in RANGES:
        ranges.append([lo, [hmtx[cmap[cp]][0] if cp in cmap else -1 for cp in range(lo, hi + 1)]])
    ranges.extend(extra_runs(cmap, hmtx))
    kern: dict[str, int] = {}
    if "kern" in font:
        # kerning is between glyphs: every covered character drawn with a glyph has its pairs (the
        # Liberation faces draw U+00A0 with the space glyph, so "\u00a0A" kerns as " A" does)
        glyph_to_chars: dict[str, list[str]] = {}
        for lo, hi in RANGES:
            for cp in range(lo, hi + 1):
                if cp in cmap:
                    glyph_to_chars.setdefault(cmap[cp], []).append(chr(cp))
        for table in font["kern"].kernTables:
            for (left, right), value in getattr(table, "kernTable", {}).items():
                if not value:
                    continue
                for a in glyph_to_chars.get(left, ()):
                    for b in glyph_to_chars.get(right, ()):
                        kern[a + b] = value
    return {
        "upem": font["head"].unitsPerEm,
        "ascent": hhea.ascent,
        "descent": -hhea.descent,
        "line_gap": hhea.lineGap,
        "x_height": getattr(font["OS/2"], "sxHeight", 0) or round(font["head"].unitsPerEm * 0.5),
        "notdef": notdef,
        "ranges": ranges,
        "kern": kern,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fonts", default="/usr/share/fonts/truetype")
    ap.add_argument(
        "--out",
        default=str(
            pathlib.Path(__file__).resolve().parent.parent
            / "packages/engine/src/browsy_engine/layout/font_metrics.json.gz"
        ),
    )
    args = ap.parse_args()
    root = pathlib.Path(args.fonts)
    out: dict[str, dict] = {}
    for family, faces in FACES.items():
        for (weight, style), file in faces.items():
            out[f"{family}|{weight}|{style}"] = face_table(root / file)
    out["fallback"] = fallback_table(root / FALLBACK)
    data = json.dumps(out, separators=(",", ":"), sort_keys=True).encode()
    pathlib.Path(args.out).write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    print(f"wrote {args.out}: {len(out)} faces")


if __name__ == "__main__":
    main()
