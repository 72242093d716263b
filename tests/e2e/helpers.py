"""Shared helpers for the browser tests and scripts/screenshots.py: start the app, wait for a run,
and read what the explainer's stage shows (its caption, grid, code highlight and player state) and
drive the drawn player of the other animated charts.

A normal module on purpose: tests import it with `from .helpers import ...`, never from conftest.
Everything here reads the page the way a user sees it (text, SVG text, the scrubber's value, the
stage's data-frame / data-playing mirror of its state); nothing reaches into Streamlit's or Vega's internals.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Locator, Page, WebError, WebSocket, expect

from scripts.servers import NGINX_HINT, SERVER_ARGS, StreamlitServer, free_port, nginx_path  # noqa: F401 - the tests' names for them

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_DIR = ROOT / "artifacts" / "screenshots"  # in .gitignore; the suite writes its screenshots here
DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 720}
PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 25_000  # Streamlit's own e2e uses 25 s for every "wait for the app" step

# The explainer's stage: a components-v2 element (in an open shadow root, which Playwright's CSS
# locators pierce). stage.js marks it ready once its Vega view has drawn, and mirrors the player's state
# into data-frame / data-playing.
STAGE = "[data-testid='stage']"
STAGE_READY = "[data-testid='stage'][data-ready='true']"
STAGE_GRID_NUMBERS = "g.grid_numbers_0_marks text"
# The other animated charts draw their player in the chart (stonegame/draw/player.py nav_bar): found as
# the Vega-Lite chart that draws the in-chart buttons.
CHART = "[data-testid='stVegaLiteChart']:has(g.nav_label_0_marks)"
NAV = ("first", "back", "play", "next", "last")  # order of the buttons
NAV_BUTTONS = "g.nav_button_0_marks path"
NAV_LABELS = "g.nav_label_0_marks text"
STEP_TEXT = "g.step_text_0_marks text"
SCRUB_CELLS = "g.scrub_cell_0_marks path"
SPEED_LABELS = "g.speed_label_0_marks text"
CAPTION_TITLE = "g.caption_title_1_marks text"
CAPTION_FORMULA = "g.caption_formula_1_marks text"
CAPTION_SENTENCE = "g.caption_sentence_1_marks text"
BINDINGS = "form.vega-bindings"


# --- the browser and the server --------------------------------------------------------------


def chromium_path() -> str:
    """The Chromium the suite drives: $CHROMIUM_PATH, else Debian's /usr/bin/chromium."""
    return os.environ.get("CHROMIUM_PATH") or DEFAULT_CHROMIUM


def chromium_available() -> bool:
    """Whether chromium_path() is an executable file."""
    path = chromium_path()
    resolved = path if os.path.isabs(path) else shutil.which(path)
    return bool(resolved) and os.path.isfile(resolved) and os.access(resolved, os.X_OK)


def skip_without_nginx() -> None:
    """For a test or fixture that needs nginx: without one, skip with NGINX_HINT, except under CI=true,
    where it fails (as a missing Chromium does)."""
    if nginx_path() is not None:
        return
    if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"):
        pytest.fail("CI=true: " + NGINX_HINT, pytrace=False)
    pytest.skip(NGINX_HINT)


# --- waiting for Streamlit ---------------------------------------------------------------------


def wait_for_app_run(page: Page, wait_delay: int = 100, initial_wait: int = 210) -> None:
    """Wait until the script run has finished, exactly like Streamlit's own e2e_playwright/conftest.py:
    a short wait for debounced widgets, then CONNECTED, then script state notRunning, then no
    skeletons left, then a little time to render."""
    page.wait_for_timeout(initial_wait)
    page.locator("[data-testid='stApp'][data-test-connection-state='CONNECTED']").wait_for(
        timeout=TIMEOUT_MS, state="attached"
    )
    page.locator("[data-testid='stApp'][data-test-script-state='notRunning']").wait_for(
        timeout=TIMEOUT_MS, state="attached"
    )
    expect(page.get_by_test_id("stSkeleton")).to_have_count(0, timeout=TIMEOUT_MS)
    if wait_delay > 0:
        page.wait_for_timeout(wait_delay)


