"""Every way to solve Stone Game III, on one row: the approach ladder and its two formulations.

Vocabulary (adding to stonegame.solver's values, n, i, k, j = i + k, suffix, dp):
    max_take    K, the most piles one move may take (LeetCode: 3)
    form        "total": dp[i], the most the mover at i can collect (the reference write-up);
                "diff": diff[i], the mover's final lead over the opponent from i on (the popular one)
                diff[i] = dp[i] - (suffix[i] - dp[i]) = 2*dp[i] - suffix[i]
    call        one entry into the recursive function f(i) (dp(i) or diff(i) in the listings)
    event       a moment of a call sequence: a call that computes has two (it starts, it returns),
                a base case or a cache hit one (it answers at once)

The ladder, each rung a way to reach dp[0] (or diff[0]):
    recursion   f(i) calls f(i+1 .. i+K) afresh each time it needs them, so C(m) calls for m piles:
                C(0) = 1, C(m) = 1 + C(m-1) + ... + C(m-K) (terms below 0 left out), exponential
    memo        the same calls, but f(i) is computed once, stored, and read back (a cache hit)
    table       dp[n-1], ..., dp[0] filled by a loop: the solver's own fill
    window      the same loop keeping only the K answers it will still read: O(1) space
                (posts often keep K+1 slots, dp[i % (K+1)], see `ring_total`)

Counters (value-independent: they depend on n and K only, as every rung weighs every take):
    calls   entries into the recursive function (0 for the loops)
    hits    calls answered from the memo (memo only; the base case is not a hit)
    writes  answers stored: memo entries, table cells, window slots written
    held    the most stored answers alive at once
    depth   the deepest call stack (0 for the loops)

Tables (one row per observation; schemas written once, below):
    calls_table   one row per call of the recursive function         CALLS_SCHEMA
    slots_table   one row per slot of the window after each step      SLOTS_SCHEMA
    growth        one row per (n, rung, counter)                      GROWTH_SCHEMA
    identity      one row per position i: diff[i] against 2*dp[i] - suffix[i]
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from stonegame.solver import Solution, score_difference, solve, suffix_sums

APPROACHES = ("recursion", "memo", "table", "window")
COUNTERS = ("calls", "hits", "writes", "held", "depth")
APPLIES = {  # the counters that mean something for each rung (the others are shown as "—")
    "recursion": ("calls", "writes", "held", "depth"),  # writes and held: 0, it stores nothing
    "memo": COUNTERS,
    "table": ("writes", "held"),
    "window": ("writes", "held"),
}
FORMS = ("total", "diff")
DRAW_PILES = 12  # plain recursion: the call sequence is drawn for at most this many piles ...
DRAW_CALLS = 500  # ... and at most this many calls (a call is at most two frames: ~1,000 frames)
MEMO_PILES = 16  # top-down with memo: the call sequence is drawn for at most this many piles
RUN_CALLS = 100_000  # plain recursion is run call by call (not only counted) up to this many calls
GROWTH_SIZES = range(1, 31)  # the growth chart's n
EXACT_DIGITS = 15  # counts with more digits are written in scientific form

# --- the listings: the code the page shows, run as it is shown ------------------------------------


def recursion_total(values: list[int], max_take: int = 3) -> str:
    """Plain recursion, best-total form: nothing is remembered."""
    n = len(values)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = values[i] + suffix[i + 1]

    def dp(i: int) -> int:
        if i == n:
            return 0  # no piles left
        takes = range(1, min(max_take, n - i) + 1)
        return suffix[i] - min(dp(i + k) for k in takes)

    alice = dp(0)
    total = suffix[0]
    return "Alice" if 2 * alice > total else "Bob" if 2 * alice < total else "Tie"


def recursion_diff(values: list[int], max_take: int = 3) -> str:
    """Plain recursion, score-difference form: nothing is remembered."""
    n = len(values)

    def diff(i: int) -> int:
        if i == n:
            return 0  # no piles left
        takes = range(1, min(max_take, n - i) + 1)
        return max(sum(values[i : i + k]) - diff(i + k) for k in takes)

    lead = diff(0)
    return "Alice" if lead > 0 else "Bob" if lead < 0 else "Tie"


def memo_total(values: list[int], max_take: int = 3) -> str:
    """Top-down with a memo, best-total form: each dp(i) computed once."""
    n = len(values)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = values[i] + suffix[i + 1]
    memo: dict[int, int] = {}

    def dp(i: int) -> int:
        if i == n:
            return 0  # no piles left
        if i in memo:
            return memo[i]  # a cache hit: solved before
        takes = range(1, min(max_take, n - i) + 1)
        memo[i] = suffix[i] - min(dp(i + k) for k in takes)
        return memo[i]  # filled: stored for next time

    alice = dp(0)
    total = suffix[0]
    return "Alice" if 2 * alice > total else "Bob" if 2 * alice < total else "Tie"


def memo_diff(values: list[int], max_take: int = 3) -> str:
    """Top-down with a memo, score-difference form: each diff(i) computed once."""
    n = len(values)
    memo: dict[int, int] = {}

    def diff(i: int) -> int:
        if i == n:
            return 0  # no piles left
        if i in memo:
            return memo[i]  # a cache hit: solved before
        takes = range(1, min(max_take, n - i) + 1)
        memo[i] = max(sum(values[i : i + k]) - diff(i + k) for k in takes)
        return memo[i]  # filled: stored for next time

    lead = diff(0)
    return "Alice" if lead > 0 else "Bob" if lead < 0 else "Tie"


def window_total(values: list[int], max_take: int = 3) -> str:
    """O(1) space, best-total form: only dp[i+1 .. i+max_take] kept."""
    window = deque([0])  # dp[i+1 .. i+max_take], nearest first
    suffix = 0  # suffix[i], as a running sum
    for i in range(len(values) - 1, -1, -1):
        suffix += values[i]
        best = suffix - min(window)  # dp[i]: all slots read first
        if len(window) == max_take:
            window.pop()  # dp[i+max_take] is never read again
        window.appendleft(best)
    alice = window[0]
    return "Alice" if 2 * alice > suffix else "Bob" if 2 * alice < suffix else "Tie"


def window_diff(values: list[int], max_take: int = 3) -> str:
    """O(1) space, score-difference form: only diff[i+1 .. i+max_take] kept."""
    window = deque([0])  # diff[i+1 .. i+max_take], nearest first
    for i in range(len(values) - 1, -1, -1):
        takes = range(1, len(window) + 1)  # all slots read first
        best = max(sum(values[i : i + k]) - window[k - 1] for k in takes)
        if len(window) == max_take:
            window.pop()  # diff[i+max_take] is never read again
        window.appendleft(best)
    lead = window[0]
    return "Alice" if lead > 0 else "Bob" if lead < 0 else "Tie"


def ring_total(values: list[int], max_take: int = 3) -> str:
    """O(1) space as often posted, best-total form: dp[i % (k+1)]."""
    n, size = len(values), max_take + 1
    dp = [0] * size  # slot j % size holds dp[j]; dp[n] = 0
    suffix = 0  # suffix[i], as a running sum
    for i in range(n - 1, -1, -1):
        suffix += values[i]
        dp[i % size] = -math.inf  # it held dp[i+size]: not needed
        for k in range(1, min(max_take, n - i) + 1):
            mine = suffix - dp[(i + k) % size]
            dp[i % size] = max(dp[i % size], mine)
    alice = dp[0]
    return "Alice" if 2 * alice > suffix else "Bob" if 2 * alice < suffix else "Tie"


def ring_diff(values: list[int], max_take: int = 3) -> str:
    """O(1) space as often posted, score-difference form: diff[i % (k+1)]."""
    n, size = len(values), max_take + 1
    diff = [0] * size  # slot j % size holds diff[j]; diff[n] = 0
    for i in range(n - 1, -1, -1):
        diff[i % size] = -math.inf  # it held diff[i+size]: not needed
        taken = 0  # sum(values[i : i + k])
        for k in range(1, min(max_take, n - i) + 1):
            taken += values[i + k - 1]
            lead = taken - diff[(i + k) % size]
            diff[i % size] = max(diff[i % size], lead)
    return "Alice" if diff[0] > 0 else "Bob" if diff[0] < 0 else "Tie"


Listed = Callable[[list[int], int], str]
#: (rung, form) -> its listing. The table rung's listing is the explainer's (stonegame.reference).
LISTINGS: dict[tuple[str, str], Listed] = {
    ("recursion", "total"): recursion_total,
    ("recursion", "diff"): recursion_diff,
    ("memo", "total"): memo_total,
    ("memo", "diff"): memo_diff,
    ("window", "total"): window_total,
    ("window", "diff"): window_diff,
    ("ring", "total"): ring_total,
    ("ring", "diff"): ring_diff,
}


# --- counting ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Counters:
    """What one rung did on one row (see the module docstring)."""

    calls: int = 0
    hits: int = 0
    writes: int = 0
    held: int = 0
    depth: int = 0

    def __repr__(self) -> str:
        """The counters, with a call count too long to print (Python refuses beyond 4,300 digits) abridged."""
        count = big_count(self.calls)
        calls = str(self.calls) if count.exact is not None else f"~{count.mantissa}e{count.exponent}"
        return f"Counters(calls={calls}, hits={self.hits}, writes={self.writes}, held={self.held}, depth={self.depth})"


@dataclass(frozen=True)
class Run:
    """One rung run on one row: its answer dp[0] (None if it was too big to run) and its counters."""

    approach: str
    dp0: int | None
    counters: Counters
    measured: bool  # True: counted while running; False: computed by a recurrence


def recursion_calls(n: int, max_take: int = 3) -> int:
    """C(n), the calls plain recursion makes on n piles: C(0) = 1, C(m) = 1 + C(m-1) + ... + C(m-K),
    terms below 0 left out. Exact for any n (a running sum of the last K terms)."""
    last, total, calls = deque([1]), 1, 1  # C(m-1 .. m-K) and their sum; C(m)
    for _ in range(n):
        calls = 1 + total
        last.append(calls)
        total += calls
        if len(last) > max_take:
            total -= last.popleft()
    return calls


def calls_at(n: int, max_take: int = 3) -> list[int]:
    """How often plain recursion calls f(i), for i = 0..n: the ways to reach i in takes of 1..K
    (P(0) = 1, P(i) = P(i-1) + ... + P(i-K)); they add up to recursion_calls(n)."""
    ways = [1]
    for i in range(1, n + 1):
        ways.append(sum(ways[max(0, i - max_take) : i]))
    return ways


def digit_count(count: int) -> int:
    """The number of decimal digits of a positive whole number, exactly (no conversion to text, which
    Python refuses beyond 4,300 digits)."""
    guess = max(1, int(count.bit_length() * math.log10(2)))
    while 10**guess <= count:
        guess += 1
    while guess > 1 and 10 ** (guess - 1) > count:
        guess -= 1
    return guess


@dataclass(frozen=True)
class BigCount:
    """A count as shown: exact if it has at most EXACT_DIGITS digits, else mantissa × 10^exponent."""

    exact: int | None  # the count itself when short enough to print
    mantissa: str  # four significant digits, truncated ("4.327"), for the scientific form
    exponent: int
    digits: int


def big_count(count: int) -> BigCount:
    """The count split for display: its exact digit count, and its leading digits if it is long."""
    digits = digit_count(count) if count > 0 else 1
    if digits <= EXACT_DIGITS:
        return BigCount(count, "", digits - 1, digits)
    lead = count // 10 ** (digits - 4)  # the first four digits, truncated
    return BigCount(None, f"{lead // 1000}.{lead % 1000:03d}", digits - 1, digits)


#: One row per call of the recursive function, in the order the calls start.
CALLS_SCHEMA: dict[str, str] = {
    "call": "int64",  # 0, 1, ...: the order the calls start
    "parent": "int64",  # the caller's call number (-1 for f(0))
    "i": "int64",  # the position asked for
    "k": "int64",  # the take that led here from the parent (0 for f(0))
    "depth": "int64",  # 1 for f(0), its callees 2, ...
    "start": "int64",  # the event at which the call starts
    "end": "int64",  # the event at which it returns (= start for a base case or a cache hit)
    "kind": "str",  # base | first | again (plain recursion) | base | hit | fill (memo)
    "dp": "int64",  # the answer it returns, in the best-total form: dp[i]
    "diff": "int64",  # the same answer in the score-difference form: 2*dp[i] - suffix[i]
}


def _walk(values: Sequence[int], max_take: int, memo: bool, keep: bool) -> tuple[list[tuple], Counters, int]:
    """Run f(0) with an explicit stack (so any n works), as plain recursion or with a memo; return one
    tuple per call (if keep) in CALLS_SCHEMA's order of columns, the counters, and dp[0]."""
    n = len(values)
    suffix = suffix_sums(list(values))
    store: dict[int, int] = {}
    seen: set[int] = set()
    rows: list[tuple] = []
    stack: list[list[int]] = []  # computing calls: [call, i, parent, k, depth, start, next_k, least, kind]
    pending: tuple[int, int, int] | None = (0, -1, 0)  # (i, parent, k) of the call about to start
    event = calls = hits = deepest = 0
    answer = 0
    while True:
        if pending is not None:
            i, parent, k = pending
            pending = None
            call, depth = calls, len(stack) + 1
            calls += 1
            deepest = max(deepest, depth)
            if i == n or (memo and i in store):
                kind = "base" if i == n else "hit"
                hits += kind == "hit"
                answer = 0 if i == n else store[i]
                if keep:
                    rows.append((call, parent, i, k, depth, event, event, kind, answer, 2 * answer - suffix[i]))
                event += 1
            else:
                kind = "fill" if memo else "again" if i in seen else "first"
                seen.add(i)
                stack.append([call, i, parent, k, depth, event, 1, 1 << 62, kind])
                event += 1
                pending = (i + 1, call, 1)
                continue
        if not stack:
            break
        top = stack[-1]
        top[7] = min(top[7], answer)  # the callee just answered
        call, i, parent, k, depth, start, next_k, least, kind = top
        if next_k < min(max_take, n - i):
            top[6] = next_k + 1
            pending = (i + next_k + 1, call, next_k + 1)
            continue
        stack.pop()
        answer = suffix[i] - least
        if memo:
            store[i] = answer
        if keep:
            rows.append((call, parent, i, k, depth, start, event, kind, answer, 2 * answer - suffix[i]))
        event += 1
    counters = Counters(calls, hits, len(store), len(store), deepest)
    return sorted(rows), counters, answer


