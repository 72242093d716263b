"""The three starting modes fill the true tables (stonegame/solver.py) with the reference fills and with other
correct styles, on many random rows and k = 1..5; positions and sentences of errors; the budgets."""

import random

import pytest

from stonegame import solve
from stonegame.write.budget import Limits, limits_for
from stonegame.write.message import describe
from stonegame.write.modes import MODES, REFERENCES, STARTERS, fill


def random_row(seed: int) -> tuple[list[int], int]:
    """A row of 1..30 piles in -30..30 and k = 1..5, drawn from `seed`."""
    rng = random.Random(seed)
    return [rng.randint(-30, 30) for _ in range(rng.randint(1, 30))], 1 + seed % 5


ROWS = [random_row(seed) for seed in range(120)]
EDGES = [([7], 1), ([7], 5), ([-1, -2, -3], 3), ([0, 0, 0, 0], 2), ([1, 2, 3, 6], 3), ([-5, 10], 4)]

OTHER_STYLES = {
    "body": [
        # the -inf max over the gains, with an inner loop
        "best = float('-inf')\nfor j in range(i + 1, min(i + k, n) + 1):\n    best = max(best, suffix[i] - dp[j])\n"
        "dp[i] = best\n",
        # a while loop and a sentinel
        "least = 10 ** 18\nj = i + 1\nwhile j <= n and j <= i + k:\n    if dp[j] < least:\n        least = dp[j]\n"
        "    j += 1\ndp[i] = suffix[i] - least\n",
        # taking the piles one by one: sum of values + what is left after the opponent
        "best = None\ntaken = 0\nfor j in range(i, min(i + k, n)):\n    taken += values[j]\n"
        "    gain = taken + suffix[j + 1] - dp[j + 1]\n    if best is None or gain > best:\n        best = gain\n"
        "dp[i] = best\n",
    ],
    "loop": [
        "i = n - 1\nwhile i >= 0:\n    suffix[i] = suffix[i + 1] + values[i]\n"
        "    dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])\n    i -= 1\n",
        # the O(1) window of the solver: three names, shifted by a tuple assignment (k = 3 only, so its own test)
    ],
    "function": [
        # LeetCode's style: a fresh suffix and dp, the answer by a conditional expression
        "def stone_game_iii(values, k):\n    n = len(values)\n    suffix, dp = [0] * (n + 1), [0] * (n + 1)\n"
        "    for i in range(n - 1, -1, -1):\n        suffix[i] = suffix[i + 1] + values[i]\n"
        "        dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])\n"
        "    return 'Alice' if 2 * dp[0] > suffix[0] else 'Bob' if 2 * dp[0] < suffix[0] else 'Tie'\n",
        # type hints, a docstring, a counting-down while
        'def stone_game_iii(values: list[int], k: int) -> str:\n    """Fill backwards."""\n'
        "    n = len(values)\n    suffix = [0] * (n + 1)\n    dp = [0] * (n + 1)\n    i = n - 1\n"
        "    while i >= 0:\n        suffix[i] = values[i] + suffix[i + 1]\n        least = dp[i + 1]\n"
        "        for j in range(i + 2, min(i + k, n) + 1):\n            least = min(least, dp[j])\n"
        "        dp[i] = suffix[i] - least\n        i = i - 1\n    return dp[0]\n",
    ],
}


@pytest.mark.parametrize("mode", MODES)
def test_the_reference_fill_gives_the_true_tables(mode):
    for values, k in ROWS + EDGES:
        outcome = fill(REFERENCES[mode], mode, values, k)
        truth = solve(values, k)
        assert outcome.kind == "done", (values, k, outcome)
        assert (outcome.suffix, outcome.dp) == (truth.suffix, truth.dp), (values, k)
        if mode == "function":
            assert outcome.returned == truth.winner


@pytest.mark.parametrize(("mode", "code"), [(m, c) for m in MODES for c in OTHER_STYLES[m]])
def test_other_correct_styles_give_the_true_tables(mode, code):
    for values, k in ROWS[:40] + EDGES:
        outcome = fill(code, mode, values, k)
        truth = solve(values, k)
        assert outcome.kind == "done", (values, k, outcome)
        assert outcome.dp == truth.dp, (values, k)


def test_the_starters_are_not_yet_a_fill():
    for mode in MODES:
        outcome = fill(STARTERS[mode], mode, [1, 2, 3, 7], 3)
        assert outcome.kind in ("error", "refused") or outcome.dp != solve([1, 2, 3, 7]).dp


