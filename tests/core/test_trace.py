"""The trace tables: their schema is the one written down in code, and they agree with the arrays."""

import random

import pandas as pd
import pytest

from stonegame import solve
from stonegame.solver import CANDIDATES_SCHEMA, POSITIONS_SCHEMA, STEPS_SCHEMA


def rows(seed=3, count=60):
    rng = random.Random(seed)
    return [[rng.randint(-20, 20) for _ in range(rng.randint(1, 25))] for _ in range(count)]


@pytest.mark.parametrize(
    ("table", "schema"), [("trace", STEPS_SCHEMA), ("candidates", CANDIDATES_SCHEMA), ("positions", POSITIONS_SCHEMA)]
)
def test_schema_is_exactly_the_written_one(table, schema):
    frame = getattr(solve([1, 2, 3, 7]), table)
    assert list(frame.columns) == list(schema)
    assert {c: str(t) for c, t in frame.dtypes.items()} == schema


def test_one_row_per_step_in_order():
    for values in rows():
        sol, n = solve(values), len(values)
        trace = sol.trace
        assert trace["step"].tolist() == list(range(2 * n + 2))
        assert trace["phase"].tolist() == ["start"] + ["suffix"] * n + ["dp"] * n + ["verdict"]
        assert trace["i"].tolist() == [n, *range(n - 1, -1, -1), *range(n - 1, -1, -1), 0]
        assert len(trace) == sol.last_step + 1


def test_trace_agrees_with_the_arrays():
    for values in rows():
        sol = solve(values)
        dp_rows = sol.trace[sol.trace["phase"] == "dp"]
        suffix_rows = sol.trace[sol.trace["phase"] == "suffix"]
        assert all(sol.dp[i] == d for i, d in zip(dp_rows["i"], dp_rows["dp"], strict=True))
        assert all(sol.suffix[i] == s for i, s in zip(suffix_rows["i"], suffix_rows["suffix"], strict=True))
        # each suffix step reads the value and the suffix after it
        assert (suffix_rows["value"].astype("int64") + suffix_rows["suffix_next"] == suffix_rows["suffix"]).all()
        # each dp step: dp = suffix - opponent, and the opponent is the least candidate
        assert (dp_rows["suffix"] - dp_rows["opponent"] == dp_rows["dp"]).all()
        verdict = sol.trace.iloc[-1]
        assert verdict["phase"] == "verdict" and verdict["dp"] == sol.dp[0]


def test_one_candidate_row_per_take_weighed():
    for values in rows():
        sol, n = solve(values), len(values)
        cands = sol.candidates
        assert len(cands) == sum(min(3, n - i) for i in range(n))
        assert not cands.duplicated(["i", "k"]).any()
        for i, group in cands.groupby("i"):
            least = group["dp_j"].min()
            best = group[group["best"]]
            assert len(best) == 1 and best["dp_j"].iloc[0] == least
            assert best["k"].iloc[0] == sol.take[i] == group[group["dp_j"] == least]["k"].min()
            assert (group["j"] == group["i"] + group["k"]).all()
            assert (group["gain"] == sol.suffix[i] - group["dp_j"]).all()
            assert (group["step"] == 2 * n - i).all()


def test_positions_say_when_each_cell_is_written():
    for values in rows():
        sol, n = solve(values), len(values)
        pos = sol.positions
        assert pos["i"].tolist() == list(range(n + 1))
        assert pos["dp"].tolist() == sol.dp and pos["suffix"].tolist() == sol.suffix
        assert pd.isna(pos["value"].iloc[-1]) and pos["value"].iloc[:-1].astype(int).tolist() == values
        steps = sol.trace.set_index("step")
        for p in pos.itertuples():
            if p.i < n:
                assert steps.loc[p.suffix_step, "phase"] == "suffix" and steps.loc[p.suffix_step, "i"] == p.i
                assert steps.loc[p.dp_step, "phase"] == "dp" and steps.loc[p.dp_step, "i"] == p.i


def test_a_one_pile_row():
    sol = solve([-7])
    assert sol.trace["phase"].tolist() == ["start", "suffix", "dp", "verdict"]
    assert len(sol.candidates) == 1 and sol.winner == "Bob"
