"""Stone Game III (LeetCode 1406) solved by a backward fill that records a tidy trace.

Vocabulary:
    values      the piles in a row, values[0..n-1]; each a whole number, possibly negative
    i           a position: the piles values[i:] are still on the table (0 <= i <= n)
    k           a take: the mover removes the first k piles left (1 <= k <= max_take)
    j           the position after a take, j = i + k
    suffix[i]   sum(values[i:]), so suffix[n] = 0
    dp[i]       the most the player to move at i can collect from values[i:], both playing well
    take[i]     the k that achieves dp[i]; among equally good takes, the fewest piles

Recurrence (the game is zero-sum: what the opponent collects from j on, the mover does not):
    dp[n] = 0
    dp[i] = suffix[i] - min(dp[i + k] for k in 1..max_take if i + k <= n)
Alice moves first, so she collects dp[0] and Bob total - dp[0]; Alice wins iff 2*dp[0] > total.

The trace numbers its steps the way the explainer animates them:
    step 0            start: the base case suffix[n] = dp[n] = 0
    steps 1 .. n      suffix[i] for i = n-1 down to 0
    steps n+1 .. 2n   dp[i] for i = n-1 down to 0
    step 2n+1         verdict
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from stonegame.terms import DEFAULT_TAKE, TAKES, Winner

MAX_TAKE = DEFAULT_TAKE
PHASES = ("start", "suffix", "dp", "verdict")
_NONE = 1 << 62  # stands for "no such move" in a min: larger than any total (|total| <= 5*10**7)

#: The trace tables, written down once: column -> dtype. `Solution` builds exactly these.
STEPS_SCHEMA: dict[str, str] = {
    "step": "int64",  # 0 .. 2n+1, the order of the animation
    "phase": "category",  # one of PHASES, in that order
    "i": "int64",  # the position written at this step (n for start, 0 for verdict)
    "value": "Int64",  # values[i], missing where i == n
    "suffix_next": "int64",  # suffix[i+1] as read by a suffix step (0 elsewhere)
    "suffix": "int64",  # suffix[i] (as known after this step)
    "dp": "int64",  # dp[i] written by a dp step; dp[0] at the verdict
    "take": "int64",  # take[i] for a dp step and the verdict; 0 elsewhere
    "opponent": "int64",  # min over the candidates: what the opponent is held to (0 elsewhere)
}
CANDIDATES_SCHEMA: dict[str, str] = {
    "step": "int64",  # the dp step that weighs this candidate
    "i": "int64",  # the mover's position
    "k": "int64",  # piles taken
    "j": "int64",  # i + k, where the opponent moves next
    "dp_j": "int64",  # what the opponent can still collect from j
    "gain": "int64",  # suffix[i] - dp[j]: what the mover collects with this take
    "best": "bool",  # k == take[i]
}
POSITIONS_SCHEMA: dict[str, str] = {
    "i": "int64",  # 0 .. n
    "value": "Int64",  # values[i], missing at n
    "suffix": "int64",
    "dp": "int64",
    "take": "int64",  # 0 at n
    "suffix_step": "int64",  # the step that writes suffix[i] (0 for the base case at n)
    "dp_step": "int64",  # the step that writes dp[i] (0 for the base case at n)
}


def _frame(columns: dict[str, Any], schema: dict[str, str]) -> pd.DataFrame:
    """A DataFrame of the schema's columns in its order; ValueError if a column's dtype is not the schema's."""
    frame = pd.DataFrame({name: columns[name] for name in schema}, copy=False)
    wrong = {c: str(t) for c, t in frame.dtypes.items() if str(t) != schema[c]}
    if wrong:
        raise ValueError(f"trace columns off their schema: {wrong}")
    return frame


def _values_at(row: np.ndarray, index: np.ndarray) -> pd.api.extensions.ExtensionArray:
    """row[index] as a nullable Int64 array, missing where the index is n (that position has no pile)."""
    return pd.arrays.IntegerArray(np.append(row, 0)[index], index == len(row))


def _as_row(values: list[int] | np.ndarray) -> np.ndarray:
    """The values as an int64 array; ValueError unless they are whole numbers."""
    row = np.asarray(values)
    if row.ndim != 1 or (row.size and row.dtype.kind not in "iu"):
        raise ValueError("Stone Game III needs a row of whole numbers.")
    return row.astype(np.int64, copy=False)


