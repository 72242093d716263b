"""Altair chart builders for the approach ladder: the views' tidy DataFrames in (`stonegame.ladder.view`,
`stonegame.ladder.rungs`) with only the words each chart shows, charts out. No Streamlit here.

Each animated chart is one vconcat driven by the shared player (`stonegame.draw.player`: its params,
the in-chart `nav_bar` as view 0), so stepping and playing run in the browser. Several of them share
one page, so `stonegame.ladder.spec` makes them playable without the player's page-wide key handlers:
arrow keys would otherwise step every chart at once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import altair as alt
import pandas as pd

from stonegame.draw.caption import CaptionFit, caption_fit, fitted_caption_panel
from stonegame.draw.grid import (
    BOX_STROKE,
    FITS,
    NAME_FILL,
    GridData,
    GridFit,
    GridWords,
    grid_data,
    grid_fit,
    grid_panel,
)
from stonegame.draw.kit import (
    BLUE,
    FIT_X,
    GREEN,
    GREY,
    HIGHLIGHT,
    MONO,
    MUTED,
    ORANGE,
    PURPLE,
    SKY,
    VERMILLION,
    fit,
    legend,
    mapping_expr,
)
from stonegame.draw.params import top_params
from stonegame.draw.player import PlayerWords, nav_bar, player_params_at, scrub_frames
from stonegame.draw.template import Tables
from stonegame.ladder.rungs import APPLIES, COUNTERS, Counter, Rung
from stonegame.ladder.view import CallsView, GridView
from stonegame.text import NBSP, ZWSP, display_width, wrap

KINDS = {  # the kinds of call each sequence draws, and their colours
    "recursion": {"first": BLUE, "again": VERMILLION, "base": GREY},
    "memo": {"fill": GREEN, "hit": SKY, "base": GREY},
}
KIND_SYMBOLS = {"first": "", "again": "↻", "base": "·", "fill": "", "hit": "✓"}
SPACING = 8  # px between the views (the tab strip, player, caption, counters and first picture fit 720 px)


@dataclass(frozen=True)
class FrameWords:
    """The words around every animated chart of the ladder: the player's, each counter's name (in
    COUNTERS order) and the listing's title."""

    player: PlayerWords
    counters: Mapping[Counter, str]
    listing: str  # the listing's title


@dataclass(frozen=True)
class CallsWords:
    """The words of the recursion's or the memo's chart: the timeline's title, its time axis and each
    kind of call's name; the per-position chart's title and axis; the memo's grid."""

    frame: FrameWords
    timeline: str
    time_axis: str
    kinds: Mapping[str, str]
    per_position: str
    position_axis: str
    memo: GridWords


@dataclass(frozen=True)
class WindowWords:
    """The words of the rolling window's chart: its grid, and the slots panel's title, first column's
    name and each store's name (window, ring)."""

    frame: FrameWords
    grid: GridWords
    slots: str
    slot_axis: str
    stores: Mapping[str, str]


def _title(text: str) -> alt.Title:
    """A panel title, left-aligned, cut short with … where the chart is narrower than it."""
    return alt.Title(text, anchor="start", fontSize=16, limit=FITS)


TITLE_COLUMNS = 38  # display columns of a 16 px bold title across a phone's chart (~360 px)


def _wrapped_title(text: str) -> alt.Title:
    """A lone chart's title, left-aligned: one line where the chart is wide enough for it, else broken
    (text.wrap, so Chinese keeps its line-breaking rules) into lines of TITLE_COLUMNS columns."""
    lines = wrap(text, TITLE_COLUMNS)
    narrow = f"containerSize()[0] < {display_width(text) * 9}"  # ~9 px a column at 16 px bold
    expr = f"{narrow} ? {json.dumps(lines, ensure_ascii=False)} : {json.dumps(text, ensure_ascii=False)}"
    return alt.Title(alt.ExprRef(expr=expr), anchor="start", fontSize=16, limit=FITS)