def calls_table(values: Sequence[int], max_take: int = 3, memo: bool = False) -> pd.DataFrame:
    """One row per call of f(0)'s recursion on the row (plain, or with a memo): CALLS_SCHEMA."""
    rows, _, _ = _walk(values, max_take, memo, keep=True)
    frame = pd.DataFrame(rows, columns=list(CALLS_SCHEMA)).astype(CALLS_SCHEMA)
    return frame


def run_recursion(values: Sequence[int], max_take: int = 3) -> Run:
    """Plain recursion on the row: run call by call when it makes at most RUN_CALLS calls, else only
    counted (calls by the recurrence; the deepest stack is n + 1, f(0) down to f(n))."""
    n = len(values)
    total = recursion_calls(n, max_take)
    if total <= RUN_CALLS:
        _, counters, dp0 = _walk(values, max_take, memo=False, keep=False)
        return Run("recursion", dp0, counters, measured=True)
    return Run("recursion", None, Counters(calls=total, depth=n + 1), measured=False)


def run_memo(values: Sequence[int], max_take: int = 3) -> Run:
    """Top-down with a memo on the row, run call by call (an explicit stack, so any n works)."""
    _, counters, dp0 = _walk(values, max_take, memo=True, keep=False)
    return Run("memo", dp0, counters, measured=True)


