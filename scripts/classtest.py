"""The class room under load: 1 teacher and N students on real servers, with the requests a browser makes.

    python scripts/classtest.py --students 100 --store sqlite              # one process, no nginx
    python scripts/classtest.py --students 200 --store redis --replicas 2  # serve.py's 2 replicas + nginx
    python scripts/classtest.py --quick --store redis --replicas 2         # CI: 20 students, seconds

It starts what it needs and stops it again: with --replicas 0 (the default) one `streamlit run
streamlit_app.py` (scripts/meter.py's Server), with R >= 1 serve.py's topology (R replicas behind nginx,
each student keeping nginx's route cookie as a browser does); for --store redis a redis-server of its
own (scripts/redis_server.py), for sqlite a fresh STONEGAME_STATE folder. The students speak plain
HTTP/1.1 over asyncio sockets (one connection per request, and one per event stream, read as it comes,
so 200 streams cost the client little): POST join, then GET /classroom/rooms/{code}/events. Then:

- steps: the teacher POSTs /stage with the next step, waits until every student's stream has a version
  at least the one the POST answered (or STEP_DEADLINE), and goes on; arrival = receipt - press;
  a student without it by the deadline missed that step;
- row changes: the teacher POSTs a new row; each student, once its stream shows that row, makes the
  request AFTER_ROW names (the browser's fetch of the new row's stage data); the time is press to the
  end of that request, and the server CPU over the phase is divided by the row changes;
- answers: the teacher asks "who wins", each student answers once at a random moment of the next
  second, then the teacher locks the question; counted = the tally the lock answers, lost = answers
  acknowledged (200) minus counted.

Server CPU is read from each server process's CPU-time clock (scripts/meter.py; psutil where there is none)
for the server processes (every replica's tree, not nginx), over
each phase; per step broadcast, less what the server uses idle with the class connected (read for
IDLE_SECONDS before the steps, and printed). It prints the lines below (figures measured), then the
client's own CPU and the load average; exit status 1 on a missed step, a lost or refused answer, or any failed request.

    class: N students, store S, R replicas
    step arrival: p50 X ms, p95 Y ms (teacher press to student receipt), M missed
    row change: p95 Z ms until every student has the new row's stage data; server CPU W ms for the class
    answers: A sent, B counted, C lost
    server CPU per step broadcast: V ms (all replicas)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.meter import Cluster, Server, load, quiet  # noqa: E402
from scripts.redis_server import rooms_env  # noqa: E402
from scripts.servers import raise_open_files  # noqa: E402
from scripts.topology import ROUTE_COOKIE  # noqa: E402

PREFIX = "/classroom"  # ui/server/rooms/routes.py's (not imported: the client needs none of the server)
# What a student's browser fetches once its stream shows a new row: the row's stage data (ui/parts/classroom.js).
AFTER_ROW = f"{PREFIX}/rooms/{{code}}/stage-data?lang=en&code=py"
STEP_DEADLINE = 5.0  # seconds after the press by which every student must have the step
ROW_DEADLINE = 10.0  # seconds after the press by which every student must have the new row's data
IDLE_SECONDS = 2.0  # how long the server's idle CPU (the class connected, nothing happening) is read
STEP_GAP = 0.2  # seconds between one step reaching the class and the teacher's next press
ANSWER_SPREAD = 1.0  # the students answer within this many seconds of the question
JOINS_AT_ONCE = 20  # students joining at the same moment (a class scanning the QR code)
RETRY = 2.0  # seconds a stream that closed or broke waits before it opens again (the routes' retry: 2000)
TIMEOUT = 30.0  # seconds any one request may take before it counts as failed
FIRST_ROW = [5, -3, 8, 2, -1, 7, 4, -6, 3, 9, -2, 6, 1, -5, 4, 2, -7, 8, 3, -1]


# --- HTTP/1.1 over asyncio, as little of it as the class needs ---------------------------------------


class HttpError(Exception):
    """A request that failed: no answer, a broken one, or a status other than the one expected."""


@dataclass
class Answer:
    """An HTTP answer: status, headers (lower-case names; Set-Cookie's values joined by newlines), body."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def request_bytes(method: str, host: str, path: str, body: bytes | None, headers: dict[str, str]) -> bytes:
    """The request's bytes: its line, Host, the headers, and a JSON body if any (Connection: close)."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    """The status and headers of an answer."""
    status_line = await reader.readline()
    if not status_line:
        raise HttpError("the connection closed before an answer")
    status = int(status_line.split()[1])
    headers: dict[str, str] = {}
    while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        name, value = name.strip().lower(), value.strip()
        headers[name] = f"{headers[name]}\n{value}" if name in headers else value
    return status, headers


async def body_chunks(reader: asyncio.StreamReader, headers: dict[str, str]) -> AsyncIterator[bytes]:
    """The body as it arrives: chunked transfer decoded, else up to Content-Length or the end."""
    if "chunked" in headers.get("transfer-encoding", ""):
        while True:
            size = int((await reader.readline()).split(b";")[0].strip() or b"0", 16)
            if size == 0:
                return
            yield await reader.readexactly(size)
            await reader.readline()
    elif "content-length" in headers:
        yield await reader.readexactly(int(headers["content-length"]))
    else:
        while chunk := await reader.read(65536):
            yield chunk


class Browser:
    """One browser's view of the server: its base URL and nginx's route cookie, kept as a browser keeps it."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.netloc = parts.netloc
        self.route: str | None = None

    def _headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        cookie = {"Cookie": f"{ROUTE_COOKIE}={self.route}"} if self.route else {}
        return cookie | (extra or {})

    def _keep_cookie(self, headers: dict[str, str]) -> None:
        """Take a new route from Set-Cookie, as a browser would."""
        for line in headers.get("set-cookie", "").split("\n"):
            if line.startswith(f"{ROUTE_COOKIE}="):
                self.route = line.split("=", 1)[1].split(";")[0]

    async def call(self, method: str, path: str, data: dict[str, Any] | None = None) -> Answer:
        """One request on a new connection; HttpError if it fails or takes over TIMEOUT."""
        body = None if data is None else json.dumps(data).encode()
        try:
            return await asyncio.wait_for(self._call(method, path, body), TIMEOUT)
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError, TimeoutError) as error:
            raise HttpError(f"{method} {path}: {type(error).__name__} {error}") from error

    async def _call(self, method: str, path: str, body: bytes | None) -> Answer:
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            writer.write(request_bytes(method, self.netloc, path, body, self._headers()))
            status, headers = await read_head(reader)
            data = b"".join([chunk async for chunk in body_chunks(reader, headers)])
        finally:
            writer.close()
        self._keep_cookie(headers)
        return Answer(status, headers, data)

    async def expect(self, status: int, method: str, path: str, data: dict[str, Any] | None = None) -> Any:
        """The JSON of an answer with this status; HttpError for any other."""
        answer = await self.call(method, path, data)
        if answer.status != status:
            raise HttpError(f"{method} {path}: {answer.status} {answer.body[:200]!r}")
        return answer.json()

    async def events(self, path: str, last_id: int | None, on_event: Callable[[int, dict[str, Any]], None]) -> None:
        """Read the event stream at `path` until it ends, calling on_event(id, data) for each event as
        it arrives; HttpError if it cannot be opened or is refused."""
        extra = {"Accept": "text/event-stream"} | ({"Last-Event-ID": str(last_id)} if last_id else {})
        try:
            reader, writer = await asyncio.open_connection(self.host, self.port)
        except OSError as error:
            raise HttpError(f"GET {path}: {error}") from error
        try:
            writer.write(request_bytes("GET", self.netloc, path, None, self._headers(extra)))
            status, headers = await read_head(reader)
            self._keep_cookie(headers)
            if status != 200:
                raise HttpError(f"GET {path}: {status}")
            buffer = b""
            async for chunk in body_chunks(reader, headers):
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    parse_event(block.decode(), on_event)
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            raise HttpError(f"GET {path}: {type(error).__name__} {error}") from error
        finally:
            writer.close()


