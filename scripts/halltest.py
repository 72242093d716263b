"""The lecture hall under load: 1 teacher and N phones on the light student page, each making the requests
a real phone makes (issue 35's hall test; scripts/classtest.py's client, class and figures).

    python scripts/halltest.py --phones 1000 --store redis --replicas 2   # serve.py's topology on a redis-server
    python scripts/halltest.py --phones 200 --store sqlite --replicas 2
    python scripts/halltest.py --quick --store redis --replicas 2         # CI: 50 phones

First it records what a phone does: one real Chromium (Debian's, 390×844) opens the class's join link
(/classroom/join/{code}?join=...) and every request it makes is kept, in order, with its method, path,
body and headers: the page, each asset, the join, the event stream, the stage's SVG and captions it fetches
to draw the room's step; then the teacher moves a step (the requests a phone makes to draw a new step) and
asks a question, which the phone answers (the answer call). The recorded paths and bodies become templates
(the room's code, the join token, the phone's student id, the step and the answer put back as fields).

Then every simulated phone replays that list (JOINS_AT_ONCE at a time, as a class scanning the QR code):
the first visit's requests in order, its stream held open, and for each step the teacher moves to the
step's requests (drawn = those answered), with every cookie the server sets kept and sent back as a browser
does (nginx's route cookie among them), the browser's User-Agent, Accept and Accept-Encoding. All phones
come from one address, 127.0.0.1, through nginx: a hall behind one NAT address. A phone "has" a step once
its picture is drawn (its stream brought the step and the SVG request was answered), so step arrival is
press to picture. Once it has drawn the teacher's step, a phone fetches the next step's picture ahead when the
recorded page did (phone.js does: the recording's "{next}" request); the teacher's press to that step is then
drawn when its event arrives (or when that picture came, if later). The teacher opens the class and the phones
come in once its first row is prepared (the AHEAD lane's worker idle for PREPARED_QUIET s), as in a lesson.

It prints classtest.py's lines, then
    phones: N, first visit X KB in Y requests, server CPU per joining phone Z ms, memory per phone W KB
    server memory: M MB together (every replica, nginx and redis-server), goal 2048 MB
and what a step's CPU holds, by part (the replicas' own processes, their render workers, nginx), and step
arrival counted from when the step's picture was ready (a probe asks nginx for it at each press), beside the
arrival from the press;
it exits 1 on a missed step, a lost or refused answer, or any failed request (classtest.py's rule).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import json
import os
import random
import re
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.classtest import (  # noqa: E402
    ANSWER_SPREAD,
    FIRST_ROW,
    PREFIX,
    STEP_GAP,
    TIMEOUT,
    Answer,
    Browser,
    Class,
    Figures,
    HttpError,
    Signal,
    Student,
    body_chunks,
    pct,
    read_head,
    report,
    request_bytes,
    servers,
)
from scripts.meter import cpu as meter_cpu  # noqa: E402
from scripts.meter import load, quiet, rss  # noqa: E402
from scripts.profile_server import Profile, Spy  # noqa: E402
from stonegame import room as rm  # noqa: E402
from ui.server.renderer import AHEAD, AHEAD_NICE  # noqa: E402
from ui.server.rooms.warm import held_of  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
PHONE = {"width": 390, "height": 844}
STATIC = "/classroom/static/"  # the light page's script and style (ui.server.rooms.routes: {PREFIX}/static/)
SETTLE_MS = 500  # the recording's page is done with a step once it asked nothing new for this long
RECORD_STEP = 3  # the step the teacher moves to while the recording phone watches
RECORD_ROW = [4, -2, 7, 1, -5, 3]  # then the new row the teacher types
WAIT_MS = 30_000
# A room admits 200 students, the link seats 250 phones of one address at once (then 250 a minute), and
# an address holds 250 streams
# (stonegame/room.py, ui/server/rooms/guard.py): a hall's host sets these three to its size, as this test does.
HALL_LIMITS = ("STONEGAME_ROOM_STUDENTS", "STONEGAME_JOINS_AT_ONCE", "STONEGAME_STREAMS_PER_ADDRESS")
KEPT_HEADERS = ("user-agent", "accept", "accept-language")  # the recorded browser's, sent by every phone


# --- recording one real phone ---------------------------------------------------------------------


def _post(base: str, path: str, data: dict[str, Any]) -> dict[str, Any]:
    """The teacher's POST (JSON in, JSON out), by urllib: the recording runs outside asyncio."""
    request = urllib.request.Request(
        f"{base}{path}", json.dumps(data).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


@dataclass
class Recording:
    """What one real phone did: its first visit's requests, a step's, the answer's (each a dict of method,
    path, body, kind, with {code} {join} {you} {step} {number} {answer} as fields), a new row's, and its
    headers."""

    visit: list[dict[str, Any]]
    step: list[dict[str, Any]]
    row: list[dict[str, Any]]
    answer: list[dict[str, Any]]
    headers: dict[str, str]

    def picture(self) -> str:
        """The path of a step's picture, as a phone asks for it when the teacher's step comes."""
        return next(e["path"] for e in self.step if e["kind"] == "svg")

    def keeps_ahead(self) -> bool:
        """Whether the recorded page fetched the next step's picture ahead once it drew the teacher's step."""
        return any(e["kind"] == "ahead" for e in self.step)

    def lines(self) -> list[str]:
        """The recorded requests, one a line, for the printout."""
        return [
            f"  {part}: {r['method']} {r['path']}"
            for part, requests in (
                ("visit", self.visit),
                ("step", self.step),
                ("row", self.row),
                ("answer", self.answer),
            )
            for r in requests
        ]


def record(base: str) -> Recording:
    """Open a class, visit its join link in a real Chromium at 390×844, move a step, type a new row, ask
    and answer a question; the requests it made, as templates."""
    from playwright.sync_api import sync_playwright

    made = _post(base, f"{PREFIX}/rooms", {"values": FIRST_ROW})
    code, secret, token = made["code"], made["secret"], made["room"]["join"]
    seen: list[tuple[str, str, str | None, dict[str, str]]] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport=PHONE)
            page = context.new_page()
            # the first request's headers (the page's: the browser's own) are kept; a later request may still be
            # on its way when the browser closes, where asking for its headers fails
            page.on("request", lambda r: seen.append((r.method, r.url, r.post_data, {} if seen else r.all_headers())))
            ended: list[str] = []
            page.on("requestfinished", lambda r: ended.append(r.url))
            page.on("requestfailed", lambda r: ended.append(r.url))

            def settle() -> None:
                """Wait until the page asks nothing more: every request but the event stream answered, and none new
                for SETTLE_MS (the next step's picture is asked just after a step is drawn: in its part)."""
                while True:
                    asked = len(seen)
                    page.wait_for_timeout(SETTLE_MS)  # polling what the page asked for, not a synchronisation
                    streams = sum(1 for entry in seen if "/events" in entry[1])
                    if len(seen) == asked and len(ended) >= len(seen) - streams:
                        return

            page.goto(f"{base}/classroom/join/{code}?join={token}", timeout=WAIT_MS)
            page.wait_for_selector("[data-testid=stage][data-ready=true]", state="attached", timeout=WAIT_MS)
            settle()
            you = page.evaluate(f"localStorage.getItem('stonegame:student:{code}')")
            first = len(seen)
            _post(base, f"{PREFIX}/rooms/{code}/stage", {"secret": secret, "step": RECORD_STEP})
            drawn = f"[data-testid=stage][data-ready=true][data-frame='{RECORD_STEP}']"
            page.wait_for_selector(drawn, state="attached", timeout=WAIT_MS)
            settle()
            second = len(seen)
            moved = _post(base, f"{PREFIX}/rooms/{code}/stage", {"secret": secret, "values": RECORD_ROW, "step": 0})
            page.wait_for_selector(
                "[data-testid=stage][data-ready=true][data-frame='0']", state="attached", timeout=WAIT_MS
            )
            settle()
            third = len(seen)
            asked = _post(base, f"{PREFIX}/rooms/{code}/questions", {"secret": secret, "kind": "winner"})
            number = asked["questions"][-1]["number"]
            with page.expect_response(lambda r: "/answer" in r.url, timeout=WAIT_MS):
                page.locator(".choice").first.click(timeout=WAIT_MS)
            settle()
            headers = {k: v for k, v in seen[0][3].items() if k in KEPT_HEADERS}
            _post(base, f"{PREFIX}/rooms/{code}/end", {"secret": secret})
        finally:
            browser.close()
    fields = {"code": code, "join": token, "you": you or "", "number": str(number)}
    names = [made["room"]["stage"].get("picture", ""), moved["stage"].get("picture", "")]  # the rows' pictures

    def template(entry: tuple[str, str, str | None, dict[str, str]]) -> dict[str, Any] | None:
        method, url, body, _ = entry
        if not url.startswith(base):  # data: URLs and the like never reach the server
            return None
        parts = urlsplit(url)
        if parts.path.startswith(STATIC):  # the page's versioned files (named by their content's hash): no fields
            return {"method": method, "path": parts.path, "body": None, "kind": "call"}
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        for name in filter(None, names):  # the class's shared picture URL: .../pictures/{picture}/en/py/{step}.svg
            path = path.replace(f"/pictures/{name}/", "/pictures/{picture}/")  # first: a digit field is in it
        for name, value in fields.items():
            if value and name != "number":
                path = path.replace(value, "{" + name + "}")
        path = path.replace(f"/questions/{fields['number']}/", "/questions/{number}/")  # a digit: only there
        kind = "stream" if "/events" in path else "svg" if "/stage.svg" in path or "/pictures/" in path else "call"
        if body and "/answer" in path:
            given = json.loads(body)
            body = json.dumps(
                {k: ("{you}" if v == you else "{answer}" if k == "answer" else v) for k, v in given.items()}
            )
        elif body:
            for name, value in fields.items():
                if value and name != "number":
                    body = body.replace(value, "{" + name + "}")
        return {"method": method, "path": path, "body": body, "kind": kind}

    def part(entries: list[Any], drawn: int) -> list[dict[str, Any]]:
        return stepped([t for t in (template(e) for e in entries) if t is not None], drawn)

    # the first visit and a new row draw step 0 (the room's own step, whatever it is, and the row's first)
    visit, step, row = part(seen[:first], 0), part(seen[first:second], RECORD_STEP), part(seen[second:third], 0)
    return Recording(visit, step, row, part(seen[third:], 0), headers)


