"""Files (PNG, SVG, GIF, HTML) made in a worker process, never in the server's threads.

Why: vl-convert holds the GIL for the whole of every call, and two calls at once from two threads can
deadlock the process, so a render in the server would stop the event loop, the health check and every
other session. Here the server only queues work and looks at its state; the renders run in at most
`workers` child processes, one job at a time each.

Vocabulary:
    key       what a result depends on (RenderKey); the caller builds it from the same values it
              builds the maker's arguments from
    maker     a pure function of the core, named "module:qualified name", called in the worker with
              the job's arguments; it returns bytes or str (sent as UTF-8)
    job       a key with its maker and arguments, queued for a worker
    lane      a queue and its slots of their own for some kinds (LANES): the class's phone pictures wait
              behind no export and the exports behind no picture; every other kind takes the main lane.
              The AHEAD lane takes only what a caller asks ahead of time (request(lane=AHEAD): a row's
              pictures for the steps to come); a job waiting there moves to the lane of whoever asks for it
              now, so nobody waits behind the row's other pictures
    worker    one child process (`python -m ui.server.renderer FD WARM LANE`: its lane on its command line,
              so a measuring script can tell the lanes' CPU apart), started from its slot's thread so that
              the kernel kills it when that thread dies (PR_SET_PDEATHSIG); replaced past its kind's CPU
              or wall-clock limit, after JOBS_PER_WORKER jobs or over MAX_WORKER_RSS; stopped when idle
    result    Done (bytes), Pending (ask again; its place in the session's own line), Busy (the queue is
              full, or this session has PER_SESSION files queued or being made already), TooSlow (killed
              at its limit) or Failed (the maker raised); the last two are remembered for REMEMBER
              seconds, so asking again answers at once
    place     where a key stands in its session's line: 1 for the session's oldest file queued or being
              made, 2 for the one it asked for next (queued behind it, not refused), and so on

Every Done is kept in a memo of the service's own (stonegame.memo), so a visitor's `clear_cache`
message cannot make the server render again. Nothing here imports Streamlit: a service, tested without
a runtime.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import importlib
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, Pipe
from pathlib import Path
from typing import Any, Literal, NamedTuple

import psutil

from stonegame.memo import Memo, Policy

ROOT = Path(__file__).resolve().parents[2]
Kind = Literal["png", "svg", "gif", "html"]  # what the app renders (RenderKey.kind; tests add their own)


class Limit(NamedTuple):
    """How long one job may run: CPU seconds of its worker (fair on a loaded machine, where a job
    waits for a core), and wall seconds (a backstop for a job that sleeps or waits)."""

    cpu: float
    wall: float


LIMITS: dict[str, Limit] = {
    "png": Limit(10.0, 60.0),
    "svg": Limit(10.0, 60.0),
    "html": Limit(10.0, 60.0),
    "gif": Limit(20.0, 120.0),  # a GIF costs 2-8 s of CPU (every step a frame, up to 42: scripts/gif_bench.py)
}
DEFAULT_LIMIT = Limit(10.0, 60.0)  # for a kind not in LIMITS
MAKERS_FROM = ("stonegame.",)  # the packages a maker may come from: the pure core
WARM_UP = "ui.server.renderer:warm_up"  # what a new worker runs before it says it is ready ("" for nothing)
REMEMBER = 600.0  # seconds a key that was too slow or failed answers so at once
MAX_REMEMBERED = 256  # such keys remembered, at most
START_TIMEOUT = 60.0  # seconds a new worker may take to say it is ready
JOBS_PER_WORKER = 200  # then it is replaced, so whatever the makers leak stays bounded
MAX_WORKER_RSS = 400 * 2**20  # bytes: a worker over this after a job is replaced
IDLE_STOP = 600.0  # seconds without a job after which a slot stops its worker (started again on demand)
WORKER_NICE = 10  # a worker's niceness: a class's step picture made ahead never delays the step's broadcast
AHEAD_NICE = 19  # the AHEAD lane's: a row's pictures for later yield to everything, the phone lane's renders too
CHECK_EVERY = 0.1  # seconds between two looks at a running job's CPU time (sampling, not a sleep)
PER_SESSION = 3  # files one session may have queued or being made at once: a second waits its turn, a fourth is Busy


@dataclass(frozen=True)
class Lane:
    """A queue of its own for these kinds (at most max_queue jobs waiting) and `workers` slots that take only
    from it."""

    kinds: frozenset[str]
    workers: int = 1
    max_queue: int = 8


MAIN = "main"  # the lane of every kind no other lane names: the export page's pictures, GIFs and pages
# The light page's pictures (ui/cache.stage_svg, kind "phone-svg"): a class's step asks for a few at once
# (its step and the next, per language and listing), each a small SVG, never behind the 8 exports.
# AHEAD: a class's row's pictures made once, ahead of the steps (ui/server/rooms/warm.py), by a worker of its own.
AHEAD = "ahead"
LANES: dict[str, Lane] = {
    "phone": Lane(frozenset({"phone-svg"}), workers=1, max_queue=32),
    AHEAD: Lane(frozenset(), workers=1, max_queue=512),
}


class RenderKey(NamedTuple):
    """What a render depends on; two requests with equal keys get the same bytes."""

    row: str  # digest of the row and its rule (ui.cache)
    step: int  # the step shown (a GIF: the first pile of the window it animates)
    lang: str
    code: str
    k: int  # max_take
    form: str
    kind: str  # what is made: png, svg, gif, html


# --- results -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Done:
    """The file's bytes; cached says they came from the cache (no render)."""

    data: bytes = field(repr=False)
    cached: bool = False
    seconds: float = 0.0  # the job's CPU seconds in the worker (0 for a cache hit)


