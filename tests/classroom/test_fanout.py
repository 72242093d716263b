"""The fan-out costs one store read per change per process, however many students have a stream open,
and every stream gets every step (served for real by uvicorn, on both stores)."""

from __future__ import annotations

import json
import threading
import time

import httpx2
import pytest
from starlette.applications import Starlette

from tests.classroom.live import LiveServer, wait_until
from ui.server.rooms.hub import Hub, hubs
from ui.server.rooms.routes import PREFIX, Classroom
from ui.server.rooms.store import Store

STUDENTS = 30


def follow(base: str, code: str, steps: int, seen: list[list[int]]) -> None:
    """Open the room's stream and append the steps of its first `steps` events to a new list in `seen`."""
    mine: list[int] = []
    seen.append(mine)
    with httpx2.Client(base_url=base, timeout=20) as client, client.stream("GET", f"{PREFIX}/rooms/{code}/events") as s:
        for line in s.iter_lines():
            if line.startswith("data: "):
                mine.append(json.loads(line[6:])["stage"]["step"])
                if len(mine) == steps:
                    return


def one_step_followed(store: Store) -> tuple[list[list[int]], Hub, int]:
    """Serve the store, open a room with one stream, wait for its first view and lead step 5: the steps
    the stream saw, the store's hub and the rooms it had read before the step."""
    app = Starlette(routes=Classroom(lambda: store).routes())
    with LiveServer(app) as live, httpx2.Client(base_url=live.url, timeout=20) as client:
        made = client.post(f"{PREFIX}/rooms", json={"values": [1, 2, 3, 7]}).json()
        seen: list[list[int]] = []
        reader = threading.Thread(target=follow, args=(live.url, made["code"], 2, seen))
        reader.start()
        wait_until(lambda: seen and seen[0], what="the stream's first view")
        (hub,) = [h for h in hubs() if h.store is store]
        before = hub.reads
        client.post(f"{PREFIX}/rooms/{made['code']}/stage", json={"secret": made["secret"], "step": 5})
        reader.join(10)
    return seen, hub, before


def test_thirty_streams_cost_one_read_per_change_and_none_with_redis(store, kind):
    app = Starlette(routes=Classroom(lambda: store).routes())
    with LiveServer(app) as live, httpx2.Client(base_url=live.url, timeout=20) as client:
        made = client.post(f"{PREFIX}/rooms", json={"values": [5, -3, 8, 2, -1, 7, 4, -6]}).json()
        code, secret = made["code"], made["secret"]
        seen: list[list[int]] = []
        readers = [threading.Thread(target=follow, args=(live.url, code, 4, seen)) for _ in range(STUDENTS)]
        for r in readers:
            r.start()
        wait_until(lambda: sum(len(s) for s in seen) >= STUDENTS, what="every stream's first view")
        (hub,) = [h for h in hubs() if h.store is store]
        before = hub.reads, hub.told
        for had, step in enumerate((3, 7, 11), start=2):
            client.post(f"{PREFIX}/rooms/{code}/stage", json={"secret": secret, "step": step})
            # one change at a time, so each is its own read
            wait_until(lambda had=had: all(len(s) >= had for s in seen), what=f"step {step} on every stream")
        for r in readers:
            r.join(15)
        assert seen == [[0, 3, 7, 11]] * STUDENTS, "every student saw every step, in order"
        reads, told = hub.reads - before[0], hub.told - before[1]
        if kind == "sqlite":
            assert (reads, told) == (3, 0), f"{reads} reads for 3 changes and {STUDENTS} streams"
        else:  # each change's view came on the pub/sub channel: nothing read back
            assert (reads, told) == (0, 3), f"{reads} reads and {told} views told for 3 changes"


def test_a_change_made_in_this_process_wakes_the_fanout_without_waiting_for_the_poll(tmp_path):
    from stonegame.room import Limits
    from ui.server.rooms.sqlite_store import SqliteStore

    store = SqliteStore(tmp_path / "rooms.sqlite3", Limits())
    store.poll_interval = 60.0  # no poll within the test: only the poke can bring the step
    seen, _, _ = one_step_followed(store)
    assert seen == [[0, 5]]


def test_an_open_stream_outlives_a_redis_restart(tmp_path):
    from stonegame.room import Limits
    from tests.classroom.conftest import RedisServer
    from ui.server.rooms.redis_store import RedisStore

    server = RedisServer(tmp_path).start()
    try:
        store = RedisStore(server.url, Limits())
        app = Starlette(routes=Classroom(lambda: store).routes())
        with LiveServer(app) as live, httpx2.Client(base_url=live.url, timeout=20) as client:
            made = client.post(f"{PREFIX}/rooms", json={"values": [1, 2, 3, 7]}).json()
            seen: list[list[int]] = []
            reader = threading.Thread(target=follow, args=(live.url, made["code"], 2, seen))
            reader.start()
            wait_until(lambda: seen and seen[0], what="the stream's first view")
            server.stop()
            time.sleep(1.5)  # the fan-out finds Redis gone, logs it and keeps the stream open
            down = client.post(f"{PREFIX}/rooms/{made['code']}/stage", json={"secret": made["secret"], "step": 5})
            assert down.status_code == 503
            server.start()
            led = client.post(f"{PREFIX}/rooms/{made['code']}/stage", json={"secret": made["secret"], "step": 6})
            assert led.status_code == 200, led.text
            reader.join(15)
        assert seen == [[0, 6]], "the stream stayed open and got the step led after the restart"
    finally:
        server.stop()


