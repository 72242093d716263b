"""The servers the scripts start, and what they measure of them: CPU seconds (each process's CPU-time
clock, else psutil) and resident memory (psutil) of a process tree, sampled over a phase; waiting until
a server is idle, or its memory settled.

A Server is the browser tests' StreamlitServer (`streamlit run` on a free port, healthy before it
returns) that can also be measured, signalled and waited for; a Cluster is scripts/topology.py's
Topology (N replicas behind nginx), measured the same way: the replicas together, or each replica
and nginx apart.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import ctypes
import os
import subprocess
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.servers import StreamlitServer  # noqa: E402 - shared with the browser tests
from scripts.topology import Topology  # noqa: E402 - nginx and N replicas, as serve.py starts them

SAMPLE = 0.25  # seconds between two memory samples: often enough to catch a peak of a few seconds


def load() -> str:
    """The machine's load, printed beside every figure: they depend on it."""
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


# --- a process tree -------------------------------------------------------------------------------


def tree(pid: int) -> list[psutil.Process]:
    """The process and all its descendants (none if it is gone)."""
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def _libc() -> ctypes.CDLL | None:
    """The C library, if it has the process CPU clocks (Linux, glibc); None elsewhere."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc if hasattr(libc, "clock_getcpuclockid") else None
    except OSError:
        return None


LIBC = _libc()


def process_clock(pid: int) -> float | None:
    """The CPU seconds the process has used so far, to the nanosecond (its CPU-time clock, threads that
    ended included); None where there is no such clock. /proc's user and system times count in ticks of
    10 ms, which put ±5 ms a second into a 2 s idle baseline: ±1 ms on a step broadcast of 10."""
    clock = ctypes.c_int()
    if LIBC is None or LIBC.clock_getcpuclockid(pid, ctypes.byref(clock)) != 0:
        return None
    try:
        return time.clock_gettime(clock.value)
    except OSError:  # the process ended since
        return None


def cpu(processes: list[psutil.Process], reaped: bool = False) -> float:
    """CPU seconds (user + system) the processes have used so far (process_clock's, else psutil's); with
    `reaped`, those of the children they have waited for instead (an nginx master's retired workers)."""
    total = 0.0
    for process in processes:
        with contextlib.suppress(psutil.NoSuchProcess):  # it may end while we look
            clock = None if reaped else process_clock(process.pid)
            if clock is not None:
                total += clock
                continue
            times = process.cpu_times()
            total += times.children_user + times.children_system if reaped else times.user + times.system
    return total


def rss(processes: list[psutil.Process]) -> int:
    """Resident memory in bytes of the processes together."""
    total = 0
    for process in processes:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += process.memory_info().rss
    return total


# --- the servers ----------------------------------------------------------------------------------


class Server(StreamlitServer):
    """The app as `streamlit run` starts it (from `app_dir`, another checkout for a profile's variant),
    measured with its children; it can be signalled and waited for, to see how a hung one stops."""

    def __init__(self, app_dir: Path = ROOT, script: str = "streamlit_app.py") -> None:
        super().__init__(app_dir=app_dir, script=script)
        self.url = f"http://127.0.0.1:{self.port}"  # the websocket clients connect by address

    def rss(self) -> int:
        return rss(tree(self.pid))

    def cpu(self) -> float:
        return cpu(tree(self.pid))

    def signal(self, signum: int) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signum)

    def wait(self, timeout: float) -> bool:
        """Whether the process exited within timeout seconds."""
        try:
            self._proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        return True


class Cluster:
    """serve.py's topology (N replicas behind nginx), measured like Server: rss() and cpu() are the
    replicas' together; parts() gives each replica's and nginx's."""

    def __init__(self, replicas: int) -> None:
        self.topology = Topology(replicas, port=0, host="127.0.0.1", say=lambda line: print(line, flush=True))
        self.topology.start()
        self.url = self.topology.url

    def _replicas(self) -> dict[str, list[psutil.Process]]:
        return {r.name: tree(r.pid) for r in self.topology.replicas}

    def rss(self) -> int:
        return sum(rss(processes) for processes in self._replicas().values())

    def cpu(self) -> float:
        return sum(cpu(processes) for processes in self._replicas().values())

    def parts(self) -> dict[str, tuple[float, int]]:
        """(CPU seconds so far, RSS bytes) of each replica by route name, and of nginx: its master and
        workers, and the workers a reload retired (reaped by the master, so in its children's time)."""
        parts = {name: (cpu(processes), rss(processes)) for name, processes in self._replicas().items()}
        nginx = tree(self.topology.nginx.pid)
        parts["nginx"] = (cpu(nginx) + cpu(nginx[:1], reaped=True), rss(nginx))
        return parts

    def routes(self) -> list[str]:
        return [r.name for r in self.topology.replicas]

    def log(self) -> dict[str, str]:
        """Each replica's log by route name."""
        return {r.name: r.log() for r in self.topology.replicas}

    def stop(self) -> None:
        self.topology.stop()


# --- watching them --------------------------------------------------------------------------------


class MemoryWatch:
    """Samples the server's RSS every SAMPLE seconds while a phase runs; keeps the peak (and, for a
    Cluster, each replica's and nginx's peak in part_peaks)."""

    def __init__(self, server: Server | Cluster | None) -> None:
        self.server, self.peak = server, 0
        self.part_peaks: dict[str, int] = {}

    def now(self) -> int:
        rss = self.server.rss() if self.server else 0
        self.peak = max(self.peak, rss)
        if isinstance(self.server, Cluster):
            for name, (_, part) in self.server.parts().items():
                self.part_peaks[name] = max(self.part_peaks.get(name, 0), part)
        return rss

    async def watch(self) -> None:
        while True:
            self.now()
            await asyncio.sleep(SAMPLE)


async def settle(memory: MemoryWatch, seconds: float) -> int:
    """RSS after the sessions have gone: the last of the samples over `seconds` of settling."""
    end = time.monotonic() + seconds
    rss = memory.now()
    while time.monotonic() < end:
        await asyncio.sleep(SAMPLE)
        rss = memory.now()
    return rss


class CpuWatch:
    """Samples the CPU seconds a server we started has used, once a second, to tell a busy server
    from an idle (deadlocked) one."""

    def __init__(self, server: Server | None) -> None:
        self.server = server
        self.samples: collections.deque[tuple[float, float]] = collections.deque(maxlen=120)

    async def watch(self) -> None:
        while self.server:
            self.samples.append((time.monotonic(), self.server.cpu()))
            await asyncio.sleep(1.0)

    def used(self, seconds: float) -> float | None:
        """CPU seconds used over about the last `seconds` (None when not known)."""
        if not self.samples:
            return None
        now, cpu = self.samples[-1]
        old = next(((t, c) for t, c in self.samples if now - t <= seconds), None)
        return None if old is None or now - old[0] < seconds / 2 else cpu - old[1]


async def quiet(server: Server | Cluster, limit: float = 120.0) -> None:
    """Wait until the server is idle (under 5 % of a core over half a second; at most `limit` seconds):
    a fresh server makes its chart templates in the background (ui/server/warm.py), which is not the
    class's CPU and must not be counted in it."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        before = server.cpu()
        await asyncio.sleep(0.5)
        if server.cpu() - before < 0.025:
            return
