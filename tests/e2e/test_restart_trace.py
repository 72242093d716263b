"""The trace page's CSV downloads across a restart (issue 14, item 6): a table's CSV made, then the
server killed and started again on the same port under the open page. Pressing Download once on the
page the old server drew finds no file there; the page says so at once and makes the file again, and
the next press downloads it (tests/e2e/test_restart_export.py does the same for the export page)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .helpers import DESKTOP, free_port, open_app, wait_for_app_run
from .test_restart import RECONNECT_MS, FixedPortServer, servers  # noqa: F401 - servers is a fixture

MADE_MS = 30_000  # the CSV is made in the server process when Make is clicked


def test_a_trace_download_after_a_restart_says_why_and_works_on_the_next_press(browser: Browser, servers):  # noqa: F811
    port = free_port()
    servers.append(FixedPortServer(port))
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    page: Page = context.new_page()
    try:
        open_app(page, f"{servers[0].url}/trace?values=1,2,3,7")
        page.locator(".st-key-trace_make_steps button").click()
        download = page.locator(".st-key-trace_download_steps button")
        expect(download).to_be_visible(timeout=MADE_MS)
        with page.expect_download() as first:
            download.click()
        assert first.value.suggested_filename == "stone-game-steps.csv"
        wait_for_app_run(page)

        servers[0].kill()
        app = page.get_by_test_id("stApp")
        expect(app).not_to_have_attribute("data-test-connection-state", "CONNECTED", timeout=30_000)
        servers.append(FixedPortServer(port))
        expect(app).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=RECONNECT_MS)

        download.click()  # once, on the page the old server drew: the new one has no such file
        wait_for_app_run(page)
        notice = page.get_by_test_id("stAlertContainer").filter(has_text="The server restarted")
        expect(notice).to_be_visible(timeout=30_000)
        expect(download).to_be_visible(timeout=MADE_MS)  # made again by the new server
        with page.expect_download() as second:
            download.click()
        assert second.value.suggested_filename == "stone-game-steps.csv"
        assert second.value.failure() is None
        lines = second.value.path().read_text(encoding="utf-8").splitlines()
        assert lines[0].startswith("step,phase,i,value") and len(lines) == 1 + 10, "every step of [1,2,3,7]"
    finally:
        context.close()
