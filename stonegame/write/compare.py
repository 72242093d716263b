"""The student's tables against the true ones, cell by cell, in the explainer's fill order.

The solver's trace (stonegame/solver.py) numbers its steps so: step 0 writes the base case suffix[n] = dp[n] = 0,
steps 1 .. n write suffix[i] for i = n-1 down to 0 (step n - i), steps n+1 .. 2n write dp[i] for i = n-1 down to
0 (step 2n - i). The fill order here is that order, with suffix[n] before dp[n] at step 0; the first cell where
the student departs from the truth is the first wrong cell in it, and its step is the explainer step that
writes it ("See this step in the explainer").

    cmp = compare(values, k, outcome.suffix, outcome.dp)
    cmp.first            # Cell("dp", 2, got=9, want=10, right=False, step=6) or None when all is right
    cmp.cells("dp")      # one Cell per position 0 .. n, in position order

The truth is computed with stonegame.solver's own fill (suffix_sums, best_totals), not its pandas trace, so a
50,000-pile row costs milliseconds; tests/write/test_compare.py checks the steps against the trace's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from stonegame.solver import best_totals, suffix_sums

Table = Literal["suffix", "dp"]
TABLES: tuple[Table, ...] = ("suffix", "dp")


@dataclass(frozen=True)
class Cell:
    """One cell of a student's table: which table and position, what the student's run left there (None when
    the table has no such cell or holds something else than a number), the true value, whether they agree,
    and the explainer step that writes this cell."""

    table: Table
    i: int
    got: int | float | None
    want: int
    right: bool
    step: int


@dataclass(frozen=True)
class Comparison:
    """Every cell of both tables (suffix then dp, each in position order 0 .. n), the first wrong cell in the
    explainer's fill order (None when all are right), and which tables the run did not leave as a list of
    n + 1 numbers ("missing": no such list; "length": another length)."""

    n: int
    k: int
    suffix: tuple[Cell, ...]
    dp: tuple[Cell, ...]
    first: Cell | None
    problems: dict[str, str]

    @property
    def right(self) -> bool:
        """True when every cell of both tables holds the true value."""
        return self.first is None

    def cells(self, table: Table) -> tuple[Cell, ...]:
        """The cells of `table`, positions 0 .. n."""
        return self.suffix if table == "suffix" else self.dp

    def wrong(self) -> list[Cell]:
        """The wrong cells in the explainer's fill order."""
        return [c for c in fill_order(self) if not c.right]


def truth(values: list[int], k: int) -> tuple[list[int], list[int]]:
    """The true tables of the row: suffix[i] = sum(values[i:]) and dp[i] = suffix[i] − min(dp[i+1 .. i+k]),
    both over 0 .. n (the solver's own fill)."""
    suffix = suffix_sums(values)
    dp, _ = best_totals(suffix, k)
    return suffix, dp


def step_of(table: Table, i: int, n: int) -> int:
    """The explainer step that writes table[i]: 0 for position n, n − i for suffix, 2n − i for dp."""
    if i == n:
        return 0
    return n - i if table == "suffix" else 2 * n - i


def same(got: Any, want: int) -> bool:
    """True when the student's cell is a number equal to the true whole number (True/False never count)."""
    return type(got) in (int, float) and not (type(got) is float and math.isnan(got)) and got == want


def _cells(table: Table, got: list[Any] | None, want: list[int]) -> tuple[Cell, ...]:
    """The cells of one table: the student's value at each position 0 .. n against the truth."""
    n = len(want) - 1
    out = []
    for i, w in enumerate(want):
        g = got[i] if got is not None and i < len(got) else None
        g = g if type(g) in (int, float) else None
        out.append(Cell(table, i, g, w, same(g, w), step_of(table, i, n)))
    return tuple(out)


def _problem(got: list[Any] | None, n: int) -> str | None:
    """ "missing" when the run left no such list, "length" when it is not n + 1 long, else None."""
    if got is None:
        return "missing"
    return None if len(got) == n + 1 else "length"


def fill_order(cmp: Comparison) -> list[Cell]:
    """All cells in the explainer's order: suffix[n], dp[n] (step 0), suffix[n-1] .. suffix[0], dp[n-1] .. dp[0]."""
    n = cmp.n
    return (
        [cmp.suffix[n], cmp.dp[n], *cmp.suffix[n - 1 :: -1], *cmp.dp[n - 1 :: -1]] if n else [cmp.suffix[0], cmp.dp[0]]
    )


def compare(values: list[int], k: int, suffix: list[Any] | None, dp: list[Any] | None) -> Comparison:
    """The student's suffix and dp (as the run left them; None for no such list) against the true tables of
    the row with takes 1..k: every cell right or wrong with its true value and step, and the first wrong one."""
    want_suffix, want_dp = truth(values, k)
    n = len(values)
    problems = {name: p for name, got in (("suffix", suffix), ("dp", dp)) if (p := _problem(got, n))}
    partial = Comparison(n, k, _cells("suffix", suffix, want_suffix), _cells("dp", dp, want_dp), None, problems)
    first = next((c for c in fill_order(partial) if not c.right), None)
    return Comparison(n, k, partial.suffix, partial.dp, first, problems)


def tables_right(values: list[int], k: int, suffix: list[Any] | None, dp: list[Any] | None) -> bool:
    """True when both tables are the true ones, cell for cell (what compare(...).right says, without building
    the cells: "Check on more rows" asks it of 57 rows, one of 50,000 piles)."""
    want_suffix, want_dp = truth(values, k)
    return all(
        got is not None and len(got) == len(want) and all(map(same, got, want))
        for got, want in ((suffix, want_suffix), (dp, want_dp))
    )


def compare_outcome(outcome: Any, values: list[int], k: int) -> Comparison | None:
    """compare() on a run's Outcome (stonegame.write.modes); None unless the run finished ("done")."""
    if outcome.kind != "done":
        return None
    return compare(values, k, outcome.suffix, outcome.dp)
