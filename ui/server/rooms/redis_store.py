"""The store for many machines: Redis (STONEGAME_ROOMS=redis://host:port/db), through redis-py.

Keys (all under KEY):
    sg:room:<code>      the room's JSON record
    sg:version:<code>   its version, for one MGET by the fan-out
    sg:rooms            a sorted set: code -> touched (the sweep's and the room cap's list)
    sg:ended            the set of ended codes
    sg:lock:<code>      redis-py's Lock while a process changes that room ("sg:lock:*" while creating)
A change is read, decided and written under the room's lock, the writes in one script (WRITE), which
lands only if that lock is still the writer's, and which also PUBLISHes
"<code> <version> <public view as JSON>" on CHANNEL: hub.py listens there with redis.asyncio,
once per process, and hands that view to its streams without reading the room back.
Durability is Redis's own: run it with `appendonly yes` so a restart keeps every answer counted.

A Redis that hangs (stopped, or a network that drops packets) is known within TIMEOUT: every call waits
that long at most and is never retried after a timeout. The first timeout opens this process's circuit
(circuit.py): for OPEN_SECONDS every request fails at once (StoreDown, a 503), then one request probes.
A room's lock lives LOCK_TTL unless released, and its value is a token of the request that took it: a
request that gave up without knowing whether Redis took its lock keeps that token, and this process
deletes the lock if it still holds it before it next locks the room.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import redis
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry as AsyncRetry
from redis.backoff import NoBackoff
from redis.exceptions import LockNotOwnedError
from redis.lock import Lock
from redis.retry import Retry

from stonegame import room as rm
from stonegame.room import Limits, Room
from ui.server.rooms.circuit import Circuit
from ui.server.rooms.store import Clock, Heard, Step, Store, StoreDown, Waiter, guarded

log = logging.getLogger(__name__)

KEY = "sg"
CHANNEL = f"{KEY}:changes"
TIMEOUT = 0.5  # seconds to connect or to wait for one answer (a healthy one takes a millisecond or so)
TIMEOUTS = (redis.TimeoutError, TimeoutError)  # what a call that got no answer within TIMEOUT raises
OPEN_SECONDS = 0.5  # after a timeout, how long this process's requests fail at once before one probes
LOCK_TTL = 1.0  # seconds a room's lock lives unless released (a change held it 9 ms at most, 200 students)
LOCK_POLL = 0.005  # seconds between tries for a taken lock (redis-py's 0.1 s would queue a class's answers)
ROOM_WAIT = 3.0  # seconds a request may wait for a busy room's locks while Redis answers, from its start
ORPHANS_KEPT = 16  # tokens of given-up locks kept per room (one of them at most can hold the lock)
WAKE_SECONDS = 1.0  # the longest the fan-out waits for a message before it reads the versions anyway
# _put's writes, in one step and only while the writer holds the lock: a holder paused past LOCK_TTL (whose
# room another request may since have changed) writes nothing. KEYS: the lock, the room, its version,
# sg:rooms, sg:ended; ARGV: the lock's token, the record, the version, touched, the code, ended ("1" or
# "0"), CHANNEL, the message. Returns 1 if written, 0 if the lock was not the writer's.
WRITE = """
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('set', KEYS[2], ARGV[2])
redis.call('set', KEYS[3], ARGV[3])
redis.call('zadd', KEYS[4], ARGV[4], ARGV[5])
if ARGV[6] == '1' then redis.call('sadd', KEYS[5], ARGV[5]) end
redis.call('publish', ARGV[7], ARGV[8])
return 1
"""

# Store.limit's step: KEYS the pending entries, the failures (sorted sets: member -> when) and the block
# (a string: until when, expiring then); ARGV the op, now, the window, the most entries, the block, a new
# member. Returns {took (0 or 1), the seconds still blocked, as a string (Lua would truncate a number)}.
LIMIT = """
local now, seconds, most, block = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
redis.call('zremrangebyscore', KEYS[1], '-inf', now - seconds)
redis.call('zremrangebyscore', KEYS[2], '-inf', now - seconds)
local left = math.max(0, tonumber(redis.call('get', KEYS[3]) or '0') - now)
local took = 0
if ARGV[1] == 'take' then
  if left == 0 and redis.call('zcard', KEYS[1]) + redis.call('zcard', KEYS[2]) < most then
    redis.call('zadd', KEYS[1], now, ARGV[6])
    took = 1
  end
