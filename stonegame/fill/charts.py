"""Altair chart builders for the explainer: each takes tidy DataFrames (from
`stonegame.fill.view`) and the words it shows, and returns a chart. The explainer is one vconcat
whose views share the player's `frame` parameter (`stonegame.draw.player`); `stonegame.fill.spec`
builds the words once per language and makes the chart playable.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

import altair as alt
import pandas as pd

from stonegame.draw.caption import caption_panel, widest_formula
from stonegame.draw.grid import (
    PILE_LABELS,
    Follow,
    GridData,
    GridFit,
    GridWords,
    fitting_title,
    grid_data,
    grid_fit,
    grid_panel,
    margin_axis,
)
from stonegame.draw.kit import (
    BLUE,
    GREY,
    HIGHLIGHT,
    MONO,
    ORANGE,
    ROLE_COLOURS,
    ROLE_SYMBOLS,
    VERMILLION,
    WITHIN,
    legend,
    mapping_expr,
)
from stonegame.draw.player import player_params_at
from stonegame.draw.template import Tables
from stonegame.text import NBSP, ZWSP, display_width

ROLES = ("write", "read", "best")
PRESENTER_SCALE = 1.6  # type and marks in presenter mode, for a projector across a room: 13-px labels become 20.8 px
LINE_NUMBER = "#595959"  # the listing's line numbers: 7:1 on white
GRID_ROWS = ("values", "suffix", "dp")
BAR_ROWS = ("suffix", "dp")  # the arrays the bars panel draws, side by side at each pile
SHOWN = "frame >= datum.reveal"  # a cell is shown from the frame that writes it


@dataclass(frozen=True)
class BarsWords:
    """The bars panel's words: its title, the pile axis's title and the dp series' name in the legend."""

    title: str
    axis: str
    dp: str


@dataclass(frozen=True)
class ExplainerWords:
    """Every word the explainer's pictures show, by panel: the grid's, the bars' and the code panel's
    title (the caption's words are in the frames table)."""

    grid: GridWords
    bars: BarsWords
    code_title: str


@dataclass(frozen=True)
class OverviewWords:
    """The overview's words: its title, the pile axis's title, and each series' strip name."""

    title: str
    axis: str
    series: Mapping[str, str]


class BarsFit(NamedTuple):
    """What the bars panel takes from its cells: the numbers' domain (the least and the greatest, and 0),
    the piles in order, the numbers across the chart (two a pile) and the digits each is fitted to."""

    domain: list[int]
    piles: list[int]
    columns: int
    digits: int


def bars_data(cells: pd.DataFrame) -> pd.DataFrame:
    """The cells the bars draw: the suffix and dp rows."""
    return cells[cells["row"] != "values"]


def bars_fit(data: pd.DataFrame) -> BarsFit:
    """The bars panel's fit to its cells (bars_data)."""
    numbers = data["number"].astype("int64")
    piles = sorted(set(data["i"]))
    digits = max(len(str(v)) for v in numbers) + 1
    return BarsFit([min(0, int(numbers.min())), max(0, int(numbers.max()))], piles, 2 * len(piles), digits)