def _suffix_array(row: np.ndarray) -> np.ndarray:
    """suffix[i] = sum(row[i:]) for i in 0..n as an int64 array, suffix[n] = 0."""
    suffix = np.zeros(len(row) + 1, dtype=np.int64)
    suffix[:-1] = np.cumsum(row[::-1])[::-1]
    return suffix


def suffix_sums(values: list[int]) -> list[int]:
    """suffix[i] = sum(values[i:]) for i in 0..n, so suffix[n] = 0."""
    return _suffix_array(_as_row(values)).tolist()


def best_totals(suffix: list[int], max_take: int = MAX_TAKE) -> tuple[list[int], list[int]]:
    """dp[i] = suffix[i] - min(dp[i+1 .. i+max_take]) filled backwards, and the take that wins it
    (the fewest piles among equals). Only the last max_take values of dp are ever read."""
    if max_take == 3:
        return _best_totals_3(suffix)
    n = len(suffix) - 1
    dp, take = [0] * (n + 1), [0] * (n + 1)
    window = [0] + [_NONE] * (max_take - 1)  # dp[i+1 .. i+max_take]; past the end there is no move
    for i in range(n - 1, -1, -1):
        least = min(window)
        dp[i], take[i] = suffix[i] - least, window.index(least) + 1
        window.insert(0, dp[i])
        window.pop()
    return dp, take


def _best_totals_3(suffix: list[int]) -> tuple[list[int], list[int]]:
    """best_totals for max_take = 3 with the window held in three names, a, b, c = dp[i+1], dp[i+2],
    dp[i+3]: the same recurrence, about three times faster (the 50,000-pile goal of the benchmark)."""
    n = len(suffix) - 1
    dp, take = [0] * (n + 1), [0] * (n + 1)
    a, b, c = 0, _NONE, _NONE
    for i in range(n - 1, -1, -1):
        if a <= b:
            least, k = (a, 1) if a <= c else (c, 3)
        else:
            least, k = (b, 2) if b <= c else (c, 3)
        dp[i] = d = suffix[i] - least
        take[i] = k
        a, b, c = d, a, b
    return dp, take


def verdict(dp0: int, total: int) -> Winner:
    """'Alice' if 2*dp[0] > total, 'Bob' if smaller, else 'Tie'."""
    return "Alice" if 2 * dp0 > total else "Bob" if 2 * dp0 < total else "Tie"


class Arrays(NamedTuple):
    """The recurrence's arrays as int64: dp, suffix and take over 0..n, values over 0..n-1."""

    dp: np.ndarray
    suffix: np.ndarray
    take: np.ndarray
    values: np.ndarray


