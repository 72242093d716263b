"""Downloads across a restart (issue 14, item 6): a file made (a picture on the Export page, a table's
CSV on the Trace page), then the server killed and started again on the same port under the open page.
Pressing Download once on the page the old server drew finds no file there; the page says so at once
and makes the file again, and the next press downloads it."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pytest
from playwright.sync_api import Browser, Download, Page, expect

from .helpers import DESKTOP, free_port, open_app, wait_for_app_run
from .test_restart import RECONNECT_MS, FixedPortServer, servers  # noqa: F401 - servers is a fixture


class Made(NamedTuple):
    """A file a page makes: where, its Make and Download buttons' keys, its name, how long making may take
    (a picture: the render worker, looked at every second; a CSV: in the server), and a check of it."""

    path: str
    make: str
    download: str
    name: str
    made_ms: int
    check: Callable[[Download], None] | None = None


def every_step(download: Download) -> None:
    lines = download.path().read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("step,phase,i,value") and len(lines) == 1 + 10, "every step of [1,2,3,7]"


FILES = [
    Made(
        "/export?values=1,2,3,7&step=9",
        "export_make_png",  # the SVG downloads with one click (asked for on the run); the PNG keeps its Make
        "export_download_png",
        "stone-game-4-piles-step-9.png",
        120_000,
    ),
    Made(
        "/trace?values=1,2,3,7", "trace_make_steps", "trace_download_steps", "stone-game-steps.csv", 30_000, every_step
    ),
]


@pytest.mark.parametrize("made", FILES, ids=["export-png", "trace-csv"])
def test_a_download_after_a_restart_says_why_and_works_on_the_next_press(browser: Browser, servers, made):  # noqa: F811
    port = free_port()
    servers.append(FixedPortServer(port))
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    page: Page = context.new_page()
    try:
        open_app(page, f"{servers[-1].url}{made.path}")
        page.locator(f".st-key-{made.make} button").click()
        download = page.locator(f".st-key-{made.download} button")
        expect(download).to_be_visible(timeout=made.made_ms)
        with page.expect_download() as first:
            download.click()
        assert first.value.suggested_filename == made.name
        wait_for_app_run(page)

        servers[-1].kill()
        app = page.get_by_test_id("stApp")
        expect(app).not_to_have_attribute("data-test-connection-state", "CONNECTED", timeout=30_000)
        servers.append(FixedPortServer(port))
        expect(app).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=RECONNECT_MS)

        download.click()  # once, on the page the old server drew: the new one has no such file
        wait_for_app_run(page)
        notice = page.get_by_test_id("stAlertContainer").filter(has_text="The server restarted")
        expect(notice).to_be_visible(timeout=30_000)
        expect(download).to_be_visible(timeout=made.made_ms)  # made again by the new server
        with page.expect_download() as second:
            download.click()
        assert second.value.suggested_filename == made.name
        assert second.value.failure() is None
        if made.check:
            made.check(second.value)
    finally:
        context.close()
