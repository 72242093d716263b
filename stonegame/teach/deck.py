"""The misconception deck: rows that catch the usual traps in Stone Game III, and the numbers that
show each trap, computed here and read off the solver's trace.

Vocabulary:
    strategy    how a player picks a take: "optimal" reads take[i] off the solved row (the trace's
                choice), "greedy" takes the most points now (the largest sum of the next 1..k piles;
                the fewest piles among equals)
    game        a game played out by two strategies: one row per turn (turn, player, i, k, gained)
    buggy       a function written with a classic bug on purpose, named and documented as buggy,
                so the deck can show its wrong answer beside the right one

The cards:
    greedy      taking the most now is not optimal: a row, found by search, where greedy Alice loses
                against optimal Bob though optimal Alice wins
    negatives   all negative values: [-1, -2, -3] is a tie (nobody may pass)
    zero        a single zero pile: [0] is a tie (2·dp[0] = 0 = total)
    zero_init   the score-difference best started at 0 instead of −∞: a player may not "pass"
    memo_zero   0 as the "not computed" memo marker: on all-zero rows nothing is ever remembered
    mixed       the two formulations mixed up: dp[0] > 0 read as "Alice wins", or diff[0] > total/2
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal, NamedTuple, get_args

import pandas as pd

from stonegame.solver import MAX_TAKE, Solution, solve, verdict
from stonegame.terms import EXAMPLES, Winner

CardName = Literal["greedy", "negatives", "zero", "zero_init", "memo_zero", "mixed"]
Strategy = Literal["optimal", "greedy"]
CARDS: tuple[CardName, ...] = get_args(CardName)  # in the order the deck shows them
GREEDY_VALUES = (1, 9)  # small and big piles: the rows the greedy trap is searched among
GREEDY_LONGEST = 6
NEGATIVES = [-1, -2, -3]
ZERO = [0]
ZERO_INIT_ROW = EXAMPLES["ex1"]  # the first LeetCode example: where the 0 start changes the verdict
MIXED_ROW = EXAMPLES["ex3"]  # the third LeetCode example: where both mixed-up rules are wrong
MEMO_SIZES = range(5, 26)  # n for the memo-marker table
MEMO_ROW = [0] * 10  # the all-zero row the memo card loads


# --- games played by two strategies ---------------------------------------------------------------


def greedy_take(sol: Solution, i: int) -> int:
    """The take with the most points now: the largest suffix[i] − suffix[i+k]; the fewest piles among equals."""
    takes = range(1, min(sol.max_take, sol.n - i) + 1)
    return max(takes, key=lambda k: (sol.suffix[i] - sol.suffix[i + k], -k))


def optimal_take(sol: Solution, i: int) -> int:
    """The solver's take at position i, read off the trace's dp step for pile i."""
    return int(sol.trace.iloc[2 * sol.n - i]["take"])


TAKERS: dict[Strategy, Callable[[Solution, int], int]] = {"optimal": optimal_take, "greedy": greedy_take}


class Turn(NamedTuple):
    """One turn of a game: its number (from 1), who moved, the pile i they took from and the k piles
    taken, and the points those piles held."""

    turn: int
    player: str
    i: int
    k: int
    gained: int


@dataclass(frozen=True)
class Game:
    """A game played out: one row per turn, and the two final totals."""

    turns: pd.DataFrame  # one row per Turn: turn, player, i, k, gained
    alice: int
    bob: int

    @property
    def winner(self) -> Winner:
        """'Alice', 'Bob' or 'Tie' by the final totals."""
        return verdict(self.alice, self.alice + self.bob)


def play(sol: Solution, alice: Strategy, bob: Strategy) -> Game:
    """The game on the solved row with Alice playing strategy `alice` and Bob `bob`."""
    i, turn, rows = 0, 0, []
    scores = {"Alice": 0, "Bob": 0}
    while i < sol.n:
        player = ("Alice", "Bob")[turn % 2]
        k = TAKERS[alice if player == "Alice" else bob](sol, i)
        gained = sol.suffix[i] - sol.suffix[i + k]
        scores[player] += gained
        rows.append(Turn(turn + 1, player, i, k, gained))
        i, turn = i + k, turn + 1
    turns = pd.DataFrame(rows, columns=list(Turn._fields))
    return Game(turns, scores["Alice"], scores["Bob"])


def rows_by_length(values: Sequence[int], longest: int) -> Iterable[list[int]]:
    """Every row of 1..longest piles drawn from `values`, shortest first, each length in lexicographic order."""
    for n in range(1, longest + 1):
        for row in itertools.product(values, repeat=n):
            yield list(row)


@cache
def greedy_trap(values: tuple[int, ...] = GREEDY_VALUES, longest: int = GREEDY_LONGEST) -> tuple[int, ...]:
    """The first row (shortest, then lexicographic) where optimal Alice wins but greedy Alice loses
    against optimal Bob; ValueError if there is none that short."""
    for row in rows_by_length(values, longest):
        sol = solve(row)
        if sol.winner == "Alice" and play(sol, "greedy", "optimal").winner == "Bob":
            return tuple(row)
    raise ValueError(f"no greedy trap among rows of up to {longest} piles from {values}")


# --- buggy code, on purpose --------------------------------------------------------------------
# The deck shows the source of score_difference_zero_init_buggy, score_difference_memo and
# verdict_without_tie_buggy as it stands (inspect.getsource): their text is what a student reads.


def score_difference_zero_init_buggy(values: Sequence[int], max_take: int = MAX_TAKE) -> list[int]:
    """BUGGY on purpose: the score-difference fill with the best started at 0 instead of −∞, as if a
    player could pass. diff[i] = max(0, max_k(sum(values[i:i+k]) − diff[i+k])), diff[n] = 0."""
    n = len(values)
    diff = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        best = 0  # BUG: should be -infinity; 0 lets a player who must lose points pretend to lose none
        taken = 0
        for k in range(1, min(max_take, n - i) + 1):
            taken += values[i + k - 1]
            best = max(best, taken - diff[i + k])
        diff[i] = best
    return diff


def score_difference_memo(
    values: Sequence[int], max_take: int = MAX_TAKE, zero_marker: bool = False
) -> tuple[int, int]:
    """diff[0] by a memoised recursion, and how many calls it made. With zero_marker=True it has the
    classic BUG of using 0 as "not computed yet": a position whose answer is 0 is solved again every
    time it is reached. Otherwise the marker is None, which no answer can equal. The recursion is n deep:
    for the deck's short rows only."""
    n = len(values)
    memo: list[int | None] = [0 if zero_marker else None] * n
    calls = 0

    def best(i: int) -> int:
        """The mover's best lead from position i."""
        nonlocal calls
        calls += 1
        if i >= n:
            return 0
        if memo[i] != (0 if zero_marker else None):  # BUG when zero_marker: 0 is also a real answer
            return memo[i]
        lead, taken = -math.inf, 0
        for k in range(1, min(max_take, n - i) + 1):
            taken += values[i + k - 1]
            lead = max(lead, taken - best(i + k))
        memo[i] = lead
        return lead

    return int(best(0)), calls


