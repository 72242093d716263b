"""The store for many machines: Redis (STONEGAME_ROOMS=redis://host:port/db), through redis-py.

Keys (all under KEY):
    sg:room:<code>      the room's JSON record
    sg:version:<code>   its version, for one MGET by the fan-out
    sg:rooms            a sorted set: code -> touched (the sweep's and the room cap's list)
    sg:ended            the set of ended codes
    sg:lock:<code>      redis-py's Lock while a process changes that room ("sg:lock:*" while creating)
A change is read, decided and written under the room's lock, the writes in one MULTI, which also
PUBLISHes "<code> <version> <public view as JSON>" on CHANNEL: hub.py listens there with redis.asyncio,
once per process, and hands that view to its streams without reading the room back.
Durability is Redis's own: run it with `appendonly yes` so a restart keeps every answer counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import redis
import redis.asyncio as aioredis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from stonegame import room as rm
from stonegame.room import Limits, Room
from ui.server.rooms.store import Clock, Heard, Store, Waiter, guarded

KEY = "sg"
CHANNEL = f"{KEY}:changes"
LOCK_SECONDS = 10  # a lock left by a process that died frees itself after this
LOCK_POLL = 0.005  # seconds between tries for a taken lock (redis-py's 0.1 s would queue a class's answers)
WAKE_SECONDS = 1.0  # the longest the fan-out waits for a message before it reads the versions anyway
TIMEOUT = 2.0  # seconds to connect or to wait for an answer: a store that is down says so quickly


def client_options() -> dict[str, object]:
    """The connection options both clients share: short timeouts, two quick retries, then an error."""
    return {
        "socket_connect_timeout": TIMEOUT,
        "socket_timeout": TIMEOUT,
        "retry": Retry(ExponentialBackoff(cap=0.5, base=0.05), 2),
        "decode_responses": True,
    }


class RedisStore(Store):
    """Rooms in one Redis database, shared by every process and machine pointed at it."""

    errors = (redis.RedisError, OSError)

    def __init__(self, url: str, limits: Limits | None = None, clock: Clock = time.time) -> None:
        super().__init__(limits, clock)
        self.url = url
        self.client = redis.Redis.from_url(url, **client_options())
        self._guard = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}  # one per room this process has changed

    def _local(self, name: str) -> threading.Lock:
        """This process's lock for the room `name` (made on first use)."""
        with self._guard:
            return self._locks.setdefault(name, threading.Lock())

    @contextmanager
    def _locked(self, name: str) -> Iterator[None]:
        """Hold this process's lock on the room, then redis-py's Lock on it (or on creating, for "*"),
        while the body runs. The threads of one process queue on the local lock without a round trip, so
        at most one thread per process polls Redis for the shared lock: a burst of a class's answers
        (the route's thread pool runs 40 at once) no longer sends 40 SET NX every LOCK_POLL seconds,
        whose GIL time and round trips slowed down the very holder they waited for."""
        with self._local(name):
            lock = self.client.lock(
                f"{KEY}:lock:{name}", timeout=LOCK_SECONDS, sleep=LOCK_POLL, blocking_timeout=LOCK_SECONDS
            )
            with lock:
                yield

    def _get(self, code: str) -> Room | None:
        """The room's record, decoded."""
        data = self.client.get(f"{KEY}:room:{code}")
        return None if data is None else rm.room_from_json(json.loads(data))

    def _put(self, room: Room) -> None:
        """Write the record, its version, its place in sg:rooms and sg:ended, and publish the change
        (told_text), in one MULTI."""
        pipe = self.client.pipeline(transaction=True)
        pipe.set(f"{KEY}:room:{room.code}", json.dumps(rm.room_to_json(room)))
        pipe.set(f"{KEY}:version:{room.code}", room.version)
        pipe.zadd(f"{KEY}:rooms", {room.code: room.touched})
        if room.ended:
            pipe.sadd(f"{KEY}:ended", room.code)
        pipe.publish(CHANNEL, told_text(room))
        pipe.execute()

    def _codes(self) -> list[tuple[str, float, bool]]:
        """Every room's code and touched time (sg:rooms), and whether it is in sg:ended."""
        touched = self.client.zrange(f"{KEY}:rooms", 0, -1, withscores=True)
        ended = self.client.smembers(f"{KEY}:ended")
        return [(code, score, code in ended) for code, score in touched]

    def _drop(self, codes: Sequence[str]) -> None:
        """Delete these rooms' keys and their entries in sg:rooms and sg:ended."""
        pipe = self.client.pipeline(transaction=True)
        for code in codes:
            pipe.delete(f"{KEY}:room:{code}", f"{KEY}:version:{code}")
        pipe.zrem(f"{KEY}:rooms", *codes)
        pipe.srem(f"{KEY}:ended", *codes)
        pipe.execute()

    @guarded
    def versions(self, codes: Sequence[str]) -> dict[str, int]:
        """The version of each of these rooms that exists, in one MGET."""
        if not codes:
            return {}
        found = self.client.mget([f"{KEY}:version:{c}" for c in codes])
        return {code: int(v) for code, v in zip(codes, found, strict=True) if v is not None}

    def waiter(self) -> Waiter:
        """A Waiter on CHANNEL: the fan-out wakes as soon as any process publishes a change."""
        return PubSubWaiter(self.url)

    def close(self) -> None:
        """Close the client's connections."""
        self.client.close()


