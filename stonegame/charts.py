"""Altair chart builders: each takes tidy DataFrames (from `stonegame.view`) and returns a chart.

The explainer is one vconcat chart whose views share a `frame` parameter. Playing is done by the
browser: a Vega timer advances `frame`, and clicks on the chart's own buttons move it, so stepping
and playing cost the server nothing. Vega-Lite passes unknown keys of a variable parameter through
to the Vega signal; Altair's schema does not know them, so `with_vega_on` adds them after validation.
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import altair as alt
import pandas as pd

# Okabe-Ito colours, safe for colour-blind viewers; meaning is also carried by a symbol or a label.
ORANGE, SKY, GREEN, BLUE, VERMILLION, GREY = "#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00", "#999999"
HIGHLIGHT = "#FFE8A3"
ROLES = ("write", "read", "best")
ROLE_COLOURS = (ORANGE, SKY, GREEN)
ROLE_SYMBOLS = {"write": "●", "read": "○", "best": "★"}
SPEEDS = {"0.5×": 20, "1×": 10, "2×": 5, "4×": 3}  # tenths of a second per frame
TICK_MS = 100
NAV = ("first", "back", "play", "next", "last")
PRESENTER_SCALE = 1.35  # type and marks in presenter mode, for a projector across a room
GRID_ROWS = ("values", "suffix", "dp")
SENTENCE_COLUMNS = 60  # the view wraps sentences at this many display columns
MONO = "Menlo, Consolas, DejaVu Sans Mono, monospace"
NBSP = "\u00a0"
# A text mark's `limit`: never wider than the chart (the rest becomes "…"), so no text widens a phone's page.
WITHIN = alt.ExprRef(expr="max(containerSize()[0] - 24, 80)")


def with_vega_on(chart: alt.TopLevelMixin, handlers: dict[str, list[dict[str, Any]]]) -> alt.TopLevelMixin:
    """The chart, whose to_dict() also gives the named top-level params these Vega `on` handlers."""

    def to_dict(self: alt.TopLevelMixin, *args: Any, **kwargs: Any) -> dict[str, Any]:
        spec = base.to_dict(self, *args, **kwargs)
        for param in spec.get("params", []):
            if param.get("name") in handlers:
                param["on"] = handlers[param["name"]]
        return spec

    base = type(chart)
    patched = chart.copy()
    object.__setattr__(patched, "__class__", type("WithVegaOn" + base.__name__, (base,), {"to_dict": to_dict}))
    return patched


# Keys the player answers anywhere on the page, except while the user types or works a control.
KEY_FILTER = (
    "indexof(['ArrowRight', 'ArrowLeft', 'PageDown', 'PageUp', 'Home', 'End', ' '], event.key) >= 0 && "
    "indexof(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'], event.target.tagName) < 0 && !event.target.isContentEditable"
)


def player_handlers(last: int) -> dict[str, list[dict[str, Any]]]:
    """Vega handlers: one timer per speed moves the frame on while playing (until the last frame);
    button clicks move it too; play at the last frame starts again from frame 0. Keys work anywhere
    on the page (outside inputs): → / PageDown next, ← / PageUp back, Home first, End last, space play/pause.

    Only timer, click and key events are used, never signal events: a cycle of signal-event handlers
    (frame <-> playing) broke Vega's layout of the concatenated views in Streamlit 1.67
    ("Cannot read properties of undefined (reading 'items')"). `playing` may stay true at the
    end; what the user sees as playing is `playing && frame < last`."""
    clicks = ", ".join(f"@{name}:click" for name in NAV_MARKS)
    move = (
        f"datum.action == 'first' ? 0 : datum.action == 'back' ? max(frame - 1, 0) : "
        f"datum.action == 'next' ? min(frame + 1, {last}) : datum.action == 'last' ? {last} : "
        f"datum.action == 'play' && frame >= {last} ? 0 : frame"
    )
    timers = [
        {
            "events": {"type": "timer", "throttle": TICK_MS * ticks},
            "update": f"playing && speed == {ticks} && frame < {last} ? frame + 1 : frame",
        }
        for ticks in SPEEDS.values()
    ]
    keys = {"source": "window", "type": "keydown", "consume": True, "filter": [KEY_FILTER]}
    key_move = (
        f"event.key == 'ArrowRight' || event.key == 'PageDown' ? min(frame + 1, {last}) : "
        f"event.key == 'ArrowLeft' || event.key == 'PageUp' ? max(frame - 1, 0) : "
        f"event.key == 'Home' ? 0 : event.key == 'End' ? {last} : "
        f"event.key == ' ' && frame >= {last} ? 0 : frame"
    )
    return {
        "frame": [*timers, {"events": clicks, "update": move}, {"events": keys, "update": key_move}],
        "playing": [
            {
                "events": clicks,
                "update": f"datum.action == 'play' ? !(playing && frame < {last}) : "
                "datum.action == 'first' || datum.action == 'last' ? false : playing",
            },
            {"events": keys, "update": f"event.key == ' ' ? !(playing && frame < {last}) : playing"},
        ],
    }


def player_params(last: int, start: int, labels: dict[str, str]) -> list[alt.Parameter]:
    """The shared parameters: last (the last frame), frame (a slider), playing (a checkbox) and speed (a menu)."""
    return [
        alt.param(name="last", value=last),
        alt.param(
            name="frame", value=start, bind=alt.binding_range(min=0, max=max(last, 1), step=1, name=labels["ctl_step"])
        ),
        alt.param(name="playing", value=False, bind=alt.binding_checkbox(name=labels["ctl_play"])),
        alt.param(
            name="speed",
            value=SPEEDS["1×"],
            bind=alt.binding_select(options=list(SPEEDS.values()), labels=list(SPEEDS), name=labels["ctl_speed"]),
        ),
    ]


# Vega names a named layer's marks <name>_<index of its view in the vconcat>_marks; the nav bar is view 0.
NAV_MARKS = ("nav_button_0_marks", "nav_label_0_marks")
PLAYING = "datum.action == 'play' && playing && frame < last"


def nav_bar(labels: dict[str, str], scale: float = 1.0) -> alt.LayerChart:
    """Five buttons drawn in the chart: first, back, play/pause, next, last."""
    buttons = pd.DataFrame({"action": NAV, "label": [labels["nav_" + a] for a in NAV]})
    base = alt.Chart(buttons).encode(x=alt.X("action:N", scale=alt.Scale(domain=list(NAV)), axis=None))
    button = base.mark_rect(cornerRadius=8, cursor="pointer", stroke=GREY, strokeWidth=1).encode(
        color=alt.condition(PLAYING, alt.value(ORANGE), alt.value("#F4F4F4")),
        tooltip=alt.value(None),
    )
    text = base.mark_text(fontSize=fit(18 * scale, 5 * 11), fontWeight="bold", cursor="pointer").encode(
        text=alt.condition(PLAYING, alt.value(labels["nav_pause"]), alt.Text("label:N")),
        tooltip=alt.value(None),
    )
    return alt.layer(button.properties(name="nav_button"), text.properties(name="nav_label")).properties(
        width="container", height=round(44 * scale)
    )


def fit(size: float, columns: float) -> alt.ExprRef:
    """A font size that fits `columns` monospace-ish characters across the chart, at most `size`."""
    return alt.ExprRef(expr=f"clamp(containerSize()[0] / ({columns} * 0.62), 8, {size})")


def caption_panel(frames: pd.DataFrame, scale: float = 1.0) -> alt.LayerChart:
    """The current frame's title, formula (numbers filled in, on two lines) and plain-language sentence."""
    widest = max(len(line) for text in frames["formula"] for line in text.split("\n"))
    base = alt.Chart(frames).transform_filter("datum.frame == frame")
    title = base.mark_text(align="left", baseline="top", fontSize=17 * scale, color="#222", limit=WITHIN).encode(
        x=alt.value(0), y=alt.value(0), text="title:N"
    )
    eq = base.mark_text(
        align="left",
        baseline="top",
        fontSize=fit(20 * scale, widest),
        font=MONO,
        fontWeight="bold",
        lineBreak="\n",
        lineHeight=round(26 * scale),
    ).encode(x=alt.value(0), y=alt.value(round(24 * scale)), text="formula:N")
    say = base.mark_text(
        align="left",
        baseline="top",
        fontSize=fit(17 * scale, SENTENCE_COLUMNS * 0.8),
        lineBreak="\n",
        lineHeight=round(23 * scale),
    ).encode(x=alt.value(0), y=alt.value(round(82 * scale)), text="sentence:N")
    return alt.layer(
        title.properties(name="caption_title"),
        eq.properties(name="caption_formula"),
        say.properties(name="caption_sentence"),
    ).properties(width="container", height=round(150 * scale))


