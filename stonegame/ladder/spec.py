"""The approach ladder's charts as Vega-Lite spec dicts, built from the solved row and the language: each
rung's view cut from its trace, drawn with the words it shows, and made playable without the player's
page-wide key handlers (four players share the page). No Streamlit here; the ui caches these.

Each rung's chart is built with Altair once per shape (rung, language, formulation, k, listing) and
filled with each row's tables and layout (stonegame.draw.template): a new row costs its views and a fill,
not a build. The specs are not validated unless `validate` is given (the tests validate every rung's,
tests/ladder/test_ladder.py; validating took about as long as building).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pandas as pd

from stonegame.draw.grid import GridWords
from stonegame.draw.kit import described
from stonegame.draw.player import PlayerWords, add_vega_on, player_handlers
from stonegame.draw.template import Templates, validated
from stonegame.i18n import t
from stonegame.ladder import rungs as ap
from stonegame.ladder.charts import (
    KINDS,
    MEMORY,
    WORK,
    CallsWords,
    FrameWords,
    GrowthWords,
    Series,
    WindowWords,
    calls_chart,
    calls_layout,
    calls_tables,
    grid_layout,
    grid_tables,
    growth_chart,
    table_chart,
    window_chart,
    you_table,
)
from stonegame.ladder.view import calls_view, table_view, window_view
from stonegame.solver import Solution
from stonegame.terms import Code, Form, Lang

Spec = dict[str, Any]
ROLE_WORDS = {"write": "role_write", "read": "role_read", "best": "role_best", "drop": "ladder_role_drop"}
TEMPLATES = Templates()  # the rungs' charts, one template per shape


def frame_words(lang: Lang, code: Code = "py") -> FrameWords:
    """The player's words, the counters' names and the title of the listing (Python or Java) in `lang`."""
    counters = {c: t("ladder_counter_" + c, lang) for c in ap.COUNTERS}
    return FrameWords(PlayerWords.of(lang), counters, t(f"ladder_code_{code}", lang))


def grid_words(title: str, rows: list[str], roles: tuple[str, ...], lang: Lang) -> GridWords:
    """A grid's words: the catalogue's `title`, each row named by itself (dp, suffix, memo ...), and
    the roles' names in legend order."""
    return GridWords(t(title, lang), {row: row for row in rows}, {role: t(ROLE_WORDS[role], lang) for role in roles})


def calls_words(rung: ap.Rung, lang: Lang) -> CallsWords:
    """The words of the recursion's (or the memo's) chart in `lang`."""
    return CallsWords(
        frame_words(lang),
        t("ladder_chart_timeline", lang),
        t("ladder_axis_time", lang),
        {kind: t("ladder_kind_" + kind, lang) for kind in KINDS[rung]},
        t("ladder_chart_per_position", lang),
        t("ladder_axis_position", lang),
        grid_words("ladder_chart_memo", ["memo"], ("write", "read"), lang),
    )


def window_words(rows: list[str], lang: Lang) -> WindowWords:
    """The words of the rolling window's chart in `lang`."""
    grid = grid_words("ladder_chart_window", rows, ("write", "read", "best", "drop"), lang)
    stores = {store: t("ladder_store_" + store, lang) for store in ("window", "ring")}
    return WindowWords(frame_words(lang), grid, t("ladder_chart_slots", lang), t("ladder_axis_slot", lang), stores)


def growth_words(series: tuple[Series, ...], log: bool, n: int, lang: Lang) -> GrowthWords:
    """The words of a growth panel in `lang`: the work panel's (log) or the memory panel's."""
    return GrowthWords(
        t("ladder_growth_work" if log else "ladder_growth_memory", lang),
        t("ladder_growth_n", lang),
        t("ladder_growth_log" if log else "ladder_growth_count", lang),
        tuple(t(s.word, lang) for s in series),
        t("ladder_growth_you", lang, n=n),
    )


def _described(spec: Spec, rung: ap.Rung, lang: Lang) -> Spec:
    """A rung's spec named for screen readers (kit.described) by the rung's name."""
    return described(spec, t("ladder_desc_rung", lang, name=t("ladder_name_" + rung, lang)))


def _playable(spec: Spec, rung: ap.Rung, lang: Lang, validate: bool) -> Spec:
    """A rung's filled spec (validated against the schema if `validate`) made playable without the page-wide
    keys (several players share the page) and named for screen readers by the rung's name."""
    spec = validated(spec) if validate else spec
    return _described(add_vega_on(spec, player_handlers(keys=False)), rung, lang)


def calls_spec(sol: Solution, memo: bool, lang: Lang, form: Form, validate: bool = False) -> Spec:
    """The playable spec of plain recursion's (or the memo's) animated chart on the row (validated
    against the schema if `validate`)."""
    rung: ap.Rung = "memo" if memo else "recursion"
    view = calls_view(sol, ap.calls_table(sol.values, sol.max_take, memo), memo, lang, form)
    words = calls_words(rung, lang)
    build = partial(calls_chart, rung=rung, listing=view.code.lines, words=words)
    shape = ("calls", rung, form, lang, sol.max_take)
    spec = TEMPLATES.spec(shape, build, calls_tables(view, memo, words), calls_layout(view, memo))
    return _playable(spec, rung, lang, validate)


def table_spec(sol: Solution, lang: Lang, code: Code, form: Form, validate: bool = False) -> Spec:
    """The playable spec of the bottom-up table's animated chart on the row, with the Python or Java
    listing (validated against the schema if `validate`)."""
    view = table_view(sol, lang, code, form)
    grid = grid_words("ladder_chart_table", view.rows, ("write", "read", "best"), lang)
    build = partial(table_chart, rows=view.rows, listing=view.code.lines, frame=frame_words(lang, code), grid=grid)
    shape = ("table", form, code, lang, sol.max_take)
    spec = TEMPLATES.spec(shape, build, grid_tables(view, grid.names), grid_layout(view))
    return _playable(spec, "table", lang, validate)


def window_spec(sol: Solution, lang: Lang, form: Form, validate: bool = False) -> Spec:
    """The playable spec of the rolling window's animated chart on the row (validated against the
    schema if `validate`)."""
    view = window_view(sol, lang, form)
    words = window_words(view.rows, lang)
    build = partial(window_chart, rows=view.rows, max_take=sol.max_take, listing=view.code.lines, words=words)
    shape = ("window", form, lang, sol.max_take)
    spec = TEMPLATES.spec(shape, build, grid_tables(view, words.grid.names), grid_layout(view))
    return _playable(spec, "window", lang, validate)


def growth_specs(growth: pd.DataFrame, max_take: int, n: int, lang: Lang, validate: bool = False) -> tuple[Spec, Spec]:
    """The specs of the growth charts (work, memory) of k = max_take's growth table (rungs.growth), n marked
    if it is on them, each named for screen readers by its title (validated against the schema if
    `validate`); each from its template per (chart, k, language, n marked or not), filled with the n."""
    marked = bool(growth["n"].min() <= n <= growth["n"].max())
    found = []
    for log, series in ((True, WORK), (False, MEMORY)):
        words = growth_words(series, log, n, lang)
        tables = {"you": you_table(n, words)} if marked else {}
        build = partial(growth_chart, growth=growth, log=log, words=words)
        spec = TEMPLATES.spec(("growth", log, max_take, lang, marked), build, tables, ())
        found.append(described(validated(spec) if validate else spec, t("ladder_desc_growth", lang, title=words.title)))
    return found[0], found[1]
