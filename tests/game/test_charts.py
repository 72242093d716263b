"""The game's charts: every spec validates against the Vega-Lite schema, and the replay plays."""

import json

import pytest

from stonegame.draw.player import NAV_MARKS
from stonegame.game.board import board, compare
from stonegame.game.charts import (
    BoardWords,
    GrowthWords,
    StripWords,
    TreeWords,
    board_chart,
    growth_chart,
    replay_spec,
    strip_chart,
    tree_chart,
)
from stonegame.game.replay import replay_tables, turn_window
from stonegame.game.rules import optimal_game, turns
from stonegame.game.tree import growth, tree_of
from stonegame.solver import solve


@pytest.mark.parametrize(
    ("values", "max_take", "lang"),
    [
        ([1, 2, 3, 7], 3, "en"),
        ([1, 2, 3, -9], 3, "zh"),
        ([5], 3, "en"),
        ([3, -1, 4, -1, 5, -9, 2, 6], 5, "zh"),
        ([2, 2], 1, "en"),
    ],
)
def test_every_chart_validates(values, max_take, lang):
    sol = solve(values, max_take)
    game = optimal_game(sol)
    rep = replay_tables(sol, game, turn_window(len(game), 1), lang)
    spec = replay_spec(rep, 0, lang, max_take, validate=True)
    params = {p["name"]: p for p in spec["params"]}
    assert "bind" not in params["frame"] and params["last"]["value"] == len(game)
    assert "on" in params["frame"] and "on" in params["playing"]  # the Vega handlers are patched in
    assert len(spec["vconcat"]) == 5
    for name in NAV_MARKS:  # the nav bar is view 0, so the player's click handlers find its marks
        assert f'"name": "{name.removesuffix("_marks")}"' in json.dumps(spec["vconcat"][0])
    for chart in (
        board_chart(board(sol, turns(sol, []), range(sol.n)), BoardWords.of(lang), max_take),
        strip_chart(compare(game, game), sol.n, StripWords.of(lang)),
        tree_chart(tree_of(sol), TreeWords.of(lang)),
        growth_chart(growth(20, max_take), sol.n, GrowthWords.of(lang)),
    ):
        json.dumps(chart.to_dict())  # validates, and serialises as sent


def test_game_words_carry_their_page_prefix():
    from stonegame.words.game import WORDS

    assert all(key.split("_")[0] in {"game", "replay", "play", "tree"} for key in WORDS)


def test_top_params_writes_the_spec_add_params_writes_and_refuses_selections():
    import altair as alt
    import pandas as pd

    from stonegame.draw.params import top_params

    def views():
        data = pd.DataFrame({"x": [1, 2], "y": [3, 4]})
        bars = alt.Chart(data).mark_bar().encode(x="x:O", y="y:Q").properties(name="bars")
        return alt.vconcat(alt.layer(bars, bars.mark_text()), alt.Chart(data).mark_point()).configure_view(stroke=None)

    params = [alt.param(name="frame", value=1), alt.param(name="last", expr="2")]
    assert json.dumps(top_params(views(), params).to_dict()) == json.dumps(views().add_params(*params).to_dict())
    with pytest.raises(ValueError, match="variable parameters only"):
        top_params(views(), [alt.selection_point(name="pick")])
