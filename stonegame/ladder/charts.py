"""Altair chart builders for the approach ladder: tidy DataFrames in (from `stonegame.approach_view`
and `stonegame.approaches`), charts out. No Streamlit here.

Each animated chart is one vconcat driven by the shared player (`stonegame.draw.player`: its params,
the in-chart `nav_bar` as view 0), so stepping and playing run in the browser. Several of them share
one page, so `ui.ladder` makes them playable without the player's page-wide key handlers: arrow keys
would otherwise step every chart at once.
"""

from __future__ import annotations

import json

import altair as alt
import pandas as pd

from stonegame.draw.kit import (
    BLUE,
    GREEN,
    GREY,
    HIGHLIGHT,
    MONO,
    ORANGE,
    PURPLE,
    ROLE_COLOURS,
    ROLE_SYMBOLS,
    SKY,
    VERMILLION,
    band_start,
    fit,
    mapping_expr,
)
from stonegame.draw.player import PlayerWords, nav_bar, player_params
from stonegame.ladder.rungs import APPLIES, COUNTERS
from stonegame.text import NBSP

ROLES = ("write", "read", "best", "drop")
ROLE_WORDS = {"write": "role_write", "read": "role_read", "best": "role_best", "drop": "ladder_role_drop"}
KINDS = {  # the kinds of call each sequence draws, their colours, and their words
    "recursion": {"first": BLUE, "again": VERMILLION, "base": GREY},
    "memo": {"fill": GREEN, "hit": SKY, "base": GREY},
}
KIND_SYMBOLS = {"first": "", "again": "↻", "base": "·", "fill": "", "hit": "✓"}
GREYED = "#E6E6E6"
SPACING = 14


FITS = alt.ExprRef(expr="containerSize()[0] - 8")  # a title or label at most as wide as the chart (phones)
HALF = alt.ExprRef(expr="containerSize()[0] / 2 - 40")  # a legend label in one of two columns


def _title(text: str) -> alt.Title:
    """A panel title, left-aligned, cut short with … where the chart is narrower than it."""
    return alt.Title(text, anchor="start", fontSize=16, limit=FITS)


def _player(views: list[alt.TopLevelMixin], last: int, labels: dict[str, str]) -> alt.VConcatChart:
    """The views under the player's buttons, stepping together, playable in the browser. Every view is
    as wide as the container, so none has a y axis: an axis would sit outside that width and shift
    the other views right, past the page's edge."""
    return (
        alt.vconcat(nav_bar(PlayerWords.from_labels(labels)), *views, spacing=SPACING)
        .resolve_scale(color="independent", x="independent", y="independent")
        .add_params(*player_params(last, 0, PlayerWords.from_labels(labels)))
        .configure_view(stroke=None)
    )


# --- panels shared by the animations --------------------------------------------------------------


def caption(frames: pd.DataFrame) -> alt.LayerChart:
    """The frame's title, its formula (numbers filled in) and its sentence, sized to the longest frame."""
    widest = max(len(line) for text in frames["formula"] for line in text.split("\n"))
    formula_lines = max(text.count("\n") + 1 for text in frames["formula"])
    sentence_lines = max(text.count("\n") + 1 for text in frames["sentence"])
    base = alt.Chart(frames).transform_filter("datum.frame == frame")
    title = base.mark_text(align="left", baseline="top", fontSize=15, color="#444").encode(
        x=alt.value(0), y=alt.value(0), text="title:N"
    )
    formula = base.mark_text(
        align="left", baseline="top", fontSize=fit(20, widest), font=MONO, fontWeight="bold", lineBreak="\n"
    ).encode(x=alt.value(0), y=alt.value(24), text="formula:N")
    below = 30 + 26 * formula_lines
    sentence = base.mark_text(align="left", baseline="top", fontSize=fit(17, 56), lineBreak="\n", lineHeight=23).encode(
        x=alt.value(0), y=alt.value(below), text="sentence:N"
    )
    return alt.layer(
        title.properties(name="ladder_title"),
        formula.properties(name="ladder_formula"),
        sentence.properties(name="ladder_sentence"),
    ).properties(width="container", height=below + 23 * sentence_lines + 4)