def bars_panel(
    cells: pd.DataFrame | None,
    marks: pd.DataFrame,
    words: BarsWords,
    scale: float = 1.0,
    follow: Follow | None = None,
    legend_at: str | Mapping[str, object] = "bottom",
    data: pd.DataFrame | None = None,
    fitted: BarsFit | None = None,
    names_px: float | None = None,
    least_px: float = 12,
) -> alt.LayerChart:
    """suffix[i] and dp[i] as labelled bars side by side, each shown from the frame that writes it;
    the current frame's cells are outlined and carry their symbol. No y axis: the bars say their numbers;
    the pile axis's numbers are thinned where they would run together (PILE_LABELS). With `follow`,
    only the piles it picks are drawn, in pile order (the bars' scale stays the row's), and the numbers
    fit the view's `width`; with `names_px`, a blank left margin that wide (a grid above with its names
    in such a margin lines its columns up with the bars'); the legend naming the two series sits at
    `legend_at` (an orient: under the bars, or right of them; or Legend properties that place it); a
    pile's two numbers are drawn while both fit at `least_px` or larger, else its dp number only
    (BarLabels). Its cells and fit are bars_data's and bars_fit's of `cells`, or `data` and `fitted` if
    given (a template's)."""
    data = bars_data(cells) if data is None else data
    domain, piles, columns, digits = fitted if fitted is not None else bars_fit(data)
    axis = alt.Axis(labelAngle=0, labelFontSize=14, titleFontSize=14, **PILE_LABELS)
    x = alt.X("i:O", title=words.axis or None, scale=alt.Scale() if follow else alt.Scale(domain=piles), axis=axis)
    margin = None if names_px is None else margin_axis(names_px)
    y = _bar_y("number:Q", domain, margin, stack=None)
    offset = alt.XOffset("row:N", scale=alt.Scale(domain=list(BAR_ROWS)))
    room = "width" if follow else "containerSize()[0]"
    labels = BarLabels(room, f"2 * ({follow.columns})" if follow else columns, digits, 13 * scale, least_px)
    layers = [
        _bars(data, x, y, offset, words.dp, legend_at),
        *_bar_numbers(data, x, y, offset, labels),
        *_bars_marked(marks, x, y, offset, domain, scale, margin),
    ]
    if follow:
        layers = [layer.transform_filter(follow.piles) for layer in layers]
    return (
        alt.layer(*layers, _zero_rule(domain, margin))
        .properties(
            width="container",
            height=round(180 * scale),
            title=fitting_title(words.title, 16 * scale),
        )
        .resolve_scale(color="independent")
    )


LABEL_PAD = 16  # pixels above the tallest bar and below the lowest one: their numbers stay inside the view


def _bar_y(field: str, domain: list[int], axis: alt.Axis | None = None, **more: object) -> alt.Y:
    """A y channel on the bars' number scale (domain from the least to the greatest number, and 0, with
    LABEL_PAD pixels for the numbers at either end), without an axis, or with `axis` (a blank margin)."""
    scale = alt.Scale(domain=domain, nice=True, padding=LABEL_PAD)
    return alt.Y(field, axis=axis, scale=scale, **more)


def _bars(
    data: pd.DataFrame, x: alt.X, y: alt.Y, offset: alt.XOffset, dp_name: str, at: str | Mapping[str, object] = "bottom"
) -> alt.Chart:
    """One bar per number, grey for suffix and blue for dp (its legend, at `at`: an orient or Legend
    properties, naming dp `dp_name`), each shown from the frame that writes it."""
    series = alt.Color(
        "row:N",
        scale=alt.Scale(domain=list(BAR_ROWS), range=["#BBBBBB", BLUE]),
        legend=legend({"dp": dp_name}, **({"orient": at} if isinstance(at, str) else at)),
    )
    shown = alt.condition(SHOWN, alt.value(1.0), alt.value(0.0))
    return alt.Chart(data).mark_bar().encode(x=x, y=y, xOffset=offset, color=series, opacity=shown)


# Of a pile's width: the room of one of its two numbers (their bars' centres are 0.37 of it apart in
# Chromium), and of a lone dp number (the next one is a pile away), each less a gap.
PAIR_SLOT, LONE_SLOT = 0.3, 0.8


class BarLabels(NamedTuple):
    """How the bars' numbers are fitted: `room`, a Vega expression of the width they share; `numbers`,
    how many would stand across it at two a pile (an int, or a Vega expression); `digits`, the
    characters each is fitted to; `cap`, the largest font size; `least`, the smallest at which a
    pile's two numbers are both drawn."""

    room: str
    numbers: int | str
    digits: int
    cap: float
    least: float

    def fitted(self, slot: float) -> str:
        """The font size at which a number of `digits` characters fills `slot` of a pile's width."""
        return f"{self.room} * {slot * 2:g} / (({self.numbers}) * {self.digits} * 0.62)"

    def pair(self) -> str:
        """Whether both of a pile's numbers fit side by side at `least` px or larger."""
        return f"{self.fitted(PAIR_SLOT)} >= {self.least:g}"

    def size(self) -> alt.ExprRef:
        """The numbers' font size: fitted to their half of a pile while both fit, else to the dp number's
        room (a whole pile), from 8 px up to `cap`."""
        return alt.ExprRef(
            expr=f"clamp({self.pair()} ? {self.fitted(PAIR_SLOT)} : {self.fitted(LONE_SLOT)}, 8, {self.cap:g})"
        )


