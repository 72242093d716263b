"""The one grid every feature draws its arrays with: each array a row of boxes (its name in a first
column), a number appearing at the frame that writes it (· before), and the current frame's marks
colouring and labelling the cells it writes (●), reads (○), picks (★) or lets go (✗).

Tables in (one row per observation):
    cells   i, row, number, reveal [, evict]    one per box; `reveal` is the frame that writes it,
                                                `evict` (optional) the last frame it is still held
    marks   frame, i, row, role                 one per cell a frame marks (role: a key of ROLE_COLOURS)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import altair as alt
import pandas as pd

from stonegame.draw.kit import ROLE_COLOURS, ROLE_SYMBOLS, band_start, fit, mapping_expr
from stonegame.draw.kit import legend as kit_legend

NEVER = 1 << 30  # an `evict` frame past any animation's end: the cell is never let go
ROW_HEIGHT = 44  # pixels per array at scale 1
NAME_FILL, BOX_STROKE, GREYED, GREYED_TEXT = "#F0F2F6", "#BBBBBB", "#E6E6E6", "#8A8A8A"
# A title or legend label at most as wide as the chart (phones), and a legend label in one of two columns.
FITS = alt.ExprRef(expr="containerSize()[0] - 8")
HALF = alt.ExprRef(expr="containerSize()[0] / 2 - 40")


@dataclass(frozen=True)
class Follow:
    """A grid that draws only some of its piles, chosen in the browser as the frame moves: `piles` is a
    Vega predicate on datum.i (the piles drawn now), `columns` a Vega expression of how many columns
    are drawn then, the name column included. The columns come from the data, in pile order."""

    piles: str
    columns: str


@dataclass(frozen=True)
class GridWords:
    """The words a grid shows: its title, each row's name (first column) and each role's name (legend),
    the roles in legend order."""

    title: str
    names: Mapping[str, str]
    roles: Mapping[str, str]


class GridData(NamedTuple):
    """The tables a grid draws: `boxes`, the cells with a string column `col`, an `evict` frame and a
    first column '#' of row names; `marked`, the marks with `col`."""

    boxes: pd.DataFrame
    marked: pd.DataFrame


class GridFit(NamedTuple):
    """What a grid's shape takes from its cells: the columns in order ('#' first), how many, and the
    digits its numbers are fitted to."""

    columns: list[str]
    count: int
    digits: int


def grid_data(cells: pd.DataFrame, marks: pd.DataFrame, rows: Sequence[str], names: Mapping[str, str]) -> GridData:
    """The grid's tables of these cells and marks (rows named by `names`)."""
    table = cells.assign(col=cells["i"].astype(str), label_cell=False, name="")
    table = table.assign(evict=table["evict"].fillna(NEVER).astype("int64") if "evict" in table else NEVER)
    first = pd.DataFrame(
        {
            "row": list(rows),
            "i": -1,
            "col": "#",
            "label_cell": True,
            "reveal": 0,
            "evict": NEVER,
            "name": [names[r] for r in rows],
        }
    )
    return GridData(pd.concat([first, table], ignore_index=True), marks.assign(col=marks["i"].astype(str)))


def grid_fit(cells: pd.DataFrame) -> GridFit:
    """The grid's columns ('#', then each pile's in order of first appearance) and its numbers' digits
    (the longest number's, at least 2, plus one)."""
    columns = ["#", *dict.fromkeys(cells["i"].astype(str))]
    digits = max([len(str(v)) for v in cells["number"].dropna()] + [2]) + 1
    return GridFit(columns, len(columns), digits)


