"""Load test: a class of students on one server, then sessions opened and closed one after another.
Nothing may break (zero errors) and nothing may leak (memory after the open/close run within 20% of
before it).

    python scripts/loadtest.py --quick     # CI: 10 sessions for 15 s, then 50 opened and closed
    python scripts/loadtest.py             # the issue's numbers: 50 sessions for 90 s, then 500
    python scripts/loadtest.py --url http://host:8501   # a server already running (no memory figures)
    python scripts/loadtest.py --replicas 2        # through nginx: scripts/serve.py's N replicas, each measured

It starts `streamlit run streamlit_app.py` itself on a free port, with the repository's
.streamlit/config.toml (scripts/meter.py's Server), and speaks to it exactly as the browser does
(scripts/client.py): an HTTP GET of the page (and, on a first visit, of the JavaScript and CSS it
names), then Streamlit's websocket /_stcore/stream. The students and what they do are
scripts/students.py's: a first visit, then actions after a think time of 2-6 s (edit the row, change
the language or code listing, visit another page, reload the tab, step and play in the browser).

An error is: an HTTP status other than 200, a websocket that fails or closes early, a run that does
not finish within 60 s or finishes other than successfully (one the script cut short with st.rerun
is followed to the run after it), an exception or st.error element, or a warning (every row the
students send is a good one). Reported: errors, script runs, p50/p95 time per script run (from
sending the BackMsg to receiving script_finished), the server's CPU time per run, and its memory (RSS
of the server process and its children, psutil) before, at peak and after. Then the load test's own CPU
(psutil: it shares the cores with the server), and where a run's time went on the server, from the
servers' own probe (ui/server/timing.py, switched on by STONEGAME_TIMING for the servers it starts):
queued (the BackMsg in to the script's start), the script itself (split into on a core, waiting for a
free core, and asleep: the GIL or a lock), delivered (the script's end to its last message out), each
p50/p95/max; how late the event loop ran, and the garbage collector's pauses. Exit status 1 on any
error or a failed memory bound. Run times depend on what else the machine is doing: the report
starts with the load average.

With --replicas N the students go through nginx to N replicas, started as `python scripts/serve.py
--replicas N` starts them (scripts/topology.py's Topology). Each tab keeps nginx's route cookie, as a
browser does, so its websocket and later requests reach its replica. CPU and memory are those of the
replicas together (per script run, and the bound on memory), then of each replica and of nginx; the
sessions each replica got are counted from the cookie. Every replica gets its warm-up visit.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.client import Stats, mb, ms, percentile, report_runs  # noqa: E402
from scripts.meter import Cluster, MemoryWatch, Server, load, quiet, settle  # noqa: E402
from scripts.servers import NGINX_HINT, nginx_path  # noqa: E402
from scripts.students import THINK, concurrent, open_and_close, student_once  # noqa: E402

TIMING_ENV = "STONEGAME_TIMING"  # ui/server/timing.py's switch: the directory its lines go to
MEMORY_BOUND = 1.20  # RSS after the open/close run may be at most this times RSS before it


# --- where a run's time goes (ui/server/timing.py's lines) ----------------------------------------


@dataclass
class Timing:
    """The probe's lines of one phase, from every server process: per run its three parts and its script
    thread's CPU (seconds), the event loop's lateness samples and the collector's pauses."""

    queued: list[float]  # the rerun BackMsg reached the server -> the script started
    script: list[float]  # the script's own run
    delivered: list[float]  # the script ended -> its last message went to the websocket
    script_cpu: list[float]  # CPU of the script thread during the script's run
    script_no_core: list[float]  # the script thread runnable but no core free (the kernel's run queue)
    script_asleep: list[float]  # the rest of its run: the thread waiting for the GIL, a lock or I/O
    process_cpu: list[float]  # CPU of the whole server process during the script's run
    loop_lag: list[float]  # how late the event loop ran a callback it had asked for (every 50 ms)
    gc_paused: list[list[float]]  # per generation: collections, seconds


def read_timing(folder: Path, since: float, until: float) -> Timing:
    """The lines the probe wrote into `folder` whose times fall in [since, until] (time.monotonic())."""
    timing = Timing([], [], [], [], [], [], [], [], [[0, 0.0], [0, 0.0], [0, 0.0]])
    for path in folder.glob("timing-*.tsv"):
        for line in path.read_text(encoding="utf-8").splitlines():
            kind, *fields = line.split("\t")
            if kind == "run" and fields[4] and since <= float(fields[2]) <= until:
                recv, start, end, sent = (float(f) if f else None for f in fields[1:5])
                if recv is not None:
                    timing.queued.append(start - recv)
                thread_cpu, no_core, process_cpu = (float(f) for f in fields[5:8])
                timing.script.append(end - start)
                timing.delivered.append(sent - end)
                timing.script_cpu.append(thread_cpu)
                timing.script_no_core.append(no_core)
                timing.script_asleep.append(max(end - start - thread_cpu - no_core, 0.0))
                timing.process_cpu.append(process_cpu)
            elif kind == "loop" and since <= float(fields[0]) <= until:
                timing.loop_lag.append(float(fields[1]))
                for paused, counted in zip(timing.gc_paused, fields[2:5], strict=True):
                    n, seconds = counted.split(":")
                    paused[0], paused[1] = paused[0] + int(n), paused[1] + float(seconds)
    return timing


