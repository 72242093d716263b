"""The game core: the optimal replay, the game against the computer, the game tree and its counts,
and the replay's tables and charts. Claims are checked against solve() and against a brute-force
minimax written here from the rules alone."""

import json
import random
from functools import cache
from pathlib import Path

import pytest

from stonegame import GameTree, game_tree, optimal_play, solve
from stonegame.draw.player import NAV_MARKS, played
from stonegame.game import rules as g
from stonegame.game.charts import board_chart, growth_chart, replay_chart, strip_chart, tree_chart
from stonegame.i18n import CATALOGUE, t
from stonegame.link import random_row

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = ["turn", "player", "start", "take", "gained", "alice_total", "bob_total"]


def rows(count, seed, longest=10, spread=6):
    """`count` random rows of 1..longest piles from -spread..spread (small numbers make many ties)."""
    rng = random.Random(seed)
    return [[rng.randint(-spread, spread) for _ in range(rng.randint(1, longest))] for _ in range(count)]


def minimax(values, max_take=3):
    """(Alice's, Bob's) final scores when both play to maximise their own total, from the rules alone."""

    @cache
    def best(i):  # what the mover collects from values[i:]
        if i == len(values):
            return 0
        rest = sum(values[i:])
        return max(rest - best(i + k) for k in range(1, min(max_take, len(values) - i) + 1))

    return best(0), sum(values) - best(0)


# --- the optimal replay ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "takes", "alice", "bob", "winner"),
    [  # LeetCode 1406's three examples, worked by hand
        ([1, 2, 3, 7], [3, 1], 6, 7, "Bob"),
        ([1, 2, 3, -9], [3, 1], 6, -9, "Alice"),
        ([1, 2, 3, 6], [3, 1], 6, 6, "Tie"),
    ],
)
def test_the_leetcode_examples_replayed(values, takes, alice, bob, winner):
    turns = optimal_play(values)
    assert turns["take"].tolist() == takes
    assert turns["player"].tolist() == ["Alice", "Bob"]
    assert turns["start"].tolist() == [0, 3]
    assert (turns["alice_total"].iloc[-1], turns["bob_total"].iloc[-1]) == (alice, bob)
    assert g.verdict(alice, alice + bob) == winner == solve(values).winner


def test_the_turns_table_has_its_schema_and_the_contract_columns():
    turns = optimal_play([1, 2, 3, 7])
    assert {c: str(d) for c, d in turns.dtypes.items()} == g.TURNS_SCHEMA
    assert set(CONTRACT) <= set(turns.columns)
    assert turns.loc[0, "dp"] == 6 and turns.loc[0, "step"] == 8  # dp[0], written at the explainer's step 2n - 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_optimal_play_matches_solve_and_brute_force_minimax(seed):
    """200 random rows per seed (600 in all): the replay's totals are solve()'s and the brute force's,
    every turn takes the solver's take, and that take is the fewest piles among the best."""
    for values in rows(200, seed):
        sol = solve(values)
        turns = optimal_play(values)
        final = (int(turns["alice_total"].iloc[-1]), int(turns["bob_total"].iloc[-1]))
        assert final == (sol.alice, sol.bob) == minimax(values), values
        assert turns["end"].iloc[-1] == len(values) and (turns["start"].iloc[1:] == turns["end"].iloc[:-1].values).all()
        assert turns["player"].tolist() == [("Alice", "Bob")[n % 2] for n in range(len(turns))]
        assert (turns["regret"] == 0).all() and (turns["take"] == turns["best_take"]).all()
        for row in turns.itertuples():
            assert row.gained == sum(values[row.start : row.end])
            worth = [sum(values[row.start :]) - minimax(values[row.start + k :])[0] for k in range(1, row.take + 1)]
            assert worth[-1] == row.dp == max(worth) and all(w < row.dp for w in worth[:-1]), (values, row)


def test_any_game_costs_what_the_candidates_say():
    """For random (often bad) games, a move's regret is the best candidate's gain minus the chosen one's."""
    rng = random.Random(5)
    for values in rows(100, 6):
        sol = solve(values)
        takes, i = [], 0
        while i < len(values):
            takes.append(rng.randint(1, min(3, len(values) - i)))
            i += takes[-1]
        cands = sol.candidates.set_index(["i", "k"])["gain"]
        for row in g.turns(sol, takes).itertuples():
            best = max(cands[(row.start, k)] for k in range(1, min(3, len(values) - row.start) + 1))
            assert row.regret == best - cands[(row.start, row.take)] >= 0


