"""One interface over the stores a room lives in. A store keeps each room as one JSON record (its
version beside it, for the fan-out) and serialises the changes to a room; every action is the pure
transition of stonegame/room.py applied to the room as stored, under that store's lock (the changes
one process is asked for while it waits for a room's lock applied together: one read, one write):

    create(stage, secret)            -> code          (Full when limits.rooms are open)
    room(code)                       -> Room          (UnknownRoom if none; Ended if it ended or expired)
    versions(codes)                  -> {code: version}, for the rooms that exist
    stage / status / ask / move / answer / end   -> the Room after the action
    join(code, who, token?)          -> (student, Room)  (Paced past the address's pace in the room)

`StoreDown` is the one exception for a store that cannot be reached; the routes word it in one line.
`choose.from_env()` picks the store: STONEGAME_ROOMS=redis://host:port/db for Redis, else SQLite in
STONEGAME_STATE (default ~/.local/state/stonegame).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from stonegame import room as rm
from stonegame.room import Limits, Room, Stage

Clock = Callable[[], float]
DOWN = "The class room is unavailable: its store does not answer."


class StoreDown(Exception):
    """The store cannot be reached or used; str() is one line for a person."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(DOWN)
        self.detail = detail  # the driver's own words, for the log only


Heard = tuple[str, int, str]  # a change told by the store itself: the room's code, version and public view as JSON


class Step(NamedTuple):
    """One step of a per-address limit (Store.limit): the operation, now, the window, the most entries, the block."""

    op: str
    now: float
    seconds: float
    most: int
    block: float


class Waiter(Protocol):
    """What the fan-out (hub.py) awaits before it looks for changes again."""

    async def wait(self) -> list[Heard] | None:
        """Return when a room may have changed (or after a while): the changes the store told, with
        their views, or None when it told none (the fan-out then reads the versions)."""

    async def drain(self) -> list[Heard] | None:
        """At once: the changes told since the last wait or drain, or None if this store tells none."""

    async def close(self) -> None:
        """Release what waiting holds."""

    def poke(self) -> None:
        """Wake the waiting soon: this process changed a room (callable from any thread)."""


class Sleep:
    """A Waiter that sleeps `seconds` (the poll of a store with no push, SQLite, for the changes of
    other processes) or until poked (this process's own changes, at once)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.loop: asyncio.AbstractEventLoop | None = None
        self.event: asyncio.Event | None = None

    async def wait(self) -> None:
        """Sleep `seconds`, or less if poked meanwhile (or since the last wait): None, nothing told."""
        if self.event is None:
            self.loop, self.event = asyncio.get_running_loop(), asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.event.wait(), self.seconds)
        self.event.clear()

    async def drain(self) -> None:
        """None: this store tells no changes, the fan-out reads them."""

    async def close(self) -> None:
        """Nothing to release."""

    def poke(self) -> None:
        """Set the event in its loop's thread (nothing if that loop has not waited yet or has closed)."""
        if self.loop is not None and self.event is not None:
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits any more
                self.loop.call_soon_threadsafe(self.event.set)


def guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """The method with its store's driver errors (`errors`) raised as StoreDown."""

    @functools.wraps(method)
    def call(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except self.errors as error:
            raise StoreDown(f"{type(error).__name__}: {error}") from error

    return call


def twin(error: BaseException) -> BaseException:
    """A new exception of error's type with its args and attributes (not its traceback), made without calling
    its __init__ (Ended and TooLong take more than a message)."""
    made = type(error).__new__(type(error), *error.args)
    made.args = error.args
    made.__dict__.update(error.__dict__)
    return made


@dataclass
class Batch:
    """Changes to one room asked for while its lock was awaited (Store._change): their actions in the order
    asked, once applied each one's outcome (the room as stored, or the exception it raised), and set when
    they are."""

    actions: list[Callable[[Room], Room]] = field(default_factory=list)
    outcomes: list[Room | BaseException] = field(default_factory=list)
    done: threading.Event = field(default_factory=threading.Event)


class Store(ABC):
    """The class room's operations over a backend's five primitives (_locked, _get, _put, _open, _drop)."""

    errors: tuple[type[Exception], ...] = ()  # the driver's exceptions that mean "down"
    poll_interval = 0.1  # seconds between the fan-out's version reads (one query per process, not per student)

    def __init__(self, limits: Limits | None = None, clock: Clock = time.time) -> None:
        self.limits = limits or rm.limits_from_env()
        self.clock = clock
        self.listeners: list[Callable[[], None]] = []  # called after each change this process makes
        self._batches: dict[str, Batch] = {}  # per room, the changes waiting for its lock (Store._change)
        self._gathering = threading.Lock()  # held only to open, join or close a batch

    # --- the backend's primitives ---

    @abstractmethod
    def _locked(self, name: str) -> AbstractContextManager[None]:
        """A context in which no other process changes the room `name` (or, for "*", creates a room)."""

    @abstractmethod
    def _get(self, code: str) -> Room | None:
        """The room as stored, None if there is none."""

    @abstractmethod
    def _put(self, room: Room) -> None:
        """Store the room (and tell the fan-out its new version)."""

    @abstractmethod
    def _codes(self) -> list[tuple[str, float, bool]]:
        """Every stored room's code, touched time and ended flag."""

    @abstractmethod
    def _drop(self, codes: Sequence[str]) -> None:
        """Delete these rooms."""

    @abstractmethod
    def versions(self, codes: Sequence[str]) -> dict[str, int]:
        """The stored version of each of these rooms that exists (ended ones too: their end is news)."""

    @abstractmethod
    def close(self) -> None:
        """Release the backend's connections."""

    @abstractmethod
    def _limit(self, key: str, step: Step) -> tuple[bool, float]:
        """limit()'s step on the key's pending and failed entries and its block, in one atomic step."""

    # --- per-address limits every replica shares ---

    @guarded
    def limit(self, key: str, op: str, seconds: float, most: int, block: float = 0.0) -> tuple[bool, float]:
        """One atomic step of a per-address limit kept in the store, so every replica counts the same entries
        (`key` names the limit and a hash of the address: no address is stored). Entries older than `seconds`
        are forgotten first; then `op`:
            "take"     add a pending entry if the key is not blocked and has fewer than `most` entries
            "fail"     turn one pending entry into a failure (or add one); the `most`-th failure in the window
                       blocks the key for `block` seconds (if `block`)
            "drop"     forget the newest pending entry (a place given back)
            "blocked"  nothing
        Whether a take took, and the seconds the key is still blocked (0 if it is not)."""
        return self._limit(key, Step(op, self.clock(), seconds, most, block))

    # --- the operations ---

    @guarded
    def create(self, stage: Stage, secret: str) -> str:
        """A new room for this stage and secret: its code. Rooms past ROOM_KEPT are swept first; Full if
        limits.rooms are still open (neither ended nor expired)."""
        with self._locked("*"):
            self.sweep()
            now = self.clock()
            if (
                sum(not ended and not rm.expired(touched, now) for _, touched, ended in self._codes())
                >= self.limits.rooms
            ):
                raise rm.Full(f"The server has {self.limits.rooms} classes open, its most: try again later.")
            code = next(c for c in iter(rm.new_code, None) if self._get(c) is None)
            self._put(rm.new_room(code, secret, stage, self.clock()))
            return code

    @guarded
    def room(self, code: str) -> Room:
        """The open room of this code; UnknownRoom if none is stored, Ended (with its last view) if it
        ended or expired and is not yet swept."""
        found = self._get(code)
        if found is None:
            raise rm.UnknownRoom("No class has this code: it may have ended. Check the code with your teacher.")
        if found.ended or rm.expired(found.touched, self.clock()):
            raise rm.Ended("This class has ended.", rm.public_view(found) | {"ended": True})
        return found

    @guarded
    def peek(self, code: str) -> Room | None:
        """The room as stored, ended or expired too (the fan-out tells followers it ended); None if none."""
        return self._get(code)

    def waiter(self) -> Waiter:
        """What the fan-out awaits between its reads of the versions: by default a poll_interval sleep."""
        return Sleep(self.poll_interval)

    def _change(self, code: str, action: Callable[[Room], Room]) -> Room:
        """The room as stored after `action`, applied to it under its lock together with the other changes
        to this room that this process was asked for meanwhile (a class answering at once): the first of them
        waits for the lock and then applies every one in the order asked, in one read and one write
        (_changed), where one change each would read and write the whole room each time. A change that
        raises fails alone: its caller gets its exception, the others the room as stored."""
        with self._gathering:
            batch = self._batches.get(code)
            leads = batch is None
            if leads:
                batch = self._batches[code] = Batch()
            place = len(batch.actions)
            batch.actions.append(action)
        if leads:
            self._changed(code, batch)
        else:
            batch.done.wait()
        outcome = batch.outcomes[place]
        if isinstance(outcome, BaseException):
            if leads:
                raise outcome
            raise twin(outcome) from outcome  # one exception object is not raised in two threads
        return outcome

    def _changed(self, code: str, batch: Batch) -> None:
        """Apply a batch's actions to the room under its lock (closing the batch to newcomers once the lock
        is held, so everyone who came while it waited is in it), store the room if any changed it, tell the
        listeners once committed, and set each action's outcome: the room as stored, or the action's own
        exception; every outcome is the batch's exception if reading or writing the room failed."""
        try:
            changed = self._changed_under_lock(code, batch)
        except BaseException as error:
            with self._gathering:
                if self._batches.get(code) is batch:
                    del self._batches[code]
            batch.outcomes = [error] * len(batch.actions)
        else:
            if changed:
                self._told()
        finally:
            batch.done.set()

    @guarded
    def _changed_under_lock(self, code: str, batch: Batch) -> bool:
        """_changed's part under the room's lock: whether the room changed (its outcomes set)."""
        with self._locked(code):
            with self._gathering:
                del self._batches[code]
            before = room = self.room(code)
            failed: dict[int, Exception] = {}
            for place, action in enumerate(batch.actions):
                try:
                    room = action(room)
                except Exception as error:  # this action's alone (a wrong secret, a closed question...)
                    failed[place] = error
            if room.version != before.version:
                self._put(room)
        batch.outcomes = [failed.get(place, room) for place in range(len(batch.actions))]
        return room.version != before.version

    def _told(self) -> None:
        """Call every listener (the fan-out of each event loop here), after the change is committed."""
        for listener in list(self.listeners):
            listener()

    def stage(self, code: str, secret: object, data: Mapping[str, Any]) -> Room:
        """The teacher moves the stage (any of values, k, form, step, playing, speed)."""
        return self._change(code, lambda r: rm.staged(r, secret, data, self.clock()))

    def join(self, code: str, who: str = "", token: object = None) -> tuple[str, Room]:
        """A new student id in the room, and the room with it: a join from address `who`, by the link when it
        carries the room's join `token` (rm.joined: the token checked, a seat of the address's pace taken
        under the room's lock, so joins at once, on any replica, count as many)."""
        student = rm.new_student()
        return student, self._change(code, lambda r: rm.joined(r, student, self.limits, self.clock(), who, token))

    def follow(self, code: str, student: object) -> Room:
        """The student opened the room's stream: their seat is no longer idle (rm.followed)."""
        return self._change(code, lambda r: rm.followed(r, student))

    def status(self, code: str, student: object, status: object) -> Room:
        """The student follows or explores."""
        return self._change(code, lambda r: rm.with_status(r, student, status))

    def leave(self, code: str, student: object) -> Room:
        """The student leaves the class (rm.left)."""
        return self._change(code, lambda r: rm.left(r, student))

    def ask(self, code: str, secret: object, kind: object) -> Room:
        """The teacher opens a question of this kind at the stage's step."""
        return self._change(code, lambda r: rm.asked(r, secret, kind, self.clock()))

    def move(self, code: str, secret: object, number: object, state: object) -> Room:
        """The teacher locks or reveals a question."""
        return self._change(code, lambda r: rm.moved_question(r, secret, number, state, self.clock()))

    def answer(self, code: str, student: object, number: object, value: object, group: str | None = None) -> Room:
        """A student answers an open question (their last answer before the lock is the one counted); for
        "write", `value` is the code and `group` what running it gave (stonegame.write.grouping, run before:
        never under the room's lock)."""
        return self._change(code, lambda r: rm.answered(r, student, number, value, group))

    def renew_join(self, code: str, secret: object) -> Room:
        """The teacher makes a new join token: the old link and QR code take no more seats."""
        return self._change(code, lambda r: rm.renewed_join(r, secret, self.clock()))

    def end(self, code: str, secret: object) -> Room:
        """The teacher ends the room."""
        return self._change(code, lambda r: rm.ended_room(r, secret, self.clock()))

    @guarded
    def sweep(self) -> int:
        """Delete the rooms whose teacher's last action is ROOM_KEPT old (ended or expired a day before):
        how many. Until then an ended or expired room answers as ended and takes no place of an open one."""
        now = self.clock()
        gone = [code for code, touched, _ in self._codes() if rm.expired(touched, now, rm.ROOM_KEPT)]
        if gone:
            self._drop(gone)
        return len(gone)