def told_text(room: Room) -> str:
    """The message a change publishes: "<code> <version> <the room's public view as compact JSON>"."""
    view = json.dumps(rm.public_view(room), separators=(",", ":"))
    return f"{room.code} {room.version} {view}"


def heard(data: str) -> Heard | None:
    """told_text's code, version and view; None for any other message (an older process's "<code>
    <version>", say: the fan-out then reads the versions)."""
    parts = data.split(" ", 2)
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    return parts[0], int(parts[1]), parts[2]


class PubSubWaiter:
    """Waits for a message on CHANNEL (redis.asyncio, one subscription per process), at most
    WAKE_SECONDS, then drains what else arrived, so a burst of changes is handled at once. While Redis
    is down it sleeps and subscribes again."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.client: aioredis.Redis | None = None
        self.pubsub: aioredis.client.PubSub | None = None

    async def _subscribed(self) -> aioredis.client.PubSub:
        """The subscription to CHANNEL, made on first use (in the running event loop)."""
        if self.pubsub is None:
            self.client = aioredis.Redis.from_url(self.url, **client_options())
            self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
            await self.pubsub.subscribe(CHANNEL)
        return self.pubsub

    async def wait(self) -> list[Heard] | None:
        """The changes told by the next message and every one already behind it; None after
        WAKE_SECONDS with none, or when a message is not told_text's, or while Redis is down."""
        try:
            pubsub = await self._subscribed()
            first = await pubsub.get_message(timeout=WAKE_SECONDS)
            if first is None:
                return None
            return self._told([first, *await self._waiting(pubsub)])
        except (redis.RedisError, OSError):
            await self.close()  # subscribe afresh once Redis is back; the hub reads versions meanwhile
            await asyncio.sleep(WAKE_SECONDS)
            return None

    async def drain(self) -> list[Heard] | None:
        """The changes told by the messages already here (perhaps none); None as wait() says."""
        try:
            return self._told(await self._waiting(await self._subscribed()))
        except (redis.RedisError, OSError):
            await self.close()
            return None

    @staticmethod
    async def _waiting(pubsub: aioredis.client.PubSub) -> list[dict[str, object]]:
        """Every message that has arrived and not been read, without waiting for more."""
        messages = []
        while (message := await pubsub.get_message(timeout=0)) is not None:
            messages.append(message)
        return messages

    @staticmethod
    def _told(messages: list[dict[str, object]]) -> list[Heard] | None:
        """The changes these messages tell, in order; None if any of them is not told_text's."""
        told = [heard(str(m["data"])) for m in messages]
        return None if None in told else [t for t in told if t is not None]

    def poke(self) -> None:
        """Nothing: this process's own changes come back on CHANNEL like everyone's."""

    async def close(self) -> None:
        """Drop the subscription and its client."""
        pubsub, client, self.pubsub, self.client = self.pubsub, self.client, None, None
        with contextlib.suppress(redis.RedisError, OSError):
            if pubsub is not None:
                await pubsub.aclose()
            if client is not None:
                await client.aclose()
