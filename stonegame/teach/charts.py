"""The teaching pages' charts: the quiz board (the explainer's grid at a question's step) and the deck's
memo chart (calls against n on a log scale). Tables and the words they show in; a chart, or a spec
dict, out.

Tables in:
    board   stonegame.teach.quiz.Board: the grid's cells and marks, cut at one frame
    memo    stonegame.teach.deck.memo_table(): n, zero_marker, sentinel (calls), ratio
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

import altair as alt
import pandas as pd

from stonegame.draw.grid import GridData, GridFit, GridWords, grid_data, grid_fit, grid_panel
from stonegame.draw.kit import BLUE, VERMILLION
from stonegame.draw.params import top_params
from stonegame.draw.template import Tables, Templates, validated
from stonegame.fill.charts import GRID_ROWS
from stonegame.i18n import t
from stonegame.teach.quiz import Board
from stonegame.terms import Lang

BOARD_LEGEND_FONT = 13  # px: the board's legend labels (at the explainer's 14 px its one line is 392 px wide)
MEMO_HEIGHT = 330  # px: the memo chart's height; st.vega_lite_chart overrides a lone view's own, so give it too
MEMO_LINES = ("zero_marker", "sentinel")  # the memo table's call columns, in the order drawn and named
MEMO_LABEL_SIZE = 14


# --- the quiz board ------------------------------------------------------------------------------


class BoardLayout(NamedTuple):
    """What the board takes from its question besides its tables: the grid's fit and the frame."""

    grid: GridFit
    frame: int


BOARDS = Templates()  # the quiz board, one template per set of words


def board_spec(board: Board, words: GridWords, validate: bool = False) -> dict[str, Any]:
    """The spec of the board (validated against the schema if `validate`; the tests do, the page need
    not): the explainer's grid (rows GRID_ROWS) at the board's frame, as the one view of a vconcat
    (st.vega_lite_chart overrides a lone view's height), without a view stroke, its legends' labels at
    BOARD_LEGEND_FONT px; filled from its words' template with the board's tables and layout."""
    data = grid_data(board.cells, board.marks, GRID_ROWS, words.names)
    tables = {"grid": data.boxes, "marks": data.marked}
    shape = (words.title, *words.names.items(), *words.roles.items())
    spec = BOARDS.spec(
        shape, partial(board_chart, words=words), tables, BoardLayout(grid_fit(board.cells), board.frame)
    )
    return narrow_legend(validated(spec) if validate else spec, BOARD_LEGEND_FONT)


def board_chart(tables: Tables, layout: BoardLayout, words: GridWords) -> alt.VConcatChart:
    """The board as a template's builder: the grid of its tables ("grid", "marks") at the layout's frame."""
    data = GridData(tables["grid"], tables["marks"])
    grid = grid_panel(None, None, GRID_ROWS, words, data=data, fitted=layout.grid)
    return top_params(alt.vconcat(grid).configure_view(stroke=None), [alt.param(name="frame", value=layout.frame)])


def narrow_legend(spec: dict[str, Any], size: int) -> dict[str, Any]:
    """A copy of a vconcat spec (its views copied, its datasets shared) with the labels of every layer's
    colour legend at `size` px, so the grid's one-line legend fits a 390 px phone."""
    out = {**spec, "vconcat": copy.deepcopy(spec["vconcat"])}
    for view in out["vconcat"]:
        for layer in view.get("layer", []):
            legend = layer.get("encoding", {}).get("color", {}).get("legend")
            if isinstance(legend, dict):
                legend["labelFontSize"] = size
    return out


# --- the memo chart ------------------------------------------------------------------------------


@dataclass(frozen=True)
class MemoWords:
    """The words the memo chart shows: its two axes' titles and the names of its two lines."""

    n: str  # the x axis: n, the number of zero piles
    calls: str  # the y axis: the calls the recursion makes
    bug: str  # the line of the 0-marker bug
    good: str  # the line of a correct marker

    @classmethod
    def of(cls, lang: Lang) -> MemoWords:
        """The memo chart's words in `lang` (catalogue keys deck_memo_n, _calls, _bug, _good)."""
        return cls(*(t(f"deck_memo_{name}", lang) for name in ("n", "calls", "bug", "good")))


