"""The fan-out: one task per process (per event loop) hands each new public view of a room to every
event stream of it open here, the event's text made once for all of them and offered to each stream's
outlet (ui/server/rooms/stream.py: under uvicorn, a write straight to the student's connection).

What wakes the task is the store's Waiter, and what it then knows differs by store:
- SQLite: a change made in this process, or else a 0.1 s sleep (the poll that sees other processes'
  changes). The task reads the watched rooms' versions in one query and each room that moved on once:
  a step costs one store read per process, whatever the number of students.
- Redis: a pub/sub message, which carries the change's public view itself: the task hands it on and
  reads nothing. Once a second with no message it reads the versions anyway (as for SQLite), so a lost
  message makes a view late, never lost.
A room is broadcast at most once per MIN_GAP (0.1 s): a burst of changes (a class answering) reaches
every stream as a few events, the last one current.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from stonegame import room as rm
from ui.server.rooms.store import Heard, Store, StoreDown
from ui.server.rooms.stream import News, Outlet

log = logging.getLogger(__name__)

MIN_GAP = 0.1  # seconds: the least time between two broadcasts of one room (Hub.min_gap)
KEEPALIVE = 15.0  # seconds between comments on a quiet stream, well inside nginx's 60 s read timeout
KEEP_ALIVE = News.of(b": keep-alive\n\n", event=False)  # what a quiet stream gets at each of the hub's nudges
# Called with (code, view) for each view a channel publishes here, before its streams get it (the light
# page's pictures made ahead, ui/server/rooms/warm.py): a watcher must not block, and its failure is logged.
WATCHERS: list[Callable[[str, dict[str, Any]], None]] = []


def event_text(version: int, view: dict[str, Any] | str) -> bytes:
    """The server-sent event of one version, encoded once for every stream: its id, `event: room` and
    the view as compact JSON (given as a dict, or as that JSON already)."""
    data = view if isinstance(view, str) else json.dumps(view, separators=(",", ":"))
    return f"id: {version}\nevent: room\ndata: {data}\n\n".encode()


@dataclass
class Channel:
    """One room's latest public view in this process, its version, that version's news (its event, made
    once for every stream of the room, not once per stream), the streams open on it (counted from the
    hub's `open`, each an outlet once its head is sent), and the newest view the store told but not yet
    published (held while the room waits out MIN_GAP)."""

    code: str
    version: int = 0
    view: dict[str, Any] | None = None
    news: News | None = None
    sent: float = 0.0  # time.monotonic() of the last publish
    streams: int = 0
    outlets: set[Outlet] = field(default_factory=set)
    held: tuple[int, str] | None = None  # (version, view JSON) told by the store, newer than `version`

    def publish(self, version: int, view: dict[str, Any], text: str | None = None) -> None:
        """Keep this version's view and news (from the view's JSON `text` when the store told it; the
        last news of a stream once the room ended), drop a held view it makes old, and offer the news to
        every outlet."""
        event = event_text(version, view if text is None else text)
        self.version, self.view, self.news = version, view, News.of(event, last=bool(view.get("ended")))
        if self.held is not None and self.held[0] <= version:
            self.held = None
        self.sent = time.monotonic()
        for watch in WATCHERS:
            try:
                watch(self.code, view)
            except Exception:
                log.exception("class room watcher failed")
        for outlet in list(self.outlets):
            outlet.offer(self.news)

    def hold(self, version: int, text: str) -> None:
        """Keep a view the store told, if it is newer than the published one and than any held."""
        if version > max(self.version, self.held[0] if self.held else 0):
            self.held = (version, text)

    def attach(self, outlet: Outlet, since: int) -> None:
        """Take a stream's outlet, offering it the current news now if its version is newer than `since`."""
        self.outlets.add(outlet)
        if self.news is not None and self.version > since:
            outlet.offer(self.news)

    def detach(self, outlet: Outlet) -> None:
        """Drop a stream's outlet."""
        self.outlets.discard(outlet)

    def nudge(self) -> None:
        """Offer every outlet the keep-alive comment."""
        for outlet in list(self.outlets):
            outlet.offer(KEEP_ALIVE)


def gone_view(code: str, version: int) -> dict[str, Any]:
    """The view of a room no longer stored (swept) or expired: ended."""
    return {"code": code, "version": version, "ended": True}


