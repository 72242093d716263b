"""Where the server's CPU goes under the load test: py-spy on the Streamlit process, by category.

    python scripts/profile_server.py                    # 50 sessions for 90 s, then 100 opened and closed
    python scripts/profile_server.py --sessions 10 --seconds 20 --churn 20     # a quick look
    python scripts/profile_server.py --read artifacts/profile/concurrent.raw  # re-read a recorded profile
    python scripts/profile_server.py --no-spy --variant base=HEAD~1 --variant cut=HEAD
    python scripts/profile_server.py --no-spy --fixed 12 --variant base=HEAD~1 --variant cut=HEAD
    python scripts/profile_server.py --no-spy --variant gc=HEAD \
        --variant nogc=HEAD:STREAMLIT_RUNNER_POST_SCRIPT_GC=false
                                                        # the same load on each variant in turn, side by side

How it samples (py-spy with --gil, so samples add up to CPU time on a quiet machine), how a sample finds
its category (its innermost frame that no generic module owns, by RULES), and what --variant and --fixed
compare: docs/performance.md, "Where the server's CPU goes". Categories:

  page script            the app's own code, Altair and jsonschema building its charts, the st.* calls
  element serialisation  elements into protobuf: Streamlit's element code, Arrow IPC, the spec's JSON
  caching/hashing        cache lookups and argument hashing, element ids, ForwardMsg hashes, row digests
  websocket              the websocket protocol, Streamlit's session client and queues, the event loop
  static files           HTTP: the bundle and index.html, the health and host-config probes
  post-run gc            Streamlit's gc.collect(2) after every script run (runner.postScriptGC)
  other                  the script runner's own bookkeeping, threads, imports
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.client import Stats, mb, percentile, report_runs  # noqa: E402
from scripts.meter import MemoryWatch, Server, quiet  # noqa: E402
from scripts.students import concurrent, fixed_work, open_and_close, student_once  # noqa: E402

SITE = sysconfig.get_paths()["purelib"] + "/"
STDLIB = sysconfig.get_paths()["stdlib"] + "/"

# --- categories -----------------------------------------------------------------------------------

SCRIPT, SERIAL, CACHE, WEBSOCKET, STATIC, GC, OTHER = (
    "page script",
    "element serialisation",
    "caching/hashing",
    "websocket",
    "static files",
    "post-run gc",
    "other",
)
CATEGORIES = (SCRIPT, SERIAL, CACHE, WEBSOCKET, STATIC, GC, OTHER)

# Frames that never decide: the sample belongs to whoever called them.
GENERIC = (
    "stdlib:",
    "pandas/",
    "numpy/",
    "pyarrow/",
    "anyio/",
    "sniffio/",
    "narwhals/",
    "typing_extensions.py",
    "starlette/middleware/",
    "starlette/_exception_handler.py",
    "starlette/routing.py",
    "starlette/applications.py",
    "starlette/_utils.py",
    "starlette/concurrency.py",
    "uvicorn/middleware/",
    "streamlit/runtime/metrics_util.py",
    "streamlit/web/server/starlette/starlette_gzip_middleware.py",
    "streamlit/web/server/starlette/starlette_path_security_middleware.py",
    "streamlit/web/server/starlette/starlette_app.py",
    "streamlit/delta_generator_singletons.py",
    "streamlit/util.py",
    "streamlit/type_util.py",
    "streamlit/config.py",
    "<",  # <frozen ...>, <string>
)

# The app's own code by feature room (docs/architecture.md, "Code map"), most specific first: a frame of the app
# is counted under the first prefix its file starts with.
APP_ROOMS = (
    "stonegame/draw/",
    "stonegame/fill/",
    "stonegame/ladder/",
    "stonegame/game/",
    "stonegame/teach/",
    "stonegame/",
    "ui/",
    "pages/",
    "explainer.py",
    "streamlit_app.py",
)

# (category, sub-category, path prefixes, function names or None for any). Read top to bottom: the
# first rule that matches a frame decides it. Paths are relative to site-packages, "stdlib:" for
# the standard library, "app:" for this repository.
RULES: list[tuple[str, str, tuple[str, ...], tuple[str, ...] | None]] = [
    (
        GC,
        "gc.collect(2) after each run",
        ("streamlit/runtime/scriptrunner/script_runner.py",),
        ("ScriptRunner._on_script_finished",),
    ),
    (CACHE, "the app's row digests", ("app:ui/cache.py",), ("digest",)),
    *((SCRIPT, f"app code: {room}", ("app:" + room,), None) for room in APP_ROOMS),
    (SCRIPT, "app code: elsewhere", ("app:",), None),
    (SCRIPT, "Altair: building charts", ("altair/",), None),
    (SCRIPT, "jsonschema: validating specs", ("jsonschema/", "referencing/", "rpds/"), None),
    (
        CACHE,
        "element ids",
        ("streamlit/elements/lib/utils.py",),
        ("compute_and_register_element_id", "_compute_element_id", "compute_element_id"),
    ),
    (CACHE, "ForwardMsg hash", ("streamlit/runtime/forward_msg_cache.py",), None),
    (CACHE, "st.cache_* lookup and hashing", ("streamlit/runtime/caching/",), None),
    (SERIAL, "Arrow IPC of datasets", ("streamlit/dataframe_util.py", "streamlit/elements/lib/arrow"), None),
    (
        SERIAL,
        "chart spec JSON",
        ("streamlit/elements/vega_charts.py",),
        ("_stabilize_vega_json_spec", "_prepare_vega_lite_spec"),
    ),
    (SERIAL, "element protos (st.* elements)", ("streamlit/elements/",), None),
    (SERIAL, "protobuf", ("google/protobuf/",), None),
    (SERIAL, "ForwardMsg to bytes", ("streamlit/runtime/runtime_util.py",), None),
    (WEBSOCKET, "Streamlit session client", ("streamlit/web/server/starlette/starlette_websocket.py",), None),
    (
        WEBSOCKET,
        "websocket protocol",
        ("uvicorn/protocols/websockets/", "websockets/", "wsproto/", "starlette/websockets.py"),
        None,
    ),
    (
        WEBSOCKET,
        "message queues",
        ("streamlit/runtime/forward_msg_queue.py", "streamlit/runtime/app_session.py", "streamlit/runtime/runtime.py"),
        None,
    ),
    (
        STATIC,
        "static files (StaticFiles, FileResponse)",
        (
            "starlette/staticfiles.py",
            "starlette/responses.py",
            "streamlit/web/server/starlette/starlette_static_routes.py",
        ),
        None,
    ),
    (STATIC, "HTTP routes (health, host-config)", ("streamlit/web/server/starlette/starlette_routes.py",), None),
    (
        STATIC,
        "HTTP protocol",
        ("uvicorn/protocols/http/", "h11/", "httptools/", "starlette/requests.py", "starlette/datastructures.py"),
        None,
    ),
    (
        SCRIPT,
        "Streamlit API in the script (state, widgets, pages)",
        (
            "streamlit/runtime/state/",
            "streamlit/navigation/",
            "streamlit/commands/",
            "streamlit/delta_generator.py",
            "streamlit/runtime/context.py",
            "streamlit/runtime/scriptrunner_utils/",
        ),
        None,
    ),
    (OTHER, "script runner", ("streamlit/runtime/scriptrunner/",), None),
    (OTHER, "file watcher", ("streamlit/watcher/",), None),
    (OTHER, "Streamlit, elsewhere", ("streamlit/",), None),
    (WEBSOCKET, "asyncio event loop", ("stdlib:asyncio/", "stdlib:selectors.py"), None),
]


def normalise(path: str) -> str:
    """A frame's file as RULES name it: relative to site-packages, "stdlib:..." or "app:..."."""
    if path.startswith(SITE):
        return path[len(SITE) :]
    if path.startswith(STDLIB):
        return "stdlib:" + path[len(STDLIB) :]
    if not path.startswith("/"):  # <frozen runpy>, <string>, attrs' generated methods
        return path
    try:
        return "app:" + Path(path).resolve().relative_to(APP_DIR).as_posix()
    except ValueError:
        pass
    for part in APP_PARTS:  # a profile of another checkout of the app (a --variant's export)
        at = path.rfind("/" + part)
        if at >= 0:
            return "app:" + path[at + 1 :]
    return path


