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

Tables, one row per observation (schemas below): calls_table (a call), slots_table (a window slot
after a step), growth (n, rung, counter), identity (a position: diff[i] against 2*dp[i] - suffix[i]).
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, get_args

import numpy as np
import pandas as pd

from stonegame.solver import Solution, score_difference, solve, suffix_sums
from stonegame.terms import Form

Rung = Literal["recursion", "memo", "table", "window"]
Counter = Literal["calls", "hits", "writes", "held", "depth"]
APPROACHES: tuple[Rung, ...] = get_args(Rung)
COUNTERS: tuple[Counter, ...] = get_args(Counter)
APPLIES: dict[Rung, tuple[Counter, ...]] = {  # the counters that mean something for each rung (others: "—")
    "recursion": ("calls", "writes", "held", "depth"),  # writes and held: 0, it stores nothing
    "memo": COUNTERS,
    "table": ("writes", "held"),
    "window": ("writes", "held"),
}
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
LISTINGS: dict[tuple[str, Form], Listed] = {
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

    approach: Rung
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


class Call(NamedTuple):
    """One call of the recursive function: a row of the call table (CALLS_SCHEMA)."""

    call: int
    parent: int
    i: int
    k: int
    depth: int
    start: int
    end: int
    kind: str
    dp: int
    diff: int


@dataclass
class _Open:
    """A call still computing: it has started `taken` of its callees and keeps the least answer so far."""

    call: int
    i: int
    parent: int
    k: int
    depth: int
    start: int
    kind: str
    taken: int = 0
    least: int = 1 << 62


@dataclass
class _Walk:
    """f(0) run with an explicit stack (so any n works), as plain recursion or with a memo: the calls
    still computing, the memo, and the counts so far."""

    suffix: list[int]
    max_take: int
    memo: bool
    keep: bool  # record one Call per call
    store: dict[int, int] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)
    stack: list[_Open] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    event: int = 0
    count: int = 0
    hits: int = 0
    deepest: int = 0

    def enter(self, i: int, parent: int, k: int) -> int | None:
        """Start f(i), called by `parent` with take k: a base case or a cache hit answers at once (its
        answer returned), any other call is put on the stack (None returned)."""
        n, call, depth = len(self.suffix) - 1, self.count, len(self.stack) + 1
        self.count += 1
        self.deepest = max(self.deepest, depth)
        if i < n and not (self.memo and i in self.store):
            kind = "fill" if self.memo else "again" if i in self.seen else "first"
            self.seen.add(i)
            self.stack.append(_Open(call, i, parent, k, depth, self.event, kind))
            self.event += 1
            return None
        kind = "base" if i == n else "hit"
        self.hits += kind == "hit"
        answer = 0 if i == n else self.store[i]
        self._record(_Open(call, i, parent, k, depth, self.event, kind), answer)
        return answer

    def leave(self) -> int:
        """Return from the call on top of the stack (all its callees answered): its answer, stored in
        the memo if there is one."""
        top = self.stack.pop()
        answer = self.suffix[top.i] - top.least
        if self.memo:
            self.store[top.i] = answer
        self._record(top, answer)
        return answer

    def _record(self, call: _Open, answer: int) -> None:
        """The call ends at this event (kept as a Call if asked to)."""
        if self.keep:
            diff = 2 * answer - self.suffix[call.i]
            self.calls.append(
                Call(
                    call.call, call.parent, call.i, call.k, call.depth, call.start, self.event, call.kind, answer, diff
                )
            )
        self.event += 1


class Walked(NamedTuple):
    """What a walk of f(0) found: one Call per call (if kept, in call order), the counters, and dp[0]."""

    calls: list[Call]
    counters: Counters
    dp0: int


def walk(values: Sequence[int], max_take: int, memo: bool, keep: bool) -> Walked:
    """Run f(0) on the row with an explicit stack, as plain recursion or with a memo: each computing call
    starts its callees f(i+1), f(i+2), ... one after another, and returns once the last has answered."""
    state = _Walk(suffix_sums(list(values)), max_take, memo, keep)
    answer = state.enter(0, -1, 0)
    while state.stack:
        top = state.stack[-1]
        if answer is not None:
            top.least = min(top.least, answer)
        if top.taken < min(max_take, len(values) - top.i):
            top.taken += 1
            answer = state.enter(top.i + top.taken, top.call, top.taken)
        else:
            answer = state.leave()
    counters = Counters(state.count, state.hits, len(state.store), len(state.store), state.deepest)
    return Walked(sorted(state.calls), counters, answer)


def calls_table(values: Sequence[int], max_take: int = 3, memo: bool = False) -> pd.DataFrame:
    """One row per call of f(0)'s recursion on the row (plain, or with a memo): CALLS_SCHEMA."""
    return pd.DataFrame(walk(values, max_take, memo, keep=True).calls, columns=list(CALLS_SCHEMA)).astype(CALLS_SCHEMA)