@dataclass(frozen=True)
class Solution:
    """The solved game: the arrays of the recurrence, the winner, and the trace tables."""

    values: list[int]
    suffix: list[int]
    dp: list[int]
    take: list[int]
    max_take: int = MAX_TAKE
    row: np.ndarray | None = field(default=None, repr=False, compare=False)  # values as int64, if solve made it
    suffix_array: np.ndarray | None = field(default=None, repr=False, compare=False)  # suffix as int64, likewise

    @property
    def n(self) -> int:
        """The number of piles."""
        return len(self.values)

    @property
    def total(self) -> int:
        """The sum of all piles: what Alice and Bob share."""
        return self.suffix[0]

    @property
    def alice(self) -> int:
        """Alice's total under optimal play: dp[0]."""
        return self.dp[0]

    @property
    def bob(self) -> int:
        """Bob's total under optimal play: total - dp[0]."""
        return self.total - self.dp[0]

    @property
    def winner(self) -> Winner:
        """'Alice', 'Bob' or 'Tie'."""
        return verdict(self.dp[0], self.total)

    @property
    def last_step(self) -> int:
        """The verdict's step number, 2n+1."""
        return 2 * self.n + 1

    @cached_property
    def _arrays(self) -> Arrays:
        """dp, suffix, take and values as int64 arrays, made once for the three tables."""
        row = self.row if self.row is not None else _as_row(self.values)
        suffix = self.suffix_array if self.suffix_array is not None else _suffix_array(row)
        dp, take = (np.fromiter(a, dtype=np.int64, count=len(a)) for a in (self.dp, self.take))
        return Arrays(dp, suffix, take, row)

    @cached_property
    def positions(self) -> pd.DataFrame:
        """One row per position i in 0..n: its value, suffix, dp, take and the steps that write them."""
        n = self.n
        i = np.arange(n + 1)
        written = (i < n).astype(np.int64)  # position n is the base case, known at step 0
        return _frame(
            {
                "i": i,
                "value": _values_at(self._arrays.values, i),
                "suffix": self._arrays.suffix,
                "dp": self._arrays.dp,
                "take": self._arrays.take,
                "suffix_step": (n - i) * written,
                "dp_step": (2 * n - i) * written,
            },
            POSITIONS_SCHEMA,
        )

    @cached_property
    def candidates(self) -> pd.DataFrame:
        """One row per candidate take (i, k) weighed by the fill, in fill order (i descending, k ascending)."""
        n, K = self.n, self.max_take
        r = np.arange(n * K)
        back, k = np.divmod(r, K)
        i, k = (n - 1) - back, k + 1  # every (i, k), i descending; near the end some run past n
        keep = i + k <= n
        i, k = i[keep], k[keep]
        j = i + k
        a = self._arrays
        return _frame(
            {
                "step": 2 * n - i,
                "i": i,
                "k": k,
                "j": j,
                "dp_j": a.dp[j],
                "gain": a.suffix[i] - a.dp[j],
                "best": k == a.take[i],
            },
            CANDIDATES_SCHEMA,
        )

    @cached_property
    def trace(self) -> pd.DataFrame:
        """One row per step of the animation: start, n suffix steps, n dp steps, verdict."""
        n = self.n
        desc = np.arange(n - 1, -1, -1)  # the piles the suffix steps, then the dp steps, write
        i = np.concatenate([[n], desc, desc, [0]])
        codes = np.repeat(np.arange(len(PHASES), dtype=np.int8), [1, n, n, 1])
        a = self._arrays
        dp, suffix, take = a.dp, a.suffix, a.take
        reads_dp = codes >= PHASES.index("dp")  # dp steps and the verdict
        is_suffix = codes == PHASES.index("suffix")
        return _frame(
            {
                "step": np.arange(2 * n + 2),
                "phase": pd.Categorical.from_codes(codes, categories=PHASES),
                "i": i,
                "value": _values_at(a.values, i),
                "suffix_next": np.where(is_suffix, suffix[np.minimum(i + 1, n)], 0),
                "suffix": suffix[i],
                "dp": np.where(reads_dp, dp[i], 0),
                "take": np.where(reads_dp, take[i], 0),
                "opponent": np.where(reads_dp, suffix[i] - dp[i], 0),  # dp[i] = suffix[i] - opponent
            },
            STEPS_SCHEMA,
        )


def solve(values: list[int], max_take: int = MAX_TAKE) -> Solution:
    """Solve Stone Game III on `values` where a move takes 1..max_take piles."""
    if len(values) == 0:
        raise ValueError("Stone Game III needs at least one pile.")
    if max_take not in TAKES:
        raise ValueError(f"max_take must be from {TAKES[0]} to {TAKES[-1]}, not {max_take}.")
    row = _as_row(values)
    suffix_array = _suffix_array(row)
    suffix = suffix_array.tolist()
    dp, take = best_totals(suffix, max_take)
    return Solution(row.tolist(), suffix, dp, take, max_take, row=row, suffix_array=suffix_array)


def stone_game_iii(values: list[int]) -> Winner:
    """LeetCode 1406's answer: 'Alice', 'Bob' or 'Tie'."""
    return solve(values).winner


def score_difference(values: list[int], max_take: int = MAX_TAKE) -> list[int]:
    """diff[i] = max_k(sum(values[i:i+k]) - diff[i+k]), diff[n] = 0: the mover's lead, both playing well."""
    n = len(values)
    diff = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        taken, best = 0, None
        for k in range(1, min(max_take, n - i) + 1):
            taken += values[i + k - 1]
            lead = taken - diff[i + k]
            best = lead if best is None else max(best, lead)
        diff[i] = best
    return diff