def test_a_room_that_expires_tells_its_streams_it_ended(tmp_path, monkeypatch):
    from stonegame.room import ROOM_TTL, Limits
    from ui.server.rooms.hub import Hub
    from ui.server.rooms.sqlite_store import SqliteStore

    monkeypatch.setattr(Hub, "expiry_check", 0.2)
    now = [1000.0]
    store = SqliteStore(tmp_path / "rooms.sqlite3", Limits(), clock=lambda: now[0])
    app = Starlette(routes=Classroom(lambda: store).routes())
    with LiveServer(app) as live, httpx2.Client(base_url=live.url, timeout=20) as client:
        code = client.post(f"{PREFIX}/rooms", json={"values": [1, 2, 3, 7]}).json()["code"]
        ended: list[dict] = []

        def read() -> None:
            with client.stream("GET", f"{PREFIX}/rooms/{code}/events") as s:
                ended.extend(json.loads(line[6:]) for line in s.iter_lines() if line.startswith("data: "))

        reader = threading.Thread(target=read)
        reader.start()
        wait_until(lambda: ended, what="the stream's first view")
        now[0] += ROOM_TTL + 1  # four hours without the teacher
        reader.join(10)
        assert not reader.is_alive(), "the stream closed once it said the room ended"
    assert [e["ended"] for e in ended] == [False, True]


def test_a_quiet_stream_gets_the_hubs_keep_alive_comments_and_no_event(store, monkeypatch):
    from ui.server.rooms.hub import Hub

    monkeypatch.setattr(Hub, "keepalive", 0.2)  # one nudge of every stream from the hub, not a timer per stream
    app = Starlette(routes=Classroom(lambda: store).routes())
    with LiveServer(app) as live, httpx2.Client(base_url=live.url, timeout=20) as client:
        code = client.post(f"{PREFIX}/rooms", json={"values": [1, 2, 3, 7]}).json()["code"]
        lines: list[str] = []
        with client.stream("GET", f"{PREFIX}/rooms/{code}/events") as s:
            for line in s.iter_lines():
                lines.append(line)
                if lines.count(": keep-alive") == 2:
                    break
    assert sum(line.startswith("data: ") for line in lines) == 1, "the first view, then only comments"
    assert lines.index(": keep-alive") > next(i for i, line in enumerate(lines) if line.startswith("data: "))


def test_a_burst_of_changes_is_a_few_broadcasts_ending_at_the_last(store):
    app = Starlette(routes=Classroom(lambda: store).routes())
    with LiveServer(app) as live, httpx2.Client(base_url=live.url, timeout=20) as client:
        made = client.post(f"{PREFIX}/rooms", json={"values": [5, -3, 8, 2, -1, 7, 4, -6]}).json()
        seen: list[list[int]] = [[]]

        def read() -> None:  # until the last step, so the thread ends with the test
            with client.stream("GET", f"{PREFIX}/rooms/{made['code']}/events") as s:
                for line in s.iter_lines():
                    if line.startswith("data: "):
                        seen[0].append(json.loads(line[6:])["stage"]["step"])
                        if seen[0][-1] == 15:
                            return

        reader = threading.Thread(target=read)
        reader.start()
        wait_until(lambda: seen[0], what="the stream's first view")
        (hub,) = [h for h in hubs() if h.store is store]
        before = hub.reads, hub.told
        with httpx2.Client(base_url=live.url, timeout=20) as teacher:
            for step in range(1, 16):  # 15 versions as fast as the teacher's client can send them
                teacher.post(f"{PREFIX}/rooms/{made['code']}/stage", json={"secret": made["secret"], "step": step})
        reader.join(15)
        assert not reader.is_alive(), f"the last step on the stream: {seen}"
    broadcasts = hub.reads + hub.told - sum(before)
    assert seen[0] == sorted(set(seen[0])) and broadcasts < 15, (seen, broadcasts)
    print(f"15 changes: {broadcasts} broadcasts, steps seen {seen[0]}")


def test_a_told_change_is_read_as_code_version_and_view_and_nothing_else_is():
    from ui.server.rooms.redis_store import heard

    assert heard('ABCDEF 7 {"code":"ABCDEF","version":7}') == ("ABCDEF", 7, '{"code":"ABCDEF","version":7}')
    assert heard("ABCDEF 7") is None, "an older process's message: the fan-out reads the versions"
    assert heard("ABCDEF seven {}") is None


@pytest.mark.parametrize("message", ["{code} {version}", "{code} {version} not-json"])
def test_a_redis_message_without_a_view_makes_the_fanout_read_the_room(message, tmp_path, monkeypatch, redis_server):
    from stonegame.room import Limits
    from ui.server.rooms import redis_store

    monkeypatch.setattr(redis_store, "told_text", lambda room: message.format(code=room.code, version=room.version))
    store = redis_store.RedisStore(redis_server.url, Limits())
    seen, hub, before = one_step_followed(store)
    assert seen == [[0, 5]]
    assert hub.reads > before and hub.told == 0, "the step came from the store, not from the message"
