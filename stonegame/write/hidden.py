"""The fixed set of rows the student cannot see, and "Check on more rows": the student's code run on the current
row and on every hidden row in one request to the pool, each row's tables compared with the truth.

    result = check_more(code, "body", values, k)
    result.passed, result.total    # 53, 56: the hidden rows whose tables are right
    result.current                 # True when the current row's tables are right
    result.smallest                # the smallest failing row (fewest piles, then values), or None

A row passes when the run finishes and both tables are right cell by cell (compare.py): a verdict alone is a
weak check (the difference formulation gets every verdict right).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from stonegame.write.compare import tables_right
from stonegame.write.modes import Mode, Outcome

Row = tuple[tuple[int, ...], int]  # (values, k)
HIDDEN_SIZE = 56
LONG_PILES = 50_000
SHORT_PILES = 200  # the rows the "<= 1 s of server CPU" is about


def random_row(n: int, seed: int) -> list[int]:
    """n random piles in −1000..1000 from the seed."""
    rng = random.Random(seed)
    return [rng.randint(-1000, 1000) for _ in range(n)]


@lru_cache(maxsize=1)
def hidden_set() -> tuple[Row, ...]:
    """56 rows: one pile, all negative, zeros, a tie, k = 1..5 on one row of 12, 46 random rows of 1..200 piles
    (k 1..5) and one row of 50,000 piles (the last). The same every time (fixed seeds)."""
    rng = random.Random(36)
    edges = [([5], 3), ([-1, -2, -3, -4], 3), ([0, 0, 0], 3), ([1, 2, 3, 6], 3)]
    ks = [(random_row(12, 7), k) for k in range(1, 6)]
    rand = [(random_row(rng.randint(1, 200), seed), 1 + seed % 5) for seed in range(46)]
    rows = [*edges, *ks, *rand, (random_row(LONG_PILES, 1), 3)]
    return tuple((tuple(v), k) for v, k in rows)


def row_order(row: Row) -> tuple[int, tuple[int, ...], int]:
    """How rows are ranked for "the smallest failing row": fewest piles, then the values, then k."""
    values, k = row
    return len(values), values, k


def passes(outcome: Outcome, values: Sequence[int], k: int) -> bool:
    """True when the run finished and both of its tables are the true ones on this row."""
    return outcome.kind == "done" and tables_right(list(values), k, outcome.suffix, outcome.dp)


@dataclass(frozen=True)
class CheckResult:
    """The student's code on the current row and the hidden set: whether the current row passes, how many of
    the hidden rows pass out of how many, the failing rows (current one included, smallest first) and the
    outcome of the smallest failing row's run (to say why it fails), and the seconds of CPU the child spent on
    the rows up to SHORT_PILES piles and on the longer ones (scripts/bench_write.py prints them)."""

    current: bool
    passed: int
    total: int
    failing: tuple[Row, ...]
    smallest: Row | None
    smallest_outcome: Outcome | None
    cpu_short: float = 0.0
    cpu_long: float = 0.0

    @property
    def all_pass(self) -> bool:
        """True when the current row and every hidden row pass."""
        return self.current and self.passed == self.total


def _outcomes(runner: object, code: str, mode: Mode, rows: list[Row]) -> list[Outcome]:
    """One outcome per row from the runner (a Pool, or stonegame.write.run's own); a refusal or a killed run
    that stands for every row is repeated for each."""
    wanted = [(list(v), k) for v, k in rows]
    got = runner.run(code, mode, wanted)  # type: ignore[attr-defined]
    return got if len(got) == len(rows) else [got[0]] * len(rows)


def check_more(
    code: str,
    mode: Mode,
    values: Sequence[int],
    k: int,
    runner: object | None = None,
    rows: Sequence[Row] | None = None,
) -> CheckResult:
    """Run the code on the current row and the hidden rows (hidden_set() unless `rows` is given) in one request to
    `runner` (default: the process's pool, stonegame.write.run.pool()) and count the rows whose tables are right."""
    if runner is None:
        from stonegame.write.run import pool

        runner = pool()
    hidden = list(rows if rows is not None else hidden_set())
    current: Row = (tuple(values), k)
    outcomes = _outcomes(runner, code, mode, [current, *hidden])
    ok = [passes(o, v, kk) for o, (v, kk) in zip(outcomes, [current, *hidden], strict=True)]
    failing = sorted({r for r, good in zip([current, *hidden], ok, strict=True) if not good}, key=row_order)
    smallest = failing[0] if failing else None
    smallest_outcome = None
    if smallest is not None:
        smallest_outcome = next(o for o, r in zip(outcomes, [current, *hidden], strict=True) if r == smallest)
    rows_run = [current, *hidden]
    cpu_short = sum(o.cpu for o, (v, _) in zip(outcomes, rows_run, strict=True) if len(v) <= SHORT_PILES)
    cpu_long = sum(o.cpu for o, (v, _) in zip(outcomes, rows_run, strict=True) if len(v) > SHORT_PILES)
    return CheckResult(ok[0], sum(ok[1:]), len(hidden), tuple(failing), smallest, smallest_outcome, cpu_short, cpu_long)
