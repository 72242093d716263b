"""Both stores, for real (a SQLite file; Debian's redis-server), through the one interface: every
action, the limits, expiry, two processes' views of one store, a Redis restart that keeps every
counted answer, and a store that is down refusing in one line."""

from __future__ import annotations

import multiprocessing
import threading
import time
from pathlib import Path

import pytest

from stonegame import room as rm
from stonegame.room import Limits
from tests.classroom.conftest import RedisServer, make_store
from tests.classroom.sqlite_burst import burst
from ui.server.rooms.choose import from_env, state_dir
from ui.server.rooms.redis_store import RedisStore
from ui.server.rooms.sqlite_store import SqliteStore
from ui.server.rooms.store import DOWN, Store, StoreDown

STAGE = rm.read_stage({"values": [1, 2, 3, 7], "step": 5})


def opened(store: Store) -> tuple[str, str]:
    """A new room on STAGE in the store: its code and secret."""
    secret = rm.new_secret()
    return store.create(STAGE, secret), secret


def test_a_room_is_made_read_and_led(store):
    code, secret = opened(store)
    assert store.room(code).stage == STAGE and store.room(code).version == 1
    after = store.stage(code, secret, {"step": 6, "playing": True, "speed": 5})
    assert (after.stage.step, after.stage.playing, after.stage.speed, after.version) == (6, True, 5, 2)
    assert store.room(code) == after
    assert store.versions([code, "ZZZZZZ"]) == {code: 2}


def test_the_teacher_alone_drives(store):
    code, _ = opened(store)
    with pytest.raises(rm.WrongSecret):
        store.stage(code, rm.new_secret(), {"step": 6})
    with pytest.raises(rm.WrongSecret):
        store.end(code, None)
    assert store.room(code).version == 1, "a refused action changes nothing"


def test_an_unknown_code_is_unknown(store):
    with pytest.raises(rm.UnknownRoom, match="No class has this code"):
        store.room("ABCDEF")


def test_students_join_switch_and_answer_once(store):
    code, secret = opened(store)
    (a, _), (b, _) = store.join(code), store.join(code)
    store.status(code, b, "exploring")
    assert rm.counts(store.room(code)) == {"joined": 2, "following": 1, "exploring": 1}
    store.ask(code, secret, "dp")
    wrong = [c for c in store.room(code).question(1).choices if c != 7]  # the buttons are drawn per room
    for value in (wrong[0], 7, 7, 7):
        store.answer(code, a, 1, value)
    store.answer(code, b, 1, wrong[1])
    room = store.room(code)
    assert rm.tally(room.question(1), room.answers[1]) == rm.Tally(2, {str(wrong[1]): 1, "7": 1}, 1)
    store.move(code, secret, 1, "locked")
    with pytest.raises(rm.Closed):
        store.answer(code, b, 1, 7)
    with pytest.raises(rm.UnknownStudent):
        store.answer(code, rm.new_student(), 1, 7)
    assert store.room(code).answers[1] == {a: 7, b: wrong[1]}, "nothing refused was counted"


def test_the_limits_are_reached_and_said(store, limits):
    code, _ = opened(store)
    for _ in range(limits.students):
        store.join(code)
    with pytest.raises(rm.Full, match=f"{limits.students} students"):
        store.join(code)
    for _ in range(limits.rooms - 1):
        opened(store)
    with pytest.raises(rm.Full, match=f"{limits.rooms} classes open"):
        opened(store)


def test_an_ended_room_is_gone_and_frees_its_place(store, limits):
    codes = [opened(store) for _ in range(limits.rooms)]
    code, secret = codes[0]
    store.end(code, secret)
    with pytest.raises(rm.Ended) as ended:
        store.room(code)
    assert ended.value.view["ended"] is True and ended.value.view["code"] == code, "its last view goes with it"
    assert store.peek(code).ended, "the fan-out still reads that it ended"
    opened(store)  # the ended room no longer counts against the cap