def open_app(page: Page, url: str) -> Page:
    """Go to `url` (absolute, or relative to the context's base_url) and wait for the run to finish."""
    page.goto(url)
    page.get_by_test_id("stAppViewContainer").wait_for(state="attached", timeout=30_000)
    wait_for_app_run(page)
    return page


def open_explainer(page: Page, url: str) -> Page:
    """open_app, then wait until the explainer's stage has drawn."""
    open_app(page, url)
    wait_for_stage(page)
    return page


def wait_for_stage(page: Page, timeout: int = TIMEOUT_MS) -> Locator:
    """The explainer's stage, once its picture has drawn."""
    stage = page.locator(STAGE_READY)
    expect(stage).to_have_count(1, timeout=timeout)
    return stage


def start_class(page: Page, address: str, button: str = "Start a class") -> str:
    """A teacher opens `address` (the explainer with its row and step), presses `button` and waits for the
    run; the class's join code, once the projector shows it."""
    page.goto(address)
    wait_for_stage(page)
    page.get_by_role("button", name=button).first.click()
    wait_for_app_run(page)
    expect(page.get_by_test_id("join-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"))
    return page.get_by_test_id("join-code").inner_text().strip()


def on_light_page(page: Page, code: str) -> None:
    """The page is the light student page of class `code` (opened by the class's link, or a student sent there
    by the full app), its stage drawn."""
    expect(page).to_have_url(re.compile(rf"/classroom/join/{code}(\?|$)"))
    wait_for_stage(page)


def join_token(teacher: Page, code: str) -> str:
    """The class's join token (the one its link and QR carry), asked of the teacher's route with the secret
    the teacher's tab keeps."""
    return teacher.evaluate(
        """async code => {
            const secret = sessionStorage.getItem("stonegame:class:" + code);
            const r = await fetch(`/classroom/rooms/${code}/teacher`, {method: "POST",
                headers: {"Content-Type": "application/json"}, body: JSON.stringify({secret})});
            return (await r.json()).join;
        }""",
        code,
    )


def wait_for_chart(page: Page, timeout: int = TIMEOUT_MS) -> Locator:
    """The page's player once drawn: the explainer's stage, or a chart with the drawn player (its five
    in-chart buttons exist)."""
    either = page.locator(f"{STAGE_READY}, {CHART}")
    expect(either.first).to_be_attached(timeout=timeout)
    if page.locator(STAGE).count():
        return wait_for_stage(page, timeout)
    chart = page.locator(CHART).first
    expect(chart.locator(NAV_LABELS)).to_have_count(len(NAV), timeout=timeout)
    expect(chart).to_have_attribute("role", "graphics-document", timeout=timeout)
    return chart


# --- reading and driving the stage (the explainer) ---------------------------------------------


def clean(text: str) -> str:
    """Text as a person reads it: non-breaking spaces as spaces, no zero-width space, trimmed."""
    return re.sub(r"[ \u00a0]+", " ", text.replace("\u200b", "")).strip()


def _on_stage(page: Page) -> bool:
    return page.locator(STAGE).count() > 0


def stage(page: Page) -> Locator:
    return page.locator(STAGE)


def nav_label(page: Page, action: str) -> Locator:
    """A player button (first, back, play, next, last): the stage's, else the drawn chart's label."""
    if _on_stage(page):
        return stage(page).locator(f"button.nav-{action}")
    return page.locator(CHART).first.locator(NAV_LABELS).nth(NAV.index(action))


def nav_button(page: Page, action: str) -> Locator:
    """A player button: the stage's, else the drawn chart's rounded rect."""
    if _on_stage(page):
        return nav_label(page, action)
    return page.locator(CHART).first.locator(NAV_BUTTONS).nth(NAV.index(action))


