"""Altair chart builders for the game pages: each takes tidy DataFrames (from `stonegame.game`) and
returns a chart; nothing here computes a game.

The replay is one vconcat that plays in the browser exactly like the explainer: it reuses the
explainer's player (`player_params`, `player_handlers`, the in-chart `nav_bar` as view 0 so its
marks are `nav_button_0_marks`/`nav_label_0_marks`) and its caption panel as view 1. Every per-frame
layer filters on the shared `frame` parameter. Colours are Okabe-Ito; meaning is never carried by
colour alone (letters A/B, ★ ✗ =, shapes, dashes and labels say it too).
"""

from __future__ import annotations

import json

import altair as alt
import numpy as np
import pandas as pd

from stonegame.draw.caption import caption_panel
from stonegame.draw.kit import BLUE, GREEN, GREY, HIGHLIGHT, ORANGE, SKY, VERMILLION, band_start, fit, label_expr
from stonegame.draw.player import PlayerWords, nav_bar, player_params
from stonegame.game.rules import PLAYERS
from stonegame.text import wrap

PLAYER_COLOURS = [ORANGE, SKY]  # Alice, Bob
PALE = "#DDDDDD"
TITLE_COLUMNS = 62  # display columns per title line (one line of a phone at 10 px, of a desktop at 16 px)
FIT_X = alt.AutoSizeParams(type="fit-x", contains="padding")  # height is the plot's; width fits the page
CHOICE_KINDS = ("best", "mistake", "tie", "other")
EDGE_KINDS = ("other", "best", "optimal")
ARC_POINTS = 13  # points along each arc of the merged graph
LABELLED_LEAVES = 24  # a tree with more leaves leaves its numbers to the tooltips


def template_expr(template: str, field: str) -> str:
    """A Vega expression writing `template` with its one {field} replaced by datum.value."""
    before, after = template.split("{" + field + "}")
    return f"{json.dumps(before)} + datum.value + {json.dumps(after)}"


def title(text: str) -> alt.Title:
    """A chart title broken into lines of TITLE_COLUMNS display columns, sized to fit a narrow screen."""
    return alt.Title(
        wrap(text, TITLE_COLUMNS),
        anchor="start",
        fontSize=alt.ExprRef(expr=f"clamp(containerSize()[0] / ({TITLE_COLUMNS} * 0.53), 10, 16)"),
    )


def _legend(names: dict[str, str], symbol: str = "square", orient: str = "bottom") -> alt.Legend:
    """A legend under (or over) the chart, two entries a row (so it fits a phone), labelled with display names."""
    return alt.Legend(
        title=None,
        orient=orient,
        columns=2,
        labelFontSize=14,
        labelLimit=400,
        labelExpr=label_expr(names),
        symbolType=symbol,
        symbolSize=200,
    )


def _domain(*columns: pd.Series) -> list[int]:
    """[low, high] covering 0 and every value of the columns."""
    values = pd.concat([c.astype("int64") for c in columns], ignore_index=True)
    return [min(0, int(values.min())), max(1, int(values.max()))] if len(values) else [0, 1]


# --- the optimal replay (or the replay of any finished game) -------------------------------------


def replay_chart(
    frames: pd.DataFrame,
    piles: pd.DataFrame,
    positions: pd.DataFrame,
    choices: pd.DataFrame,
    totals: pd.DataFrame,
    labels: dict[str, str],
    start: int = 0,
    max_take: int = 3,
) -> alt.VConcatChart:
    """The replay in one chart: buttons, caption, the row, the choices (takes 1..max_take) and the totals,
    stepping together."""
    last = int(frames["frame"].max())
    player = PlayerWords.from_labels(labels, step="replay_ctl_turn")
    return (
        alt.vconcat(
            nav_bar(player),
            caption_panel(frames).properties(height=caption_height(frames)),
            row_panel(piles, positions, labels),
            choices_panel(choices, frames, labels, max_take),
            totals_panel(totals, labels),
            spacing=16,
        )
        .resolve_scale(color="independent")
        .add_params(*player_params(last, min(max(start, 0), last), player))
        .configure_view(stroke=None)
    )


def caption_height(frames: pd.DataFrame) -> int:
    """Height for the explainer's caption panel (title, two formula lines, then the sentence from y = 82 at
    23 px a line) that fits the longest sentence of these frames."""
    lines = max(len(text.split("\n")) for text in frames["sentence"])
    return 82 + 23 * lines + 6