def test_a_room_expires_four_hours_after_the_teachers_last_action(store):
    now = [1000.0]
    store.clock = lambda: now[0]
    code, secret = opened(store)
    now[0] += rm.ROOM_TTL - 1
    store.stage(code, secret, {"step": 6})  # the teacher's action keeps it alive
    now[0] += rm.ROOM_TTL - 1
    assert store.room(code).stage.step == 6
    now[0] += 2
    with pytest.raises(rm.Ended):  # expired, and kept until the sweep: its followers get its end
        store.room(code)
    assert store.sweep() == 0, "kept a day as ended: a phone that wakes the next morning is told so"
    now[0] += rm.ROOM_KEPT - rm.ROOM_TTL - 2
    opened(store)  # a new class the next day sweeps first, and the old room is still there, ended
    with pytest.raises(rm.Ended):
        store.room(code)
    now[0] += 2
    assert store.sweep() == 1 and store.peek(code) is None
    with pytest.raises(rm.UnknownRoom):
        store.room(code)


def test_an_expired_room_takes_no_place_of_an_open_one(kind, tmp_path, request):
    server = request.getfixturevalue("redis_server") if kind == "redis" else None
    store = make_store(kind, tmp_path, server, Limits(students=40, rooms=2))
    now = [1000.0]
    store.clock = lambda: now[0]
    opened(store), opened(store)
    with pytest.raises(rm.Full):
        opened(store)
    now[0] += rm.ROOM_TTL + 1  # both expired, kept as ended until ROOM_KEPT
    opened(store), opened(store)


def test_concurrent_answers_from_threads_are_each_counted_once(kind, tmp_path, request):
    server = request.getfixturevalue("redis_server") if kind == "redis" else None
    store = make_store(kind, tmp_path, server, Limits(students=40, rooms=3))
    code, secret = opened(store)
    students = [store.join(code)[0] for _ in range(40)]
    store.ask(code, secret, "winner")

    def answer(student: str) -> None:
        for value in ("Alice", "Bob", "Bob"):  # each changes their mind once: still one answer each
            store.answer(code, student, 1, value)

    threads = [threading.Thread(target=answer, args=(s,)) for s in students]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    room = store.room(code)
    assert rm.tally(room.question(1), room.answers[1]) == rm.Tally(40, {"Bob": 40}, 40)
    store.close()


def test_changes_that_meet_at_a_rooms_lock_are_written_together(kind, tmp_path, request):
    """While the room's lock is held elsewhere, 30 answers (one from nobody seated, one to no question) wait
    in one batch; once the lock is free they are applied in one read and one write: the 28 good ones
    counted, the two refused each with its own exception, and every caller handed the room as stored."""
    server = request.getfixturevalue("redis_server") if kind == "redis" else None
    store = make_store(kind, tmp_path, server, Limits(students=40, rooms=3))
    code, secret = opened(store)
    students = [store.join(code)[0] for _ in range(28)]
    store.ask(code, secret, "winner")
    writes, put = [], store._put
    store._put = lambda room: (writes.append(room.version), put(room))[1]
    asked = [(s, 1) for s in students] + [(rm.new_student(), 1), (students[0], 9)]
    outcomes: dict[int, object] = {}

    def answer(place: int, student: str, number: int) -> None:
        try:
            outcomes[place] = store.answer(code, student, number, "Alice")
        except rm.RoomError as error:
            outcomes[place] = error

    threads = [threading.Thread(target=answer, args=(i, *a)) for i, a in enumerate(asked)]
    with store._locked(code):
        for t in threads:
            t.start()
        deadline = time.monotonic() + 10
        while len(getattr(store._batches.get(code), "actions", ())) < len(asked):  # all waiting in one batch
            assert time.monotonic() < deadline, "the answers did not gather while the lock was held"
            time.sleep(0.005)
    for t in threads:
        t.join()
    room = store.room(code)
    assert writes == [room.version], "one write for the whole batch"
    assert room.answers[1] == dict.fromkeys(students, "Alice")
    assert isinstance(outcomes[28], rm.UnknownStudent) and isinstance(outcomes[29], rm.UnknownQuestion)
    assert all(outcomes[i] == room for i in range(28)), "each caller has the room as stored"
    store.close()