def press(page: Page, action: str) -> None:
    """Click a player button where a person would."""
    nav_label(page, action).click()


def frame_slider(page: Page) -> Locator:
    """The stage's scrubber (an <input type=range> whose value is the frame on screen)."""
    return stage(page).locator("input.scrub")


def speed_menu(page: Page) -> Locator:
    """The stage's speed menu."""
    return stage(page).locator("select.speeds")


def expect_playing(page: Page, playing: bool, timeout: int = 10_000) -> None:
    """The stage says it is playing (or paused): its data-playing mirror of the player's state."""
    expect(stage(page)).to_have_attribute("data-playing", "true" if playing else "false", timeout=timeout)


def expect_frame(page: Page, frame: int, timeout: int = 10_000) -> None:
    """The stage shows `frame`: the scrubber and the player's state agree."""
    expect(stage(page)).to_have_attribute("data-frame", str(frame), timeout=timeout)
    expect(frame_slider(page)).to_have_value(str(frame), timeout=timeout)


def record_frames(page: Page, chart: Locator | None = None) -> None:
    """Start recording every frame the player shows (a MutationObserver on the stage's data-frame, or on
    the "step n of N" of `chart`, by default the page's first drawn player). recorded_frames() reads the
    record; calling this again clears it."""
    if chart is not None:
        target = chart.locator(STEP_TEXT)
    else:
        target = stage(page) if _on_stage(page) else page.locator(CHART).first.locator(STEP_TEXT)
    target.evaluate(
        """el => {
            const read = () => el.dataset && el.dataset.frame !== undefined
                ? Number(el.dataset.frame) : Number((el.textContent.match(/\\d+/) || [NaN])[0]);
            if (window.__e2eFrameObserver) window.__e2eFrameObserver.disconnect();
            window.__e2eFrames = [];
            let last = read();
            window.__e2eFrameObserver = new MutationObserver(() => {
                const now = read();
                if (now !== last) { window.__e2eFrames.push(now); last = now; }
            });
            window.__e2eFrameObserver.observe(el, {attributes: true, attributeFilter: ['data-frame'],
                                                    childList: true, characterData: true, subtree: true});
        }"""
    )


def recorded_frames(page: Page) -> list[int]:
    """The frames shown since record_frames(), in order."""
    return page.evaluate("() => window.__e2eFrames")


def wait_for_frames(page: Page, count: int, timeout: int = 10_000) -> list[int]:
    """Wait until at least `count` frames were recorded; return them."""
    page.wait_for_function("count => window.__e2eFrames.length >= count", arg=count, timeout=timeout)
    return recorded_frames(page)


def caption_title(page: Page) -> str:
    """'Backward fill of dp · Step 7 of 9' (the stage's title, or a drawn chart's caption)."""
    if _on_stage(page):
        return clean(stage(page).locator(".title").text_content() or "")
    return clean(page.locator(CHART).first.locator(CAPTION_TITLE).text_content() or "")


def caption_formula(page: Page) -> list[str]:
    """The formula's lines, e.g. ['dp[1] = suffix[1] − min(dp[2], dp[3], dp[4])', '= 12 − min(10, 7, 0) = 12']."""
    if _on_stage(page):
        text = stage(page).locator(".formula").text_content() or ""
        return [clean(line) for line in text.split("\n") if line.strip()]
    text = page.locator(CHART).first.locator(CAPTION_FORMULA)
    spans = text.locator("tspan")
    parts = spans.all_text_contents() if spans.count() else [text.text_content() or ""]
    return [clean(p) for p in parts]


def caption_sentence(page: Page) -> str:
    """The plain-language sentence."""
    if _on_stage(page):
        return clean(stage(page).locator(".sentence").text_content() or "")
    text = page.locator(CHART).first.locator(CAPTION_SENTENCE)
    spans = text.locator("tspan")
    parts = spans.all_text_contents() if spans.count() else [text.text_content() or ""]
    return clean(" ".join(parts))


