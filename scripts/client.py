"""A browser on the app, as the scripts drive it: HTTP page fetches, and a Tab speaking Streamlit's
websocket /_stcore/stream with the protobufs that ship in the streamlit package (BackMsg
`rerun_script` carrying the query string, the page's script hash and widget states; ForwardMsg
`new_session`, deltas, `navigation`, `page_info_changed`, `script_finished`). Widget ids are read from
the deltas by their keys (ui/state.py's names), as the frontend learns them. Stats is what the tabs
of one phase report.
"""

from __future__ import annotations

import asyncio
import gzip
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import websockets
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from scripts.topology import ROUTE_COOKIE  # noqa: E402 - nginx's cookie naming a browser's replica
from stonegame.i18n import t  # noqa: E402
from ui.state import W_CLASS_JOIN  # noqa: E402

JOIN_FORMS = W_CLASS_JOIN.split("{")[0]  # the class's join boxes: a form a simulated student never submits

RUN_TIMEOUT = 60.0  # seconds a script run may take before it counts as an error
FINISHED = ForwardMsg.ScriptFinishedStatus
# Warnings a student is meant to see: reloading a tab whose typed row was too long for its link says
# the row could not come back (issue 14: told plainly, never silently the default row).
EXPECTED_WARNINGS = tuple(t("row_not_in_link", lang, n=0).split("（")[0].split("(")[0][:24] for lang in ("en", "zh"))


class AppError(Exception):
    """Something a student would see as broken."""


ERRORS = (AppError, OSError, TimeoutError, KeyError, websockets.WebSocketException)  # a session that broke


# --- what the tabs report -------------------------------------------------------------------------


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


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def mb(size: int) -> str:
    return f"{size / 2**20:.1f} MB"


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def report_runs(stats: Stats) -> None:
    """Print the runs (p50/p95 overall and per action), the actions, the traffic and the errors."""
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


# --- HTTP -----------------------------------------------------------------------------------------


async def fetch(base: str, path: str, headers: str = "") -> bytes:
    """The raw answer (head and body) to a GET of base+path over a fresh HTTP/1.1 connection;
    `headers` are more request header lines, each ending in CRLF."""
    parts = urlsplit(base)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\n{headers}Connection: close\r\n\r\n".encode())
        await writer.drain()
        return await reader.read()
    finally:
        writer.close()


async def http_get(
    base: str, path: str, stats: Stats, cookies: dict[str, str] | None = None, decode: bool = False
) -> bytes:
    """GET base+path as the browser does; the body (de-chunked and gunzipped with `decode`), or
    AppError for any status but 200. With `cookies`, the request carries them, and a route cookie
    nginx sets is stored there."""
    cookie = f"Cookie: {cookie_header(cookies)}\r\n" if cookies else ""
    headers = f"Accept-Encoding: gzip\r\n{cookie}User-Agent: loadtest\r\n"
    answer = await asyncio.wait_for(fetch(base, path, headers), RUN_TIMEOUT)
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


# --- one browser tab ------------------------------------------------------------------------------


