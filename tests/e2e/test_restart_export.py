"""Downloads across a restart (issue 14): a picture made on the export page, then the server killed
and started again on the same port. Pressing Download on the page the old server drew finds no file
there; the page says so at once, makes the file again, and the next press downloads it."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .helpers import DESKTOP, free_port, open_app, wait_for_app_run
from .test_restart import RECONNECT_MS, FixedPortServer, servers  # noqa: F401 - servers is a fixture

MADE_MS = 120_000  # a picture is made in the render worker; the page looks every second


def test_a_download_after_a_restart_says_why_and_works_on_the_next_press(browser: Browser, servers):  # noqa: F811
    port = free_port()
    servers.append(FixedPortServer(port))
    context = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    page: Page = context.new_page()
    try:
        open_app(page, f"{servers[0].url}/export?values=1,2,3,7&step=9")
        page.locator(".st-key-export_make_svg button").click()
        download = page.locator(".st-key-export_download_svg button")
        expect(download).to_be_visible(timeout=MADE_MS)
        with page.expect_download() as first:
            download.click()
        assert first.value.suggested_filename == "stone-game-4-piles-step-9.svg"
        wait_for_app_run(page)

        servers[0].kill()
        app = page.get_by_test_id("stApp")
        expect(app).not_to_have_attribute("data-test-connection-state", "CONNECTED", timeout=30_000)
        servers.append(FixedPortServer(port))
        expect(app).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=RECONNECT_MS)

        download.click()  # on the page the old server drew: the new one has no such file
        wait_for_app_run(page)
        notice = page.get_by_test_id("stAlertContainer").filter(has_text="The server restarted")
        expect(notice).to_be_visible(timeout=30_000)
        expect(download).to_be_visible(timeout=MADE_MS)  # made again by the new server
        with page.expect_download() as second:
            download.click()
        assert second.value.suggested_filename == "stone-game-4-piles-step-9.svg"
        assert second.value.failure() is None
    finally:
        context.close()
