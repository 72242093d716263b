"""How much a correct student fill costs in "Write it yourself": steps and CPU of the reference loop body (and
of the other two modes) on rows of 8, 200 and 50,000 piles, and on a hidden set of 56 rows like the issue's
(edge rows, k = 1..5, 50 random rows up to 200 piles, one of 50,000 piles), in this process and through the
child-process pool. The goals: <= 1 s of CPU for the rows up to 200 piles, <= 2 s for the 50,000-pile row.

    python scripts/bench_write.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from stonegame.write.budget import limits_for
from stonegame.write.hidden import check_more, hidden_set
from stonegame.write.hidden import random_row as row
from stonegame.write.modes import MODES, REFERENCES, fill
from stonegame.write.run import Pool


def main() -> None:
    """Print the figures."""
    print("mode      piles   steps        steps/pile  CPU ms   (budget: steps, CPU ms)")
    for mode in MODES:
        for n in (8, 200, 50_000):
            o = fill(REFERENCES[mode], mode, row(n, n), 3)
            lim = limits_for(n)
            assert o.kind == "done", o
            print(
                f"{mode:9} {n:6,} {o.steps:12,} {o.steps / n:10.1f} {o.cpu * 1000:8.1f}   "
                f"({lim.steps:,}, {lim.cpu * 1000:,.0f})"
            )
    rows = hidden_set()
    short, long_ = rows[:-1], rows[-1:]
    print(f"\nhidden set: {len(rows)} rows ({len(short)} up to 200 piles, 1 of 50,000)")
    for mode in MODES:
        cpu_short = sum(fill(REFERENCES[mode], mode, v, k).cpu for v, k in short)
        cpu_long = sum(fill(REFERENCES[mode], mode, v, k).cpu for v, k in long_)
        print(
            f"{mode:9} in process: {cpu_short * 1000:7.1f} ms CPU for the short rows (goal 1,000), "
            f"{cpu_long * 1000:7.1f} ms for the long one (goal 2,000)"
        )
    pool = Pool(2)
    try:
        for mode in MODES:
            started = time.perf_counter()
            outcomes = pool.run(REFERENCES[mode], mode, rows)
            wall = time.perf_counter() - started
            assert all(o.kind == "done" for o in outcomes), [o for o in outcomes if o.kind != "done"][:1]
            cpu = sum(o.cpu for o in outcomes)
            print(
                f"{mode:9} through the pool: {wall * 1000:7.1f} ms wall, {cpu * 1000:7.1f} ms CPU in the child, "
                f"all 56 rows"
            )
        print("\ncheck_more (the current row + the 56 hidden rows, compared with the truth in this process):")
        for mode in MODES:
            started, wall = time.process_time(), time.perf_counter()
            result = check_more(REFERENCES[mode], mode, [1, 2, 3, 7], 3, runner=pool)
            parent, wall = time.process_time() - started, time.perf_counter() - wall
            assert result.all_pass, result
            print(
                f"{mode:9} passes {result.passed} of {result.total}: child CPU {result.cpu_short * 1000:6.1f} ms "
                f"for the rows up to 200 piles (goal 1,000), {result.cpu_long * 1000:6.1f} ms for the 50,000-pile "
                f"row (goal 2,000); server CPU (this process: compare, pipe) {parent * 1000:6.1f} ms; "
                f"wall {wall * 1000:6.1f} ms"
            )
    finally:
        pool.close()


if __name__ == "__main__":
    main()
