"""The one grid every feature draws its arrays with: each array a row of boxes (its name in a first
column as wide as the longest name needs, or in a margin left of the rows), a number appearing at the
frame that writes it (· before), and the current frame's marks colouring and labelling the cells it
writes (●), reads (○), picks (★) or lets go (✗).

Tables in (one row per observation):
    cells   i, row, number, reveal [, evict]    one per box; `reveal` is the frame that writes it,
                                                `evict` (optional) the last frame it is still held
    marks   frame, i, row, role                 one per cell a frame marks (role: a key of ROLE_COLOURS)
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import altair as alt
import pandas as pd

from stonegame.draw.kit import ROLE_COLOURS, ROLE_SYMBOLS, band_start, fit, label_expr, mapping_expr
from stonegame.draw.kit import legend as kit_legend

NEVER = 1 << 30  # an `evict` frame past any animation's end: the cell is never let go
ROW_HEIGHT = 44  # pixels per array at scale 1
NAME_FILL, BOX_STROKE, GREYED, GREYED_TEXT = "#F0F2F6", "#BBBBBB", "#E6E6E6", "#8A8A8A"
# A title or legend label at most as wide as the chart (phones), and a legend label in one of two columns.
FITS = alt.ExprRef(expr="containerSize()[0] - 8")
HALF = alt.ExprRef(expr="containerSize()[0] / 2 - 40")
# Pile numbers along an axis: where they would run together (five-digit piles of a long row in narrow
# columns), Vega drops every label that comes within 6 px of the last one it kept (issue 33).
PILE_LABELS: dict[str, object] = {"labelOverlap": "greedy", "labelSeparation": 6}
BOLD_EM = 0.62  # a generous average width of a bold Latin letter, digit or bracket, in ems (a CJK one is 1)


def text_px(text: str, size: float) -> float:
    """An estimate of `text`'s width in pixels in bold type of `size` px: a CJK character (or full-width
    sign) 1 em, any other BOLD_EM."""
    return sum(size if ord(c) >= 0x2E80 else BOLD_EM * size for c in text)


def halves(text: str) -> list[str]:
    """The text as two lines: cut after a full-width colon (where a Chinese title breaks), else at the
    space nearest its middle, else at its middle; one line if a cut would leave a line empty."""
    spaces = [k for k, c in enumerate(text) if c == " "]
    middle = len(text) / 2
    if "：" in text:
        cut = text.index("：") + 1
    else:
        cut = min(spaces, key=lambda k: abs(k - middle)) if spaces else round(middle)
    first, second = text[:cut].rstrip(), text[cut:].lstrip()
    return [first, second] if first and second else [text]


def fitting_title(text: str, size: float) -> alt.Title:
    """A chart title of `size` px: on one line where the chart is wide enough for it (as text_px guesses),
    else on two (a phone's narrow chart), cut with an ellipsis at the chart's width only as a last resort."""
    one, two = json.dumps(text, ensure_ascii=False), json.dumps(halves(text), ensure_ascii=False)
    lines = alt.ExprRef(expr=f"containerSize()[0] - 8 < {round(text_px(text, size))} ? {two} : {one}")
    return alt.Title(lines, anchor="start", fontSize=size, limit=FITS)


@dataclass(frozen=True)
class Follow:
    """A grid that draws only some of its piles, chosen in the browser as the frame moves: `piles` is a
    Vega predicate on datum.i (the piles drawn now), `columns` a Vega expression of how many piles are
    drawn then. The columns come from the data, in pile order."""

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
    """What a grid's shape takes from its cells: the pile columns in order, how many, and the digits its
    numbers are fitted to."""

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
    """The grid's pile columns (each pile's, in order of first appearance) and its numbers' digits (the
    longest number's, at least 2, plus one)."""
    columns = list(dict.fromkeys(cells["i"].astype(str)))
    digits = max([len(str(v)) for v in cells["number"].dropna()] + [2]) + 1
    return GridFit(columns, len(columns), digits)