def stepped(entries: list[dict[str, Any]], drawn: int) -> list[dict[str, Any]]:
    """The pictures of recorded `entries` made templates: the step drawn ({step}), and the shared picture of the
    step after it, which phone.js fetches ahead once it has drawn the teacher's step ({next}, of kind "ahead")."""
    for entry in entries:
        if entry["kind"] != "svg":
            continue
        if "/pictures/" in entry["path"] and entry["path"].endswith(f"/{drawn + 1}.svg"):
            entry["path"], entry["kind"] = entry["path"].replace(f"/{drawn + 1}.svg", "/{next}.svg"), "ahead"
        else:
            path = entry["path"].replace(f"step={drawn}&", "step={step}&")
            entry["path"] = path.replace(f"/{drawn}.svg", "/{step}.svg")
    return entries


# --- a phone replaying it -------------------------------------------------------------------------


class PhoneBrowser(Browser):
    """A browser as a phone's: every cookie the server sets kept (name=value, per this one site) and sent
    back, the recorded browser's headers, gzip accepted (and unpacked); the bytes it received, counted. Its
    connections are kept open between requests (HTTP/1.1 keep-alive, as Chromium keeps them: the stream's
    own, and the one its pictures and calls share), not one a request."""

    def __init__(self, base: str, headers: dict[str, str]) -> None:
        super().__init__(base)
        self.jar: dict[str, str] = {}
        self.sent = headers | {"Accept-Encoding": "gzip, deflate, br"}
        self.received = 0
        self.requests = 0
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []  # kept-alive connections

    def _headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        cookie = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.jar.items())} if self.jar else {}
        return self.sent | cookie | (extra or {})

    def _keep_cookie(self, headers: dict[str, str]) -> None:
        for line in headers.get("set-cookie", "").split("\n"):
            name, _, value = line.split(";")[0].partition("=")
            if name.strip():
                self.jar[name.strip()] = value.strip()

    async def _call(self, method: str, path: str, body: bytes | None) -> Answer:
        """One request on a kept-alive connection (a new one if none is idle); a kept one the server closed
        meanwhile is replaced and the request sent again on a new one, as a browser does."""
        self.requests += 1
        wire = request_bytes(method, self.netloc, path, body, self._headers())
        wire = wire.replace(b"Connection: close", b"Connection: keep-alive", 1)
        for reused in ([True] if self.idle else []) + [False]:
            reader, writer = self.idle.pop() if reused else await asyncio.open_connection(self.host, self.port)
            kept = False
            try:
                writer.write(wire)
                status, headers = await read_head(reader)
                empty = status in (204, 304) or method == "HEAD"
                data = b"" if empty else b"".join([chunk async for chunk in body_chunks(reader, headers)])
                framed = empty or "content-length" in headers or "chunked" in headers.get("transfer-encoding", "")
                kept = framed and headers.get("connection", "").lower() != "close"
            except (OSError, asyncio.IncompleteReadError, HttpError):
                if reused:
                    continue
                raise
            finally:
                if kept:
                    self.idle.append((reader, writer))
                else:
                    writer.close()
            break
        self.received += 16 + sum(len(k) + len(v) + 4 for k, v in headers.items()) + len(data)
        if headers.get("content-encoding") == "gzip":
            data = gzip.decompress(data)
        self._keep_cookie(headers)
        return Answer(status, headers, data)


