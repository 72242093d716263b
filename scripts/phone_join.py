"""How long a phone takes to be in the class, and what it downloads: the lecture hall's phone benchmark.

    python scripts/phone_join.py                  # 10 fresh contexts per figure, the app behind nginx
    python scripts/phone_join.py --quick          # 2 contexts per figure (the test's run)
    python scripts/phone_join.py --page light     # the join link opens the light student page instead
    python scripts/phone_join.py --page form      # the code typed in the light join form at /join
    python scripts/phone_join.py --page slash     # the code typed in the join box of `/`'s own HTML

Starts the app as `scripts/serve.py` does (scripts/topology.py's Topology: --replicas replicas of
`streamlit run streamlit_app.py` behind nginx, on free ports, the class room in a fresh SQLite folder),
makes a class as a teacher's page does (POST /classroom/rooms with ROW at STEP, through nginx), and drives
Debian's Chromium (Playwright, executable_path; never `playwright install`) at 390×844. For each figure
it opens `--contexts` fresh browser contexts, one after another, and times, on this process's clock, from
the start of the navigation to the class stage drawn at the teacher's step:

    link     opening the join link with its join token (the QR code's: `/?class=CODE&join=TOKEN`, or the
             light page's `/classroom/join/CODE?join=TOKEN` with --page light)
    typed    opening `/`, "Join a class", typing the code and Enter (the full app's way, with --page light too:
             its line then says "app"); the app sends the tab on to the light student page, which joins
    enter    of the same runs, from pressing Enter to the stage drawn (what typing the code costs once `/` is
             on screen: the check of the code, the light page and its join)
    form     with --page form instead of the two above: opening the light join form at `/join` (routes.SHORT),
             typing the code in its box and Enter; the form checks the code and sends the tab on to the light
             page, which joins. Its `enter` line is from Enter as above, its `visit` line this whole way
    slash    with --page slash instead: opening `/`, typing the code in the join box its HTML carries until
             the app draws (ui/server/card.py quick_join) as soon as it shows, and Enter: the box asks the light
             join form, which answers with the light page. Its `enter` and `visit` lines as for form

"The class stage drawn at the teacher's step" is one DOM signal on either page: an element
`[data-testid=stage][data-ready=true][data-frame=STEP]` (the full app's stage, in its open shadow root,
sets data-ready once its Vega view has drawn and mirrors its frame in data-frame; the light page's sets
both once the step's SVG is in the page).

Each figure is measured throttled (CDP `Emulation.setCPUThrottlingRate` 4 and
`Network.emulateNetworkConditions`: 150 ms latency, 1.6 Mbit/s down = 200,000 bytes/s, 750 kbit/s up =
93,750 bytes/s) and unthrottled, and printed as its median and p90. For the link it also counts what
the first visit downloads until the signal (the sum of CDP `Network.loadingFinished` encodedDataLength,
the bytes on the wire with headers, plus the bytes of websocket frames received, and the requests
sent, a websocket counted as one) and then what a second visit in the same context (from its cache)
downloads the same way. Prints one line per figure, e.g.

    link  (app via nginx, 2 replicas): throttled median 14.33 s p90 16.33 s | unthrottled median ... | 10 contexts
    typed (app via nginx, 2 replicas): throttled median ...
    enter (app via nginx, 2 replicas): throttled median ...
    visit (app via nginx, 2 replicas): first 1685.6 KB (websocket 90.0 KB) in 111 requests | second from cache ...
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from scripts.meter import cpu, tree  # noqa: E402
from scripts.topology import Topology  # noqa: E402

ROW = [5, -3, 8, 2, -1, 7, 4, -6]
STEP = 12
PHONE = {"width": 390, "height": 844}
CHROMIUM = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
SLOW_NETWORK = {
    "offline": False,
    "latency": 150,  # ms
    "downloadThroughput": 200_000,  # bytes/s: 1.6 Mbit/s
    "uploadThroughput": 93_750,  # bytes/s: 750 kbit/s
}
CPU_RATE = 4
WARM_LIMIT = 240.0  # seconds the replicas may take to finish their warm-up before the phones come
PREPARED_LIMIT = 60.0  # seconds the class's first picture may take to be made before the phones come
TIMEOUT_MS = 90_000  # a throttled full app takes many seconds; a minute and a half is a failure
BOX_GONE_MS = 1_000  # how long typing in `/`'s join box may wait: past it, the app drew over the box


def drawn(step: int = STEP) -> str:
    """The DOM signal "the class stage is drawn at the teacher's step", the same on both pages."""
    return f"[data-testid=stage][data-ready=true][data-frame='{step}']"


@dataclass
class Wire:
    """What one page downloaded, read from its CDP Network events: bytes of finished responses, bytes of
    websocket frames received, and requests sent (a websocket counted once)."""

    bytes: int = 0
    socket: int = 0  # of `bytes`, those of websocket frames
    requests: int = 0
    seen: set[str] = field(default_factory=set)

    def attach(self, cdp: Any) -> None:
        """Count from now on."""
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.webSocketCreated", self._socket)
        cdp.on("Network.webSocketFrameReceived", self._frame)

    def _sent(self, event: dict[str, Any]) -> None:
        url = event.get("request", {}).get("url", "")
        if url.startswith("data:") or event["requestId"] in self.seen:  # a redirect keeps its id
            return
        self.seen.add(event["requestId"])
        self.requests += 1

    def _finished(self, event: dict[str, Any]) -> None:
        self.bytes += int(event.get("encodedDataLength") or 0)

    def _socket(self, _event: dict[str, Any]) -> None:
        self.requests += 1

    def _frame(self, event: dict[str, Any]) -> None:
        size = len(event.get("response", {}).get("payloadData", "").encode())
        self.bytes, self.socket = self.bytes + size, self.socket + size

    def said(self) -> str:
        """`X KB (websocket Y KB) in N requests` so far."""
        return f"{self.bytes / 1000:.1f} KB (websocket {self.socket / 1000:.1f} KB) in {self.requests} requests"


@dataclass(frozen=True)
class Class:
    """The class made for the run: where phones reach it, its code, its join token and which page the
    link opens."""

    url: str
    code: str
    token: str
    page: str

    def link(self) -> str:
        """The join link with its token, as the QR code carries it (the light page's with --page light)."""
        if self.page == "light":
            return f"{self.url}/classroom/join/{self.code}?join={self.token}"
        return f"{self.url}/?class={self.code}&join={self.token}"


def start_class(url: str, page: str) -> Class:
    """A class on ROW held at STEP, made as the teacher's page makes it (POST /classroom/rooms)."""
    body = json.dumps({"values": ROW, "step": STEP}).encode()
    request = urllib.request.Request(
        f"{url}/classroom/rooms", data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        made = json.load(answer)
    return Class(url, made["code"], made["room"]["join"], page)


def prepared(room: Class, limit: float = PREPARED_LIMIT) -> float:
    """Wait until the class's picture at its step is made (its shared URL answers 200 through nginx), as a
    teacher opens the class before the phones come: on a server just started, the class's first picture waits
    for a render worker to start (a phone that came at once waited 4.2-5.4 s for it, throttled). The seconds it
    took; RuntimeError past `limit`."""
    start = time.monotonic()
    with urllib.request.urlopen(f"{room.url}/classroom/rooms/{room.code}", timeout=30) as answer:
        stage = json.load(answer)["stage"]
    picture = f"{room.url}/classroom/rooms/{room.code}/pictures/{stage['picture']}/en/py/{stage['step']}.svg"
    while True:
        try:
            with urllib.request.urlopen(picture, timeout=30) as answer:
                if answer.status == 200:
                    return time.monotonic() - start
        except urllib.error.HTTPError as error:
            if error.code != 503:  # 503: not made yet
                raise
        if time.monotonic() - start > limit:
            raise RuntimeError(f"the class's picture was not made within {limit:g} s: {picture}")
        time.sleep(0.1)  # polling the picture until it is made


def throttle(page: Page, cdp: Any, slow: bool) -> None:
    """Throttle the page's CPU 4× and its network to SLOW_NETWORK (when `slow`)."""
    cdp.send("Network.enable")
    if slow:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_RATE})
        cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK)