def _bar_numbers(
    data: pd.DataFrame, x: alt.X, y: alt.Y, offset: alt.XOffset, labels: BarLabels
) -> tuple[alt.Chart, alt.Chart]:
    """Each bar's number in bold, above a bar that rises and below one that falls, shown with its bar,
    sized by `labels`; where a pile's two numbers would not both fit, only the dp numbers are drawn
    (the suffix row's are in the grid above), so no number ever overlaps its neighbour."""
    shown = alt.condition(SHOWN, alt.value(1.0), alt.value(0.0))
    label = (
        alt.Chart(data)
        .transform_filter(f"datum.row == 'dp' || {labels.pair()}")
        .encode(x=x, xOffset=offset, text="number:Q", opacity=shown, y=y)
    )
    size, bold = labels.size(), "bold"
    above = label.transform_filter("datum.number >= 0").mark_text(
        fontSize=size, fontWeight=bold, baseline="bottom", dy=-3
    )
    below = label.transform_filter("datum.number < 0").mark_text(fontSize=size, fontWeight=bold, baseline="top", dy=3)
    return above, below


def _bars_marked(
    marks: pd.DataFrame,
    x: alt.X,
    y: alt.Y,
    offset: alt.XOffset,
    domain: list[int],
    scale: float,
    margin: alt.Axis | None = None,
) -> tuple[alt.Chart, alt.Chart]:
    """The current frame's bars outlined in black, and under each at the zero line its role's symbol
    (●, ○ or ★) in the role's colour."""
    current = alt.Chart(marks).transform_filter("datum.frame == frame && datum.row != 'values'")
    outline = current.mark_bar(fillOpacity=0, stroke="black", strokeWidth=3).encode(x=x, y=y, xOffset=offset)
    role = alt.Color("role:N", scale=alt.Scale(domain=list(ROLES), range=[ROLE_COLOURS[r] for r in ROLES]), legend=None)
    symbol = (
        current.transform_calculate(symbol=mapping_expr("datum.role", {r: ROLE_SYMBOLS[r] for r in ROLES}), base="0")
        .mark_text(fontSize=18 * scale, baseline="top", dy=4)
        .encode(x=x, y=_bar_y("base:Q", domain, margin), xOffset=offset, text="symbol:N", color=role)
    )
    return outline, symbol


def _zero_rule(domain: list[int], margin: alt.Axis | None = None) -> alt.Chart:
    """The zero line the bars stand on (or hang from)."""
    return alt.Chart(pd.DataFrame({"y": [0]})).mark_rule(color="#666").encode(y=_bar_y("y:Q", domain, margin))


def code_panel(lines: list[str], highlight: pd.DataFrame, title: str, scale: float = 1.0) -> alt.LayerChart:
    """The listing, one text row per line, with the lines the current frame runs highlighted (▶). The
    line numbers are their own layer, right-aligned in a gutter as wide as the largest number, and each
    line's text starts at the same x with its indentation kept (a ZWSP, then spaces as NBSP: SVG text
    drops plain leading spaces and NBSP too), so a line sits exactly under the lines it is nested in."""
    code = pd.DataFrame(
        {"line": range(1, len(lines) + 1), "number": [str(n) for n in range(1, len(lines) + 1)], "text": lines}
    ).assign(text=lambda d: ZWSP + d["text"].str.replace(" ", NBSP))
    gutter = len(str(len(lines)))  # characters of the largest line number
    size = f"clamp(containerSize()[0] / ({max(map(display_width, lines)) + gutter + 5} * 0.62), 8, {14 * scale})"
    column = f"({size}) * 0.6"  # one character of the monospace font, in pixels (what text x's are in)
    y = alt.Y("line:O", axis=None, scale=alt.Scale(domain=list(code["line"]), paddingInner=0))
    marked = alt.Chart(highlight).transform_filter("datum.frame == frame")
    band = marked.mark_rect(color=HIGHLIGHT).encode(y=y)
    arrow = marked.mark_text(text="▶", color=VERMILLION, fontSize=14 * scale, align="left").encode(y=y, x=alt.value(2))
    text = alt.Chart(code).mark_text(align="left", font=MONO, fontSize=alt.ExprRef(expr=size), limit=WITHIN)
    numbers = text.mark_text(align="right", font=MONO, fontSize=alt.ExprRef(expr=size), color=LINE_NUMBER)
    at = alt.XValue(alt.ExprRef(expr=f"20 + {column} * {gutter}"))
    code_at = alt.XValue(alt.ExprRef(expr=f"20 + {column} * {gutter + 2}"))
    return alt.layer(
        band.properties(name="code_highlight"),
        arrow.properties(name="code_arrow"),
        numbers.encode(y=y, x=at, text="number:N").properties(name="code_number"),
        text.encode(y=y, x=code_at, text="text:N").properties(name="code_text"),
    ).properties(
        width="container",
        height=round(20 * scale) * len(lines),
        title=alt.Title(title, anchor="start", fontSize=16 * scale),
    )


