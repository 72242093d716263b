"""Altair chart builders for the game pages: each takes tidy DataFrames (from `stonegame.game`) and the
words it shows (a small frozen dataclass, `XWords.of(lang)`), and returns a chart; nothing here
computes a game.

The replay is one vconcat that plays in the browser exactly like the explainer: the shared player's
in-chart `nav_bar` is view 0 (so its marks are `nav_button_0_marks`/`nav_label_0_marks`) and the
shared caption panel view 1. Every per-frame layer filters on the player's `frame` parameter. Colours
are Okabe-Ito; meaning is never carried by colour alone (letters A/B, ★ ✗ =, shapes, dashes and labels
say it too).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

import altair as alt
import numpy as np
import pandas as pd

from stonegame.draw.caption import caption_panel, widest_formula
from stonegame.draw.kit import (
    BLUE,
    FIT_X,
    GREEN,
    GREY,
    HIGHLIGHT,
    LEGIBLE,
    ORANGE,
    SKY,
    VERMILLION,
    band_start,
    described_chart,
    fit,
    label_expr,
    legend,
)
from stonegame.draw.params import top_params
from stonegame.draw.player import PlayerWords, add_vega_on, nav_bar, player_handlers, player_params_at, scrub_frames
from stonegame.draw.template import Tables, Templates, validated
from stonegame.game.replay import MARKS, Replay
from stonegame.game.rules import PLAYERS
from stonegame.game.tree import STAGE_KINDS, GameTree, stage_edges, stage_kind, stage_nodes
from stonegame.i18n import t
from stonegame.terms import Lang
from stonegame.text import wrap

PLAYER_COLOURS = [ORANGE, SKY]  # Alice, Bob
PLAYER_NAMES = {p: p for p in PLAYERS}  # a legend's names for the players' own colours
PALE = "#DDDDDD"
TITLE_COLUMNS = 54  # display columns per title line (one line of a phone at 12 px, of a desktop at 16 px)
EDGE_KINDS = ("other", "best", "optimal")
NODE_KINDS = (*PLAYERS, "end")  # a node with Alice or Bob to move, or a finished game
ARC_POINTS = 13  # points along each arc of the merged graph
LABELLED_LEAVES = 24  # a tree with more leaves leaves its numbers to the tooltips
# The tooltips' fields with their types, in order; each is titled by the catalogue key tree_tip_<field>.
NODE_TIPS = (
    ("path", "N"),
    ("i", "Q"),
    ("player", "N"),
    ("alice", "Q"),
    ("bob", "Q"),
    ("dp", "Q"),
    ("alice_final", "Q"),
    ("bob_final", "Q"),
)
STATE_TIPS = (("i", "Q"), ("dp", "Q"), ("tree_nodes", "Q"))
SERIES = ("tree_nodes", "states", "cells")  # the growth chart's lines, in legend order


def template_expr(template: str, field: str) -> str:
    """A Vega expression writing `template` with its one {field} replaced by datum.value."""
    before, after = template.split("{" + field + "}")
    return f"{json.dumps(before)} + datum.value + {json.dumps(after)}"


def title(text: str) -> alt.Title:
    """A chart title broken into lines of TITLE_COLUMNS display columns, sized to fit a narrow screen."""
    return title_lines(wrap(text, TITLE_COLUMNS))


def title_lines(lines: list[str]) -> alt.Title:
    """A chart title of these lines (already broken), sized to fit a narrow screen."""
    return alt.Title(
        lines,
        anchor="start",
        fontSize=alt.ExprRef(expr=f"clamp(containerSize()[0] / ({TITLE_COLUMNS} * 0.53), 12, 16)"),
    )


def _legend(names: Mapping[str, str], symbol: str = "square", orient: str = "bottom") -> alt.Legend:
    """A legend under (or over) the chart, two entries a row (so it fits a phone), labelled with display names."""
    return legend(dict(names), orient=orient, columns=2, labelLimit=400, symbolType=symbol)


def _domain(*columns: pd.Series) -> list[int]:
    """[low, high] covering 0 and every value of the columns."""
    values = pd.concat([c.astype("int64") for c in columns], ignore_index=True)
    return [min(0, int(values.min())), max(1, int(values.max()))] if len(values) else [0, 1]


def _digits(*columns: pd.Series) -> int:
    """Characters of the widest number in the columns, plus one for breathing room."""
    return max(len(str(v)) for column in columns for v in column) + 1


def _player_colour(legend: alt.Legend | None) -> alt.Color:
    """Colour by `player`: Alice orange, Bob sky blue."""
    return alt.Color("player:N", scale=alt.Scale(domain=list(PLAYERS), range=PLAYER_COLOURS), legend=legend)


# --- a row of piles (the replay's and the play board's) ------------------------------------------


OUTLINE_ROOM = 2  # pixels the replay's row leaves at either end: half its outlines' 3 px stroke, and a pixel more


def _pile_axis(domain: list[int], inset: int = 0) -> alt.X:
    """One band per pile (or position) i, its number along the top; the bands `inset` pixels in from either
    end of a view as wide as its container (so an outline's stroke never reaches past the view: Vega widens
    the picture to hold it, past the column that cuts it)."""
    scale = (
        {"range": [alt.ExprRef(expr=f"{inset}"), alt.ExprRef(expr=f"containerSize()[0] - {inset}")]} if inset else {}
    )
    return alt.X(
        "i:O",
        scale=alt.Scale(domain=domain, **scale),
        title=None,
        axis=alt.Axis(orient="top", labelAngle=0, labelFontSize=14, ticks=False, domain=False),
    )


def _pile_boxes(chart: alt.Chart, names: Mapping[str, str]) -> alt.Chart:
    """A box per pile coloured by its `state`: Alice's, Bob's, the highlighted ones, the ones left (in
    the order of `names`, which also labels the legend)."""
    return chart.mark_rect(stroke="#888888", strokeWidth=1).encode(
        color=alt.Color(
            "state:N",
            scale=alt.Scale(domain=list(names), range=[*PLAYER_COLOURS, HIGHLIGHT, "#FFFFFF"]),
            legend=_legend(names),
        )
    )


def _letters(chart: alt.Chart, x: alt.X, y: alt.Y) -> alt.Chart:
    """The taker's letter (A/B) in the top left corner of each pile."""
    return chart.mark_text(fontSize=13, fontWeight="bold", align="left", baseline="top", dx=4, dy=3).encode(
        x=band_start(x), y=band_start(y), text="letter:N"
    )


