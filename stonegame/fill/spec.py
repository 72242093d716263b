"""The explainer's chart as the page sends it: the Vega-Lite spec of one window of piles, playable in
the browser, opening at a given step; and the overview of a long row. Plain dicts in and out, so the
page can cache them and a new start step only copies a cached spec with another `frame` value.

The charts' words are built here from the catalogue, once per language (and formulation), and are
read-only (they are shared by every session).
"""

from __future__ import annotations

from functools import cache, partial
from types import MappingProxyType
from typing import Any

from stonegame.draw.grid import GridWords
from stonegame.draw.player import add_vega_on, player_handlers
from stonegame.draw.template import Templates
from stonegame.fill.charts import (
    GRID_ROWS,
    ROLES,
    STRIPS,
    BarsWords,
    ExplainerWords,
    OverviewWords,
    explainer_chart,
    overview_chart,
    overview_data,
    overview_layout,
    picture_data,
    picture_layout,
)
from stonegame.fill.overview import overview
from stonegame.fill.view import (
    WINDOW,
    Window,
    cells,
    code_lines,
    frame_of_step,
    frames,
    marks,
    window_at,
    window_for_step,
)
from stonegame.i18n import t
from stonegame.listing import listing
from stonegame.solver import Solution
from stonegame.terms import Code, Form, Lang

Spec = dict[str, Any]


@cache
def explainer_words(lang: Lang, form: Form = "total") -> ExplainerWords:
    """The explainer chart's words in `lang`; in the score-difference form the grid's dp row is named
    diff, and so are the bars' dp series and title."""
    diff = form == "diff"
    names = {row: t("row_" + row, lang) for row in GRID_ROWS} | ({"dp": "diff"} if diff else {})
    roles = {role: t("role_" + role, lang) for role in ROLES}
    return ExplainerWords(
        grid=GridWords(title=t("chart_grid_title", lang), names=MappingProxyType(names), roles=MappingProxyType(roles)),
        bars=BarsWords(
            title=t("chart_bars_title_diff" if diff else "chart_bars_title", lang),
            axis=t("axis_pile", lang),
            dp=names["dp"],
        ),
        code_title=t("chart_code_title", lang),
    )


@cache
def overview_words(lang: Lang) -> OverviewWords:
    """The overview's words in `lang`: its title, the pile axis and each series' strip name."""
    series = {name: t("overview_" + name, lang) for name in STRIPS}
    return OverviewWords(title=t("overview_title", lang), axis=t("axis_pile", lang), series=MappingProxyType(series))


PICTURES = Templates()  # the exports' picture, one template per (k, language, listing, form, scale)


def window_spec(
    sol: Solution, lo: int, lang: Lang, code: Code, form: Form, scale: float = 1.0, size: int = WINDOW
) -> Spec:
    """The spec of the whole explainer (caption, arrays, bars, code) for the window of `size` piles
    starting at lo, opening at frame 0: what the PNG, SVG and GIF exports draw, filled from its shape's
    template. Not validated: the tests validate it against the Vega-Lite schema, and validation is a third
    of a build."""
    win = window_at(sol, lo, size)
    listed = listing(code, form, sol.max_take, lang)
    words = explainer_words(lang, form)
    table = frames(sol, win, lang, form)
    drawn = cells(sol, win, form)
    tables = picture_data(
        table, drawn, marks(sol, win, form, drawn=drawn), code_lines(sol, win, listed), words.grid.names
    )
    build = partial(explainer_chart, code_lines=listed.lines, words=words, scale=scale)
    spec = PICTURES.spec((sol.max_take, lang, code, form, scale), build, tables, picture_layout(table, drawn))
    return add_vega_on(spec, player_handlers(keys=False, drawn=False))


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


OVERVIEWS = Templates()  # the overview, one template per language


def overview_spec(sol: Solution, lo: int, hi: int, lang: Lang) -> Spec:
    """The spec of a long row's overview, with the window [lo, hi) marked, filled from its language's
    template. Not validated (the tests validate it against the Vega-Lite schema)."""
    table, words = overview(sol), overview_words(lang)
    build = partial(overview_chart, words=words)
    return OVERVIEWS.spec(lang, build, overview_data(table, lo, hi), overview_layout(table, words))