def test_a_batch_that_cannot_be_written_fails_every_caller_and_counts_nothing(kind, tmp_path, request):
    """A store that fails the batch's write: each caller gets the error (its own copy), nothing is counted,
    and the next change to the room goes through (no batch is left open)."""
    server = request.getfixturevalue("redis_server") if kind == "redis" else None
    store = make_store(kind, tmp_path, server, Limits(students=10, rooms=3))
    code, secret = opened(store)
    students = [store.join(code)[0] for _ in range(6)]
    store.ask(code, secret, "winner")
    put = store._put

    def failing(room):
        raise StoreDown("the disk is full")

    store._put = failing
    errors: list[BaseException] = []

    def answer(student: str) -> None:
        try:
            store.answer(code, student, 1, "Bob")
        except StoreDown as error:
            errors.append(error)

    threads = [threading.Thread(target=answer, args=(s,)) for s in students]
    with store._locked(code):
        for t in threads:
            t.start()
        deadline = time.monotonic() + 10
        while len(getattr(store._batches.get(code), "actions", ())) < len(students):
            assert time.monotonic() < deadline, "the answers did not gather while the lock was held"
            time.sleep(0.005)
    for t in threads:
        t.join()
    assert len(errors) == 6 and len({id(e) for e in errors}) == 6 and {str(e) for e in errors} == {DOWN}
    assert store.room(code).answers.get(1, {}) == {}, "nothing of the failed batch was counted"
    store._put = put
    assert store.answer(code, students[0], 1, "Bob").answers[1] == {students[0]: "Bob"}
    assert code not in store._batches
    store.close()


def test_two_store_instances_on_one_backend_see_each_others_changes(kind, tmp_path, request):
    server = request.getfixturevalue("redis_server") if kind == "redis" else None
    first = make_store(kind, tmp_path, server, Limits())
    second = SqliteStore(first.path) if isinstance(first, SqliteStore) else RedisStore(server.url)
    code, secret = opened(first)
    student, _ = second.join(code)
    first.stage(code, secret, {"step": 7})
    second.ask(code, secret, "take")
    first.answer(code, student, 1, 1)
    assert second.room(code) == first.room(code) and second.room(code).answers[1] == {student: 1}
    assert second.versions([code]) == first.versions([code]) == {code: 5}
    first.close()
    second.close()


def test_redis_restarted_midway_loses_no_counted_answer(tmp_path):
    server = RedisServer(tmp_path).start()
    try:
        store = RedisStore(server.url, Limits())
        code, secret = opened(store)
        students = [store.join(code)[0] for _ in range(10)]
        store.ask(code, secret, "dp")
        wrong = next(c for c in store.room(code).question(1).choices if c != 7)  # drawn per room
        for s in students[:6]:
            store.answer(code, s, 1, 7)
        server.stop()
        with pytest.raises(StoreDown):
            store.answer(code, students[6], 1, 7)
        server.start()  # the same port and folder: its append-only file has every write
        for s in students[6:]:
            store.answer(code, s, 1, wrong)
        room = store.room(code)
        assert rm.tally(room.question(1), room.answers[1]) == rm.Tally(10, {str(wrong): 4, "7": 6}, 6)
        store.close()
    finally:
        server.stop()


def test_a_redis_that_is_down_refuses_in_one_line():
    from scripts.servers import free_port

    store = RedisStore(f"redis://127.0.0.1:{free_port()}/0", Limits())
    with pytest.raises(StoreDown) as down:
        store.create(STAGE, rm.new_secret())
    assert str(down.value) == DOWN and "\n" not in str(down.value)
    with pytest.raises(StoreDown):
        store.versions(["ABCDEF"])


def test_a_sqlite_file_that_cannot_be_made_refuses_in_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = SqliteStore(blocker / "rooms.sqlite3", Limits())
    with pytest.raises(StoreDown) as down:
        store.room("ABCDEF")
    assert str(down.value) == DOWN


