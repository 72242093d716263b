"""Two replicas behind nginx (scripts/serve.py), in Chromium: browsers are spread over the replicas and
each stays on its own; when a student's replica is killed mid-session, the open page reconnects to the
other one by itself, at the same row and step, with the row the student typed still there (it is in
the link); the other replica's students notice nothing; the dead replica is replaced. And nginx's
static files reach the browser compressed and cached, while every page's link still opens its page.

Needs nginx as well as Chromium: skipped with a hint without it, failed under CI=true.
"""

from __future__ import annotations

import json
import os
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Response, WebSocket, expect

from scripts.topology import ROUTE_COOKIE, Topology, active_sessions, package_static_dir
from stonegame.i18n import t
from stonegame.lesson.chapters import chapters

from .helpers import (
    DESKTOP,
    ROOT,
    ConsoleWatch,
    caption_title,
    chart_state,
    frame_slider,
    free_port,
    grid_row,
    open_explainer,
    skip_without_nginx,
    wait_for_app_run,
    wait_for_chart,
)

pytestmark = pytest.mark.nginx
RECONNECT_MS = 60_000  # the frontend retries with a back-off of at most 4 s; a loaded machine is slow
TEXT_BOX = ".st-key-explainer_row_text textarea"


@pytest.fixture(scope="module")
def topology() -> Iterator[Topology]:
    skip_without_nginx()
    with Topology(replicas=2, port=free_port(), host="127.0.0.1", health_interval=1.0, say=lambda _: None) as t:
        yield t


class Tab:
    """A browser (its own context, so its own cookies) with one page on the app through nginx; it
    counts the page's websockets and what the page received on the latest one."""

    def __init__(self, browser: Browser, topology: Topology, watch: ConsoleWatch, agent: str) -> None:
        self.context: BrowserContext = watch.watch(
            browser.new_context(viewport=DESKTOP, base_url=topology.url, user_agent=agent)
        )
        self.agent = agent
        self.page: Page = self.context.new_page()
        self.sockets: list[str] = []
        self.received = 0
        self.page.on("websocket", self._on_socket)

    def _on_socket(self, ws: WebSocket) -> None:
        self.sockets.append(ws.url)
        self.received = 0
        ws.on("framereceived", self._on_frame)

    def _on_frame(self, _payload: object) -> None:
        self.received += 1

    def route(self) -> str:
        """The replica nginx's cookie names for this browser."""
        return {c["name"]: c["value"] for c in self.context.cookies()}[ROUTE_COOKIE]

    def connection(self) -> str | None:
        return self.page.get_by_test_id("stApp").get_attribute("data-test-connection-state")

    def record_connection(self) -> None:
        """From now on, record every connection state the app goes through (a MutationObserver on
        stApp's data-test-connection-state: a reconnection can be quicker than any polling)."""
        self.page.evaluate(
            """() => {
                const app = document.querySelector("[data-testid='stApp']");
                window.__e2eConnection = [];
                new MutationObserver(() => window.__e2eConnection.push(app.getAttribute('data-test-connection-state')))
                    .observe(app, {attributes: true, attributeFilter: ['data-test-connection-state']});
            }"""
        )

    def connection_states(self) -> list[str]:
        """The states recorded since record_connection()."""
        return self.page.evaluate("() => window.__e2eConnection")

    def wait_reconnected(self, timeout: int = RECONNECT_MS) -> None:
        """Wait until the app has lost its connection and is CONNECTED again."""
        self.page.wait_for_function(
            """() => {
                const now = document.querySelector("[data-testid='stApp']").getAttribute('data-test-connection-state');
                return window.__e2eConnection.some(s => s !== 'CONNECTED') && now === 'CONNECTED';
            }""",
            timeout=timeout,
        )

    def type_row(self, row: str) -> None:
        """Type a row into the text box and press Apply; wait for the chart."""
        self.page.locator(TEXT_BOX).fill(row)
        self.page.get_by_test_id("stMain").get_by_test_id("stFormSubmitButton").click()
        wait_for_app_run(self.page)
        wait_for_chart(self.page)

    def set_start_step(self, step: int) -> None:
        """Move the stage to `step` with its scrubber and press "Link to this step" (one rerun): the step
        goes into the link."""
        frame_slider(self.page).fill(str(step))
        self.page.locator("[data-testid='stage']").get_by_role("button", name="Link to this step").click()
        wait_for_app_run(self.page)
        wait_for_chart(self.page)
        expect(frame_slider(self.page)).to_have_value(str(step))


def values_drawn(page: Page) -> list[str]:
    """The chart's row of values (the last cell, past the end of the row, is empty)."""
    return [cell.replace("\u2212", "-") for cell in grid_row(page, "values")]