def _outlined(chart: alt.Chart, test: str) -> alt.Chart:
    """A thick black outline around the boxes for which `test` holds at the current frame."""
    return chart.transform_filter(test).mark_rect(fillOpacity=0, stroke="black", strokeWidth=3)


# --- the optimal replay (or the replay of any finished game) -------------------------------------


@dataclass(frozen=True)
class RowWords:
    """The replay row's words: its title, and the names of the piles being taken now and still left."""

    title: str
    moving: str
    left: str

    @classmethod
    def of(cls, lang: Lang) -> RowWords:
        """The replay row's words in `lang`."""
        return cls(t("replay_chart_row", lang), t("game_legend_moving", lang), t("game_legend_left", lang))


@dataclass(frozen=True)
class ChoiceWords:
    """The replay choices' words: the title, the axis label ("take {k}"), each kind's name (MARKS'
    order) and the note at the end of the game."""

    title: str
    take: str
    kinds: Mapping[str, str]
    over: str

    @classmethod
    def of(cls, lang: Lang) -> ChoiceWords:
        """The replay choices' words in `lang`."""
        return cls(
            t("replay_chart_choices", lang),
            t("replay_take_k", lang),
            {kind: t("replay_choice_" + kind, lang) for kind in MARKS},
            t("replay_game_over", lang),
        )


@dataclass(frozen=True)
class ReplayWords:
    """The replay chart's words: the player's, the row's, the choices' and
    the totals panel's title."""

    player: PlayerWords
    row: RowWords
    choices: ChoiceWords
    totals: str

    @classmethod
    def of(cls, lang: Lang) -> ReplayWords:
        """The replay chart's words in `lang`."""
        player = PlayerWords.of(lang)
        return cls(player, RowWords.of(lang), ChoiceWords.of(lang), t("replay_chart_totals", lang))


class ReplayLayout(NamedTuple):
    """What the replay chart takes from its game: the last frame and the one it opens at, the caption's
    widest formula and height, the positions drawn and the columns of digits across them, and the
    scales' domains of the choices' gains and of the totals."""

    last: int
    start: int
    widest: int
    caption_height: int
    positions: list[int]
    columns: int
    gains: list[int]
    totals: list[int]


def replay_data(replay: Replay) -> dict[str, pd.DataFrame]:
    """The replay chart's tables by role, as its layers draw them."""
    last = int(replay.frames["frame"].max())
    return {
        "frames": replay.frames,
        "scrub": scrub_frames(last),
        "piles": replay.piles.assign(row="piles"),
        "positions": replay.positions.assign(row="dp"),
        "choices": replay.choices.assign(text=(replay.choices["mark"] + " " + replay.choices["gain"].astype(str))),
        "totals": replay.totals,
    }


def replay_layout(replay: Replay, start: int) -> ReplayLayout:
    """The replay chart's layout, opening at frame `start` (kept within the frames)."""
    last = int(replay.frames["frame"].max())
    positions = replay.positions["i"].tolist()
    return ReplayLayout(
        last,
        max(0, min(start, last)),
        widest_formula(replay.frames),
        caption_height(replay.frames),
        positions,
        len(positions) * _digits(replay.piles["value"], replay.positions["dp"]),
        _domain(replay.choices["gain"]),
        _domain(replay.totals["collected"], replay.totals["final"]),
    )


def replay_below_zero(layout: ReplayLayout) -> bool:
    """Whether a total of the replay goes below zero (its bars then cross a zero mark): part of the
    chart's shape."""
    return layout.totals[0] < 0


def replay_chart(
    tables: Tables, layout: ReplayLayout, words: ReplayWords, max_take: int, below_zero: bool
) -> alt.VConcatChart:
    """The replay in one chart (tables: replay_data, layout: replay_layout): buttons (a roomy bar: every
    control thumb-sized on a phone), caption, the row, the choices (takes 1..max_take) and the totals
    (with a zero mark if `below_zero`), stepping together from the layout's start frame."""
    chart = (
        alt.vconcat(
            nav_bar(words.player, tables["scrub"], roomy=True),
            caption_panel(tables["frames"], widest=layout.widest).properties(height=layout.caption_height),
            row_panel(tables["piles"], tables["positions"], layout, words.row),
            choices_panel(tables["choices"], tables["frames"], layout.gains, words.choices, max_take),
            totals_panel(tables["totals"], layout.totals, below_zero, words.totals),
            spacing=16,
        )
        .resolve_scale(color="independent")
        .configure_view(stroke=None)
    )
    return top_params(chart, player_params_at(layout.last, layout.start))


REPLAYS = Templates()  # the replay chart, one template per shape (language, k, totals below zero)


def replay_spec(replay: Replay, start: int, lang: Lang, max_take: int, validate: bool = False) -> dict[str, Any]:
    """The replay chart's playable spec (validated against the schema if `validate`), opening at frame
    `start`: its shape's template, filled with this game's tables and layout."""
    layout = replay_layout(replay, start)
    below = replay_below_zero(layout)
    build = partial(replay_chart, words=ReplayWords.of(lang), max_take=max_take, below_zero=below)
    spec = REPLAYS.spec((lang, max_take, below), build, replay_data(replay), layout)
    return add_vega_on(validated(spec) if validate else spec, player_handlers())


def caption_height(frames: pd.DataFrame) -> int:
    """Height for the shared caption panel (title, two formula lines, then the sentence from y = 82 at
    23 px a line) that fits the longest sentence of these frames."""
    lines = max(len(text.split("\n")) for text in frames["sentence"])
    return 82 + 23 * lines + 6


def row_panel(piles: pd.DataFrame, positions: pd.DataFrame, layout: ReplayLayout, words: RowWords) -> alt.LayerChart:
    """The piles of the window coloured and lettered (A/B) by who has taken them, the ones being taken
    now outlined; under them dp[i], with the mover's position outlined and marked ● (their numbers fitted
    to the layout's columns of digits)."""
    x = _pile_axis(layout.positions, OUTLINE_ROOM)
    y = alt.Y("row:N", scale=alt.Scale(domain=["piles", "dp"]), axis=None)
    size = fit(20, layout.columns)
    return alt.layer(
        *_replay_piles(piles, x, y, size, words),
        *_replay_positions(positions, x, y, size),
    ).properties(width="container", height=110, title=title(words.title))