def _player(views: Sequence[alt.TopLevelMixin], tables: Tables, last: int, words: PlayerWords) -> alt.VConcatChart:
    """The views under the player's buttons (a roomy bar: every control thumb-sized on a phone; the
    scrubber's cells: tables["scrub"]), stepping together, playable in the browser. Every view is as wide
    as the container, so none has a y axis: an axis would sit outside that width and shift the other views
    right, past the page's edge. The player's params are set on the top-level chart (top_params), not with
    add_params."""
    chart = (
        alt.vconcat(nav_bar(words, tables["scrub"], roomy=True), *views, spacing=SPACING)
        .resolve_scale(color="independent", x="independent", y="independent")
        .configure_view(stroke=None)
    )
    return top_params(chart, player_params_at(last, 0))


def _animated(
    tables: Tables,
    layout: RungLayout,
    rung: Rung,
    pictures: Sequence[alt.TopLevelMixin],
    listing: list[str],
    words: FrameWords,
) -> alt.VConcatChart:
    """A rung's animated chart: buttons, caption, counters, its pictures and its code (`listing`'s lines),
    stepping together."""
    frames = tables["frames"]
    views = [
        fitted_caption_panel(frames, name="ladder", fitted=layout.caption),
        counters_panel(frames, APPLIES[rung], words.counters),
    ]
    code = listing_panel(tables["lines"], listing_text(listing), words.listing)
    return _player([*views, *pictures, code], tables, layout.last, words.player)


# --- what a rung's chart takes from its row (a template is filled with them: stonegame.draw.template) ----


class RungLayout(NamedTuple):
    """A rung's numbers from its row: the last frame, the caption's fit and its pictures' fits in the
    order they are drawn."""

    last: int
    caption: CaptionFit
    pictures: tuple[NamedTuple, ...]


