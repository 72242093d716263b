"""The solver: LeetCode's examples as named facts, and a cross-check against a brute-force minimax."""

import random

import pytest

from stonegame import score_difference, solve, stone_game_iii
from stonegame.solver import best_totals, suffix_sums, verdict


def minimax(values, i=0, alice_moves=True, alice=0, bob=0):
    """Play every game from pile i to the end; each mover maximises their own final total.
    Returns (alice_total, bob_total). No memo: the whole game tree is walked."""
    if i == len(values):
        return alice, bob
    outcomes = []
    for k in range(1, 4):
        if i + k > len(values):
            break
        taken = sum(values[i : i + k])
        if alice_moves:
            outcomes.append(minimax(values, i + k, False, alice + taken, bob))
        else:
            outcomes.append(minimax(values, i + k, True, alice, bob + taken))
    return max(outcomes, key=lambda ab: ab[0] if alice_moves else ab[1])


def brute_winner(values):
    alice, bob = minimax(values)
    return "Alice" if alice > bob else "Bob" if bob > alice else "Tie"


# LeetCode 1406's examples, and the write-up's explanation of the second
def test_example_1_bob_wins_even_taking_three():
    assert stone_game_iii([1, 2, 3, 7]) == "Bob"
    assert solve([1, 2, 3, 7]).alice == 6  # her best is the first three piles


def test_example_2_alice_must_take_three():
    sol = solve([1, 2, 3, -9])
    assert sol.winner == "Alice" and sol.take[0] == 3  # leaving Bob the -9


def test_example_3_tie():
    assert stone_game_iii([1, 2, 3, 6]) == "Tie"


@pytest.mark.parametrize(
    ("values", "winner"),
    [([-1, -2, -3], "Tie"), ([0], "Tie"), ([5], "Alice"), ([-5], "Bob"), ([1, -1], "Alice")],
)
def test_small_cases(values, winner):
    assert stone_game_iii(values) == winner


def test_arrays_of_the_recurrence_for_example_1():
    sol = solve([1, 2, 3, 7])
    assert sol.suffix == [13, 12, 10, 7, 0]
    assert sol.dp == [6, 12, 10, 7, 0]
    assert sol.take == [3, 3, 2, 1, 0]
    assert (sol.alice, sol.bob, sol.total) == (6, 7, 13)


def test_against_brute_force_minimax_on_random_rows():
    """1,200 random rows of 1..9 piles with negatives, zeros and many ties (small value range)."""
    rng = random.Random(1406)
    seen = {"Alice": 0, "Bob": 0, "Tie": 0}
    for _ in range(1200):
        values = [rng.randint(-4, 4) for _ in range(rng.randint(1, 9))]
        alice, bob = minimax(values)
        sol = solve(values)
        assert (sol.alice, sol.bob) == (alice, bob), values
        assert sol.winner == brute_winner(values), values
        seen[sol.winner] += 1
    assert min(seen.values()) > 50, seen  # every verdict was exercised


def test_score_difference_is_two_dp_minus_suffix():
    rng = random.Random(7)
    for _ in range(300):
        values = [rng.randint(-1000, 1000) for _ in range(rng.randint(1, 40))]
        sol, diff = solve(values), score_difference(values)
        assert diff[-1] == 0
        assert diff == [2 * d - s for d, s in zip(sol.dp, sol.suffix, strict=True)]


@pytest.mark.parametrize("max_take", [1, 2, 3, 4, 5])
def test_other_max_takes_agree_with_score_difference(max_take):
    rng = random.Random(max_take)
    for _ in range(200):
        values = [rng.randint(-9, 9) for _ in range(rng.randint(1, 12))]
        sol = solve(values, max_take=max_take)
        assert score_difference(values, max_take)[0] == 2 * sol.dp[0] - sol.total


def test_take_one_only_alternates_piles():
    sol = solve([5, 1, 5, 1], max_take=1)
    assert sol.alice == 10 and sol.bob == 2


def test_ties_between_takes_pick_the_fewest_piles():
    sol = solve([0, 0, 0])  # every take leaves the opponent 0
    assert sol.take[:3] == [1, 1, 1]


def test_refuses_an_empty_row_and_bad_max_take():
    with pytest.raises(ValueError):
        solve([])
    with pytest.raises(ValueError):
        solve([1], max_take=6)


def test_building_blocks():
    assert suffix_sums([1, 2, 3]) == [6, 5, 3, 0]
    assert best_totals([6, 5, 3, 0]) == ([6, 5, 3, 0], [3, 2, 1, 0])
    assert [verdict(7, 13), verdict(6, 13), verdict(3, 6)] == ["Alice", "Bob", "Tie"]


def test_full_size_row_is_exact():
    values = [1000, -1000] * 25_000
    sol = solve(values)
    assert len(sol.dp) == 50_001 and sol.total == 0
    assert sol.winner == brute_winner_by_difference(values)


def brute_winner_by_difference(values):
    """The score-difference recurrence, written out independently of the solver."""
    diff = [0] * (len(values) + 1)
    for i in range(len(values) - 1, -1, -1):
        diff[i] = max(sum(values[i : i + k]) - diff[i + k] for k in range(1, min(3, len(values) - i) + 1))
    return "Alice" if diff[0] > 0 else "Bob" if diff[0] < 0 else "Tie"
