"""The stage picture from a template (stonegame.fill.template): a filled template is byte for byte
the full build, for rows of many shapes (short rows, 200 and 201 piles, long rows at several windows;
en/zh; both forms; presenter mode on and off); the templates are bounded; the names are fixed."""

import json
import random

import altair as alt
import pytest

from stonegame import solve
from stonegame.fill import template
from stonegame.fill.spec import explainer_words
from stonegame.fill.stage import DATASETS, carried, columns, dataset_tables, picture_spec, picture_tables
from stonegame.fill.view import cell_rows, mark_rows
from stonegame.memo import Memo, Policy
from stonegame.window import WINDOW

SETTINGS = [("en", "total", False), ("zh", "diff", True), ("en", "diff", True), ("zh", "total", False)]


def rows(n, seed):
    """Two rows of n piles, one of small values and one of values up to ±1000 (other digits, domains)."""
    rng = random.Random(seed)
    return [rng.randint(-9, 9) for _ in range(n)], [rng.randint(-1000, 1000) for _ in range(n)]


def cases():
    """(n, max_take, lo, settings) for short rows, the longest carried whole, the shortest windowed, and
    long rows at the start, the middle and the end."""
    rng = random.Random(12)
    out = [(n, rng.choice([1, 2, 3, 5]), 0, SETTINGS[n % 4]) for n in range(1, 21)]
    out += [(200, 3, 0, SETTINGS[0]), (200, 3, 0, SETTINGS[1]), (201, 3, 0, SETTINGS[2]), (201, 3, 90, SETTINGS[3])]
    out += [(1000, 3, lo, SETTINGS[k % 4]) for k, lo in enumerate([0, 1, 500, 1000 - WINDOW])]
    return out


@pytest.fixture(autouse=True)
def no_templates(monkeypatch):
    monkeypatch.setattr(template, "_templates", Memo(template._templates.policy))


@pytest.mark.parametrize(("n", "k", "lo", "settings"), cases())
def test_a_filled_template_is_the_full_build(n, k, lo, settings):
    lang, form, present = settings
    first, second = (solve(values, k) for values in rows(n, n * 7 + lo))
    for sol in (first, second, first):  # the second and third are fills of the first's template
        win = carried(sol, lo)
        assert json.dumps(template.picture(sol, win, lang, form, present)) == json.dumps(
            picture_spec(sol, win, lang, form, present)
        )
    assert len(template._templates) == 1


@pytest.mark.parametrize("settings", SETTINGS[:2])
def test_one_template_serves_every_row_carried_whole(settings):
    """A row's length is in its data and params only: one template, built from a 5-pile row, fills
    rows of 1 to 200 piles exactly as their full builds."""
    lang, form, present = settings
    rng = random.Random(5)
    for n in [5, 1, 2, 9, 20, 17, 3, 200, 64, 199]:
        sol = solve(
            [rng.randint(-1000, 1000) if n % 2 else rng.randint(-9, 9) for _ in range(n)], rng.choice([1, 3, 3])
        )
        win = carried(sol, 0)
        assert json.dumps(template.picture(sol, win, lang, form, present)) == json.dumps(
            picture_spec(sol, win, lang, form, present)
        ), n
    assert {key[0] for key in template._templates} == {"whole"}


def test_a_fill_changes_what_depends_on_the_row():
    """A fill is not the template: another row's values, domain, fonts and focus come through."""
    a, b = solve([1, 2, 3, 7]), solve([-700, 5, 999, 3])
    win = carried(a, 0)
    built, filled = template.picture(a, win, "en", "total", False), template.picture(b, win, "en", "total", False)
    assert built != filled and json.dumps(filled) == json.dumps(picture_spec(b, win, "en", "total", False))
    assert "-700" in json.dumps(filled) and "-700" not in json.dumps(built)


def test_the_datasets_have_fixed_names_and_every_reference_follows():
    sol = solve([4, -1, 6, 2, 9])
    spec = picture_spec(sol, carried(sol, 0), "en", "total", False)
    assert list(spec["datasets"])[:3] == sorted(DATASETS, key=list(spec["datasets"]).index)
    assert set(DATASETS) <= set(spec["datasets"]) and "data-" not in json.dumps(spec)


def test_templates_are_bounded(monkeypatch):
    assert template._templates.policy.max_entries == template.MAX_TEMPLATES
    monkeypatch.setattr(template, "_templates", Memo(Policy(max_entries=3)))
    for k in range(1, 6):
        sol = solve([1, 2, 3, 7], k)
        template.picture(sol, carried(sol, 0), "en", "total", False)
    assert len(template._templates) == 3
    assert [key[1] for key in template._templates] == [3, 4, 5]  # the least recently used dropped


def test_no_template_from_a_build_under_switched_altair_globals():
    """st.altair_chart switches Altair's theme process-wide while it converts: a picture built then is
    returned, never kept as a template."""
    sol = solve([1, 2, 3, 7])
    with alt.theme.enable("none"):
        spec = template.picture(sol, carried(sol, 0), "en", "total", False)
    assert not template._templates and "continuousWidth" not in json.dumps(spec)
    template.picture(sol, carried(sol, 0), "en", "total", False)
    assert len(template._templates) == 1


@pytest.mark.parametrize("n", [1, 5, 12, 200, 201, 5000])
def test_columns_are_altairs_rows_packed(n):
    """The stage's datasets read straight off the tables (stage.columns) are what Altair's transformer
    writes, packed by column (stage.packed of template.records): the same values, None for a missing one."""
    from stonegame.draw.template import records
    from stonegame.fill.stage import columns, dataset_tables, packed, picture_tables

    sol = solve([random.Random(n).randint(-1000, 1000) for _ in range(n)])
    for lo in {0, max(0, n - WINDOW)}:
        for form in ("total", "diff"):
            drawn, marked = picture_tables(sol, carried(sol, lo), form)
            for table in dataset_tables(drawn, marked, "zh", form).values():
                assert columns(table) == packed(records(table))


@pytest.mark.parametrize(
    ("n", "k", "lo", "settings"), [*cases(), (50_000, 3, 0, SETTINGS[1]), (50_000, 5, 24_990, SETTINGS[2])]
)
def test_the_datasets_from_plain_rows_are_the_tables_columns(n, k, lo, settings):
    """A fill's datasets and row values, made from plain rows (cell_rows, mark_rows), are exactly what the
    DataFrames of picture_tables give (columns of dataset_tables; row_values): the same keys in the same
    order, the same values of the same JSON types, on both rows of every case."""
    lang, form, _ = settings
    for values in rows(n, n * 7 + lo):
        sol = solve(values, k)
        win = carried(sol, lo)
        drawn, marked = picture_tables(sol, win, form)
        old = {name: columns(table) for name, table in dataset_tables(drawn, marked, lang, form).items()}
        plain = cell_rows(sol, win, form, zero=True)
        new = template.row_datasets(plain, mark_rows(sol, win, zero=True), explainer_words(lang, form).grid.names)
        assert json.dumps(new) == json.dumps(old)
        assert template.values_of(plain) == template.row_values(drawn)
