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

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd

MAX_TAKE = 3
PHASES = ("start", "suffix", "dp", "verdict")

#: The trace tables, written down once: column -> dtype. `Solution` builds exactly these.
STEPS_SCHEMA: dict[str, str] = {
    "step": "int64",  # 0 .. 2n+1, the order of the animation
    "phase": "string",  # one of PHASES
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


def _frame(columns: dict[str, object], schema: dict[str, str]) -> pd.DataFrame:
    """A DataFrame with exactly the schema's columns, in its order and dtypes."""
    return pd.DataFrame({name: pd.array(columns[name], dtype=dtype) for name, dtype in schema.items()})


def suffix_sums(values: list[int]) -> list[int]:
    """suffix[i] = sum(values[i:]) for i in 0..n, so suffix[n] = 0."""
    suffix = np.zeros(len(values) + 1, dtype=np.int64)
    suffix[:-1] = np.cumsum(np.asarray(values, dtype=np.int64)[::-1])[::-1]
    return suffix.tolist()


def best_totals(suffix: list[int], max_take: int = MAX_TAKE) -> tuple[list[int], list[int]]:
    """dp[i] = suffix[i] - min(dp[i+1 .. i+max_take]) filled backwards, and the take that wins it."""
    n = len(suffix) - 1
    dp = [0] * (n + 1)
    take = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        window = dp[i + 1 : i + 1 + max_take]
        least = min(window)
        dp[i] = suffix[i] - least
        take[i] = window.index(least) + 1
    return dp, take


def verdict(dp0: int, total: int) -> str:
    """'Alice' if 2*dp[0] > total, 'Bob' if smaller, else 'Tie'."""
    return "Alice" if 2 * dp0 > total else "Bob" if 2 * dp0 < total else "Tie"


@dataclass(frozen=True)
class Solution:
    """The solved game: the arrays of the recurrence, the winner, and the trace tables."""

    values: list[int]
    suffix: list[int]
    dp: list[int]
    take: list[int]
    max_take: int = MAX_TAKE

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
    def winner(self) -> str:
        """'Alice', 'Bob' or 'Tie'."""
        return verdict(self.dp[0], self.total)

    @property
    def last_step(self) -> int:
        """The verdict's step number, 2n+1."""
        return 2 * self.n + 1

    @cached_property
    def positions(self) -> pd.DataFrame:
        """One row per position i in 0..n: its value, suffix, dp, take and the steps that write them."""
        n = self.n
        i = np.arange(n + 1)
        written = np.where(i < n, 1, 0)
        return _frame(
            {
                "i": i,
                "value": [*self.values, None],
                "suffix": self.suffix,
                "dp": self.dp,
                "take": self.take,
                "suffix_step": (n - i) * written,
                "dp_step": (2 * n - i) * written,
            },
            POSITIONS_SCHEMA,
        )

    @cached_property
    def candidates(self) -> pd.DataFrame:
        """One row per candidate take (i, k) weighed by the fill, in fill order (i descending, k ascending)."""
        n, K = self.n, self.max_take
        i = np.repeat(np.arange(n - 1, -1, -1), K)
        k = np.tile(np.arange(1, K + 1), n)
        keep = i + k <= n
        i, k = i[keep], k[keep]
        j = i + k
        dp, suffix, take = (np.asarray(a, dtype=np.int64) for a in (self.dp, self.suffix, self.take))
        return _frame(
            {
                "step": 2 * n - i,
                "i": i,
                "k": k,
                "j": j,
                "dp_j": dp[j],
                "gain": suffix[i] - dp[j],
                "best": k == take[i],
            },
            CANDIDATES_SCHEMA,
        )

    @cached_property
    def trace(self) -> pd.DataFrame:
        """One row per step of the animation: start, n suffix steps, n dp steps, verdict."""
        n = self.n
        desc = np.arange(n - 1, -1, -1)  # i written by the suffix and dp steps, in order
        i = np.concatenate([[n], desc, desc, [0]])
        phase = ["start"] + ["suffix"] * n + ["dp"] * n + ["verdict"]
        dp, suffix, take = (np.asarray(a, dtype=np.int64) for a in (self.dp, self.suffix, self.take))
        is_dp = np.array([p in ("dp", "verdict") for p in phase])
        is_suffix = np.array([p == "suffix" for p in phase])
        opponent = dp[i] - suffix[i]  # dp[i] = suffix[i] - opponent
        return _frame(
            {
                "step": np.arange(2 * n + 2),
                "phase": phase,
                "i": i,
                "value": [None if x == n else self.values[x] for x in i.tolist()],
                "suffix_next": np.where(is_suffix, suffix[np.minimum(i + 1, n)], 0),
                "suffix": suffix[i],
                "dp": np.where(is_dp, dp[i], 0),
                "take": np.where(is_dp, take[i], 0),
                "opponent": np.where(is_dp, -opponent, 0),
            },
            STEPS_SCHEMA,
        )


def solve(values: list[int], max_take: int = MAX_TAKE) -> Solution:
    """Solve Stone Game III on `values` where a move takes 1..max_take piles."""
    if not values:
        raise ValueError("Stone Game III needs at least one pile.")
    if not 1 <= max_take <= 5:
        raise ValueError(f"max_take must be from 1 to 5, not {max_take}.")
    values = [int(v) for v in values]
    suffix = suffix_sums(values)
    dp, take = best_totals(suffix, max_take)
    return Solution(values, suffix, dp, take, max_take)


def stone_game_iii(values: list[int]) -> str:
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