def parse_event(block: str, on_event: Callable[[int, dict[str, Any]], None]) -> None:
    """Call on_event(id, data) for one server-sent event block that has data (retry: and comments don't)."""
    event_id, data = 0, []
    for line in block.split("\n"):
        if line.startswith("id: "):
            event_id = int(line[4:])
        elif line.startswith("data: "):
            data.append(line[6:])
    if data:
        on_event(event_id, json.loads("\n".join(data)))


# --- the class -----------------------------------------------------------------------------------


class Signal:
    """An asyncio event that every change sets and replaces, so a waiter wakes at each change."""

    def __init__(self) -> None:
        self.event = asyncio.Event()

    def fire(self) -> None:
        woken, self.event = self.event, asyncio.Event()
        woken.set()

    async def until(self, condition: Callable[[], bool], deadline: float) -> bool:
        """Wait until condition() holds (checked at each change) or time.monotonic() passes deadline."""
        while not condition():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.event.wait(), left)
        return True


@dataclass
class Student:
    """One student: a browser, the id the join gave, the versions its stream brought and when, and the
    times its row fetches ended (by row)."""

    browser: Browser
    code: str
    changes: Signal
    id: str = ""
    version: int = 0
    view: dict[str, Any] = field(default_factory=dict)
    arrivals: list[tuple[int, float]] = field(default_factory=list)
    row_wanted: list[int] | None = None
    row_fetched: dict[tuple[int, ...], float] = field(default_factory=dict)
    fetches: set[asyncio.Task[None]] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)
    breaks: list[str] = field(default_factory=list)

    async def join(self, token: str) -> None:
        """Join by the link (its join token), as a class scanning the QR code does."""
        path = f"{PREFIX}/rooms/{self.code}/join"
        self.id = (await self.browser.expect(201, "POST", path, {"join": token}))["student"]

    async def follow(self) -> None:
        """The event stream until the room ends, opened again RETRY seconds after it closes or breaks,
        from the last version seen (Last-Event-ID), as EventSource does; each close or break before the
        room ended is noted in `breaks`."""
        while not self.view.get("ended"):
            try:
                await self.browser.events(f"{PREFIX}/rooms/{self.code}/events", self.version, self.on_event)
                if not self.view.get("ended"):
                    self.breaks.append("the server closed the stream before the room ended")
            except HttpError as error:
                self.breaks.append(str(error))
            if not self.view.get("ended"):
                await asyncio.sleep(RETRY)  # EventSource's wait (the stream's retry: 2000)

    def on_event(self, version: int, view: dict[str, Any]) -> None:
        self.version, self.view = version, view
        self.arrivals.append((version, time.monotonic()))
        values = view.get("stage", {}).get("values")
        if self.row_wanted is not None and values == self.row_wanted:
            self.row_wanted = None
            task = asyncio.get_running_loop().create_task(self.fetch_row(tuple(values)))
            self.fetches.add(task)
            task.add_done_callback(self.fetches.discard)
        self.changes.fire()

    async def fetch_row(self, row: tuple[int, ...]) -> None:
        """The browser's request for the new row's stage data (AFTER_ROW)."""
        try:
            await self.browser.expect(200, "GET", AFTER_ROW.format(code=self.code))
            self.row_fetched[row] = time.monotonic()
        except HttpError as error:
            self.failures.append(f"row: {error}")
        self.changes.fire()

    def has(self, version: int) -> bool:
        """Whether this student shows this version or a later one (its stream brought it)."""
        return self.version >= version

    def arrived(self, version: int) -> float | None:
        """When the stream first brought this version or a later one."""
        return next((t for v, t in self.arrivals if v >= version), None)

    async def answer(self, question: dict[str, Any], delay: float) -> float | None:
        """Tap one of the question's buttons (its choices, as the teacher's view of it has them) after
        `delay` seconds: how long the answer took if the server acknowledged it (200), else None."""
        await asyncio.sleep(delay)
        choice, sent = random.choice(question["choices"]), time.monotonic()
        path = f"{PREFIX}/rooms/{self.code}/questions/{question['number']}/answer"
        try:
            answer = await self.browser.call("POST", path, {"student": self.id, "answer": choice})
        except HttpError as error:
            self.failures.append(f"answer: {error}")
            return None
        if answer.status != 200:
            self.failures.append(f"answer: {answer.status} {answer.body[:200]!r}")
            return None
        return time.monotonic() - sent


