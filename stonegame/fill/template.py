"""The stage's picture built once per shape and filled for each row: building it with Altair costs
hundreds of milliseconds, filling a built one with another row's tables a few.

A picture's spec (stonegame.fill.stage.picture_spec) depends on the row only through
    its datasets          DATASETS (grid boxes, bars, marks), named by role
    its params            last, focus, reach, first, end (the frames, the pile each speaks of, the last
                          pile each reads, the piles carried)
    the bars' y domain    [min(0, least number), max(0, greatest)], in every layer of the bars
    the digits            the grid's numbers and the bars' numbers are fitted to (in their font sizes
                          and in the bars' choice of one or two numbers a pile: "* digits * 0.62)")
and on its shape: whether the row travels whole (n up to FOLLOW_MAX: its length does not matter, the
piles are in the data and the params) or as a window and pile 0 (whether lo is 0), max_take, lang,
form and present. `picture` keeps one template (a full build and where those values sit in it)
per shape in a memo (stonegame.memo) of at most MAX_TEMPLATES, and fills it;
tests/fill/test_template.py checks a fill equals a full build for rows of many shapes.
Pure: no Streamlit.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from stonegame.draw.grid import NEVER
from stonegame.draw.template import Path, set_at, walk, with_defaults
from stonegame.fill.charts import GRID_ROWS
from stonegame.fill.spec import explainer_words
from stonegame.fill.stage import (
    DATASETS,
    FOLLOW_MAX,
    Data,
    frame_focus,
    frame_reach,
    picture_spec,
    picture_tables,
)
from stonegame.fill.view import Cell, Mark, Window, cell_rows, mark_rows
from stonegame.memo import Memo, Policy
from stonegame.solver import Solution
from stonegame.terms import Form, Lang

MAX_TEMPLATES = 64
Shape = tuple[Any, ...]
# Where a fitted size's expression names the digits per number (kit.fit, charts.BarLabels): the number to fill
DIGITS = re.compile(r"(\* )(\d+)( \* 0\.62\))")


@dataclass(frozen=True)
class Template:
    """A full build of one shape's picture, and where the row's values sit in it: the bars' y domains,
    and the expressions fitted to the grid's digits and to the bars' (paths into the spec)."""

    spec: Data
    domains: tuple[Path, ...]
    grid_fonts: tuple[Path, ...]
    bar_fonts: tuple[Path, ...]


@dataclass(frozen=True)
class RowValues:
    """The values of one row's picture outside its datasets and params."""

    domain: list[int]
    grid_digits: int
    bar_digits: int


def shape(sol: Solution, win: Window, lang: Lang, form: Form, present: bool) -> Shape:
    """What a picture's spec depends on besides the row's values (see the module's docstring)."""
    carried = "whole" if sol.n <= FOLLOW_MAX else ("window", win.lo == 0)
    return (carried, sol.max_take, lang, form, present)


def row_values(drawn: pd.DataFrame) -> RowValues:
    """The bars' y domain and the digits the grid's and the bars' numbers are fitted to (as
    explainer.charts.bars_panel and draw.grid._numbers work them out from the cells)."""
    bars = drawn[drawn["row"] != "values"]["number"].astype("int64")
    return RowValues(
        domain=[min(0, int(bars.min())), max(0, int(bars.max()))],
        grid_digits=max([len(str(v)) for v in drawn["number"].dropna()] + [2]) + 1,
        bar_digits=max(len(str(v)) for v in bars) + 1,
    )


def values_of(drawn: list[Cell]) -> RowValues:
    """row_values of the cells as plain rows (cell_rows')."""
    bars = [cell.number for cell in drawn if cell.row != "values"]
    numbers = [cell.number for cell in drawn if cell.number is not None]
    return RowValues(
        domain=[min(0, *bars), max(0, *bars)],
        grid_digits=max([len(str(v)) for v in numbers] + [2]) + 1,
        bar_digits=max(len(str(v)) for v in bars) + 1,
    )


def row_datasets(drawn: list[Cell], marked: list[Mark], names: Mapping[str, str]) -> dict[str, dict[str, list[Any]]]:
    """The picture's row datasets by their DATASETS name, packed as columns, from the cells and marks as
    plain rows (cell_rows', mark_rows'): what columns() gives of dataset_tables' DataFrames (a test
    compares the two on many rows), without them."""
    grid, bars, marks_name = DATASETS
    return {grid: grid_columns(drawn, names), bars: bars_columns(drawn), marks_name: marks_columns(marked, drawn)}