def _replay_piles(data: pd.DataFrame, x: alt.X, y: alt.Y, size: alt.ExprRef, words: RowWords) -> list[alt.Chart]:
    """The row's piles: boxes by state at the frame, the ones moving outlined, their values, the takers' letters."""
    names = {**PLAYER_NAMES, "moving": words.moving, "left": words.left}
    pile = alt.Chart(data).encode(x=x, y=y)
    state = "frame >= datum.taken ? datum.player : frame == datum.moving ? 'moving' : 'left'"
    return [
        _pile_boxes(pile.transform_calculate(state=state), names).properties(name="row_piles"),
        _outlined(pile, "frame == datum.moving"),
        pile.mark_text(fontSize=size, fontWeight="bold").encode(text="value:Q").properties(name="row_values"),
        _letters(alt.Chart(data).transform_filter("frame >= datum.taken"), x, y).properties(name="row_letters"),
    ]


def _replay_positions(data: pd.DataFrame, x: alt.X, y: alt.Y, size: alt.ExprRef) -> list[alt.Chart]:
    """The row's dp[i] boxes, the mover's one highlighted, outlined and marked ●."""
    spot = alt.Chart(data).encode(x=x, y=y)
    here = alt.condition("frame == datum.here", alt.value(HIGHLIGHT), alt.value("#FFFFFF"))
    dot = {"text": "●", "fontSize": 16, "align": "left", "baseline": "top", "dx": 4, "dy": 2, "color": VERMILLION}
    return [
        spot.mark_rect(stroke="#BBBBBB", strokeWidth=1).encode(color=here),
        _outlined(spot, "frame == datum.here"),
        spot.mark_text(fontSize=size).encode(text="dp:Q").properties(name="row_dp"),
        alt.Chart(data)
        .transform_filter("frame == datum.here")
        .mark_text(**dot)
        .encode(x=band_start(x), y=band_start(y)),
    ]


def choices_panel(
    data: pd.DataFrame, frames: pd.DataFrame, gains: list[int], words: ChoiceWords, max_take: int
) -> alt.LayerChart:
    """The frame's candidate takes (replay_data's "choices") as bars of what each is worth from here, on a
    scale over `gains`, marked as replay.MARKS says: ★ the best take (the one made, if it was), ✗ the
    take made when it was not, = a take as good as the best; at the end, a note that the game is over."""
    x = alt.X(
        "k:O",
        scale=alt.Scale(domain=list(range(1, max_take + 1))),
        title=None,
        axis=alt.Axis(labelExpr=template_expr(words.take, "k"), labelAngle=0, labelFontSize=15, ticks=False),
    )
    y = alt.Y("gain:Q", scale=alt.Scale(domain=gains, nice=True), axis=None, stack=None)
    base = alt.Chart(data).transform_filter("datum.frame == frame").encode(x=x, y=y)
    above = base.transform_filter("datum.gain >= 0").mark_text(fontSize=18, fontWeight="bold", baseline="bottom", dy=-4)
    below = base.transform_filter("datum.gain < 0").mark_text(fontSize=18, fontWeight="bold", baseline="top", dy=4)
    return alt.layer(
        _choice_bars(base, words.kinds, max_take).properties(name="choice_bars"),
        above.encode(text="text:N").properties(name="choice_labels"),
        below.encode(text="text:N"),
        alt.Chart(pd.DataFrame({"gain": [0]})).mark_rule(color="#666666").encode(y=y),
        _game_over(frames, x, y, words.over, max_take),
    ).properties(width="container", height=150, title=title(words.title))


def _choice_bars(base: alt.Chart, kinds: Mapping[str, str], max_take: int) -> alt.Chart:
    """A bar per candidate, coloured by its kind: best green, mistake vermillion, tie blue, other pale."""
    return base.mark_bar(size=fit(70, 12 * max_take), stroke="black", strokeWidth=1).encode(
        color=alt.Color(
            "kind:N",
            scale=alt.Scale(domain=list(kinds), range=[GREEN, VERMILLION, BLUE, PALE]),
            legend=_legend(kinds),
        )
    )


