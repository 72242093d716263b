"""The teaching pages' charts: the quiz board's spec and the deck's memo chart, built from tables and
only the words they show."""

import json
from functools import partial

import pytest

from stonegame import solve
from stonegame.draw.grid import GridWords, grid_data, grid_fit
from stonegame.draw.template import canonical, fill, probe, template_of
from stonegame.fill.charts import GRID_ROWS
from stonegame.i18n import t
from stonegame.teach import charts, deck
from stonegame.teach import quiz as qz

WORDS = GridWords("the arrays", {row: f"<{row}>" for row in GRID_ROWS}, {"write": "w", "read": "r", "best": "b"})


def colour_legends(spec):
    """Every colour legend of a vconcat spec's layers."""
    return [
        layer["encoding"]["color"]["legend"]
        for view in spec["vconcat"]
        for layer in view.get("layer", [])
        if isinstance(layer.get("encoding", {}).get("color", {}).get("legend"), dict)
    ]


def test_the_board_spec_is_the_grid_at_the_questions_frame_with_a_narrow_legend():
    board = qz.board(solve([1, 2, 3, 7]), 2, False)
    spec = charts.board_spec(board, WORDS, validate=True)  # validated against the Vega-Lite schema
    assert spec == charts.board_spec(board, WORDS), "the page's unvalidated spec is the validated one"
    assert len(spec["vconcat"]) == 1, "one view in a vconcat: st.vega_lite_chart keeps its height"
    assert {p["name"]: p["value"] for p in spec["params"]} == {"frame": board.frame}
    legends = colour_legends(spec)
    assert legends and all(legend["labelFontSize"] == charts.BOARD_LEGEND_FONT for legend in legends)
    text = json.dumps(spec, ensure_ascii=False)
    assert "the arrays" in text and all(f"<{row}>" in text for row in GRID_ROWS), "only the words given"


def test_narrowing_the_legend_leaves_its_input_alone():
    spec = {"vconcat": [{"layer": [{"encoding": {"color": {"legend": {"labelFontSize": 14}}}}, {"mark": "text"}]}]}
    before = json.dumps(spec)
    out = charts.narrow_legend(spec, 11)
    assert json.dumps(spec) == before
    assert out["vconcat"][0]["layer"][0]["encoding"]["color"]["legend"]["labelFontSize"] == 11
    assert out["vconcat"][0]["layer"][1] == {"mark": "text"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_memo_chart_names_both_lines_and_writes_their_last_counts(lang):
    table = deck.memo_table()
    words = charts.MemoWords.of(lang)
    assert words == charts.MemoWords(
        t("deck_memo_n", lang), t("deck_memo_calls", lang), t("deck_memo_bug", lang), t("deck_memo_good", lang)
    )
    spec = charts.memo_chart(table, words).to_dict()  # validated against the Vega-Lite schema
    assert spec["height"] == charts.MEMO_HEIGHT and spec["width"] == "container"
    (data,) = spec["datasets"].values()
    assert {row["label"] for row in data} == {words.bug, words.good}
    assert len(data) == 2 * len(table), "one row per n and line"
    filters = [layer["transform"][0]["filter"] for layer in spec["layer"] if "transform" in layer]
    assert filters == [
        "datum.n == 25",  # the last counts, at each line's end
        "datum.n == 15 && datum.kind == 'zero_marker'",  # the bug's name, mid-way up its line
        "datum.n == 22 && datum.kind == 'sentinel'",  # the good marker's name, late, above its flat line
    ]
    colour = spec["layer"][0]["encoding"]["color"]["scale"]
    assert colour["domain"] == [words.bug, words.good], "the bug is vermillion, the good marker blue"


def test_a_board_fill_equals_a_full_build_at_every_question():
    """The quiz board comes from one template per set of words (stonegame.draw.template): filled with
    another question's board (another row, another frame, revealed or not), it is that board's own build."""
    made = None
    for values, q, revealed in (
        ([1, 2, 3, 7], 2, False),
        ([5], 0, True),
        ([-3, 40, -1000, 7, 2, 2], 5, False),
        ([9] * 30, 20, True),
    ):
        board = qz.board(solve(values), q, revealed)
        data = grid_data(board.cells, board.marks, GRID_ROWS, WORDS.names)
        tables, layout = (
            {"grid": data.boxes, "marks": data.marked},
            charts.BoardLayout(grid_fit(board.cells), board.frame),
        )
        build = partial(charts.board_chart, words=WORDS)
        if made is None:
            made = template_of(build(tables, probe(layout)).to_dict(validate=False), probe(layout), tables)
        assert canonical(fill(made, layout, tables)) == canonical(build(tables, layout).to_dict(validate=False))