@dataclass(frozen=True)
class Pending:
    """Queued or rendering; ask again (status, or wait) for the result. `place`: where it stands in the
    asking session's line (1: its oldest file; 2: queued behind that one; ...); not part of equality."""

    key: RenderKey
    place: int = field(default=1, compare=False)


@dataclass(frozen=True)
class Busy:
    """Not taken: the server's queue is full ("queue") or this session already has PER_SESSION files
    queued or being made ("session", `most` of them). Try again later."""

    reason: Literal["queue", "session"]
    most: int = field(default=PER_SESSION, compare=False)


@dataclass(frozen=True)
class TooSlow:
    """The render ran past its limit (CPU seconds) and its worker was killed, or it did recently."""

    limit: float


@dataclass(frozen=True)
class Failed:
    """The maker raised, or its worker died: a short description for the log, not for users."""

    error: str


Result = Done | Pending | Busy | TooSlow | Failed
# The catalogue key each result is shown with (stonegame/words/renderer.py, en and zh).
MESSAGES = {Pending: "render_pending", Busy: "render_busy", TooSlow: "render_too_slow", Failed: "render_failed"}


def message_key(result: Result) -> str | None:
    """The catalogue key of the message for a result (None for Done); a busy session, and a file queued
    behind the session's earlier one, have their own."""
    if isinstance(result, Busy) and result.reason == "session":
        return "render_busy_session"
    if isinstance(result, Pending) and result.place > 1:
        return "render_queued"
    return MESSAGES.get(type(result))


def maker_name(maker: Callable[..., bytes | str]) -> str:
    """How a worker finds a maker: "module:qualified name"."""
    return f"{maker.__module__}:{maker.__qualname__}"


# --- the cache ---------------------------------------------------------------------------------

# The made files, by key: the export page's and the class's phone pictures (ui.cache.stage_svg keeps no copy:
# a class's steps × languages × listings for a few rows, a few KB each, are most of the entries).
FILES = Policy(max_entries=512, max_bytes=64 * 2**20, sizeof=len)
REMEMBERED = Policy(max_entries=MAX_REMEMBERED, ttl=REMEMBER)  # the TooSlow and Failed results, by key


# --- one worker process ------------------------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process has used (0 if it is gone)."""
    try:
        times = psutil.Process(pid).cpu_times()
    except psutil.Error:
        return 0.0
    return times.user + times.system


def rss_bytes(pid: int) -> int:
    """The process's resident memory in bytes (0 if it is gone)."""
    try:
        return psutil.Process(pid).memory_info().rss
    except psutil.Error:
        return 0


