"""The one bounded cache, for the core (chart templates) and the app (ui/cache.py, the render service).

Vocabulary:
    policy    a memo's bounds (Policy): max_entries; ttl, the seconds an entry lives; max_bytes over
              the entries' sizes (sizeof); big and idle, an entry of at least `big` bytes unused for
              `idle` seconds goes at the next sweep
    memo      a thread-safe least-recently-used map under one policy, with a lock per key being computed
    sweep     dropping what has expired or gone idle (the app runs one thread that sweeps its memos)

Why not cachetools: its caches bound one total (entries, or summed sizes, not both) and drop nothing
for being idle, and its decorators hold one lock for the whole cache. Here a lock per key means two
sessions asking for one new row solve it once, and dropping big idle entries means a server whose
visitors have gone keeps no long row. Pure Python (threading; no Streamlit).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


@dataclass(frozen=True)
class Policy:
    """A memo's bounds (see the module's vocabulary): by default only the number of entries."""

    max_entries: int
    ttl: float = math.inf
    max_bytes: int | None = None
    sizeof: Callable[[Any], int] | None = None
    big: int = 0
    idle: float = math.inf


class _Entry:
    """One cached value, its estimated size, when it was made and when it was last used."""

    __slots__ = ("made", "size", "used", "value")

    def __init__(self, value: object, size: int, now: float) -> None:
        self.value, self.size, self.made, self.used = value, size, now, now


class Memo(Generic[K, V]):
    """A thread-safe least-recently-used map bounded by a Policy (see the module's vocabulary)."""

    def __init__(self, policy: Policy, name: str = "", clock: Callable[[], float] = time.monotonic) -> None:
        self.policy, self.name, self.clock = policy, name, clock
        self._entries: OrderedDict[K, _Entry] = OrderedDict()
        self._computing: dict[K, threading.Lock] = {}
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value under key if it is there and has not expired (now the most recently used), else None."""
        with self._lock:
            found = self._fresh(key)
        return None if found is None else found.value

    def get_or_compute(self, key: K, compute: Callable[[], V]) -> V:
        """The value under key, else compute() (once, however many threads ask at a time), kept and returned."""
        with self._lock:
            found = self._fresh(key)
            if found is not None:
                return found.value
            computing = self._computing.setdefault(key, threading.Lock())
        with computing:
            return self._computed(key, compute)

    def _computed(self, key: K, compute: Callable[[], V]) -> V:
        """The value the thread this one waited for kept under key, else compute(), kept (the key's lock is held)."""
        with self._lock:
            found = self._fresh(key)
        if found is not None:
            return found.value
        try:
            value = compute()
            self.put(key, value)
        finally:
            with self._lock:
                self._computing.pop(key, None)
        return value

    def put(self, key: K, value: V) -> None:
        """Keep value under key, then drop the least recently used entries until the bounds hold (a
        value alone over the byte bound is not kept)."""
        size = self.policy.sizeof(value) if self.policy.sizeof else 0
        if self.policy.max_bytes is not None and size > self.policy.max_bytes:
            return
        with self._lock:
            self._drop(key)
            self._entries[key] = _Entry(value, size, self.clock())
            self._bytes += size
            while len(self._entries) > self.policy.max_entries or self._over_bytes():
                self._drop(next(iter(self._entries)))

    def sweep(self, now: float | None = None) -> int:
        """Drop the entries that have expired, and the big ones unused for `idle` seconds; how many."""
        now = self.clock() if now is None else now
        with self._lock:
            old = [key for key, entry in self._entries.items() if self._stale(entry, now)]
            for key in old:
                self._drop(key)
        return len(old)

    def clear(self) -> None:
        """Forget every entry."""
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    def keys(self) -> list[K]:
        """The keys held now, least recently used first."""
        with self._lock:
            return list(self._entries)

    def values(self) -> list[V]:
        """The values held now, least recently used first."""
        with self._lock:
            return [entry.value for entry in self._entries.values()]

    def __iter__(self) -> Iterator[K]:
        """The keys held now, least recently used first (a snapshot: the memo may change meanwhile)."""
        return iter(self.keys())

    def __len__(self) -> int:
        """How many entries are held."""
        return len(self._entries)

    @property
    def size(self) -> int:
        """The estimated bytes held (0 under a policy without sizeof)."""
        return self._bytes

    # --- the lock is held ---

    def _fresh(self, key: K) -> _Entry | None:
        """The entry under key if it has not expired, now the most recently used."""
        entry = self._entries.get(key)
        now = self.clock()
        if entry is None or now - entry.made >= self.policy.ttl:
            return None
        entry.used = now
        self._entries.move_to_end(key)
        return entry

    def _stale(self, entry: _Entry, now: float) -> bool:
        """Whether the entry has expired, or is big and has been unused for `idle` seconds."""
        policy = self.policy
        return now - entry.made >= policy.ttl or (entry.size >= policy.big and now - entry.used >= policy.idle)

    def _over_bytes(self) -> bool:
        """Whether the entries' sizes add up to more than max_bytes."""
        return self.policy.max_bytes is not None and self._bytes > self.policy.max_bytes

    def _drop(self, key: K) -> None:
        """Forget the entry under key, if any."""
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._bytes -= entry.size