def spread(values: list[float]) -> str:
    """p50 / p95 / max of seconds, in ms."""
    if not values:
        return "no runs"
    return f"p50 {ms(percentile(values, 50)):>7}  p95 {ms(percentile(values, 95)):>7}  max {ms(max(values)):>7}"


def report_timing(timing: Timing, wall: float) -> None:
    """The three parts of a run's time on the server, side by side, and what could make a run wait."""
    print(f"  where a run's time goes on the server ({len(timing.script)} runs timed):")
    print(f"    queued    (BackMsg in -> script starts)    {spread(timing.queued)}")
    print(f"    script    (its own run)                    {spread(timing.script)}")
    print(f"    delivered (script ends -> last message out) {spread(timing.delivered)}")
    print(f"      of it: on a core                         {spread(timing.script_cpu)}")
    print(f"             waiting for a free core           {spread(timing.script_no_core)}")
    print(f"             asleep (the GIL, a lock, I/O)     {spread(timing.script_asleep)}")
    print(f"      the whole process's CPU meanwhile        {spread(timing.process_cpu)}")
    print(f"    event loop late by                         {spread(timing.loop_lag)}")
    gc = ", ".join(f"gen{g} {int(n)} ({s * 1000:.0f} ms)" for g, (n, s) in enumerate(timing.gc_paused))
    print(f"    garbage collection: {gc} in {wall:.0f} s")


def report_client(client_cpu: float, wall: float, stats: Stats) -> None:
    """The load test's own CPU over the phase: it shares the cores with the server."""
    runs = max(len(stats.all_runs()), 1)
    print(
        f"  client (this load test) CPU {client_cpu:.1f} s ({client_cpu / wall:.0%} of one core),"
        f" {ms(client_cpu / runs)} per run"
    )


def own_cpu() -> float:
    """CPU seconds (user + system) this process has used so far."""
    times = psutil.Process().cpu_times()
    return times.user + times.system


# --- the report -----------------------------------------------------------------------------------


def report_cpu(server: Server | Cluster | None, cpu_before: float, started: float, stats: Stats) -> None:
    """Wall time of the phase and, for a server we started, the CPU it used: per second and per run."""
    wall = time.monotonic() - started
    line = f"  took {wall:.0f} s"
    if server:
        used, runs = server.cpu() - cpu_before, len(stats.all_runs())
        line += f"; server CPU {used:.1f} s ({used / wall:.0%} of one core), {ms(used / max(runs, 1))} per script run"
    print(line)


def cpu_parts(server: Server | Cluster | None) -> dict[str, float]:
    """CPU seconds so far of each replica and of nginx (nothing for a single server)."""
    return {name: cpu for name, (cpu, _) in server.parts().items()} if isinstance(server, Cluster) else {}


def report_parts(server: Server | Cluster | None, before: dict[str, float], stats: Stats, memory: MemoryWatch) -> None:
    """For a Cluster: the sessions each replica got (from nginx's cookie), and the CPU each replica and
    nginx used since `before` and their memory (the peak of the samples taken since the phase began,
    and one taken now). For --url: the sessions per route cookie, if the balancer set one."""
    if not isinstance(server, Cluster):
        named = {route: n for route, n in sorted(stats.routes.items()) if route}
        if named:  # --url through a balancer that sets the route cookie
            print("  sessions per route cookie: " + ", ".join(f"{r} {n}" for r, n in named.items()))
        return
    memory.now()
    print("  sessions per replica: " + ", ".join(f"{r} {stats.routes.get(r, 0)}" for r in server.routes()))
    unrouted = sum(n for r, n in stats.routes.items() if r not in server.routes())
    if unrouted:
        print(f"    ({unrouted} without a route cookie)")
    now = cpu_parts(server)
    print(
        "  CPU and peak memory per process: "
        + ", ".join(
            f"{name} {now[name] - before.get(name, 0):.1f} s, {mb(memory.part_peaks.get(name, 0))}" for name in now
        )
    )