def test_bad_takes_are_refused_with_a_reason():
    sol = solve([1, 2, 3])
    with pytest.raises(ValueError, match="1 to 3 piles, not 4"):
        g.turns(sol, [4])
    with pytest.raises(ValueError, match="only 3"):
        g.turns(sol, [2, 2])


# --- playing against the computer --------------------------------------------------------------------


def test_a_game_as_alice_where_the_learner_errs():
    sol = solve([1, 2, 3, 7])
    game = g.new_game(sol, "Alice")
    assert game.takes == () and game.mover == "Alice" and g.legal_takes(game) == [1, 2, 3]
    game = g.move(sol, game, 1)  # Alice takes 1 (worth 1 from here; 3 was worth 6); Bob takes the rest
    assert game.takes == (1, 3) and game.over
    score = g.score(sol, game)
    assert (score.alice, score.bob, score.winner, score.regret) == (1, 12, "Bob", 5)
    assert (score.best_alice, score.best_bob, score.best_winner) == (6, 7, "Bob")


def test_as_bob_the_computer_opens_and_undo_and_switching_sides_work():
    sol = solve([1, 2, 3, -9])
    game = g.new_game(sol, "Bob")
    assert game.takes == (3,) and game.mover == "Bob"  # Alice, the computer, took 1 + 2 + 3
    assert g.undo(game) == game  # nothing of the learner's to undo
    after = g.move(sol, game, 1)
    assert after.over and g.score(sol, after).winner == "Alice"
    assert g.undo(after) == game
    assert g.switch_side(sol, after) == g.new_game(sol, "Alice")
    with pytest.raises(ValueError, match="over"):
        g.move(sol, after, 1)


def test_undo_takes_back_the_learners_move_and_the_reply():
    sol = solve([3, -1, 4, -1, 5, -9, 2, 6])
    game = g.new_game(sol, "Alice")
    one = g.move(sol, game, 1)
    two = g.move(sol, one, 1)
    assert g.undo(two) == one and g.undo(one) == game


def test_illegal_moves_are_refused():
    sol = solve([4, 5])
    game = g.new_game(sol, "Alice")
    with pytest.raises(ValueError, match="1 to 2, not 3"):
        g.move(sol, game, 3)


@pytest.mark.parametrize("learner", ["Alice", "Bob"])
def test_every_point_lost_is_a_point_of_regret(learner):
    """Against the perfect computer, the learner ends with their best-play score minus their regret."""
    rng = random.Random(11)
    for values in rows(80, 12, longest=12):
        sol = solve(values)
        game = g.new_game(sol, learner)
        while not game.over:
            game = g.move(sol, game, rng.choice(g.legal_takes(game)))
        score = g.score(sol, game)
        table = g.turns(sol, game.takes)
        assert score.learner_score == score.learner_best - score.regret, values
        assert (table.loc[table["player"] != learner, "regret"] == 0).all()  # the computer never errs
        assert score.winner == g.verdict(score.alice, sum(values))


# --- the game tree -----------------------------------------------------------------------------------


def test_the_tree_of_the_first_example():
    tree = game_tree([1, 2, 3, 7])
    assert isinstance(tree, GameTree)
    assert {c: str(d) for c, d in tree.nodes.dtypes.items()} == g.NODES_SCHEMA
    assert {c: str(d) for c, d in tree.edges.dtypes.items()} == g.EDGES_SCHEMA
    assert (len(tree.nodes), int(tree.nodes["leaf"].sum()), len(tree.edges)) == (15, 7, 14)
    leaves = tree.nodes[tree.nodes["leaf"]]
    assert sorted(zip(leaves["alice"], leaves["bob"], strict=True)) == sorted(
        [(4, 9), (11, 2), (8, 5), (1, 12), (10, 3), (3, 10), (6, 7)]
    )
    optimal = tree.nodes[tree.nodes["optimal"]]
    assert optimal["path"].tolist() == ["", "3", "3,1"]
    assert tree.states["tree_nodes"].tolist() == [1, 1, 2, 4, 7]


@pytest.mark.parametrize("max_take", [1, 2, 3, 4, 5])
def test_tree_sizes_match_the_counting_recurrences(max_take):
    for n in range(1, g.TREE_LIMIT + 1):
        tree = game_tree(list(range(n)), max_take)
        assert len(tree.nodes) == g.tree_size(n, max_take), (n, max_take)
        assert int(tree.nodes["leaf"].sum()) == g.tree_leaves(n, max_take), (n, max_take)
        assert len(tree.states) == n + 1 and len(tree.edges) == len(tree.nodes) - 1


