"""The export page's pictures, made from what names them: the row and its rule k, the first pile of
the window the explainer animates (and, for a still picture, the frame of it to draw), the language,
the code listing and the formulation. The explainer's spec is built here, in whichever process makes
the picture: the render worker (ui/render.py), so the server that asks for one builds no chart.

Vocabulary:
    view    what one spec depends on: (values, max_take, lo, lang, code, form), values a tuple of ints
    frame   the frame of the window a PNG or SVG shows (stonegame.explainer.spec.opening gives it)
"""

from __future__ import annotations

from functools import lru_cache

from stonegame.explainer.spec import Spec, window_spec
from stonegame.explainer.view import frame_steps
from stonegame.solver import Solution, solve
from stonegame.teach import export, gif
from stonegame.terms import Code, Form, Lang
from stonegame.window import Window

KEPT = 2  # views whose spec one process keeps: a PNG, an SVG and a GIF of one view build it once


def frame_count(sol: Solution, win: Window) -> int:
    """How many frames the explainer animates for the window `win` of the solved row (what
    export.frame_count reads off its spec), from the window's steps alone: no chart is built."""
    return len(frame_steps(sol, win))


@lru_cache(maxsize=KEPT)
def spec_of(values: tuple[int, ...], max_take: int, lo: int, lang: Lang, code: Code, form: Form) -> Spec:
    """The explainer's spec of the window of piles starting at lo (window_spec, opening at frame 0) of
    the row solved with moves of 1..max_take; the last KEPT views' specs kept."""
    return window_spec(solve(list(values), max_take), lo, lang, code, form)


def png(values: tuple[int, ...], max_take: int, lo: int, lang: Lang, code: Code, form: Form, frame: int) -> bytes:
    """The view's chart at `frame` as PNG bytes (export.to_png)."""
    return export.to_png(spec_of(values, max_take, lo, lang, code, form), frame)


def svg(values: tuple[int, ...], max_take: int, lo: int, lang: Lang, code: Code, form: Form, frame: int) -> bytes:
    """The view's chart at `frame` as an SVG file (export.to_svg)."""
    return export.to_svg(spec_of(values, max_take, lo, lang, code, form), frame)


def animation(values: tuple[int, ...], max_take: int, lo: int, lang: Lang, code: Code, form: Form) -> bytes:
    """The view's every frame as an animated GIF (gif.to_gif)."""
    return gif.to_gif(spec_of(values, max_take, lo, lang, code, form))