def _game_over(frames: pd.DataFrame, x: alt.X, y: alt.Y, note: str, max_take: int) -> alt.Chart:
    """At the end frame, `note` over the middle take."""
    return (
        alt.Chart(frames)
        .transform_filter("datum.frame == frame && datum.phase == 'end'")
        .transform_calculate(k=str((max_take + 1) // 2), gain="0")
        .mark_text(fontSize=18, color="#555555", baseline="bottom", dy=-30, text=note)
        .encode(x=x, y=y)
    )


def totals_panel(totals: pd.DataFrame, domain: list[int], below_zero: bool, heading: str) -> alt.LayerChart:
    """Each player's points so far as a bar on a scale over `domain`, a dashed line on to ◆ where they end
    if both play well from here, and the sum in words under it (▶ marks the mover); with a zero mark
    across each bar if `below_zero`."""
    scale = alt.Scale(domain=domain, nice=False, padding=14)
    x = alt.X("collected:Q", scale=scale, axis=None)
    x_final = alt.X("final:Q", scale=scale, axis=None)
    y = alt.Y("player:N", scale=alt.Scale(domain=list(PLAYERS)), axis=None)
    colour = _player_colour(None)
    base = alt.Chart(totals).transform_filter("datum.frame == frame")
    bar = base.mark_bar(height=22, stroke="black", strokeWidth=1).encode(x=x, y=y, color=colour)
    dash = base.mark_rule(strokeDash=[6, 4], strokeWidth=3).encode(x=x, x2="final:Q", y=y, color=colour)
    end = base.mark_point(shape="diamond", filled=True, size=300, stroke="black", strokeWidth=1, opacity=1).encode(
        x=x_final, y=y, color=colour
    )
    words = base.mark_text(align="left", baseline="top", dy=15, fontSize=fit(15, 44)).encode(
        x=alt.value(0), y=y, text="label:N"
    )
    layers = [bar.properties(name="total_bars"), dash, end, words.properties(name="total_words")]
    if below_zero:  # a zero mark across each bar, where bars can go left of it
        zero = pd.DataFrame({"collected": [0, 0], "player": list(PLAYERS)})
        layers.insert(0, alt.Chart(zero).mark_tick(color="#666666", thickness=2, size=28).encode(x=x, y=y))
    return alt.layer(*layers).properties(width="container", height=130, title=title(heading))


# --- the play page ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardWords:
    """The play board's words: "take {k}" (under the pile where a take of k ends, and in the legend)
    and the name of the piles still on the table."""

    take: str
    left: str

    @classmethod
    def of(cls, lang: Lang) -> BoardWords:
        """The play board's words in `lang`."""
        return cls(t("replay_take_k", lang), t("game_legend_left", lang))


def board_chart(piles: pd.DataFrame, words: BoardWords, max_take: int) -> alt.LayerChart:
    """The row of a game in progress: taken piles coloured and lettered by their taker, the next ones
    pale yellow with 'take k' under the pile where taking k would end."""
    x = _pile_axis(piles["i"].tolist())
    y = alt.Y("row:N", scale=alt.Scale(domain=["piles", "reach"]), axis=None)
    data = piles.assign(
        row="piles",
        state=np.where(piles["player"] != "", piles["player"], np.where(piles["reach"] > 0, "next", "left")),
        reach_text=[words.take.format(k=k) if k else "" for k in piles["reach"]],
    )
    names = {**PLAYER_NAMES, "next": words.take.format(k=f"1–{max_take}" if max_take > 1 else 1), "left": words.left}
    base = alt.Chart(data).encode(x=x, y=y)
    values = base.mark_text(fontSize=fit(22, len(piles) * _digits(piles["value"])), fontWeight="bold")
    takes = (
        alt.Chart(data.assign(row="reach"))
        .transform_filter("datum.reach > 0")
        .mark_text(
            fontSize=fit(15, len(piles) * 6), baseline="top", dy=-8, color="#333333"
        )  # 12 px at 8 piles on a phone
        .encode(x=x, y=y, text="reach_text:N")
    )
    return alt.layer(
        _pile_boxes(base, names).properties(name="board_piles"),
        values.encode(text="value:Q"),
        _letters(base, x, y).properties(name="board_letters"),
        takes,
    ).properties(width="container", height=100, autosize=FIT_X)


@dataclass(frozen=True)
class StripWords:
    """The comparison strip's words: the pile axis's title and each game's name ('yours', 'optimal')."""

    axis: str
    games: Mapping[str, str]

    @classmethod
    def of(cls, lang: Lang) -> StripWords:
        """The strip's words in `lang`."""
        return cls(t("game_pile", lang), {"yours": t("play_game_yours", lang), "optimal": t("play_game_optimal", lang)})


def strip_chart(games: pd.DataFrame, piles: int, words: StripWords) -> alt.LayerChart:
    """Two games one above the other on the same pile axis: each turn a block over the piles it took,
    coloured and labelled by its taker (A/B and the points), ✗ where a move cost points."""
    data = games.assign(
        text=np.where(games["regret"] > 0, "✗ ", "") + games["letter"] + " " + games["gained"].map(lambda g: f"{g:+d}"),
        middle=(games["start"] + games["end"]) / 2,
    )
    y = alt.Y(
        "game:N",
        scale=alt.Scale(domain=list(words.games)),
        title=None,
        axis=alt.Axis(labelExpr=label_expr(dict(words.games)), labelFontSize=15, ticks=False, domain=False),
    )
    tips = [alt.Tooltip("turn:Q"), alt.Tooltip("player:N"), alt.Tooltip("gained:Q"), alt.Tooltip("regret:Q")]
    blocks = (
        alt.Chart(data)
        .mark_bar(stroke="white", strokeWidth=3)
        .encode(
            x=_strip_axis(piles, words.axis), x2="end:Q", y=y, color=_player_colour(_legend(PLAYER_NAMES)), tooltip=tips
        )
    )
    middle = alt.X("middle:Q", scale=alt.Scale(domain=[0, piles], nice=False), axis=None)
    text = (
        alt.Chart(data).mark_text(fontSize=fit(15, piles * 6), fontWeight="bold").encode(x=middle, y=y, text="text:N")
    )
    return alt.layer(blocks.properties(name="strip_blocks"), text.properties(name="strip_text")).properties(
        width="container", height=120, autosize=FIT_X
    )


def _strip_axis(piles: int, heading: str) -> alt.X:
    """Piles 0..piles-1 along the bottom, a tick in the middle of each (every fifth for more than 30)."""
    step = 1 if piles <= 30 else 5
    return alt.X(
        "start:Q",
        scale=alt.Scale(domain=[0, piles], nice=False),
        title=heading,
        axis=alt.Axis(
            values=[i + 0.5 for i in range(0, piles, step)],
            labelExpr="floor(datum.value)",
            labelFontSize=13,
            titleFontSize=14,
            grid=False,
        ),
    )


# --- the game tree, the merged states, the dp array -------------------------------------------------


@dataclass(frozen=True)
class TreeWords:
    """The tree chart's words: the three panels' titles (templates with {nodes} {leaves}, {states},
    {cells}), the names of the node kinds (NODE_KINDS) and edge kinds (EDGE_KINDS), the tooltips'
    titles by field, and the dp row's name."""

    tree: str
    states: str
    table: str
    nodes: Mapping[str, str]
    edges: Mapping[str, str]
    tips: Mapping[str, str]
    dp: str

    @classmethod
    def of(cls, lang: Lang, lesson: bool = False) -> TreeWords:
        """The tree chart's words in `lang` (the lesson's, which do not name dp yet, with `lesson`)."""
        fields = {field for field, _ in (*NODE_TIPS, *STATE_TIPS)}
        return cls(
            tree_word("tree_chart_tree", lang, lesson),
            t("tree_chart_states", lang),
            tree_word("tree_chart_table", lang, lesson),
            {kind: t("tree_legend_" + kind, lang) for kind in NODE_KINDS},
            {kind: t("tree_edge_" + kind, lang) for kind in EDGE_KINDS},
            {field: tree_word("tree_tip_" + field, lang, lesson) for field in sorted(fields)},
            tree_word("tree_row_dp", lang, lesson),
        )


# The tree chart's words that name dp or the mover, and the tree page's description: the lesson's tree chapter comes
# before the chapter that teaches dp, so it says lesson_<key> instead.
LESSON_TREE_WORDS = (
    "tree_chart_tree",
    "tree_chart_table",
    "tree_tip_dp",
    "tree_tip_player",
    "tree_row_dp",
    "tree_desc",
)


def tree_word(key: str, lang: Lang, lesson: bool = False) -> str:
    """The tree chart's word `key` in `lang`: the lesson's own (lesson_<key>) where it has one and `lesson`."""
    return t("lesson_" + key if lesson and key in LESSON_TREE_WORDS else key, lang)


def _tips(fields: tuple[tuple[str, str], ...], titles: Mapping[str, str]) -> list[alt.Tooltip]:
    """A tooltip line per (field, type), titled in words."""
    return [alt.Tooltip(f"{field}:{kind}", title=titles[field]) for field, kind in fields]


def _edge_kind(table: pd.DataFrame) -> pd.Series:
    """'optimal' (on the optimal game), 'best' (the best take there), else 'other'."""
    return pd.Series(np.where(table["optimal"], "optimal", np.where(table["best"], "best", "other")), index=table.index)


def _edge_encodings(kinds: Mapping[str, str]) -> dict[str, object]:
    """Colour, width and dash by edge kind: grey dashed, blue solid, thick vermillion (one merged legend)."""
    return {
        "color": alt.Color(
            "kind:N",
            scale=alt.Scale(domain=list(kinds), range=[GREY, BLUE, VERMILLION]),
            legend=_legend(kinds, symbol="stroke"),
        ),
        "strokeWidth": alt.StrokeWidth("kind:N", scale=alt.Scale(domain=list(kinds), range=[1.5, 2.5, 5]), legend=None),
        "strokeDash": alt.StrokeDash(
            "kind:N", scale=alt.Scale(domain=list(kinds), range=[[5, 4], [1, 0], [1, 0]]), legend=None
        ),
    }


class TreeLayout(NamedTuple):
    """What the tree chart takes from its row: the right end of the position axis, the tree's last row
    (leaves - 0.4), the tree panel's height, and the panels' titles as their lines (the merged states'
    and the dp array's only when they are drawn)."""

    x_end: float
    y_end: float
    height: int
    titles: tuple[list[str], ...]


def tree_small(tree: GameTree) -> bool:
    """Whether the tree has few enough leaves (LABELLED_LEAVES) to show its numbers: part of its shape."""
    return int(tree.nodes["leaf"].sum()) <= LABELLED_LEAVES


def tree_layout(tree: GameTree, words: TreeWords, merged: bool = True) -> TreeLayout:
    """The tree chart's layout: n + 2.2, leaves - 0.4, 24 px a leaf (150-620 px) and the wrapped titles."""
    n, leaves = int(tree.nodes["i"].max()), int(tree.nodes["leaf"].sum())
    heading = words.tree.format(nodes=f"{len(tree.nodes):,}", leaves=f"{leaves:,}")
    titles = [heading] + ([words.states.format(states=n + 1), words.table.format(cells=n + 1)] if merged else [])
    return TreeLayout(n + 2.2, leaves - 0.4, int(min(620, max(150, 24 * (leaves + 1)))), tuple(_lines(titles)))


def _lines(texts: list[str]) -> list[list[str]]:
    """Each title broken into lines of TITLE_COLUMNS display columns."""
    return [wrap(text, TITLE_COLUMNS) for text in texts]


def tree_data(tree: GameTree, merged: bool = True) -> dict[str, pd.DataFrame]:
    """The tree chart's tables by role, as its layers draw them: the tree's edges, nodes and column heads,
    for a small tree its inner nodes' dp and leaves' scores, and (with `merged`) the states' arcs, spots,
    and the dp array's cells and numbers."""
    nodes, edges = tree.nodes, tree.edges
    points = nodes.assign(x=nodes["i"], kind=np.where(nodes["leaf"], "end", nodes["player"]))
    at = nodes.set_index("node")["y"]
    lines = edges.assign(x=edges["i"], x2=edges["j"], y=edges["parent"].map(at), y2=edges["child"].map(at))
    n = int(nodes["i"].max())
    tables = {
        "edges": lines.assign(kind=_edge_kind(lines)),
        "points": points,
        "columns": pd.DataFrame({"x": range(n + 1), "text": [f"i = {i}" for i in range(n + 1)]}),
    }
    if tree_small(tree):
        tables["inner"] = points[~points["leaf"]]
        tables["scores"] = points[points["leaf"]].assign(
            text=lambda d: d["alice"].astype(str) + " : " + d["bob"].astype(str)
        )
    return tables | (_merged_data(tree.states, tree.links) if merged else {})


def _merged_data(states: pd.DataFrame, links: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The merged panels' tables: each take's arc, the states' spots, the dp array's cells and numbers."""
    return {
        "arcs": _arcs(links),
        "spots": states.assign(x=states["i"], y=0.0, merged="×" + states["tree_nodes"].astype(str)),
        "cells": states.assign(x=states["i"] - 0.42, x2=states["i"] + 0.42, row="dp"),
        "numbers": states.assign(x=states["i"], row="dp"),
    }


def tree_build(tables: Tables, layout: TreeLayout, words: TreeWords, merged: bool, small: bool) -> alt.VConcatChart:
    """Three panels on one position axis (tables: tree_data, layout: tree_layout): the game tree, the
    same positions merged into n + 1 states, and the dp array those states flatten into (without
    `merged`, the tree alone: a lesson asks how many states there are before it shows them)."""
    x = alt.X("x:Q", scale=alt.Scale(domain=[-1.0, layout.x_end], nice=False, zero=False), axis=None)
    panels = [tree_panel(tables, layout, x, words, small)]
    if merged:
        panels += [states_panel(tables, layout.titles[1], x, words), table_panel(tables, layout.titles[2], x, words)]
    return (
        alt.vconcat(*panels, spacing=22)
        .resolve_scale(color="independent", shape="independent", strokeWidth="independent", strokeDash="independent")
        .configure_view(stroke=None)
    )


def tree_chart(tree: GameTree, words: TreeWords, merged: bool = True) -> alt.VConcatChart:
    """The tree chart of this tree, built whole (tree_build on its own tables and layout)."""
    return tree_build(tree_data(tree, merged), tree_layout(tree, words, merged), words, merged, tree_small(tree))


TREES = Templates()  # the tree chart, one template per shape (language, merged panels, numbers shown, lesson's words)


def tree_spec(tree: GameTree, lang: Lang, merged: bool = True, lesson: bool = False) -> dict[str, Any]:
    """The tree chart's spec named for screen readers (`described_chart`): its shape's template, filled
    with this tree's tables and layout (in the lesson's words with `lesson`)."""
    words, small = TreeWords.of(lang, lesson), tree_small(tree)
    description = tree_word("tree_desc", lang, lesson)
    build = partial(_described_tree, words=words, merged=merged, small=small, description=description)
    return TREES.spec((lang, merged, small, lesson), build, tree_data(tree, merged), tree_layout(tree, words, merged))


def _described_tree(
    tables: Tables, layout: TreeLayout, words: TreeWords, merged: bool, small: bool, description: str
) -> alt.VConcatChart:
    """tree_build's chart, named by `description` for screen readers."""
    return described_chart(tree_build(tables, layout, words, merged, small), description)


def tree_panel(tables: Tables, layout: TreeLayout, x: alt.X, words: TreeWords, small: bool) -> alt.LayerChart:
    """Every node of the game tree at x = its position i, leaves one per row; edges styled by kind;
    for small trees dp[i] over each node and the score beside each leaf."""
    y = alt.Y("y:Q", scale=alt.Scale(domain=[-0.6, layout.y_end], reverse=True, nice=False, zero=False), axis=None)
    layers = [
        _tree_edges(tables["edges"], x, y, words.edges).properties(name="tree_edges"),
        _tree_nodes(tables["points"], x, y, words, 170 if small else 60).properties(name="tree_nodes"),
        _column_heads(tables["columns"], x),
        *(_node_numbers(tables["inner"], tables["scores"], x, y) if small else []),
    ]
    return (
        alt.layer(*layers)
        .resolve_scale(color="independent", shape="independent")
        .properties(width="container", height=layout.height, title=title_lines(layout.titles[0]))
    )


def _tree_edges(lines: pd.DataFrame, x: alt.X, y: alt.Y, kinds: Mapping[str, str]) -> alt.Chart:
    """Each edge a line from its parent's (i, y) to its child's, styled by kind."""
    return alt.Chart(lines).mark_rule().encode(x=x, x2="x2:Q", y=y, y2="y2:Q", **_edge_encodings(kinds))


def _tree_nodes(points: pd.DataFrame, x: alt.X, y: alt.Y, words: TreeWords, size: int) -> alt.Chart:
    """Each node a point, by kind: Alice to move an orange circle, Bob a sky-blue square, a finished
    game a grey diamond (one legend over the tree: the edges' legend is under it); tooltips say it all."""
    kinds = words.nodes
    legend = _legend(kinds, symbol="circle", orient="top")
    return (
        alt.Chart(points)
        .mark_point(filled=True, size=size, stroke="black", strokeWidth=0.8, opacity=1)
        .encode(
            x=x,
            y=y,
            color=alt.Color("kind:N", scale=alt.Scale(domain=list(kinds), range=[ORANGE, SKY, GREY]), legend=legend),
            shape=alt.Shape(
                "kind:N", scale=alt.Scale(domain=list(kinds), range=["circle", "square", "diamond"]), legend=legend
            ),
            tooltip=_tips(NODE_TIPS, words.tips),
        )
    )


def _column_heads(columns: pd.DataFrame, x: alt.X) -> alt.Chart:
    """'i = 0' .. 'i = n' over the tree's columns."""
    return (
        alt.Chart(columns)
        .mark_text(fontSize=14, baseline="bottom", dy=-6, color="#444444")
        .encode(x=x, y=alt.value(0), text="text:N")
    )


def _node_numbers(inner: pd.DataFrame, scores: pd.DataFrame, x: alt.X, y: alt.Y) -> list[alt.Chart]:
    """dp[i] over each inner node, and 'Alice : Bob' beside each leaf."""
    return [
        alt.Chart(inner)
        .mark_text(fontSize=13, baseline="bottom", dy=-9, fontWeight="bold")
        .encode(x=x, y=y, text="dp:Q")
        .properties(name="tree_dp"),
        alt.Chart(scores)
        .mark_text(fontSize=14, align="left", dx=12)
        .encode(x=x, y=y, text="text:N")
        .properties(name="tree_scores"),
    ]


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


def states_panel(tables: Tables, heading: list[str], x: alt.X, words: TreeWords) -> alt.LayerChart:
    """The n + 1 states in a line, each take (i, k) an arc to i + k; under each state ×m, the number of
    tree nodes merged into it."""
    y = alt.Y("y:Q", scale=alt.Scale(domain=[-1.5, 2.9], nice=False, zero=False), axis=None)
    arcs = (
        alt.Chart(tables["arcs"])
        .mark_line(interpolate="monotone")
        .encode(x=x, y=y, detail="link:N", order="order:Q", **_edge_encodings(words.edges))
    )
    spots = alt.Chart(tables["spots"])
    circles = spots.mark_circle(size=900, color="#FFFFFF", stroke="black", strokeWidth=2, opacity=1).encode(
        x=x, y=y, tooltip=_tips(STATE_TIPS, words.tips)
    )
    names = spots.mark_text(fontSize=16, fontWeight="bold").encode(x=x, y=y, text="i:Q")
    merged = spots.mark_text(fontSize=15, baseline="top", dy=20, color="#333333").encode(x=x, y=y, text="merged:N")
    return alt.layer(
        arcs.properties(name="state_links"),
        circles.properties(name="state_nodes"),
        names,
        merged.properties(name="state_merged"),
    ).properties(width="container", height=190, title=title_lines(heading))


def table_panel(tables: Tables, heading: list[str], x: alt.X, words: TreeWords) -> alt.LayerChart:
    """The dp array, one box per position under its state, with the row's name on the left."""
    y = alt.Y("row:N", scale=alt.Scale(domain=["dp"]), axis=None)
    boxes = (
        alt.Chart(tables["cells"])
        .mark_rect(color="#FFFFFF", stroke="black", strokeWidth=1.5)
        .encode(x=x, x2="x2:Q", y=y)
    )
    numbers = alt.Chart(tables["numbers"]).mark_text(fontSize=18, fontWeight="bold").encode(x=x, y=y, text="dp:Q")
    name = (
        alt.Chart(pd.DataFrame({"x": [-0.95], "row": ["dp"], "text": [words.dp]}))
        .mark_text(fontSize=16, align="left", fontWeight="bold")
        .encode(x=x, y=y, text="text:N")
    )
    return alt.layer(boxes, numbers.properties(name="table_dp"), name).properties(
        width="container", height=48, title=title_lines(heading)
    )


# --- the tree page's steps: the tree grown depth by depth, merged, laid flat ------------------------

STAGE_ROW_PX = 20  # px per row of the shown tree: room for a 13 px number on every node, none touching
STAGE_MIN_PX = 120  # the tree's least height (its first stages have one to three rows)
STAGE_FONT = 13  # px: the number on each node, state and dp cell is never smaller
BIG_ROW_PX, BIG_FONT = 24, 16  # presenter mode's: no text that carries content under 16 px


@dataclass(frozen=True)
class StageWords:
    """The stepped tree chart's words: each stage kind's title (templates: grow {depth} {deepest} {nodes}
    {total}; merge {states} {total}; flat {cells}), the node kinds' and edge kinds' names, the tooltips'
    titles and the dp row's name."""

    titles: Mapping[str, str]
    nodes: Mapping[str, str]
    edges: Mapping[str, str]
    tips: Mapping[str, str]
    dp: str

    @classmethod
    def of(cls, lang: Lang) -> StageWords:
        """The stepped tree chart's words in `lang`."""
        tree = TreeWords.of(lang)
        kinds = {"Alice": t("tree_legend_Alice", lang), "Bob": t("tree_legend_Bob", lang)}
        return cls(
            {kind: t("tree_stage_chart_" + kind, lang) for kind in STAGE_KINDS},
            kinds | {"end": t("tree_legend_over", lang)},
            tree.edges,
            tree.tips,
            tree.dp,
        )


class StageLayout(NamedTuple):
    """What a stage's chart takes from its row: the right end of the position axis, the last row of the
    shown tree (rows - 0.5), the tree's height in px and the title's lines."""

    x_end: float
    y_end: float
    height: int
    title: list[str]


def stage_layout(tree: GameTree, stage: int, words: StageWords, big: bool = False) -> StageLayout:
    """The layout of `stage`: n + 0.6, rows - 0.5, the height (the tree's STAGE_ROW_PX a row, BIG_ROW_PX
    when `big`, at least STAGE_MIN_PX; the states' 220 px, the array's 70) and the stage kind's title."""
    nodes, kind = stage_nodes(tree, stage), stage_kind(tree, stage)
    rows = int(nodes["y"].max()) + 1 if kind == "grow" else 1
    n, deepest = int(tree.nodes["i"].max()), int(tree.nodes["depth"].max())
    fields = {"depth": stage, "deepest": deepest, "nodes": f"{len(nodes):,}", "total": f"{len(tree.nodes):,}"}
    heading = words.titles[kind].format(**fields, states=n + 1, cells=n + 1)
    row = BIG_ROW_PX if big else STAGE_ROW_PX
    height = {"grow": max(STAGE_MIN_PX, row * rows), "merge": 220, "flat": 70}[kind]
    return StageLayout(n + 0.6, rows - 0.5, height, wrap(heading, TITLE_COLUMNS))


def stage_data(tree: GameTree, stage: int) -> dict[str, pd.DataFrame]:
    """The tables `stage`'s chart draws: the column heads 'i = 0' .. 'i = n' and the stage's nodes; for the
    tree its edges, for the merged states each take's arc, for the dp array each cell's box."""
    nodes, edges, kind = stage_nodes(tree, stage), stage_edges(tree, stage), stage_kind(tree, stage)
    n = int(tree.nodes["i"].max())
    tables = {"columns": pd.DataFrame({"x": range(n + 1), "text": [f"i = {i}" for i in range(n + 1)]})}
    if kind == "grow":
        return tables | {
            "edges": edges.assign(x=edges["i"], x2=edges["j"], kind=_edge_kind(edges)),
            "points": nodes.assign(x=nodes["i"]),
        }
    if kind == "merge":
        links = tree.links
        return tables | {
            "arcs": _arcs(links),
            "spots": nodes.assign(x=nodes["i"], times="×" + nodes["merged"].astype(str)),
        }
    return tables | {"cells": nodes.assign(x=nodes["i"] - 0.45, x2=nodes["i"] + 0.45, mid=nodes["i"], row="dp")}


STAGES = Templates()  # the stepped tree chart, one template per (stage kind, language, big)


def stage_spec(tree: GameTree, stage: int, lang: Lang, big: bool = False) -> dict[str, Any]:
    """The chart of `stage` named for screen readers (no text under BIG_FONT px with `big`, for presenter
    mode): its kind's template filled with the stage's tables and layout."""
    words, kind = StageWords.of(lang), stage_kind(tree, stage)
    build = partial(_described_stage, kind=kind, words=words, description=t("tree_desc", lang), big=big)
    return STAGES.spec((kind, lang, big), build, stage_data(tree, stage), stage_layout(tree, stage, words, big))


def stage_chart(tables: Tables, layout: StageLayout, kind: str, words: StageWords, big: bool = False) -> alt.LayerChart:
    """The chart of one stage (tables: stage_data, layout: stage_layout) on the position axis: the tree cut
    at a depth (grow), the merged states (merge) or the dp array (flat), a number on every mark; with `big`
    (presenter mode) no text under BIG_FONT px."""
    x = alt.X("x:Q", scale=alt.Scale(domain=[-0.6, layout.x_end], nice=False, zero=False), axis=None)
    draw = {"grow": _grown_tree, "merge": _merged_states, "flat": _dp_array}[kind]
    heads = _column_heads(tables["columns"], x)
    layers = [heads.mark_text(fontSize=BIG_FONT, baseline="bottom", dy=-6, color="#444444") if big else heads]
    layers += draw(tables, layout, x, words, big)
    return (
        alt.layer(*layers)
        .resolve_scale(color="independent", shape="independent", strokeWidth="independent", strokeDash="independent")
        .properties(width="container", height=layout.height, autosize=FIT_X, title=title_lines(layout.title))
        .configure_view(stroke=None)
    )


def _described_stage(
    tables: Tables, layout: StageLayout, kind: str, words: StageWords, description: str, big: bool
) -> alt.LayerChart:
    """stage_chart's chart, named by `description` for screen readers (its legends' labels BIG_FONT px
    with `big`)."""
    chart = described_chart(stage_chart(tables, layout, kind, words, big), description)
    return chart.configure_legend(**LEGIBLE, labelFontSize=BIG_FONT) if big else chart


def _grown_tree(tables: Tables, layout: StageLayout, x: alt.X, words: StageWords, big: bool) -> list[alt.Chart]:
    """The shown tree: its edges styled by kind, each node a mark by kind (Alice's turn an orange circle,
    Bob's a sky-blue square, a finished game a grey diamond) with dp[i] on it."""
    y = alt.Y("y:Q", scale=alt.Scale(domain=[-0.5, layout.y_end], reverse=True, nice=False, zero=False), axis=None)
    kinds, bigger = words.nodes, {"labelFontSize": BIG_FONT} if big else {}
    key = legend(dict(kinds), orient="top", columns=2, labelLimit=400, symbolType="circle", **bigger)
    points = alt.Chart(tables["points"]).encode(x=x, y=y)
    marks = points.mark_point(filled=True, size=480 if big else 330, stroke="black", strokeWidth=0.8, opacity=1).encode(
        color=alt.Color("kind:N", scale=alt.Scale(domain=list(kinds), range=[ORANGE, SKY, "#CCCCCC"]), legend=key),
        shape=alt.Shape(
            "kind:N", scale=alt.Scale(domain=list(kinds), range=["circle", "square", "diamond"]), legend=key
        ),
        tooltip=_tips((("i", "Q"), ("dp", "Q")), words.tips),
    )
    font = BIG_FONT if big else STAGE_FONT
    numbers = points.mark_text(fontSize=font, fontWeight="bold", color="black").encode(text="dp:Q")
    lines = (  # no ARIA of its own (the chart's description says it): a stage with no edges yet (depth 0)
        # would leave an empty, unnamed image for a screen reader (axe's svg-img-alt)
        alt.Chart(tables["edges"])
        .mark_rule(aria=False)
        .encode(x=x, x2="x2:Q", y=y, y2="y2:Q", **_edge_encodings(words.edges))
    )
    return [
        lines.properties(name="node_edges"),
        marks.properties(name="node_marks"),
        numbers.properties(name="node_dp"),
    ]


def _merged_states(tables: Tables, layout: StageLayout, x: alt.X, words: StageWords, big: bool) -> list[alt.Chart]:
    """The n + 1 states in a line, dp[i] in each, ×m (tree nodes merged) under it, each take (i, k) an arc
    to i + k as high as k."""
    y = alt.Y("y:Q", scale=alt.Scale(domain=[-1.5, 2.9], nice=False, zero=False), axis=None)
    arcs = (
        alt.Chart(tables["arcs"])
        .mark_line(interpolate="monotone")
        .encode(x=x, y=y, detail="link:N", order="order:Q", **_edge_encodings(words.edges))
    )
    spots = alt.Chart(tables["spots"]).encode(x=x, y=y)
    circles = spots.mark_circle(size=900, color="#FFFFFF", stroke="black", strokeWidth=2, opacity=1).encode(
        tooltip=_tips(STATE_TIPS, words.tips)
    )
    numbers = spots.mark_text(fontSize=16, fontWeight="bold").encode(text="dp:Q")
    merged = spots.mark_text(fontSize=BIG_FONT if big else 15, baseline="top", dy=20, color="#333333")
    merged = merged.encode(text="times:N")
    return [
        arcs.properties(name="state_links"),
        circles.properties(name="state_nodes"),
        numbers.properties(name="state_dp"),
        merged.properties(name="state_merged"),
    ]


def _dp_array(tables: Tables, layout: StageLayout, x: alt.X, words: StageWords, big: bool) -> list[alt.Chart]:
    """The dp array: one box per position under its column head, dp[i] in it."""
    y = alt.Y("row:N", scale=alt.Scale(domain=["dp"]), axis=None)
    cells = alt.Chart(tables["cells"])
    boxes = cells.mark_rect(color="#FFFFFF", stroke="black", strokeWidth=1.5).encode(x=x, x2="x2:Q", y=y)
    numbers = cells.mark_text(fontSize=18, fontWeight="bold").encode(
        x=alt.X("mid:Q", scale=alt.Scale(domain=[-0.6, layout.x_end], nice=False, zero=False), axis=None),
        y=y,
        text="dp:Q",
    )
    return [boxes.properties(name="table_cells"), numbers.properties(name="table_dp")]


# --- how the counts grow -----------------------------------------------------------------------------


@dataclass(frozen=True)
class GrowthWords:
    """The growth chart's words: each series' name (SERIES), the axes' titles and the mark of the
    current row ("your row: n = {n}")."""

    series: Mapping[str, str]
    n: str
    count: str
    row: str

    @classmethod
    def of(cls, lang: Lang) -> GrowthWords:
        """The growth chart's words in `lang`."""
        keys = {"tree_nodes": "tree_series_nodes", "states": "tree_series_states", "cells": "tree_series_cells"}
        return cls(
            {series: t(keys[series], lang) for series in SERIES},
            t("tree_growth_n", lang),
            t("tree_growth_count", lang),
            t("tree_your_row", lang),
        )


def growth_chart(counts: pd.DataFrame, n: int, words: GrowthWords) -> alt.LayerChart:
    """Tree nodes, distinct states and dp cells against n on a log scale, each series with its own
    colour, point shape and name at its end; a rule marks the current row's n if it is in range."""
    long = counts.melt(id_vars="n", value_vars=list(words.series), var_name="series", value_name="count")
    last = int(counts["n"].max())
    x = alt.X(
        "n:Q",
        scale=alt.Scale(domain=[1, last + 0.5], nice=False),
        title=words.n,
        axis=alt.Axis(values=list(range(1, last + 1)), format="d", labelFontSize=13, titleFontSize=14),
    )
    y = alt.Y(
        "count:Q",
        scale=alt.Scale(type="log", domain=[1, int(counts["tree_nodes"].max()) * 4], nice=False),
        title=words.count,
        axis=alt.Axis(format="~s", labelFontSize=13, titleFontSize=14),
    )
    layers = [*_growth_series(alt.Chart(long).encode(x=x, y=y), words.series), *_series_ends(long, x, y, words.series)]
    if 1 <= n <= last:
        layers += _your_row(n, x, words.row)
    return alt.layer(*layers).properties(width="container", height=300, autosize=FIT_X)


def _growth_series(base: alt.Chart, names: Mapping[str, str]) -> list[alt.Chart]:
    """Each series a line (cells dashed) with points: vermillion circles, blue squares, green crosses."""
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
    lines = base.mark_line(strokeWidth=2.5).encode(color=colour, strokeDash=dash)
    points = base.mark_point(filled=True, size=70, opacity=1).encode(
        color=colour, shape=shape, tooltip=["series:N", "n:Q", alt.Tooltip("count:Q", format=",")]
    )
    return [lines, points.properties(name="growth_points")]


def _series_ends(long: pd.DataFrame, x: alt.X, y: alt.Y, names: Mapping[str, str]) -> list[alt.Chart]:
    """Each series' name and last count at its right end (the states' above, the cells' below: they meet)."""
    ends = long[long["n"] == long["n"].max()]
    ends = ends.assign(text=lambda d: d["series"].map(names) + " " + d["count"].map("{:,}".format))
    return [
        alt.Chart(ends[ends["series"] == series])
        .mark_text(align="right", dx=-4, dy=dy, baseline=baseline, fontSize=13)
        .encode(x=x, y=y, text="text:N")
        for series, dy, baseline in (("tree_nodes", -6, "bottom"), ("states", -8, "bottom"), ("cells", 8, "top"))
    ]


def _your_row(n: int, x: alt.X, template: str) -> list[alt.Chart]:
    """A dashed rule at the current row's n, named at its top."""
    mark = pd.DataFrame({"n": [n], "text": [template.format(n=n)]})
    return [
        alt.Chart(mark).mark_rule(strokeDash=[3, 3], color="#444444").encode(x=x),
        alt.Chart(mark)
        .mark_text(align="left", dx=5, baseline="top", fontSize=13, color="#444444")
        .encode(x=x, y=alt.value(4), text="text:N"),
    ]