def rung_tables(frames: pd.DataFrame, highlight: pd.DataFrame, **more: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The tables every rung draws: its frames (caption, counters), the scrubber's cells and the lines
    each frame runs (listing_lines), with the rung's own tables."""
    last = int(frames["frame"].max())
    return {"frames": frames, "scrub": scrub_frames(last), "lines": listing_lines(highlight), **more}


def rung_layout(frames: pd.DataFrame, *pictures: NamedTuple) -> RungLayout:
    """The layout of a rung with these frames and picture fits."""
    return RungLayout(int(frames["frame"].max()), caption_fit(frames), pictures)


# --- panels shared by the animations --------------------------------------------------------------


def counters_panel(frames: pd.DataFrame, applies: tuple[Counter, ...], names: Mapping[Counter, str]) -> alt.LayerChart:
    """The counters as they stand at the frame, one box each: calls, cache hits, cells written, cells held,
    stack depth; a counter the rung does not have shows “—”."""
    x = alt.X("counter:N", scale=alt.Scale(domain=list(COUNTERS), paddingInner=0.08), axis=None)
    base = (
        alt.Chart(frames)
        .transform_filter("datum.frame == frame")
        .transform_fold(list(COUNTERS), as_=["counter", "value"])
        .transform_calculate(
            word=mapping_expr("datum.counter", dict(names)),
            shown=f"indexof({json.dumps(list(applies))}, datum.counter) >= 0 ? format(datum.value, ',') : '—'",
        )
    )
    box = base.mark_rect(fill="#F7F7F7", stroke=BOX_STROKE, cornerRadius=6).encode(x=x)
    word = base.mark_text(baseline="top", fontSize=fit(14, 5 * 14), color="#555").encode(
        x=x, y=alt.value(6), text="word:N"
    )
    value = base.mark_text(baseline="bottom", fontSize=fit(24, 5 * 9), fontWeight="bold").encode(
        x=x, y=alt.value(54), text="shown:N"
    )
    return alt.layer(
        box.properties(name="ladder_counter_box"),
        word.properties(name="ladder_counter_word"),
        value.properties(name="ladder_counter_value"),
    ).properties(width="container", height=58)


def listing_text(lines: list[str]) -> list[str]:
    """The listing's lines as drawn: each line's leading spaces kept (SVG trims spaces, NBSP too: a
    zero-width space first, NBSPs for spaces)."""
    return [ZWSP + line.replace(" ", NBSP) for line in lines]


def listing_lines(highlight: pd.DataFrame) -> pd.DataFrame:
    """The lines each frame runs (highlight: one row per frame and line), one row per frame, the lines
    joined: "9,11,12" (split again in the browser)."""
    return highlight.groupby("frame")["line"].apply(lambda lines: ",".join(map(str, lines))).reset_index(name="lines")


def listing_panel(per_frame: pd.DataFrame, shown: list[str], title: str) -> alt.LayerChart:
    """The listing (`shown`: listing_text), one text row per line, the lines the frame runs (per_frame:
    listing_lines) highlighted (▶). Line numbers are a mark of their own (a digit and a space differ in
    width in many fonts, which would bend the indentation); long lines are clipped at the chart's edge
    rather than widening the page."""
    code = pd.DataFrame({"line": range(1, len(shown) + 1), "text": shown})
    size = fit(14, max(len(text) for text in shown) + 8)
    y = alt.Y("line:O", axis=None, scale=alt.Scale(domain=list(code["line"]), paddingInner=0))
    marked = (
        alt.Chart(per_frame)
        .transform_filter("datum.frame == frame")
        .transform_calculate(line="split(datum.lines, ',')")
        .transform_flatten(["line"])
        .transform_calculate(line="toNumber(datum.line)")
    )
    band = marked.mark_rect(color=HIGHLIGHT).encode(y=y)
    arrow = marked.mark_text(text="▶", color=VERMILLION, fontSize=14, align="left").encode(y=y, x=alt.value(2))
    base = alt.Chart(code).encode(y=y)
    number = base.mark_text(align="right", font=MONO, fontSize=size, color=MUTED).encode(x=alt.value(38), text="line:Q")
    text = base.mark_text(align="left", font=MONO, fontSize=size, clip=True).encode(x=alt.value(48), text="text:N")
    return alt.layer(
        band.properties(name="ladder_code_highlight"),
        arrow.properties(name="ladder_code_arrow"),
        number.properties(name="ladder_code_number"),
        text.properties(name="ladder_code_text"),
    ).properties(width="container", height=20 * len(shown), title=_title(title))


# --- recursion, plain or with a memo ---------------------------------------------------------------


# The kinds' legend: one row of three on a wide chart (so the timeline and its legend fit one screen with
# the player), two columns on a phone.
KIND_COLUMNS = alt.ExprRef(expr="containerSize()[0] < 640 ? 2 : 3")
KIND_LABEL_LIMIT = alt.ExprRef(
    expr="containerSize()[0] < 640 ? containerSize()[0] / 2 - 40 : containerSize()[0] / 3 - 40"
)


def _kind_colour(kinds: Mapping[str, str], names: Mapping[str, str] | None) -> alt.Color:
    """Each kind of call in its colour; with a legend of their names if names are given."""
    scale = alt.Scale(domain=list(kinds), range=list(kinds.values()))
    key = legend(names, labelLimit=KIND_LABEL_LIMIT, columns=KIND_COLUMNS) if names else None
    return alt.Color("kind:N", scale=scale, legend=key)


def _call_bars(base: alt.Chart, x: alt.X, y: alt.Y, colour: alt.Color) -> alt.Chart:
    """One bar per call started, growing until it returns: outlined dark while on the stack, and in black
    (thicker) when the frame's event is its own. Hidden from screen readers (aria=False): the labels on
    the bars say the same, and before the first call there is no bar (an unnamed empty graphic)."""
    current = "datum.start == frame - 1 || datum.end == frame - 1"
    stroke = alt.when(current).then(alt.value("black")).when("datum.end >= frame").then(alt.value("#333333"))
    return base.mark_rect(cornerRadius=3, aria=False).encode(
        x=x,
        x2="stop:Q",
        y=y,
        color=colour,
        stroke=stroke.otherwise(alt.value("white")),
        strokeWidth=alt.when(current).then(alt.value(3)).otherwise(alt.value(1)),
        tooltip=[alt.Tooltip("name:N", title="i"), alt.Tooltip("value:Q"), alt.Tooltip("kind:N")],
    )


DEPTH_PX = 19  # px: a depth's row in the timeline (a 13-px label in its bar; 9 depths and the player fit 720 px)


class TimelineFit(NamedTuple):
    """What the timeline takes from its calls: the events (the time axis runs 0..events), the depths
    1..deepest (one row each) and its height (DEPTH_PX a depth, at least 110)."""

    events: int
    depths: list[int]
    height: int


def timeline_fit(calls: pd.DataFrame, events: int) -> TimelineFit:
    """The timeline's fit to these calls and events."""
    deepest = int(calls["depth"].max())
    return TimelineFit(events, list(range(1, deepest + 1)), max(110, DEPTH_PX * deepest))


LABEL_SIZE = 13  # px: a call's label (never smaller: a label too long for its bar is left out instead)
LABEL_CHAR = 9  # px: the most a character of a 13-px bold label takes (digits ~7.5, the arrows ~12, averaged up)
PLOT_SHARE = 0.95  # the timeline's plot as a share of the container's width (the view's padding aside)


def label_fits(events: int) -> str:
    """A Vega filter: the call's label (datum.label) fits inside its bar as drawn now, the time axis running
    0..events across the plot: the bar's width in px at least LABEL_CHAR px a character and 6 px of margin.
    The deep, short calls lose their labels (their bars and tooltips stay); none is drawn smaller or over
    another."""
    return (
        f"(datum.stop - datum.start) * containerSize()[0] * {PLOT_SHARE} / max({events}, 1)"
        f" >= length(datum.label) * {LABEL_CHAR} + 6"
    )


def timeline_panel(calls: pd.DataFrame, fitted: TimelineFit, rung: Rung, words: CallsWords) -> alt.LayerChart:
    """Calls over time: each call a bar at its depth from the event it starts at to the one it returns at,
    growing until then, labelled with its kind's symbol, i and (once returned) its answer where the label
    fits in the bar (label_fits)."""
    events, depths, height = fitted
    time_scale = alt.Scale(domain=[0, events], nice=False, zero=True)
    time_axis = alt.Axis(title=words.time_axis, grid=False, tickMinStep=1, format="d", titleFontSize=14)
    y = alt.Y("depth:O", scale=alt.Scale(domain=depths), axis=None)  # no axis: see _player
    base = (
        alt.Chart(calls)
        .transform_filter("datum.start < frame")
        .transform_calculate(
            stop="min(datum.end + 1, frame)",
            mid="(datum.start + min(datum.end + 1, frame)) / 2",
            label=f"({mapping_expr('datum.kind', KIND_SYMBOLS)}) + datum.name"
            " + (frame > datum.end ? '→' + datum.value : '')",
        )
    )
    x = alt.X("start:Q", scale=time_scale, axis=time_axis)
    bars = _call_bars(base, x, y, _kind_colour(KINDS[rung], words.kinds))
    text = (
        base.transform_filter(label_fits(events))
        .mark_text(fontWeight="bold", color="white", fontSize=LABEL_SIZE)
        .encode(x=alt.X("mid:Q", scale=time_scale, axis=time_axis), y=y, text="label:N")
    )
    return alt.layer(bars.properties(name="ladder_call_bars"), text.properties(name="ladder_call_labels")).properties(
        width="container", height=height, title=_title(words.timeline)
    )


class PositionFit(NamedTuple):
    """What the calls-per-position panel takes from its calls: the positions 0..n and the top of its
    scale (a quarter above the most calls of one position, room for the totals)."""

    positions: list[int]
    top: float


def position_fit(calls: pd.DataFrame) -> PositionFit:
    """The calls-per-position panel's fit to these calls."""
    most = int(calls.groupby("i").size().max())
    return PositionFit(list(range(int(calls["i"].max()) + 1)), most * 1.25)


def per_position_panel(calls: pd.DataFrame, fitted: PositionFit, rung: Rung, words: CallsWords) -> alt.LayerChart:
    """How many times each position has been asked for so far, split by kind of call (same colours); the
    bars are hidden from screen readers, the totals on them say the counts."""
    x = alt.X(
        "i:O",
        scale=alt.Scale(domain=fitted.positions),
        axis=alt.Axis(title=words.position_axis, labelAngle=0, labelFontSize=13, titleFontSize=14),
    )
    y = alt.Y("times:Q", scale=alt.Scale(domain=[0, fitted.top], nice=False), axis=None)  # the bars say their counts
    started = alt.Chart(calls).transform_filter("datum.start < frame")
    bars = (
        started.transform_aggregate(times="count()", groupby=["i", "kind"])
        .mark_bar(aria=False)
        .encode(x=x, y=y, color=_kind_colour(KINDS[rung], None))
    )
    totals = (
        started.transform_aggregate(times="count()", groupby=["i"])
        .mark_text(baseline="bottom", dy=-3, fontSize=14, fontWeight="bold")
        .encode(x=x, y=y, text="times:Q")
    )
    return alt.layer(
        bars.properties(name="ladder_position_bars"), totals.properties(name="ladder_position_totals")
    ).properties(width="container", height=150, title=_title(words.per_position))


MEMO_ROWS = ["memo"]


def calls_tables(view: CallsView, memo: bool, words: CallsWords) -> dict[str, pd.DataFrame]:
    """The tables of plain recursion's (or the memo's) chart: the rung's, the calls, and the memo's grid."""
    grid = grid_data(view.cells, view.marks, MEMO_ROWS, words.memo.names) if memo else None
    return rung_tables(view.frames, view.highlight, calls=view.calls, **_grid_tables(grid))


def calls_layout(view: CallsView, memo: bool) -> RungLayout:
    """The layout of plain recursion's (or the memo's) chart: the timeline's, positions' and memo's fits."""
    pictures = (timeline_fit(view.calls, view.events), position_fit(view.calls))
    return rung_layout(view.frames, *pictures, *([grid_fit(view.cells)] if memo else []))


def _grid_tables(grid: GridData | None) -> dict[str, pd.DataFrame]:
    """A grid's tables by role (none without a grid)."""
    return {} if grid is None else {"grid": grid.boxes, "marks": grid.marked}


def _grid(tables: Tables, fitted: GridFit, rows: list[str], words: GridWords) -> alt.LayerChart:
    """A rung's grid of `rows`, drawn from its tables and fit."""
    data = GridData(tables["grid"], tables["marks"])
    return grid_panel(None, None, rows, words, name="ladder_cell", legend_columns=2, data=data, fitted=fitted)


def calls_chart(
    tables: Tables, layout: RungLayout, rung: Rung, listing: list[str], words: CallsWords
) -> alt.VConcatChart:
    """Plain recursion or the memo as one animated chart: buttons, caption, counters, the calls over time,
    the calls per position, the memo (if any) and the code, stepping together (tables: calls_tables,
    layout: calls_layout)."""
    timeline, positions, *memo = layout.pictures
    pictures = [
        timeline_panel(tables["calls"], timeline, rung, words),
        per_position_panel(tables["calls"], positions, rung, words),
        *(_grid(tables, fitted, MEMO_ROWS, words.memo) for fitted in memo),
    ]
    return _animated(tables, layout, rung, pictures, listing, words.frame)


# --- the table and the window ------------------------------------------------------------------------


def grid_tables(view: GridView, names: Mapping[str, str]) -> dict[str, pd.DataFrame]:
    """The tables of the table's (or the window's) chart: the rung's, its grid's, and the window's slots
    (with a string column `col`)."""
    grid = grid_data(view.cells, view.marks, view.rows, names)
    slots = {"slots": view.slots.assign(col=view.slots["slot"].astype(str))} if len(view.slots) else {}
    return rung_tables(view.frames, view.highlight, **_grid_tables(grid), **slots)


def grid_layout(view: GridView) -> RungLayout:
    """The layout of the table's (or the window's) chart: the grid's fit."""
    return rung_layout(view.frames, grid_fit(view.cells))


def table_chart(
    tables: Tables, layout: RungLayout, rows: list[str], listing: list[str], frame: FrameWords, grid: GridWords
) -> alt.VConcatChart:
    """The bottom-up table as one animated chart: buttons, caption, counters, the arrays `rows` and the
    code (tables: grid_tables, layout: grid_layout)."""
    (fitted,) = layout.pictures
    return _animated(tables, layout, "table", [_grid(tables, fitted, rows, grid)], listing, frame)


def _slot_boxes(max_take: int, x: alt.X, y: alt.Y, stores: Mapping[str, str]) -> list[alt.Chart]:
    """The slots panel's empty frame: each store's name in a first, shaded box, then its empty slots."""
    names = pd.DataFrame({"store": list(stores), "col": "#", "word": list(stores.values())})
    slots = [("window", str(s)) for s in range(max_take)] + [("ring", str(s)) for s in range(max_take + 1)]
    heads = alt.Chart(names).encode(x=x, y=y)
    head_text = heads.mark_text(fontSize=fit(14, (max_take + 2) * 12), fontWeight="bold").encode(text="word:N")
    empty = alt.Chart(pd.DataFrame(slots, columns=["store", "col"])).mark_rect(fill="white", stroke=BOX_STROKE)
    return [
        heads.mark_rect(fill=NAME_FILL, stroke=BOX_STROKE).properties(name="ladder_slot_heads"),
        head_text.properties(name="ladder_slot_names"),
        empty.encode(x=x, y=y).properties(name="ladder_slot_boxes"),
    ]


def _slot_contents(slots: pd.DataFrame, max_take: int, x: alt.X, y: alt.Y, name: str) -> list[alt.Chart]:
    """What the slots hold at the frame: a slot holding an answer filled (orange and ● if just written),
    labelled name[j] = its answer; an empty slot —."""
    now = alt.Chart(slots).transform_filter("datum.frame == frame")
    colour = alt.when("datum.written").then(alt.value(ORANGE)).otherwise(alt.value("#DDEFFA"))
    filled = (
        now.transform_filter("datum.j >= 0").mark_rect(stroke="black", strokeWidth=1).encode(x=x, y=y, color=colour)
    )
    label = f"(datum.written ? '● ' : '') + (datum.j < 0 ? '—' : '{name}[' + datum.j + '] = ' + datum.number)"
    text = now.transform_calculate(label=label).mark_text(fontSize=fit(16, (max_take + 2) * 13), fontWeight="bold")
    return [
        filled.properties(name="ladder_slot_fill"),
        text.encode(x=x, y=y, text="label:N").properties(name="ladder_slot_text"),
    ]


def slots_panel(slots: pd.DataFrame, max_take: int, name: str, words: WindowWords) -> alt.LayerChart:
    """What is kept after the frame's step (slots: grid_tables' "slots"): the K slots of the window
    (nearest first) and the K+1 slots of the ring (dp[j] in slot j % (K+1)), each row named in its first
    box."""
    columns = ["#", *(str(s) for s in range(max_take + 1))]
    first = f"datum.value == '#' ? {json.dumps(words.slot_axis)} : datum.value"
    axis = alt.Axis(orient="top", labelAngle=0, labelFontSize=13, ticks=False, domain=False, labelExpr=first)
    x = alt.X("col:N", scale=alt.Scale(domain=columns), title=None, axis=axis)
    y = alt.Y("store:N", scale=alt.Scale(domain=list(words.stores)), axis=None)
    layers = _slot_boxes(max_take, x, y, words.stores) + _slot_contents(slots, max_take, x, y, name)
    return alt.layer(*layers).properties(width="container", height=96, title=_title(words.slots))


def window_chart(
    tables: Tables, layout: RungLayout, rows: list[str], max_take: int, listing: list[str], words: WindowWords
) -> alt.VConcatChart:
    """The rolling window as one animated chart: buttons, caption, counters, every position of `rows`
    (alive, let go), the slots kept, and the code (tables: grid_tables, layout: grid_layout)."""
    (fitted,) = layout.pictures
    pictures = [_grid(tables, fitted, rows, words.grid), slots_panel(tables["slots"], max_take, rows[-1], words)]
    return _animated(tables, layout, "window", pictures, listing, words.frame)


# --- how the counters grow -------------------------------------------------------------------------


class Series(NamedTuple):
    """One line of a growth panel: a rung's counter, the catalogue key of its name, its colour and dash."""

    rung: Rung
    counter: Counter
    word: str
    colour: str
    dash: list[int]


WORK = (  # the work panel's series (log scale)
    Series("recursion", "calls", "ladder_series_recursion_calls", VERMILLION, [1, 0]),
    Series("memo", "calls", "ladder_series_memo_calls", BLUE, [1, 0]),
    Series("memo", "hits", "ladder_series_memo_hits", SKY, [6, 3]),
    Series("table", "writes", "ladder_series_writes", GREEN, [2, 2]),
)
MEMORY = (  # the memory panel's series
    Series("recursion", "depth", "ladder_series_depth", PURPLE, [6, 3]),
    Series("memo", "held", "ladder_series_memo_held", BLUE, [1, 0]),
    Series("table", "held", "ladder_series_table_held", GREEN, [2, 2]),
    Series("window", "held", "ladder_series_window_held", ORANGE, [1, 0]),
)
SHAPES = ["circle", "square", "triangle-up", "diamond"]


@dataclass(frozen=True)
class GrowthWords:
    """The words of one growth panel: its title, its axes' titles, each series' name (in the panel's
    order) and the note at the user's n."""

    title: str
    n_axis: str
    value_axis: str
    series: tuple[str, ...]
    you: str


def _growth_lines(growth: pd.DataFrame, series: Sequence[Series], names: Sequence[str], log: bool) -> pd.DataFrame:
    """The growth table's rows of the panel's series, each named (zeros left out on a log scale)."""
    keyed = growth.set_index(["approach", "counter"])
    parts = [
        keyed.loc[(s.rung, s.counter)].reset_index(drop=True).assign(series=name)
        for s, name in zip(series, names, strict=True)
    ]
    data = pd.concat(parts, ignore_index=True)
    return data[data["value"] > 0] if log else data


def _growth_axes(growth: pd.DataFrame, data: pd.DataFrame, log: bool, words: GrowthWords) -> tuple[alt.X, alt.Y]:
    """n along the bottom over the sizes grown; the counts up the side, on powers of ten if log."""
    sizes = sorted(set(growth["n"]))
    x = alt.X(
        "n:Q",
        scale=alt.Scale(domain=[sizes[0], sizes[-1]], nice=False),
        axis=alt.Axis(title=words.n_axis, tickMinStep=1, labelFontSize=13, titleFontSize=14),
    )
    powers = [10**e for e in range(len(str(int(data["value"].max()))) + 1)]
    scale = alt.Scale(type="log", domain=[1, powers[-1]]) if log else alt.Scale(zero=True)
    values = powers if log else alt.Undefined
    axis = alt.Axis(title=words.value_axis, format="~s", values=values, labelFontSize=13, titleFontSize=14)
    return x, alt.Y("value:Q", scale=scale, axis=axis)


def you_table(n: int, words: GrowthWords) -> pd.DataFrame:
    """The user's n and the note at it, one row (a growth chart's table "you")."""
    return pd.DataFrame({"n": [n], "text": [words.you]})


def _you(you: pd.DataFrame, x: alt.X) -> list[alt.Chart]:
    """A dashed rule at the user's n (you_table), with its note at the top."""
    rule = alt.Chart(you).mark_rule(color="#444", strokeDash=[4, 4]).encode(x=x)
    note = alt.Chart(you).mark_text(align="left", baseline="top", dx=4, fontSize=13, color="#444")
    return [rule, note.encode(x=x, y=alt.value(2), text="text:N")]


GROWTH_HEIGHT = 200  # px: each growth chart's plot (autosize FIT_X: the legend and axes come on top)
# The legend under a growth chart (it starts under the plot, right of the y axis): two columns where
# each label fits in half the width, else one column in a smaller type.
NARROW = "containerSize()[0] < 640"
GROWTH_COLUMNS = alt.ExprRef(expr=f"{NARROW} ? 1 : 2")
GROWTH_LABEL_LIMIT = alt.ExprRef(expr=f"{NARROW} ? containerSize()[0] - 100 : containerSize()[0] / 2 - 80")
GROWTH_LABEL_SIZE = alt.ExprRef(expr=f"{NARROW} ? 12 : 13")


def growth_panel(
    growth: pd.DataFrame, series: Sequence[Series], you: pd.DataFrame | None, log: bool, words: GrowthWords
) -> alt.LayerChart:
    """One panel of the growth chart, its plot GROWTH_HEIGHT px tall and as wide as the page: a line
    (colour, dash and point shape each telling the series) per (rung, counter), with the user's n
    marked if `you` (you_table) is given."""
    names = list(words.series)
    data = _growth_lines(growth, series, names, log)
    x, y = _growth_axes(growth, data, log, words)
    key = alt.Legend(
        title=None,
        orient="bottom",
        columns=GROWTH_COLUMNS,
        labelFontSize=GROWTH_LABEL_SIZE,
        labelLimit=GROWTH_LABEL_LIMIT,
        symbolSize=120,
    )
    colour = alt.Color("series:N", scale=alt.Scale(domain=names, range=[s.colour for s in series]), legend=key)
    dash = alt.StrokeDash("series:N", scale=alt.Scale(domain=names, range=[s.dash for s in series]), legend=key)
    shape = alt.Shape("series:N", scale=alt.Scale(domain=names, range=SHAPES[: len(names)]), legend=key)
    base = alt.Chart(data).encode(x=x, y=y, color=colour)
    lines = base.mark_line(strokeWidth=2.5).encode(strokeDash=dash)
    tips = ["series:N", "n:Q", alt.Tooltip("value:Q", format=",")]
    layers = [lines, base.mark_point(size=40, filled=True).encode(shape=shape, tooltip=tips)]
    if you is not None:
        layers += _you(you, x)
    return alt.layer(*layers).properties(
        width="container", height=GROWTH_HEIGHT, autosize=FIT_X, title=_wrapped_title(words.title)
    )


def growth_chart(tables: Tables, layout: tuple, growth: pd.DataFrame, log: bool, words: GrowthWords) -> alt.LayerChart:
    """One of the two charts of how the counters grow with n (each alone, so its axes fit the page): the
    work (calls, cache hits, cells written; log scale) or the memory (answers held, call-stack depth),
    the user's n marked if `tables` has its "you" (you_table); no layout (a template's builder)."""
    return growth_panel(growth, WORK if log else MEMORY, tables.get("you"), log, words).configure_view(stroke="#DDDDDD")