def run_table(sol: Solution) -> Run:
    """The bottom-up table, counted off the solver's own fill: one write per dp step of its trace,
    and every cell dp[0..n] held to the end."""
    trace = sol.trace
    writes = int((trace["phase"] == "dp").sum())
    return Run("table", sol.dp[0], Counters(writes=writes, held=len(sol.positions)), measured=True)


#: One row per slot after each step of the rolling window (and of the K+1-slot ring).
SLOTS_SCHEMA: dict[str, str] = {
    "i": "int64",  # the step: the position whose answer was just written
    "store": "str",  # "window": the K slots, nearest first; "ring": the K+1 slots, dp[j] in slot j % (K+1)
    "slot": "int64",  # 0 .. K-1 (window) or 0 .. K (ring)
    "j": "int64",  # the position whose answer the slot holds (-1: nothing yet)
    "dp": "int64",  # dp[j] (0 when empty)
    "written": "bool",  # this step wrote the slot
}


def run_window(values: Sequence[int], max_take: int = 3, keep: range = range(0)) -> tuple[Run, pd.DataFrame]:
    """The rolling window on the row, measured: at most K answers alive; and the slots (SLOTS_SCHEMA)
    after each step whose position is in `keep` (position n: the state before the first step), for the
    window and for the K+1-slot ring."""
    n = len(values)
    window: deque[tuple[int, int]] = deque([(n, 0)])  # (j, dp[j]) for j = i+1 .. i+K
    ring = [(-1, 0)] * (max_take + 1)
    ring[n % (max_take + 1)] = (n, 0)
    suffix, writes, held = 0, 0, 1
    rows: list[tuple] = []
    if n in keep:  # the state before the first step
        rows += [(n, "window", s, j, d, False) for s, (j, d) in enumerate(window)]
        rows += [(n, "ring", s, j, d, False) for s, (j, d) in enumerate(ring)]
    for i in range(n - 1, -1, -1):
        suffix += values[i]
        best = suffix - min(d for _, d in window)
        if len(window) == max_take:
            window.pop()
        window.appendleft((i, best))
        ring[i % (max_take + 1)] = (i, best)
        writes += 1
        held = max(held, len(window))
        if i in keep:
            rows += [(i, "window", s, j, d, s == 0) for s, (j, d) in enumerate(window)]
            rows += [(i, "ring", s, j, d, s == i % (max_take + 1)) for s, (j, d) in enumerate(ring)]
    slots = pd.DataFrame(rows, columns=list(SLOTS_SCHEMA)).astype(SLOTS_SCHEMA)
    return Run("window", window[0][1], Counters(writes=writes, held=held), measured=True), slots