def test_the_environment_picks_the_store(tmp_path):
    sqlite = from_env({"STONEGAME_STATE": str(tmp_path)})
    assert isinstance(sqlite, SqliteStore) and sqlite.path == tmp_path / "rooms.sqlite3"
    assert isinstance(from_env({"STONEGAME_ROOMS": "redis://127.0.0.1:1/0"}), RedisStore)
    with pytest.raises(ValueError, match="STONEGAME_ROOMS"):
        from_env({"STONEGAME_ROOMS": "mysql://x"})
    assert state_dir({"HOME": "/h"}).name == "stonegame"


def test_the_sqlite_file_is_in_wal_mode(tmp_path):
    store = SqliteStore(tmp_path / "rooms.sqlite3", Limits())
    opened(store)
    mode = store._connection().execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal" and Path(f"{store.path}-wal").exists()


def test_creates_at_once_on_a_fresh_sqlite_file_meet_no_lock(tmp_path):
    """128 creates in flight (2 processes, as 2 replicas, 64 threads each) on each of 12 fresh files: none
    is refused. Each connection once switched the file to WAL itself, and two doing so at once could get
    "database is locked" at once (about 1 create in 1,000)."""
    context = multiprocessing.get_context("spawn")
    paths = [str(tmp_path / f"{n}" / "rooms.sqlite3") for n in range(12)]
    together, errors = context.Barrier(2), context.Queue()
    workers = [context.Process(target=burst, args=(paths, 64, together, errors)) for _ in range(2)]
    for worker in workers:
        worker.start()
    met, done = [], 0
    while done < len(workers):
        error = errors.get(timeout=120)
        done += error is None
        met += [error] if error is not None else []
    for worker in workers:
        worker.join(10)
    assert met == [], f"{len(met)} of {128 * len(paths)} creates refused: {met[:3]}"
    counts = [len(SqliteStore(Path(p), Limits())._codes()) for p in paths]
    assert counts == [128] * len(paths), counts


def test_a_full_room_gives_an_idle_seat_to_a_new_student(store, limits):
    """A room filled by seats that never opened a stream nor answered (a script holding the QR link) takes a
    real student once they are rm.IDLE_SECONDS old, on the store's clock; a seat that followed the stream
    or answered is never reclaimed."""
    now = [1000.0]
    store.clock = lambda: now[0]
    code, secret = opened(store)
    store.ask(code, secret, "winner")
    seats = [store.join(code, "198.51.100.20")[0] for _ in range(limits.students)]
    store.follow(code, seats[0])
    store.answer(code, seats[1], 1, "Alice")
    now[0] += rm.IDLE_SECONDS - 1
    with pytest.raises(rm.Full, match="This class is full"):
        store.join(code, "203.0.113.9")
    now[0] += 1
    late = [store.join(code, "203.0.113.9")[0] for _ in range(limits.students - 2)]
    with pytest.raises(rm.Full):
        store.join(code, "203.0.113.9")  # the seats left are the active two and the new ones, none idle long
    room = store.room(code)
    assert set(room.students) == {seats[0], seats[1], *late}, "the stream's and the answer's seats were kept"
    assert room.answers[1] == {seats[1]: "Alice"}
    with pytest.raises(rm.UnknownStudent):
        store.answer(code, seats[2], 1, "Bob")  # a reclaimed seat is gone: its page joins again


def test_a_renewed_join_token_refuses_the_old_link(store):
    code, secret = opened(store)
    old = store.room(code).join
    with pytest.raises(rm.WrongSecret):
        store.renew_join(code, rm.new_secret())
    new = store.renew_join(code, secret).join
    assert new and new != old and "join" not in rm.public_view(store.room(code))
    with pytest.raises(rm.WrongJoin, match="its teacher made a new one"):
        store.join(code, "198.51.100.20", old)
    assert store.join(code, "198.51.100.20", new)[0] in store.room(code).students