@dataclass
class Phone(Student):
    """A student on the light page, replaying the recording: has(version) once that version's picture is
    drawn; the first visit's bytes and requests kept. Once it has drawn the teacher's step it fetches the next
    step's picture ahead when the recorded page did (phone.js: `kept`), and a step whose picture it has in hand
    is drawn when its event arrives."""

    recording: Recording | None = None
    drawn: int = 0
    drawn_at: list[tuple[int, float]] = field(default_factory=list)
    shown: tuple[Any, int] | None = None  # (row, step) drawn
    visit_bytes: int = 0
    visit_requests: int = 0
    first: asyncio.Event = field(default_factory=asyncio.Event)
    kept: dict[tuple[Any, int], asyncio.Task[float | None]] = field(default_factory=dict)  # (row, step) fetched ahead
    from_ahead: int = 0  # steps drawn from a picture fetched ahead

    def fill(self, text: str, **more: Any) -> str:
        picture = str(self.view.get("stage", {}).get("picture", ""))  # the shared picture URL's row name
        values = {"code": self.code, "you": self.id, "join": self.token, "picture": picture}
        values |= {k: str(v) for k, v in more.items()}
        for name, value in values.items():
            text = text.replace("{" + name + "}", value)
        return text

    async def send(self, entry: dict[str, Any], **more: Any) -> Answer:
        """One recorded request, its fields filled; HttpError unless it answered 2xx or 304."""
        body = self.fill(entry["body"], **more).encode() if entry["body"] else None
        path = self.fill(entry["path"], **more)
        for attempt in (1, 2):  # phone.js's send(): a POST whose way failed (or 502/504) is sent once more
            try:
                answer = await asyncio.wait_for(self.browser._call(entry["method"], path, body), TIMEOUT)
            except (OSError, asyncio.IncompleteReadError, ValueError, IndexError, TimeoutError) as error:
                if entry["method"] == "POST" and attempt == 1:
                    await asyncio.sleep(0.3)
                    continue
                raise HttpError(f"{entry['method']} {path}: {type(error).__name__} {error}") from error
            if entry["method"] != "POST" or answer.status not in (502, 504) or attempt == 2:
                break
            await asyncio.sleep(0.3)
        if not (200 <= answer.status < 300 or answer.status == 304):
            raise HttpError(f"{entry['method']} {path}: {answer.status} {answer.body[:200]!r}")
        return answer

    async def join(self, token: str) -> None:
        """The first visit: the recorded requests in order up to the stream (the join among them, which
        gives the id), the stream opened, then the rest once its first view is in (the step's picture)."""
        assert self.recording is not None
        self.token = token
        browser: PhoneBrowser = self.browser  # type: ignore[assignment]
        before = browser.received
        visit = self.recording.visit
        at = next(i for i, e in enumerate(visit) if e["kind"] == "stream")
        for entry in visit[:at]:
            if entry["kind"] == "ahead":  # the next step's picture: asked once the step is drawn (keep_ahead)
                continue
            answer = await self.send(entry)
            if entry["path"].endswith("/join"):
                self.id = answer.json()["student"]
        self.stream_path = self.fill(visit[at]["path"])
        asyncio.get_running_loop().create_task(self._visit_rest(visit[at + 1 :], before))

    async def _visit_rest(self, rest: list[dict[str, Any]], before: int) -> None:
        """The requests after the stream opened: sent once the stream's first view is in (phone.js draws the
        room's step when its first view comes), then the first visit's figures kept."""
        await self.first.wait()
        step = self.step()
        try:
            for entry in rest:
                if entry["kind"] != "ahead":  # the next step's picture: asked once the step is drawn (keep_ahead)
                    await self.send(entry, step=step)
        except HttpError as error:
            self.failures.append(f"visit: {error}")
        browser: PhoneBrowser = self.browser  # type: ignore[assignment]
        self.visit_bytes, self.visit_requests = browser.received - before, browser.requests + 1  # + the stream
        self.shown = (self.row(), step)
        self.mark(self.version)
        self.keep_ahead()

    def step(self) -> int:
        """The step phone.js draws: the teacher's, never past the one a question holds the class at (its
        bounded(); the shared picture URL of a later step is refused, 409)."""
        return self.bounded(int(self.view.get("stage", {}).get("step", 0)))

    def bounded(self, step: int) -> int:
        """phone.js's bounded(): `step` no further than the held step (if a question holds the class) and the
        row's last step."""
        held, last = held_of(self.view), 2 * len(self.view.get("stage", {}).get("values", ())) + 1
        return min(step, last if held is None else held, last)

    def keep_ahead(self) -> None:
        """phone.js's ahead(): the teacher's step drawn, the next step's picture (bounded) fetched and kept, by a
        task of its own, if the recorded page did so; only the newest is kept."""
        assert self.recording is not None
        if self.shown is None or self.view.get("ended") or not self.recording.keeps_ahead():
            return
        row, step = self.shown
        following = self.bounded(step + 1)
        if row != self.row() or following == step or (row, following) in self.kept:
            return
        entries = [e for e in self.recording.step if e["kind"] == "ahead"]
        self.kept = {(row, following): asyncio.get_running_loop().create_task(self._fetch_ahead(entries, following))}

    async def _fetch_ahead(self, entries: list[dict[str, Any]], step: int) -> float | None:
        """The recorded requests for the next step's picture, at `step`: when they were answered, None if one
        failed (a failure: phone.js would ask again at the press)."""
        try:
            for entry in entries:
                await self.send(entry, next=step)
        except HttpError as error:
            self.failures.append(f"ahead: {error}")
            return None
        return time.monotonic()

    def row(self) -> Any:
        stage = self.view.get("stage", {})
        return (tuple(stage.get("values", ())), stage.get("k"), stage.get("form"))

    async def follow(self) -> None:
        """Student.follow on the recorded stream's path."""
        while not self.view.get("ended"):
            try:
                await self.browser.events(self.stream_path, self.version, self.on_event)
                if not self.view.get("ended"):
                    self.breaks.append("the server closed the stream before the room ended")
            except HttpError as error:
                self.breaks.append(str(error))
            if not self.view.get("ended"):
                await asyncio.sleep(random.uniform(0.25, 1.25))  # phone.js: a random wait under a growing cap

    def on_event(self, version: int, view: dict[str, Any]) -> None:
        self.version, self.view = version, {**self.view, **view}
        self.arrivals.append((version, time.monotonic()))
        if not self.first.is_set():
            self.first.set()
        elif self.shown is not None and not view.get("ended"):
            wanted = (self.row(), self.step())
            if wanted != self.shown:
                task = asyncio.get_running_loop().create_task(self.draw(version, wanted, self.arrivals[-1][1]))
                self.fetches.add(task)
                task.add_done_callback(self.fetches.discard)
            else:
                self.mark(version)
        self.changes.fire()

    def mark(self, version: int, at: float | None = None) -> None:
        """The picture of this version is drawn (`at` that time, else now)."""
        if version > self.drawn:
            self.drawn = version
            self.drawn_at.append((version, time.monotonic() if at is None else at))
        self.changes.fire()

    async def draw(self, version: int, wanted: tuple[Any, int], heard: float) -> None:
        """A step's recorded requests (the SVG; the captions too on a new row, as the first visit has them), but a
        picture fetched ahead (keep_ahead) is drawn from hand: then the step arrived when its event was `heard`,
        or when that picture came if later; then the next step's picture is fetched ahead."""
        assert self.recording is not None
        row, step = wanted
        new_row = self.shown is not None and row != self.shown[0]
        entries = [e for e in (self.recording.row if new_row else self.recording.step) if e["kind"] != "ahead"]
        kept = self.kept.pop(wanted, None)
        came = await kept if kept is not None else None
        if came is not None:  # the picture is in hand: only what is not a picture is asked
            entries = [e for e in entries if e["kind"] != "svg"]
        try:
            for entry in entries:
                await self.send(entry, step=step)
        except HttpError as error:
            self.failures.append(f"step: {error}")
            return
        self.shown = wanted
        if new_row:
            self.row_fetched[tuple(row[0])] = time.monotonic()
        self.from_ahead += came is not None
        self.mark(version, max(heard, came) if came is not None and not entries else None)
        self.keep_ahead()

    def has(self, version: int) -> bool:
        return self.drawn >= version

    def arrived(self, version: int) -> float | None:
        return next((t for v, t in self.drawn_at if v >= version), None)

    async def answer(self, question: dict[str, Any], delay: float) -> float | None:
        """The recorded answer call, after `delay` seconds, with one of the question's choices."""
        assert self.recording is not None
        await asyncio.sleep(delay)
        choice, sent = random.choice(question["choices"]), time.monotonic()
        calls = [e for e in self.recording.answer if "/answer" in e["path"]]
        try:
            for entry in calls:
                await self.send(entry, number=question["number"], answer=json.dumps(choice)[1:-1])
        except HttpError as error:
            self.failures.append(f"answer: {error}")
            return None
        return time.monotonic() - sent