def grid_panel(
    cells: pd.DataFrame | None,
    marks: pd.DataFrame | None,
    rows: Sequence[str],
    words: GridWords,
    name: str = "grid",
    scale: float = 1.0,
    legend_columns: int | alt.ExprRef | None = None,
    follow: Follow | None = None,
    data: GridData | None = None,
    fitted: GridFit | None = None,
    names_px: float | None = None,
) -> alt.LayerChart:
    """The arrays `rows` as rows of boxes, stepping with the player's `frame` (drawing only the piles
    `follow` picks, if given); its layers are named <name>_boxes, <name>_marks, <name>_symbols and
    <name>_numbers, and with a name column <name>_name_boxes and <name>_names (the browser tests find them
    so). Its tables and fit are grid_data's and grid_fit's of the cells and marks, or `data` and `fitted`
    if given (a template's: stonegame.draw.template; then cells and marks may be None). The row names fill
    a first column of name_column_px (the piles share the rest of the width), or (names_px) sit left of
    the rows in a margin of names_px pixels (names_axis). `follow`'s columns count the piles only."""
    boxes, marked = data if data is not None else grid_data(cells, marks, rows, words.names)
    columns, count, digits = fitted if fitted is not None else grid_fit(cells)
    piles = Piles(columns, count if follow is None else follow.columns)
    shown = [words.names[r] for r in rows]
    column = None if names_px is not None else name_column_px(shown, scale)
    x = _x(piles, follow is not None, column)
    axis = None if names_px is None else names_axis(words.names, names_px, scale)
    y = alt.Y("row:N", scale=alt.Scale(domain=list(rows)), axis=axis)
    base = alt.Chart(boxes).transform_filter("!datum.label_cell")
    current = alt.Chart(marked).transform_filter("datum.frame == frame")
    if follow:
        base = base.transform_filter(follow.piles)
        current = current.transform_filter(follow.piles)
    height = round(ROW_HEIGHT * len(rows) * scale)
    names = [] if column is None else _name_column(alt.Chart(boxes), y, column, scale, name)
    base = base.encode(x=x, y=y)
    return alt.layer(
        *names,
        _boxes(base).properties(name=f"{name}_boxes"),
        _fills(current, x, y, words.roles, _legend_place(legend_columns, names_px, height)).properties(
            name=f"{name}_marks"
        ),
        _symbols(current, x, y, words.roles, scale).properties(name=f"{name}_symbols"),
        _numbers(base, digits, _across(follow, piles.count, column or 0), scale).properties(name=f"{name}_numbers"),
    ).properties(
        width="container",
        height=height,
        title=fitting_title(words.title, 16 * scale),
    )


def _legend_place(columns: int | None, names_px: float | None, height: int) -> dict[str, object]:
    """Where the roles' legend goes and how it wraps: under the grid from its first cell, in `columns`
    columns if given; with the names in a margin, from the margin's left edge (so it is as wide as the
    picture, not its cells)."""
    wrap = {"columns": columns, "labelLimit": HALF} if columns else {}
    if names_px is None:
        return wrap
    return {**wrap, "orient": "none", "direction": "horizontal", "legendX": -names_px, "legendY": height + LEGEND_GAP}


class Piles(NamedTuple):
    """The pile columns of a grid: their names in order, and how many are drawn (a number, or a Vega
    expression of one when the grid follows the frame)."""

    columns: list[str]
    count: int | str


def _room(following: bool) -> str:
    """The width a grid's columns share, as a Vega expression: the view's when it follows the frame (the
    stage sets it), else the container's."""
    return "width" if following else "containerSize()[0]"


def _across(follow: Follow | None, count: int | str, column_px: float) -> tuple[int | str, str]:
    """The pile columns the numbers are fitted across, and the width they share: the width (_room) less
    the name column's `column_px` and its EDGEs, if any."""
    room = _room(follow is not None)
    return count, f"({room} - {column_px + 2 * EDGE:g})" if column_px else room


def name_column_px(names: Sequence[str], scale: float = 1.0) -> int:
    """The name column's width in pixels: the longest of `names` in bold at NAME_FONT * scale (as text_px
    guesses, generously), NAME_PAD * scale either side."""
    return math.ceil(max(text_px(n, NAME_FONT * scale) for n in names) + 2 * NAME_PAD * scale)


def _x(piles: Piles, from_data: bool = False, column_px: float | None = None) -> alt.X:
    """The pile columns as bands, labelled along the top, thinned where they would run together
    (PILE_LABELS): these columns, or (from_data) the ones drawn, in pile order. With a name column of
    `column_px`, the bands (the scale's range) start after it and end EDGE pixels short of the width
    _room says, and `i` stands over it; without one, `i` stands left of the labels, over the row names in
    their margin."""
    scale = {} if from_data else {"domain": piles.columns}
    title = PILE_TITLE
    if column_px:
        ends = [alt.ExprRef(expr=f"{EDGE + column_px:g}"), alt.ExprRef(expr=f"{_room(from_data)} - {EDGE}")]
        scale |= {"range": ends, "paddingInner": 0, "paddingOuter": 0}
        title = {**PILE_TITLE, "titleX": EDGE + column_px / 2, "titleAlign": "center"}
    return alt.X(
        "col:N",
        scale=alt.Scale(**scale),
        sort=alt.EncodingSortField("i", op="min") if from_data else alt.Undefined,
        title=None,
        axis=alt.Axis(
            orient="top",
            labelFontSize=14,
            labelAngle=0,
            labelPadding=LABEL_PAD,
            ticks=False,
            domain=False,
            **PILE_LABELS,
            **title,
        ),
    )


