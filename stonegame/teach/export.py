"""Exports for slides and notebooks: the trace as CSV or JSON, and the explainer chart rendered on the
server as SVG or PNG (the GIF: stonegame.teach.gif). Pure: a Vega-Lite spec dict in, bytes out.

Vocabulary:
    kind        what a download holds: "csv" and "json" (the trace), "png" and "svg" (the chart at one
                frame), "gif" (every frame)
    spec        the explainer's Vega-Lite spec, as the explainer builds it (stonegame.fill.spec): one
                vconcat of buttons, caption, arrays, bars and code sharing a `frame` parameter
    frame       0 .. last: the frame of the window the chart animates (`last` is a param of the spec)
    static      the spec made for a picture: the frame fixed, the in-chart buttons, the slider and the
                Vega timers taken out (nothing can be clicked in an image), and the chart's
                "container" width (there is no container off-screen) replaced by a width in pixels

Rendering uses vl-convert (Vega-Lite → Vega → SVG, rasterised by resvg): `to_vega` compiles the
picture once, `_svg` + `_rasterise` draw it at a frame. The GIF is stonegame.teach.gif's, which draws
from the same compiled picture. Nothing here imports pandas at import time (the render worker, which
imports this module, has no use for it); the trace files take a Solution.
"""

from __future__ import annotations

import copy
import json
import unicodedata
from typing import TYPE_CHECKING, Any, Literal, get_args

import vl_convert as vlc

from stonegame.teach import fonts
from stonegame.window import GIF_WINDOW

if TYPE_CHECKING:
    from stonegame.solver import Solution

VL_VERSION = "6.4"  # Altair 6.3 writes Vega-Lite 6.4 specs; vl-convert 1.9 bundles that version
WIDTH = 960  # pixels across a rendered chart: a slide's width at 1×
PNG_SCALE = 2.0  # a PNG for slides: sharp on a projector
GIF_SCALE = 1.0
GIF_MS = 900  # each frame shows for this long; the last one (the verdict) for GIF_HOLD_MS
GIF_HOLD_MS = 3000
MAX_GIF_FRAMES = 2 * GIF_WINDOW + 2  # a GIF of GIF_WINDOW piles: the start, 2 steps a pile, the verdict
SECONDS_PER_FRAME = 0.19  # CPU seconds a GIF frame costs, Chinese and Java at worst (scripts/gif_bench.py) ...
GIF_FIXED_SECONDS = 2.0  # ... and what every GIF costs once (the whole chart at two frames, the layers, the palette)
NAV_LAYER = "nav_button"  # the in-chart buttons' layer name (stonegame.draw.player.nav_bar); Altair may add "_0"
LISTING = "code_text"  # the code listing's text layer (stonegame.fill.charts)
CONTAINER_WIDTH = "containerSize()[0]"  # what the chart's font-size expressions read
# Chinese text: fonts that hold both Latin and CJK glyphs go first, or the renderer swaps a whole line of
# code with a Chinese comment into a serif font and its columns no longer line up (Debian: fonts-noto-cjk).
CJK_SANS = "Noto Sans CJK SC"
CJK_MONO = "Noto Sans Mono CJK SC"

Kind = Literal["csv", "json", "png", "svg", "gif", "html"]
KINDS: tuple[Kind, ...] = get_args(Kind)
MIME: dict[Kind, str] = {
    "csv": "text/csv",
    "json": "application/json",
    "png": "image/png",
    "svg": "image/svg+xml",
    "gif": "image/gif",
    "html": "text/html",
}


def file_name(kind: Kind, n: int, step: int) -> str:
    """The name a download of a row of n piles is saved under: stone-game-<n>-piles- and then
    trace.csv, trace.json, step-<step>.png, step-<step>.svg, fill.gif or step-<step>.html (the stage)."""
    ends: dict[Kind, str] = {
        "csv": "trace.csv",
        "json": "trace.json",
        "png": f"step-{step}.png",
        "svg": f"step-{step}.svg",
        "gif": "fill.gif",
        "html": f"step-{step}.html",
    }
    return f"stone-game-{n}-piles-{ends[kind]}"


# --- the trace ---------------------------------------------------------------------------------


def trace_csv(sol: Solution) -> bytes:
    """The trace (one row per step, STEPS_SCHEMA's columns) as UTF-8 CSV; a missing value is empty."""
    return sol.trace.to_csv(index=False).encode("utf-8")