def live_text(page: Page) -> str:
    """What the stage's aria-live region last announced."""
    return clean(stage(page).locator("[aria-live]").text_content() or "")


def grid(page: Page) -> dict[str, dict[str, str]]:
    """The arrays as drawn in the stage's picture: {'values': {'0': '1', ...}, 'suffix': {...}, 'dp': {...}}.
    Row and column come from each number's ARIA label; the number is the visible text."""
    cells = (
        stage(page)
        .locator(STAGE_GRID_NUMBERS)
        .evaluate_all("els => els.map(e => [e.getAttribute('aria-label') || '', e.textContent])")
    )
    out: dict[str, dict[str, str]] = {}
    for label, text in cells:
        fields = dict(part.split(": ", 1) for part in label.split("; ") if ": " in part)
        if fields.get("col", "#") != "#" and "row" in fields:
            out.setdefault(fields["row"], {})[fields["col"]] = clean(text or "")
    return out


def grid_row(page: Page, row: str) -> list[str]:
    """One array's cells from the leftmost drawn pile rightwards."""
    cells = grid(page).get(row, {})
    return [cells[k] for k in sorted(cells, key=int)]


def code_lines(page: Page) -> list[str]:
    """The listing as shown, without its line numbers."""
    return stage(page).locator(".listing li code").all_text_contents()


def line_numbers(page: Page) -> list[str]:
    """The listing's line numbers as shown (padded to one width)."""
    return stage(page).locator(".listing li .n").all_text_contents()


def highlighted_code(page: Page) -> list[str]:
    """The listing lines (without line numbers, leading spaces stripped) that are highlighted."""
    return [line.strip() for line in stage(page).locator(".listing li.on code").all_text_contents()]


def chart_state(page: Page) -> dict[str, Any]:
    """What a viewer sees of the stage right now, for comparing two browsers."""
    return {
        "frame": frame_slider(page).input_value(),
        "title": caption_title(page),
        "formula": caption_formula(page),
        "sentence": caption_sentence(page),
        "grid": grid(page),
        "code": highlighted_code(page),
        "nav": stage(page).locator("button.nav").all_text_contents(),
    }


# --- the drawn player (Replay, the ladder, ...) --------------------------------------------------


def drawn_step(chart: Locator) -> Locator:
    """A drawn player's "step n of N" text."""
    return chart.locator(STEP_TEXT)


def drawn_press(chart: Locator, action: str) -> None:
    """Click a drawn player's button on its label."""
    chart.locator(NAV_LABELS).nth(NAV.index(action)).click()


def drawn_seek(chart: Locator, frame: int) -> None:
    """Click a drawn player's scrubber cell of `frame`."""
    chart.locator(SCRUB_CELLS).nth(frame).click()


# --- watching the page -------------------------------------------------------------------------


@dataclass
class RunWatch:
    """Proof that the server was not involved: counts script runs (a MutationObserver on stApp's
    data-test-script-state) and websocket frames in both directions. attach() before goto, arm() once
    the page has settled; then changes() says what happened since."""

    page: Page
    sent: int = 0
    received: int = 0
    sockets: list[str] = field(default_factory=list)

    def attach(self) -> RunWatch:
        self.page.on("websocket", self._on_socket)
        return self

    def _on_socket(self, ws: WebSocket) -> None:
        self.sockets.append(ws.url)
        ws.on("framesent", self._on_sent)
        ws.on("framereceived", self._on_received)

    def _on_sent(self, _payload: object) -> None:
        self.sent += 1

    def _on_received(self, _payload: object) -> None:
        self.received += 1

    def arm(self) -> None:
        """Start counting from now."""
        assert self.sockets, "no websocket seen: attach() must run before page.goto()"
        self.page.evaluate(
            """() => {
                const app = document.querySelector("[data-testid='stApp']");
                if (window.__e2eRunObserver) window.__e2eRunObserver.disconnect();
                window.__e2eScriptStates = [];
                window.__e2eRunObserver = new MutationObserver(records => {
                    for (const r of records) window.__e2eScriptStates.push(app.getAttribute('data-test-script-state'));
                });
                window.__e2eRunObserver.observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
            }"""
        )
        self._base = (self.sent, self.received)

    def changes(self) -> dict[str, Any]:
        """Script-state changes and websocket frames since arm()."""
        states = self.page.evaluate("() => window.__e2eScriptStates")
        return {"script_states": states, "sent": self.sent - self._base[0], "received": self.received - self._base[1]}

    def assert_no_rerun(self) -> None:
        seen = self.changes()
        assert seen == {"script_states": [], "sent": 0, "received": 0}, f"the server was involved: {seen}"