async def main_async(args: argparse.Namespace, server: Server | Cluster | None, base: str) -> int:
    """The warm-up visit, the two phases and their report; 1 on any error or a failed memory bound."""
    failed = False
    memory = MemoryWatch(server)
    idle = memory.now()
    warm = Stats()  # one visit first (to every replica), so imports and first caches are not counted as growth
    for route in server.routes() if isinstance(server, Cluster) else [None]:
        await student_once(base, warm, route)
    if server:
        await quiet(server)
    before = memory.now()
    memory.peak = before
    memory.part_peaks = {}
    print(f"server: {base}  ({load()})")
    if isinstance(server, Cluster):
        print(f"through nginx to {len(server.routes())} replica(s): {', '.join(server.routes())}")
    if server:
        print(f"memory: idle after start {mb(idle)}, after one warm-up visit {mb(before)}")
    if warm.errors:
        print("warm-up failed: " + "; ".join(warm.errors))
        return 1

    print(
        f"\n{args.sessions} concurrent sessions for {args.seconds:.0f} s (think time {THINK[0]:.0f}-{THINK[1]:.0f} s):"
    )
    started, cpu, parts, client = time.monotonic(), server.cpu() if server else 0.0, cpu_parts(server), own_cpu()
    stats = await concurrent(base, args.sessions, args.seconds, min(5.0, args.seconds / 3), memory)
    report_cpu(server, cpu, started, stats)
    report_runs(stats)
    report_phase_timing(args, started, client, stats)
    report_parts(server, parts, stats, memory)
    after = await settle(memory, 3)
    if server:
        print(f"  server memory: before {mb(before)}, peak {mb(memory.peak)}, after the sessions closed {mb(after)}")
    failed |= bool(stats.errors)

    print(f"\n{args.churn} sessions opened and closed one after another:")
    memory.part_peaks = {}
    start_rss = memory.now()
    started, cpu, parts, client = time.monotonic(), server.cpu() if server else 0.0, cpu_parts(server), own_cpu()
    churn = await open_and_close(base, args.churn)
    report_cpu(server, cpu, started, churn)
    report_runs(churn)
    report_phase_timing(args, started, client, churn)
    report_parts(server, parts, churn, memory)
    failed |= bool(churn.errors)
    if server:
        end_rss = await settle(memory, 3)
        ratio = end_rss / start_rss
        verdict = "ok" if ratio <= MEMORY_BOUND else f"FAILED (bound {MEMORY_BOUND:.2f})"
        print(f"  server memory: before {mb(start_rss)}, after {mb(end_rss)} (x{ratio:.3f}, {verdict})")
        failed |= ratio > MEMORY_BOUND
    if isinstance(server, Cluster) and server.topology.events:
        print("\nthe health watch: " + "; ".join(server.topology.events))
        failed |= server.topology.replacements > 0  # a replica lost, and every session on it
    if failed and server:
        print_tracebacks(server)
    print("\nresult: " + ("FAILED" if failed else "ok"))
    return 1 if failed else 0


def report_phase_timing(args: argparse.Namespace, started: float, client: float, stats: Stats) -> None:
    """The client's CPU since `started` and, for servers we started, the probe's breakdown of the phase."""
    now = time.monotonic()
    report_client(own_cpu() - client, now - started, stats)
    if args.timing:
        report_timing(read_timing(args.timing, started, now), now - started)


def print_tracebacks(server: Server | Cluster) -> None:
    """The tracebacks in the server's log (each replica's), the last three of each: a page's exception
    is redacted for the student, so its cause is only there."""
    logs = server.log() if isinstance(server, Cluster) else {"": server.log()}
    for name, log in logs.items():
        found = re.findall(r"Traceback \(most recent call last\):\n(?:[ \t].*\n)+\S.*", log)
        for trace in found[-3:]:
            print(f"\ntraceback in the server log{' of ' + name if name else ''}:\n{trace}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="CI size: 10 sessions for 15 s, 50 opened and closed")
    parser.add_argument("--sessions", type=int, help="concurrent sessions (default 50; 10 with --quick)")
    parser.add_argument("--seconds", type=float, help="how long they run (default 90; 15 with --quick)")
    parser.add_argument("--churn", type=int, help="sessions opened and closed in a row (default 500; 50 with --quick)")
    parser.add_argument("--url", help="a running server to test instead of starting one (no memory figures)")
    parser.add_argument(
        "--replicas", type=int, help="start N replicas behind nginx as scripts/serve.py does, and measure each one"
    )
    args = parser.parse_args(argv)
    quick = args.quick
    args.sessions = args.sessions or (10 if quick else 50)
    args.seconds = args.seconds or (15.0 if quick else 90.0)
    args.churn = args.churn or (50 if quick else 500)
    if args.seconds > 120:
        parser.error("--seconds is at most 120: the test holds the sessions for a bounded time")
    if args.url and args.replicas:
        parser.error("--url and --replicas exclude each other: test a running server, or start replicas")
    if args.replicas is not None and args.replicas < 1:
        parser.error("--replicas must be at least 1")
    if args.replicas and nginx_path() is None:
        parser.error(NGINX_HINT)
    args.timing = None if args.url else Path(tempfile.mkdtemp(prefix="stonegame-timing-"))
    if args.timing:  # the servers we start time their runs (ui/server/timing.py) into it
        os.environ[TIMING_ENV] = str(args.timing)
    server = None if args.url else Cluster(args.replicas) if args.replicas else Server()
    try:
        return asyncio.run(main_async(args, server, args.url.rstrip("/") if args.url else server.url))
    finally:
        if server:
            server.stop()
        if args.timing:
            shutil.rmtree(args.timing, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
