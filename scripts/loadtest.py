"""Load test: a class of students on one server, then sessions opened and closed one after another.
Nothing may break (zero errors) and nothing may leak (memory after the open/close run within 20% of
before it).

    python scripts/loadtest.py --quick     # CI: 10 sessions for 15 s, then 50 opened and closed
    python scripts/loadtest.py             # the issue's numbers: 50 sessions for 90 s, then 500
    python scripts/loadtest.py --url http://host:8501   # a server already running (no memory figures)
    python scripts/loadtest.py --replicas 2        # through nginx: scripts/serve.py's N replicas, each measured

It starts `streamlit run streamlit_app.py` itself on a free port, with the repository's
.streamlit/config.toml, and speaks to it exactly as the browser does: an HTTP GET of the page (and,
on a first visit, of the JavaScript and CSS it names), then Streamlit's websocket /_stcore/stream
with the protobufs that ship in the streamlit package (BackMsg `rerun_script` carrying the query
string, the page's script hash and widget states; ForwardMsg `new_session`, deltas, `page_info_changed`,
`script_finished`). Widget ids are read from the deltas by their keys, as the frontend learns them.

Each simulated student opens the app (a first visit: the page and its scripts), then until the time
is up acts after a think time of 2-6 s (weights in ACTIONS): edits the row (the text box and its Apply
button, a form submit; mostly short rows, some of hundreds of piles, a few of 5,000), sets the step
the explainer opens at, changes the language or code listing, visits another page and comes back,
reloads the tab (a new session from its URL), or steps and plays the animation. Stepping with the
chart's buttons and playing run in the browser (Vega signals and timers) and cost the server nothing
(tests/e2e/test_player.py checks that no message is sent), so they are simulated as watching.

An error is: an HTTP status other than 200, a websocket that fails or closes early, a run that does
not finish within 60 s or finishes other than successfully, an exception or st.error element, or a
warning (every row the students send is a good one). Reported: errors, script runs, p50/p95 time per
script run (from sending the BackMsg to receiving script_finished), the server's CPU time per run, and
its memory (RSS of the server process and its children, from /proc) before, at peak and after. Exit
status 1 on any error or a failed memory bound. Run times depend on what else the machine is doing:
the report starts with the load average.

With --replicas N the students go through nginx to N replicas, started as `python scripts/serve.py
--replicas N` starts them (scripts/serve.py's Topology). Each tab keeps nginx's route cookie, as a
browser does, so its websocket and later requests reach its replica. CPU and memory are those of the
replicas together (per script run, and the bound on memory), then of each replica and of nginx; the
sessions each replica got are counted from the cookie. Every replica gets its warm-up visit.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import os
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import websockets
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.serve import ROUTE_COOKIE, Topology  # noqa: E402 - nginx and N replicas, as serve.py starts them
from scripts.servers import NGINX_HINT, StreamlitServer, nginx_path  # noqa: E402 - shared with the browser tests
from stonegame.i18n import t  # noqa: E402

# Warnings a student is meant to see: reloading a tab whose typed row was too long for its link says
# the row could not come back (issue 14: told plainly, never silently the default row).
EXPECTED_WARNINGS = tuple(t("row_not_in_link", lang, n=0).split("（")[0].split("(")[0][:24] for lang in ("en", "zh"))

RUN_TIMEOUT = 60.0  # seconds a script run may take before it counts as an error
THINK = (2.0, 6.0)  # seconds a student looks at the page between two actions
MEMORY_BOUND = 1.20  # RSS after the open/close run may be at most this times RSS before it
W_ROW_TEXT, W_STEP, W_LANG, W_CODE = "explainer_row_text", "explainer_step", "w_lang", "w_code"  # ui/state.py
FINISHED = ForwardMsg.ScriptFinishedStatus


# --- the server -----------------------------------------------------------------------------------


class Server(StreamlitServer):
    """The browser tests' server (`streamlit run` on a free port, healthy before it returns), measured:
    the memory and CPU of its process and children, from /proc."""

    def __init__(self) -> None:
        super().__init__()
        self.url = f"http://127.0.0.1:{self.port}"  # the websocket clients connect by address

    def rss(self) -> int:
        """Resident memory in bytes of the server process and all its descendants."""
        return sum(_rss(pid) for pid in _tree(self._proc.pid))

    def cpu(self) -> float:
        """CPU seconds (user + system) the server process and its descendants have used so far."""
        return sum(_cpu(pid) for pid in _tree(self._proc.pid))


class Cluster:
    """serve.py's topology (N replicas behind nginx), measured like Server: rss() and cpu() are the
    replicas' together; parts() gives each replica's and nginx's."""

    def __init__(self, replicas: int) -> None:
        self.topology = Topology(replicas, port=0, host="127.0.0.1", say=lambda line: print(line, flush=True))
        self.topology.start()
        self.url = self.topology.url

    def _replica_pids(self) -> dict[str, list[int]]:
        return {r.name: _tree(r.pid) for r in self.topology.replicas}

    def rss(self) -> int:
        return sum(_rss(pid) for pids in self._replica_pids().values() for pid in pids)

    def cpu(self) -> float:
        return sum(_cpu(pid) for pids in self._replica_pids().values() for pid in pids)

    def parts(self) -> dict[str, tuple[float, int]]:
        """(CPU seconds so far, RSS bytes) of each replica by route name, and of nginx: its master and
        workers, and the workers a reload retired (reaped by the master, so in its children's time)."""
        trees = {**self._replica_pids(), "nginx": _tree(self.topology.nginx.pid)}
        parts = {name: (sum(_cpu(p) for p in pids), sum(_rss(p) for p in pids)) for name, pids in trees.items()}
        cpu, rss = parts["nginx"]
        parts["nginx"] = (cpu + _cpu(self.topology.nginx.pid, reaped=True), rss)
        return parts

    def routes(self) -> list[str]:
        return [r.name for r in self.topology.replicas]

    def stop(self) -> None:
        self.topology.stop()