APP_PARTS = ("streamlit_app.py", "explainer.py", "asgi.py", "pages/", "ui/", "stonegame/", "tests/", "scripts/")


APP_DIR = ROOT  # the app the profile was taken of (--app-dir); its files are "app:"


@dataclass(frozen=True)
class Frame:
    """One py-spy frame: `function (file:line)`, with the file normalised."""

    function: str
    path: str
    line: str

    @classmethod
    def parse(cls, text: str) -> Frame:
        function, _, location = text.rpartition(" (")
        path, _, line = location.rstrip(")").rpartition(":")
        return cls(function or text, normalise(path), line)

    def __str__(self) -> str:
        return f"{self.function} ({self.path.removeprefix('app:')}:{self.line})"


def rule_for(frame: Frame) -> tuple[str, str] | None:
    """The (category, sub-category) the first matching rule gives this frame, or None for a generic
    frame or one no rule names."""
    for category, sub, prefix, functions in RULES:
        if frame.path.startswith(prefix) and (functions is None or frame.function in functions):
            return category, sub
    return None


def classify(frames: list[Frame]) -> tuple[str, str, Frame | None]:
    """The category, sub-category and deciding frame of one sample (frames outermost first)."""
    for frame in reversed(frames):
        if frame.path.startswith(GENERIC) and not frame.path.startswith("stdlib:asyncio/"):
            continue
        found = rule_for(frame)
        if found:
            return *found, frame
    for frame in reversed(frames):  # only generic frames: the event loop's own, if it is on the stack
        found = rule_for(frame)
        if found:
            return *found, frame
    return OTHER, "unattributed", None


