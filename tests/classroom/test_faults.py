"""The class room's faults, with real servers and real clients (scripts/classtest.py's, which speak
HTTP/1.1 and read the event stream as a browser's EventSource does: opened again 2 s after it breaks,
from Last-Event-ID), on each store:

- a `streamlit run streamlit_app.py` restarted in the middle of a class (on Redis, Redis restarted too):
  the teacher's secret still leads, the students' ids still count, their streams come back and get the
  next step, and the open question keeps its answers;
- serve.py's topology (2 replicas behind nginx, the sticky cookie) with one replica killed: its students
  are back on the stream at the current step within 5 s, and the teacher, who was on it, goes on leading.

The store-level Redis restart (tests/classroom/test_stores.py) and an open stream outliving one
(test_fanout.py) are tested apart, without Streamlit.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Callable, Iterator

import pytest

from scripts.classtest import PREFIX, Browser, HttpError, Signal, Student, Teacher
from scripts.redis_server import RedisServer
from scripts.servers import StreamlitServer
from scripts.topology import Topology
from tests.loop import run_apart

ROW = [5, -3, 8, 2, -1, 7, 4, -6]
BACK_WITHIN = 5.0  # seconds from a replica's death until its students have the current step again


@pytest.fixture(scope="module", params=["sqlite", "redis"])
def store_env(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer | None]:
    """The environment the servers started here inherit, naming a fresh store of each kind: a SQLite
    folder, or a redis-server of this module's own (restarted by a test). Yields that redis-server."""
    folder = tmp_path_factory.mktemp(f"faults-{request.param}")
    server = RedisServer(folder / "redis").start() if request.param == "redis" else None
    with pytest.MonkeyPatch.context() as env:
        env.setenv("STONEGAME_STATE", str(folder / "state"))
        env.setenv("STONEGAME_ROOMS", server.url if server else "sqlite")
        yield server
    if server is not None:
        server.stop()


async def until(changes: Signal, condition: Callable[[], bool], seconds: float, what: str) -> None:
    """Wait until condition() holds, at most `seconds`; AssertionError naming `what` otherwise."""
    assert await changes.until(condition, time.monotonic() + seconds), f"{what} within {seconds:g} s"


async def gathered(base: str, routes: list[str | None]) -> tuple[Teacher, list[Student], list[asyncio.Task[None]]]:
    """A room opened by a teacher at `base`, one student per entry of `routes` (nginx's cookie, or None)
    joined and following it, once every stream has the room's first view."""
    teacher = Teacher(base)
    await teacher.open(ROW)
    changes = Signal()
    students = [Student(Browser(base), teacher.code, changes) for _ in routes]
    for student, route in zip(students, routes, strict=True):
        student.browser.route = route
        await student.join(teacher.join)
    streams = [asyncio.get_running_loop().create_task(s.follow()) for s in students]
    joined = (await teacher.post("/teacher", {}))["version"]
    await until(changes, lambda: all(s.version >= joined for s in students), 15, "every stream's first view")
    return teacher, students, streams


async def led(teacher: Teacher, students: list[Student], step: int, seconds: float = 15) -> int:
    """The teacher moves to `step`; returns its version once every student's stream has it."""
    version = (await teacher.post("/stage", {"step": step}))["version"]
    changes = students[0].changes
    await until(changes, lambda: all(s.view["stage"]["step"] == step for s in students), seconds, f"step {step}")
    return version


async def ended(teacher: Teacher, streams: list[asyncio.Task[None]]) -> None:
    """The teacher ends the room, and every stream then ends by itself."""
    await teacher.post("/end", {})
    await asyncio.wait_for(asyncio.gather(*streams), 15)


