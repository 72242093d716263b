"""Small copies of the Noto CJK faces the charts name, for rendering pictures on the server.

vl-convert opens and maps a font file once per glyph it measures or draws. The Noto Sans CJK
collection (Debian's fonts-noto-cjk) is one 19 MB file of ten faces, and each of its glyphs costs
3-5 times a DejaVu glyph: a Chinese or Java chart takes 0.7 s to lay out and 0.45 s to rasterise
with it, 0.2 s and 0.12 s with a subset of the same faces holding only the characters this app
draws (about 700: every catalogue string, both listings, ASCII, Latin-1 and the symbols).

prepare() makes the subsets once (with fontTools, ~1.5 s per face) in a directory named by their
character set, registers the directory with vl-convert and remembers which characters they hold;
use_subsets() then puts the subset families first in a compiled chart's font lists, but only when
they hold every character of its text (else the chart keeps the full Noto faces). Without fontTools
or without the Noto faces nothing changes: the pictures are the same, only slower.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

FAMILIES = {"Noto Sans CJK SC": "Stone CJK Sans", "Noto Sans Mono CJK SC": "Stone CJK Mono"}  # chart's -> ours
STYLES = ("Regular", "Bold")
SYMBOLS = "−·–—‘’“”…→←↑↓⇒●○★☆▶◀⏮⏭⏸⏯✓✗✔✘≤≥≠×÷∞√±⋯　、。，：；！？（）【】《》「」"
_covered: frozenset[str] | None = None  # the characters the registered subsets hold (None: none registered)


def charset() -> set[str]:
    """Every character the app's charts can draw: the catalogue in every language, every listing,
    ASCII, Latin-1 and SYMBOLS."""
    from stonegame.i18n import CATALOGUE
    from stonegame.listing import listing

    chars = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x100)} | set(SYMBOLS)
    for entry in CATALOGUE.values():
        for text in entry.values():
            chars.update(text)
    for code in ("py", "java"):
        for form in ("total", "diff"):
            for k in range(1, 6):
                chars.update("".join(listing(code, form, k).lines))
    return chars


def _source(family: str, style: str) -> tuple[str, int] | None:
    """The font file and face index fontconfig has for the family and style, if it is that family."""
    if not shutil.which("fc-match"):
        return None
    found = subprocess.run(
        ["fc-match", "-f", "%{family}\t%{file}\t%{index}", f"{family}:style={style}"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split("\t")
    if len(found) != 3 or family not in found[0].split(","):
        return None
    return found[1], int(found[2] or 0)


def _subset(source: tuple[str, int], chars: set[str], family: str, style: str, path: Path) -> set[str]:
    """Write the face's subset for these characters to path, renamed to `family`; the characters it holds."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(source[0], fontNumber=source[1])
    options = subset.Options()
    options.name_IDs, options.name_languages, options.layout_features = ["*"], ["*"], ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    full, postscript = f"{family} {style}", f"{family.replace(' ', '')}-{style}"
    names = {1: family, 2: style, 4: full, 6: postscript, 16: family, 17: style}
    for record in font["name"].names:
        if record.nameID in names:
            record.string = names[record.nameID]
    partial = path.with_suffix(".part")
    font.save(partial)
    os.replace(partial, path)  # atomic: another worker may be reading the directory
    return {chr(c) for c in font.getBestCmap()}


def _held(path: Path) -> set[str]:
    from fontTools.ttLib import TTFont

    return {chr(c) for c in TTFont(path, lazy=True).getBestCmap()}


def prepare(directory: Path | None = None) -> bool:
    """Make (or find) the subsets and register them with vl-convert; whether they are in use."""
    global _covered
    try:
        import fontTools  # noqa: F401 - only to know whether subsets can be made
        import vl_convert as vlc
    except ImportError:
        return False
    chars = charset()
    digest = hashlib.blake2b("".join(sorted(chars)).encode(), digest_size=8).hexdigest()
    directory = directory or Path(tempfile.gettempdir()) / f"stonegame-fonts-{digest}"
    directory.mkdir(parents=True, exist_ok=True)
    held: set[str] | None = None
    for theirs, ours in FAMILIES.items():
        for style in STYLES:
            path = directory / f"{ours.replace(' ', '')}-{style}.otf"
            if path.exists():
                got = _held(path)
            elif (source := _source(theirs, style)) is not None:
                got = _subset(source, chars, ours, style, path)
            else:
                return False
            held = got if held is None else held & got
    vlc.register_font_directory(str(directory))
    _covered = frozenset(held or ())
    return True


def _text(node: object) -> str:
    return json.dumps(node, ensure_ascii=False)


def use_subsets(vega: dict[str, Any]) -> dict[str, Any]:
    """The compiled chart with each Noto CJK family in its font lists preceded by our subset of it,
    if prepare() registered subsets that hold every character of the chart; else the chart as it is."""
    if _covered is None or not set(_text(vega)) <= _covered | _NOT_DRAWN:
        return vega
    pattern = re.compile("|".join(re.escape(f) for f in FAMILIES))
    return json.loads(pattern.sub(lambda m: f"{FAMILIES[m.group(0)]}, {m.group(0)}", json.dumps(vega)))


# characters of a spec's JSON that are never drawn as text (structure, control, the zero-width space
# the captions break lines at)
_NOT_DRAWN = frozenset('{}[]":,\\\n\t\u200b\u00a0')
