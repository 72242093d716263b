"""The replay chart from templates (stonegame.draw.template): a fill equals a full build with the game's
own tables and layout, for games on rows of every size the replay draws (a window of a long game too),
both languages, k 1..5, totals that stay above zero or go below it, at any opening frame; and the tree
page's tree chart and its stepped charts the same way, for every short row."""

import random
from functools import partial

import pytest

from stonegame import solve
from stonegame.draw.kit import described_chart
from stonegame.draw.template import canonical, fill, probe, template_of, validated
from stonegame.game.charts import (
    ReplayWords,
    StageWords,
    TreeWords,
    replay_below_zero,
    replay_chart,
    replay_data,
    replay_layout,
    stage_chart,
    stage_data,
    stage_layout,
    stage_spec,
    tree_build,
    tree_chart,
    tree_data,
    tree_layout,
    tree_small,
    tree_spec,
)
from stonegame.game.replay import frame_of_turn, replay_tables, turn_window
from stonegame.game.rules import optimal_game, turns
from stonegame.game.tree import TREE_LIMIT, last_stage, stage_kind, tree_of
from stonegame.i18n import t


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


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_tree_charts_fill_equals_a_full_build_for_every_short_row(lang):
    """Every row of 1..TREE_LIMIT piles at k 1..5, the three panels and the tree alone: a fill of the
    shape's template (made from another row) equals that row's own full build, datasets aside from their names."""
    rng = random.Random(23)
    words, made = TreeWords.of(lang), {}
    for merged in (True, False):
        for n in (*range(1, TREE_LIMIT + 1), 3, TREE_LIMIT):
            for k in (1, 3, 5):
                tree = tree_of(solve([rng.randint(-40, 40) for _ in range(n)], k))
                tables, layout, small = tree_data(tree, merged), tree_layout(tree, words, merged), tree_small(tree)
                build = partial(tree_build, words=words, merged=merged, small=small)
                if (merged, small) not in made:
                    probed = probe(layout)
                    made[merged, small] = template_of(build(tables, probed).to_dict(validate=False), probed, tables)
                built = build(tables, layout).to_dict(validate=False)
                assert canonical(fill(made[merged, small], layout, tables)) == canonical(built), (n, k, merged)
    assert set(made) == {(m, s) for m in (True, False) for s in (True, False)}, "trees with and without numbers"


def test_the_tree_spec_is_its_full_build_named_for_screen_readers():
    """tree_spec (the page's, from the template store) is the described full build of the same tree."""
    tree = tree_of(solve([5, -3, 8, 2, -1, 7], 3))
    for lang in ("en", "zh"):
        full = described_chart(tree_chart(tree, TreeWords.of(lang)), t("tree_desc", lang)).to_dict(validate=False)
        assert canonical(tree_spec(tree, lang)) == canonical(full)
        assert canonical(validated(tree_spec(tree, lang))) == canonical(full), "a second fill, schema-valid"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_stage_chart_is_its_full_build_filled_from_its_kinds_template(lang):
    """Every stage of rows of 1..TREE_LIMIT piles at k 1, 3, 5: stage_spec (its kind's template, made from
    another row or stage) equals the stage's own full build named for screen readers, and is schema-valid."""
    rng = random.Random(41)
    words = StageWords.of(lang)
    for n in (*range(1, TREE_LIMIT + 1), 3):
        for k in (1, 3, 5):
            tree = tree_of(solve([rng.randint(-40, 40) for _ in range(n)], k))
            for stage in range(last_stage(tree) + 1):
                chart = stage_chart(
                    stage_data(tree, stage), stage_layout(tree, stage, words), stage_kind(tree, stage), words
                )
                full = described_chart(chart, t("tree_desc", lang)).to_dict(validate=False)
                assert canonical(stage_spec(tree, stage, lang)) == canonical(full), (n, k, stage)
    tree = tree_of(solve([5, -3, 8, 2, -1, 7, 4, -6]))
    for stage in range(last_stage(tree) + 1):
        validated(stage_spec(tree, stage, lang))
