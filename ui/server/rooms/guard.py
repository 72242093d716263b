"""What keeps one address from guessing codes, opening rooms in bulk or holding a thousand streams.
In-process counters (each replica counts its own: nginx's sticky cookie keeps a browser on one), each
checked and counted in one step under its own lock, so N requests at once count as N.

    address  the client's address: the peer's, or, when the peer is a trusted proxy, the right-most
             X-Forwarded-For entry no trusted proxy wrote (see client_address); one client is one key
    proxies  the trusted proxies: STONEGAME_TRUSTED_PROXIES, addresses or networks, comma-separated
             (default LOOPBACK: a proxy on this machine, as an IPv4 and an IPv6 socket each see it)
    Window   at most `limit` events per address in the last `seconds` (take: check and count at once)
    Blocker  a Window of failures whose overflow shuts the address out for `block` seconds; admit/settle
             hold a place for a lookup under way, so the failures and the lookups under way together
             stay under `limit`
    Gauge    at most `limit` things open at once per address (event streams)
"""

from __future__ import annotations

import ipaddress
import os
import threading
import time
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from starlette.requests import HTTPConnection

IP = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Proxies = tuple[Network, ...]
TRUSTED_PROXIES = "STONEGAME_TRUSTED_PROXIES"
# A proxy on this machine (nginx of scripts/serve.py): Streamlit's default bind is a dual-stack IPv6
# socket, on which 127.0.0.1 arrives as ::ffff:127.0.0.1. Exact addresses, not 127.0.0.0/8.
LOOPBACK = ("127.0.0.1", "::1", "::ffff:127.0.0.1")


def ip(text: str) -> IP | None:
    """The text as an IP address, an IPv4-mapped IPv6 address as its IPv4 form; None if it is not one."""
    try:
        found = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    mapped = getattr(found, "ipv4_mapped", None)
    return mapped if mapped is not None else found


def network(entry: str) -> Network:
    """One trusted entry (an address, or a network like 10.0.0.0/8) as a network, an IPv4-mapped IPv6
    one as its IPv4 form; ValueError naming the variable and the entry if it is neither."""
    text = entry.strip()
    try:
        found = ipaddress.ip_network(text)
    except ValueError:
        try:
            meant = ipaddress.ip_network(text, strict=False)
        except ValueError:
            raise ValueError(
                f"{TRUSTED_PROXIES}: {text!r} is not an IP address or a network like 10.0.0.0/8."
            ) from None
        raise ValueError(f"{TRUSTED_PROXIES}: {text!r} has host bits set (the network is {meant}).") from None
    mapped = getattr(found.network_address, "ipv4_mapped", None)
    if mapped is not None and found.prefixlen >= 96:
        return ipaddress.IPv4Network((mapped, found.prefixlen - 96))
    return found


def read_proxies(text: str) -> Proxies:
    """The trusted proxies a comma-separated list names (empty entries skipped), LOOPBACK's if it
    names none; ValueError at the first entry that is not an address or network."""
    entries = [entry for entry in text.split(",") if entry.strip()] or list(LOOPBACK)
    return tuple(network(entry) for entry in entries)


def proxies_from_env(env: Mapping[str, str] = os.environ) -> Proxies:
    """The trusted proxies STONEGAME_TRUSTED_PROXIES names (LOOPBACK's when unset or empty)."""
    return read_proxies(env.get(TRUSTED_PROXIES, ""))


def trusted(address: IP, proxies: Proxies) -> bool:
    """Whether the (normalised) address is one of the trusted proxies."""
    return any(address in net for net in proxies)


def address(conn: HTTPConnection, proxies: Proxies) -> str:
    """The client's address of a request or websocket (client_address of its peer and X-Forwarded-For,
    every such header in the order received)."""
    peer = conn.client.host if conn.client else "unknown"
    return client_address(peer, ",".join(conn.headers.getlist("x-forwarded-for")), proxies)


