"""A hung Redis (a real redis-server, SIGSTOPped) fails fast and recovers at once: while it does not
answer, every class request is refused (503) within a second, however many come at once; when it
answers again, the next request goes through and counts, and no lock left by a request that gave up
holds a room for more than about a second."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from stonegame import room as rm
from stonegame.room import Limits
from tests.classroom.conftest import RedisServer
from tests.loop import run_apart
from ui.server.rooms.circuit import Circuit
from ui.server.rooms.redis_store import KEY, LOCK_TTL, TIMEOUT, WAKE_SECONDS, RedisStore
from ui.server.rooms.routes import PREFIX, Classroom
from ui.server.rooms.store import StoreDown, Waiter

ROW = [1, 2, 3, 7]
AT_ONCE = 30  # requests sent together while Redis is stopped: a class's answers and the teacher's steps
REFUSED_WITHIN = 1.0  # seconds from a request's start to its 503 while the store does not answer
BACK_WITHIN = 1.0  # seconds after Redis answers again by which a request goes through
GIVE_UP = 5.0  # seconds the test waits for the stalled requests before it resumes Redis (old code: minutes)


@pytest.fixture
def server(tmp_path) -> Iterator[RedisServer]:
    """A redis-server of this test's own (stopped with SIGSTOP by the test), resumed and stopped at the end."""
    made = RedisServer(tmp_path / "redis").start()
    yield made
    resume(made)
    made.stop()