def _tree(pid: int) -> list[int]:
    """pid and its descendants, from /proc/<pid>/task/*/children."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        for task in Path(f"/proc/{p}/task").glob("*"):
            with contextlib.suppress(OSError):  # a task may end while we look
                todo += [int(c) for c in (task / "children").read_text().split()]
    return found


def _cpu(pid: int, reaped: bool = False) -> float:
    """CPU seconds (user + system) of the process, or with `reaped` of its children it has waited for."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    first = 13 if reaped else 11  # utime, stime; cutime, cstime
    return (int(fields[first]) + int(fields[first + 1])) / os.sysconf("SC_CLK_TCK")


def _rss(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    return int(match.group(1)) * 1024 if match else 0


# --- one browser tab ------------------------------------------------------------------------------


@dataclass
class Stats:
    """What every session reports: run times per action, errors, bytes and the largest message."""

    runs: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    actions: dict[str, int] = field(default_factory=dict)
    http_bytes: int = 0
    ws_bytes: int = 0
    largest_message: int = 0
    routes: dict[str, int] = field(default_factory=dict)  # sessions opened per replica (nginx's cookie)

    def run(self, action: str, seconds: float) -> None:
        self.runs.setdefault(action, []).append(seconds)

    def did(self, action: str) -> None:
        self.actions[action] = self.actions.get(action, 0) + 1

    def all_runs(self) -> list[float]:
        return [s for times in self.runs.values() for s in times]


class AppError(Exception):
    """Something a student would see as broken."""


async def http_get(
    base: str, path: str, stats: Stats, cookies: dict[str, str] | None = None, decode: bool = False
) -> bytes:
    """GET base+path over a fresh HTTP/1.1 connection; the body (de-chunked and gunzipped with
    `decode`), or AppError for any status but 200. With `cookies`, the request carries them, and a
    route cookie nginx sets is stored there."""
    parts = urlsplit(base)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    cookie = f"Cookie: {cookie_header(cookies)}\r\n" if cookies else ""
    try:
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAccept-Encoding: gzip\r\n{cookie}"
            "User-Agent: loadtest\r\nConnection: close\r\n\r\n".encode()
        )
        await writer.drain()
        answer = await asyncio.wait_for(reader.read(), RUN_TIMEOUT)
    finally:
        writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    status = head.split(b" ", 2)[1:2]
    if status != [b"200"]:
        raise AppError(f"GET {path[:60]} answered {head[:40]!r}")
    stats.http_bytes += len(answer)
    if cookies is not None and (route := ROUTE_SET.search(head)):
        cookies[ROUTE_COOKIE] = route.group(1).decode()
    return decoded(head, body) if decode else body