def memo_calls_zero_marker(n: int, max_take: int = MAX_TAKE) -> int:
    """The calls score_difference_memo(zero_marker=True) makes on n zero piles, counted without running it:
    nothing is remembered, so the recursion walks the whole game tree. C(0) = 1 (the call at the end),
    C(m) = 1 + C(m−1) + … + C(m−max_take) over the terms with m−k ≥ 0; the answer is C(n)."""
    calls = [1]
    for m in range(1, n + 1):
        calls.append(1 + sum(calls[m - k] for k in range(1, min(max_take, m) + 1)))
    return calls[n]


def memo_calls_sentinel(n: int, max_take: int = MAX_TAKE) -> int:
    """The calls score_difference_memo(zero_marker=False) makes on any n piles, counted without running it:
    the first call, then one per legal take from each of the n positions, each solved once."""
    return 1 + sum(min(max_take, n - i) for i in range(n))


def memo_table(sizes: Iterable[int] = MEMO_SIZES, max_take: int = MAX_TAKE) -> pd.DataFrame:
    """One row per n: the calls with the 0-marker bug and with a correct marker on n zero piles, and their ratio."""
    sizes = list(sizes)
    bug = [memo_calls_zero_marker(n, max_take) for n in sizes]
    good = [memo_calls_sentinel(n, max_take) for n in sizes]
    return pd.DataFrame(
        {"n": sizes, "zero_marker": bug, "sentinel": good, "ratio": [b / g for b, g in zip(bug, good, strict=True)]}
    )


