"""The rungs' charts from templates (stonegame.draw.template): a fill equals a full build with the row's
own tables and layout, for rows of every length the rungs draw, both formulations, both languages, k 1..5,
both listings; and a second row of a shape costs no build."""

import random
from functools import partial

import pytest

from stonegame import solve
from stonegame.draw.template import Templates, canonical, fill, probe, template_of
from stonegame.ladder import rungs as ap
from stonegame.ladder import spec
from stonegame.ladder.charts import (
    MEMORY,
    WORK,
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

SIZES = (3, 1, 2, 5, 8, 16, 17, 40)  # one pile, the recursion's and the memo's limits, the window's edge


def rows(seed):
    """A row of each of SIZES piles, in that order (the first makes the templates)."""
    rng = random.Random(seed)
    return [[rng.randint(-50, 50) for _ in range(n)] for n in SIZES]


def calls_parts(sol, memo, form, lang):
    rung = "memo" if memo else "recursion"
    view = calls_view(sol, ap.calls_table(sol.values, sol.max_take, memo), memo, lang, form)
    words = spec.calls_words(rung, lang)
    build = partial(calls_chart, rung=rung, listing=view.code.lines, words=words)
    return build, calls_tables(view, memo, words), calls_layout(view, memo)


def table_parts(sol, form, code, lang):
    view = table_view(sol, lang, code, form)
    grid = spec.grid_words("ladder_chart_table", view.rows, ("write", "read", "best"), lang)
    frame = spec.frame_words(lang, code)
    build = partial(table_chart, rows=view.rows, listing=view.code.lines, frame=frame, grid=grid)
    return build, grid_tables(view, grid.names), grid_layout(view)


def window_parts(sol, form, lang):
    view = window_view(sol, lang, form)
    words = spec.window_words(view.rows, lang)
    build = partial(window_chart, rows=view.rows, max_take=sol.max_take, listing=view.code.lines, words=words)
    return build, grid_tables(view, words.grid.names), grid_layout(view)


def rungs(sol, form, lang, code):
    """Each rung's (builder, tables, layout) on the row (recursion and the memo only where they are drawn)."""
    found = {"table": table_parts(sol, form, code, lang), "window": window_parts(sol, form, lang)}
    if sol.n <= ap.DRAW_PILES and ap.recursion_calls(sol.n, sol.max_take) <= ap.DRAW_CALLS:
        found["recursion"] = calls_parts(sol, False, form, lang)
    if sol.n <= ap.MEMO_PILES:
        found["memo"] = calls_parts(sol, True, form, lang)
    return found


@pytest.mark.parametrize(
    ("form", "lang", "code", "k"),
    [("total", "en", "py", 3), ("diff", "zh", "java", 3), ("total", "zh", "py", 1), ("diff", "en", "py", 5)],
)
def test_a_fill_equals_a_full_build_on_every_row(form, lang, code, k):
    """One template per rung (made from the first row) filled with each other row: the same spec as that
    row's own full build, datasets aside from their names."""
    made = {}
    for values in rows(seed=k):
        sol = solve(values, k)
        for rung, (build, tables, layout) in rungs(sol, form, lang, code).items():
            if rung not in made:
                probed = probe(layout)
                made[rung] = template_of(build(tables, probed).to_dict(validate=False), probed, tables)
            built = build(tables, layout).to_dict(validate=False)
            assert canonical(fill(made[rung], layout, tables)) == canonical(built), (rung, values)
    assert set(made) == {"recursion", "memo", "table", "window"}


def test_each_rung_becomes_a_template_and_a_new_row_costs_no_build():
    """Every rung's first row makes its template; a second row of the same shape is filled, not built."""
    templates, calls = Templates(), []

    def counting(build):
        def counted(tables, layout):
            calls.append(1)
            return build(tables, layout)

        return counted

    for values in ([3, -1, 4, 1, -5, 9], [2, 7, -1, 8, 2, -8, 1]):
        sol = solve(values)
        for rung, (build, tables, layout) in rungs(sol, "total", "en", "py").items():
            templates.spec(rung, counting(build), tables, layout)
    assert len(templates) == 4
    assert len(calls) == 4, "the second row built no chart"


def test_the_page_specs_come_from_the_rung_templates():
    """spec.*_spec fill the module's templates: after one row of each shape, they hold one each."""
    sol = solve([5, -3, 2, 8, -1])
    spec.calls_spec(sol, True, "en", "total")
    shapes_before = len(spec.TEMPLATES)
    spec.calls_spec(solve([1, 2, 3, -9, 4]), True, "en", "total")
    assert len(spec.TEMPLATES) == shapes_before


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_growth_charts_fill_equals_a_full_build_at_every_n(lang):
    """The growth charts come from a template per (chart, k, language, n on the chart or not): filled with
    another n, each is that n's own full build; n off the chart (31, 50,000) draws no marker."""
    growth = ap.growth(3)
    for log, series in ((True, WORK), (False, MEMORY)):
        made = {}
        for n in (7, 1, 12, 30, 31, 50_000):
            words = spec.growth_words(series, log, n, lang)
            marked = n <= 30
            tables = {"you": you_table(n, words)} if marked else {}
            build = partial(growth_chart, growth=growth, log=log, words=words)
            if marked not in made:
                made[marked] = template_of(build(tables, ()).to_dict(validate=False), (), tables)
            assert canonical(fill(made[marked], (), tables)) == canonical(build(tables, ()).to_dict(validate=False))