def counted_recursion(n: int, max_take: int = 3) -> Run:
    """Plain recursion on n piles, counted without running it: C(n) calls, f(0) down to f(n) deep."""
    return Run("recursion", None, Counters(calls=recursion_calls(n, max_take), depth=n + 1), measured=False)


def run_recursion(values: Sequence[int], max_take: int = 3) -> Run:
    """Plain recursion on the row: run call by call when it makes at most RUN_CALLS calls, else only
    counted (counted_recursion)."""
    if recursion_calls(len(values), max_take) > RUN_CALLS:
        return counted_recursion(len(values), max_take)
    walked = walk(values, max_take, memo=False, keep=False)
    return Run("recursion", walked.dp0, walked.counters, measured=True)


def run_memo(values: Sequence[int], max_take: int = 3) -> Run:
    """Top-down with a memo on the row, run call by call (an explicit stack, so any n works)."""
    walked = walk(values, max_take, memo=True, keep=False)
    return Run("memo", walked.dp0, walked.counters, measured=True)


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


class Kept(NamedTuple):
    """An answer kept in a slot: dp[j] (j = -1, dp = 0: an empty slot)."""

    j: int
    dp: int


class Slot(NamedTuple):
    """One slot after one step: a row of the slots table (SLOTS_SCHEMA)."""

    i: int
    store: str
    slot: int
    j: int
    dp: int
    written: bool


def _slots(i: int, window: Sequence[Kept], ring: Sequence[Kept], wrote: bool) -> list[Slot]:
    """The window's and the ring's slots after the step at i; if it `wrote`, the window's slot 0 and
    the ring's slot i % (K+1) were just written."""
    rows = [Slot(i, "window", s, kept.j, kept.dp, wrote and s == 0) for s, kept in enumerate(window)]
    return rows + [Slot(i, "ring", s, kept.j, kept.dp, wrote and s == i % len(ring)) for s, kept in enumerate(ring)]


class Windowed(NamedTuple):
    """The rolling window run on a row: the Run, and the slots kept at the steps asked for (SLOTS_SCHEMA)."""

    run: Run
    slots: pd.DataFrame


def run_window(values: Sequence[int], max_take: int = 3, keep: range = range(0)) -> Windowed:
    """The rolling window on the row, measured: at most K answers alive; and the slots (SLOTS_SCHEMA)
    after each step whose position is in `keep` (position n: the state before the first step), for the
    window and for the K+1-slot ring."""
    n = len(values)
    window = deque([Kept(n, 0)])  # dp[j] for j = i+1 .. i+K, nearest first
    ring = [Kept(-1, 0)] * (max_take + 1)
    ring[n % (max_take + 1)] = Kept(n, 0)
    rows = _slots(n, window, ring, wrote=False) if n in keep else []  # the state before the first step
    suffix, held = 0, 1
    for i in range(n - 1, -1, -1):
        suffix += values[i]
        best = suffix - min(kept.dp for kept in window)
        if len(window) == max_take:
            window.pop()
        window.appendleft(Kept(i, best))
        ring[i % (max_take + 1)] = Kept(i, best)
        held = max(held, len(window))
        rows += _slots(i, window, ring, wrote=True) if i in keep else []
    slots = pd.DataFrame(rows, columns=list(SLOTS_SCHEMA)).astype(SLOTS_SCHEMA)
    return Windowed(Run("window", window[0].dp, Counters(writes=n, held=held), measured=True), slots)


def ladder(sol: Solution) -> dict[Rung, Run]:
    """Every rung run on the solved row (plain recursion only counted when too big to run)."""
    values, max_take = sol.values, sol.max_take
    return {
        "recursion": run_recursion(values, max_take),
        "memo": run_memo(values, max_take),
        "table": run_table(sol),
        "window": run_window(values, max_take).run,
    }


#: One row per (n, rung, counter) of the growth chart.
GROWTH_SCHEMA: dict[str, str] = {
    "n": "int64",
    "approach": "str",  # one of APPROACHES
    "counter": "str",  # one of COUNTERS
    "value": "int64",
    "measured": "bool",  # True: counted by running the rung on a random row of n piles; False: the recurrence
}


class Grown(NamedTuple):
    """One counter of one rung at one n: a row of the growth table (GROWTH_SCHEMA)."""

    n: int
    approach: Rung
    counter: Counter
    value: int
    measured: bool


def growth(max_take: int = 3, sizes: range = GROWTH_SIZES, seed: int = 1406) -> pd.DataFrame:
    """The counters of every rung for each n in sizes: memo, table and window measured by running them on
    a random row of n piles; plain recursion counted (counted_recursion)."""
    rng = random.Random(seed)
    rows = []
    for n in sizes:
        values = [rng.randint(-9, 9) for _ in range(n)]
        runs = [
            counted_recursion(n, max_take),
            run_memo(values, max_take),
            run_table(solve(values, max_take)),
            run_window(values, max_take).run,
        ]
        rows += [Grown(n, run.approach, c, getattr(run.counters, c), run.measured) for run in runs for c in COUNTERS]
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
