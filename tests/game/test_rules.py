"""The game itself: a game turn by turn, the optimal game and a game against the computer. Claims are
checked against solve() and against a brute-force minimax written from the rules alone."""

import random

import pytest

from stonegame import optimal_play, solve
from stonegame.game.rules import TURNS_SCHEMA, legal_takes, move, new_game, score, turns, undo
from stonegame.solver import verdict

from .helpers import minimax, rows

CONTRACT = ["turn", "player", "start", "take", "gained", "alice_total", "bob_total"]


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
    assert verdict(alice, alice + bob) == winner == solve(values).winner


def test_the_turns_table_has_its_schema_and_the_contract_columns():
    turns = optimal_play([1, 2, 3, 7])
    assert {c: str(d) for c, d in turns.dtypes.items()} == TURNS_SCHEMA
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
        for row in turns(sol, takes).itertuples():
            best = max(cands[(row.start, k)] for k in range(1, min(3, len(values) - row.start) + 1))
            assert row.regret == best - cands[(row.start, row.take)] >= 0


def test_bad_takes_are_refused_with_a_reason():
    sol = solve([1, 2, 3])
    with pytest.raises(ValueError, match="1 to 3 piles, not 4"):
        turns(sol, [4])
    with pytest.raises(ValueError, match="only 3"):
        turns(sol, [2, 2])


# --- playing against the computer --------------------------------------------------------------------


def test_a_game_as_alice_where_the_learner_errs():
    sol = solve([1, 2, 3, 7])
    game = new_game(sol, "Alice")
    assert game.takes == () and game.mover == "Alice" and legal_takes(game) == [1, 2, 3]
    game = move(sol, game, 1)  # Alice takes 1 (worth 1 from here; 3 was worth 6); Bob takes the rest
    assert game.takes == (1, 3) and game.over
    final = score(sol, game)
    assert (final.alice, final.bob, final.winner, final.regret) == (1, 12, "Bob", 5)
    assert (final.best_alice, final.best_bob, final.best_winner) == (6, 7, "Bob")


def test_as_bob_the_computer_opens_and_undo_works():
    sol = solve([1, 2, 3, -9])
    game = new_game(sol, "Bob")
    assert game.takes == (3,) and game.mover == "Bob"  # Alice, the computer, took 1 + 2 + 3
    assert undo(game) == game  # nothing of the learner's to undo
    after = move(sol, game, 1)
    assert after.over and score(sol, after).winner == "Alice"
    assert undo(after) == game
    with pytest.raises(ValueError, match="over"):
        move(sol, after, 1)


def test_undo_takes_back_the_learners_move_and_the_reply():
    sol = solve([3, -1, 4, -1, 5, -9, 2, 6])
    game = new_game(sol, "Alice")
    one = move(sol, game, 1)
    two = move(sol, one, 1)
    assert undo(two) == one and undo(one) == game


def test_illegal_moves_are_refused():
    sol = solve([4, 5])
    game = new_game(sol, "Alice")
    with pytest.raises(ValueError, match="1 to 2, not 3"):
        move(sol, game, 3)


@pytest.mark.parametrize("learner", ["Alice", "Bob"])
def test_every_point_lost_is_a_point_of_regret(learner):
    """Against the perfect computer, the learner ends with their best-play score minus their regret."""
    rng = random.Random(11)
    for values in rows(80, 12, longest=12):
        sol = solve(values)
        game = new_game(sol, learner)
        while not game.over:
            game = move(sol, game, rng.choice(legal_takes(game)))
        final = score(sol, game)
        table = turns(sol, game.takes)
        assert final.learner_score == final.learner_best - final.regret, values
        assert (table.loc[table["player"] != learner, "regret"] == 0).all()  # the computer never errs
        assert final.winner == verdict(final.alice, sum(values))