def by_link(page: Page, room: Class) -> None:
    """Open the join link and wait for the stage drawn at the teacher's step (no mark: None)."""
    page.goto(room.link(), wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_selector(drawn(), state="attached", timeout=TIMEOUT_MS)


def by_form(page: Page, room: Class) -> float:
    """Open the light join form at `/join`, type the code in its box and press Enter, and wait for the stage
    at the teacher's step (the light page's, where the form sends the tab). The mark: when Enter was pressed."""
    page.goto(f"{room.url}/join", wait_until="commit", timeout=TIMEOUT_MS)
    box = page.get_by_role("textbox", name="Type the class code")
    box.fill(room.code, timeout=TIMEOUT_MS)
    entered = time.perf_counter()
    box.press("Enter")
    page.wait_for_selector(drawn(), state="attached", timeout=TIMEOUT_MS)
    return entered


def by_slash(page: Page, room: Class) -> float:
    """Open `/`, type the code in the join box of its own HTML as soon as it shows (the app's bundle still on its
    way) and press Enter, and wait for the stage at the teacher's step (the light page's, where the light join form
    sends the tab). The mark: when Enter was pressed."""
    page.goto(f"{room.url}/", wait_until="commit", timeout=TIMEOUT_MS)
    box = page.get_by_test_id("quick-join").get_by_role("textbox")
    box.or_(page.locator("[data-testid=stage][data-ready=true]")).first.wait_for(timeout=TIMEOUT_MS)
    try:
        box.fill(room.code, timeout=BOX_GONE_MS)
    except PlaywrightTimeout:  # the app drew first (a fast phone never sees the box): its own box, as by_typing
        return by_typing(page, room, opened=True)
    entered = time.perf_counter()
    box.press("Enter")
    page.wait_for_selector(drawn(), state="attached", timeout=TIMEOUT_MS)
    return entered


def by_typing(page: Page, room: Class, opened: bool = False) -> float:
    """Open `/`, wait for its stage (a person sees the page before they tap), open "Join a class", type the
    code, press Enter, and wait for the stage at the teacher's step (the light page's, where the app sends
    the tab). The mark: when Enter was pressed (time.perf_counter)."""
    if not opened:
        page.goto(f"{room.url}/", wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_selector("[data-testid=stage][data-ready=true]", state="attached", timeout=TIMEOUT_MS)
    box = page.get_by_test_id("stPopoverBody").get_by_role("textbox", name="Join code")
    join = page.get_by_test_id("stMain").get_by_role("button", name="Join a class")
    while not box.is_visible():  # a click while the first run still redraws the page may be lost: click again
        join.click(timeout=TIMEOUT_MS)
        with contextlib.suppress(PlaywrightTimeout):
            box.wait_for(state="visible", timeout=5_000)
    box.fill(room.code, timeout=TIMEOUT_MS)
    entered = time.perf_counter()
    box.press("Enter")
    page.wait_for_selector(drawn(), state="attached", timeout=TIMEOUT_MS)
    return entered


@contextmanager
def phone(browser: Browser, slow: bool) -> Iterator[tuple[BrowserContext, Page, Wire]]:
    """A fresh 390×844 context and page, throttled when `slow`, its downloads counted."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        wire = Wire()
        wire.attach(cdp)
        throttle(page, cdp, slow)
        yield context, page, wire
    finally:
        context.close()


def timed(browser: Browser, room: Class, way: Callable[[Page, Class], float | None], slow: bool) -> tuple[float, float]:
    """Seconds one fresh context takes to join `way`, and of them those since the way's mark (all, if none)."""
    with phone(browser, slow) as (_, page, _wire):
        start = time.perf_counter()
        mark = way(page, room)
        end = time.perf_counter()
        return end - start, end - (start if mark is None else mark)


def visits(browser: Browser, room: Class, way: Callable[[Page, Class], float | None] = by_link) -> tuple[str, str]:
    """What a throttled first visit `way` (the join link's by default) downloads until the stage is drawn, and
    a second visit the same way in the same context (a new tab, its cache kept)."""
    with phone(browser, slow=True) as (context, page, wire):
        way(page, room)
        first = wire.said()
        again = context.new_page()
        cdp = context.new_cdp_session(again)
        second = Wire()
        second.attach(cdp)
        throttle(again, cdp, slow=True)
        page.close()
        way(again, room)
        return first, second.said()


def spread(seconds: list[float]) -> str:
    """`median X s p90 Y s` of the figures."""
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, max(0, round(0.9 * len(ordered) + 0.5) - 1))]
    return f"median {statistics.median(ordered):.2f} s p90 {p90:.2f} s"