@dataclass
class Profile:
    """Samples of one phase, counted by category, sub-category and innermost function."""

    samples: int = 0
    by_category: collections.Counter = field(default_factory=collections.Counter)
    by_sub: collections.Counter = field(default_factory=collections.Counter)
    own: collections.Counter = field(default_factory=collections.Counter)
    own_context: dict = field(default_factory=lambda: collections.defaultdict(collections.Counter))
    ui_inclusive: collections.Counter = field(default_factory=collections.Counter)

    @classmethod
    def read(cls, raw: Path) -> Profile:
        """Count a py-spy raw file: one `frame;frame;...;frame count` line per distinct stack."""
        profile = cls()
        for line in raw.read_text(encoding="utf-8", errors="replace").splitlines():
            stack, _, count = line.rpartition(" ")
            if not stack or not count.isdigit():
                continue
            parts = stack.split(";")
            frames = [Frame.parse(p) for p in parts if not p.startswith(("process ", "thread "))]
            if not frames:
                continue
            n = int(count)
            category, sub, decider = classify(frames)
            profile.samples += n
            profile.by_category[category] += n
            profile.by_sub[category, sub] += n
            leaf = frames[-1]
            key = (leaf.function, leaf.path)
            profile.own[key] += n
            profile.own_context[key][category, str(decider) if decider and decider != leaf else ""] += n
            for ui in {(f.function, f.path) for f in frames if f.path.startswith("app:ui/")}:
                profile.ui_inclusive[ui] += n
        return profile

    def report(self, cpu_seconds: float | None = None, runs: int | None = None, top: int = 15) -> str:
        """The breakdown as text: categories, sub-categories, the top functions by own time."""
        total = max(self.samples, 1)
        lines = [f"  {self.samples} samples" + (f" for {cpu_seconds:.1f} s of server CPU" if cpu_seconds else "")]
        per_run = cpu_seconds * 1000 / runs if cpu_seconds and runs else None
        head = f"  {'category':<58} {'share':>6}" + (f" {'ms/run':>7}" if per_run else "")
        lines += ["", head]
        for category in CATEGORIES:
            share = self.by_category[category] / total
            extra = f" {share * per_run:7.0f}" if per_run else ""
            lines.append(f"  {category:<58} {share:6.1%}{extra}")
            subs = sorted(((n, s) for (c, s), n in self.by_sub.items() if c == category), reverse=True)
            for n, sub in subs:
                extra = f" {n / total * per_run:7.1f}" if per_run else ""
                lines.append(f"    {sub:<56} {n / total:6.1%}{extra}")
        lines += ["", f"  top {top} functions by own time (innermost frame):"]
        for (function, path), n in self.own.most_common(top):
            (category, caller), _ = self.own_context[function, path].most_common(1)[0]
            via = f"  <- {caller}" if caller else ""
            lines.append(f"  {n / total:6.1%}  {function} ({path.removeprefix('app:')})  [{category}]{via}")
        lines += ["", f"  top {top} ui/ functions by inclusive time (samples with the function on the stack):"]
        for (function, path), n in self.ui_inclusive.most_common(top):
            extra = f" {n / total * per_run:7.1f} ms/run" if per_run else ""
            lines.append(f"  {n / total:6.1%}{extra}  {function} ({path.removeprefix('app:')})")
        return "\n".join(lines)