def sessions(topology: Topology) -> dict[str, int]:
    """Browser sessions held by each replica, asked of each replica itself."""
    return {r.name: active_sessions(r.port) for r in topology.replicas}


def wait_until(condition, timeout: float, what: str) -> None:
    """Poll `condition` until it holds (a deadline, not a fixed sleep)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"not within {timeout} s: {what}")
        time.sleep(0.1)  # poll interval


def log_lines(topology: Topology) -> list[dict[str, str]]:
    return [json.loads(line) for line in topology.access_log.read_text().splitlines()]


def test_two_browsers_land_on_two_replicas_and_each_stays_on_its_own(browser: Browser, topology, console_watch):
    tabs = [Tab(browser, topology, console_watch, f"student-{k}") for k in (1, 2)]
    try:
        for tab in tabs:
            open_explainer(tab.page, "/?values=1,2,3,7&step=3")
        routes = {tab.agent: tab.route() for tab in tabs}
        assert set(routes.values()) == {"r1", "r2"}  # the second browser went to the emptier replica
        wait_until(lambda: sessions(topology) == {"r1": 1, "r2": 1}, 10, "one session on each replica")
        for tab in tabs:  # a page change, and a file made and downloaded (kept by the replica that made it)
            tab.page.get_by_test_id("stSidebar").get_by_role("link", name="Trace table").click()
            wait_for_app_run(tab.page)
            tab.page.get_by_role("button", name="Make “Steps” as CSV").click()
            download = tab.page.locator(".st-key-trace_download_steps button")
            expect(download).to_be_visible(timeout=30_000)
            with tab.page.expect_download() as made:
                download.click()
            assert made.value.failure() is None
            assert Path(made.value.path()).read_text().startswith("step,phase,i,")
            assert tab.route() == routes[tab.agent]
    finally:
        for tab in tabs:
            tab.context.close()

    def socket_logged(agent: str) -> bool:  # nginx logs a websocket when it closes
        return any(line["agent"] == agent and "/_stcore/stream" in line["request"] for line in log_lines(topology))

    wait_until(lambda: all(socket_logged(tab.agent) for tab in tabs), 30, "nginx logged both websockets")
    for tab in tabs:  # every request nginx sent to a replica went to the browser's own
        seen = [line for line in log_lines(topology) if line["agent"] == tab.agent and line["upstream"]]
        assert {line["served"] for line in seen} == {routes[tab.agent]}, seen
        kinds = {line["request"].split()[1].split("?")[0] for line in seen}
        assert {"/", "/_stcore/health", "/_stcore/host-config", "/_stcore/stream"} <= kinds, kinds
        assert any(k.startswith("/media/") for k in kinds), kinds  # the download


def test_a_killed_replica_hands_its_students_to_the_other_one_at_the_same_row_and_step(
    browser: Browser, topology, console_watch
):
    wait_until(lambda: sum(sessions(topology).values()) == 0, 150, "the last test's sessions closed")
    student, neighbour = (Tab(browser, topology, console_watch, f"student-{k}") for k in (3, 4))
    try:
        open_explainer(student.page, "/?values=3,-1,4,1,-5&step=4")
        assert caption_title(student.page).endswith("Step 4 of 11")
        open_explainer(neighbour.page, "/")
        victim, survivor = student.route(), neighbour.route()
        assert {victim, survivor} == {"r1", "r2"}

        # The student types a row and applies it, then picks the step to open at: both are in the link.
        student.type_row("[2,7,-3,5,1,8]")
        student.set_start_step(5)
        link = student.page.url
        assert re.search(r"values=2(%2C|,)7(%2C|,)-3(%2C|,)5(%2C|,)1(%2C|,)8&step=5$", link), link
        before = chart_state(student.page)
        assert before["title"].endswith("Step 5 of 13")
        assert values_drawn(student.page) == ["2", "7", "-3", "5", "1", "8", ""]
        wait_until(lambda: sessions(topology) == {victim: 1, survivor: 1}, 10, "a session on each replica")
        student.page.evaluate("window.__sameDocument = true")
        assert len(student.sockets) == 1 and len(neighbour.sockets) == 1
        student.record_connection()
        neighbour.record_connection()

        dead = topology.replica(victim)
        events = len(topology.events)
        os.kill(dead.pid, signal.SIGKILL)  # no goodbye to anyone
        student.wait_reconnected()

        # Reconnected by itself, without a reload, through the same nginx address, now to the other
        # replica (the cookie was rewritten by the replica that answered), showing what it showed.
        assert student.page.evaluate("window.__sameDocument") is True, "the page reloaded instead of reconnecting"
        assert len(student.sockets) == 2 and student.sockets[1] == student.sockets[0]
        assert student.route() == survivor
        assert student.page.url == link
        assert chart_state(student.page) == before
        wait_until(lambda: active_sessions(topology.replica(survivor).port) == 2, 10, "the survivor holds both")

        # The neighbour on the surviving replica noticed nothing, and is served as before.
        assert neighbour.connection_states() == [] and len(neighbour.sockets) == 1
        assert neighbour.connection() == "CONNECTED"
        neighbour.type_row("[5,-4,3]")
        assert values_drawn(neighbour.page) == ["5", "-4", "3", ""]

        # The student's first action reaches a replica that has never seen this tab: it starts a new
        # session and runs the page from the link (Streamlit runs no widget callback for a widget that
        # session has not drawn yet, so that click itself is dropped, as after a restart). The row
        # typed before the failover and the step are what it shows, in the chart and in the text box.
        received = student.received
        student.page.locator(".st-key-w_code").get_by_text("Java", exact=True).click()
        wait_for_app_run(student.page)
        wait_for_chart(student.page)
        assert student.received > received, "the surviving replica did not run the page"
        expect(frame_slider(student.page)).to_have_value("5")
        assert caption_title(student.page) == before["title"]
        assert values_drawn(student.page) == ["2", "7", "-3", "5", "1", "8", ""]
        expect(student.page.locator(TEXT_BOX)).to_have_value("[2,7,-3,5,1,8]")
        assert student.page.url == link

        # The watch replaced the dead replica; the student stays where the session now is, through
        # nginx's reloads, and is served as usual there.
        wait_until(lambda: f"{victim} is back" in " ".join(topology.events[events:]), 90, "the replacement")
        assert topology.replica(victim).pid != dead.pid
        student.type_row("[4,-2,6,1]")
        student.set_start_step(3)
        assert values_drawn(student.page) == ["4", "-2", "6", "1", ""]
        assert len(student.sockets) == 2 and student.route() == survivor
        assert active_sessions(topology.replica(survivor).port) == 2

        # A reload is a new page load through nginx: the same row and step, from the link.
        student.page.reload()
        student.page.get_by_test_id("stAppViewContainer").wait_for(state="attached")
        wait_for_app_run(student.page)
        wait_for_chart(student.page)
        assert caption_title(student.page).endswith("Step 3 of 9")
        assert values_drawn(student.page) == ["4", "-2", "6", "1", ""]
        assert student.route() == survivor
    finally:
        student.context.close()
        neighbour.context.close()


def page_titles() -> dict[str, str]:
    """Every page's path and its English title (the catalogue key each page file passes to frame.page;
    the lesson's heading is its chapter's, the first one's for a new visitor)."""
    titles = {}
    for path in [ROOT / "explainer.py", *sorted((ROOT / "pages").glob("*.py"))]:
        key = re.search(r'frame\.page\("(\w+)"', path.read_text()).group(1)
        titles["/" if path.parent == ROOT else f"/{path.stem}"] = t(key, "en")
    titles["/lesson"] = t(f"lesson_{chapters()[0].name}_title", "en")
    return titles