def row_panel(piles: pd.DataFrame, positions: pd.DataFrame, labels: dict[str, str]) -> alt.LayerChart:
    """The piles of the window coloured and lettered (A/B) by who has taken them, the ones being taken
    now outlined; under them dp[i], with the mover's position outlined and marked ●."""
    domain = positions["i"].tolist()
    digits = max(len(str(v)) for v in [*piles["value"], *positions["dp"]]) + 1
    x = alt.X(
        "i:O",
        scale=alt.Scale(domain=domain),
        title=None,
        axis=alt.Axis(orient="top", labelAngle=0, labelFontSize=14, ticks=False, domain=False),
    )
    y = alt.Y("row:N", scale=alt.Scale(domain=["piles", "dp"]), axis=None)
    states = {
        "Alice": "Alice",
        "Bob": "Bob",
        "moving": labels["game_legend_moving"],
        "left": labels["game_legend_left"],
    }
    pile = alt.Chart(piles.assign(row="piles")).encode(x=x, y=y)
    boxes = (
        pile.transform_calculate(
            state="frame >= datum.taken ? datum.player : frame == datum.moving ? 'moving' : 'left'"
        )
        .mark_rect(stroke="#888888", strokeWidth=1)
        .encode(
            color=alt.Color(
                "state:N",
                scale=alt.Scale(domain=list(states), range=[*PLAYER_COLOURS, HIGHLIGHT, "#FFFFFF"]),
                legend=_legend(states),
            )
        )
    )
    moving = pile.transform_filter("frame == datum.moving").mark_rect(fillOpacity=0, stroke="black", strokeWidth=3)
    size = fit(20, len(domain) * digits)
    values = pile.mark_text(fontSize=size, fontWeight="bold").encode(text="value:Q")
    letters = (
        alt.Chart(piles.assign(row="piles"))
        .transform_filter("frame >= datum.taken")
        .mark_text(fontSize=13, fontWeight="bold", align="left", baseline="top", dx=4, dy=3)
        .encode(x=band_start(x), y=band_start(y), text="letter:N")
    )
    spot = alt.Chart(positions.assign(row="dp")).encode(x=x, y=y)
    dp_boxes = spot.mark_rect(stroke="#BBBBBB", strokeWidth=1).encode(
        color=alt.condition("frame == datum.here", alt.value(HIGHLIGHT), alt.value("#FFFFFF"))
    )
    here = spot.transform_filter("frame == datum.here").mark_rect(fillOpacity=0, stroke="black", strokeWidth=3)
    dp_values = spot.mark_text(fontSize=size).encode(text="dp:Q")
    dot = (
        alt.Chart(positions.assign(row="dp"))
        .transform_filter("frame == datum.here")
        .mark_text(text="●", fontSize=16, align="left", baseline="top", dx=4, dy=2, color=VERMILLION)
        .encode(x=band_start(x), y=band_start(y))
    )
    return alt.layer(
        boxes.properties(name="row_piles"),
        moving,
        values.properties(name="row_values"),
        letters.properties(name="row_letters"),
        dp_boxes,
        here,
        dp_values.properties(name="row_dp"),
        dot,
    ).properties(width="container", height=110, title=title(labels["replay_chart_row"]))


def _choice_kind(choices: pd.DataFrame) -> pd.Series:
    """'best' (taken, as good as any: ★), 'mistake' (taken, not best: ✗), 'tie' (=, not taken), 'other'."""
    return pd.Series(
        np.where(
            choices["chosen"] & choices["tie"],
            "best",
            np.where(choices["chosen"], "mistake", np.where(choices["tie"], "tie", "other")),
        ),
        index=choices.index,
    )