# --- running the load under py-spy ----------------------------------------------------------------


class Spy:
    """`py-spy record` on a process (and its children unless `children` is False) until stop(): the raw
    profile is written when it gets SIGINT."""

    def __init__(self, pid: int, out: Path, rate: int, children: bool = True) -> None:
        self.out = out
        self._log = out.with_suffix(".log").open("w")
        command = ["py-spy", "record", "--pid", str(pid), "--format", "raw", "--output", str(out)]
        command += ["--rate", str(rate), "--gil", "--function", "--full-filenames"]
        command += ["--subprocesses"] if children else []
        self._proc = subprocess.Popen(command, stdout=self._log, stderr=subprocess.STDOUT)

    def stop(self) -> None:
        if self._proc.poll() is None:
            self._proc.send_signal(signal.SIGINT)
            try:
                self._proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._log.close()


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (5 min {five:.2f}) on {os.cpu_count()} cores"


@dataclass
class PhaseResult:
    """What one phase measured: CPU, runs, run times, memory peak, and the profile if one was taken."""

    name: str
    cpu: float
    wall: float
    stats: Stats
    peak: int
    profile: Profile | None

    @property
    def runs(self) -> int:
        return len(self.stats.all_runs())

    def per_run_ms(self) -> float:
        return self.cpu * 1000 / max(self.runs, 1)


async def phase(name: str, server: Server, spy_to: Path | None, rate: int, work) -> PhaseResult:
    """Run one phase of the load (`work(memory)` returns its Stats), measured and maybe profiled."""
    spy = Spy(server.pid, spy_to, rate) if spy_to else None
    if spy:
        await asyncio.sleep(1.0)  # py-spy attaching: not synchronisation with the app
    memory = MemoryWatch(server)
    memory.peak = memory.now()
    print(f"\n{name}  ({load_average()})")
    started, cpu = time.monotonic(), server.cpu()
    stats = await work(memory)
    used, wall = server.cpu() - cpu, time.monotonic() - started
    if spy:
        spy.stop()
    result = PhaseResult(name, used, wall, stats, memory.peak, Profile.read(spy_to) if spy else None)
    print(f"  took {wall:.0f} s; server CPU {used:.1f} s, {result.per_run_ms():.0f} ms per script run")
    report_runs(stats)
    print(f"  server memory peak {mb(memory.peak)}  ({load_average()})")
    return result