def test_the_tree_merges_into_the_table():
    """Every node at position i carries dp[i], backing the leaf scores up the tree (each mover keeps the
    child best for them) gives every node's alice_final/bob_final, and the merged links are the candidates."""
    for values in rows(60, 21, longest=g.TREE_LIMIT):
        sol = solve(values)
        tree = game_tree(values)
        nodes = tree.nodes.set_index("node")
        assert nodes["dp"].tolist() == [sol.dp[i] for i in nodes["i"]]
        assert tree.states["dp"].tolist() == sol.dp and tree.states["tree_nodes"].sum() == len(nodes)
        kids = tree.edges.groupby("parent")["child"].apply(list).to_dict()
        backed = {}
        for row in reversed(list(tree.nodes.itertuples())):  # depth-first numbering: children after parents
            if row.node not in kids:
                backed[row.node] = (row.alice, row.bob)
            else:
                mine = 0 if row.player == "Alice" else 1
                backed[row.node] = max((backed[c] for c in kids[row.node]), key=lambda s, m=mine: s[m])
            assert backed[row.node] == (row.alice_final, row.bob_final), (values, row.node)
        links = tree.links.set_index(["i", "k"])["gain"].sort_index()
        cands = sol.candidates.set_index(["i", "k"])["gain"].sort_index()
        assert links.equals(cands)
        leaf = nodes[nodes["optimal"] & nodes["leaf"]].iloc[0]
        turns = optimal_play(values)
        assert (leaf["alice"], leaf["bob"]) == (turns["alice_total"].iloc[-1], turns["bob_total"].iloc[-1])


def test_rows_longer_than_the_limit_are_refused_for_a_person():
    with pytest.raises(ValueError, match=r"up to 8 piles; this row has 9, and its tree would have 326 nodes"):
        game_tree([1] * 9)
    with pytest.raises(ValueError, match="at least one pile"):
        game_tree([])


def test_counts_grow_as_the_recurrence_says():
    counts = g.growth(20)
    assert counts["tree_nodes"].tolist()[:8] == [2, 4, 8, 15, 28, 52, 96, 177]
    assert counts["leaves"].tolist()[:8] == [1, 2, 4, 7, 13, 24, 44, 81]
    assert counts["tree_nodes"].iloc[-1] == 266079
    assert (counts["states"] == counts["n"] + 1).all() and (counts["cells"] == counts["n"] + 1).all()
    assert g.tree_size(1, 1) == 2 and g.tree_size(4, 2) == 12


def test_huge_counts_are_described_not_printed():
    assert g.describe_count(177) == "177"
    assert g.describe_count(10**14) == "100,000,000,000,000"
    assert g.describe_count(10**15) == "≈ 1.00 × 10¹⁵"
    huge = g.describe_count(g.tree_size(50_000))
    assert huge == "≈ 4.02 × 10¹³²³²", huge
    mantissa, exponent = g.magnitude(g.tree_size(100))
    assert 1 <= mantissa < 10 and exponent == len(str(g.tree_size(100))) - 1


# --- what the replay draws ----------------------------------------------------------------------------


def replay_of(values, lang="en", takes=None, centre=1, max_take=3):
    sol = solve(values, max_take)
    turns = g.replay(sol) if takes is None else g.turns(sol, takes)
    win = g.turn_window(len(turns), centre)
    return sol, turns, g.replay_tables(sol, turns, win, lang)


def test_the_replay_frames_of_the_first_example():
    _, _, rep = replay_of([1, 2, 3, 7])
    assert rep.frames["turn"].tolist() == [1, 2, 3] and rep.frames["phase"].tolist() == ["turn", "turn", "end"]
    assert rep.frames["formula"].iloc[0].startswith("dp[0] = suffix[0] − min(dp[1], dp[2], dp[3])")
    assert rep.frames["formula"].iloc[-1] == "2·dp[0] = 12 < total = 13  →  Bob"
    assert "can still guarantee dp[0] = 6 more" in rep.frames["sentence"].iloc[0].replace("\n", " ")
    assert rep.piles["player"].tolist() == ["Alice"] * 3 + ["Bob"] and rep.piles["moving"].tolist() == [0, 0, 0, 1]
    assert rep.choices.groupby("frame")["mark"].apply(list).tolist() == [["", "", "★"], ["★"]]
    assert rep.positions["here"].tolist() == [0, -1, -1, 1, 2]