def test_a_run_error_names_its_line_column_and_numbers():
    code = "best = 0\n# 注释 a comment\nbest = dp[i + 3]\ndp[i] = best\n"
    outcome = fill(code, "body", [1, 2, 3, 7], 3)
    assert (outcome.kind, outcome.key, outcome.line, outcome.col) == ("error", "write_index", 3, 8)
    assert describe(outcome) == "Line 3, column 8: `dp[6]` is outside the list: `dp` has 5 cells, 0 to 4."
    assert describe(outcome, "zh") == "第 3 行第 8 列：`dp[6]` 超出了列表范围：`dp` 有 5 个格子，从 0 到 4。"


def test_columns_count_characters_not_bytes():
    outcome = fill("x = '石子'; y = 石", "body", [1], 3)
    assert (outcome.key, outcome.line, outcome.col) == ("write_name_letters", 1, 15)


def test_a_syntax_error_is_placed():
    outcome = fill("dp[i] = suffix[i] -\n", "body", [1], 3)
    assert outcome.kind == "refused" and outcome.key == "write_syntax" and outcome.line == 1


def test_the_empty_slice_says_so():
    outcome = fill("dp[i] = suffix[i] - min(dp[i + k + 1:])", "body", [1, 2], 3)
    assert outcome.key == "write_empty" and "empty" in describe(outcome)


def test_a_min_over_an_empty_slice_may_have_a_default():
    outcome = fill("dp[i] = suffix[i] - min(dp[i + k + 1:], default=0)", "body", [1, 2], 3)
    assert outcome.kind == "done" and outcome.dp == [3, 2, 0]


def test_budgets_scale_with_the_row():
    assert limits_for(8).steps == 2_001_600
    assert limits_for(50_000).steps == 12_000_000
    assert limits_for(8).cpu == pytest.approx(0.2, abs=0.001)
    assert limits_for(50_000).cpu == pytest.approx(2.0)


def test_a_step_budget_stops_a_quadratic_fill_on_a_long_row():
    quadratic = "for a in range(n):\n    for b in range(n):\n        pass\n"
    outcome = fill(quadratic, "loop", list(range(5_000)), 3)
    assert outcome.kind == "stopped" and outcome.key in ("write_steps", "write_cpu")


def test_the_cpu_clock_stops_a_run_within_its_limit():
    outcome = fill("while True:\n    pass", "body", [1], 3, Limits(steps=10**12, cpu=0.05))
    assert outcome.kind == "stopped" and outcome.key == "write_cpu" and outcome.cpu < 0.2


def test_the_correct_fill_passes_on_50000_piles():
    values = [random.Random(1).randint(-1000, 1000) for _ in range(50_000)]
    outcome = fill(REFERENCES["function"], "function", values, 3)
    assert outcome.kind == "done" and outcome.dp == solve(values).dp


def test_the_window_of_three_names_with_tuple_assignment():
    code = (
        "inf = float('inf')\n"
        "for i in range(n - 1, -1, -1):\n    suffix[i] = values[i] + suffix[i + 1]\n"
        "    a, b, c = dp[i + 1], (dp[i + 2] if i + 2 <= n else inf), (dp[i + 3] if i + 3 <= n else inf)\n"
        "    dp[i] = suffix[i] - min(a, b, c)\n"
    )
    for values, _ in ROWS[:40]:
        assert fill(code, "loop", values, 3).dp == solve(values, 3).dp


def test_the_readme_and_docs_state_the_interpreters_budgets():
    """The limits the README and docs/write.md promise are budget.py's own (a changed budget fails here until
    the docs follow)."""
    from pathlib import Path

    from stonegame.write import budget as b

    root = Path(__file__).resolve().parents[2]
    per_pile_us = round(b.CPU_PER_PILE * 1e6)
    said = [
        f"{b.MAX_CODE:,} characters",
        f"{b.BASE_STEPS:,}",
        f"{round(b.BASE_CPU * 1000)} ms",
        f"{per_pile_us} µs",
        f"{b.MAX_ITEMS:,} items",
        f"±10^{len(str(b.MAX_INT)) - 1}",
    ]
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    assert [s for s in said if s not in readme] == []
    assert f"{b.STEPS_PER_PILE} a pile" in readme and f"{per_pile_us} µs a pile" in readme
    docs = (root / "docs" / "write.md").read_text(encoding="utf-8")
    assert f"{b.BASE_STEPS:,} + {b.STEPS_PER_PILE} per pile" in docs and f"{per_pile_us} µs per pile" in docs