def ladder(sol: Solution) -> dict[str, Run]:
    """Every rung run on the solved row (plain recursion only counted when too big to run)."""
    values, max_take = sol.values, sol.max_take
    return {
        "recursion": run_recursion(values, max_take),
        "memo": run_memo(values, max_take),
        "table": run_table(sol),
        "window": run_window(values, max_take)[0],
    }


#: One row per (n, rung, counter) of the growth chart.
GROWTH_SCHEMA: dict[str, str] = {
    "n": "int64",
    "approach": "str",  # one of APPROACHES
    "counter": "str",  # one of COUNTERS
    "value": "int64",
    "measured": "bool",  # True: counted by running the rung on a random row of n piles; False: the recurrence
}


def growth(max_take: int = 3, sizes: range = GROWTH_SIZES, seed: int = 1406) -> pd.DataFrame:
    """The counters of every rung for each n in sizes: memo, table and window measured by running them on
    a random row of n piles; plain recursion computed by its recurrence (calls) and n + 1 (depth)."""
    rng = random.Random(seed)
    rows = []
    for n in sizes:
        values = [rng.randint(-9, 9) for _ in range(n)]
        runs = [
            Run("recursion", None, Counters(calls=recursion_calls(n, max_take), depth=n + 1), measured=False),
            run_memo(values, max_take),
            run_table(solve(values, max_take)),
            run_window(values, max_take)[0],
        ]
        for run in runs:
            for counter in COUNTERS:
                rows.append((n, run.approach, counter, getattr(run.counters, counter), run.measured))
    return pd.DataFrame(rows, columns=list(GROWTH_SCHEMA)).astype(GROWTH_SCHEMA)


# --- the two formulations ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Identity:
    """diff[i] (score_difference, computed on its own) against 2*dp[i] - suffix[i], on every position."""

    table: pd.DataFrame  # i, value, suffix, dp, diff, two_dp_minus_suffix, agrees: one row per i in 0..n
    rows: int
    agreeing: int

    @property
    def all_agree(self) -> bool:
        """Whether every row agrees."""
        return self.agreeing == self.rows


def identity(sol: Solution) -> Identity:
    """Check diff[i] = 2*dp[i] - suffix[i] for i = 0..n on the row, diff from score_difference."""
    pos = sol.positions
    diff = np.asarray(score_difference(sol.values, sol.max_take), dtype=np.int64)
    bridge = 2 * pos["dp"].to_numpy() - pos["suffix"].to_numpy()
    table = pd.DataFrame(
        {
            "i": pos["i"],
            "value": pos["value"],
            "suffix": pos["suffix"],
            "dp": pos["dp"],
            "diff": diff,
            "two_dp_minus_suffix": bridge,
            "agrees": diff == bridge,
        }
    )
    return Identity(table, len(table), int(table["agrees"].sum()))
