"""The guessing limit: a join code is short enough to guess, so every request that names one is either a
guess, counted against its address in the store (StoreBlocker: 20 wrong codes a minute, then 5 minutes shut
out, the same on every replica), or proves itself and passes an address that is shut out.

    Guessing.attempt(who, code, act, proof)   act(code) under the limit (the routes, in a worker thread;
                                              the pages, in their script run)
    a proof                                   a teacher's secret, a student's id, the teacher's stream id or
                                              the room's join token: act checks it, and one that fails from a
                                              shut address counts as a wrong code and is answered as shut
    known codes                               a code this process found a room for in the last KNOWN_FOR
                                              seconds is no guess (a class's requests pass at once)
    Refused / shut                            a refusal before the store, and the 429 of a shut address
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from stonegame import room as rm
from ui.server.rooms.guard import Shut
from ui.server.rooms.store import Store, StoreDown

T = TypeVar("T")
KNOWN_FOR = 60.0  # seconds a code this process found a room for is taken as no guess
KNOWN_MOST = 10_000  # codes remembered at most (the store holds at most STONEGAME_ROOMS_OPEN open rooms)
SHUT = "Too many wrong codes from this address: wait a few minutes, then try again."


class Refused(Exception):
    """A request refused before it reaches the store: its status, message, reason and extra headers."""

    def __init__(self, status: int, message: str, reason: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.reason, self.headers = status, reason, headers or {}


def shut(left: float) -> Refused:
    """The 429 of an address shut out for `left` more seconds."""
    return Refused(429, SHUT, "too_many_codes", {"Retry-After": str(int(left) + 1)})


def address_key(name: str, who: str) -> str:
    """The store's key of the limit `name` for address `who`: the name and 16 hex digits of a hash of the
    address (the store keeps no address)."""
    return f"{name}:{hashlib.sha256(who.encode()).hexdigest()[:16]}"


class StoreWindow:
    """At most `limit` events per address in the last `seconds` (the rooms made), counted in entries kept in
    the store (Store.limit), so every replica counts the same; take checks and counts in one atomic step. A
    store that does not answer lets the request on (what it asks of the store then fails in one line)."""

    def __init__(self, store: Callable[[], Store], name: str, limit: int, seconds: float) -> None:
        self.store, self.name, self.limit, self.seconds = store, name, limit, seconds

    def take(self, who: str) -> bool:
        """Count one event of this address now if the window has room for it: whether it did (one atomic
        step in the store)."""
        try:
            return self.store().limit(address_key(self.name, who), "take", self.seconds, self.limit)[0]
        except StoreDown:
            return True

    def give_back(self, who: str) -> None:
        """Forget one event of this address (one taken for an attempt that made nothing)."""
        with contextlib.suppress(StoreDown):
            self.store().limit(address_key(self.name, who), "drop", self.seconds, self.limit)


class StoreBlocker:
    """The wrong codes per address, counted in entries kept in the store (Store.limit), so every replica
    counts the same: an address is shut out for `block` seconds once it has had `limit` failures in `seconds`; a
    lookup that may fail holds a pending entry while it runs (admit, then settle), so the failures and the
    lookups under way, on every replica, stay under `limit` together. One that finds no place within
    `wait` seconds (asking every PAUSE) is shut out for a second. A store that does not answer shuts
    nobody out (the lookup then fails in one line)."""

    PAUSE = 0.02

    def __init__(self, store: Callable[[], Store], limit: int, seconds: float, block: float, wait: float = 1.0) -> None:
        self.store, self.limit, self.seconds, self.block, self.wait = store, limit, seconds, block, wait

    def _step(self, who: str, op: str) -> tuple[bool, float]:
        """Store.limit's step `op` for this address's wrong codes; (True, 0) if the store does not answer."""
        try:
            return self.store().limit(address_key("codes", who), op, self.seconds, self.limit, self.block)
        except StoreDown:
            return True, 0.0

    def blocked(self, who: str) -> float:
        """Seconds the address is still shut out for (0 if it is not)."""
        return self._step(who, "blocked")[1]

    def fail(self, who: str) -> None:
        """Count a failure; the limit-th in the window shuts the address out."""
        self._step(who, "fail")

    def admit(self, who: str) -> None:
        """Hold a place for one lookup of this address; Shut if it is shut out, or if no place frees
        within `wait` seconds."""
        deadline = time.monotonic() + self.wait
        while True:
            took, left = self._step(who, "take")
            if took:
                return
            if left:
                raise Shut(left)
            if time.monotonic() >= deadline:
                raise Shut(1.0)
            time.sleep(self.PAUSE)

    def settle(self, who: str, failed: bool) -> None:
        """Give back the place admit held, counted as a failure if the lookup failed."""
        self._step(who, "fail" if failed else "drop")


class Guessing:
    """The guessing limit over the store's count of wrong codes (a StoreBlocker), and the codes this process
    found lately."""

    def __init__(self, codes: StoreBlocker) -> None:
        self.codes = codes
        self._known: dict[str, float] = {}  # code -> when a room was last found with it (monotonic), oldest first
        self._lock = threading.Lock()

    def malformed(self, who: str) -> None:
        """Count a malformed code as a wrong one; Refused (429) instead if the address is shut out already."""
        left = self.codes.blocked(who)
        if left:
            raise shut(left)
        self.codes.fail(who)

    def attempt(self, who: str, code: str, act: Callable[[str], T], proof: bool = False) -> T:
        """act(code) under the guessing limit, for a request from `who` (a blocking call: the routes run
        it in a worker thread, the pages in their run). An address shut out is refused (Shut -> 429)
        unless the request proves itself (`proof`: a teacher's secret, a student's id, the teacher's stream
        id or a join token, which act checks); then, and for a code this process found lately, act runs at
        once (_proved); any other code is a possible guess (_admitted)."""
        left = self.codes.blocked(who)
        if left and not proof:
            raise shut(left)
        if left or self.known(code):
            return self._proved(who, code, act, left)
        return self._admitted(who, code, act)

    def _proved(self, who: str, code: str, act: Callable[[str], T], left: float) -> T:
        """act(code), its code no guess: a room was found for it lately, or the request carries a proof
        and its address is shut out for `left` seconds. A code with no room counts as wrong; from a
        shut-out address, so does a proof that fails, and both are refused as if shut (an ended room,
        which cannot check the proof, too): it learns nothing of which codes exist."""
        codes = self.codes
        try:
            return self.seen(code, act(code))
        except rm.UnknownRoom:
            self.forget(code)  # swept since it was found
            codes.fail(who)
            if left:
                raise shut(codes.blocked(who) or left) from None
            raise
        except (rm.WrongSecret, rm.UnknownStudent, rm.WrongJoin, rm.Ended) as error:
            if not left:
                raise
            if not isinstance(error, rm.Ended):
                codes.fail(who)
            raise shut(codes.blocked(who) or left) from None

    def _admitted(self, who: str, code: str, act: Callable[[str], T]) -> T:
        """act(code) holding one of the address's places (StoreBlocker.admit: a burst is looked up at most
        `limit` at a time, the rest wait for a place or are refused as shut), counted as a wrong code
        if no room has it."""
        codes = self.codes
        try:
            codes.admit(who)
        except Shut as out:
            raise shut(out.left) from None
        failed = False
        try:
            return self.seen(code, act(code))
        except rm.UnknownRoom:
            failed = True
            raise
        except rm.RoomError:
            self.seen(code, None)  # a room has the code: the secret or the id was wrong, or it ended
            raise
        finally:
            codes.settle(who, failed)

    def known(self, code: str) -> bool:
        """Whether this process found a room of this code (open or ended) in the last KNOWN_FOR seconds."""
        with self._lock:
            found = self._known.get(code)
        return found is not None and time.monotonic() - found < KNOWN_FOR

    def seen(self, code: str, result: T) -> T:
        """Note that a room has this code (forgetting the oldest past KNOWN_MOST); `result` as it is."""
        with self._lock:
            self._known.pop(code, None)
            self._known[code] = time.monotonic()
            while len(self._known) > KNOWN_MOST:
                self._known.pop(next(iter(self._known)))
        return result

    def forget(self, code: str) -> None:
        """No room has this code any more."""
        with self._lock:
            self._known.pop(code, None)
