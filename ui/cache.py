"""The app's own caches: bounded in entries and time (solved rows also in bytes), thread-safe, and out
of reach of a visitor's `clear_cache` message (which empties st.cache_data and st.cache_resource for
everybody: the app uses neither).

Vocabulary:
    policy    a cache's bounds, as keyword arguments of `cached`: max_entries, ttl (seconds an entry
              lives), and for solved rows max_bytes (over the entries' estimated sizes), big and idle
              (an entry of at least `big` bytes unused for `idle` seconds is dropped)
    memo      one function's cache: a least-recently-used map from the call's key to its value, with
              a lock per key being computed, so two sessions asking for one new row solve it once
    key       the call's arguments, except those whose parameter name starts with "_" (as with
              st.cache_resource: `_sol` rides along, the row's digest before it names it)
    sweep     every SWEEP_EVERY seconds a daemon thread drops what has expired or gone idle in every
              memo, then asks the C allocator to hand freed memory back to the system

A row is cached under a digest of its values (state.digest): hashing a digest is instant, where
hashing a tuple of 50,000 ints would cost more than solving it. Values are shared read-only between
sessions (a Solution is frozen); nothing here copies them.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import inspect
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ParamSpec, TypeVar

from stonegame import Solution, solve
from ui import state

P = ParamSpec("P")
R = TypeVar("R")

# The policies: every cached call is bounded in entries and kept at most an hour.
CACHE = {"max_entries": 64, "ttl": 3600.0}  # small things: the explainer's specs, counts
PAGE = {**CACHE, "max_entries": 32}  # a page group's heavier charts and tables (the ladder, the game, the quiz)
ONCE = {"max_entries": 1, "ttl": float("inf")}  # one value for the process's life (the Vega bundle)
# Files made in this process (ui/files.made): the trace as CSV and JSON, the trace page's tables, the HTML page.
FILES = {**CACHE, "max_entries": 32, "max_bytes": 64 * 2**20, "sizeof": len}
SOLUTION_BYTES_PER_PILE = 440  # a Solution with its three trace tables: ~22 MB at 50,000 piles (measured)
# Solved rows: at most 120 MB of them at once (5 rows of 50,000 piles: 120 new-seed 50,000-pile links
# after the download bursts peaked at 568 MB with 160, close to issue 14's 600), and a row of 10,000 piles
# or more unused for a minute is dropped, so a server whose visitors have gone keeps none of them.
SOLUTIONS = {
    **CACHE,
    "max_bytes": 120 * 2**20,
    "big": 10_000 * SOLUTION_BYTES_PER_PILE,
    "idle": 60.0,
}
SWEEP_EVERY = 10.0  # seconds between two sweeps (sampling the clock, not synchronising anything)

digest = state.digest  # the row's fingerprint (pages and ui modules call it cache.digest)


class _Entry:
    """One cached value, its estimated size, when it was made and when it was last used."""

    __slots__ = ("made", "size", "used", "value")

    def __init__(self, value: object, size: int, now: float) -> None:
        self.value, self.size, self.made, self.used = value, size, now, now


class Memo:
    """A thread-safe least-recently-used cache of one function's results (see the module's vocabulary)."""

    def __init__(
        self,
        name: str,
        max_entries: int,
        ttl: float,
        max_bytes: int | None = None,
        sizeof: Callable[[Any], int] | None = None,
        big: int = 0,
        idle: float | None = None,
    ) -> None:
        self.name, self.max_entries, self.ttl = name, max_entries, ttl
        self.max_bytes, self.sizeof, self.big, self.idle = max_bytes, sizeof, big, idle
        self._entries: OrderedDict[Hashable, _Entry] = OrderedDict()
        self._computing: dict[Hashable, threading.Lock] = {}
        self._bytes = 0
        self._lock = threading.Lock()
        MEMOS.add(self)
        _start_sweeper()

    def get(self, key: Hashable, compute: Callable[[], R]) -> R:
        """The value cached under key, else compute() (once, however many threads ask at a time),
        cached and returned."""
        with self._lock:
            found = self._fresh(key)
            if found is not None:
                return found.value
            computing = self._computing.setdefault(key, threading.Lock())
        with computing:
            with self._lock:
                found = self._fresh(key)  # computed by the thread this one waited for
            if found is not None:
                return found.value
            try:
                value = compute()
                self._put(key, value)
            finally:
                with self._lock:
                    self._computing.pop(key, None)
            return value

    def peek(self, key: Hashable) -> Any:
        """The value cached under key if it is there and fresh (now the most recently used), else None."""
        with self._lock:
            found = self._fresh(key)
            return None if found is None else found.value

    def _fresh(self, key: Hashable) -> _Entry | None:
        """The entry under key if it has not expired, now the most recently used (the lock is held)."""
        entry = self._entries.get(key)
        now = time.monotonic()
        if entry is None or now - entry.made >= self.ttl:
            return None
        entry.used = now
        self._entries.move_to_end(key)
        return entry

    def _put(self, key: Hashable, value: object) -> None:
        """Keep value under key, then drop the least recently used entries until the bounds hold (a
        value alone over the byte bound is not kept)."""
        size = self.sizeof(value) if self.sizeof else 0
        if self.max_bytes is not None and size > self.max_bytes:
            return
        with self._lock:
            self._drop(key)
            self._entries[key] = _Entry(value, size, time.monotonic())
            self._bytes += size
            while len(self._entries) > self.max_entries or (
                self.max_bytes is not None and self._bytes > self.max_bytes
            ):
                self._drop(next(iter(self._entries)))

    def _drop(self, key: Hashable) -> None:
        """Forget the entry under key, if any (the lock is held)."""
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._bytes -= entry.size

    def sweep(self, now: float | None = None) -> int:
        """Drop the entries that have expired, and the big ones unused for `idle` seconds; how many."""
        now = time.monotonic() if now is None else now
        with self._lock:
            old = [
                key
                for key, entry in self._entries.items()
                if now - entry.made >= self.ttl
                or (self.idle is not None and entry.size >= self.big and now - entry.used >= self.idle)
            ]
            for key in old:
                self._drop(key)
        return len(old)

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    def values(self) -> list[object]:
        """The values held now, least recently used first."""
        with self._lock:
            return [entry.value for entry in self._entries.values()]

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def size(self) -> int:
        """The estimated bytes held (0 for a memo without sizeof)."""
        return self._bytes


MEMOS: weakref.WeakSet[Memo] = weakref.WeakSet()


def cached(
    max_entries: int,
    ttl: float,
    max_bytes: int | None = None,
    sizeof: Callable[[Any], int] | None = None,
    big: int = 0,
    idle: float | None = None,
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A decorator in place of @st.cache_resource(**policy): the function's results kept in its own
    Memo (as `.memo`; `.clear()` empties it; `.peek(*args)` is the cached result or None, computing
    nothing), keyed by its arguments except those named _x."""

    def wrap(function: Callable[P, R]) -> Callable[P, R]:
        signature = inspect.signature(function)
        memo = Memo(function.__qualname__, max_entries, ttl, max_bytes, sizeof, big, idle)

        def key_of(*args: Any, **kwargs: Any) -> tuple[Any, ...]:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            return tuple(value for name, value in bound.arguments.items() if not name.startswith("_"))

        @functools.wraps(function)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            return memo.get(key_of(*args, **kwargs), lambda: function(*args, **kwargs))

        def peek(*args: Any, **kwargs: Any) -> Any:
            return memo.peek(key_of(*args, **kwargs))

        call.memo, call.clear, call.peek = memo, memo.clear, peek  # type: ignore[attr-defined]
        return call

    return wrap