# The only console errors allowed: the frontend probing for a base path when a page other than `/`
# is opened (GET /<page>/_stcore/health and /<page>/_stcore/host-config answer 404), and, if usage
# statistics were ever switched on, their fetch from data.streamlit.io.
PROBE_404 = re.compile(r"^https?://(localhost|127\.0\.0\.1)(:\d+)?/[^/?#]+/_stcore/(health|host-config)$")
USAGE_STATS = re.compile(r"^https://data\.streamlit\.io/")
RESOURCE_404 = "Failed to load resource: the server responded with a status of 404 (Not Found)"


def harmless(message: ConsoleMessage) -> bool:
    """Whether a console error is one of the known harmless ones."""
    url = (message.location or {}).get("url", "")
    if message.text == RESOURCE_404 and PROBE_404.match(url):
        return True
    return bool(USAGE_STATS.match(url)) and message.text.startswith("Failed to load resource")


@dataclass
class ConsoleWatch:
    """Collects console errors and uncaught page errors from every context it watches."""

    errors: list[str] = field(default_factory=list)

    def watch(self, context: BrowserContext) -> BrowserContext:
        context.on("console", self._on_console)
        context.on("weberror", self._on_error)
        return context

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not harmless(message):
            url = (message.location or {}).get("url", "")
            self.errors.append(f"console.error: {message.text} ({url})")

    def _on_error(self, error: WebError) -> None:
        self.errors.append(f"page error: {error.error}")

    def check(self) -> None:
        assert not self.errors, "errors in the browser:\n" + "\n".join(self.errors)


class Devices:
    """Browser contexts opened by one test, each a device of its own (sending the test's headers: its client
    address), watched for console errors."""

    def __init__(self, browser: Browser, headers: dict[str, str]) -> None:
        self.browser, self.headers, self.watch, self.made = browser, headers, ConsoleWatch(), []

    def page(self, viewport: dict[str, int] = DESKTOP, **options: object) -> Page:
        """A page on a new device with this viewport (and any other context options)."""
        context = self.browser.new_context(viewport=viewport, extra_http_headers=self.headers, **options)
        self.made.append(self.watch.watch(context))
        return context.new_page()


def devices_of(browser: Browser, headers: dict[str, str]) -> Iterator[Devices]:
    """A `devices` fixture's body: the test's devices, closed after it; a console error on any fails the test."""
    made = Devices(browser, headers)
    yield made
    for context in made.made:
        context.close()
    made.watch.check()


def horizontal_overflow(page: Page) -> dict[str, list[int]]:
    """scrollWidth and clientWidth of the document and of Streamlit's scrolling main pane."""
    return page.evaluate(
        """() => {
            const out = {};
            const doc = document.scrollingElement;
            out.document = [doc.scrollWidth, doc.clientWidth];
            for (const id of ['stMain', 'stMainBlockContainer']) {
                const el = document.querySelector(`[data-testid='${id}']`);
                if (el) out[id] = [el.scrollWidth, el.clientWidth];
            }
            return out;
        }"""
    )