def grid_columns(drawn: list[Cell], names: Mapping[str, str]) -> dict[str, list[Any]]:
    """The grid's boxes (draw.grid.grid_data's, packed): a name cell per array of GRID_ROWS (pile -1,
    column "#"), then every cell with its column, never evicted."""
    rows = list(GRID_ROWS)
    return {
        "row": rows + [cell.row for cell in drawn],
        "i": [-1] * len(rows) + [cell.i for cell in drawn],
        "col": ["#"] * len(rows) + [str(cell.i) for cell in drawn],
        "label_cell": [True] * len(rows) + [False] * len(drawn),
        "reveal": [0] * len(rows) + [cell.reveal for cell in drawn],
        "evict": [NEVER] * (len(rows) + len(drawn)),
        "name": [names[row] for row in rows] + [""] * len(drawn),
        "number": [None] * len(rows) + [cell.number for cell in drawn],
    }


def bars_columns(drawn: list[Cell]) -> dict[str, list[Any]]:
    """The bars' cells (every array but the values), packed."""
    bars = [cell for cell in drawn if cell.row != "values"]
    return {name: [getattr(cell, name) for cell in bars] for name in Cell._fields}


def marks_columns(marked: list[Mark], drawn: list[Cell]) -> dict[str, list[Any]]:
    """The marks, packed, each with its cell's number (None for a cell not drawn) and column."""
    number = {(cell.i, cell.row): cell.number for cell in drawn}
    packed = {name: [getattr(mark, name) for mark in marked] for name in Mark._fields}
    return packed | {
        "number": [number.get((mark.i, mark.row)) for mark in marked],
        "col": [str(mark.i) for mark in marked],
    }


_templates: Memo[Shape, Template] = Memo(Policy(MAX_TEMPLATES), "stage pictures")


def picture(sol: Solution, win: Window, lang: Lang, form: Form, present: bool) -> Data:
    """picture_spec(sol, win, form, lang, present), from its shape's template (built on first use, and
    kept unless Altair's globals were switched meanwhile)."""
    key = shape(sol, win, lang, form, present)
    template = _templates.get(key)
    if template is not None:
        return filled(template, sol, win, lang, form)
    spec, clean = with_defaults(lambda: picture_spec(sol, win, lang, form, present))
    if clean:
        _templates.put(key, template_of(spec, row_values(picture_tables(sol, win, form)[0])))
    return spec


def template_of(spec: Data, values: RowValues) -> Template:
    """A built picture as a template: the paths of its bars' y domains (the row's domain in the bars'
    y scales) and of its expressions fitted to the digits (grid: the first view; bars: the second)."""
    domains, grid_fonts, bar_fonts = [], [], []
    for path, node in walk({k: v for k, v in spec.items() if k != "datasets"}):
        if path[-4:] == ("encoding", "y", "scale", "domain") and node == values.domain and path[:2] == ("vconcat", 1):
            domains.append(path)
        elif isinstance(node, str) and path[:1] == ("vconcat",) and (found := DIGITS.findall(node)):
            fonts, digits = (
                (grid_fonts, values.grid_digits) if path[:2] == ("vconcat", 0) else (bar_fonts, values.bar_digits)
            )
            if any(int(found_digits) != digits for _, found_digits, _ in found):
                raise ValueError(f"unexpected fitted digits at {path}: {node}")
            fonts.append(path)
    if not (domains and grid_fonts and bar_fonts):
        raise ValueError("the picture's row values were not all found")
    return Template(spec, tuple(domains), tuple(grid_fonts), tuple(bar_fonts))


def filled(template: Template, sol: Solution, win: Window, lang: Lang, form: Form) -> Data:
    """The template's spec with this row's datasets, params, bars' domain and fitted digits (a new
    dict along each changed path; the rest shared with the template, read-only), its datasets made from
    plain rows (row_datasets: what the DataFrames' columns gave, a few times faster)."""
    drawn = cell_rows(sol, win, form, zero=True)
    values = values_of(drawn)
    focus = frame_focus(sol, win)
    row_params = {
        "last": len(focus) - 1,
        "verdict": len(focus) - 1,
        "focus": focus,
        "reach": frame_reach(sol, win),
        "first": win.lo,
        "end": win.last + 1,
    }
    spec = template.spec
    params = [{**p, "value": row_params[p["name"]]} if p["name"] in row_params else p for p in spec["params"]]
    tables = row_datasets(drawn, mark_rows(sol, win, zero=True), explainer_words(lang, form).grid.names)
    spec = {**spec, "params": params, "datasets": {**spec["datasets"], **tables}}
    for path in template.domains:
        spec = set_at(spec, path, list(values.domain))
    for paths, digits in ((template.grid_fonts, values.grid_digits), (template.bar_fonts, values.bar_digits)):
        for path in paths:
            spec = set_at(spec, path, DIGITS.sub(rf"\g<1>{digits}\g<3>", _get(spec, path)))
    return spec


def _get(node: Any, path: Path) -> Any:
    """The node at `path`."""
    for key in path:
        node = node[key]
    return node