def decoded(head: bytes, body: bytes) -> bytes:
    """The body as the page reads it: de-chunked and gunzipped if the headers say so (nginx compresses
    index.html on the fly; Streamlit itself sends it plain, with a length)."""
    if re.search(rb"^Transfer-Encoding: *chunked", head, re.M | re.I):
        plain, rest = b"", body
        while rest:
            size, _, rest = rest.partition(b"\r\n")
            length = int(size.split(b";")[0], 16)
            if length == 0:
                break
            plain, rest = plain + rest[:length], rest[length + 2 :]
        body = plain
    if re.search(rb"^Content-Encoding: *gzip", head, re.M | re.I):
        body = gzip.decompress(body)
    return body


ROUTE_SET = re.compile(rb"^Set-Cookie: " + ROUTE_COOKIE.encode() + rb"=([^;\r\n]+)", re.M | re.I)


def cookie_header(cookies: dict[str, str]) -> str:
    return "; ".join(f"{name}={value}" for name, value in cookies.items())


ASSET = re.compile(rb'(?:src|href)="\./(static/(?:js|css)/[^"]+)"')


class Tab:
    """One browser tab on the app: a page load, a websocket session, and script runs on request."""

    def __init__(self, base: str, stats: Stats, route: str | None = None) -> None:
        self.base, self.stats = base, stats
        self.cookies = {ROUTE_COOKIE: route} if route else {}  # a browser's cookies: only nginx's route
        self.ws: websockets.ClientConnection | None = None
        self.query = ""  # the address bar's query string, as the app last wrote it
        self.pages: dict[str, str] = {}  # url path ("" for the main page) -> page script hash, from `navigation`
        self.page = ""  # the current page's script hash
        self.widgets: dict[str, object] = {}  # widget key -> its element proto, from the last run
        self.submit_id = ""  # the row form's Apply button

    async def open(self, query: str = "", first_visit: bool = False) -> None:
        """Load the page as a browser does, connect the websocket and run the script once."""
        html = await http_get(self.base, f"/?{query}" if query else "/", self.stats, self.cookies, decode=True)
        if first_visit:  # what the browser fetches before it can open the websocket
            for asset in dict.fromkeys(ASSET.findall(html)):
                await http_get(self.base, "/" + asset.decode(), self.stats, self.cookies)
        for probe in ("/_stcore/health", "/_stcore/host-config"):
            await http_get(self.base, probe, self.stats, self.cookies)
        ws_url = self.base.replace("http", "ws", 1) + "/_stcore/stream"
        self.ws = await websockets.connect(
            ws_url,
            subprotocols=["streamlit"],
            origin=self.base,
            max_size=None,
            open_timeout=RUN_TIMEOUT,
            additional_headers={"Cookie": cookie_header(self.cookies)} if self.cookies else None,
        )
        route = self.cookies.get(ROUTE_COOKIE, "")
        self.stats.routes[route] = self.stats.routes.get(route, 0) + 1
        self.query, self.page = query, ""
        await self.rerun("load")

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def rerun(self, action: str, widgets: list | None = None, page: str | None = None) -> None:
        """Send a rerun_script BackMsg and read ForwardMsgs until the run finishes."""
        state = ClientState(query_string=self.query, page_script_hash=self.page if page is None else page)
        state.context_info.url = f"{self.base}/?{self.query}" if self.query else f"{self.base}/"
        state.context_info.timezone = "Europe/Berlin"
        state.context_info.locale = "en-US"
        for widget in widgets or []:
            state.widget_states.widgets.append(widget)
        msg = BackMsg()
        msg.rerun_script.CopyFrom(state)
        self.widgets = {}
        started = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), RUN_TIMEOUT)
            self.stats.ws_bytes += len(raw)
            self.stats.largest_message = max(self.stats.largest_message, len(raw))
            fm = ForwardMsg()
            fm.ParseFromString(raw)
            kind = fm.WhichOneof("type")
            if kind == "new_session":
                self.page = fm.new_session.page_script_hash
            elif kind == "navigation":  # the page list (pages/ is an implicit st.navigation in 1.67)
                self.pages = {p.url_pathname: p.page_script_hash for p in fm.navigation.app_pages}
                self.page = fm.navigation.page_script_hash or self.page
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                self._element(fm.delta.new_element)
            elif kind == "page_info_changed":
                self.query = fm.page_info_changed.query_string
            elif kind == "page_not_found":
                raise AppError(f"page not found: {fm.page_not_found.page_name}")
            elif kind == "session_event" and fm.session_event.WhichOneof("type") == "script_compilation_exception":
                raise AppError("the script did not compile")
            elif kind == "script_finished":
                if fm.script_finished != FINISHED.FINISHED_SUCCESSFULLY:
                    raise AppError(f"script finished with {FINISHED.Name(fm.script_finished)}")
                self.stats.run(action, time.perf_counter() - started)
                return

    def _element(self, element) -> None:
        kind = element.WhichOneof("type")
        if kind == "exception":
            raise AppError(f"exception on the page: {element.exception.type}: {element.exception.message[:200]}")
        expected = element.alert.body.startswith(EXPECTED_WARNINGS) if kind == "alert" else False
        if kind == "alert" and element.alert.format in (Alert.ERROR, Alert.WARNING) and not expected:
            raise AppError(f"{Alert.Format.Name(element.alert.format)} on the page: {element.alert.body[:200]}")
        proto = getattr(element, kind, None)
        widget_id = getattr(proto, "id", "")
        if not widget_id.startswith("$$ID"):
            return
        if kind == "button" and proto.is_form_submitter:
            self.submit_id = widget_id
        key = widget_id.split("-", 2)[-1]
        self.widgets[key] = proto

    # --- what a student does ---

    async def edit_row(self, rng: random.Random) -> None:
        """Type a new row into the text box and press Apply (a form submit: the text and the trigger)."""
        if W_ROW_TEXT not in self.widgets:
            await self.go_home()
        n = rng.choice([rng.randint(1, 12)] * 3 + [rng.randint(13, 400)] * 2 + [5000])
        text = "[" + ",".join(str(rng.randint(-1000, 1000)) for _ in range(n)) + "]"
        text_box = _widget(self.widgets[W_ROW_TEXT].id, string_value=text)
        apply = _widget(self.submit_id, trigger_value=True)
        await self.rerun("edit row", [text_box, apply])

    async def pick_start_step(self, rng: random.Random) -> None:
        """Set the step the explainer opens at (the number input beside the row). The stage steps in the
        browser and has no such input: there, a setting change instead (a server run of the explainer)."""
        if W_STEP not in self.widgets:
            await self.go_home()
        if W_STEP not in self.widgets:
            await self.change_setting(rng)
            return
        box = self.widgets[W_STEP]
        await self.rerun("start step", [_widget(box.id, double_value=rng.randint(0, int(box.max)))])

    async def act(self, action: str, rng: random.Random) -> None:
        """One of ACTIONS that runs the script on the server (not a CLIENT_SIDE one)."""
        if action == "edit row":
            await self.edit_row(rng)
        elif action == "start step":
            await self.pick_start_step(rng)
        elif action == "setting":
            await self.change_setting(rng)
        elif action == "other page":
            await self.visit_page(rng)
        else:
            await self.reload()

    async def change_setting(self, rng: random.Random) -> None:
        """Pick another language or code listing in the sidebar (a radio)."""
        radio = self.widgets[rng.choice([W_LANG, W_CODE])]
        await self.rerun("setting", [_widget(radio.id, string_value=rng.choice(list(radio.options)))])

    async def visit_page(self, rng: random.Random) -> None:
        """Open another page (a sidebar link) and come back to the explainer."""
        path = rng.choice(sorted(p for p in self.pages if p))
        await self.rerun(f"page {path}", page=self.pages[path])
        await self.go_home()

    async def go_home(self) -> None:
        await self.rerun("explainer page", page=self.pages[""])

    async def reload(self) -> None:
        """Reload the tab: a new page load and a new session from the address bar's URL."""
        query = self.query
        await self.close()
        await self.open(query)