def client_address(peer: str, forwarded: str, proxies: Proxies) -> str:
    """The client's address from the peer's and the X-Forwarded-For header (routes and pages read an
    address the same way). A peer that is not a trusted proxy is the client. Otherwise the header is
    read from the right, where each proxy appended the address it was reached from: trusted entries are
    skipped and the first other one is the client (the entries left of it are the client's to forge);
    an entry that is no IP address (`unknown`, one with a port) ends the walk and is the client, as
    the client's own claim, trusted by no one. A header of trusted proxies only gives its left-most
    entry; no header, the peer. An address comes out normalised (::ffff:10.0.0.7 as 10.0.0.7)."""
    seen = ip(peer)
    if seen is None or not trusted(seen, proxies):
        return peer if seen is None else str(seen)
    entries = [entry.strip() for entry in forwarded.split(",") if entry.strip()]
    for entry in reversed(entries):
        hop = ip(entry)
        if hop is None or not trusted(hop, proxies):
            return entry if hop is None else str(hop)
    return str(ip(entries[0])) if entries else str(seen)


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

    def take(self, who: str) -> bool:
        """Count one event of this address now if the window has room for it: whether it did (the check
        and the count in one step, under the window's lock)."""
        with self.lock:
            if self.full(who):
                return False
            self.add(who)
            return True

    def give_back(self, who: str) -> None:
        """Forget the address's latest event (one taken for an attempt that made nothing)."""
        with self.lock:
            if self.events.get(who):
                self.events[who].pop()
            self.count(who)

    def __post_init__(self) -> None:
        self.lock = threading.Lock()


class Shut(Exception):
    """The address may not look a code up now; `left` is the seconds until it may try again."""

    def __init__(self, left: float) -> None:
        super().__init__(f"shut out for {left:.0f} s")
        self.left = left


@dataclass
class Blocker:
    """Shuts an address out for `block` seconds once it has had `limit` failures in `seconds`. A lookup
    that may fail holds a place while it runs (admit, then settle): the failures in the window and the
    places held stay under `limit` together, so requests sent at once are looked up at most `limit` at
    a time; one that waits `wait` seconds for a place is shut out for a second."""

    limit: int
    seconds: float
    block: float
    clock: Callable[[], float] = time.monotonic
    until: dict[str, float] = field(default_factory=dict)
    wait: float = 1.0

    def __post_init__(self) -> None:
        self.failures = Window(self.limit, self.seconds, self.clock)
        self.held: Counter[str] = Counter()
        self.turn = threading.Condition()  # one lock for the failures, the places held and the blocks

    def blocked(self, who: str) -> float:
        """Seconds the address is still shut out for (0 if it is not)."""
        with self.turn:
            left = self.until.get(who, 0.0) - self.clock()
            if left <= 0:
                self.until.pop(who, None)
                return 0.0
            return left

    def fail(self, who: str) -> None:
        """Count a failure; the limit-th in the window shuts the address out."""
        with self.turn:
            self.failures.add(who)
            if self.failures.full(who):
                self.until[who] = self.clock() + self.block
            self.turn.notify_all()

    def admit(self, who: str) -> None:
        """Hold a place for one lookup of this address; Shut if it is shut out, or if no place frees
        within `wait` seconds (waiting on the lookups under way: each ends in settle)."""
        deadline = time.monotonic() + self.wait
        with self.turn:
            while True:
                left = self.blocked(who)
                if left:
                    raise Shut(left)
                if self.failures.count(who) + self.held[who] < self.limit:
                    self.held[who] += 1
                    return
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise Shut(1.0)
                self.turn.wait(remaining)

    def settle(self, who: str, failed: bool) -> None:
        """Give back the place admit held, counting a failure if the lookup failed."""
        with self.turn:
            self.held[who] -= 1
            if self.held[who] <= 0:
                del self.held[who]
            if failed:
                self.fail(who)
            self.turn.notify_all()


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