# --- the run -------------------------------------------------------------------------------------


@dataclass
class Hall:
    """The hall's own figures, beside classtest's."""

    phones: int = 0
    visit_kb: float = 0.0
    visit_requests: float = 0.0
    join_cpu: float = 0.0
    memory: int = 0  # bytes, every server process, the class connected
    memory_before: int = 0
    server: Any = None  # the servers (classtest.servers), for cpu_parts
    step_parts: dict[str, float] = field(default_factory=dict)  # CPU seconds a step (its phase), by part
    after_ready: list[float] = field(default_factory=list)  # step arrivals counted from the picture ready
    probed: int = 0  # steps whose picture the probe got
    by_step: list[float] = field(default_factory=list)  # the p95 of after_ready, step by step
    prepared: float = 0.0  # CPU seconds of the AHEAD lane's workers over the class: the rows' pictures made ahead
    waits: list[float] = field(default_factory=list)  # the teacher's waits for the next picture beyond STEP_GAP
    lag: list[float] = field(default_factory=list)  # how late the client's event loop was, sampled over the steps
    keeps_ahead: bool = False  # whether the phones fetch the next step's picture ahead (as the recorded page did)
    from_ahead: int = 0  # steps the phones drew from a picture fetched ahead, over the steps
    prepared_in: float | None = None  # seconds from the class opened to its first row prepared (HallClass.opened)
    spy: Path | None = None  # --spy: a folder for py-spy's raw profile of each replica over the steps' phase
    guessed: list[str] = field(default_factory=list)  # what the guesser from the hall's address met (guess)
    nginx_fds: int = 0  # the most descriptors nginx's workers held at once over the class (Descriptors)


def server_memory() -> int:
    """RSS of every process this one started (replicas, nginx, redis-server), together."""
    return rss(psutil.Process().children(recursive=True))


class HallClass(Class):
    """classtest's class at a pace: "fixed" (classtest's: STEP_GAP after the class has the step) or "teacher": a
    teacher presses Next once the projector has drawn the step, so besides STEP_GAP the press waits until the next
    step's picture is made (asked of the replica that makes the class's pictures, past nginx's cache, as a
    projector asking for it would; the wait beyond STEP_GAP is kept in `waits`). Behind nginx the students come in
    once the class's first row is prepared (opened), as a teacher opens the class before the students come in."""

    def __init__(
        self, *args: Any, pace: str = "teacher", recording: Recording | None = None, server: Any = None, **more: Any
    ) -> None:
        super().__init__(*args, **more)
        self.pace, self.recording, self.server = pace, recording, server
        self.owner: str | None = None  # the replica making the class's pictures, http://host:port
        self.waits: list[float] = []
        self.prepared_in: float | None = None  # seconds from the class opened to its first row prepared

    async def opened(self) -> None:
        """Wait (at most PREPARED_WAIT s) until the class's first row is prepared: the replica making the class's
        pictures asks its AHEAD lane for the row when the room is made, so the row counts as prepared once that
        lane's workers have not worked for PREPARED_QUIET s (at once if the row was made before, as the recording's
        class made FIRST_ROW); the wait kept in `prepared_in` (None: still working, or no topology)."""
        if getattr(self.server, "topology", None) is None:
            return
        started = quiet_since = time.monotonic()
        last = ahead_cpu(self.server)
        while time.monotonic() - started < PREPARED_WAIT:
            await asyncio.sleep(0.25)  # polling the workers' CPU clocks
            now = ahead_cpu(self.server)
            if now > last + 0.001:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= PREPARED_QUIET:
                self.prepared_in = time.monotonic() - started
                return
            last = now

    async def pause(self, following: int) -> None:
        """STEP_GAP, and at the teacher's pace also until step `following`'s picture is made."""
        started = time.monotonic()
        await asyncio.sleep(STEP_GAP)
        if self.pace != "teacher" or self.recording is None or self.owner is None:
            return
        phone: Phone = self.students[0]  # type: ignore[assignment]
        path = phone.fill(self.recording.picture(), step=following)
        with contextlib.suppress(OSError, asyncio.IncompleteReadError, ValueError, TimeoutError, HttpError):
            await asyncio.wait_for(PhoneBrowser(self.owner, self.recording.headers)._call("GET", path, None), TIMEOUT)
        self.waits.append(max(0.0, time.monotonic() - started - STEP_GAP))