def _widget(widget_id: str, **value) -> WidgetState:
    """A widget's new state, as the frontend sends it: its id and one typed value."""
    return WidgetState(id=widget_id, **value)


# What a student does, and how often. Stepping with the chart's own buttons and playing run in the
# browser (Vega signals and timers): no message reaches the server, so they are time spent watching.
ACTIONS = {
    "edit row": 4,  # type a row and press Apply
    "start step": 2,  # the number input: the step the explainer opens at
    "step in chart": 8,  # ◀ ▶ ⏮ ⏭ and the slider: in the browser
    "play": 6,  # ▶: in the browser
    "setting": 2,  # language or code listing
    "other page": 2,  # a sidebar link, and back
    "reload": 1,  # the browser's reload: a new session from the URL
}
CLIENT_SIDE = {"step in chart": (1, 3), "play": (3, 8)}  # seconds spent watching


async def student(base: str, deadline: float, seed: int, stats: Stats) -> None:
    """One student until the deadline: open the app, then act and think, act and think."""
    rng = random.Random(seed)
    tab = Tab(base, stats)
    try:
        await tab.open(first_visit=True)
        while time.monotonic() + THINK[1] < deadline:
            await asyncio.sleep(rng.uniform(*THINK))  # a person reading the page
            action = rng.choices(list(ACTIONS), list(ACTIONS.values()))[0]
            stats.did(action)
            if action in CLIENT_SIDE:
                await asyncio.sleep(rng.uniform(*CLIENT_SIDE[action]))  # no traffic: the browser draws it
            else:
                await tab.act(action, rng)
    except (AppError, OSError, TimeoutError, KeyError, websockets.WebSocketException) as err:
        stats.errors.append(f"student {seed}: {type(err).__name__}: {err}")
    finally:
        await tab.close()