def test_ties_are_resolved_by_the_fewest_piles_and_named():
    _, turns, rep = replay_of([5, 0])  # taking 1 or 2 piles both leave Alice 5: the replay takes 1
    assert turns["take"].tolist() == [1, 1]
    assert "Taking 2 is just as good; the rule is to take the fewest piles." in rep.frames["sentence"].iloc[0].replace(
        "\n", " "
    )
    assert rep.choices.loc[rep.choices["frame"] == 0, "mark"].tolist() == ["★", "="]


def test_under_optimal_play_everyones_final_score_is_known_from_the_first_turn():
    """The replay's ◆ (collected + what the table promises) never moves when both play well."""
    for values in rows(40, 31, longest=14):
        sol, _, rep = replay_of(values)
        finals = rep.totals.groupby("player")["final"].unique()
        assert finals["Alice"].tolist() == [sol.alice] and finals["Bob"].tolist() == [sol.bob]


def test_a_learners_game_replays_with_its_mistakes():
    _, _, rep = replay_of([1, 2, 3, 7], takes=[1, 3])
    assert rep.choices.loc[rep.choices["frame"] == 0, "mark"].tolist() == ["✗", "", "="]
    assert "5 points given away" in rep.frames["sentence"].iloc[0].replace("\n", " ")
    assert rep.frames["formula"].iloc[-1] == "Alice 1 · Bob 12  →  Bob"


def test_a_long_game_is_replayed_through_a_small_window():
    values = random_row(50_000, 1)
    _, turns, rep = replay_of(values, centre=20_000)
    assert len(turns) > 10_000 and rep.window.last - rep.window.first + 1 == g.WINDOW_TURNS
    assert rep.window.first <= 20_000 <= rep.window.last
    assert all(len(table) <= 3 * g.WINDOW_TURNS + 2 for table in (rep.frames, rep.piles, rep.positions))
    assert len(rep.choices) <= 3 * g.WINDOW_TURNS and len(rep.totals) == 2 * g.WINDOW_TURNS
    end = g.turn_window(len(turns), len(turns))
    assert end.frames[-1] == len(turns) + 1 and len(end.frames) == g.WINDOW_TURNS + 1


def test_the_board_and_the_comparison():
    sol = solve([1, 2, 3, 7, 4, -2])
    board = g.board(sol, g.turns(sol, [1, 2]), 0, 6)
    assert board["player"].tolist() == ["Alice", "Bob", "Bob", "", "", ""]
    assert board["reach"].tolist() == [0, 0, 0, 1, 2, 3]
    assert g.board_window(50_000, 30_000) == (30_000 - g.BOARD_BEHIND, 30_000 - g.BOARD_BEHIND + g.BOARD_WINDOW)
    both = g.compare(g.turns(sol, [1] * 6), g.replay(sol), limit=4)
    assert set(both["game"]) == {"yours", "optimal"} and both["end"].max() == 4


# --- charts: every spec validates against the Vega-Lite schema ----------------------------------------


def labels(lang):
    return {key: t(key, lang) for key in CATALOGUE}


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
    sol, turns, rep = replay_of(values, lang, max_take=max_take)
    spec = played(
        replay_chart(rep.frames, rep.piles, rep.positions, rep.choices, rep.totals, labels(lang), 0, max_take)
    )
    params = {p["name"]: p for p in spec["params"]}
    assert params["frame"]["bind"]["max"] == max(len(turns), 1) and params["last"]["value"] == len(turns)
    assert "on" in params["frame"] and "on" in params["playing"]  # the Vega handlers are patched in
    assert len(spec["vconcat"]) == 5
    for name in NAV_MARKS:  # the nav bar is view 0, so the player's click handlers find its marks
        assert f'"name": "{name.removesuffix("_marks")}"' in json.dumps(spec["vconcat"][0])
    tree = g.tree_of(sol)
    board = g.board(sol, g.turns(sol, []), 0, sol.n)
    for chart in (
        board_chart(board, labels(lang), max_take),
        strip_chart(g.compare(turns, turns), sol.n, labels(lang)),
        tree_chart(tree.nodes, tree.edges, tree.states, tree.links, labels(lang)),
        growth_chart(g.growth(20, max_take), sol.n, labels(lang)),
    ):
        json.dumps(chart.to_dict())  # validates, and serialises as sent


def test_game_words_carry_their_page_prefix():
    from stonegame.words.game import WORDS

    assert all(key.split("_")[0] in {"game", "replay", "play", "tree"} for key in WORDS)