async def run_load(server: Server, args: argparse.Namespace, out: Path | None) -> list[PhaseResult]:
    """The load test's warm-up visit, then its concurrent phase and its open/close phase."""
    warm = Stats()
    await student_once(server.url, warm)
    if warm.errors:
        raise SystemExit("warm-up failed: " + "; ".join(warm.errors))
    await quiet(server)  # the server's own template warm-up (ui/server/warm.py) is not the load's CPU
    print(f"server {server.url} (pid {server.pid}); after the warm-up visit {mb(server.rss())}")
    if args.fixed:
        name = f"{args.fixed} students one after another, {args.actions} actions each (fixed work)"
        spy_to = out / "fixed.raw" if out else None
        work = lambda memory: fixed_work(server.url, args.fixed, args.actions, Stats())  # noqa: E731
        return [await phase(name, server, spy_to, args.rate, work)]
    ramp = min(5.0, args.seconds / 3)
    results = [
        await phase(
            f"{args.sessions} concurrent sessions for {args.seconds:.0f} s",
            server,
            out / "concurrent.raw" if out else None,
            args.rate,
            lambda memory: concurrent(server.url, args.sessions, args.seconds, ramp, memory),
        )
    ]
    if args.churn:
        results.append(
            await phase(
                f"{args.churn} sessions opened and closed one after another",
                server,
                out / "churn.raw" if out else None,
                args.rate,
                lambda memory: open_and_close(server.url, args.churn),
            )
        )
    return results