def counters_panel(frames: pd.DataFrame, applies: tuple[str, ...], labels: dict[str, str]) -> alt.LayerChart:
    """The counters as they stand at the frame, one box each: calls, cache hits, cells written, cells held,
    stack depth; a counter the rung does not have shows “—”."""
    names = list(COUNTERS)
    words = {c: labels["ladder_counter_" + c] for c in names}
    x = alt.X("counter:N", scale=alt.Scale(domain=names, paddingInner=0.08), axis=None)
    base = (
        alt.Chart(frames)
        .transform_filter("datum.frame == frame")
        .transform_fold(names, as_=["counter", "value"])
        .transform_calculate(
            word=mapping_expr("datum.counter", words),
            shown=f"indexof({json.dumps(list(applies))}, datum.counter) >= 0 ? format(datum.value, ',') : '—'",
        )
    )
    box = base.mark_rect(fill="#F7F7F7", stroke="#BBBBBB", cornerRadius=6).encode(x=x)
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


def listing_panel(lines: list[str], highlight: pd.DataFrame, title: str) -> alt.LayerChart:
    """The listing, one text row per line, the lines the frame runs highlighted (▶). Line numbers are a
    mark of their own (a digit and a space differ in width in many fonts, which would bend the
    indentation); long lines are clipped at the chart's edge rather than widening the page."""
    shown = ["\u200b" + line.replace(" ", NBSP) for line in lines]  # SVG trims leading spaces, NBSP too
    code = pd.DataFrame({"line": range(1, len(lines) + 1), "text": shown})
    widest = max(len(text) for text in shown) + 8
    size = fit(14, widest)
    y = alt.Y("line:O", axis=None, scale=alt.Scale(domain=list(code["line"]), paddingInner=0))
    per_frame = (  # one row per frame (not per line): "9,11,12", split again in the browser
        highlight.groupby("frame")["line"].apply(lambda lines: ",".join(map(str, lines))).reset_index(name="lines")
    )
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
    number = base.mark_text(align="right", font=MONO, fontSize=size, color="#777").encode(
        x=alt.value(38), text="line:Q"
    )
    text = base.mark_text(align="left", font=MONO, fontSize=size, clip=True).encode(x=alt.value(48), text="text:N")
    return alt.layer(
        band.properties(name="ladder_code_highlight"),
        arrow.properties(name="ladder_code_arrow"),
        number.properties(name="ladder_code_number"),
        text.properties(name="ladder_code_text"),
    ).properties(width="container", height=20 * len(lines), title=_title(title))


def _role_legend(roles: tuple[str, ...], labels: dict[str, str]) -> alt.Legend:
    """The legend of the marks: each role's symbol and its name."""
    words = {r: ROLE_SYMBOLS[r] + " " + labels[ROLE_WORDS[r]] for r in roles}
    return alt.Legend(
        title=None,
        orient="bottom",
        labelFontSize=14,
        labelExpr=mapping_expr("datum.label", words, "datum.label"),
        symbolType="square",
        symbolSize=200,
        labelLimit=HALF,
        columns=2,
    )


