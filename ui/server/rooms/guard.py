"""Who a request comes from, and the one limit each process keeps for itself: the event streams open
per address (a stream is a connection to this process, so each replica counts its own). The wrong codes
and the rooms made are counted in the store, so every replica counts the same (limits.StoreBlocker,
limits.StoreWindow), and a room's seats in its record.

    address  the client's address: the peer's, or, when the peer is a trusted proxy, the right-most
             X-Forwarded-For entry no trusted proxy wrote (see client_address); one client is one key
    proxies  the trusted proxies: STONEGAME_TRUSTED_PROXIES, addresses or networks, comma-separated
             (default LOOPBACK: a proxy on this machine, as an IPv4 and an IPv6 socket each see it)
    Shut     an address that may not look a code up now (limits.StoreBlocker.admit raises it)
    Gauge    at most `limit` things open at once per address (event streams)
"""

from __future__ import annotations

import ipaddress
import os
from collections import defaultdict
from collections.abc import Mapping
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


class Shut(Exception):
    """The address may not look a code up now; `left` is the seconds until it may try again."""

    def __init__(self, left: float) -> None:
        super().__init__(f"shut out for {left:.0f} s")
        self.left = left


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
