"""A circuit breaker for a store that can hang (a redis-server stopped, a network that drops packets):
a call that timed out opens the circuit, and while it is open every call fails at once with StoreDown
instead of waiting out a timeout of its own, so a class's requests do not queue up behind one another;
`seconds` later one call at a time tries again (the probe), and the first answer closes the circuit.

    check()      StoreDown now if a call would be refused (open, or a probe is out); claims nothing
    attempt()    a context around one call to the store: refused as check() says, else let through
                 (as the probe, if one is due); a timeout inside opens the circuit, an answer closes it
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from ui.server.rooms.store import Clock, StoreDown


class Circuit:
    """Open for `seconds` after a call raised one of `timeouts`; closed again by the first call answered."""

    def __init__(
        self, seconds: float, timeouts: tuple[type[BaseException], ...], clock: Clock = time.monotonic
    ) -> None:
        self.seconds, self.timeouts, self.clock = seconds, timeouts, clock
        self.opened: float | None = None  # when a call last timed out; None while closed
        self.probe: float | None = None  # when the probe now out was let through
        self._lock = threading.Lock()

    def _refuse(self, now: float) -> None:
        """StoreDown while open, or while a probe let through less than `seconds` ago is out (under _lock)."""
        if self.opened is None:
            return
        if now - self.opened < self.seconds or (self.probe is not None and now - self.probe < self.seconds):
            raise StoreDown(f"no answer from the store {now - self.opened:.1f} s ago: failing fast")

    def check(self) -> None:
        """StoreDown if a call now would be refused."""
        if self.opened is not None:  # closed: no lock taken, the common case
            with self._lock:
                self._refuse(self.clock())

    @contextmanager
    def attempt(self) -> Iterator[None]:
        """One call to the store, if the circuit lets it through: a timeout opens the circuit; an answer
        to a call made since it opened (or an error that came at once) closes it."""
        started = self.clock()
        if self.opened is not None:
            with self._lock:
                self._refuse(started)
                if self.opened is not None:
                    self.probe = started
        timed_out = False
        try:
            yield
        except self.timeouts:
            timed_out = True
            raise
        finally:
            self._settle(timed_out, started)

    def _settle(self, timed_out: bool, started: float) -> None:
        """Open the circuit after a timeout; close it after another outcome of a call that started since
        it opened (an answer to a call sent before says nothing of now)."""
        if timed_out:
            with self._lock:
                self.opened, self.probe = self.clock(), None
        elif self.opened is not None:
            with self._lock:
                if self.opened is not None and started >= self.opened:
                    self.opened = self.probe = None