class Teacher:
    """The teacher's browser, holding the room's code, secret and join token."""

    def __init__(self, base: str) -> None:
        self.browser = Browser(base)
        self.code = self.secret = self.join = ""

    async def open(self, values: list[int]) -> None:
        made = await self.browser.expect(201, "POST", f"{PREFIX}/rooms", {"values": values})
        self.code, self.secret, self.join = made["code"], made["secret"], made["room"]["join"]

    async def post(self, path: str, data: dict[str, Any], status: int = 200) -> dict[str, Any]:
        """POST to the room's `path` with the secret: the teacher's view."""
        return await self.browser.expect(
            status, "POST", f"{PREFIX}/rooms/{self.code}{path}", {"secret": self.secret} | data
        )


def pct(values: list[float], q: float) -> float:
    """The q-th quantile (0..1) of the values, nearest rank; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


@dataclass
class Figures:
    """What one class measured."""

    arrivals: list[float] = field(default_factory=list)
    missed: int = 0
    steps: int = 0
    step_phase: float = 0.0  # server CPU seconds over the steps
    step_wall: float = 0.0  # their wall time
    idle_rate: float = 0.0  # server CPU seconds per second with the class connected and idle

    @property
    def step_cpu(self) -> float:
        """Server CPU seconds the step broadcasts cost: the phase's less the idle baseline over its time."""
        return max(0.0, self.step_phase - self.idle_rate * self.step_wall)

    row_times: list[float] = field(default_factory=list)
    row_missed: int = 0
    rows: int = 0
    row_cpu: float = 0.0
    sent: int = 0
    acked: int = 0
    counted: int = 0
    answer_cpu: float = 0.0
    answer_wall: float = 0.0
    answer_times: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what makes a figure doubtful, printed with it


