"""What keeps one address from guessing codes, opening rooms in bulk or holding a thousand streams.
In-process counters (each replica counts its own: nginx's sticky cookie keeps a browser on one).

    Window   at most `limit` events per address in the last `seconds`
    Blocker  a Window whose overflow shuts the address out for `block` seconds
    Gauge    at most `limit` things open at once per address (event streams)
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection

LOOPBACK = ("127.0.0.1", "::1")


def address(conn: HTTPConnection) -> str:
    """The client's address: the peer's, or, when the peer is a proxy on this machine (nginx), the last
    address of X-Forwarded-For (the one nginx itself appended; earlier ones are the client's to forge)."""
    return client_address(conn.client.host if conn.client else "unknown", conn.headers.get("x-forwarded-for", ""))


def client_address(peer: str, forwarded: str) -> str:
    """The client's address from the peer's and the X-Forwarded-For header: the peer's, or, when the peer
    is a proxy on this machine, the header's last entry (routes and pages read an address the same way)."""
    if peer in LOOPBACK and forwarded.strip():
        return forwarded.split(",")[-1].strip()
    return peer


@dataclass
class Window:
    """Counts events per address over a sliding window of `seconds`."""

    limit: int
    seconds: float
    clock: Callable[[], float] = time.monotonic
    events: defaultdict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))

    def count(self, who: str) -> int:
        """Events of this address still inside the window (older ones forgotten)."""
        times, now = self.events[who], self.clock()
        while times and now - times[0] > self.seconds:
            times.popleft()
        if not times:
            del self.events[who]  # an address that went quiet costs no memory
        return len(times)

    def full(self, who: str) -> bool:
        """Whether the address already had `limit` events in the window."""
        return self.count(who) >= self.limit

    def add(self, who: str) -> None:
        """Count one event of this address now."""
        self.count(who)
        self.events[who].append(self.clock())


@dataclass
class Blocker:
    """Shuts an address out for `block` seconds once it has had `limit` failures in `seconds`."""

    limit: int
    seconds: float
    block: float
    clock: Callable[[], float] = time.monotonic
    until: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.failures = Window(self.limit, self.seconds, self.clock)

    def blocked(self, who: str) -> float:
        """Seconds the address is still shut out for (0 if it is not)."""
        left = self.until.get(who, 0.0) - self.clock()
        if left <= 0:
            self.until.pop(who, None)
            return 0.0
        return left

    def fail(self, who: str) -> None:
        """Count a failure; the limit-th in the window shuts the address out."""
        self.failures.add(who)
        if self.failures.full(who):
            self.until[who] = self.clock() + self.block


@dataclass
class Gauge:
    """Things open at once per address, at most `limit` each, and at most `total` in all."""

    limit: int
    total: int
    open: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))

    def take(self, who: str) -> bool:
        """Open one more for this address if both caps allow: whether it did."""
        if self.open.get(who, 0) >= self.limit or sum(self.open.values()) >= self.total:
            return False
        self.open[who] += 1
        return True

    def give(self, who: str) -> None:
        """One fewer open for this address."""
        self.open[who] -= 1
        if self.open[who] <= 0:
            del self.open[who]