class PictureLayout(NamedTuple):
    """What the exports' picture takes from its window besides its tables: the last frame, the caption's
    widest formula, the grid's fit and the bars' fit."""

    last: int
    widest: int
    grid: GridFit
    bars: BarsFit


def picture_data(
    frames: pd.DataFrame, cells: pd.DataFrame, marks: pd.DataFrame, highlight: pd.DataFrame, names: Mapping[str, str]
) -> dict[str, pd.DataFrame]:
    """The exports' picture's tables by role: the frames (caption), the grid's boxes and marks (rows
    named by `names`), the bars' cells, the marks the bars outline, and the lines each frame runs."""
    grid = grid_data(cells, marks, GRID_ROWS, names)
    return {
        "frames": frames,
        "grid": grid.boxes,
        "grid_marks": grid.marked,
        "bars": bars_data(cells),
        "marks": marks,
        "highlight": highlight,
    }


def picture_layout(frames: pd.DataFrame, cells: pd.DataFrame) -> PictureLayout:
    """The exports' picture's layout for these frames and cells."""
    return PictureLayout(
        int(frames["frame"].max()), widest_formula(frames), grid_fit(cells), bars_fit(bars_data(cells))
    )


def explainer_chart(
    tables: Tables, layout: PictureLayout, code_lines: list[str], words: ExplainerWords, scale: float = 1.0
) -> alt.VConcatChart:
    """The whole explainer in one chart, for pictures of it (the PNG, SVG and GIF exports): caption,
    arrays, bars and code (`code_lines`), stepping together from frame 0 (tables: picture_data, layout:
    picture_layout); `scale` enlarges type, marks and panels."""
    grid = GridData(tables["grid"], tables["grid_marks"])
    return (
        alt.vconcat(
            caption_panel(tables["frames"], scale, widest=layout.widest),
            grid_panel(None, None, GRID_ROWS, words.grid, scale=scale, data=grid, fitted=layout.grid),
            bars_panel(None, tables["marks"], words.bars, scale, data=tables["bars"], fitted=layout.bars),
            code_panel(code_lines, tables["highlight"], words.code_title, scale),
            spacing=round(14 * scale),
        )
        .resolve_scale(color="independent")
        .add_params(*player_params_at(layout.last, 0))
        .configure_view(stroke=None)
    )


OVERVIEW_PICK = "pick"  # the overview's click selection: the bin whose piles the window should show
STRIPS = {"suffix": GREY, "dp": BLUE, "diff": VERMILLION}  # the overview's series, top to bottom, and colours


class StripFit(NamedTuple):
    """What one strip of the overview takes from its series: its y domain (its lowest and highest value,
    widened by one each way when they are equal) and its title (its name and range)."""

    domain: list[int]
    title: str


class OverviewLayout(NamedTuple):
    """What the overview takes from its row: the positions' end (the x axis runs 0..end) and each strip's
    fit, in STRIPS order."""

    end: int
    strips: tuple[StripFit, ...]