class Class:
    """A teacher and `n` students on the server at `base`; cpu() reads the server's CPU seconds so far."""

    def __init__(
        self, base: str, n: int, cpu: Callable[[], float], make: Callable[[str, str, Signal], Student] | None = None
    ) -> None:
        self.base, self.n, self.cpu = base, n, cpu
        self.make = make or (lambda base, code, changes: Student(Browser(base), code, changes))
        self.teacher = Teacher(base)
        self.changes = Signal()
        self.students: list[Student] = []
        self.streams: list[asyncio.Task[None]] = []
        self.figures = Figures()

    async def gather(self) -> None:
        """Open the room, join every student (JOINS_AT_ONCE at a time), open their streams and wait until
        every stream has the room's first view."""
        await self.teacher.open(FIRST_ROW)
        await self.opened()
        self.students = [self.make(self.base, self.teacher.code, self.changes) for _ in range(self.n)]
        gate = asyncio.Semaphore(JOINS_AT_ONCE)

        async def join(student: Student) -> None:
            async with gate:
                await student.join(self.teacher.join)
            self.streams.append(asyncio.get_running_loop().create_task(student.follow()))

        await asyncio.gather(*(join(s) for s in self.students))
        joined = (await self.teacher.post("/teacher", {}))["version"]
        if not await self.changes.until(lambda: all(s.has(joined) for s in self.students), time.monotonic() + 30):
            raise HttpError("not every student's stream opened within 30 s")

    async def opened(self) -> None:
        """Between the teacher opening the class and the students coming in: nothing here (scripts/halltest.py's
        teacher waits until the class's first row is prepared)."""

    async def steps(self, count: int) -> None:
        """The teacher presses "next" `count` times; each press waits for the class (or STEP_DEADLINE)."""
        idle_from, idle_cpu = time.monotonic(), self.cpu()
        await asyncio.sleep(IDLE_SECONDS)  # the class connected and nothing happening: the server's baseline
        self.figures.idle_rate = (self.cpu() - idle_cpu) / (time.monotonic() - idle_from)
        if self.figures.idle_rate > 0.05:  # a server still warming up (or busy) makes the baseline meaningless
            self.figures.notes.append(f"the server was not idle before the steps ({self.figures.idle_rate:.2f} s/s)")
        before, started = self.cpu(), time.monotonic()
        for step in range(1, count + 1):
            pressed = time.monotonic()
            at = 1 + (step - 1) % (2 * len(FIRST_ROW))  # 1, 2, ... the last step before the verdict, again
            version = (await self.teacher.post("/stage", {"step": at}))["version"]
            await self.changes.until(lambda v=version: all(s.has(v) for s in self.students), pressed + STEP_DEADLINE)
            for student in self.students:
                got = student.arrived(version)
                if got is None or got - pressed > STEP_DEADLINE:
                    self.figures.missed += 1
                else:
                    self.figures.arrivals.append(got - pressed)
            await self.pause(1 + step % (2 * len(FIRST_ROW)))  # the teacher's pace, not a synchronisation
        self.figures.steps += count
        self.figures.step_phase += self.cpu() - before  # the whole phase, the teacher's gaps included
        self.figures.step_wall += time.monotonic() - started

    async def pause(self, following: int) -> None:
        """The teacher's pause before pressing step `following`: STEP_GAP seconds (scripts/halltest.py's teacher
        waits for that step's picture too)."""
        await asyncio.sleep(STEP_GAP)

    async def rows(self, count: int) -> None:
        """The teacher types `count` new rows; each waits until every student has fetched its data."""
        before = self.cpu()
        for k in range(count):
            row = [random.randint(-20, 20) for _ in range(12 + 4 * k)]
            for student in self.students:
                student.row_wanted = row
            pressed = time.monotonic()
            await self.teacher.post("/stage", {"values": row, "step": 0})
            key = tuple(row)
            await self.changes.until(
                lambda key=key: all(key in s.row_fetched for s in self.students), pressed + ROW_DEADLINE
            )
            for student in self.students:
                if key in student.row_fetched:
                    self.figures.row_times.append(student.row_fetched[key] - pressed)
                else:
                    self.figures.row_missed += 1
        self.figures.rows += count
        self.figures.row_cpu += self.cpu() - before

    async def answers(self) -> None:
        """Ask "who wins", every student answers within ANSWER_SPREAD s, the teacher locks: the tally."""
        before, started = self.cpu(), time.monotonic()
        question = (await self.teacher.post("/questions", {"kind": "winner"}, status=201))["questions"][-1]
        acks = await asyncio.gather(*(s.answer(question, random.uniform(0, ANSWER_SPREAD)) for s in self.students))
        self.figures.answer_wall = time.monotonic() - started
        locked = await self.teacher.post(f"/questions/{question['number']}", {"state": "locked"})
        self.figures.answer_cpu = self.cpu() - before
        took = [t for t in acks if t is not None]
        self.figures.sent, self.figures.acked, self.figures.answer_times = len(acks), len(took), took
        self.figures.counted = locked["questions"][-1]["answered"]

    async def close(self) -> None:
        """End the room and stop every stream."""
        with contextlib.suppress(HttpError):
            await self.teacher.post("/end", {})
        for task in self.streams:
            task.cancel()
        await asyncio.gather(*self.streams, return_exceptions=True)
        self.figures.failures = [f for s in self.students for f in [*s.failures, *(f"stream: {b}" for b in s.breaks)]]