# --- the sweeper -------------------------------------------------------------------------------

_SWEEPER: threading.Thread | None = None
_SWEEPER_LOCK = threading.Lock()


def sweep_all() -> int:
    """Sweep every memo; if anything was dropped, hand freed memory back to the system (glibc's
    malloc_trim: a 50,000-pile row's tables are many small blocks). How many entries were dropped."""
    dropped = sum(memo.sweep() for memo in list(MEMOS))
    if dropped:
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6").malloc_trim(0)
    return dropped


def _sweep_forever() -> None:
    while True:
        time.sleep(SWEEP_EVERY)  # a period: nothing waits for the sweep
        sweep_all()


def _start_sweeper() -> None:
    """Start the one daemon thread that sweeps every SWEEP_EVERY seconds (once per process)."""
    global _SWEEPER
    with _SWEEPER_LOCK:
        if _SWEEPER is None:
            _SWEEPER = threading.Thread(target=_sweep_forever, name="cache-sweeper", daemon=True)
            _SWEEPER.start()


# --- solved rows -------------------------------------------------------------------------------


def solution_bytes(sol: Solution) -> int:
    """What a solved row takes once its trace tables are built (SOLUTION_BYTES_PER_PILE per pile)."""
    return SOLUTION_BYTES_PER_PILE * (sol.n + 1)


@cached(**SOLUTIONS, sizeof=solution_bytes)
def _solved(key: str, _values: Sequence[int], max_take: int) -> Solution:
    """The solved row for this digest (shared read-only between sessions: Solution is frozen)."""
    return solve(list(_values), max_take)


def solution(values: Sequence[int], max_take: int = 3) -> Solution:
    """The solved row (moves of 1..max_take piles), from the cache when it was solved before."""
    return _solved(digest(values), values, max_take)