# --- verdicts, right and wrong -----------------------------------------------------------------


def sign_verdict(x: int) -> Winner:
    """'Alice' if x > 0, 'Bob' if x < 0, 'Tie' if 0: right for the score difference diff[0]. It is the
    solver's verdict(x, 0): 2·x weighed against a total of 0 has the sign of x."""
    return verdict(x, 0)


def verdict_dp_as_lead_buggy(sol: Solution) -> Winner:
    """BUGGY on purpose: reads dp[0] (Alice's total) as if it were her lead: 'Alice' iff dp[0] > 0."""
    return sign_verdict(sol.dp[0])


def verdict_diff_as_total_buggy(sol: Solution) -> Winner:
    """BUGGY on purpose: reads diff[0] (Alice's lead) as if it were her total: 'Alice' iff diff[0] > total/2."""
    diff0 = 2 * sol.dp[0] - sol.total
    return verdict(diff0, sol.total)


def verdict_without_tie_buggy(sol: Solution) -> str:
    """BUGGY on purpose: forgets the tie: 'Alice' if diff[0] > 0, else 'Bob'."""
    return "Alice" if 2 * sol.dp[0] - sol.total > 0 else "Bob"


# --- the cards' numbers ------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """One card: its name (a key of CARDS), the row it loads, and the numbers it shows by name."""

    name: CardName
    row: tuple[int, ...]
    numbers: dict[str, object]


def _games(sol: Solution) -> dict[str, object]:
    """The optimal game and greedy Alice against optimal Bob on the row: totals, winners and turns."""
    best, greedy = play(sol, "optimal", "optimal"), play(sol, "greedy", "optimal")
    return {
        "optimal": best,
        "greedy": greedy,
        "alice": best.alice,
        "bob": best.bob,
        "winner": best.winner,
        "greedy_alice": greedy.alice,
        "greedy_bob": greedy.bob,
        "greedy_winner": greedy.winner,
    }


def card(name: CardName) -> Card:
    """The card's row and numbers, all computed from the solver (and the buggy functions where named)."""
    if name == "greedy":
        row = greedy_trap()
        return Card(name, row, _games(solve(list(row))))
    if name == "negatives":
        return Card(name, tuple(NEGATIVES), _games(solve(NEGATIVES)))
    if name == "zero":
        sol = solve(ZERO)
        numbers = {"dp0": sol.dp[0], "total": sol.total, "winner": sol.winner, "no_tie": verdict_without_tie_buggy(sol)}
        return Card(name, tuple(ZERO), numbers)
    if name == "zero_init":
        sol = solve(ZERO_INIT_ROW)
        right = [2 * d - s for d, s in zip(sol.dp, sol.suffix, strict=True)]
        wrong = score_difference_zero_init_buggy(ZERO_INIT_ROW)
        numbers = {"diff": right, "buggy": wrong, "winner": sol.winner, "buggy_winner": sign_verdict(wrong[0])}
        return Card(name, tuple(ZERO_INIT_ROW), numbers)
    if name == "memo_zero":
        return Card(name, tuple(MEMO_ROW), {"table": memo_table()})
    if name == "mixed":
        return Card(name, tuple(MIXED_ROW), {"table": mixed_table(), **_mixed_numbers(solve(MIXED_ROW))})
    raise ValueError(f"no card named {name!r}; the cards are {', '.join(CARDS)}")


def _mixed_numbers(sol: Solution) -> dict[str, object]:
    """dp[0], diff[0], the total and the three verdicts (right, dp read as a lead, diff read as a total)."""
    return {
        "dp0": sol.dp[0],
        "diff0": 2 * sol.dp[0] - sol.total,
        "total": sol.total,
        "winner": sol.winner,
        "dp_as_lead": verdict_dp_as_lead_buggy(sol),
        "diff_as_total": verdict_diff_as_total_buggy(sol),
    }


def mixed_table() -> pd.DataFrame:
    """One row per LeetCode example: its numbers and the right and the two mixed-up verdicts."""
    rows = [{"example": name, "row": values, **_mixed_numbers(solve(values))} for name, values in EXAMPLES.items()]
    return pd.DataFrame(rows)