# --- the phases -----------------------------------------------------------------------------------


class MemoryWatch:
    """Samples the server's RSS every quarter second while a phase runs; keeps the peak (and, for a
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
            await asyncio.sleep(0.25)  # a sampling period, not synchronisation


async def concurrent(base: str, sessions: int, seconds: float, ramp: float, memory: MemoryWatch) -> Stats:
    """`sessions` students at once for `seconds`, arriving over `ramp` seconds."""
    stats = Stats()
    deadline = time.monotonic() + seconds
    sampler = asyncio.create_task(memory.watch())

    async def arrive(i: int) -> None:
        await asyncio.sleep(ramp * i / sessions)
        await student(base, deadline, i, stats)

    await asyncio.gather(*(arrive(i) for i in range(sessions)))
    sampler.cancel()
    return stats


CHURN_ROWS = 40  # distinct rows the open/close sessions link to, at step 0 or 1: 80 links, more than the
# 64 charts the cache keeps, so it evicts while most visits still hit it


async def open_and_close(base: str, count: int) -> Stats:
    """`count` sessions one after another: load a link to one of CHURN_ROWS rows, run once, close."""
    stats, rng = Stats(), random.Random(1406)
    rows = [",".join(str(rng.randint(-9, 9)) for _ in range(rng.randint(1, 12))) for _ in range(CHURN_ROWS)]
    for i in range(count):
        tab = Tab(base, stats)
        try:
            await tab.open(urlencode({"values": rng.choice(rows), "step": rng.randint(0, 1)}))
        except (AppError, OSError, TimeoutError, KeyError, websockets.WebSocketException) as err:
            stats.errors.append(f"session {i}: {type(err).__name__}: {err}")
        finally:
            await tab.close()
    return stats


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def mb(size: int) -> str:
    return f"{size / 2**20:.1f} MB"


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def report_runs(stats: Stats) -> None:
    times = stats.all_runs()
    if not times:
        print("  no script runs")
        return
    print(f"  script runs: {len(times)}; p50 {ms(percentile(times, 50))}, p95 {ms(percentile(times, 95))}")
    for action, action_times in sorted(stats.runs.items()):
        p50, p95 = percentile(action_times, 50), percentile(action_times, 95)
        print(f"    {action:<15} {len(action_times):>5} runs   p50 {ms(p50):>8}   p95 {ms(p95):>8}")
    if stats.actions:
        print("  actions: " + ", ".join(f"{a} {n}" for a, n in sorted(stats.actions.items())))
    print(
        f"  traffic: HTTP {mb(stats.http_bytes)}, websocket {mb(stats.ws_bytes)}, "
        f"largest message {stats.largest_message / 1000:.0f} KB"
    )
    print(f"  errors: {len(stats.errors)}")
    for error in stats.errors[:20]:
        print("    " + error)


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


async def quiet(server: Server | Cluster, limit: float = 120.0) -> None:
    """Wait until the server is idle (under 5 % of a core over half a second; at most `limit` seconds):
    a fresh server makes its chart templates in the background (ui/server/warm.py), which is not the class's
    CPU and must not be counted in it."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        before = server.cpu()
        await asyncio.sleep(0.5)  # a sampling period
        if server.cpu() - before < 0.025:
            return


