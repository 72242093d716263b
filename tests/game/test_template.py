"""The replay chart from templates (stonegame.draw.template): a fill equals a full build with the game's
own tables and layout, for games on rows of every size the replay draws (a window of a long game too),
both languages, k 1..5, totals that stay above zero or go below it, at any opening frame."""

import random
from functools import partial

import pytest

from stonegame import solve
from stonegame.draw.template import canonical, fill, probe, template_of
from stonegame.game.charts import ReplayWords, replay_below_zero, replay_chart, replay_data, replay_layout
from stonegame.game.replay import frame_of_turn, replay_tables, turn_window
from stonegame.game.rules import optimal_game, turns


def games(seed):
    """Games on rows of 1-60 piles: the optimal one, and one whose mover always takes one pile."""
    rng = random.Random(seed)
    for n in (4, 1, 2, 7, 12, 60):
        sol = solve([rng.randint(-30, 30) for _ in range(n)], seed)
        yield sol, optimal_game(sol)
        yield sol, turns(sol, [1] * n)


@pytest.mark.parametrize(("k", "lang"), [(3, "en"), (1, "zh"), (5, "en")])
def test_a_fill_equals_a_full_build_for_every_game(k, lang):
    made = {}
    for sol, game in games(k):
        for centre in (1, len(game)):
            win = turn_window(len(game), centre)
            replay = replay_tables(sol, game, win, lang)
            layout = replay_layout(replay, frame_of_turn(win, centre))
            below = replay_below_zero(layout)
            build = partial(replay_chart, words=ReplayWords.of(lang), max_take=k, below_zero=below)
            tables = replay_data(replay)
            if below not in made:
                probed = probe(layout)
                made[below] = template_of(build(tables, probed).to_dict(validate=False), probed, tables)
            built = build(tables, layout).to_dict(validate=False)
            assert canonical(fill(made[below], layout, tables)) == canonical(built), (sol.values, centre)
    assert set(made) == {True, False}, "games whose totals stay above zero and games that go below"
