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

An exported SVG carries its fonts (issue 40: "● written" ran into the next swatch, because vl-convert
measured the legend in its own sans-serif and Chromium drew it in DejaVu Sans, 12 px wider). prepare()
also makes LATIN: DejaVu Sans and Sans Mono renamed "Stone Sans" and "Stone Mono"; an SVG's chart names
them first (latin_first) so vl-convert measures its text in them, and embed() puts a subset of every
face its text uses, just the characters it draws, into the file as @font-face (WOFF, base64), so every
viewer draws the text in the font it was measured in.

The light student page draws a phone's picture inline (its SVG in the page), so the page itself can carry
the Latin faces once for every picture: web_fonts() makes WOFF subsets of Stone Sans and Stone Mono (ASCII and
SYMBOLS, ~52 KB for the four faces) that the page's style names, cached by the browser for a year.
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
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
LATIN = {"DejaVu Sans": "Stone Sans", "DejaVu Sans Mono": "Stone Mono"}  # an SVG's Latin faces: system's -> ours
SANS, MONO = LATIN.values()
_covered: frozenset[str] | None = None  # the characters the registered subsets hold (None: none registered)
_faces: dict[tuple[str, str], Path] = {}  # (our family, style) -> its file, for every face prepare() registered


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
    held = [_face(directory, theirs, ours, style, chars) for theirs, ours in FAMILIES.items() for style in STYLES]
    latin = [_face(directory, theirs, ours, style, chars) for theirs, ours in LATIN.items() for style in STYLES]
    if any(got is None for got in held):
        _faces.clear()
        return False
    if any(got is None for got in latin):  # an SVG without them keeps its generic families, as before
        for face in [face for face in _faces if face[0] in LATIN.values()]:
            del _faces[face]
    vlc.register_font_directory(str(directory))
    _covered = frozenset(set.intersection(*held))  # type: ignore[arg-type]
    return True


def _face(directory: Path, theirs: str, ours: str, style: str, chars: set[str]) -> set[str] | None:
    """Our subset of the system's face (made now unless it is in `directory`) noted in _faces; the
    characters it holds (None: the system has no such face)."""
    path = directory / f"{ours.replace(' ', '')}-{style}.otf"
    if path.exists():
        got = _held(path)
    elif (source := _source(theirs, style)) is not None:
        got = _subset(source, chars, ours, style, path)
    else:
        return None
    _faces[(ours, style)] = path
    return got


WEB_CHARS = frozenset({chr(c) for c in range(0x20, 0x7F)} | set(SYMBOLS))  # a phone picture's Latin text


def web_fonts(directory: Path | None = None) -> dict[tuple[str, str], bytes]:
    """WOFF subsets of our Latin faces (Stone Sans, Stone Mono; Regular and Bold) holding WEB_CHARS, by (family,
    style), kept in `directory` (made once); {} when the system lacks one of them or fontTools is missing."""
    try:
        import fontTools  # noqa: F401 - only to know whether subsets can be made
    except ImportError:
        return {}
    digest = hashlib.blake2b("".join(sorted(WEB_CHARS)).encode(), digest_size=8).hexdigest()
    directory = directory or Path(tempfile.gettempdir()) / f"stonegame-webfonts-{digest}"
    directory.mkdir(parents=True, exist_ok=True)
    made: dict[tuple[str, str], bytes] = {}
    for theirs, ours in LATIN.items():
        for style in STYLES:
            woff = directory / f"{ours.replace(' ', '')}-{style}.woff"
            if not woff.exists():
                source = _source(theirs, style)
                if source is None:
                    return {}
                face = directory / f"{ours.replace(' ', '')}-{style}.otf"
                _subset(source, set(WEB_CHARS), ours, style, face)
                partial = woff.with_suffix(".part")
                partial.write_bytes(_woff(face, set(WEB_CHARS)))
                os.replace(partial, woff)  # atomic: another replica may be reading the directory
            made[(ours, style)] = woff.read_bytes()
    return made


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


# --- an SVG that carries its fonts ---------------------------------------------------------------


def latin_first(font: str) -> str:
    """A font list with our Latin face first (Stone Mono for a monospace list, else Stone Sans),
    unless it names a CJK face (use_subsets puts ours first there) or prepare() registered none."""
    if (SANS, "Regular") not in _faces or any(family in font for family in (*FAMILIES, *FAMILIES.values(), SANS, MONO)):
        return font
    return f"{MONO if 'monospace' in font else SANS}, {font}"


_TEXT = re.compile(r"<text([^>]*)>(.*?)</text>", re.S)
_FAMILY = re.compile(r'font-family="([^"]*)"')


def _drawn(svg: str) -> dict[tuple[str, str], set[str]]:
    """The characters each face (first family of the list, style) draws in the SVG's text elements."""
    drawn: dict[tuple[str, str], set[str]] = {}
    for attrs, inner in _TEXT.findall(svg):
        family = _FAMILY.search(attrs)
        if family is None:
            continue
        style = "Bold" if 'font-weight="bold"' in attrs else "Regular"
        face = (html.unescape(family.group(1)).split(",")[0].strip().strip("'\""), style)
        drawn.setdefault(face, set()).update(html.unescape(re.sub(r"<[^>]*>", "", inner)))
    return drawn


def _woff(path: Path, chars: set[str]) -> bytes:
    """The face at path cut down to these characters (no hinting, the default layout features), as WOFF bytes."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(path, recalcTimestamp=False)  # the same SVG for the same chart, whenever it is made
    options = subset.Options()
    options.flavor, options.hinting, options.notdef_outline = "woff", False, True  # hinting: half the bytes
    options.drop_tables += ["FFTM", "MATH"]  # a timestamp and DejaVu's math layout: nothing a chart draws
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars])
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _font_face(face: tuple[str, str], data: bytes) -> str:
    """The CSS rule that names `data` (a WOFF) as the face."""
    weight = "bold" if face[1] == "Bold" else "normal"
    encoded = base64.b64encode(data).decode("ascii")
    source = f'url(data:font/woff;base64,{encoded}) format("woff")'
    return f'@font-face{{font-family:"{face[0]}";font-weight:{weight};src:{source}}}'


def embed(svg: str) -> str:
    """The SVG with a <style> after its opening tag holding, for every one of our faces its text uses,
    a subset of that face (just the characters it draws there) as @font-face; unchanged if none."""
    rules = [_font_face(face, _woff(_faces[face], chars)) for face, chars in _drawn(svg).items() if face in _faces]
    if not rules:
        return svg
    start = svg.index(">", svg.index("<svg")) + 1
    return f"{svg[:start]}<defs><style>{''.join(rules)}</style></defs>{svg[start:]}"