def grid_panel(
    cells: pd.DataFrame | None,
    marks: pd.DataFrame | None,
    rows: Sequence[str],
    words: GridWords,
    name: str = "grid",
    scale: float = 1.0,
    legend_columns: int | None = None,
    follow: Follow | None = None,
    data: GridData | None = None,
    fitted: GridFit | None = None,
) -> alt.LayerChart:
    """The arrays `rows` as rows of boxes, stepping with the player's `frame` (drawing only the piles
    `follow` picks, if given); its layers are named <name>_boxes, <name>_marks, <name>_symbols and
    <name>_numbers (the browser tests find them so). Its tables and fit are grid_data's and grid_fit's of
    the cells and marks, or `data` and `fitted` if given (a template's: stonegame.draw.template; then
    cells and marks may be None)."""
    boxes, marked = data if data is not None else grid_data(cells, marks, rows, words.names)
    columns, count, digits = fitted if fitted is not None else grid_fit(cells)
    x, y = _x(columns, follow is not None), alt.Y("row:N", scale=alt.Scale(domain=list(rows)), axis=None)
    base = alt.Chart(boxes)
    current = alt.Chart(marked).transform_filter("datum.frame == frame")
    if follow:
        base = base.transform_filter(f"datum.label_cell || ({follow.piles})")
        current = current.transform_filter(follow.piles)
    base = base.encode(x=x, y=y)
    return alt.layer(
        _boxes(base).properties(name=f"{name}_boxes"),
        _fills(current, x, y, words.roles, legend_columns).properties(name=f"{name}_marks"),
        _symbols(current, x, y, words.roles, scale).properties(name=f"{name}_symbols"),
        _numbers(base, digits, follow.columns if follow else count, scale).properties(name=f"{name}_numbers"),
    ).properties(
        width="container",
        height=round(ROW_HEIGHT * len(rows) * scale),
        title=alt.Title(words.title, anchor="start", fontSize=16 * scale, limit=FITS),
    )


def _x(columns: list[str], from_data: bool = False) -> alt.X:
    """The columns as bands, labelled along the top (the name column as `i`): these columns, or (from_data)
    the ones drawn, in pile order."""
    return alt.X(
        "col:N",
        scale=alt.Scale() if from_data else alt.Scale(domain=columns),
        sort=alt.EncodingSortField("i", op="min") if from_data else alt.Undefined,
        title=None,
        axis=alt.Axis(
            orient="top",
            labelFontSize=14,
            labelAngle=0,
            labelExpr="datum.value == '#' ? 'i' : datum.value",
            ticks=False,
            domain=False,
        ),
    )


LET_GO = "frame > datum.evict"


def _boxes(base: alt.Chart) -> alt.Chart:
    """One box per cell: the name column shaded, a cell let go greyed."""
    return base.mark_rect(stroke=BOX_STROKE, strokeWidth=1).encode(
        color=alt.when("datum.label_cell")
        .then(alt.value(NAME_FILL))
        .when(LET_GO)
        .then(alt.value(GREYED))
        .otherwise(alt.value("white"))
    )


def _fills(current: alt.Chart, x: alt.X, y: alt.Y, roles: Mapping[str, str], columns: int | None) -> alt.Chart:
    """The frame's marked cells filled with their role's colour, with a legend of the roles. Hidden from
    screen readers (aria=False): the symbols say the same, and a frame that marks no cell would leave an
    unnamed empty graphic (axe: svg-img-alt)."""
    names = {r: f"{ROLE_SYMBOLS[r]} {word}" for r, word in roles.items()}
    legend = kit_legend(names, **({"columns": columns, "labelLimit": HALF} if columns else {}))
    scale = alt.Scale(domain=list(roles), range=[ROLE_COLOURS[r] for r in roles])
    return current.mark_rect(opacity=0.9, stroke="black", strokeWidth=2, aria=False).encode(
        x=x, y=y, color=alt.Color("role:N", scale=scale, legend=legend)
    )


def _symbols(current: alt.Chart, x: alt.X, y: alt.Y, roles: Mapping[str, str], scale: float) -> alt.Chart:
    """The role's symbol in the top-left corner of each marked cell, so colour is never the only cue."""
    return (
        current.transform_calculate(symbol=mapping_expr("datum.role", {r: ROLE_SYMBOLS[r] for r in roles}))
        .mark_text(fontSize=13 * scale, align="left", baseline="top", dx=3, dy=2)
        .encode(x=band_start(x), y=band_start(y), text="symbol:N")
    )


def _numbers(base: alt.Chart, digits: int, columns: int | str, scale: float) -> alt.Chart:
    """Each cell's number (a hyphen for minus, as the formulas and the input write it) from the frame
    that writes it (· before, greyed once let go), fitted to `columns` columns of `digits` characters;
    the row names."""
    return (
        base.transform_calculate(
            label="datum.label_cell ? datum.name : !isValid(datum.number) ? '' : "
            "frame >= datum.reveal ? toString(datum.number) : '·'"
        )
        .mark_text(fontWeight="bold", fontSize=fit(18 * scale, f"({columns}) * {digits}"))
        .encode(
            text="label:N",
            color=alt.when(f"!datum.label_cell && {LET_GO}").then(alt.value(GREYED_TEXT)).otherwise(alt.value("black")),
        )
    )