def measure(browser: Browser, room: Class, contexts: int, label: str) -> list[str]:
    """The benchmark's lines: the link's and the typed code's times (throttled and not), then the visits."""
    lines = []
    ways = {"form": (("form ", by_form),), "slash": (("slash", by_slash),)}.get(
        room.page, (("link ", by_link), ("typed", by_typing))
    )
    for name, way in ways:
        slow = [timed(browser, room, way, True) for _ in range(contexts)]
        fast = [timed(browser, room, way, False) for _ in range(contexts)]
        where = label.replace("light", "app") if way is by_typing else label  # typing on / starts on the full app
        said = [(name, 0)] if way is by_link else [(name, 0), ("enter", 1)]
        for shown, part in said:
            slowly, quickly = spread([s[part] for s in slow]), spread([f[part] for f in fast])
            lines.append(f"{shown} ({where}): throttled {slowly} | unthrottled {quickly} | {contexts} contexts")
            print(lines[-1], flush=True)
    first, again = visits(browser, room, {"form": by_form, "slash": by_slash}.get(room.page, by_link))
    lines.append(f"visit ({label}): first {first} | second from cache {again}")
    print(lines[-1], flush=True)
    return lines


def warmed(topology: Topology, limit: float = WARM_LIMIT) -> float:
    """Wait until the replicas are idle (under 5 % of a core over half a second, at most `limit` seconds),
    as classtest.py does: a fresh replica makes its chart templates in a thread of its own (ui/server/warm.py,
    minutes on a loaded machine), and a throttled phone's first join during it shares the process with it
    (the likely cause of the one first join not drawn in 90 s in CI). A class's server is warm long before
    its first phone comes. Returns the seconds it took."""
    start = time.monotonic()
    processes = lambda: [p for r in topology.replicas for p in tree(r.pid)]  # noqa: E731
    while time.monotonic() - start < limit:
        before = cpu(processes())
        time.sleep(0.5)
        if cpu(processes()) - before < 0.025:
            break
    return time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 contexts per figure instead of --contexts")
    parser.add_argument("--contexts", type=int, default=10, help="fresh browser contexts per figure (default 10)")
    parser.add_argument("--replicas", type=int, default=2, help="replicas behind nginx, as serve.py (default 2)")
    parser.add_argument(
        "--page",
        choices=("app", "light", "form", "slash"),
        default="app",
        help="what the join link opens (default: the full app), or form: the code typed in the light join form, "
        "or slash: in the join box of /'s own HTML",
    )
    args = parser.parse_args(argv)
    contexts = 2 if args.quick else args.contexts
    with tempfile.TemporaryDirectory(prefix="stonegame-phone-") as state:
        os.environ["STONEGAME_STATE"] = state  # a fresh class room: its per-address counters start at 0
        with Topology(
            args.replicas, port=0, host="127.0.0.1", say=lambda line: print(line, file=sys.stderr)
        ) as topology:
            print(f"replicas warmed up in {warmed(topology):.0f} s", flush=True)
            room = start_class(topology.url, args.page)
            label = f"{args.page} via nginx, {args.replicas} replica{'s' if args.replicas > 1 else ''}"
            print(f"class {room.code} on {topology.url}, step {STEP}, chromium {CHROMIUM}", flush=True)
            print(f"the class's picture made {prepared(room):.2f} s after the class was made; the phones come after it")
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    measure(browser, room, contexts, label)
                finally:
                    browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
