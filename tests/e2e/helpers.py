"""Shared helpers for the browser tests and scripts/screenshots.py: start the app, wait for a run,
and read what the explainer chart shows (its caption, grid, code highlight and player state).

A normal module on purpose: tests import it with `from .helpers import ...`, never from conftest.
Everything here reads the page the way a user sees it (SVG text, slider value); nothing reaches into
Streamlit's or Vega's internals.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Locator, Page, WebError, WebSocket, expect

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

# The explainer chart. st.altair_chart(key="explainer_chart") gets no `.st-key-explainer_chart`
# class in Streamlit 1.67 (only charts with on_select get one), so it is found as the Vega-Lite chart
# that draws the in-chart buttons; long rows show a second (overview) chart above it.
CHART = "[data-testid='stVegaLiteChart']:has(g.nav_label_0_marks)"
NAV = ("first", "back", "play", "next", "last")  # order of the in-chart buttons
NAV_BUTTONS = "g.nav_button_0_marks path"
NAV_LABELS = "g.nav_label_0_marks text"
CAPTION_TITLE = "g.caption_title_1_marks text"
CAPTION_FORMULA = "g.caption_formula_1_marks text"
CAPTION_SENTENCE = "g.caption_sentence_1_marks text"
GRID_NUMBERS = "g.grid_numbers_2_marks text"
CODE_HIGHLIGHT = "g.code_highlight_4_marks path"
CODE_TEXT = "g.code_text_4_marks text"
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
    """open_app, then wait until the explainer chart has drawn its five buttons."""
    open_app(page, url)
    wait_for_chart(page)
    return page


def wait_for_chart(page: Page, timeout: int = TIMEOUT_MS) -> Locator:
    """The explainer chart, once Vega has drawn it (its five in-chart buttons exist)."""
    chart = page.locator(CHART)
    expect(chart).to_have_count(1, timeout=timeout)
    expect(chart.locator(NAV_LABELS)).to_have_count(len(NAV), timeout=timeout)
    expect(chart).to_have_attribute("role", "graphics-document", timeout=timeout)
    return chart


# --- reading and driving the chart -------------------------------------------------------------


def clean(text: str) -> str:
    """SVG text as a person reads it: non-breaking spaces as spaces, no zero-width space, trimmed."""
    return re.sub(r"[ \u00a0]+", " ", text.replace("\u200b", "")).strip()


def nav_label(page: Page, action: str) -> Locator:
    """The text of an in-chart button (first, back, play, next, last)."""
    return page.locator(CHART).locator(NAV_LABELS).nth(NAV.index(action))


def nav_button(page: Page, action: str) -> Locator:
    """The rounded rect of an in-chart button."""
    return page.locator(CHART).locator(NAV_BUTTONS).nth(NAV.index(action))


def press(page: Page, action: str) -> None:
    """Click an in-chart button where a person would: on its label."""
    nav_label(page, action).click()


def frame_slider(page: Page) -> Locator:
    """The chart's own step slider (the Vega `frame` param binding)."""
    return page.locator(CHART).locator(BINDINGS).locator("input[type='range']")


def playing_box(page: Page) -> Locator:
    """The chart's own play checkbox (the Vega `playing` param binding)."""
    return page.locator(CHART).locator(BINDINGS).locator("input[type='checkbox']")


def speed_menu(page: Page) -> Locator:
    """The chart's speed menu (the Vega `speed` param binding)."""
    return page.locator(CHART).locator(BINDINGS).locator("select")


def record_frames(page: Page) -> None:
    """Start recording every frame the chart shows: a MutationObserver on the number Vega writes next
    to its step slider. recorded_frames() reads the record; calling this again clears it."""
    frame_slider(page).evaluate(
        """input => {
            const shown = input.nextElementSibling;
            if (window.__e2eFrameObserver) window.__e2eFrameObserver.disconnect();
            window.__e2eFrames = [];
            window.__e2eFrameObserver = new MutationObserver(() => window.__e2eFrames.push(Number(shown.textContent)));
            window.__e2eFrameObserver.observe(shown, {childList: true, characterData: true, subtree: true});
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
    """'Backward fill of dp · Step 7 of 9'."""
    return clean(page.locator(CHART).locator(CAPTION_TITLE).text_content() or "")


def caption_formula(page: Page) -> list[str]:
    """The formula's lines (one per tspan, or the single line), e.g.
    ['dp[1] = suffix[1] − min(dp[2], dp[3], dp[4])', '= 12 − min(10, 7, 0) = 12']."""
    text = page.locator(CHART).locator(CAPTION_FORMULA)
    spans = text.locator("tspan")
    parts = spans.all_text_contents() if spans.count() else [text.text_content() or ""]
    return [clean(p) for p in parts]


def caption_sentence(page: Page) -> str:
    """The plain-language sentence, its lines joined by spaces."""
    text = page.locator(CHART).locator(CAPTION_SENTENCE)
    spans = text.locator("tspan")
    parts = spans.all_text_contents() if spans.count() else [text.text_content() or ""]
    return clean(" ".join(parts))


def grid(page: Page) -> dict[str, dict[str, str]]:
    """The arrays as drawn: {'values': {'0': '1', ...}, 'suffix': {...}, 'dp': {...}}.
    Row and column come from each number's ARIA label; the number is the visible text."""
    cells = (
        page.locator(CHART)
        .locator(GRID_NUMBERS)
        .evaluate_all("els => els.map(e => [e.getAttribute('aria-label') || '', e.textContent])")
    )
    out: dict[str, dict[str, str]] = {}
    for label, text in cells:
        fields = dict(part.split(": ", 1) for part in label.split("; ") if ": " in part)
        if fields.get("col", "#") != "#" and "row" in fields:
            out.setdefault(fields["row"], {})[fields["col"]] = clean(text or "")
    return out


def grid_row(page: Page, row: str) -> list[str]:
    """One array's cells from pile 0 rightwards."""
    cells = grid(page).get(row, {})
    return [cells[k] for k in sorted(cells, key=int)]


def code_lines(page: Page) -> list[str]:
    """The listing as drawn, without its line numbers."""
    texts = page.locator(CHART).locator(CODE_TEXT).all_text_contents()
    return [re.sub(r"^\d+\s+", "", clean(t)) for t in texts]


def highlighted_code(page: Page) -> list[str]:
    """The listing lines (without line numbers) that the highlight band covers: a line is highlighted
    when the vertical middle of its text lies inside one of the highlight rects."""
    chart = page.locator(CHART)
    rects = chart.locator(CODE_HIGHLIGHT).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })"
    )
    lines = chart.locator(CODE_TEXT).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [(r.top + r.bottom) / 2, e.textContent]; })"
    )
    return [re.sub(r"^\d+\s+", "", clean(text)) for mid, text in lines if any(t <= mid <= b for t, b in rects)]


def chart_state(page: Page) -> dict[str, Any]:
    """What a viewer sees of the chart right now, for comparing two browsers."""
    return {
        "frame": frame_slider(page).input_value(),
        "title": caption_title(page),
        "formula": caption_formula(page),
        "sentence": caption_sentence(page),
        "grid": grid(page),
        "code": highlighted_code(page),
        "nav": page.locator(CHART).locator(NAV_LABELS).all_text_contents(),
    }


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
    if page.locator(CHART).count() == 1:
        expect(page.locator(CHART).locator(NAV_LABELS)).to_have_count(len(NAV), timeout=TIMEOUT_MS)