def screenshot(page: Page, path: Path, full: bool = False) -> Path:
    """A PNG of the viewport (what a projector shows). With full=True the viewport is first made as
    tall as Streamlit's scrolling main pane, so the whole page is in the picture."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if full:
        size = page.viewport_size or DESKTOP
        height = page.evaluate("() => document.querySelector(\"[data-testid='stMain']\").scrollHeight")
        page.set_viewport_size({"width": size["width"], "height": max(size["height"], int(height))})
        wait_for_settled_chart(page)
    page.screenshot(path=str(path))
    return path


def wait_for_settled_chart(page: Page) -> None:
    """Wait until every Vega-Lite chart on the page has drawn (after a resize, for example)."""
    for chart in page.get_by_test_id("stVegaLiteChart").all():
        expect(chart).to_have_attribute("role", "graphics-document", timeout=TIMEOUT_MS)
    for chart in page.locator(CHART).all():
        expect(chart.locator(NAV_LABELS)).to_have_count(len(NAV), timeout=TIMEOUT_MS)
    if page.locator(STAGE).count():
        wait_for_stage(page)


# --- a grid's fit (stonegame/draw/grid.py) ---------------------------------------------------------------

# What a grid in `root` (a chart's container, or the element holding an inline picture) draws, on screen: the
# root's left and right edges, each row name's text box (a text of the grid's view, outside its legend and
# title, that reads as a row name) and the left edge of its row's first pile box, each pile number's text box,
# and the right edge of the last pile box. A box is [left, right, top, bottom].
GRID_BOXES = """(root, names) => {
    const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; };
    const piles = [...root.querySelectorAll('g[class*="grid_boxes"] path')]
        .filter(p => !(p.getAttribute('aria-label') || '').includes('col: #'));
    const view = piles[0].closest('.role-scope');
    const texts = [...view.querySelectorAll('text')].filter(t => !t.closest('.role-legend, .role-title'));
    const rowOf = p => ((p.getAttribute('aria-label') || '').match(/row: ([^;]+)/) || [])[1];
    const first = {};
    for (const p of piles) first[rowOf(p)] = Math.min(first[rowOf(p)] ?? Infinity, box(p)[0]);
    return {
        root: box(root).slice(0, 2),
        names: texts.filter(t => names.includes(t.textContent.trim())).map(t => [t.textContent.trim(), box(t)]),
        first,
        numbers: [...view.querySelectorAll('g[class*="grid_numbers"] text')]
            .filter(t => t.textContent.trim() && !(t.getAttribute('aria-label') || '').includes('col: #'))
            .map(t => [t.textContent.trim(), box(t)]),
        last: Math.max(...piles.map(p => box(p)[1])),
    };
}"""


def grid_misfits(root: Locator, names: dict[str, str]) -> list[str]:
    """What does not fit in the grid drawn in `root` (rows named by `names`: row -> name), as sentences: a row
    name outside the root or running into its row's first pile box, a row name's or pile number's text box
    overlapping another, the last pile box past the root's right edge (half a pixel of slack each)."""
    got = root.evaluate(GRID_BOXES, list(names.values()))
    (left, right), rows = got["root"], {name: row for row, name in names.items()}
    wrong = [f"no name of {sorted(names.values())} drawn"] if len(got["names"]) < len(names) else []
    for name, (start, end, *_) in got["names"]:
        if start < left - 0.5 or end > got["first"][rows[name]] + 0.5:
            wrong.append(f"'{name}' spans {start:.1f}-{end:.1f}: not inside {left:.1f}-{got['first'][rows[name]]:.1f}")
    texts = got["names"] + got["numbers"]
    for (a, (al, ar, at, ab)), (b, (bl, br, bt, bb)) in itertools.combinations(texts, 2):
        if al < br - 0.5 and bl < ar - 0.5 and at < bb - 0.5 and bt < ab - 0.5:
            wrong.append(f"'{a}' and '{b}' overlap")
    if got["last"] > right + 0.5:
        wrong.append(f"the last column ends at {got['last']:.1f}, past the edge at {right:.1f}")
    return wrong