def choices_panel(
    choices: pd.DataFrame, frames: pd.DataFrame, labels: dict[str, str], max_take: int = 3
) -> alt.LayerChart:
    """The frame's candidate takes as bars of what each is worth from here, the take made marked
    ★ (best) or ✗ (not best) and equally good ones =; at the end, a note that the game is over."""
    data = choices.assign(kind=_choice_kind(choices), text=(choices["mark"] + " " + choices["gain"].astype(str)))
    domain = _domain(choices["gain"])
    x = alt.X(
        "k:O",
        scale=alt.Scale(domain=list(range(1, max_take + 1))),
        title=None,
        axis=alt.Axis(
            labelExpr=template_expr(labels["replay_take_k"], "k"), labelAngle=0, labelFontSize=15, ticks=False
        ),
    )
    y = alt.Y("gain:Q", scale=alt.Scale(domain=domain, nice=True), axis=None, stack=None)
    kinds = {kind: labels["replay_choice_" + kind] for kind in CHOICE_KINDS}
    base = alt.Chart(data).transform_filter("datum.frame == frame").encode(x=x, y=y)
    bars = base.mark_bar(size=fit(70, 12 * max_take), stroke="black", strokeWidth=1).encode(
        color=alt.Color(
            "kind:N",
            scale=alt.Scale(domain=list(kinds), range=[GREEN, VERMILLION, BLUE, PALE]),
            legend=_legend(kinds),
        )
    )
    above = base.transform_filter("datum.gain >= 0").mark_text(fontSize=18, fontWeight="bold", baseline="bottom", dy=-4)
    below = base.transform_filter("datum.gain < 0").mark_text(fontSize=18, fontWeight="bold", baseline="top", dy=4)
    zero = alt.Chart(pd.DataFrame({"gain": [0]})).mark_rule(color="#666666").encode(y=y)
    over = (
        alt.Chart(frames)
        .transform_filter("datum.frame == frame && datum.phase == 'end'")
        .transform_calculate(k=str((max_take + 1) // 2), gain="0")
        .mark_text(fontSize=18, color="#555555", baseline="bottom", dy=-30, text=labels["replay_game_over"])
        .encode(x=x, y=y)
    )
    return alt.layer(
        bars.properties(name="choice_bars"),
        above.encode(text="text:N").properties(name="choice_labels"),
        below.encode(text="text:N"),
        zero,
        over,
    ).properties(width="container", height=150, title=title(labels["replay_chart_choices"]))


def totals_panel(totals: pd.DataFrame, labels: dict[str, str]) -> alt.LayerChart:
    """Each player's points so far as a bar, a dashed line on to ◆ where they end if both play well from
    here, and the sum in words under it (▶ marks the mover)."""
    data = totals.assign(text=totals["player"] + np.where(totals["to_move"], " ▶  ", ":  ") + totals["label"])
    domain = _domain(totals["collected"], totals["final"])
    scale = alt.Scale(domain=domain, nice=False, padding=14)
    x = alt.X("collected:Q", scale=scale, axis=None)
    x_final = alt.X("final:Q", scale=scale, axis=None)
    y = alt.Y("player:N", scale=alt.Scale(domain=list(PLAYERS)), axis=None)
    colour = alt.Color("player:N", scale=alt.Scale(domain=list(PLAYERS), range=PLAYER_COLOURS), legend=None)
    base = alt.Chart(data).transform_filter("datum.frame == frame")
    bar = base.mark_bar(height=22, stroke="black", strokeWidth=1).encode(x=x, y=y, color=colour)
    dash = base.mark_rule(strokeDash=[6, 4], strokeWidth=3).encode(x=x, x2="final:Q", y=y, color=colour)
    end = base.mark_point(shape="diamond", filled=True, size=300, stroke="black", strokeWidth=1, opacity=1).encode(
        x=x_final, y=y, color=colour
    )
    words = base.mark_text(align="left", baseline="top", dy=15, fontSize=fit(15, 44)).encode(
        x=alt.value(0), y=y, text="text:N"
    )
    layers = [bar.properties(name="total_bars"), dash, end, words.properties(name="total_words")]
    if domain[0] < 0:  # a zero mark across each bar, where bars can go left of it
        zero = pd.DataFrame({"collected": [0, 0], "player": list(PLAYERS)})
        layers.insert(0, alt.Chart(zero).mark_tick(color="#666666", thickness=2, size=28).encode(x=x, y=y))
    return alt.layer(*layers).properties(width="container", height=130, title=title(labels["replay_chart_totals"]))


# --- the play page ---------------------------------------------------------------------------------


def board_chart(piles: pd.DataFrame, labels: dict[str, str], max_take: int = 3) -> alt.LayerChart:
    """The row of a game in progress: taken piles coloured and lettered by their taker, the next ones
    pale yellow with 'take k' under the pile where taking k would end."""
    domain = piles["i"].tolist()
    digits = max(len(str(v)) for v in piles["value"]) + 1
    x = alt.X(
        "i:O",
        scale=alt.Scale(domain=domain),
        title=None,
        axis=alt.Axis(orient="top", labelAngle=0, labelFontSize=14, ticks=False, domain=False),
    )
    y = alt.Y("row:N", scale=alt.Scale(domain=["piles", "reach"]), axis=None)
    states = {"Alice": "Alice", "Bob": "Bob", "next": labels["game_legend_moving"], "left": labels["game_legend_left"]}
    reach = [labels["replay_take_k"].format(k=k) if k else "" for k in piles["reach"]]
    data = piles.assign(
        row="piles",
        state=np.where(piles["player"] != "", piles["player"], np.where(piles["reach"] > 0, "next", "left")),
        reach_text=reach,
    )
    base = alt.Chart(data).encode(x=x, y=y)
    boxes = base.mark_rect(stroke="#888888", strokeWidth=1).encode(
        color=alt.Color(
            "state:N",
            scale=alt.Scale(domain=list(states), range=[*PLAYER_COLOURS, HIGHLIGHT, "#FFFFFF"]),
            legend=_legend(
                {**states, "next": labels["replay_take_k"].format(k=f"1–{max_take}" if max_take > 1 else 1)}
            ),
        )
    )
    values = base.mark_text(fontSize=fit(22, len(domain) * digits), fontWeight="bold").encode(text="value:Q")
    letters = base.mark_text(fontSize=13, fontWeight="bold", align="left", baseline="top", dx=4, dy=3).encode(
        x=band_start(x), y=band_start(y), text="letter:N"
    )
    takes = (
        alt.Chart(data.assign(row="reach"))
        .transform_filter("datum.reach > 0")
        .mark_text(fontSize=fit(15, len(domain) * 7), baseline="top", dy=-8, color="#333333")
        .encode(x=x, y=y, text="reach_text:N")
    )
    return alt.layer(
        boxes.properties(name="board_piles"), values, letters.properties(name="board_letters"), takes
    ).properties(width="container", height=100, autosize=FIT_X)


def strip_chart(games: pd.DataFrame, piles: int, labels: dict[str, str]) -> alt.LayerChart:
    """Two games one above the other on the same pile axis: each turn a block over the piles it took,
    coloured and labelled by its taker (A/B and the points), ✗ where a move cost points."""
    data = games.assign(
        text=np.where(games["regret"] > 0, "✗ ", "") + games["letter"] + " " + games["gained"].map(lambda g: f"{g:+d}"),
        middle=(games["start"] + games["end"]) / 2,
    )
    step = 1 if piles <= 30 else 5
    x = alt.X(
        "start:Q",
        scale=alt.Scale(domain=[0, piles], nice=False),
        title=labels["game_pile"],
        axis=alt.Axis(
            values=[i + 0.5 for i in range(0, piles, step)],
            labelExpr="floor(datum.value)",
            labelFontSize=13,
            titleFontSize=14,
            grid=False,
        ),
    )
    names = {"yours": labels["play_game_yours"], "optimal": labels["play_game_optimal"]}
    y = alt.Y(
        "game:N",
        scale=alt.Scale(domain=list(names)),
        title=None,
        axis=alt.Axis(labelExpr=label_expr(names), labelFontSize=15, ticks=False, domain=False),
    )
    colour = alt.Color(
        "player:N", scale=alt.Scale(domain=list(PLAYERS), range=PLAYER_COLOURS), legend=_legend({p: p for p in PLAYERS})
    )
    blocks = (
        alt.Chart(data)
        .mark_bar(stroke="white", strokeWidth=3)
        .encode(
            x=x,
            x2="end:Q",
            y=y,
            color=colour,
            tooltip=[alt.Tooltip("turn:Q"), alt.Tooltip("player:N"), alt.Tooltip("gained:Q"), alt.Tooltip("regret:Q")],
        )
    )
    text = (
        alt.Chart(data)
        .mark_text(fontSize=fit(15, piles * 6), fontWeight="bold")
        .encode(x=alt.X("middle:Q", scale=alt.Scale(domain=[0, piles], nice=False), axis=None), y=y, text="text:N")
    )
    return alt.layer(blocks.properties(name="strip_blocks"), text.properties(name="strip_text")).properties(
        width="container", height=120, autosize=FIT_X
    )


# --- the game tree, the merged states, the dp array -------------------------------------------------


def _edge_kind(table: pd.DataFrame) -> pd.Series:
    """'optimal' (on the optimal game), 'best' (the best take there), else 'other'."""
    return pd.Series(np.where(table["optimal"], "optimal", np.where(table["best"], "best", "other")), index=table.index)


def _edge_encodings(labels: dict[str, str]) -> dict[str, object]:
    """Colour, width and dash by edge kind: grey dashed, blue solid, thick vermillion (one merged legend)."""
    kinds = {kind: labels["tree_edge_" + kind] for kind in EDGE_KINDS}
    legend = _legend(kinds, symbol="stroke")
    return {
        "color": alt.Color(
            "kind:N", scale=alt.Scale(domain=list(kinds), range=[GREY, BLUE, VERMILLION]), legend=legend
        ),
        "strokeWidth": alt.StrokeWidth("kind:N", scale=alt.Scale(domain=list(kinds), range=[1.5, 2.5, 5]), legend=None),
        "strokeDash": alt.StrokeDash(
            "kind:N", scale=alt.Scale(domain=list(kinds), range=[[5, 4], [1, 0], [1, 0]]), legend=None
        ),
    }


def tree_chart(
    nodes: pd.DataFrame, edges: pd.DataFrame, states: pd.DataFrame, links: pd.DataFrame, labels: dict[str, str]
) -> alt.VConcatChart:
    """Three panels on one position axis: the game tree, the same positions merged into n + 1 states,
    and the dp array those states flatten into."""
    n = int(nodes["i"].max())
    x = alt.X("x:Q", scale=alt.Scale(domain=[-1.0, n + 2.2], nice=False, zero=False), axis=None)
    return (
        alt.vconcat(
            tree_panel(nodes, edges, x, labels),
            states_panel(states, links, x, labels),
            table_panel(states, x, labels),
            spacing=22,
        )
        .resolve_scale(color="independent", shape="independent", strokeWidth="independent", strokeDash="independent")
        .configure_view(stroke=None)
    )


def tree_panel(nodes: pd.DataFrame, edges: pd.DataFrame, x: alt.X, labels: dict[str, str]) -> alt.LayerChart:
    """Every node of the game tree at x = its position i, leaves one per row; edges styled by kind;
    for small trees dp[i] over each node and the score beside each leaf."""
    leaves = int(nodes["leaf"].sum())
    n = int(nodes["i"].max())
    small = leaves <= LABELLED_LEAVES
    y = alt.Y("y:Q", scale=alt.Scale(domain=[-0.6, leaves - 0.4], reverse=True, nice=False, zero=False), axis=None)
    at = nodes.set_index("node")["y"]
    lines = edges.assign(x=edges["i"], x2=edges["j"], y=edges["parent"].map(at), y2=edges["child"].map(at))
    lines = lines.assign(kind=_edge_kind(lines))
    drawn = alt.Chart(lines).mark_rule().encode(x=x, x2="x2:Q", y=y, y2="y2:Q", **_edge_encodings(labels))
    kinds = {"Alice": labels["tree_legend_Alice"], "Bob": labels["tree_legend_Bob"], "end": labels["tree_legend_end"]}
    points = nodes.assign(x=nodes["i"], kind=np.where(nodes["leaf"], "end", nodes["player"]))
    tips = [
        alt.Tooltip("path:N", title=labels["tree_tip_path"]),
        alt.Tooltip("i:Q", title=labels["tree_tip_i"]),
        alt.Tooltip("player:N", title=labels["tree_tip_player"]),
        alt.Tooltip("alice:Q", title=labels["tree_tip_alice"]),
        alt.Tooltip("bob:Q", title=labels["tree_tip_bob"]),
        alt.Tooltip("dp:Q", title=labels["tree_tip_dp"]),
        alt.Tooltip("alice_final:Q", title=labels["tree_tip_alice_final"]),
        alt.Tooltip("bob_final:Q", title=labels["tree_tip_bob_final"]),
    ]
    legend = _legend(kinds, symbol="circle", orient="top")  # over the tree: the edges' legend is under it
    dots = (
        alt.Chart(points)
        .mark_point(filled=True, size=170 if small else 60, stroke="black", strokeWidth=0.8, opacity=1)
        .encode(
            x=x,
            y=y,
            color=alt.Color("kind:N", scale=alt.Scale(domain=list(kinds), range=[ORANGE, SKY, GREY]), legend=legend),
            shape=alt.Shape(
                "kind:N", scale=alt.Scale(domain=list(kinds), range=["circle", "square", "diamond"]), legend=legend
            ),
            tooltip=tips,
        )
    )
    columns = pd.DataFrame({"x": range(n + 1), "text": [f"i = {i}" for i in range(n + 1)]})
    heads = (
        alt.Chart(columns)
        .mark_text(fontSize=14, baseline="bottom", dy=-6, color="#444444")
        .encode(x=x, y=alt.value(0), text="text:N")
    )
    layers = [drawn.properties(name="tree_edges"), dots.properties(name="tree_nodes"), heads]
    if small:
        inner = points[~points["leaf"]]
        layers.append(
            alt.Chart(inner)
            .mark_text(fontSize=13, baseline="bottom", dy=-9, fontWeight="bold")
            .encode(x=x, y=y, text="dp:Q")
            .properties(name="tree_dp")
        )
        scores = points[points["leaf"]].assign(text=lambda d: d["alice"].astype(str) + " : " + d["bob"].astype(str))
        layers.append(
            alt.Chart(scores)
            .mark_text(fontSize=14, align="left", dx=12)
            .encode(x=x, y=y, text="text:N")
            .properties(name="tree_scores")
        )
    heading = labels["tree_chart_tree"].format(nodes=f"{len(nodes):,}", leaves=f"{leaves:,}")
    height = int(min(620, max(150, 24 * (leaves + 1))))
    return (
        alt.layer(*layers)
        .resolve_scale(color="independent", shape="independent")
        .properties(width="container", height=height, title=title(heading))
    )


def _arcs(links: pd.DataFrame) -> pd.DataFrame:
    """ARC_POINTS points along a half-sine arc from i to j for each link, as high as k (one row per point)."""
    s = np.linspace(0.0, 1.0, ARC_POINTS)
    rows = links.loc[links.index.repeat(ARC_POINTS)].reset_index(drop=True)
    along = np.tile(s, len(links))
    return rows.assign(
        link=rows["i"].astype(str) + "-" + rows["k"].astype(str),
        x=rows["i"] + rows["k"] * along,
        y=0.85 * rows["k"] * np.sin(np.pi * along),
        order=np.tile(np.arange(ARC_POINTS), len(links)),
        kind=_edge_kind(rows),
    )


def states_panel(states: pd.DataFrame, links: pd.DataFrame, x: alt.X, labels: dict[str, str]) -> alt.LayerChart:
    """The n + 1 states in a line, each take (i, k) an arc to i + k; under each state ×m, the number of
    tree nodes merged into it."""
    y = alt.Y("y:Q", scale=alt.Scale(domain=[-1.5, 2.9], nice=False, zero=False), axis=None)
    arcs = (
        alt.Chart(_arcs(links))
        .mark_line(interpolate="monotone")
        .encode(x=x, y=y, detail="link:N", order="order:Q", **_edge_encodings(labels))
    )
    spots = states.assign(x=states["i"], y=0.0, merged="×" + states["tree_nodes"].astype(str))
    tips = [
        alt.Tooltip("i:Q", title=labels["tree_tip_i"]),
        alt.Tooltip("dp:Q", title=labels["tree_tip_dp"]),
        alt.Tooltip("tree_nodes:Q", title=labels["tree_tip_nodes"]),
    ]
    circles = (
        alt.Chart(spots)
        .mark_circle(size=900, color="#FFFFFF", stroke="black", strokeWidth=2, opacity=1)
        .encode(x=x, y=y, tooltip=tips)
    )
    names = alt.Chart(spots).mark_text(fontSize=16, fontWeight="bold").encode(x=x, y=y, text="i:Q")
    merged = (
        alt.Chart(spots)
        .mark_text(fontSize=15, baseline="top", dy=20, color="#333333")
        .encode(x=x, y=y, text="merged:N")
    )
    heading = labels["tree_chart_states"].format(states=len(states))
    return alt.layer(
        arcs.properties(name="state_links"),
        circles.properties(name="state_nodes"),
        names,
        merged.properties(name="state_merged"),
    ).properties(width="container", height=190, title=title(heading))


def table_panel(states: pd.DataFrame, x: alt.X, labels: dict[str, str]) -> alt.LayerChart:
    """The dp array, one box per position under its state, with the row's name on the left."""
    cells = states.assign(x=states["i"] - 0.42, x2=states["i"] + 0.42, row="dp")
    y = alt.Y("row:N", scale=alt.Scale(domain=["dp"]), axis=None)
    boxes = alt.Chart(cells).mark_rect(color="#FFFFFF", stroke="black", strokeWidth=1.5).encode(x=x, x2="x2:Q", y=y)
    numbers = (
        alt.Chart(states.assign(x=states["i"], row="dp"))
        .mark_text(fontSize=18, fontWeight="bold")
        .encode(x=x, y=y, text="dp:Q")
    )
    name = (
        alt.Chart(pd.DataFrame({"x": [-0.95], "row": ["dp"], "text": [labels["tree_row_dp"]]}))
        .mark_text(fontSize=16, align="left", fontWeight="bold")
        .encode(x=x, y=y, text="text:N")
    )
    heading = labels["tree_chart_table"].format(cells=len(states))
    return alt.layer(boxes, numbers.properties(name="table_dp"), name).properties(
        width="container", height=48, title=title(heading)
    )


def growth_chart(counts: pd.DataFrame, n: int, labels: dict[str, str]) -> alt.LayerChart:
    """Tree nodes, distinct states and dp cells against n on a log scale, each series with its own
    colour, point shape and name at its end; a rule marks the current row's n if it is in range."""
    names = {
        "tree_nodes": labels["tree_series_nodes"],
        "states": labels["tree_series_states"],
        "cells": labels["tree_series_cells"],
    }
    long = counts.melt(id_vars="n", value_vars=list(names), var_name="series", value_name="count")
    last = int(counts["n"].max())
    x = alt.X(
        "n:Q",
        scale=alt.Scale(domain=[1, last + 0.5], nice=False),
        title=labels["tree_growth_n"],
        axis=alt.Axis(values=list(range(1, last + 1)), format="d", labelFontSize=13, titleFontSize=14),
    )
    y = alt.Y(
        "count:Q",
        scale=alt.Scale(type="log", domain=[1, int(counts["tree_nodes"].max()) * 4], nice=False),
        title=labels["tree_growth_count"],
        axis=alt.Axis(format="~s", labelFontSize=13, titleFontSize=14),
    )
    colour = alt.Color(
        "series:N",
        scale=alt.Scale(domain=list(names), range=[VERMILLION, BLUE, GREEN]),
        legend=_legend(names, "circle"),
    )
    shape = alt.Shape(
        "series:N",
        scale=alt.Scale(domain=list(names), range=["circle", "square", "cross"]),
        legend=_legend(names, "circle"),
    )
    dash = alt.StrokeDash("series:N", scale=alt.Scale(domain=list(names), range=[[1, 0], [1, 0], [6, 4]]), legend=None)
    base = alt.Chart(long).encode(x=x, y=y)
    lines = base.mark_line(strokeWidth=2.5).encode(color=colour, strokeDash=dash)
    points = base.mark_point(filled=True, size=70, opacity=1).encode(
        color=colour, shape=shape, tooltip=["series:N", "n:Q", alt.Tooltip("count:Q", format=",")]
    )
    ends = long[long["n"] == last].assign(text=lambda d: d["series"].map(names) + " " + d["count"].map("{:,}".format))
    end_text = [
        alt.Chart(ends[ends["series"] == s])
        .mark_text(align="right", dx=-4, dy=dy, baseline=base, fontSize=13)
        .encode(x=x, y=y, text="text:N")
        for s, dy, base in (("tree_nodes", -6, "bottom"), ("states", -8, "bottom"), ("cells", 8, "top"))
    ]
    layers = [lines, points.properties(name="growth_points"), *end_text]
    if 1 <= n <= last:
        mark = pd.DataFrame({"n": [n], "text": [labels["tree_your_row"].format(n=n)]})
        layers.append(alt.Chart(mark).mark_rule(strokeDash=[3, 3], color="#444444").encode(x=x))
        layers.append(
            alt.Chart(mark)
            .mark_text(align="left", dx=5, baseline="top", fontSize=13, color="#444444")
            .encode(x=x, y=alt.value(4), text="text:N")
        )
    return alt.layer(*layers).properties(width="container", height=300, autosize=FIT_X)