class Lag:
    """How late this process's event loop wakes a task that sleeps TICK seconds, sampled while it runs: the time a
    phone's work (its event read, its picture asked and read) waits for the one process that plays every phone;
    a real phone has a processor of its own, so this part of an arrival is the test's, not the server's."""

    TICK = 0.005

    def __init__(self) -> None:
        self.late: list[float] = []
        self.task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(self.TICK)
            self.late.append(time.monotonic() - asked - self.TICK)

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()


def ahead_cpu(server: Any) -> float:
    """CPU seconds so far of the render workers of the AHEAD lane (a row's pictures made ahead), 0 without nginx."""
    return cpu_parts(server).get("row preparation", 0.0)


async def run_hall(
    server: Any, n: int, recording: Recording, steps: int, rows: int, pace: str = "teacher", spy: Path | None = None
) -> tuple[Figures, Hall]:
    """classtest.run_class with phones: gather (timed for the join's CPU and memory), steps, rows, answers; the
    server's CPU counted without the AHEAD lane's workers, whose CPU is the rows' preparation (Hall.prepared)."""

    def make(base: str, code: str, changes: Signal) -> Phone:
        return Phone(PhoneBrowser(base, recording.headers), code, changes, recording=recording)

    def cpu() -> float:
        return server.cpu() - ahead_cpu(server)

    lesson = HallClass(server.url, n, cpu, make, pace=pace, recording=recording, server=server)
    hall = Hall(phones=n, server=server, spy=spy)
    hall.memory_before, cpu_before, ahead_before = server_memory(), cpu(), ahead_cpu(server)
    stopped, descriptors = "", Descriptors(server)
    try:
        await hall_phases(lesson, hall, cpu_before, n, steps, rows)
    except HttpError as error:  # a phase that could not go on: a failure, printed with the figures so far
        stopped = f"the class stopped early: {error}"
    finally:
        hall.nginx_fds = descriptors.stop()
        await lesson.close()
    hall.prepared, hall.waits, hall.prepared_in = ahead_cpu(server) - ahead_before, lesson.waits, lesson.prepared_in
    if stopped:
        lesson.figures.failures.insert(0, stopped)
    return lesson.figures, hall


