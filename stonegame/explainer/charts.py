"""Altair chart builders for the explainer: each takes tidy DataFrames (from
`stonegame.explainer.view`) and returns a chart. The explainer is one vconcat whose views share the
player's `frame` parameter (`stonegame.draw.player`); `stonegame.explainer.spec` makes it playable.
"""

from __future__ import annotations

import json
import warnings

import altair as alt
import pandas as pd

from stonegame.draw.caption import caption_panel
from stonegame.draw.grid import GridWords, grid_panel
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
    fit,
    mapping_expr,
)
from stonegame.draw.player import PlayerWords, nav_bar, player_params
from stonegame.text import NBSP

ROLES = ("write", "read", "best")
PRESENTER_SCALE = 1.35  # type and marks in presenter mode, for a projector across a room
GRID_ROWS = ("values", "suffix", "dp")


def grid_words(labels: dict[str, str]) -> GridWords:
    """The explainer grid's words: its title, the three rows' names and the three roles' names."""
    return GridWords(
        labels["chart_grid_title"], {r: labels["row_" + r] for r in GRID_ROWS}, {r: labels["role_" + r] for r in ROLES}
    )


def bars_panel(cells: pd.DataFrame, marks: pd.DataFrame, labels: dict[str, str], scale: float = 1.0) -> alt.LayerChart:
    """suffix[i] and dp[i] as labelled bars side by side, each shown from the frame that writes it;
    the current frame's cells are outlined and carry their symbol. No y axis: the bars say their numbers."""
    data = cells[cells["row"] != "values"]
    numbers = data["number"].astype("int64")
    domain = [min(0, int(numbers.min())), max(0, int(numbers.max()))]
    digits = max(len(str(v)) for v in numbers) + 1
    x = alt.X(
        "i:O",
        title=labels["axis_pile"],
        scale=alt.Scale(domain=sorted(set(data["i"]))),
        axis=alt.Axis(labelAngle=0, labelFontSize=14, titleFontSize=14),
    )
    y = alt.Y("number:Q", axis=None, scale=alt.Scale(domain=domain, nice=True), stack=None)
    offset = alt.XOffset("row:N", scale=alt.Scale(domain=["suffix", "dp"]))
    series = alt.Color(
        "row:N",
        scale=alt.Scale(domain=["suffix", "dp"], range=["#BBBBBB", BLUE]),
        legend=alt.Legend(
            title=None,
            orient="bottom",
            labelFontSize=14,
            symbolType="square",
            symbolSize=200,
            labelExpr=f"datum.label == 'dp' ? {json.dumps(labels['row_dp'])} : datum.label",
        ),
    )
    shown = alt.condition("frame >= datum.reveal", alt.value(1.0), alt.value(0.0))
    bars = alt.Chart(data).mark_bar().encode(x=x, y=y, xOffset=offset, color=series, opacity=shown)
    label = alt.Chart(data).encode(
        x=x,
        xOffset=offset,
        text="number:Q",
        opacity=shown,
        y=y,
    )
    size = fit(13 * scale, 2 * len(set(data["i"])) * digits)
    above = label.transform_filter("datum.number >= 0").mark_text(
        fontSize=size, fontWeight="bold", baseline="bottom", dy=-3
    )
    below = label.transform_filter("datum.number < 0").mark_text(fontSize=size, fontWeight="bold", baseline="top", dy=3)
    current = alt.Chart(marks).transform_filter("datum.frame == frame && datum.row != 'values'")
    outline = current.mark_bar(fillOpacity=0, stroke="black", strokeWidth=3).encode(x=x, y=y, xOffset=offset)
    symbol = (
        current.transform_calculate(symbol=mapping_expr("datum.role", {r: ROLE_SYMBOLS[r] for r in ROLES}), base="0")
        .mark_text(fontSize=18 * scale, baseline="top", dy=4)
        .encode(
            x=x,
            y=alt.Y("base:Q", axis=None, scale=alt.Scale(domain=domain, nice=True)),
            xOffset=offset,
            text="symbol:N",
            color=alt.Color(
                "role:N", scale=alt.Scale(domain=list(ROLES), range=[ROLE_COLOURS[r] for r in ROLES]), legend=None
            ),
        )
    )
    zero = (
        alt.Chart(pd.DataFrame({"y": [0]}))
        .mark_rule(color="#666")
        .encode(y=alt.Y("y:Q", axis=None, scale=alt.Scale(domain=domain, nice=True)))
    )
    return (
        alt.layer(bars, above, below, outline, symbol, zero)
        .properties(
            width="container",
            height=round(180 * scale),
            title=alt.Title(labels["chart_bars_title"], anchor="start", fontSize=16 * scale),
        )
        .resolve_scale(color="independent")
    )