@dataclass
class Variant:
    """A checkout of the app, the script `streamlit run` starts and the environment it starts with."""

    name: str
    app_dir: Path
    env: dict[str, str]
    script: str = "streamlit_app.py"

    @classmethod
    def parse(cls, text: str, scratch: Path) -> Variant:
        """NAME=WHERE[@SCRIPT][:VAR=VALUE,...]; WHERE is a directory, or a git revision of this
        repository, exported (git archive) into `scratch`/NAME so the variant stays fixed while the
        tree changes; SCRIPT is what `streamlit run` starts (default streamlit_app.py)."""
        name, _, rest = text.partition("=")
        where, _, env = rest.partition(":")
        where, _, script = where.partition("@")
        pairs = dict(pair.split("=", 1) for pair in env.split(",") if pair)
        directory = Path(where or ".")
        if not directory.is_dir():
            directory = scratch / name
            directory.mkdir(parents=True, exist_ok=True)
            archive = subprocess.run(["git", "archive", where], cwd=ROOT, capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", str(directory)], input=archive, check=True)
        return cls(name, directory.resolve(), pairs, script or "streamlit_app.py")


def serve(variant: Variant) -> Server:
    """A fresh server of the variant: its directory and its environment on top of ours."""
    saved = {key: os.environ.get(key) for key in variant.env}
    os.environ.update(variant.env)
    try:
        return Server(variant.app_dir, variant.script)
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def profile_one(args: argparse.Namespace, variant: Variant) -> None:
    """Profile one server under the load and print the breakdown of each phase."""
    global APP_DIR
    APP_DIR = variant.app_dir
    out = None if args.no_spy else Path(args.out)
    if out:
        out.mkdir(parents=True, exist_ok=True)
    server = serve(variant)
    try:
        results = asyncio.run(run_load(server, args, out))
    finally:
        server.stop()
    for result in results:
        if result.profile:
            print(f"\nbreakdown: {result.name} (py-spy --gil, {args.rate} Hz; raw profile in {out})")
            print(result.profile.report(result.cpu, result.runs, args.top))


def compare(args: argparse.Namespace, variants: list[Variant]) -> None:
    """The same load on each variant in turn (A B ... then reversed with --rounds 2), side by side."""
    order = variants + (variants[::-1] if args.rounds == 2 else [])
    results: dict[str, list[list[PhaseResult]]] = collections.defaultdict(list)
    for i, variant in enumerate(order):
        global APP_DIR
        APP_DIR = variant.app_dir
        out = None if args.no_spy else Path(args.out) / f"{i}-{variant.name}"
        if out:
            out.mkdir(parents=True, exist_ok=True)
        print(f"\n=== variant {variant.name}: {variant.app_dir} {variant.script} {variant.env or ''}")
        server = serve(variant)
        try:
            results[variant.name].append(asyncio.run(run_load(server, args, out)))
        finally:
            server.stop()
        for result in results[variant.name][-1]:
            if result.profile:
                print(
                    f"\nbreakdown of {variant.name}: {result.name} (py-spy --gil, {args.rate} Hz; raw profile in {out})"
                )
                print(result.profile.report(result.cpu, result.runs, args.top))
    print("\n=== side by side (each variant's figures over its rounds; ratio to the first variant)")
    first = None
    for variant in variants:
        rounds = results[variant.name]
        row = summarise(rounds)
        first = first or row
        ratio = row["cpu_ms"] / first["cpu_ms"]
        print(
            f"  {variant.name:<14} first phase: {row['runs']:>4} runs, {row['cpu_ms']:5.0f} ms CPU/run (x{ratio:.2f}), "
            f"p50 {row['p50']:6.0f} ms, p95 {row['p95']:6.0f} ms, peak {mb(row['peak'])}"
            + (f"; churn {row['churn_ms']:4.0f} ms CPU/run" if row.get("churn_ms") else "")
        )
        for action, (p50, p95) in sorted(row["actions"].items()):
            print(f"      {action:<16} p50 {p50:6.0f} ms  p95 {p95:6.0f} ms")
    print(f"  ({load_average()})")


def summarise(rounds: list[list[PhaseResult]]) -> dict:
    """One variant's figures over its rounds: CPU per run, run-time percentiles, peak memory."""
    concurrent = [r[0] for r in rounds]
    times = [t for r in concurrent for t in r.stats.all_runs()]
    per_action = collections.defaultdict(list)
    for r in concurrent:
        for action, action_times in r.stats.runs.items():
            per_action[action] += action_times
    row = {
        "runs": len(times),
        "cpu_ms": sum(r.cpu for r in concurrent) * 1000 / max(len(times), 1),
        "p50": percentile(times, 50) * 1000,
        "p95": percentile(times, 95) * 1000,
        "peak": max(r.peak for r in concurrent),
        "actions": {a: (percentile(t, 50) * 1000, percentile(t, 95) * 1000) for a, t in per_action.items()},
    }
    churn = [r[1] for r in rounds if len(r) > 1]
    if churn:
        row["churn_ms"] = sum(r.cpu for r in churn) * 1000 / max(sum(r.runs for r in churn), 1)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=50, help="concurrent sessions (default 50)")
    parser.add_argument("--seconds", type=float, default=90.0, help="how long they run (default 90)")
    parser.add_argument(
        "--churn", type=int, default=100, help="sessions opened and closed in a row (default 100; 0: none)"
    )
    parser.add_argument("--rate", type=int, default=100, help="py-spy samples per second (default 100)")
    parser.add_argument("--top", type=int, default=15, help="functions listed by own time (default 15)")
    parser.add_argument("--out", default=str(ROOT / "artifacts" / "profile"), help="where the raw profiles go")
    parser.add_argument("--no-spy", action="store_true", help="measure only, no py-spy")
    parser.add_argument("--app-dir", default=str(ROOT), help="the checkout of the app to serve (default: this one)")
    parser.add_argument(
        "--variant", action="append", default=[], help="NAME=DIR-or-REV[@SCRIPT][:VAR=VALUE,...]; repeat to compare"
    )
    parser.add_argument("--rounds", type=int, choices=(1, 2), default=1, help="2: run the variants again in reverse")
    parser.add_argument("--read", type=Path, help="only print the breakdown of a recorded raw profile")
    parser.add_argument(
        "--fixed", type=int, default=0, help="instead of the two phases: this many students one after another"
    )
    parser.add_argument("--actions", type=int, default=8, help="server actions per student with --fixed (default 8)")
    args = parser.parse_args(argv)
    print(load_average())
    if args.read:
        global APP_DIR
        APP_DIR = Path(args.app_dir).resolve()
        print(Profile.read(args.read).report(top=args.top))
        return 0
    if args.variant:
        with tempfile.TemporaryDirectory(prefix="profile-variants-") as scratch:
            compare(args, [Variant.parse(v, Path(scratch)) for v in args.variant])
    else:
        profile_one(args, Variant("this", Path(args.app_dir).resolve(), {}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