class Worker:
    """One render process and the parent's end of its pipe. Started by the slot thread that owns it."""

    def __init__(self, warm_up: str = WARM_UP, lane: str = MAIN) -> None:
        ours, theirs = Pipe(duplex=True)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ui.server.renderer", str(theirs.fileno()), warm_up, lane],
            cwd=ROOT,
            env=env,
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
        )
        theirs.close()
        self.conn: Connection = ours
        self.jobs = 0
        try:
            ready = self.conn.poll(START_TIMEOUT) and self.conn.recv() == "ready"
        except (EOFError, OSError):  # it exited before saying so (an import failed, say)
            ready = False
        if not ready:
            self.kill()
            raise RuntimeError(f"the render worker exited, or did not say it was ready within {START_TIMEOUT:.0f} s")

    @property
    def pid(self) -> int:
        return self.proc.pid

    def run(self, maker: str, args: tuple[Any, ...], limit: Limit) -> Result:
        """Send one job and wait for its answer: Done, Failed, or TooSlow once the job has used
        limit.cpu CPU seconds or limit.wall seconds (the process is then killed: the caller replaces it)."""
        started, cpu = time.monotonic(), cpu_seconds(self.pid)
        self.jobs += 1
        try:
            self.conn.send((maker, args))
            while not self.conn.poll(CHECK_EVERY):
                used = cpu_seconds(self.pid) - cpu
                if used > limit.cpu or time.monotonic() - started > limit.wall:
                    self.kill()
                    return TooSlow(limit.cpu)
            status, payload = self.conn.recv()
        except (EOFError, OSError) as err:
            self.kill()
            return Failed(f"the render worker died: {type(err).__name__} {err}".strip())
        if status == "ok":
            return Done(payload, seconds=cpu_seconds(self.pid) - cpu)
        return Failed(payload)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL the process (a render holding the GIL in native code ignores everything else) and
        reap it; close the pipe."""
        with contextlib.suppress(ProcessLookupError):
            self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=10)
        self.conn.close()


# --- the service -------------------------------------------------------------------------------


@dataclass
class _Job:
    key: RenderKey
    maker: str
    args: tuple[Any, ...]
    sessions: set[str]
    lane: str = MAIN  # the lane whose queue holds it
    done: threading.Event = field(default_factory=threading.Event)
    result: Result | None = None


class Renderer:
    """The render service of one server: the main lane's `workers` slots (a thread and its worker process
    each) and queue of at most `max_queue` jobs waiting, each of `lanes`' own slots and queue (LANES by
    default; {} for none), at most `per_session` files queued or being made per session (each waits its
    turn in its lane's queue), and one cache.

    request() and status() never block and never render in the calling thread; wait() blocks only
    its caller (tests and scripts; the pages ask again instead)."""

    def __init__(
        self,
        workers: int = 1,
        max_queue: int = 8,
        limits: dict[str, Limit] | None = None,
        cache: Memo[RenderKey, bytes] | None = None,
        warm_up: str = WARM_UP,
        makers_from: tuple[str, ...] = MAKERS_FROM,
        jobs_per_worker: int = JOBS_PER_WORKER,
        lanes: dict[str, Lane] | None = None,
        per_session: int = PER_SESSION,
    ) -> None:
        self.limits = {**LIMITS, **(limits or {})}
        self.cache = cache if cache is not None else Memo(FILES, "rendered files")
        self.warm_up, self.makers_from, self.jobs_per_worker = warm_up, makers_from, jobs_per_worker
        self.per_session = per_session
        every = {MAIN: Lane(frozenset(), workers, max_queue), **(LANES if lanes is None else lanes)}
        self._queues: dict[str, queue.Queue[_Job | None]] = {
            name: queue.Queue(maxsize=lane.max_queue) for name, lane in every.items()
        }
        self._lane_of = {kind: name for name, lane in every.items() for kind in lane.kinds}
        # each slot's lane and queue, in slot order: the main lane's slots first
        self._slot_lanes = [name for name, lane in every.items() for _ in range(lane.workers)]
        self._slot_queues = [self._queues[name] for name in self._slot_lanes]
        self._lock = threading.Lock()
        self._jobs: dict[RenderKey, _Job] = {}  # queued or running, by key
        self._sessions: dict[str, list[RenderKey]] = {}  # session -> the keys it waits for, oldest first
        self._remembered: Memo[RenderKey, TooSlow | Failed] = Memo(REMEMBERED, "remembered")
        self._workers: list[Worker | None] = [None] * len(self._slot_queues)
        self._stopping = False
        self._threads = [
            threading.Thread(target=self._slot, args=(i,), name=f"render-slot-{i}", daemon=True)
            for i in range(len(self._slot_queues))
        ]
        for thread in self._threads:
            thread.start()
        _LIVE.add(self)

    # --- what callers use ---

    def status(self, key: RenderKey, session: str = "") -> Result | None:
        """What is known about key without asking for anything: Done (cached), Pending (queued or
        rendering, for anyone; at its place in `session`'s line), TooSlow or Failed (recently), else None.
        The jobs are looked at before the cache: _finish caches a file before it takes the job off, so a job
        finished between the two looks is found in the cache (the other order found it in neither: None)."""
        with self._lock:
            if key in self._jobs:
                return Pending(key, self._place(session, key))
            remembered = self._remembered.get(key)
        data = self.cache.get(key)
        return Done(data, cached=True) if data is not None else remembered

    def _place(self, session: str, key: RenderKey) -> int:
        """Where key stands in the session's line (1 if the session does not wait for it). Under the lock."""
        line = self._sessions.get(session, [])
        return line.index(key) + 1 if key in line else 1

    def request(
        self,
        session: str,
        key: RenderKey,
        maker: Callable[..., bytes | str],
        *args: Any,
        most: int = 0,
        instead: bool = False,
        lane: str | None = None,
    ) -> Result:
        """The result for key if it is known (status), else queue maker(*args) for this session:
        Pending (at its place in the session's line), or Busy if the session already waits for `most`
        other keys (0: per_session) or the queue is full. A key already queued by anyone is shared
        (forty clicks, one render). `instead`: key replaces the session's other keys of its kind still
        waiting (a picture asked for on the page's run, of a step the visitor has left: see _leave). `lane`: the
        lane to queue it in (None: its kind's; AHEAD: made when that lane's worker is free, see _enqueue)."""
        name = maker_name(maker)
        if not name.startswith(self.makers_from):
            raise ValueError(f"{name} is not a maker from {', '.join(self.makers_from)}")
        known = self.status(key)
        if known is not None and not isinstance(known, Pending):
            return known
        if self._stopping:
            return Failed("the render service stopped")
        with self._lock:
            if instead:
                self._leave(session, key)
            line, most = self._sessions.get(session, []), most or self.per_session
            if key not in line and len(line) >= most:
                return Busy("session", most)
            return self._enqueue(session, key, name, args, lane or self.lane(key.kind))

    def wait(self, key: RenderKey, timeout: float) -> Result | None:
        """status(key) once the job for key (if one is queued or running) is answered, or when
        timeout seconds are up."""
        with self._lock:
            job = self._jobs.get(key)
        if job is not None:
            job.done.wait(timeout)
            if job.result is not None:
                return job.result
        return self.status(key)

    def render(self, session: str, key: RenderKey, maker: Callable[..., bytes | str], *args: Any) -> Result | None:
        """request(), then wait() for it as long as its kind's wall limit (plus 5 s)."""
        first = self.request(session, key, maker, *args)
        if not isinstance(first, Pending):
            return first
        return self.wait(key, self.limits.get(key.kind, DEFAULT_LIMIT).wall + 5.0)

    def queued(self, lane: str | None = None) -> int:
        """How many jobs wait in the lane's queue (None: in every lane's), not counting those rendering."""
        return sum(q.qsize() for name, q in self._queues.items() if lane in (None, name))

    def working(self) -> int:
        """How many jobs are queued or being made now, in every lane."""
        with self._lock:
            return len(self._jobs)

    def lane(self, kind: str) -> str:
        """The lane whose queue and slots take jobs of this kind."""
        return self._lane_of.get(kind, MAIN)

    def pids(self) -> list[int]:
        """The process ids of the worker processes alive now."""
        return [w.pid for w in self._workers if w is not None and w.alive()]

    def shutdown(self, timeout: float = 10.0) -> None:
        """Stop taking jobs, answer every waiting one Failed, kill every worker (a hung one too) and
        join the slot threads."""
        self._stopping = True
        for slot_queue in self._slot_queues:
            with contextlib.suppress(queue.Full):
                slot_queue.put_nowait(None)
        for worker in list(self._workers):
            if worker is not None:
                worker.kill()
        for thread in self._threads:
            thread.join(timeout)
        with self._lock:
            for job in self._jobs.values():
                job.result = job.result or Failed("the render service stopped")
                job.done.set()
            self._jobs.clear()
            self._sessions.clear()
        _LIVE.discard(self)

    # --- the bookkeeping (callers hold the lock) ---

    def _enqueue(self, session: str, key: RenderKey, maker: str, args: tuple[Any, ...], lane: str) -> Result:
        """The job for key (a new one queued in `lane`, unless one is queued or running; one still waiting in the
        AHEAD lane moves to `lane`, see _move), now also this session's: at the end of its line unless it is in
        it already."""
        job = self._jobs.get(key)
        if job is None:
            data = self.cache.get(key)  # made since the caller looked
            if data is not None:
                return Done(data, cached=True)
            job = _Job(key, maker, args, set(), lane)
            try:
                self._queues[lane].put_nowait(job)
            except queue.Full:
                return Busy("queue")
            self._jobs[key] = job
        elif job.lane == AHEAD and lane != AHEAD:
            self._move(job, lane)
        job.sessions.add(session)
        line = self._sessions.setdefault(session, [])
        if key not in line:
            line.append(key)
        return Pending(key, self._place(session, key))

    def _leave(self, session: str, key: RenderKey) -> None:
        """The session no longer waits for its other keys of key's kind; a job of them that no session waits
        for any more and that no slot has taken yet is taken out of its lane's queue and forgotten (its
        waiters answered, with nothing). Under the lock."""
        line = self._sessions.get(session, [])
        for old in [k for k in line if k.kind == key.kind and k != key]:
            line.remove(old)
            job = self._jobs.get(old)
            if job is None:
                continue
            job.sessions.discard(session)
            if not job.sessions and self._unqueue(job):
                del self._jobs[old]
                job.done.set()
        if not line:
            self._sessions.pop(session, None)

    def _move(self, job: _Job, lane: str) -> None:
        """Move a job still waiting in its lane's queue to the end of `lane`'s (a picture asked ahead that a phone
        asks for now: made next, not after the row's other pictures); left where it is if a slot has taken it or
        `lane`'s queue is full. Under the lock."""
        if not self._unqueue(job):
            return
        try:
            self._queues[lane].put_nowait(job)
            job.lane = lane
        except queue.Full:
            self._queues[job.lane].put_nowait(job)  # the place _unqueue just freed

    def _unqueue(self, job: _Job) -> bool:
        """Take the job out of its lane's queue; False if a slot has taken it already (it runs to its end).
        Under the lock (which every put also holds, so the job cannot come back meanwhile)."""
        lane = self._queues[job.lane]
        with lane.mutex:  # queue.Queue's own lock over its deque, as its get() and put() take it
            try:
                lane.queue.remove(job)
            except ValueError:
                return False
            lane.not_full.notify()
        return True

    # --- the slot threads ---

    def _slot(self, index: int) -> None:
        """One slot: take jobs from its lane's queue and run them on this slot's worker, starting (from this
        thread, which lives as long as the service) a new worker whenever there is none; a worker idle
        for IDLE_STOP seconds is stopped."""
        while not self._stopping:
            try:
                job = self._slot_queues[index].get(timeout=IDLE_STOP)
            except queue.Empty:
                self._retire(index)
                continue
            if job is None or self._stopping:
                break
            try:
                result = self._run(index, job)
            except Exception as err:  # a worker that will not start must not end the slot
                result = Failed(f"{type(err).__name__}: {err}")
            self._finish(job, result)

    def _run(self, index: int, job: _Job) -> Result:
        """Run a job on the slot's worker (started if needed); after a kill, a death, its quota of
        jobs or too much memory, the worker is replaced at once, so the next job finds one ready."""
        worker = self._workers[index]
        if worker is None or not worker.alive():
            worker = self._workers[index] = Worker(self.warm_up, self._slot_lanes[index])
        result = worker.run(job.maker, job.args, self.limits.get(job.key.kind, DEFAULT_LIMIT))
        if not worker.alive() or worker.jobs >= self.jobs_per_worker or rss_bytes(worker.pid) > MAX_WORKER_RSS:
            self._retire(index)
            if not self._stopping:
                with contextlib.suppress(RuntimeError, OSError):  # else the next job tries again
                    self._workers[index] = Worker(self.warm_up, self._slot_lanes[index])
        return result

    def _retire(self, index: int) -> None:
        """Kill the slot's worker, if it has one."""
        worker, self._workers[index] = self._workers[index], None
        if worker is not None:
            worker.kill()

    def _finish(self, job: _Job, result: Result) -> None:
        """Cache a Done, remember a TooSlow or Failed, free the job's sessions and answer its waiters
        (a job whose worker shutdown() killed is answered "the render service stopped")."""
        if self._stopping and not isinstance(result, Done):
            result = Failed("the render service stopped")
        elif isinstance(result, Done):
            self.cache.put(job.key, result.data)
        with self._lock:
            if isinstance(result, TooSlow | Failed) and not self._stopping:
                self._remembered.put(job.key, result)
            self._jobs.pop(job.key, None)
            for session in job.sessions:
                line = self._sessions.get(session, [])
                if job.key in line:
                    line.remove(job.key)
                if not line:
                    self._sessions.pop(session, None)
        job.result = result
        job.done.set()


_LIVE: weakref.WeakSet[Renderer] = weakref.WeakSet()
_SERVICE: Renderer | None = None
_SERVICE_LOCK = threading.Lock()


def service() -> Renderer:
    """The server's one render service (started on first use, stopped when the process exits)."""
    global _SERVICE
    with _SERVICE_LOCK:
        if _SERVICE is None:
            _SERVICE = Renderer()
        return _SERVICE


@atexit.register
def _stop_all() -> None:
    for renderer in list(_LIVE):
        renderer.shutdown(timeout=2.0)


# --- inside the worker -------------------------------------------------------------------------


def warm_up() -> None:
    """Register the CJK subset fonts (made once per machine: stonegame.teach.fonts), import the picture
    makers (stonegame.teach.export and gif: a spec in, bytes out; no Altair, no pandas) and render
    something tiny, so the first job pays for none of it, nor for starting vl-convert's JavaScript engine."""
    import vl_convert as vlc

    from stonegame.teach import export, fonts, gif  # noqa: F401 - imported for the first job

    fonts.prepare()
    vlc.vega_to_svg({"$schema": "https://vega.github.io/schema/vega/v6.json", "width": 1, "height": 1})


def _die_with_parent() -> None:
    """Ask the kernel to SIGKILL this process when the thread that started it ends (Linux only)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def _found(name: str) -> Callable[..., Any]:
    """The function named "module:qualified name"."""
    module_name, _, qualname = name.partition(":")
    found: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def _make(maker: str, args: tuple[Any, ...]) -> bytes:
    """maker(*args) as bytes (a str is encoded as UTF-8)."""
    made = _found(maker)(*args)
    return made.encode("utf-8") if isinstance(made, str) else bytes(made)


def serve(fd: int, warm: str = WARM_UP, lane: str = MAIN) -> None:
    """The worker's loop: lower its priority (WORKER_NICE; AHEAD_NICE in the AHEAD lane), run `warm` (if named), say
    "ready", then for each (maker, args) received send back ("ok", bytes) or ("error", text), until the pipe closes."""
    _die_with_parent()
    with contextlib.suppress(OSError):  # a render yields the cores to the server's requests and streams
        os.nice(AHEAD_NICE if lane == AHEAD else WORKER_NICE)
    conn = Connection(fd)
    if warm:
        _found(warm)()
    conn.send("ready")
    while True:
        try:
            maker, args = conn.recv()
        except EOFError:
            return
        try:
            reply: tuple[str, bytes | str] = ("ok", _make(maker, args))
        except Exception as err:  # every failure goes back to the server as text
            reply = ("error", f"{type(err).__name__}: {err}")
        _give_back_memory()  # before answering: the server reads the worker's RSS once answered
        conn.send(reply)


def _give_back_memory() -> None:
    """Hand the C heap's free pages back to the kernel (glibc malloc_trim). A GIF's frames are freed
    by Python, PIL and vl-convert's Rust side, but glibc kept them: a 42-frame GIF left the worker at
    370 MB, 152 MB once trimmed (tracemalloc: Python itself held 3 MB). Costs about a millisecond."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


if __name__ == "__main__":
    serve(int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else WARM_UP, sys.argv[3] if len(sys.argv) > 3 else MAIN)