elseif ARGV[1] == 'fail' then
  redis.call('zpopmax', KEYS[1])
  redis.call('zadd', KEYS[2], now, ARGV[6])
  if block > 0 and redis.call('zcard', KEYS[2]) >= most then
    redis.call('set', KEYS[3], tostring(now + block), 'PX', math.ceil(block * 1000))
    left = block
  end
elseif ARGV[1] == 'drop' then
  redis.call('zpopmax', KEYS[1])
end
local keep = math.ceil(seconds * 1000) + 1000
redis.call('pexpire', KEYS[1], keep)
redis.call('pexpire', KEYS[2], keep)
return {took, tostring(left)}
"""


def client_options(retry: type[Retry] | type[AsyncRetry] = Retry) -> dict[str, object]:
    """The connection options both clients share (`retry`: the client's own Retry class): TIMEOUT to
    connect and to answer; one immediate retry of a broken connection (a pooled one a Redis restart
    closed), none of a timeout, which would multiply the wait."""
    return {
        "socket_connect_timeout": TIMEOUT,
        "socket_timeout": TIMEOUT,
        "retry": retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
        "decode_responses": True,
    }


def bounded(method: Callable[..., Any]) -> Callable[..., Any]:
    """The method's calls to Redis through the store's circuit: refused at once while it is open."""

    @functools.wraps(method)
    def call(self: RedisStore, *args: Any, **kwargs: Any) -> Any:
        with self.circuit.attempt():
            return method(self, *args, **kwargs)

    return call


class RedisStore(Store):
    """Rooms in one Redis database, shared by every process and machine pointed at it."""

    errors = (redis.RedisError, OSError)

    def __init__(self, url: str, limits: Limits | None = None, clock: Clock = time.time) -> None:
        super().__init__(limits, clock)
        self.url = url
        self.client = redis.Redis.from_url(url, **client_options())
        self.circuit = Circuit(OPEN_SECONDS, TIMEOUTS)
        self._guard = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}  # one per room this process has changed
        self._orphans: dict[str, deque[str]] = {}  # per room, tokens of locks given up (used under its local lock)
        self._held = threading.local()  # this thread's lock: its key and token (the fence of _put's writes)
        self._write = self.client.register_script(WRITE)
        self._limit_script = self.client.register_script(LIMIT)

    def _local(self, name: str) -> threading.Lock:
        """This process's lock for the room `name` (made on first use)."""
        with self._guard:
            return self._locks.setdefault(name, threading.Lock())

    @contextmanager
    def _locked(self, name: str) -> Iterator[None]:
        """Hold this process's lock on the room, then redis-py's Lock on it (or on creating, for "*"),
        while the body runs; StoreDown if both are not held within ROOM_WAIT of the call (a room busy
        that long), or at once while the circuit is open. The threads of one process queue on the local
        lock without a round trip, so at most one thread per process polls Redis for the shared lock: a
        burst of a class's answers (the route's thread pool runs 40 at once) no longer sends 40 SET NX
        every LOCK_POLL seconds, whose GIL time and round trips slowed down the very holder they waited
        for. When Redis hangs, the holder's call times out and opens the circuit, and each thread queued
        behind it then fails at once instead of waiting out a timeout of its own in turn."""
        deadline = time.monotonic() + ROOM_WAIT
        self.circuit.check()
        local = self._local(name)
        if not local.acquire(timeout=ROOM_WAIT):
            raise StoreDown(f"the room {name} stayed busy for {ROOM_WAIT:g} s")
        try:
            with self._shared(name, deadline):
                yield
        finally:
            local.release()

    @contextmanager
    def _shared(self, name: str, deadline: float) -> Iterator[None]:
        """redis-py's Lock on the room, valued with a token of this request's, taken by `deadline` and
        released after the body (under the room's local lock). A token whose lock Redis may have taken
        unseen (no answer to the SET NX, or to the release) is kept as an orphan, deleted before the next."""
        lock = self.client.lock(f"{KEY}:lock:{name}", timeout=LOCK_TTL, sleep=LOCK_POLL)
        token = uuid.uuid4().hex
        with self.circuit.attempt():
            self._release_orphans(lock, name)
            try:
                taken = lock.acquire(token=token, blocking_timeout=max(0.0, deadline - time.monotonic()))
            except self.errors:
                self._orphans.setdefault(name, deque(maxlen=ORPHANS_KEPT)).append(token)
                raise
        if not taken:
            raise StoreDown(f"the room {name} stayed busy for {ROOM_WAIT:g} s")
        self._held.key, self._held.token = lock.name, token
        try:
            yield
        finally:
            self._held.key = self._held.token = None
            try:
                with self.circuit.attempt():  # refused at once while open: the token is kept instead
                    lock.release()
            except LockNotOwnedError:
                log.warning("class room: the lock on %s outlived its LOCK_TTL of %g s", name, LOCK_TTL)
            except (StoreDown, *self.errors):  # the change stands: its lock expires or goes next time
                self._orphans.setdefault(name, deque(maxlen=ORPHANS_KEPT)).append(token)

    def _release_orphans(self, lock: Lock, name: str) -> None:
        """Delete the room's lock if its value is the token of a request here that gave up (Redis took
        that SET NX after the request stopped waiting), and forget those tokens."""
        orphans = self._orphans.get(name)
        while orphans:
            with contextlib.suppress(LockNotOwnedError):
                lock.do_release(orphans[0])
            orphans.popleft()

    @bounded
    def _get(self, code: str) -> Room | None:
        """The room's record, decoded."""
        data = self.client.get(f"{KEY}:room:{code}")
        return None if data is None else rm.room_from_json(json.loads(data))

    @bounded
    def _put(self, room: Room) -> None:
        """Write the record, its version, its place in sg:rooms and sg:ended, and publish the change
        (told_text), in one step (WRITE), if this thread still holds its lock; StoreDown if not."""
        code, record = room.code, json.dumps(rm.room_to_json(room))
        keys = [self._held.key, f"{KEY}:room:{code}", f"{KEY}:version:{code}", f"{KEY}:rooms", f"{KEY}:ended"]
        args = [self._held.token, record, room.version, room.touched, code, int(room.ended), CHANNEL, told_text(room)]
        if not self._write(keys=keys, args=args):
            raise StoreDown(f"the lock on {room.code} outlived its LOCK_TTL of {LOCK_TTL:g} s: nothing written")

    @bounded
    def _limit(self, key: str, step: Step) -> tuple[bool, float]:
        """Store.limit's step in one script (LIMIT), atomic in Redis whatever process sends it."""
        keys = [f"{KEY}:limit:{key}:pending", f"{KEY}:limit:{key}:failed", f"{KEY}:limit:{key}:block"]
        args = [step.op, repr(step.now), repr(step.seconds), step.most, repr(step.block), uuid.uuid4().hex]
        took, left = self._limit_script(keys=keys, args=args)
        return bool(took), float(left)

    @bounded
    def _codes(self) -> list[tuple[str, float, bool]]:
        """Every room's code and touched time (sg:rooms), and whether it is in sg:ended."""
        touched = self.client.zrange(f"{KEY}:rooms", 0, -1, withscores=True)
        ended = self.client.smembers(f"{KEY}:ended")
        return [(code, score, code in ended) for code, score in touched]

    @bounded
    def _drop(self, codes: Sequence[str]) -> None:
        """Delete these rooms' keys and their entries in sg:rooms and sg:ended."""
        pipe = self.client.pipeline(transaction=True)
        for code in codes:
            pipe.delete(f"{KEY}:room:{code}", f"{KEY}:version:{code}")
        pipe.zrem(f"{KEY}:rooms", *codes)
        pipe.srem(f"{KEY}:ended", *codes)
        pipe.execute()

    @guarded
    @bounded
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
            self.client = aioredis.Redis.from_url(self.url, **client_options(AsyncRetry))
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
