"""A class's "write" answers put in groups by what they do: each student's loop body run on the question's row
in the write pool's child processes (run.py, never in this interpreter), its tables diagnosed (mistakes.py),
and the code's group one of stonegame.room.WRITE_GROUPS:

    right      both tables are the true ones on the row
    <mistake>  the tables are exactly one named mistake's (max_not_min, window_early, ...: MISTAKES' order)
    other      the tables are wrong in a way no named mistake makes
    refused    the code is refused before running, stops with an error, or runs out of its budget

A group is kept per fingerprint of (code, row, k), so a class of 1,000 sending the same code costs one run: the
first caller runs it, the others wait for its result. A run the pool is too busy to start is no group (None):
the caller says so and the student sends again.

    group_of("dp[i] = suffix[i] - max(dp[i + 1:i + k + 1])", (5, -3, 8), 3)   # "max_not_min"
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future

from stonegame.write import run as pool
from stonegame.write.mistakes import diagnose_outcome
from stonegame.write.modes import Outcome

KEPT = 4096  # groups kept (least recently used dropped first)
Runner = Callable[[str, list[int], int], Outcome]

_GROUPS: OrderedDict[str, Future[str | None]] = OrderedDict()
_LOCK = threading.Lock()


def fingerprint(code: str, values: Sequence[int], k: int) -> str:
    """SHA-256 of the code, the row and k: the key of the code's group on that row."""
    text = f"{k}|{','.join(map(str, values))}|{code}"
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()


def group_outcome(outcome: Outcome, values: Sequence[int], k: int) -> str | None:
    """The group of one run's outcome on the row: refused for a refusal, error or stop, right, the named
    mistake the tables match, or other; None when the pool was too busy to run it (no verdict on the code)."""
    if outcome.kind == "stopped" and outcome.key == "write_busy":
        return None
    found = diagnose_outcome(outcome, list(values), k)
    if found is None:
        return "refused"
    if found.right:
        return "right"
    return found.mistake or "other"


def _run_body(code: str, values: list[int], k: int) -> Outcome:
    """The loop body run on the row in the write pool (a child process)."""
    return pool.run(code, "body", values, k)


def group_of(code: str, values: Sequence[int], k: int, runner: Runner = _run_body) -> str | None:
    """The code's group on the row (see the module's table), run at most once per fingerprint by `runner`:
    a caller that finds the same code being run waits for that run. Blocks for the run: call it from a worker
    thread, never the event loop. None (not kept) when the pool was busy."""
    key = fingerprint(code, values, k)
    with _LOCK:
        future = _GROUPS.get(key)
        mine = future is None
        if mine:
            future = _GROUPS[key] = Future()
            while len(_GROUPS) > KEPT:
                _GROUPS.popitem(last=False)
        else:
            _GROUPS.move_to_end(key)
    assert future is not None
    if not mine:
        return future.result()
    try:
        group = group_outcome(runner(code, list(values), k), values, k)
    except BaseException:
        _forget(key)
        future.set_result(None)
        raise
    if group is None:
        _forget(key)
    future.set_result(group)
    return group


def _forget(key: str) -> None:
    """Drop the key's group (a busy pool's None is no verdict: the next caller runs it again)."""
    with _LOCK:
        _GROUPS.pop(key, None)


def clear() -> None:
    """Forget every group (for tests)."""
    with _LOCK:
        _GROUPS.clear()