class Tab:
    """One browser tab on the app: a page load, a websocket session, and script runs on request.
    An exception, an error or an unexpected warning on the page is an AppError (_element)."""

    ping_timeout: float | None = 20.0  # websockets' own: a server silent this long is dropped

    def __init__(self, base: str, stats: Stats, route: str | None = None) -> None:
        self.base, self.stats = base, stats
        self.cookies = {ROUTE_COOKIE: route} if route else {}  # a browser's cookies: only nginx's route
        self.ws: websockets.ClientConnection | None = None
        self.query = ""  # the address bar's query string, as the app last wrote it
        self.pages: dict[str, str] = {}  # url path ("" for the main page) -> page script hash, from `navigation`
        self.page = ""  # the current page's script hash
        self.widgets: dict[str, object] = {}  # widget key -> its element proto, from the last run
        self.submit_id = ""  # the submit button of the form on the page (the row's Apply)

    async def open(self, query: str = "", first_visit: bool = False) -> None:
        """Load the page as a browser does, connect the websocket and run the script once."""
        html = await http_get(self.base, f"/?{query}" if query else "/", self.stats, self.cookies, decode=True)
        if first_visit:  # what the browser fetches before it can open the websocket
            for asset in dict.fromkeys(ASSET.findall(html)):
                await http_get(self.base, "/" + asset.decode(), self.stats, self.cookies)
        for probe in ("/_stcore/health", "/_stcore/host-config"):
            await http_get(self.base, probe, self.stats, self.cookies)
        self.ws = await websockets.connect(
            self.base.replace("http", "ws", 1) + "/_stcore/stream",
            subprotocols=["streamlit"],
            origin=self.base,
            max_size=None,
            open_timeout=RUN_TIMEOUT,
            ping_timeout=self.ping_timeout,
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

    async def open_page(self, path: str, query: str) -> None:
        """Open the app with this query string, then switch to the page at this url path."""
        await self.open(query)
        await self.rerun(f"page {path}", page=self.pages[path])

    # --- what the tab sends ---

    def rerun_message(self, widgets: list[WidgetState] | None = None, page: str | None = None) -> BackMsg:
        """The rerun_script BackMsg the frontend sends: the address bar, the page's script hash (this
        one, or `page`), the browser's context, these widget states."""
        state = ClientState(query_string=self.query, page_script_hash=self.page if page is None else page)
        state.context_info.url = f"{self.base}/?{self.query}" if self.query else f"{self.base}/"
        state.context_info.timezone = "Europe/Berlin"
        state.context_info.locale = "en-US"
        state.widget_states.widgets.extend(widgets or [])
        msg = BackMsg()
        msg.rerun_script.CopyFrom(state)
        return msg

    async def send(self, msg: BackMsg) -> None:
        await self.ws.send(msg.SerializeToString())

    def input(self, key: str, **value: object) -> WidgetState:
        """The widget state the widget drawn with this key sends holding one typed value."""
        return WidgetState(id=self.widgets[key].id, **value)

    def click(self, key: str) -> WidgetState:
        """The widget state a click on the button with this key sends."""
        return self.input(key, trigger_value=True)

    def submit(self) -> WidgetState:
        """The widget state the page's form's submit button sends."""
        return WidgetState(id=self.submit_id, trigger_value=True)

    async def rerun(self, action: str, widgets: list[WidgetState] | None = None, page: str | None = None) -> None:
        """Send a rerun and read until the run finishes; its time goes to stats under `action`. A run
        the script itself cut short to run again (st.rerun) is read on past, as the frontend does."""
        self._page_cleared()
        started = time.perf_counter()
        await self.send(self.rerun_message(widgets, page))
        while True:
            fm = await self.receive()
            if fm.WhichOneof("type") != "script_finished":
                continue
            if fm.script_finished == FINISHED.FINISHED_EARLY_FOR_RERUN:
                self._page_cleared()
                continue
            if fm.script_finished != FINISHED.FINISHED_SUCCESSFULLY:
                raise AppError(f"script finished with {FINISHED.Name(fm.script_finished)}")
            self.stats.run(action, time.perf_counter() - started)
            return

    # --- what the tab reads ---

    async def receive(self, timeout: float = RUN_TIMEOUT) -> ForwardMsg:
        """The next ForwardMsg, counted in stats, with what it tells the tab taken in: the page and the
        page list, the address bar, each element drawn (_element); a missing page or a script that
        does not compile is an AppError."""
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
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
        elif kind == "delta" and fm.delta.WhichOneof("type") == "add_block":
            self._block(fm.delta.add_block)
        elif kind == "page_info_changed":
            self.query = fm.page_info_changed.query_string
        elif kind == "page_not_found":
            raise AppError(f"page not found: {fm.page_not_found.page_name}")
        elif kind == "session_event" and fm.session_event.WhichOneof("type") == "script_compilation_exception":
            raise AppError("the script did not compile")
        return fm

    def _page_cleared(self) -> None:
        """A new run draws the page again: forget what the last one drew."""
        self.widgets = {}

    def _block(self, block) -> None:
        """A popover or expander that reruns the page when it opens or shuts is a widget (its state: open)."""
        kind = block.WhichOneof("type")
        proto = getattr(block, kind, None) if kind in ("popover", "expandable") else None
        widget_id = getattr(proto, "id", "")
        if widget_id.startswith("$$ID"):
            self.widgets[widget_id.split("-", 2)[-1]] = proto

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
        if kind == "button" and proto.is_form_submitter and not proto.form_id.startswith(JOIN_FORMS):  # not a join box
            self.submit_id = widget_id
        key = widget_id.split("-", 2)[-1]
        self.widgets[key] = proto