def cells_panel(
    cells: pd.DataFrame,
    marks: pd.DataFrame,
    rows: list[str],
    labels: dict[str, str],
    title: str,
    roles: tuple[str, ...] = ROLES[:3],
) -> alt.LayerChart:
    """Arrays as rows of boxes (names in a first column): a number appears at the frame that writes it
    (· before), is greyed from the frame after it is let go (if the cells say when: `evict`), and the
    frame's marks colour and label the cells it writes (●), reads (○), picks (★) or lets go (✗)."""
    table = cells.assign(col=cells["i"].astype(str), label_cell=False)
    names = pd.DataFrame({"row": rows, "col": "#", "label_cell": True, "reveal": 0})
    table = pd.concat([names, table], ignore_index=True)
    if "evict" not in table:
        table = table.assign(evict=1 << 30)
    table = table.assign(evict=table["evict"].fillna(1 << 30).astype("int64"))
    columns = ["#", *dict.fromkeys(cells["i"].astype(str))]
    digits = max([len(str(v)) for v in cells["number"].dropna()] + [2]) + 1
    x = alt.X(
        "col:N",
        scale=alt.Scale(domain=columns),
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
    y = alt.Y("row:N", scale=alt.Scale(domain=rows), axis=None)
    let_go = "frame > datum.evict"
    base = alt.Chart(table).encode(x=x, y=y)
    boxes = base.mark_rect(stroke="#BBBBBB", strokeWidth=1).encode(
        color=alt.when("datum.label_cell")
        .then(alt.value("#F0F2F6"))
        .when(let_go)
        .then(alt.value(GREYED))
        .otherwise(alt.value("white"))
    )
    current = alt.Chart(marks.assign(col=marks["i"].astype(str))).transform_filter("datum.frame == frame")
    fill = current.mark_rect(opacity=0.9, stroke="black", strokeWidth=2).encode(
        x=x,
        y=y,
        color=alt.Color(
            "role:N",
            scale=alt.Scale(domain=list(roles), range=[ROLE_COLOURS[r] for r in roles]),
            legend=_role_legend(roles, labels),
        ),
    )
    symbol = (
        current.transform_calculate(symbol=mapping_expr("datum.role", ROLE_SYMBOLS))
        .mark_text(fontSize=13, align="left", baseline="top", dx=3, dy=2)
        .encode(x=band_start(x), y=band_start(y), text="symbol:N")
    )
    numbers = (
        base.transform_calculate(
            label="datum.label_cell ? datum.row : !isValid(datum.number) ? '' : "
            "frame >= datum.reveal ? format(datum.number, 'd') : '·'"
        )
        .mark_text(fontWeight="bold", fontSize=fit(18, len(columns) * digits))
        .encode(
            text="label:N",
            color=alt.when(f"!datum.label_cell && {let_go}").then(alt.value("#8A8A8A")).otherwise(alt.value("black")),
        )
    )
    return alt.layer(
        boxes.properties(name="ladder_cell_boxes"),
        fill.properties(name="ladder_cell_marks"),
        symbol.properties(name="ladder_cell_symbols"),
        numbers.properties(name="ladder_cell_numbers"),
    ).properties(width="container", height=44 * len(rows), title=_title(title))


# --- recursion, plain or with a memo ---------------------------------------------------------------


def timeline_panel(calls: pd.DataFrame, events: int, rung: str, labels: dict[str, str]) -> alt.LayerChart:
    """Calls over time: each call a bar at its depth from the event it starts at to the one it returns at,
    growing until then; calls still on the stack outlined, the frame's own call outlined in black."""
    kinds = KINDS[rung]
    deepest = int(calls["depth"].max())
    time_scale = alt.Scale(domain=[0, events], nice=False, zero=True)
    time_axis = alt.Axis(title=labels["ladder_axis_time"], grid=False, tickMinStep=1, format="d", titleFontSize=14)
    x = alt.X("start:Q", scale=time_scale, axis=time_axis)
    y = alt.Y("depth:O", scale=alt.Scale(domain=list(range(1, deepest + 1))), axis=None)  # no axis: see _player
    colour = alt.Color(
        "kind:N",
        scale=alt.Scale(domain=list(kinds), range=list(kinds.values())),
        legend=alt.Legend(
            title=None,
            orient="bottom",
            labelFontSize=14,
            symbolType="square",
            symbolSize=200,
            labelLimit=HALF,
            columns=2,
            labelExpr=mapping_expr("datum.label", {k: labels["ladder_kind_" + k] for k in kinds}, "datum.label"),
        ),
    )
    current = "datum.start == frame - 1 || datum.end == frame - 1"
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
    bars = base.mark_rect(cornerRadius=3).encode(
        x=x,
        x2="stop:Q",
        y=y,
        color=colour,
        stroke=alt.when(current)
        .then(alt.value("black"))
        .when("datum.end >= frame")
        .then(alt.value("#333333"))
        .otherwise(alt.value("white")),
        strokeWidth=alt.when(current).then(alt.value(3)).otherwise(alt.value(1)),
        tooltip=[alt.Tooltip("name:N", title="i"), alt.Tooltip("value:Q"), alt.Tooltip("kind:N")],
    )
    size = f"clamp(containerSize()[0] / {max(events, 1)} / 3.2, 7, 15)"
    text = base.mark_text(fontWeight="bold", color="white", fontSize=alt.ExprRef(expr=size)).encode(
        x=alt.X("mid:Q", scale=time_scale, axis=time_axis), y=y, text="label:N"
    )
    return alt.layer(bars.properties(name="ladder_call_bars"), text.properties(name="ladder_call_labels")).properties(
        width="container", height=max(110, 30 * deepest), title=_title(labels["ladder_chart_timeline"])
    )


def per_position_panel(calls: pd.DataFrame, n: int, rung: str, labels: dict[str, str]) -> alt.LayerChart:
    """How many times each position has been asked for so far, split by kind of call (same colours)."""
    kinds = KINDS[rung]
    most = int(calls.groupby("i").size().max())
    x = alt.X(
        "i:O",
        scale=alt.Scale(domain=list(range(n + 1))),
        axis=alt.Axis(title=labels["ladder_axis_position"], labelAngle=0, labelFontSize=13, titleFontSize=14),
    )
    y = alt.Y("times:Q", scale=alt.Scale(domain=[0, most * 1.25], nice=False), axis=None)  # the bars say their counts
    started = alt.Chart(calls).transform_filter("datum.start < frame")
    bars = (
        started.transform_aggregate(times="count()", groupby=["i", "kind"])
        .mark_bar()
        .encode(
            x=x,
            y=y,
            color=alt.Color("kind:N", scale=alt.Scale(domain=list(kinds), range=list(kinds.values())), legend=None),
        )
    )
    totals = (
        started.transform_aggregate(times="count()", groupby=["i"])
        .mark_text(baseline="bottom", dy=-3, fontSize=14, fontWeight="bold")
        .encode(x=x, y=y, text="times:Q")
    )
    return alt.layer(
        bars.properties(name="ladder_position_bars"), totals.properties(name="ladder_position_totals")
    ).properties(width="container", height=150, title=_title(labels["ladder_chart_per_position"]))


def calls_chart(
    frames: pd.DataFrame,
    calls: pd.DataFrame,
    cells: pd.DataFrame,
    marks: pd.DataFrame,
    code_lines: list[str],
    highlight: pd.DataFrame,
    events: int,
    rung: str,
    labels: dict[str, str],
) -> alt.VConcatChart:
    """Plain recursion or the memo as one animated chart: buttons, caption, counters, the calls over time,
    the calls per position, the memo (if any) and the code, stepping together."""
    n = int(calls["i"].max())
    views: list[alt.TopLevelMixin] = [
        caption(frames),
        counters_panel(frames, APPLIES[rung], labels),
        timeline_panel(calls, events, rung, labels),
        per_position_panel(calls, n, rung, labels),
    ]
    if rung == "memo":
        views.append(cells_panel(cells, marks, ["memo"], labels, labels["ladder_chart_memo"], ("write", "read")))
    views.append(listing_panel(code_lines, highlight, labels["ladder_code_py"]))
    return _player(views, int(frames["frame"].max()), labels)


# --- the table and the window ------------------------------------------------------------------------


def table_chart(
    frames: pd.DataFrame,
    cells: pd.DataFrame,
    marks: pd.DataFrame,
    rows: list[str],
    code_lines: list[str],
    highlight: pd.DataFrame,
    code_title: str,
    labels: dict[str, str],
) -> alt.VConcatChart:
    """The bottom-up table as one animated chart: buttons, caption, counters, the arrays and the code."""
    views = [
        caption(frames),
        counters_panel(frames, APPLIES["table"], labels),
        cells_panel(cells, marks, rows, labels, labels["ladder_chart_table"]),
        listing_panel(code_lines, highlight, code_title),
    ]
    return _player(views, int(frames["frame"].max()), labels)


def slots_panel(slots: pd.DataFrame, max_take: int, name: str, labels: dict[str, str]) -> alt.LayerChart:
    """What is kept after the frame's step: the K slots of the window (nearest first) and the K+1 slots of
    the ring (dp[j] in slot j % (K+1)), each row named in its first box; the slot just written is filled
    orange and marked ●, an empty slot shows —."""
    stores = ["window", "ring"]
    columns = ["#", *(str(s) for s in range(max_take + 1))]
    names = pd.DataFrame({"store": stores, "col": "#", "word": [labels["ladder_store_" + s] for s in stores]})
    boxes = pd.DataFrame(
        [("window", str(s)) for s in range(max_take)] + [("ring", str(s)) for s in range(max_take + 1)],
        columns=["store", "col"],
    )
    x = alt.X(
        "col:N",
        scale=alt.Scale(domain=columns),
        title=None,
        axis=alt.Axis(
            orient="top",
            labelAngle=0,
            labelFontSize=13,
            ticks=False,
            domain=False,
            labelExpr=f"datum.value == '#' ? {json.dumps(labels['ladder_axis_slot'])} : datum.value",
        ),
    )
    y = alt.Y("store:N", scale=alt.Scale(domain=stores), axis=None)
    heads = alt.Chart(names).encode(x=x, y=y)
    head_box = heads.mark_rect(fill="#F0F2F6", stroke="#BBBBBB")
    head_text = heads.mark_text(fontSize=fit(14, (max_take + 2) * 12), fontWeight="bold").encode(text="word:N")
    empty = alt.Chart(boxes).mark_rect(fill="white", stroke="#BBBBBB").encode(x=x, y=y)
    now = alt.Chart(slots.assign(col=slots["slot"].astype(str))).transform_filter("datum.frame == frame")
    filled = (
        now.transform_filter("datum.j >= 0")
        .mark_rect(stroke="black", strokeWidth=1)
        .encode(x=x, y=y, color=alt.when("datum.written").then(alt.value(ORANGE)).otherwise(alt.value("#DDEFFA")))
    )
    text = (
        now.transform_calculate(
            label=f"(datum.written ? '● ' : '') + (datum.j < 0 ? '—' : '{name}[' + datum.j + '] = ' + datum.number)"
        )
        .mark_text(fontSize=fit(16, (max_take + 2) * 13), fontWeight="bold")
        .encode(x=x, y=y, text="label:N")
    )
    return alt.layer(
        head_box.properties(name="ladder_slot_heads"),
        head_text.properties(name="ladder_slot_names"),
        empty.properties(name="ladder_slot_boxes"),
        filled.properties(name="ladder_slot_fill"),
        text.properties(name="ladder_slot_text"),
    ).properties(width="container", height=96, title=_title(labels["ladder_chart_slots"]))


def window_chart(
    frames: pd.DataFrame,
    cells: pd.DataFrame,
    marks: pd.DataFrame,
    slots: pd.DataFrame,
    rows: list[str],
    max_take: int,
    code_lines: list[str],
    highlight: pd.DataFrame,
    labels: dict[str, str],
) -> alt.VConcatChart:
    """The rolling window as one animated chart: buttons, caption, counters, every position (alive,
    let go), the slots kept, and the code."""
    views = [
        caption(frames),
        counters_panel(frames, APPLIES["window"], labels),
        cells_panel(cells, marks, rows, labels, labels["ladder_chart_window"], ROLES),
        slots_panel(slots, max_take, rows[-1], labels),
        listing_panel(code_lines, highlight, labels["ladder_code_py"]),
    ]
    return _player(views, int(frames["frame"].max()), labels)


# --- how the counters grow -------------------------------------------------------------------------

WORK = {  # series of the work panel: (rung, counter) -> (word, colour, dash)
    ("recursion", "calls"): ("ladder_series_recursion_calls", VERMILLION, [1, 0]),
    ("memo", "calls"): ("ladder_series_memo_calls", BLUE, [1, 0]),
    ("memo", "hits"): ("ladder_series_memo_hits", SKY, [6, 3]),
    ("table", "writes"): ("ladder_series_writes", GREEN, [2, 2]),
}
MEMORY = {  # series of the memory panel
    ("recursion", "depth"): ("ladder_series_depth", PURPLE, [6, 3]),
    ("memo", "held"): ("ladder_series_memo_held", BLUE, [1, 0]),
    ("table", "held"): ("ladder_series_table_held", GREEN, [2, 2]),
    ("window", "held"): ("ladder_series_window_held", ORANGE, [1, 0]),
}
SHAPES = ["circle", "square", "triangle-up", "diamond"]


def _growth_panel(
    growth: pd.DataFrame, series: dict, n: int, log: bool, title: str, labels: dict[str, str]
) -> alt.LayerChart:
    """One panel of the growth chart: a line (colour, dash and point shape each telling the series) per
    (rung, counter), with the user's n marked if it is on the chart."""
    keyed = growth.set_index(["approach", "counter"])
    parts = []
    for (rung, counter), (word, _, _) in series.items():
        part = keyed.loc[(rung, counter)].reset_index(drop=True)
        parts.append(part.assign(series=labels[word]))
    data = pd.concat(parts, ignore_index=True)
    if log:
        data = data[data["value"] > 0]
    names = [labels[w] for w, _, _ in series.values()]
    sizes = sorted(set(growth["n"]))
    x = alt.X(
        "n:Q",
        scale=alt.Scale(domain=[sizes[0], sizes[-1]], nice=False),
        axis=alt.Axis(title=labels["ladder_growth_n"], tickMinStep=1, labelFontSize=13, titleFontSize=14),
    )
    top = int(data["value"].max())
    powers = [10**e for e in range(len(str(top)) + 1)]
    y = alt.Y(
        "value:Q",
        scale=alt.Scale(type="log", domain=[1, powers[-1]]) if log else alt.Scale(zero=True),
        axis=alt.Axis(
            title=labels["ladder_growth_log" if log else "ladder_growth_count"],
            format="~s",
            values=powers if log else alt.Undefined,
            labelFontSize=13,
            titleFontSize=14,
        ),
    )
    legend = alt.Legend(title=None, orient="bottom", columns=2, labelFontSize=13, labelLimit=HALF, symbolSize=120)
    colour = alt.Color(
        "series:N", scale=alt.Scale(domain=names, range=[c for _, c, _ in series.values()]), legend=legend
    )
    dash = alt.StrokeDash(
        "series:N", scale=alt.Scale(domain=names, range=[d for _, _, d in series.values()]), legend=legend
    )
    shape = alt.Shape("series:N", scale=alt.Scale(domain=names, range=SHAPES[: len(names)]), legend=legend)
    base = alt.Chart(data).encode(x=x, y=y, color=colour)
    lines = base.mark_line(strokeWidth=2.5).encode(strokeDash=dash)
    points = base.mark_point(size=40, filled=True).encode(
        shape=shape, tooltip=["series:N", "n:Q", alt.Tooltip("value:Q", format=",")]
    )
    layers: list[alt.TopLevelMixin] = [lines, points]
    if sizes[0] <= n <= sizes[-1]:
        you = pd.DataFrame({"n": [n], "text": [labels["ladder_growth_you"].format(n=n)]})
        rule = alt.Chart(you).mark_rule(color="#444", strokeDash=[4, 4]).encode(x=x)
        note = (
            alt.Chart(you)
            .mark_text(align="left", baseline="top", dx=4, fontSize=13, color="#444")
            .encode(x=x, y=alt.value(2), text="text:N")
        )
        layers += [rule, note]
    return alt.layer(*layers).properties(width="container", height=230, title=_title(title))


def growth_charts(growth: pd.DataFrame, n: int, labels: dict[str, str]) -> tuple[alt.LayerChart, alt.LayerChart]:
    """How the counters grow with n, as two charts (each alone, so its axes fit the page): the work
    (calls, cache hits, cells written; log scale) and the memory (answers held, call-stack depth)."""
    work = _growth_panel(growth, WORK, n, True, labels["ladder_growth_work"], labels)
    memory = _growth_panel(growth, MEMORY, n, False, labels["ladder_growth_memory"], labels)
    return work.configure_view(stroke="#DDDDDD"), memory.configure_view(stroke="#DDDDDD")