@contextlib.contextmanager
def stopped(server: RedisServer) -> Iterator[None]:
    """The redis-server frozen (SIGSTOP: its port still accepts connections, nothing answers) inside."""
    os.kill(server.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        resume(server)


def resume(server: RedisServer) -> None:
    """Let a frozen redis-server run again (nothing if it runs)."""
    if server.pid is not None:
        os.kill(server.pid, signal.SIGCONT)


def timed_at_once(calls: list[Callable[[], int]], wait: float) -> list[tuple[int, float]]:
    """Start every call at the same moment, each in its own thread: its result and seconds taken, or
    (0, inf) for one still running after `wait` seconds."""
    results: list[tuple[int, float]] = [(0, float("inf"))] * len(calls)
    go = threading.Barrier(len(calls))

    def run(index: int) -> None:
        go.wait()
        started = time.monotonic()
        status = calls[index]()
        results[index] = (status, time.monotonic() - started)

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + wait
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    return list(results)


def until_done(call: Callable[[], int], seconds: float) -> tuple[int, float]:
    """Repeat the call until it answers 200, at most `seconds`: its last status and the seconds taken."""
    started = time.monotonic()
    while (status := call()) != 200 and time.monotonic() - started < seconds:
        time.sleep(0.02)
    return status, time.monotonic() - started


def staged(store: RedisStore, code: str, secret: str, step: int) -> int:
    """The teacher moves to `step`: 200, or 503 if the store refused."""
    try:
        store.stage(code, secret, {"step": step})
    except StoreDown:
        return 503
    return 200


def test_a_hung_redis_refuses_30_requests_at_once_within_a_second_then_counts_the_next(server):
    store = RedisStore(server.url, Limits(students=40, rooms=3))
    with TestClient(Starlette(routes=Classroom(lambda: store).routes())) as client:
        room = f"{PREFIX}/rooms"
        made = client.post(room, json={"values": ROW}).json()
        code, secret = made["code"], made["secret"]
        students = [client.post(f"{room}/{code}/join", json={}).json()["student"] for _ in range(AT_ONCE)]
        assert client.post(f"{room}/{code}/questions", json={"secret": secret, "kind": "winner"}).status_code == 201

        def answer(student: str) -> Callable[[], int]:
            body = {"student": student, "answer": "Alice"}
            return lambda: client.post(f"{room}/{code}/questions/1/answer", json=body).status_code

        def step(number: int) -> Callable[[], int]:
            return lambda: client.post(f"{room}/{code}/stage", json={"secret": secret, "step": number}).status_code

        calls = [answer(s) for s in students[: AT_ONCE - 6]] + [step(n) for n in range(1, 7)]
        with stopped(server):
            results = timed_at_once(calls, GIVE_UP)
        seconds = sorted(s for _, s in results)
        figures = f"503s after {seconds[0]:.2f} .. {seconds[-1]:.2f} s (median {seconds[len(seconds) // 2]:.2f})"
        print(f"{AT_ONCE} requests at once to a stopped Redis: {figures}")
        assert all(status == 503 for status, _ in results), f"every one refused: {results}"
        assert seconds[-1] <= REFUSED_WITHIN, f"each within {REFUSED_WITHIN} s: {figures}"

        status, took = until_done(answer(students[0]), 3 * BACK_WITHIN)
        print(f"the first answer after Redis resumed: {status} after {took:.2f} s")
        assert status == 200 and took <= BACK_WITHIN, f"an answer went through {took:.2f} s after Redis resumed"
        for student in students[1:]:
            assert answer(student)() == 200
        view = client.get(f"{room}/{code}").json()
        assert view["questions"][0]["answered"] == AT_ONCE, "every answer after the stop counted, once"


def test_a_lock_left_by_a_request_that_gave_up_holds_the_room_a_second_at_most(server):
    mine, other = RedisStore(server.url, Limits()), RedisStore(server.url, Limits())  # this process, another
    secret = rm.new_secret()
    code = mine.create(rm.read_stage({"values": ROW}), secret)
    with stopped(server), pytest.raises(StoreDown):
        mine.stage(code, secret, {"step": 2})  # its SET NX waits in the socket: Redis takes it on resume
    lock = f"{KEY}:lock:{code}"
    assert other.client.exists(lock), "the request that gave up left its lock behind"
    started = time.monotonic()
    assert other.stage(code, secret, {"step": 3}).stage.step == 3
    took = time.monotonic() - started
    print(f"another process's first change after the resume: {took:.2f} s")
    assert took <= BACK_WITHIN + 0.2, f"the stale lock held another process {took:.2f} s"

    assert until_done(lambda: staged(mine, code, secret, 4), 3 * BACK_WITHIN)[0] == 200  # its circuit closes
    with stopped(server), pytest.raises(StoreDown):
        mine.stage(code, secret, {"step": 5})
    assert other.client.exists(lock), "the request that gave up left its lock behind"
    started = time.monotonic()
    status, took = until_done(lambda: staged(mine, code, secret, 6), 3 * BACK_WITHIN)
    print(f"the same process's first change after the resume: {took:.2f} s")
    assert status == 200 and took <= BACK_WITHIN, f"its own stale lock held the process {took:.2f} s"
    assert mine.room(code).stage.step == 6
    mine.close()
    other.close()


def test_the_fan_outs_subscription_neither_hangs_nor_stays_deaf(server):
    store = RedisStore(server.url, Limits())
    secret = rm.new_secret()
    code = store.create(rm.read_stage({"values": ROW}), secret)
    steps = itertools.cycle(range(1, 7))

    async def hears(waiter: Waiter) -> float:
        """Seconds until the waiter tells of a change of the room, the teacher stepping while it waits."""
        started = time.monotonic()
        while time.monotonic() - started < 5:
            listening = asyncio.ensure_future(waiter.wait())
            await asyncio.sleep(0.1)
            await asyncio.to_thread(staged, store, code, secret, next(steps))
            if any(told[0] == code for told in await listening or []):
                return time.monotonic() - started
        raise AssertionError("the waiter told no change for 5 s")

    async def waits(waiter: Waiter) -> float:
        """Seconds one wait takes, which tells nothing."""
        started = time.monotonic()
        assert await waiter.wait() is None
        return time.monotonic() - started

    async def scenario() -> None:
        subscribed, late = store.waiter(), store.waiter()
        await hears(subscribed)
        await asyncio.sleep(0.1)
        await subscribed.drain()  # the changes told before the stop
        with stopped(server):
            assert await waits(subscribed) <= WAKE_SECONDS + 0.3, "a subscription waits its usual second"
            took = await waits(late)  # subscribing to a Redis that does not answer
            assert took <= TIMEOUT + WAKE_SECONDS + 0.3, f"a new subscription gave up after {took:.2f} s"
        for waiter in (subscribed, late):
            took = await hears(waiter)
            print(f"a change told after the resume: {took:.2f} s")
            assert took <= 2 * WAKE_SECONDS, "it hears the changes again once Redis answers"
            await waiter.close()

    run_apart(scenario())
    store.close()


def test_the_circuit_fails_fast_after_a_timeout_then_lets_one_probe_through():
    now = [0.0]
    circuit = Circuit(0.5, (TimeoutError,), clock=lambda: now[0])
    with pytest.raises(TimeoutError), circuit.attempt():
        raise TimeoutError
    now[0] = 0.4
    with pytest.raises(StoreDown):
        circuit.check()
    with pytest.raises(StoreDown), circuit.attempt():
        raise AssertionError("a call while open is refused before it is made")
    now[0] = 0.6
    circuit.check()  # a probe is due: nothing claimed yet
    probe = circuit.attempt()
    probe.__enter__()
    with pytest.raises(StoreDown):
        circuit.check()  # one probe at a time
    probe.__exit__(None, None, None)
    circuit.check()
    assert circuit.opened is None, "the probe's answer closed the circuit"


def test_an_answer_to_a_call_sent_before_the_timeout_leaves_the_circuit_open():
    now = [0.0]
    circuit = Circuit(0.5, (TimeoutError,), clock=lambda: now[0])
    earlier = circuit.attempt()
    earlier.__enter__()
    now[0] = 0.1
    with pytest.raises(TimeoutError), circuit.attempt():
        raise TimeoutError
    earlier.__exit__(None, None, None)
    with pytest.raises(StoreDown):
        circuit.check()


def test_a_change_that_outlived_its_lock_writes_nothing(server):
    slow, quick = RedisStore(server.url, Limits()), RedisStore(server.url, Limits())
    secret = rm.new_secret()
    code = quick.create(rm.read_stage({"values": ROW}), secret)
    slow.clock = lambda: time.sleep(LOCK_TTL) or time.time()  # each look at the clock, a pause under the lock
    overtaking = threading.Timer(LOCK_TTL + 0.2, lambda: quick.stage(code, secret, {"step": 3}))
    overtaking.start()
    with pytest.raises(StoreDown):
        slow.stage(code, secret, {"step": 2})
    overtaking.join()
    room = quick.room(code)
    assert (room.stage.step, room.version) == (3, 2), "the change made under the expired lock was not written"
    slow.close()
    quick.close()
