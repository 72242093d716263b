"""The explainer's chart as the page sends it: the Vega-Lite spec of one window of piles, playable in
the browser, opening at a given step; and the overview of a long row. Plain dicts in and out, so the
page can cache them and a new start step only copies a cached spec with another `frame` value.
"""

from __future__ import annotations

from typing import Any

from stonegame.draw.player import played
from stonegame.explainer.charts import explainer_chart, overview_chart
from stonegame.explainer.overview import overview
from stonegame.explainer.view import (
    Window,
    cells,
    code_lines,
    frame_of_step,
    frames,
    marks,
    window_at,
    window_for_step,
)
from stonegame.i18n import labels
from stonegame.listing import listing
from stonegame.solver import Solution
from stonegame.terms import Code, Form, Lang

Spec = dict[str, Any]


def words(lang: Lang, form: Form = "total") -> dict[str, str]:
    """The chart's words in `lang`; in the score-difference form the dp row and the bars' title speak of diff."""
    out = labels(lang)
    if form == "diff":
        out.update(row_dp="diff", chart_bars_title=out["chart_bars_title_diff"])
    return out


def window_spec(sol: Solution, lo: int, lang: Lang, code: Code, form: Form, scale: float = 1.0) -> Spec:
    """The playable spec of the window of piles starting at lo, opening at frame 0. Not validated:
    the tests validate the builders' output against the Vega-Lite schema, and validation is a third
    of the build."""
    win = window_at(sol, lo)
    listed = listing(code, form, sol.max_take)
    chart = explainer_chart(
        frames(sol, win, lang, form),
        cells(sol, win, form),
        marks(sol, win, form),
        listed.lines,
        code_lines(sol, win, listed),
        words(lang, form),
        scale=scale,
    )
    return played(chart, validate=False)


def at_frame(spec: Spec, frame: int) -> Spec:
    """A shallow copy of a playable spec that opens at `frame`."""
    params = [{**p, "value": frame} if p["name"] == "frame" else p for p in spec["params"]]
    return {**spec, "params": params}


def opening(sol: Solution, step: int) -> tuple[Window, int]:
    """The window of piles that shows `step`, and the frame of it that does."""
    win = window_for_step(sol, step)
    return win, frame_of_step(sol, win, step)


def step_spec(sol: Solution, step: int, lang: Lang, code: Code, form: Form, scale: float = 1.0) -> Spec:
    """The playable spec that opens at `step` (its window's spec, at the step's frame)."""
    win, frame = opening(sol, step)
    return at_frame(window_spec(sol, win.lo, lang, code, form, scale), frame)


def overview_spec(sol: Solution, lo: int, hi: int, lang: Lang) -> Spec:
    """The validated spec of a long row's overview, with the window [lo, hi) marked."""
    return overview_chart(overview(sol), lo, hi, labels(lang)).to_dict()