async def settle(memory: MemoryWatch, seconds: float) -> int:
    """RSS after the sessions have gone: the last of the samples over a short settling period."""
    end = time.monotonic() + seconds
    rss = memory.now()
    while time.monotonic() < end:
        await asyncio.sleep(0.25)  # sampling, not synchronisation
        rss = memory.now()
    return rss


async def main_async(args: argparse.Namespace, server: Server | Cluster | None, base: str) -> int:
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
    print(f"server: {base}  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
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
    started, cpu, parts = time.monotonic(), server.cpu() if server else 0.0, cpu_parts(server)
    stats = await concurrent(base, args.sessions, args.seconds, min(5.0, args.seconds / 3), memory)
    report_cpu(server, cpu, started, stats)
    report_runs(stats)
    report_parts(server, parts, stats, memory)
    after = await settle(memory, 3)
    if server:
        print(f"  server memory: before {mb(before)}, peak {mb(memory.peak)}, after the sessions closed {mb(after)}")
    failed |= bool(stats.errors)

    print(f"\n{args.churn} sessions opened and closed one after another:")
    memory.part_peaks = {}
    start_rss = memory.now()
    started, cpu, parts = time.monotonic(), server.cpu() if server else 0.0, cpu_parts(server)
    churn = await open_and_close(base, args.churn)
    report_cpu(server, cpu, started, churn)
    report_runs(churn)
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


def print_tracebacks(server: Server | Cluster) -> None:
    """The tracebacks in the server's log (each replica's), the last three of each: a page's exception
    is redacted for the student, so its cause is only there."""
    logs = {r.name: r.log() for r in server.topology.replicas} if isinstance(server, Cluster) else {"": server.log()}
    for name, log in logs.items():
        found = re.findall(r"Traceback \(most recent call last\):\n(?:[ \t].*\n)+\S.*", log)
        for trace in found[-3:]:
            print(f"\ntraceback in the server log{' of ' + name if name else ''}:\n{trace}")


async def student_once(base: str, stats: Stats, route: str | None = None) -> None:
    """A single visit through every kind of script run: load, edit, step, language, every page (to
    the replica `route` names, through nginx)."""
    tab = Tab(base, stats, route)
    rng = random.Random(0)
    try:
        await tab.open(first_visit=True)
        await tab.edit_row(rng)
        await tab.pick_start_step(rng)
        await tab.change_setting(rng)
        for path in sorted(p for p in tab.pages if p):
            await tab.rerun(f"page {path}", page=tab.pages[path])
        await tab.go_home()
    except (AppError, OSError, TimeoutError, KeyError, websockets.WebSocketException) as err:
        stats.errors.append(f"warm-up: {type(err).__name__}: {err}")
    finally:
        await tab.close()


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
    server = None if args.url else Cluster(args.replicas) if args.replicas else Server()
    try:
        return asyncio.run(main_async(args, server, args.url.rstrip("/") if args.url else server.url))
    finally:
        if server:
            server.stop()


if __name__ == "__main__":
    sys.exit(main())