NAME_GAP = 10  # pixels between a row name and the row's first cell
# A name column's type and room: 16 px, which presenter mode's charts never raise (ui.specs.projected lifts text
# under 16 px), so the column measured for it holds it; NAME_PAD pixels either side of the longest name.
NAME_FONT, NAME_PAD = 16, 5
# Pixels left blank at either end of a grid with a name column, so no box's stroke (half of it outside the box)
# reaches past the view: Vega widens the picture to hold it, and a chart 2 px wider than its column is cut there.
EDGE = 1
LEGEND_GAP = 10  # pixels between the grid's last row and a legend placed under it by hand
TITLE_CLEAR = 8  # pixels more between `i` and the first column: a five-digit pile number overhangs a narrow one
LABEL_PAD = 2  # pixels between the pile numbers along the top and the boxes (Vega's own; Streamlit's theme sets more)
# The top axis's `i` when there is no name column: right-aligned over the row names, level with the labels.
PILE_TITLE = {
    "title": "i",
    "titleX": -NAME_GAP - TITLE_CLEAR,
    "titleY": -LABEL_PAD,
    "titleAngle": 0,
    "titleAlign": "right",
    "titleBaseline": "bottom",
    "titleFontSize": 14,
    "titleFontWeight": "normal",
}


def names_axis(names: Mapping[str, str], px: float, scale: float = 1.0) -> alt.Axis:
    """The row names as the labels of a left axis exactly `px` pixels wide (so another view can keep the
    same margin and line its columns up), in bold, right-aligned NAME_GAP pixels left of the first cell."""
    return alt.Axis(
        orient="left",
        title=None,
        ticks=False,
        domain=False,
        labelExpr=label_expr(dict(names)),
        labelFontSize=14 * scale,
        labelFontWeight="bold",
        labelColor="black",
        labelPadding=NAME_GAP,
        labelLimit=px - NAME_GAP,
        minExtent=px,
        maxExtent=px,
    )


def margin_axis(px: float) -> alt.Axis:
    """A left axis that draws nothing but is `px` pixels wide: the margin names_axis keeps, for a view
    under a grid whose columns it lines up with."""
    return alt.Axis(
        orient="left", title=None, labels=False, ticks=False, domain=False, grid=False, minExtent=px, maxExtent=px
    )


LET_GO = "frame > datum.evict"


def _boxes(base: alt.Chart) -> alt.Chart:
    """One box per cell, a cell let go greyed."""
    return base.mark_rect(stroke=BOX_STROKE, strokeWidth=1).encode(
        color=alt.when(LET_GO).then(alt.value(GREYED)).otherwise(alt.value("white"))
    )


def _name_column(boxes: alt.Chart, y: alt.Y, px: float, scale: float, name: str) -> list[alt.Chart]:
    """The name column, `px` wide, EDGE pixels from the grid's left edge: a shaded box per row (layer
    <name>_name_boxes) and the row's name centred in it, bold, NAME_FONT * scale px (<name>_names)."""
    names = boxes.transform_filter("datum.label_cell").encode(y=y)
    return [
        names.mark_rect(stroke=BOX_STROKE, strokeWidth=1, color=NAME_FILL)
        .encode(x=alt.value(EDGE), x2=alt.value(EDGE + px))
        .properties(name=f"{name}_name_boxes"),
        names.mark_text(fontWeight="bold", fontSize=NAME_FONT * scale, color="black")
        .encode(x=alt.value(EDGE + px / 2), text="name:N")
        .properties(name=f"{name}_names"),
    ]


def _fills(current: alt.Chart, x: alt.X, y: alt.Y, roles: Mapping[str, str], place: Mapping[str, object]) -> alt.Chart:
    """The frame's marked cells filled with their role's colour, with a legend of the roles (placed and
    wrapped by `place`: Legend properties). Hidden from
    screen readers (aria=False): the symbols say the same, and a frame that marks no cell would leave an
    unnamed empty graphic (axe: svg-img-alt)."""
    names = {r: f"{ROLE_SYMBOLS[r]} {word}" for r, word in roles.items()}
    legend = kit_legend(names, **place)
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


def _numbers(base: alt.Chart, digits: int, across: tuple[int | str, str], scale: float) -> alt.Chart:
    """Each cell's number (a hyphen for minus, as the formulas and the input write it) from the frame
    that writes it (· before, whether or not the data holds the number: a held stage's has none; blank for
    a cell with no number, values[n]), greyed once let go, fitted to `across` (columns, and the width they
    share) of `digits` characters."""
    columns, room = across
    return (
        base.transform_calculate(
            label="frame < datum.reveal ? '·' : isValid(datum.number) ? toString(datum.number) : ''"
        )
        .mark_text(fontWeight="bold", fontSize=fit(18 * scale, f"({columns}) * {digits}", room))
        .encode(
            text="label:N",
            color=alt.when(LET_GO).then(alt.value(GREYED_TEXT)).otherwise(alt.value("black")),
        )
    )
