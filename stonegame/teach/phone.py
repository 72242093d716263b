"""The light student page's stage picture (ui/server/rooms/phone.py): the explainer's picture of a row at a
step as SVG, for a phone's width. A maker for the render worker (ui/server/renderer.py): vl-convert holds
the GIL for the whole of every call, and two calls at once from two threads can deadlock a process, so the
server never calls this in its own threads (a class's other requests would stop while it draws).

In the worker a row's solution and its compiled Vega are kept for the next steps of the same class.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import vl_convert as vlc

from stonegame import Solution, solve
from stonegame.fill.spec import opening, window_spec
from stonegame.teach.export import VL_VERSION, own_fonts, picture_spec
from stonegame.terms import Code, Form, Lang


@lru_cache(maxsize=8)
def _solved(values: tuple[int, ...], max_take: int) -> Solution:
    """The row solved (kept for the next steps of the same row)."""
    return solve(list(values), max_take)


@lru_cache(maxsize=32)
def _vega(values: tuple[int, ...], max_take: int, lo: int, lang: Lang, code: Code, form: Form, width: int) -> Any:
    """The explainer's picture of the window of piles starting at `lo`, compiled to Vega once for `width`
    (the export's picture: no buttons, no timers), its Latin text measured in our faces (export.own_fonts), which
    the light page carries (fonts.web_fonts); CJK fonts as the browser names them, never the worker's subsets."""
    spec = window_spec(_solved(values, max_take), lo, lang, code, form)
    return vlc.vegalite_to_vega(own_fonts(picture_spec(spec, width)), vl_version=VL_VERSION)


def stage_svg(
    values: tuple[int, ...], max_take: int, step: int, lang: Lang, code: Code, form: Form, width: int
) -> bytes:
    """The row's stage at `step` (a step of the row: the caller clamps it) as SVG bytes, `width` pixels across."""
    win, frame = opening(_solved(values, max_take), step)
    vega = _vega(values, max_take, win.lo, lang, code, form, width)
    signals = [{**s, "value": frame} if s["name"] == "frame" else s for s in vega["signals"]]
    return vlc.vega_to_svg({**vega, "signals": signals}).encode("utf-8")
