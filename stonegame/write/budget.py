"""The budgets a student's run gets, and the meter that spends them.

A step is one visit of an expression node, one pass through a loop's header, or one element a built-in
touches (min, max, sum, a slice, `[0] * n`, a list literal). Steps scale with the row: the reference fills
cost 28 (loop body), 41 (whole loop) and 86 (whole function, with an inner loop) steps per pile
(scripts/bench_write.py), i.e. 1.4 M, 2.1 M and 4.3 M steps on the 50,000-pile row, so a fixed 2,000,000
would refuse two of them there. BASE_STEPS + STEPS_PER_PILE·n with 200 per pile gives the wordiest of them
2.3 times its cost (7 times for the body) and still stops an O(n²) fill (~1.25·10⁹ steps on 50,000 piles)
within its first 1 %.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from stonegame.write.stop import stopped

BASE_STEPS = 2_000_000
STEPS_PER_PILE = 200  # the reference fills cost 28-86 steps per pile (bench_write.py)
BASE_CPU = 0.2  # seconds of CPU for an ordinary row (the 200 ms)
MAX_CPU = 2.0  # seconds, the 50,000-pile row (the 2 s)
CPU_PER_PILE = (MAX_CPU - BASE_CPU) / 50_000
MAX_ITEMS = 100_000  # items in one list
MAX_INT = 10**18  # magnitude of a whole number
MAX_CODE = 4_000  # characters of code, checked before ast.parse
MAX_DEPTH = 60  # nesting of expressions and blocks
CHECK_EVERY = 20_000  # steps between two looks at the clock


@dataclass(frozen=True)
class Limits:
    """What one run may spend: steps and seconds of CPU."""

    steps: int
    cpu: float


def limits_for(n: int) -> Limits:
    """The budgets for a row of n piles: BASE_STEPS + STEPS_PER_PILE·n steps and 0.2 s of CPU plus
    36 µs per pile (2 s at 50,000 piles)."""
    return Limits(BASE_STEPS + STEPS_PER_PILE * n, min(MAX_CPU, BASE_CPU + CPU_PER_PILE * n))


class Meter:
    """Counts the steps of one run and looks at the CPU clock every CHECK_EVERY steps.

    The hot path is inline in the compiled closures: `m.steps += c; if m.steps > m.check_at: m.tick(node)`.
    """

    __slots__ = ("check_at", "deadline", "limits", "started", "steps")

    def __init__(self, limits: Limits) -> None:
        """A fresh meter: no steps spent, the clock started now."""
        self.limits = limits
        self.steps = 0
        self.started = time.process_time()
        self.deadline = self.started + limits.cpu
        self.check_at = min(limits.steps, CHECK_EVERY)

    def tick(self, node: object) -> None:
        """Past the next check: stop if the steps or the CPU time are spent, else set the next check."""
        if self.steps > self.limits.steps:
            raise stopped("write_steps", node, steps=self.limits.steps)
        if time.process_time() > self.deadline:
            raise stopped("write_cpu", node, ms=round(self.limits.cpu * 1000))
        self.check_at = min(self.limits.steps, self.steps + CHECK_EVERY)

    def charge(self, count: int, node: object) -> None:
        """Spend `count` steps before doing the work they pay for (so a huge request stops unallocated)."""
        self.steps += count
        if self.steps > self.check_at:
            self.tick(node)

    def cpu(self) -> float:
        """Seconds of CPU spent since the meter started."""
        return time.process_time() - self.started