def code_panel(lines: list[str], highlight: pd.DataFrame, labels: dict[str, str], scale: float = 1.0) -> alt.LayerChart:
    """The listing, one text row per line, with the lines the current frame runs highlighted (▶)."""
    shown = [f"{n:>2}  {line}".replace(" ", NBSP) for n, line in enumerate(lines, 1)]  # SVG drops plain leading spaces
    code = pd.DataFrame({"line": range(1, len(lines) + 1), "text": shown})
    widest = max(len(text) for text in code["text"]) + 3
    y = alt.Y("line:O", axis=None, scale=alt.Scale(domain=list(code["line"]), paddingInner=0))
    marked = alt.Chart(highlight).transform_filter("datum.frame == frame")
    band = marked.mark_rect(color=HIGHLIGHT).encode(y=y)
    arrow = marked.mark_text(text="▶", color=VERMILLION, fontSize=14 * scale, align="left").encode(y=y, x=alt.value(2))
    text = (
        alt.Chart(code)
        .mark_text(align="left", font=MONO, fontSize=fit(14 * scale, widest), limit=WITHIN)
        .encode(y=y, x=alt.value(20), text="text:N")
    )
    return alt.layer(
        band.properties(name="code_highlight"), arrow.properties(name="code_arrow"), text.properties(name="code_text")
    ).properties(
        width="container",
        height=round(20 * scale) * len(lines),
        title=alt.Title(labels["chart_code_title"], anchor="start", fontSize=16 * scale),
    )


def explainer_chart(
    frames: pd.DataFrame,
    cells: pd.DataFrame,
    marks: pd.DataFrame,
    code_lines: list[str],
    code_highlight: pd.DataFrame,
    labels: dict[str, str],
    start: int = 0,
    scale: float = 1.0,
) -> alt.VConcatChart:
    """The whole explainer in one chart: buttons, caption, arrays, bars and code, stepping together;
    `scale` enlarges type, marks and panels (presenter mode uses PRESENTER_SCALE)."""
    last = int(frames["frame"].max())
    return (
        alt.vconcat(
            nav_bar(PlayerWords.from_labels(labels), scale),
            caption_panel(frames, scale),
            grid_panel(cells, marks, GRID_ROWS, grid_words(labels), scale=scale),
            bars_panel(cells, marks, labels, scale),
            code_panel(code_lines, code_highlight, labels, scale),
            spacing=round(14 * scale),
        )
        .resolve_scale(color="independent")
        .add_params(*player_params(last, min(max(start, 0), last), PlayerWords.from_labels(labels)))
        .configure_view(stroke=None)
    )


OVERVIEW_PICK = "pick"  # the overview's click selection: the bin whose piles the window should show


def overview_chart(table: pd.DataFrame, lo: int, hi: int, labels: dict[str, str]) -> alt.VConcatChart:
    """Each series of a long row as a min–max band over the positions, one strip per series, with the
    animated window [lo, hi) marked; clicking a bin selects it (selection OVERVIEW_PICK)."""
    last = int(table["stop"].max())
    x_scale = alt.Scale(domain=[0, last], nice=False)
    pick = alt.selection_point(name=OVERVIEW_PICK, fields=["start", "stop"], on="click", clear=False)
    window = pd.DataFrame({"start": [lo], "stop": [hi]})  # the bins' field names: layers' axes must agree
    strips = []
    for name, colour in (("suffix", GREY), ("dp", BLUE), ("diff", VERMILLION)):
        part = table[table["series"] == name]
        axis = {} if name == "diff" else {"axis": None}  # one pile axis, under the last strip

        def x(field: str, axis: dict = axis) -> alt.X:
            """The pile axis, the same in every layer (Vega fails on layers whose axes differ)."""
            return alt.X(f"{field}:Q", title=labels["axis_pile"], scale=x_scale, **axis)

        base = alt.Chart(part).encode(x=x("start"))
        low, high = int(part["low"].min()), int(part["high"].max())
        band = base.mark_area(color=colour, opacity=0.75, line={"color": colour}).encode(
            y=alt.Y("low:Q", axis=None, scale=alt.Scale(domain=[low, high] if low < high else [low - 1, high + 1])),
            y2="high:Q",
            tooltip=[alt.Tooltip("start:Q", title="i ≥"), alt.Tooltip("stop:Q", title="i <"), "low:Q", "high:Q"],
        )
        target = base.mark_bar(opacity=0.001, cursor="pointer").encode(x2="stop:Q")
        with warnings.catch_warnings():  # one selection shared by the three strips: Altair merges it
            warnings.simplefilter("ignore", UserWarning)
            target = target.add_params(pick)
        frame = (
            alt.Chart(window)
            .mark_rect(color=ORANGE, opacity=0.35, stroke=ORANGE, strokeWidth=3)
            .encode(x=x("start"), x2="stop:Q")
        )
        marker = alt.Chart(window).mark_rule(color=ORANGE, strokeWidth=4).encode(x=x("start"))
        title = f"{labels['overview_' + name]}: {low:,} … {high:,}"
        strips.append(
            alt.layer(band, frame, marker, target).properties(
                width="container", height=56, title=alt.Title(title, anchor="start", fontSize=13, fontWeight="normal")
            )
        )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        chart = alt.vconcat(*strips, spacing=6)
    return chart.properties(title=alt.Title(labels["overview_title"], anchor="start", fontSize=16)).configure_view(
        stroke="#DDDDDD"
    )
