"""An opt-in probe of where a script run's time goes, for scripts/loadtest.py: with STONEGAME_TIMING set to a
directory, streamlit_app.py's lifespan installs it, and the process appends to DIR/timing-PID.tsv one line
per script run and one per event-loop sample. Never on by default: it wraps three of Streamlit 1.67's
methods (read from its sources), which is only for measuring.

A run's line: `run`, session id, then time.monotonic() seconds (a clock every process on the machine
shares, so the load test can keep a phase's lines) when
- `recv`: the browser's rerun BackMsg reached AppSession.handle_backmsg, on the event loop (empty for a
  run no message asked for: the one after an st.rerun);
- `start`: the script thread sent SCRIPT_STARTED (AppSession._on_scriptrunner_event, on that thread);
- `end`: it sent the run's stop event;
- `sent`: the run's script_finished, its last message, went to the websocket (Runtime._send_message,
  on the event loop; the deltas before it went out in order ahead of it);
then, between start and end, the seconds the script thread ran on a core (time.thread_time), waited for a
free core (the kernel's run queue), and the CPU the whole process used; and the stop event's name. What
is left of the script's time is the thread asleep: waiting for the GIL, a lock, or I/O.

A loop line: `loop`, its time, how late (seconds) a callback asked for LAG_EVERY seconds later ran: the
time the event loop was busy with something else, or its thread waited for the GIL; then the garbage
collector's pauses since the last loop line, in every thread: count and seconds, per generation.
"""

from __future__ import annotations

import asyncio
import gc
import os
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.runtime import Runtime
from streamlit.runtime.scriptrunner import ScriptRunnerEvent

ENV = "STONEGAME_TIMING"
LAG_EVERY = 0.05  # seconds between two event-loop samples
STOPPED = {
    ScriptRunnerEvent.SCRIPT_STOPPED_WITH_SUCCESS,
    ScriptRunnerEvent.SCRIPT_STOPPED_WITH_COMPILE_ERROR,
    ScriptRunnerEvent.SCRIPT_STOPPED_FOR_RERUN,
    ScriptRunnerEvent.FRAGMENT_STOPPED_WITH_SUCCESS,
}


class Probe:
    """The per-session times of the run in progress, and the file the finished runs are written to."""

    def __init__(self, out: TextIO) -> None:
        self.out, self.lock = out, threading.Lock()
        self.received: dict[str, float] = {}  # session id -> when its last rerun BackMsg arrived
        self.running: dict[str, list[Any]] = {}  # session id -> [recv, start, end, cpu at start, cpu, event]
        self.gc_started: dict[int, float] = {}  # thread id -> when its collection began
        self.gc_paused = [[0, 0.0], [0, 0.0], [0, 0.0]]  # per generation: collections, seconds

    def write(self, *fields: object) -> None:
        """One tab-separated line, flushed (the server is killed at the end, not stopped)."""
        with self.lock:
            self.out.write("\t".join("" if f is None else str(f) for f in fields) + "\n")
            self.out.flush()

    def backmsg(self, session_id: str, kind: str | None) -> None:
        if kind == "rerun_script":
            self.received[session_id] = time.monotonic()

    def script_event(self, session_id: str, event: ScriptRunnerEvent) -> None:
        """On the script thread: the run's start, or its end and the thread's CPU between."""
        if event == ScriptRunnerEvent.SCRIPT_STARTED:
            recv = self.received.pop(session_id, None)
            self.running[session_id] = [recv, time.monotonic(), None, clocks(), None, None]
        elif event in STOPPED and session_id in self.running:
            run = self.running[session_id]
            run[2], run[5] = time.monotonic(), event.name
            run[4] = [now - then for now, then in zip(clocks(), run[3], strict=True)]
            if event == ScriptRunnerEvent.SCRIPT_STOPPED_FOR_RERUN:  # no script_finished is sent for it
                self.finished(session_id, None)

    def finished(self, session_id: str, sent: float | None) -> None:
        """The run's script_finished went to the websocket: write its line."""
        run = self.running.get(session_id)
        if run is not None and run[2] is not None:  # not a run that has only started
            del self.running[session_id]
            self.write("run", session_id, run[0], run[1], run[2], sent, *(f"{c:.6f}" for c in run[4]), run[5])

    def collecting(self, phase: str, info: dict[str, int]) -> None:
        """gc.callbacks: time each collection, in whichever thread it runs."""
        thread, now = threading.get_ident(), time.perf_counter()
        if phase == "start":
            self.gc_started[thread] = now
        elif thread in self.gc_started:
            paused = self.gc_paused[info["generation"]]
            paused[0] += 1
            paused[1] += now - self.gc_started.pop(thread)

    async def watch_loop(self) -> None:
        """Every LAG_EVERY seconds: how late the loop woke, and the collector's pauses since the last line."""
        while True:
            asked = time.monotonic()
            await asyncio.sleep(LAG_EVERY)
            now = time.monotonic()
            paused, self.gc_paused = self.gc_paused, [[0, 0.0], [0, 0.0], [0, 0.0]]
            self.write("loop", f"{now:.6f}", f"{now - asked - LAG_EVERY:.6f}", *(f"{n}:{s:.6f}" for n, s in paused))


def clocks() -> tuple[float, float, float]:
    """Seconds so far: this thread's CPU, this thread's wait for a core (runnable, no core free: the
    kernel's run-queue time, /proc/thread-self/schedstat), and the whole process's CPU."""
    with open("/proc/thread-self/schedstat", encoding="ascii") as stat:
        queued = int(stat.read().split()[1]) / 1e9
    return time.thread_time(), queued, time.process_time()


def wrap(probe: Probe) -> None:
    """Wrap AppSession.handle_backmsg, AppSession._on_scriptrunner_event and Runtime._send_message so each
    tells the probe what it saw, then does what it did. Sessions made after this use the wrappers."""
    handle_backmsg, on_event, send = AppSession.handle_backmsg, AppSession._on_scriptrunner_event, Runtime._send_message

    def timed_backmsg(self: AppSession, msg: Any) -> None:
        probe.backmsg(self.id, msg.WhichOneof("type"))
        handle_backmsg(self, msg)

    def timed_event(self: AppSession, sender: Any, event: ScriptRunnerEvent, *args: Any, **kwargs: Any) -> None:
        probe.script_event(self.id, event)
        on_event(self, sender, event, *args, **kwargs)

    def timed_send(self: Runtime, session_info: Any, msg: ForwardMsg) -> None:
        send(self, session_info, msg)
        if msg.WhichOneof("type") == "script_finished" and msg.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
            probe.finished(session_info.session.id, time.monotonic())

    AppSession.handle_backmsg = timed_backmsg
    AppSession._on_scriptrunner_event = timed_event
    Runtime._send_message = timed_send


def install() -> asyncio.Task | None:
    """If STONEGAME_TIMING names a directory: wrap Streamlit's methods, time the collector and start the
    event-loop watch (on the running loop, the server's); the watch's task, or None when not asked for."""
    folder = os.environ.get(ENV)
    if not folder:
        return None
    out = (Path(folder) / f"timing-{os.getpid()}.tsv").open("a", encoding="utf-8")  # kept open for the process's life
    probe = Probe(out)
    wrap(probe)
    gc.callbacks.append(probe.collecting)
    return asyncio.get_running_loop().create_task(probe.watch_loop())
