"""Run a student's code in a small pool of pre-started child processes (stonegame/write/child.py).

The interpreter's own budgets decide every result; the child's RLIMIT_AS and RLIMIT_CPU and the wall-clock
kill here are the lines behind them. A child that is killed or dies is replaced at once; a caller that finds
no idle child within WAIT seconds is told the runs are busy instead of queueing without end.

    pool = Pool(size=2)
    outcomes = pool.run(code, "body", [(values, k), ...])   # one Outcome per row
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from stonegame.write.budget import MAX_CODE, limits_for
from stonegame.write.modes import MODES, Mode, Outcome

ROOT = Path(__file__).resolve().parents[2]
WAIT = 5.0  # seconds a caller waits for an idle child
SLACK = 1.0  # seconds of wall clock a request gets beyond its rows' CPU budgets (times 1.5)


class Worker:
    """One child process and its pipes."""

    def __init__(self) -> None:
        """Start the child and wait for its "ready" line."""
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "stonegame.write.child"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={"PATH": os.environ.get("PATH", ""), "PYTHONHASHSEED": "0"},
        )
        self.buffer = b""
        self.closed = False  # the child closed its end: it died
        if self.read_line(time.monotonic() + 30) != b'"ready"':
            self.kill()
            raise RuntimeError("the write child did not start")

    @property
    def pid(self) -> int:
        """The child's process id."""
        return self.proc.pid

    def read_line(self, deadline: float) -> bytes | None:
        """The child's next line, or None if it closes its pipe or the deadline passes first."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                self.closed = True
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def ask(self, request: dict[str, Any], seconds: float) -> list[dict[str, Any]] | None:
        """Send one request and wait at most `seconds` for its answer; None if the child died or was too slow."""
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            self.proc.stdin.flush()
        except OSError:  # a broken pipe: the child died
            self.closed = True
            return None
        line = self.read_line(time.monotonic() + seconds)
        return None if line is None else json.loads(line)

    def kill(self) -> None:
        """End the child (it may already be gone) and reap it."""
        self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()


def why_stopped(worker: Worker) -> str:
    """The words key for a child that gave no answer: still alive means too slow (the wall clock ends it);
    ended by SIGXCPU means its CPU limit; ended any other way means the system ended it (memory, most often)."""
    code = worker.proc.poll()
    if code is None and not worker.closed:
        return "write_killed"
    if code is None:  # closed its pipe but not yet reaped
        code = worker.proc.wait(timeout=1)
    return "write_cpu_limit" if code == -signal.SIGXCPU else "write_ended"


class Pool:
    """`size` pre-started children; run() lends one per request and replaces it if it had to be killed."""

    def __init__(self, size: int = 2) -> None:
        """Start `size` children."""
        self.idle: queue.Queue[Worker] = queue.Queue()
        self.size = size
        self.replaced = 0
        for _ in range(size):
            self.idle.put(Worker())

    def run(self, code: str, mode: Mode, rows: Sequence[tuple[Sequence[int], int]]) -> list[Outcome]:
        """The code run on each row, one Outcome each (a refusal before running stands for every row)."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}")
        if len(code) > MAX_CODE:  # checked here too, so a huge text never crosses the pipe
            return [Outcome("refused", "write_too_long", {"size": len(code), "most": MAX_CODE})]
        try:
            worker = self.idle.get(timeout=WAIT)
        except queue.Empty:
            return [Outcome("stopped", "write_busy")]
        seconds = 1.5 * sum(limits_for(len(v)).cpu for v, _ in rows) + SLACK
        request = {"code": code, "mode": mode, "rows": [[list(v), k] for v, k in rows]}
        try:
            answer = worker.ask(request, seconds)
        except Exception:
            answer = None
        if answer is None:
            key = why_stopped(worker)
            worker.kill()
            self._replacement()
            return [Outcome("stopped", key, {"seconds": seconds} if key == "write_killed" else {})]
        self.idle.put(worker)
        return [Outcome(**a) for a in answer]

    def _replacement(self) -> Worker:
        """A new child in place of one that was killed, put back in the idle queue."""
        worker = Worker()
        self.replaced += 1
        self.idle.put(worker)
        return worker

    def pids(self) -> list[int]:
        """The process ids of the idle children (for tests)."""
        return [w.pid for w in list(self.idle.queue)]

    def close(self) -> None:
        """End every idle child."""
        while True:
            try:
                self.idle.get_nowait().kill()
            except queue.Empty:
                return


_POOL: Pool | None = None
_LOCK = threading.Lock()


def pool() -> Pool:
    """The process's one pool of two children, started on first use and ended at exit."""
    global _POOL
    with _LOCK:
        if _POOL is None:
            _POOL = Pool(2)
            atexit.register(_POOL.close)
        return _POOL


def run(code: str, mode: Mode, values: Sequence[int], k: int) -> Outcome:
    """The student's code run on one row in a child process."""
    return pool().run(code, mode, [(values, k)])[0]


def check(code: str, mode: Mode, rows: Sequence[tuple[Sequence[int], int]]) -> list[Outcome]:
    """The student's code run on many rows (the hidden set) in one child process."""
    return pool().run(code, mode, rows)