class Descriptors:
    """The most file descriptors nginx's workers held at once (each connection one: a phone's and the replica's
    side of its stream, the keep-alive ones; its logs and cache files), sampled every TICK s by a thread of its
    own from start to stop(); 0 without a topology."""

    TICK = 0.1

    def __init__(self, server: Any) -> None:
        topology = getattr(server, "topology", None)
        self.most, self.done = 0, threading.Event()
        self.master = psutil.Process(topology.nginx.pid) if topology is not None else None
        self.thread = threading.Thread(target=self._run, name="nginx-descriptors", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while self.master is not None and not self.done.wait(self.TICK):
            with contextlib.suppress(psutil.Error):
                self.most = max(self.most, sum(w.num_fds() for w in self.master.children()))

    def stop(self) -> int:
        """Stop sampling; the most held at once."""
        self.done.set()
        self.thread.join()
        return self.most


def cpu_parts(server: Any) -> dict[str, float]:
    """CPU seconds so far of the replicas' own processes ("replicas"), of their children (the render service's
    workers, where vl-convert makes the pictures: "renders", but the AHEAD lane's: "row preparation") and of nginx;
    only "replicas" without a topology."""
    topology = getattr(server, "topology", None)
    if topology is None:
        return {"replicas": server.cpu()}
    own = [psutil.Process(r.pid) for r in topology.replicas]
    workers = [c for p in own for c in p.children(recursive=True)]
    ahead = [w for w in workers if lane_of(w) == AHEAD]
    nginx = [psutil.Process(topology.nginx.pid), *psutil.Process(topology.nginx.pid).children(recursive=True)]
    renders = [w for w in workers if w not in ahead]
    return {
        "replicas": meter_cpu(own),
        "renders": meter_cpu(renders),
        "row preparation": meter_cpu(ahead),
        "nginx": meter_cpu(nginx),
    }


def lane_of(process: psutil.Process) -> str:
    """The render lane a replica's child works for (the last word of a render worker's command line:
    ui.server.renderer.Worker), "" for any other process or one that is gone."""
    with contextlib.suppress(psutil.Error):
        line = process.cmdline()
        if "ui.server.renderer" in line and len(line) >= 6:
            return line[-1]
    return ""


class Probe:
    """When the teacher presses a step, one more client asks nginx for that step's picture at once (as the first
    phone would) and notes when it is answered: when the step's picture was ready for the hall."""

    def __init__(self, lesson: Class, recording: Recording) -> None:
        self.lesson, self.recording = lesson, recording
        self.ready: dict[int, float] = {}  # version -> time.monotonic() the picture came
        self.tasks: set[asyncio.Task[None]] = set()
        post = lesson.teacher.post

        async def pressing(path: str, data: dict[str, Any], status: int = 200) -> dict[str, Any]:
            answer = await post(path, data, status)
            if path == "/stage" and "values" not in data and "step" in data:
                task = asyncio.get_running_loop().create_task(self.ask(answer["version"], int(data["step"])))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
            return answer

        lesson.teacher.post = pressing  # type: ignore[method-assign]

    async def ask(self, version: int, step: int) -> None:
        """GET the step's shared picture (the path a phone fills from its view) and note when it came."""
        phone: Phone = self.lesson.students[0]  # type: ignore[assignment]
        browser = PhoneBrowser(self.lesson.base, self.recording.headers)
        with contextlib.suppress(OSError, asyncio.IncompleteReadError, ValueError, TimeoutError):
            path = phone.fill(self.recording.picture(), step=step)
            answer = await asyncio.wait_for(browser._call("GET", path, None), TIMEOUT)
            if answer.status == 200:
                self.ready[version] = time.monotonic()

    def after_ready(self, phones: list[Phone], only: int | None = None) -> list[float]:
        """Each phone's step arrival counted from when its picture was ready (0 if it came before), of every step
        probed or `only` that version's."""
        return [
            max(0.0, got - ready)
            for version, ready in self.ready.items()
            if only in (None, version)
            for got in (p.arrived(version) for p in phones)
            if got is not None
        ]


async def hall_phases(lesson: Class, hall: Hall, cpu_before: float, n: int, steps: int, rows: int) -> None:
    """The class's phases (gather, steps, rows, answers), the hall's figures kept as they come: the steps' CPU by
    part and their arrival after the picture was ready too."""
    await lesson.gather()
    hall.join_cpu = (lesson.cpu() - cpu_before) / n
    hall.memory = server_memory()
    phones: list[Phone] = lesson.students  # type: ignore[assignment]
    hall.visit_kb = sum(p.visit_bytes for p in phones) / n / 1024
    hall.visit_requests = sum(p.visit_requests for p in phones) / n
    hall.guessed = await guess(lesson)
    probe, parts_before = Probe(lesson, phones[0].recording), cpu_parts(hall.server)  # type: ignore[arg-type]
    topology = getattr(hall.server, "topology", None)
    if isinstance(lesson, HallClass) and topology is not None:
        lesson.owner = f"http://127.0.0.1:{picture_owner(topology, lesson.teacher.code).port}"
    lag, ahead_before = Lag(), sum(p.from_ahead for p in phones)
    spies = spy_on(topology, hall.spy)
    lag.start()
    await lesson.steps(steps)
    lag.stop()
    for spy in spies:
        spy.stop()
    hall.keeps_ahead = bool(phones) and phones[0].recording.keeps_ahead()  # type: ignore[union-attr]
    hall.from_ahead = sum(p.from_ahead for p in phones) - ahead_before
    hall.lag = lag.late
    parts_after = cpu_parts(hall.server)
    hall.step_parts = {k: (parts_after[k] - parts_before[k]) / max(1, steps) for k in parts_after}
    hall.after_ready = probe.after_ready(phones)
    hall.by_step = [pct(probe.after_ready(phones, version), 0.95) for version in sorted(probe.ready)]
    hall.probed = len(probe.ready)
    await lesson.rows(rows)
    await lesson.answers()
    hall.memory = max(hall.memory, server_memory())


GUESSES = 21  # wrong codes the guesser types: one past the guessing limit's 20 a minute (ui/server/rooms/limits.py)


async def guess(lesson: Class) -> list[str]:
    """A guesser in the hall, from its one address (127.0.0.1 through nginx, as every phone), once the class is in:
    GUESSES wrong codes typed at the light join form (`/join?class=`), the first 20 refused as wrong (400 or 404)
    and the 21st shut out (429); then the class's own code typed from there, shut out too (429); then one more
    phone from the same address by the class's link (its join token), which joins. The phases after it (steps,
    rows, answers) are the proof that the hall goes on. The lines to print, each ending "failed" if it did not
    go so."""
    base, code = lesson.base, lesson.teacher.code
    wrong = [c for c in ("".join(random.choice(rm.ALPHABET) for _ in range(6)) for _ in range(99)) if c != code]
    guesser = Browser(base)
    said = [(await guesser.call("GET", f"/join?class={c}")).status for c in wrong[:GUESSES]]
    typed = (await guesser.call("GET", f"/join?class={code}")).status
    late = await guesser.call("POST", f"{PREFIX}/rooms/{code}/join", {"join": lesson.teacher.join})
    refused = all(status in (400, 404) for status in said[:-1])
    return [
        f"guesser from the hall's address: {GUESSES} wrong codes typed, answered "
        + ", ".join(f"{status} x{said.count(status)}" for status in sorted(set(said)))
        + ("" if refused and said[-1] == 429 else " failed"),
        f"  then the class's own code typed from there: {typed}" + ("" if typed == 429 else " failed"),
        f"  then one more phone from that address by the class's link: {late.status}"
        + ("" if late.status == 201 else " failed"),
    ]


def spy_on(topology: Any, folder: Path | None) -> list[Spy]:
    """py-spy (profile_server.Spy: --gil, the replica's own process, not its render workers) on every replica,
    writing `folder`/replica-<port>.raw; none without a folder or a topology."""
    if folder is None or topology is None:
        return []
    folder.mkdir(parents=True, exist_ok=True)
    return [Spy(r.pid, folder / f"replica-{r.port}.raw", SPY_RATE, children=False) for r in topology.replicas]


SPY_RATE = 200  # py-spy's samples a second (--spy)
PREPARED_WAIT = 60.0  # seconds the teacher waits at most for the class's first row to be prepared
PREPARED_QUIET = 1.0  # seconds without work in the AHEAD lane after which the row counts as prepared
BACK_WITHIN = 5.0  # seconds from the fault until every phone has the teacher's next step drawn


def restart_redis() -> None:
    """Stop the redis-server this process's servers use (SIGTERM: its append-only file is flushed) and start
    it again on the same port, folder and fsync (asked of it with CONFIG GET: redis-server rewrites its
    command line); return once it answers PING."""
    import redis

    from scripts.redis_server import RedisServer

    client = redis.Redis.from_url(os.environ["STONEGAME_ROOMS"])
    folder, fsync = client.config_get("dir")["dir"], client.config_get("appendfsync")["appendfsync"]
    port = client.connection_pool.connection_kwargs["port"]
    client.close()
    (old,) = [p for p in psutil.Process().children(recursive=True) if p.name() == "redis-server"]
    old.terminate()
    old.wait(10)
    RedisServer(Path(folder), port=port, fsync=fsync).start()


def stop_redis() -> None:
    """Stop the redis-server restart_redis started (rooms_env stops only the one it started)."""
    for process in psutil.Process().children(recursive=True):
        if process.name() == "redis-server":
            process.terminate()


async def pressed(lesson: Class, data: dict[str, Any], seconds: float = 10) -> dict[str, Any]:
    """The teacher's POST to /stage (or a question's path in data["path"]), pressed again while the way
    to the server is broken (a killed replica's 502, a store coming back): its answer."""
    path = data.pop("path", "/stage")
    end = time.monotonic() + seconds
    while True:
        try:
            return await lesson.teacher.post(path, data)
        except HttpError:
            if time.monotonic() > end:
                raise
            await asyncio.sleep(0.2)


def picture_owner(topology: Any, code: str) -> Any:
    """The replica nginx asked for class `code`'s pictures (the last such line of its access log), else the first."""
    wanted, port = f"/rooms/{code}/pictures/", None
    for line in topology.access_log.read_text().splitlines():
        with contextlib.suppress(ValueError):
            entry = json.loads(line)
            if wanted in entry["request"] and entry["upstream"]:
                port = int(entry["upstream"].rsplit(":", 1)[1])
    return next((r for r in topology.replicas if r.port == port), topology.replicas[0])


async def run_fault(server: Any, n: int, recording: Recording, fault: str) -> list[str]:
    """A class of n phones at step 3 with a question half answered; then the fault (a replica killed,
    or the redis-server restarted); the teacher presses step 4: every phone must have it drawn within
    BACK_WITHIN s of the fault; the other half answers; the lock must count every acknowledged answer."""

    def make(base: str, code: str, changes: Signal) -> Phone:
        return Phone(PhoneBrowser(base, recording.headers), code, changes, recording=recording)

    lesson = Class(server.url, n, server.cpu, make)
    lines: list[str] = []
    try:
        await lesson.gather()
        phones: list[Phone] = lesson.students  # type: ignore[assignment]
        version = (await lesson.teacher.post("/stage", {"step": 3}))["version"]
        await lesson.changes.until(lambda: all(p.has(version) for p in phones), time.monotonic() + 30)
        question = (await lesson.teacher.post("/questions", {"kind": "winner"}, status=201))["questions"][-1]
        half = n // 2
        first = await asyncio.gather(*(p.answer(question, random.uniform(0, 0.5)) for p in phones[:half]))
        if fault == "kill":  # the replica that makes the class's pictures (st_pictures), the harder case
            os.kill(picture_owner(server.topology, lesson.teacher.code).pid, 9)
        else:
            restart_redis()
        hit = time.monotonic()
        version = (await pressed(lesson, {"step": 4}))["version"]
        back = await lesson.changes.until(lambda: all(p.has(version) for p in phones), hit + BACK_WITHIN)
        times = [p.arrived(version) for p in phones]
        late = sum(1 for t in times if t is None or t - hit > BACK_WITHIN)
        got = [t - hit for t in times if t is not None]
        second = await asyncio.gather(*(p.answer(question, random.uniform(0, 0.5)) for p in phones[half:]))
        locked = await pressed(lesson, {"path": f"/questions/{question['number']}", "state": "locked"})
        acked = sum(1 for t in [*first, *second] if t is not None)
        counted = locked["questions"][-1]["answered"]
        what = "a replica killed (SIGKILL)" if fault == "kill" else "the redis-server restarted"
        lines += [
            f"fault: {what} mid-class, {n} phones, a question half answered before it",
            f"back: every phone at the teacher's step {'yes' if back else 'NO'}, {late} later than "
            f"{BACK_WITHIN:g} s; the last in {max(got, default=0):.2f} s (p95 {pct(got, 0.95):.2f} s) after the fault",
            f"answers: {n} sent, {acked} acknowledged, {counted} counted, {acked - counted} lost",
        ]
        ok = back and not late and counted == acked == n
    finally:
        await lesson.close()
        if fault == "redis":
            stop_redis()
    # a killed replica's streams break (and come back): counted, not failures; any failed request is one
    breaks = sum(len(p.breaks) for p in lesson.students)
    failures = [f for p in lesson.students for f in p.failures]
    lines.append(f"streams broken and opened again: {breaks}; failed requests: {len(failures)}")
    lines += [f"  failed: {f}" for f in failures[:10]]
    lines.append("fault test: " + ("passed" if ok and not failures else "FAILED"))
    return lines


NGINX_LEVELS = ("[warn]", "[error]", "[crit]", "[alert]", "[emerg]")  # what nginx_troubles counts


def nginx_troubles(server: Any) -> list[str]:
    """nginx's error log at warn or above, each kind of message once with its count (the time, the process and
    the connection's number taken off), most frequent first; none without a topology. A line ending " failed"
    if nginx ran out of connections (then it closes idle keep-alive ones as requests come on them: a request
    that meets such a close fails) or logged worse than an error."""
    topology = getattr(server, "topology", None)
    log = topology.prefix / "logs" / "error.log" if topology is not None else None
    if log is None or not log.exists():
        return []
    kinds: dict[str, int] = {}
    for line in log.read_text(errors="replace").splitlines():
        level = next((lv for lv in NGINX_LEVELS if lv in line), None)
        if level is None:
            continue
        said = line.split(level, 1)[1].split(":", 1)[-1].split(", client:")[0].strip()
        said = said.split(" ", 1)[1] if said.startswith("*") and " " in said else said  # "*5678 ...": the connection
        kind = f"{level} {said}"
        kinds[kind] = kinds.get(kind, 0) + 1
    if not kinds:
        return ["nginx's error log: nothing at warn or above"]
    ranked = sorted(kinds.items(), key=lambda kv: -kv[1])
    bad = any("worker_connections" in kind or kind.startswith(NGINX_LEVELS[2:]) for kind in kinds)
    return [f"nginx's error log: {sum(kinds.values())} lines at warn or above" + (" failed" if bad else "")] + [
        f"  {count} x {kind[:160]}" for kind, count in ranked[:8]
    ]


def worker_connections(server: Any) -> int:
    """worker_connections in the configuration nginx runs with (0 without a topology)."""
    topology = getattr(server, "topology", None)
    found = re.search(r"worker_connections\s+(\d+);", topology.conf.read_text()) if topology is not None else None
    return int(found.group(1)) if found else 0


def step_lines(hall: Hall, pace: str, rows: int, steps: int) -> list[str]:
    """What "server CPU per step broadcast" holds, by part, the rows' preparation apart, the pace, and step
    arrival counted from the picture ready."""
    parts = {k: 1000 * v for k, v in hall.step_parts.items()}
    ready, waits = [1000 * t for t in hall.after_ready], [1000 * t for t in hall.waits]
    paced = (
        f"pace: teacher (the next press once the class has the step, {1000 * STEP_GAP:.0f} ms, and the next step's "
        f"picture is made: waited for it beyond that p50 {pct(waits, 0.5):.0f} ms, max {max(waits, default=0):.0f} ms)"
        if pace == "teacher"
        else f"pace: fixed (the next press {1000 * STEP_GAP:.0f} ms after the class has the step, its picture or not)"
    )
    lag = [1000 * t for t in hall.lag]
    if hall.keeps_ahead:
        paced += (
            f"; phones keep the next step ahead as phone.js does (its picture fetched once the step is drawn): "
            f"{hall.from_ahead} of {hall.phones * steps} steps drawn from a picture fetched ahead"
        )
    else:
        paced += "; the recorded page fetched no next step ahead, so neither do the phones"
    lines = [
        f"client: its event loop late by p50 {pct(lag, 0.5):.0f} ms, p95 {pct(lag, 0.95):.0f} ms, max "
        f"{max(lag, default=0):.0f} ms over the steps (a phone's work waiting for the one process that plays every "
        "phone: the test's, in each arrival above)",
        "  CPU per step broadcast = every replica's process and its render workers but the AHEAD lane's, over the "
        "steps' phase (the teacher's press, the event to every stream, nginx's misses, a picture not made ahead), "
        "less the idle baseline; nginx and redis-server not in it",
        f"row preparation CPU: {1000 * hall.prepared:.0f} ms over the class, {1000 * hall.prepared / rows:.0f} ms a "
        f"row ({rows} rows; each row's pictures made once ahead by the AHEAD lane's worker at nice {AHEAD_NICE}), "
        "not in CPU per step",
        (
            f"  the phones came in once the class's first row was prepared: {hall.prepared_in:.1f} s after the class "
            f"opened (its AHEAD lane's worker then idle {PREPARED_QUIET:g} s), as a teacher opens the class first"
            if hall.prepared_in is not None
            else f"  the phones came in with the first row not prepared: its AHEAD worker still busy after "
            f"{PREPARED_WAIT:g} s"
        ),
        paced,
        "  by part, per step (idle not taken off): " + ", ".join(f"{k} {v:.1f} ms" for k, v in parts.items()),
        f"step arrival after the picture was ready: p50 {pct(ready, 0.5):.0f} ms, p95 {pct(ready, 0.95):.0f} ms "
        f"(from when a probe's request for the step's picture was answered; {hall.probed} steps probed)",
        "  its p95 step by step: " + ", ".join(f"{1000 * t:.0f}" for t in hall.by_step) + " ms",
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=200, help="phones in the class (default 200)")
    parser.add_argument("--store", choices=("sqlite", "redis"), default="redis", help="the class room's store")
    parser.add_argument("--replicas", type=int, default=2, help="replicas behind nginx (default 2)")
    parser.add_argument("--steps", type=int, default=30, help="steps the teacher presses (default 30)")
    parser.add_argument("--rows", type=int, default=2, help="row changes (default 2)")
    parser.add_argument("--quick", action="store_true", help="CI: 50 phones, 8 steps, 1 row change")
    parser.add_argument("--fault", choices=("kill", "redis"), help="instead: a replica killed / redis restarted")
    parser.add_argument(
        "--spy",
        type=Path,
        metavar="DIR",
        help="py-spy each replica over the steps' phase only; the raw profiles go to DIR, their breakdown is printed",
    )
    parser.add_argument(
        "--pace",
        choices=("teacher", "fixed"),
        default="teacher",
        help="teacher (default): the next press once the class has the step and the next step's picture is made; "
        "fixed: 0.2 s after the class has the step, made or not",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.phones, args.steps, args.rows = min(args.phones, 50), 8, 1
    me = psutil.Process()
    for name in HALL_LIMITS:  # a hall's host raises a room's seats and the link's joins at once (docs/hosting.md)
        os.environ.setdefault(name, str(max(args.phones + 1, 250)))  # + the guesser's late phone (guess)
    print(f"starting ({load()}); " + ", ".join(f"{n}={os.environ[n]}" for n in HALL_LIMITS), flush=True)
    with servers(args.store, max(1, args.replicas)) as server:
        asyncio.run(quiet(server, limit=240))
        recording = record(server.url)
        print("recorded from Chromium:", *recording.lines(), sep="\n", flush=True)
        asyncio.run(quiet(server, limit=60))
        print(f"measuring ({load()}) ...", flush=True)
        if args.fault:
            lines = asyncio.run(run_fault(server, args.phones, recording, args.fault))
            print(*lines, sep="\n")
            return 0 if lines[-1].endswith("passed") else 1
        client_before, wall = me.cpu_times(), time.monotonic()
        figures, hall = asyncio.run(
            run_hall(server, args.phones, recording, args.steps, args.rows, args.pace, args.spy)
        )
        client_after, wall = me.cpu_times(), time.monotonic() - wall
        troubles, most = nginx_troubles(server), worker_connections(server)
    for line in report(figures, args.phones, args.store, max(1, args.replicas)):
        print(line)
    print(
        f"phones: {hall.phones}, first visit {hall.visit_kb:.1f} KB in {hall.visit_requests:.0f} requests, "
        f"server CPU per joining phone {1000 * hall.join_cpu:.1f} ms, "
        f"memory per phone {(hall.memory - hall.memory_before) / hall.phones / 1024:.0f} KB"
    )
    print(f"server memory: {hall.memory / 2**20:.0f} MB together (every replica, nginx and redis-server), goal 2048 MB")
    client = (client_after.user + client_after.system) - (client_before.user + client_before.system)
    print(f"client CPU: {client:.1f} s over {wall:.0f} s ({100 * client / wall:.0f} % of a core); {load()}")
    took = [1000 * t for t in figures.answer_times]
    print(
        f"  answers: {figures.acked} acknowledged, each in p50 {pct(took, 0.5):.0f} ms, p95 {pct(took, 0.95):.0f} ms; "
        f"all within {1000 * figures.answer_wall:.0f} ms (spread over {1000 * ANSWER_SPREAD:.0f}); "
        f"row changes missed {figures.row_missed}"
    )
    print(
        f"  steps: server CPU {1000 * figures.step_phase / max(1, figures.steps):.1f} ms per step over the phase, "
        f"less the idle baseline of {1000 * figures.idle_rate:.1f} ms per second"
    )
    for line in step_lines(hall, args.pace, 1 + args.rows, args.steps):
        print(line)
    for line in hall.guessed:
        print(line)
    for raw in sorted(args.spy.glob("replica-*.raw")) if args.spy else ():
        a_step = hall.step_parts.get("replicas", 0.0) * 1000
        said = f"py-spy --gil, {SPY_RATE} Hz; replicas {a_step:.1f} ms a step"
        print(f"\nwhere {raw.stem}'s CPU went over the steps ({said}):")
        print(Profile.read(raw).report(top=25))
    for note in figures.notes:
        print(f"  note: {note}")
    if most:
        held = f"at most {hall.nginx_fds} descriptors open at once (connections and files)"
        print(f"nginx: {held}; worker_connections {most}")
    for line in troubles:
        print(line)
    failures = figures.failures
    for failure in failures[:10]:
        print(f"  failed: {failure}")
    if len(failures) > 10:
        print(f"  ... {len(failures)} failures in all")
    failed = figures.missed or figures.row_missed or figures.acked != figures.sent or figures.counted != figures.sent
    failed = failed or any(line.endswith(" failed") for line in [*hall.guessed, *troubles])
    return 1 if failed or failures else 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