def _grid_columns(cells: pd.DataFrame, labels: dict[str, str]) -> tuple[pd.DataFrame, list[str]]:
    """The cells with a string column `col`, plus one label cell per row in a first column '#' whose
    `name` is the row's label (labels["row_<row>"])."""
    table = cells.assign(col=cells["i"].astype(str), label_cell=False, name="")
    names = pd.DataFrame(
        {
            "row": list(GRID_ROWS),
            "col": "#",
            "label_cell": True,
            "reveal": 0,
            "name": [labels["row_" + r] for r in GRID_ROWS],
        }
    )
    columns = ["#", *dict.fromkeys(table["col"])]
    return pd.concat([names, table], ignore_index=True), columns


def grid_panel(cells: pd.DataFrame, marks: pd.DataFrame, labels: dict[str, str], scale: float = 1.0) -> alt.LayerChart:
    """The three arrays as rows of boxes (names in the first column); a number appears at the frame
    that writes it, and the frame's marks colour and label the cells it writes (●), reads (○), picks (★)."""
    table, columns = _grid_columns(cells, labels)
    digits = max(len(str(v)) for v in cells["number"].dropna()) + 1
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
    y = alt.Y("row:N", scale=alt.Scale(domain=list(GRID_ROWS)), axis=None)
    base = alt.Chart(table).encode(x=x, y=y)
    boxes = base.mark_rect(stroke="#BBBBBB", strokeWidth=1).encode(
        color=alt.condition("datum.label_cell", alt.value("#F0F2F6"), alt.value("white"))
    )
    role_scale = alt.Scale(domain=list(ROLES), range=list(ROLE_COLOURS))
    legend = alt.Legend(
        title=None,
        orient="bottom",
        labelFontSize=14,
        labelExpr=_role_label_expr(labels),
        symbolType="square",
        symbolSize=200,
    )
    current = alt.Chart(marks.assign(col=marks["i"].astype(str))).transform_filter("datum.frame == frame")
    fill = current.mark_rect(opacity=0.9, stroke="black", strokeWidth=2).encode(
        x=x, y=y, color=alt.Color("role:N", scale=role_scale, legend=legend)
    )
    symbol = (
        current.mark_text(fontSize=13 * scale, align="left", baseline="top", dx=3, dy=2)
        .encode(
            x=_at_band_start(x),
            y=_at_band_start(y),
            text=alt.Text("symbol:N"),
        )
        .transform_calculate(symbol=_role_symbol_expr())
    )
    numbers = (
        base.mark_text(fontWeight="bold", fontSize=fit(18 * scale, len(columns) * digits))
        .encode(text="label:N")
        .transform_calculate(
            label="datum.label_cell ? datum.name : !isValid(datum.number) ? '' : "
            "frame >= datum.reveal ? toString(datum.number) : '·'"
        )
    )
    return alt.layer(
        boxes.properties(name="grid_boxes"),
        fill.properties(name="grid_marks"),
        symbol.properties(name="grid_symbols"),
        numbers.properties(name="grid_numbers"),
    ).properties(
        width="container",
        height=round(132 * scale),
        title=alt.Title(labels["chart_grid_title"], anchor="start", fontSize=16 * scale),
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
        current.transform_calculate(symbol=_role_symbol_expr(), base="0")
        .mark_text(fontSize=18 * scale, baseline="top", dy=4)
        .encode(
            x=x,
            y=alt.Y("base:Q", axis=None, scale=alt.Scale(domain=domain, nice=True)),
            xOffset=offset,
            text="symbol:N",
            color=alt.Color("role:N", scale=alt.Scale(domain=list(ROLES), range=list(ROLE_COLOURS)), legend=None),
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
    chart = (
        alt.vconcat(
            nav_bar(labels, scale),
            caption_panel(frames, scale),
            grid_panel(cells, marks, labels, scale),
            bars_panel(cells, marks, labels, scale),
            code_panel(code_lines, code_highlight, labels, scale),
            spacing=round(14 * scale),
        )
        .resolve_scale(color="independent")
        .add_params(*player_params(last, min(max(start, 0), last), labels))
        .configure_view(stroke=None)
    )
    return with_vega_on(chart, player_handlers(last))


def _at_band_start(channel: alt.X | alt.Y) -> alt.X | alt.Y:
    """The same positional encoding (scale, axis and all, so layers merge cleanly) at the band's start."""
    moved = channel.copy(deep=True)
    moved.bandPosition = 0
    return moved


def _role_symbol_expr() -> str:
    """A Vega expression mapping datum.role to its symbol."""
    return " : ".join(f"datum.role == {json.dumps(r)} ? {json.dumps(s)}" for r, s in ROLE_SYMBOLS.items()) + " : ''"


def _role_label_expr(labels: dict[str, str]) -> str:
    """A Vega expression mapping a legend label (a role) to its symbol and localised name."""
    parts = [
        f"datum.label == {json.dumps(r)} ? {json.dumps(ROLE_SYMBOLS[r] + ' ' + labels['role_' + r])}" for r in ROLES
    ]
    return " : ".join(parts) + " : datum.label"


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
