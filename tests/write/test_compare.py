"""The student's tables against the truth, cell by cell: the steps are the explainer's (the solver's trace), the
first wrong cell is the first in the trace's fill order, and odd tables (missing, short, ∞, True) are handled."""

import math

import pytest

from stonegame import solve
from stonegame.write.compare import compare, fill_order, step_of, tables_right, truth


@pytest.mark.parametrize(("values", "k"), [([1, 2, 3, 7], 3), ([5], 1), ([3, -1, 4, 1, 5, 9, 2, 6], 2), ([0, 0], 5)])
def test_truth_and_steps_are_the_solvers_trace(values, k):
    sol = solve(values, k)
    suffix, dp = truth(values, k)
    assert suffix == sol.suffix and dp == sol.dp
    pos = sol.positions
    n = len(values)
    assert [step_of("suffix", i, n) for i in range(n + 1)] == pos["suffix_step"].tolist()
    assert [step_of("dp", i, n) for i in range(n + 1)] == pos["dp_step"].tolist()
    trace = sol.trace
    for phase, table in (("suffix", "suffix"), ("dp", "dp")):
        rows = trace[trace["phase"] == phase]
        assert [step_of(table, i, n) for i in rows["i"]] == rows["step"].tolist()


def test_fill_order_follows_the_steps():
    suffix, dp = truth([1, 2, 3, 7], 3)
    cells = fill_order(compare([1, 2, 3, 7], 3, suffix, dp))
    assert [(c.table, c.i) for c in cells[:3]] == [("suffix", 4), ("dp", 4), ("suffix", 3)]
    assert [c.step for c in cells] == sorted(c.step for c in cells)


def test_all_right():
    suffix, dp = truth([1, 2, 3, 7], 3)
    cmp = compare([1, 2, 3, 7], 3, suffix, dp)
    assert cmp.right and cmp.first is None and cmp.wrong() == [] and cmp.problems == {}
    assert all(c.right for c in (*cmp.suffix, *cmp.dp))


def test_the_first_wrong_cell_is_the_first_in_fill_order_not_by_position():
    suffix, _ = truth([1, 2, 3, 7], 3)
    cmp = compare([1, 2, 3, 7], 3, suffix, [99, 12, 0, 7, 0])  # dp[0] and dp[2] wrong: dp[2] is written first
    assert cmp.first is not None
    assert (cmp.first.table, cmp.first.i, cmp.first.got, cmp.first.want, cmp.first.step) == ("dp", 2, 0, 10, 6)
    assert [(c.table, c.i) for c in cmp.wrong()] == [("dp", 2), ("dp", 0)]
    assert [c.right for c in cmp.cells("dp")] == [False, True, False, True, True]


def test_a_wrong_suffix_comes_before_any_dp_cell():
    cmp = compare([1, 2, 3, 7], 3, [13, 12, 10, 6, 0], [0, 0, 0, 0, 0])
    assert cmp.first is not None and (cmp.first.table, cmp.first.i, cmp.first.step) == ("suffix", 3, 1)


def test_missing_and_short_tables_and_odd_cells():
    suffix, dp = truth([1, 2, 3, 7], 3)
    cmp = compare([1, 2, 3, 7], 3, suffix, None)
    assert cmp.problems == {"dp": "missing"} and cmp.first is not None and (cmp.first.table, cmp.first.i) == ("dp", 4)
    cmp = compare([1, 2, 3, 7], 3, suffix, dp[:4])
    assert cmp.problems == {"dp": "length"} and cmp.first is not None and cmp.first.got is None
    cmp = compare([1, 2, 3, 7], 3, suffix, [math.inf, 12, 10, 7, True])
    assert cmp.first is not None and (cmp.first.i, cmp.first.got) == (4, None)  # True is not the number 0... or 1
    assert cmp.dp[0].got == math.inf and not cmp.dp[0].right
    assert compare([1, 2, 3, 7], 3, [13.0, 12, 10, 7, 0], dp).right  # a float equal to the whole number is right


@pytest.mark.parametrize(
    ("suffix", "dp"),
    [
        ([13, 12, 10, 7, 0], [6, 12, 10, 7, 0]),
        ([13, 12, 10, 7, 0], [6, 12, 10, 7, 1]),
        ([13, 12, 10, 7, 0], [6, 12, 10, 7]),
        (None, [6, 12, 10, 7, 0]),
        ([13, 12, 10, 7, 0], [6, 12, 10, 7, False]),
    ],
)
def test_tables_right_says_what_compare_says(suffix, dp):
    assert tables_right([1, 2, 3, 7], 3, suffix, dp) == compare([1, 2, 3, 7], 3, suffix, dp).right