class Hub:
    """The channels of one process's event loop, and the task that keeps them current."""

    expiry_check = 60.0  # seconds between looks for watched rooms that expired (no version marks that)
    # At most one broadcast of a room per min_gap seconds: a class's burst of answers (each a new version,
    # the "answered" count) costs a few broadcasts to every stream, not one per answer (N answers to N
    # streams was N² event writes: 200 students on 2 replicas spent 2-8 s of CPU on one question). The
    # first change after a quiet min_gap, a step, goes at once.
    min_gap = MIN_GAP
    keepalive = KEEPALIVE  # seconds between keep-alive nudges of every stream (one timer here, none per stream)

    def __init__(self, store: Store) -> None:
        self.store = store
        self.channels: dict[str, Channel] = {}
        self.waiter = store.waiter()
        store.listeners.append(self.waiter.poke)  # this process's own changes wake the fan-out at once
        self.task: asyncio.Task[None] | None = None
        self.reads = 0  # rooms read for the fan-out, for the tests and a later load script
        self.told = 0  # views published as the store told them, with no read
        self.expiry_checked = self.kept_alive = time.monotonic()

    async def open(self, code: str) -> Channel:
        """The room's channel with one more stream, read now if it is new here (StoreDown if the store
        is down; UnknownRoom is the caller's to check before)."""
        channel = self.channels.get(code)
        if channel is None:
            channel = self.channels[code] = Channel(code)
            await self._refresh(channel)
        channel.streams += 1
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run(), name="classroom-hub")
        return channel

    def close(self, channel: Channel) -> None:
        """One stream fewer on the channel; forgotten when none is left."""
        channel.streams -= 1
        if channel.streams <= 0:
            self.channels.pop(channel.code, None)

    async def _refresh(self, channel: Channel, version: int = 0) -> None:
        """Publish the room's view if it is newer than the channel's: the held one if it is `version` or
        newer, else the room as read from the store."""
        if channel.held is not None and channel.held[0] >= version:
            (held_version, text), channel.held = channel.held, None
            with contextlib.suppress(ValueError):  # no JSON (not our message): read the room instead
                channel.publish(held_version, json.loads(text), text)
                self.told += 1
                return
        found = await asyncio.to_thread(self.store.peek, channel.code)
        self.reads += 1
        if found is None:
            channel.publish(channel.version + 1, gone_view(channel.code, channel.version + 1))
        elif found.version > channel.version:
            channel.publish(found.version, rm.public_view(found))

    async def tick(self, told: list[Heard] | None = None) -> float:
        """Refresh the channels that moved on, except those broadcast less than min_gap ago: the seconds
        until the first of those may go (0 if none). Which moved on: with `told` (the store's own
        messages), those it tells of or that hold a view; without, those whose version, read for every
        watched room in one query, is newer than theirs (or that are gone)."""
        codes = list(self.channels)
        if not codes:
            return 0.0
        versions = self._told(told) if told is not None else await asyncio.to_thread(self.store.versions, codes)
        deferred: list[float] = []
        for code in codes:
            channel = self.channels.get(code)
            if channel is None:
                continue
            # a room missing from the versions read is gone (its end is news); one nobody told of, unchanged
            wanted = versions.get(code, channel.version + 1 if told is None else 0)
            if wanted > channel.version:
                wait = channel.sent + self.min_gap - time.monotonic()
                if wait > 0:
                    deferred.append(wait)
                else:
                    await self._refresh(channel, wanted)
        return min(deferred, default=0.0)

    def _told(self, told: list[Heard]) -> dict[str, int]:
        """Hold each told view on its channel here (the others' rooms are watched elsewhere): the newest
        version held by each channel that holds one."""
        for code, version, text in told:
            channel = self.channels.get(code)
            if channel is not None:
                channel.hold(version, text)
        return {code: c.held[0] for code, c in self.channels.items() if c.held is not None}

    async def expire(self) -> None:
        """Tell the streams of every watched room that expired, or is gone, that it ended (a room
        expires by the clock, with no change to its version for tick to see)."""
        for channel in list(self.channels.values()):
            if channel.view is None or channel.view.get("ended"):
                continue
            found = await asyncio.to_thread(self.store.peek, channel.code)
            if found is None or found.ended or rm.expired(found.touched, self.store.clock()):
                channel.publish(channel.version + 1, gone_view(channel.code, channel.version + 1))

    async def _run(self) -> None:
        """Wait and tick while any stream is open; a store that is down is logged and tried again."""
        try:
            while self.channels:
                told = await self.waiter.wait()
                try:
                    later = await self.tick(told)
                    while later > 0 and self.channels:  # a burst: the rest of it goes in one broadcast
                        await asyncio.sleep(later)
                        later = await self.tick(await self.waiter.drain())
                    if time.monotonic() - self.expiry_checked >= self.expiry_check:
                        self.expiry_checked = time.monotonic()
                        await self.expire()
                    if time.monotonic() - self.kept_alive >= self.keepalive:
                        self.kept_alive = time.monotonic()
                        for channel in list(self.channels.values()):
                            channel.nudge()
                except StoreDown as down:
                    log.warning("class room fan-out: %s (%s)", down, down.detail)
                    await asyncio.sleep(1)
        finally:
            with contextlib.suppress(Exception):
                await self.waiter.close()


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, Hub]] = weakref.WeakKeyDictionary()


def hubs() -> list[Hub]:
    """Every Hub of every event loop still running in this process (for tests and measurements)."""
    return [hub for per_loop in list(_hubs.values()) for hub in per_loop.values()]


def hub_for(store: Store) -> Hub:
    """This event loop's Hub for the store (made on first use: asyncio objects belong to one loop)."""
    per_loop = _hubs.setdefault(asyncio.get_running_loop(), {})
    if id(store) not in per_loop:
        per_loop[id(store)] = Hub(store)
    return per_loop[id(store)]