def overview_data(table: pd.DataFrame, lo: int, hi: int) -> dict[str, pd.DataFrame]:
    """The overview's tables by role: each series' bins (by its name) and the window [lo, hi) (the bins'
    field names: layers' axes must agree)."""
    return {
        **{name: table[table["series"] == name] for name in STRIPS},
        "window": pd.DataFrame({"start": [lo], "stop": [hi]}),
    }


def overview_layout(table: pd.DataFrame, words: OverviewWords) -> OverviewLayout:
    """The overview's layout for this table of bins (overview.overview)."""
    fits = []
    for name in STRIPS:
        part = table[table["series"] == name]
        low, high = int(part["low"].min()), int(part["high"].max())
        domain = [low, high] if low < high else [low - 1, high + 1]
        fits.append(StripFit(domain, f"{words.series[name]}: {low:,} … {high:,}"))
    return OverviewLayout(int(table["stop"].max()), tuple(fits))


def overview_chart(tables: Tables, layout: OverviewLayout, words: OverviewWords) -> alt.VConcatChart:
    """Each series of a long row as a min–max band over the positions, one strip per series (the pile
    axis under the last), with the animated window marked (tables: overview_data, layout:
    overview_layout); clicking a bin selects it (selection OVERVIEW_PICK)."""
    x_scale = alt.Scale(domain=[0, layout.end], nice=False)
    pick = alt.selection_point(name=OVERVIEW_PICK, fields=["start", "stop"], on="click", clear=False)
    strips = []
    for (name, colour), fitted in zip(STRIPS.items(), layout.strips, strict=True):
        axis = {} if name == list(STRIPS)[-1] else {"axis": None}  # one pile axis, under the last strip
        x = alt.X("start:Q", title=words.axis, scale=x_scale, **axis)  # the same in every layer (Vega needs it)
        strips.append(_strip(name, tables[name], colour, fitted, tables["window"], pick, x))
    with warnings.catch_warnings():  # one selection shared by the three strips: Altair merges it
        warnings.simplefilter("ignore", UserWarning)
        chart = alt.vconcat(*strips, spacing=6)
    return chart.properties(title=alt.Title(words.title, anchor="start", fontSize=16)).configure_view(stroke="#DDDDDD")


def _strip(
    series: str, part: pd.DataFrame, colour: str, fitted: StripFit, window: pd.DataFrame, pick: alt.Parameter, x: alt.X
) -> alt.LayerChart:
    """One series' strip, titled with its name and range: its min–max band per bin, the window's frame and
    its left edge in orange, and an invisible bar per bin as tall as the strip that a click selects (`pick`;
    the layer named overview_<series>_pick, so the selection's views are named the same for every row)."""
    base = alt.Chart(part).encode(x=x)
    band = base.mark_area(color=colour, opacity=0.75, line={"color": colour}).encode(
        y=alt.Y("low:Q", axis=None, scale=alt.Scale(domain=fitted.domain)),
        y2="high:Q",
        tooltip=[alt.Tooltip("start:Q", title="i ≥"), alt.Tooltip("stop:Q", title="i <"), "low:Q", "high:Q"],
    )
    target = (  # the strip's full height, over the band (a click on the band's line picks its bin too)
        base.mark_bar(opacity=0.001, cursor="pointer")
        .encode(x2="stop:Q", y=alt.value(0), y2=alt.value("height"))
        .properties(name=f"overview_{series}_pick")
    )
    with warnings.catch_warnings():  # the selection is added to every strip: Altair warns, then merges it
        warnings.simplefilter("ignore", UserWarning)
        target = target.add_params(pick)
    frame = (
        alt.Chart(window).mark_rect(color=ORANGE, opacity=0.35, stroke=ORANGE, strokeWidth=3).encode(x=x, x2="stop:Q")
    )
    marker = alt.Chart(window).mark_rule(color=ORANGE, strokeWidth=4).encode(x=x)
    return alt.layer(band, frame, marker, target).properties(
        width="container",
        height=56,
        title=alt.Title(fitted.title, anchor="start", fontSize=13, fontWeight="normal"),
    )