def trace_json(sol: Solution) -> bytes:
    """The row, its rule, the answer and the trace's steps (one object per step) as UTF-8 JSON."""
    from stonegame.solver import STEPS_SCHEMA  # here, not at the top: the module stays free of pandas

    steps = json.loads(sol.trace.astype({"phase": "string"}).to_json(orient="records"))
    doc = {
        "problem": "LeetCode 1406 Stone Game III",
        "values": sol.values,
        "max_take": sol.max_take,
        "total": sol.total,
        "alice": sol.alice,
        "bob": sol.bob,
        "winner": sol.winner,
        "columns": list(STEPS_SCHEMA),
        "steps": steps,
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


# --- the chart, made static --------------------------------------------------------------------


def frame_count(spec: dict[str, Any]) -> int:
    """How many frames the chart animates: its `last` param plus one."""
    return int(_param(spec, "last")["value"]) + 1


def current_frame(spec: dict[str, Any]) -> int:
    """The frame the chart opens at: its `frame` param's value."""
    return int(_param(spec, "frame")["value"])


def _param(spec: dict[str, Any], name: str) -> dict[str, Any]:
    """The spec's top-level param of that name."""
    return next(p for p in spec["params"] if p["name"] == name)


def _fixed_width(node: object, width: int) -> object:
    """The spec tree with every "container" width set to `width` and every expression's container
    width read as `width`."""
    if isinstance(node, dict):
        return {
            key: width if key == "width" and value == "container" else _fixed_width(value, width)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_fixed_width(value, width) for value in node]
    if isinstance(node, str):
        return node.replace(CONTAINER_WIDTH, str(width))
    return node


def _has_wide_text(spec: object) -> bool:
    """Whether any text in the spec (or any JSON value) has wide (CJK) characters."""
    text = json.dumps(spec, ensure_ascii=False)
    return any(unicodedata.east_asian_width(c) in "WF" for c in text)


def _cjk_fonts(node: object) -> object:
    """The spec tree with CJK_MONO first in every monospace font list."""
    if isinstance(node, dict):
        return {
            key: f"{CJK_MONO}, {value}" if key == "font" and "monospace" in str(value) else _cjk_fonts(value)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_cjk_fonts(value) for value in node]
    return node


def _is_nav_bar(view: dict[str, Any]) -> bool:
    """Whether a view of the vconcat is the in-chart button bar."""
    return any(str(layer.get("name", "")).startswith(NAV_LAYER) for layer in view.get("layer", []))


def static_spec(spec: dict[str, Any], frame: int, width: int | None = WIDTH) -> dict[str, Any]:
    """A copy of the explainer spec showing `frame` (clamped to 0..last) and nothing that moves: no
    button bar, no slider or menus, no timers; with Chinese text, CJK fonts first (CJK_SANS, CJK_MONO).
    With a width, "container" widths become that many pixels (None keeps them, for the page's preview)."""
    out = copy.deepcopy(spec)
    out["vconcat"] = [view for view in out["vconcat"] if not _is_nav_bar(view)]
    last = frame_count(spec) - 1
    for param in out["params"]:
        param.pop("bind", None)
        param.pop("on", None)
        if param["name"] == "frame":
            param["value"] = min(max(int(frame), 0), last)
    if _has_wide_text(out):
        out = _cjk_fonts(out)
        out["config"] = {**out.get("config", {}), "font": f"{CJK_SANS}, sans-serif"}
    return out if width is None else _fixed_width(out, width)


# --- the picture's fonts -------------------------------------------------------------------------


def _listing_datasets(spec: dict[str, Any]) -> list[str]:
    """The names of the top-level datasets the code listing's text layer (LISTING) draws from."""
    layers = [layer for view in spec["vconcat"] for layer in view.get("layer", [view])]
    return [
        layer["data"]["name"]
        for layer in layers
        if str(layer.get("name", "")).startswith(LISTING) and "name" in layer.get("data", {})
    ]


def _without_listing(spec: dict[str, Any]) -> dict[str, Any]:
    """The spec with the listing's strings blanked (for deciding the fonts of everything else)."""
    out = copy.deepcopy(spec)
    for name in _listing_datasets(spec):
        rows = out["datasets"][name]
        out["datasets"][name] = [{k: "" if isinstance(v, str) else v for k, v in row.items()} for row in rows]
    return out


def _cjk_mono(mark: object) -> object:
    """A mark definition with CJK_MONO first in its monospace font list."""
    if isinstance(mark, dict) and "monospace" in str(mark.get("font", "")):
        return {**mark, "font": f"{CJK_MONO}, {mark['font']}"}
    return mark


def picture_spec(spec: dict[str, Any], width: int = WIDTH) -> dict[str, Any]:
    """static_spec at frame 0, except that CJK fonts go first only where the text needs them:
    everywhere if anything but the listing is Chinese, else in the listing alone if it is (the Java
    listing's comments are Chinese in both languages; a CJK glyph costs 3-5 times a DejaVu one)."""
    listings = _listing_datasets(spec)
    chart = static_spec(_without_listing(spec), 0, width)
    chart["datasets"] = {**chart["datasets"], **{name: spec["datasets"][name] for name in listings}}
    if _has_wide_text([spec["datasets"].get(name) for name in listings]) and "font" not in chart.get("config", {}):
        for view in chart["vconcat"]:
            for layer in view.get("layer", [view]):
                if str(layer.get("name", "")).startswith(LISTING):
                    layer["mark"] = _cjk_mono(layer["mark"])
    return chart


def to_vega(spec: dict[str, Any], width: int = WIDTH) -> dict[str, Any]:
    """The picture (picture_spec, at frame 0) compiled to Vega once, its CJK fonts swapped for
    stonegame.teach.fonts' subsets when those are registered and hold all its text; `_at_frame`
    moves it to any frame."""
    return fonts.use_subsets(vlc.vegalite_to_vega(picture_spec(spec, width), vl_version=VL_VERSION))


def _at_frame(vega: dict[str, Any], frame: int) -> dict[str, Any]:
    """The compiled Vega spec with its `frame` signal set to `frame`."""
    out = dict(vega)
    out["signals"] = [{**s, "value": frame} if s["name"] == "frame" else s for s in vega["signals"]]
    return out


def _svg(vega: dict[str, Any], frame: int) -> str:
    """The compiled chart at `frame` as SVG text."""
    return vlc.vega_to_svg(_at_frame(vega, frame))


def _rasterise(svg: str, scale: float) -> bytes:
    """SVG text as PNG bytes, `scale` pixels per SVG unit."""
    return vlc.svg_to_png(svg, scale=scale)


def to_svg(spec: dict[str, Any], frame: int, width: int = WIDTH) -> bytes:
    """The chart at `frame` as a UTF-8 SVG file that carries its fonts: its text measured in our Latin
    faces (fonts.latin_first) or CJK subsets, and those faces' characters it draws embedded (fonts.embed),
    so that every viewer draws the text as wide as vl-convert laid it out."""
    chart = own_fonts(picture_spec(spec, width))
    vega = fonts.use_subsets(vlc.vegalite_to_vega(chart, vl_version=VL_VERSION))
    return fonts.embed(_svg(vega, _clamp(spec, frame))).encode("utf-8")


def own_fonts(spec: dict[str, Any]) -> dict[str, Any]:
    """The picture spec with our Latin face first in its default font and every font list (fonts.latin_first)."""

    def walk(node: object) -> object:
        if isinstance(node, dict):
            return {k: fonts.latin_first(v) if k == "font" and isinstance(v, str) else walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(value) for value in node]
        return node

    out: dict[str, Any] = walk(spec)  # type: ignore[assignment]
    out["config"] = {
        **out.get("config", {}),
        "font": fonts.latin_first(out.get("config", {}).get("font", "sans-serif")),
    }
    return out


def to_png(spec: dict[str, Any], frame: int, width: int = WIDTH, scale: float = PNG_SCALE) -> bytes:
    """The chart at `frame` as PNG bytes."""
    return _rasterise(_svg(to_vega(spec, width), _clamp(spec, frame)), scale)


def _clamp(spec: dict[str, Any], frame: int) -> int:
    """The frame, kept inside 0..last."""
    return min(max(int(frame), 0), frame_count(spec) - 1)


# --- the animation -----------------------------------------------------------------------------


def durations(frames: int, ms: int = GIF_MS, hold_ms: int = GIF_HOLD_MS) -> list[int]:
    """How long each frame shows: `ms`, and the last one (the verdict) `hold_ms`."""
    return [ms] * (frames - 1) + [hold_ms]


def gif_seconds(frames: int) -> int:
    """About how long a GIF of a chart with this many frames takes to make on a quiet server, in whole
    seconds: GIF_FIXED_SECONDS, and SECONDS_PER_FRAME for each frame (every frame is drawn)."""
    return round(GIF_FIXED_SECONDS + SECONDS_PER_FRAME * frames)