# --- the run -------------------------------------------------------------------------------------


def report(figures: Figures, n: int, store: str, replicas: int) -> list[str]:
    """The five lines of the issue, with the figures measured."""
    ms = [1000 * t for t in figures.arrivals]
    rows = [1000 * t for t in figures.row_times]
    lost = figures.acked - figures.counted
    return [
        f"class: {n} students, store {store}, {replicas} replicas",
        f"step arrival: p50 {pct(ms, 0.5):.0f} ms, p95 {pct(ms, 0.95):.0f} ms (teacher press to student receipt), "
        f"{figures.missed} missed",
        f"row change: p95 {pct(rows, 0.95):.0f} ms until every student has the new row's stage data; "
        f"server CPU {1000 * figures.row_cpu / max(1, figures.rows):.0f} ms for the class",
        f"answers: {figures.sent} sent, {figures.counted} counted, {lost} lost",
        f"server CPU per step broadcast: {1000 * figures.step_cpu / max(1, figures.steps):.1f} ms (all replicas)",
    ]


async def run_class(base: str, n: int, cpu: Callable[[], float], steps: int, rows: int) -> Figures:
    """One class on the server at `base`: gather, steps, row changes, answers, end."""
    lesson = Class(base, n, cpu)
    try:
        await lesson.gather()
        await lesson.steps(steps)
        await lesson.rows(rows)
        await lesson.answers()
    finally:
        await lesson.close()
    return lesson.figures