def test_static_files_come_compressed_and_cached_and_every_deep_link_opens_its_page(
    browser: Browser, topology, console_watch
):
    tab = Tab(browser, topology, console_watch, "student-5")
    responses: list[Response] = []
    tab.page.on("response", lambda answer: responses.append(answer))
    try:
        titles = page_titles()
        assert len(titles) == 1 + len(list((ROOT / "pages").glob("*.py")))
        for path, title in {"/trace?values=1,2": t("trace_title", "en"), **titles}.items():
            tab.page.goto(path if "?" in path else f"{path}?values=3,1,4&step=2")
            expect(tab.page.locator("h1")).to_have_text(title, timeout=30_000)  # the page's own script ran
            expect(tab.page.get_by_test_id("stException")).to_have_count(0)
            expect(tab.page.get_by_role("dialog")).to_have_count(0)
        expect(tab.page.get_by_test_id("stMain")).not_to_contain_text("Page not found")
    finally:
        tab.context.close()

    documents = [r for r in responses if r.request.resource_type == "document"]
    assert len(documents) == len(titles) + 1
    for document in documents:  # index.html from Streamlit, at the page's own path, never cached long
        assert document.status == 200 and document.headers["cache-control"] == "no-cache", document.url
    bundle = [r for r in responses if "/static/" in r.url and r.status == 200]
    assert len(bundle) > 50  # the app's JS chunks, CSS and fonts
    for answer in bundle:
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable", answer.url
        installed = package_static_dir() / answer.url.split("/", 3)[3]
        compressible = installed.suffix in (".js", ".css") and installed.stat().st_size >= 1024
        assert (answer.headers.get("content-encoding") == "gzip") == compressible, (answer.url, answer.headers)