def memo_chart(table: pd.DataFrame, words: MemoWords) -> alt.LayerChart:
    """Calls against n on a log scale: the 0-marker bug (vermillion, ▲, solid) and a correct marker
    (blue, ●, dashed), each line's last count written at its end and its name beside it, so colour is
    never the only cue."""
    base = _memo_base(_memo_long(table, words), words)
    return alt.layer(
        base.mark_line(strokeWidth=3).encode(strokeDash=_by_line(alt.StrokeDash, words, [[1, 0], [6, 4]])),
        _memo_points(base, words),
        _memo_ends(base, int(table["n"].max())),
        _line_name(base, "zero_marker", int(table["n"].median()), dx=-10, dy=-12),
        _line_name(base, "sentinel", int(table["n"].quantile(0.85)), dx=-6, dy=-16),  # above the flat line
    ).properties(width="container", height=MEMO_HEIGHT)


def _memo_long(table: pd.DataFrame, words: MemoWords) -> pd.DataFrame:
    """The memo table long: one row per (n, line) with its calls, the line's `kind` (a MEMO_LINES
    column) and its `label` (its name in `words`)."""
    long = table.melt(id_vars="n", value_vars=list(MEMO_LINES), var_name="kind", value_name="calls")
    return long.assign(label=long["kind"].map(dict(zip(MEMO_LINES, (words.bug, words.good), strict=True))))


def _by_line(channel: type, words: MemoWords, values: list[Any]) -> Any:
    """An encoding of the line's label on `channel`: the bug's line gets values[0], the good one values[1]."""
    return channel("label:N", scale=alt.Scale(domain=[words.bug, words.good], range=values), legend=None)


def _memo_base(long: pd.DataFrame, words: MemoWords) -> alt.Chart:
    """The chart every layer shares: n on x (5 .. 25, no label at the edges, so none sticks out), calls
    on a log y, the line's colour."""
    x = alt.X(
        "n:Q",
        title=words.n,
        scale=alt.Scale(domain=[4, 26], nice=False),
        axis=alt.Axis(values=list(range(5, 26, 5)), grid=False),
    )
    y = alt.Y("calls:Q", title=words.calls, scale=alt.Scale(type="log"))
    return alt.Chart(long).encode(x=x, y=y, color=_by_line(alt.Color, words, [VERMILLION, BLUE]))


def _memo_points(base: alt.Chart, words: MemoWords) -> alt.Chart:
    """A filled point per count, ▲ for the bug and ● for the good marker, with a tooltip."""
    tooltip = [alt.Tooltip("n:Q"), alt.Tooltip("calls:Q", format=","), alt.Tooltip("label:N")]
    return base.mark_point(size=70, filled=True).encode(
        shape=_by_line(alt.Shape, words, ["triangle-up", "circle"]), tooltip=tooltip
    )


def _memo_ends(base: alt.Chart, last: int) -> alt.Chart:
    """Each line's count at n = last, written in bold above its end."""
    return (
        base.transform_filter(f"datum.n == {last}")
        .mark_text(align="right", dy=-14, fontSize=MEMO_LABEL_SIZE, fontWeight="bold")
        .encode(text=alt.Text("calls:Q", format=","))
    )


def _line_name(base: alt.Chart, kind: str, n: int, dx: int, dy: int) -> alt.Chart:
    """The name of the line `kind`, in bold, right-aligned (dx, dy) px from its point at n."""
    return (
        base.transform_filter(f"datum.n == {n} && datum.kind == '{kind}'")
        .mark_text(align="right", dx=dx, dy=dy, fontSize=MEMO_LABEL_SIZE, fontWeight="bold")
        .encode(text="label:N")
    )