@contextlib.contextmanager
def servers(store: str, replicas: int) -> Iterator[Server | Cluster]:
    """The store (a fresh SQLite folder, or a redis-server of our own) and the server(s) on it, stopped
    at the end; this process (which plays every student: a stream and a connection or two each) and the servers
    it starts get room for a hall's descriptors first (raise_open_files)."""
    raise_open_files()
    with tempfile.TemporaryDirectory(prefix="classtest-") as folder:
        saved = os.environ.get("STONEGAME_STATE")
        os.environ["STONEGAME_STATE"] = str(Path(folder) / "state")
        try:
            with rooms_env(store, Path(folder) / "redis"):
                server: Server | Cluster = Cluster(replicas) if replicas else Server()
                try:
                    yield server
                finally:
                    server.stop()
        finally:
            if saved is None:
                os.environ.pop("STONEGAME_STATE", None)
            else:
                os.environ["STONEGAME_STATE"] = saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=100, help="students in the class (default 100)")
    parser.add_argument("--store", choices=("sqlite", "redis"), default="sqlite", help="the class room's store")
    parser.add_argument("--replicas", type=int, default=0, help="0: one process, no nginx (default); R: nginx + R")
    parser.add_argument("--steps", type=int, default=30, help="steps the teacher presses (default 30)")
    parser.add_argument("--rows", type=int, default=3, help="row changes (default 3)")
    parser.add_argument("--quick", action="store_true", help="CI: 20 students, 8 steps, 1 row change")
    args = parser.parse_args(argv)
    if args.quick:
        args.students, args.steps, args.rows = min(args.students, 20), 8, 1
    me = psutil.Process()
    print(f"starting ({load()}) ...", flush=True)
    with servers(args.store, args.replicas) as server:
        asyncio.run(quiet(server, limit=240))  # its chart warm-up is not the class's CPU (a loaded machine: minutes)
        print(f"measuring ({load()}) ...", flush=True)
        client_before, wall = me.cpu_times(), time.monotonic()
        figures = asyncio.run(run_class(server.url, args.students, server.cpu, args.steps, args.rows))
        client_after, wall = me.cpu_times(), time.monotonic() - wall
    took = [1000 * t for t in figures.answer_times]
    for line in report(figures, args.students, args.store, args.replicas):
        print(line)
    client = (client_after.user + client_after.system) - (client_before.user + client_before.system)
    print(f"client CPU: {client:.1f} s over {wall:.0f} s ({100 * client / wall:.0f} % of a core); {load()}")
    print(
        f"  answers: {figures.acked} acknowledged, each in p50 {pct(took, 0.5):.0f} ms, p95 {pct(took, 0.95):.0f} ms, "
        f"max {max(took, default=0):.0f} ms; all within {1000 * figures.answer_wall:.0f} ms of the question "
        f"(spread over {1000 * ANSWER_SPREAD:.0f}); server CPU {1000 * figures.answer_cpu:.0f} ms; "
        f"row changes missed {figures.row_missed}"
    )
    print(
        f"  steps: server CPU {1000 * figures.step_phase / max(1, figures.steps):.1f} ms per step over the phase, "
        f"less the idle baseline of {1000 * figures.idle_rate:.1f} ms per second"
    )
    for note in figures.notes:
        print(f"  note: {note}")
    for failure in figures.failures[:10]:
        print(f"  failed: {failure}")
    failed = figures.missed or figures.row_missed or figures.acked != figures.sent or figures.counted != figures.sent
    return 1 if failed or figures.failures else 0


if __name__ == "__main__":
    sys.exit(main())