async def pressed_again_after_a_502(teacher: Teacher, step: int) -> int:
    """The teacher moves to `step`, pressing again if nginx answered 502: a POST it had already sent on
    its kept-alive connection to the replica that died is not retried elsewhere (nginx never resends a
    non-idempotent request), so the first press after a kill can fail once. Returns the version."""
    try:
        return (await teacher.post("/stage", {"step": step}))["version"]
    except HttpError as error:
        assert ": 502 " in str(error), error
        print("nginx answered 502 to the first press after the kill: pressed again")
        return (await teacher.post("/stage", {"step": step}))["version"]


def test_a_server_restarted_mid_class_brings_everyone_back(store_env):
    async def scenario() -> None:
        server = await asyncio.to_thread(StreamlitServer)
        try:
            teacher, students, streams = await gathered(server.url, [None, None, None])
            await led(teacher, students, 5)
            question = (await teacher.post("/questions", {"kind": "winner"}, status=201))["questions"][-1]
            number = question["number"]
            assert all([await s.answer(question, 0) is not None for s in students[:2]])
            if store_env is not None:  # Redis restarted too: what it acknowledged stays counted
                await asyncio.to_thread(store_env.stop)
                await asyncio.to_thread(store_env.start)
            port = server.port
            await asyncio.to_thread(server.stop)
            server = await asyncio.to_thread(StreamlitServer, port=port)  # where the class knows it
            view = await teacher.post("/teacher", {})  # the secret still leads
            assert view["stage"]["step"] == 5 and view["joined"] == 3
            question = view["questions"][-1]
            assert (question["number"], question["state"], question["answered"]) == (number, "open", 2)
            assert await students[2].answer(question, 0) is not None  # an id from before still counts
            mine = await students[0].browser.expect(
                200, "POST", f"{PREFIX}/rooms/{teacher.code}/me", {"student": students[0].id}
            )
            assert str(number) in mine["mine"] and mine["status"] == "following"
            await led(teacher, students, 6)  # every stream came back (Last-Event-ID) and follows
            assert all(s.breaks for s in students), "each stream broke with the server and was opened again"
            late = Student(Browser(server.url), teacher.code, students[0].changes, id=students[0].id, version=1)
            streams.append(asyncio.get_running_loop().create_task(late.follow()))  # a reconnect from long ago
            await until(late.changes, lambda: late.version > 1, 10, "the current view for an old Last-Event-ID")
            assert late.view["stage"]["step"] == 6 and late.view["questions"][-1]["answered"] == 3
            locked = await teacher.post(f"/questions/{number}", {"state": "locked"})
            assert locked["questions"][-1]["answered"] == 3
            await ended(teacher, streams)
        finally:
            await asyncio.to_thread(server.stop)

    run_apart(scenario())


def test_the_students_of_a_killed_replica_are_back_within_5_s(store_env):
    async def scenario(topology: Topology) -> None:
        teacher, students, streams = await gathered(topology.url, ["r1", "r2"] * 3)
        teacher.browser.route = "r1"  # the teacher is on the replica that dies, too
        await led(teacher, students, 3)
        assert [s.browser.route for s in students] == ["r1", "r2"] * 3, "nginx kept each student on its replica"
        os.kill(topology.replica("r1").pid, signal.SIGKILL)
        killed = time.monotonic()
        version = await pressed_again_after_a_502(teacher, 4)  # the teacher goes on leading
        changes = students[0].changes
        back = lambda: all(s.version >= version for s in students)  # noqa: E731
        await until(changes, back, BACK_WITHIN - (time.monotonic() - killed), "the class at step 4 after the kill")
        print(f"back on the stream after the kill: {max(s.arrived(version) - killed for s in students):.2f} s")
        moved = [s for s in students if s.breaks]
        assert moved == students[0::2], "the streams of r1's students broke, and only theirs"
        assert all(s.browser.route == "r2" for s in students), "nginx's answer moved r1's students to r2"
        await led(teacher, students, 5)
        await ended(teacher, streams)

    topology = Topology(2, port=0, host="127.0.0.1", say=lambda line: None).start()
    try:
        run_apart(scenario(topology))
    finally:
        topology.stop()
