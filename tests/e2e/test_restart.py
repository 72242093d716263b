"""A restart in the middle of a session: the server is killed (SIGKILL, the way a crashed or recycled
container goes) and started again on the same port. The open page reconnects by itself, without a
reload, and because the URL carries the state it shows the same row at the same step; the new server
then serves it as usual."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from .helpers import (
    DESKTOP,
    StreamlitServer,
    caption_title,
    chart_state,
    frame_slider,
    free_port,
    grid_row,
    open_explainer,
    wait_for_app_run,
    wait_for_chart,
)

RECONNECT_MS = 90_000  # the frontend retries with a growing back-off; a loaded machine starts slowly


def values_drawn(page: Page) -> list[str]:
    """The chart's row of values, with any typographic minus read as "-"."""
    return [cell.replace("\u2212", "-") for cell in grid_row(page, "values")]


class FixedPortServer(StreamlitServer):
    """StreamlitServer on a port the test chooses, so that a second one can take over that port."""

    def __init__(self, port: int, start_timeout: float = 60) -> None:
        super().__init__(start_timeout=start_timeout, port=port)

    def kill(self) -> None:
        """SIGKILL this server (only the process this object started): no goodbye to any browser."""
        self._proc.kill()
        self._proc.wait(timeout=10)


@pytest.fixture
def servers() -> Iterator[list[FixedPortServer]]:
    """The servers a test starts on its port; every one still running is stopped afterwards."""
    started: list[FixedPortServer] = []
    yield started
    for server in started:
        server.stop()


def outage_message(message: ConsoleMessage, port: int) -> bool:
    """A console error the browser logs while the server is down: a refused connection to it."""
    url = (message.location or {}).get("url", "")
    text = message.text
    ours = f"localhost:{port}" in url or f"localhost:{port}" in text
    return ours and ("ERR_CONNECTION_REFUSED" in text or "WebSocket connection to" in text)


def test_a_restart_reconnects_the_open_page_to_the_same_row_and_step(browser: Browser, servers):
    port = free_port()
    servers.append(FixedPortServer(port))
    context = browser.new_context(viewport=DESKTOP)
    errors: list[str] = []
    in_outage = [False]

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and not (in_outage[0] and outage_message(message, port)):
            errors.append(f"{message.text} ({(message.location or {}).get('url', '')})")

    context.on("console", on_console)
    context.on("weberror", lambda error: errors.append(f"page error: {error.error}"))
    sockets: list[str] = []
    received = [0]  # frames from the server on the latest websocket

    def on_socket(ws) -> None:
        sockets.append(ws.url)
        received[0] = 0
        ws.on("framereceived", lambda _frame: received.__setitem__(0, received[0] + 1))

    page: Page = context.new_page()
    page.on("websocket", on_socket)
    try:
        open_explainer(page, f"{servers[0].url}/?values=1,2,3,-9&step=6")
        expect(frame_slider(page)).to_have_value("6")
        before = chart_state(page)
        assert before["title"].endswith("Step 6 of 9"), before["title"]
        assert values_drawn(page) == ["1", "2", "3", "-9", ""]
        page.evaluate("window.__sameDocument = true")
        assert len(sockets) == 1

        in_outage[0] = True
        servers[0].kill()
        app = page.get_by_test_id("stApp")
        expect(app).not_to_have_attribute("data-test-connection-state", "CONNECTED", timeout=30_000)
        servers.append(FixedPortServer(port))  # the same port, a fresh process that knows no session
        expect(app).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=RECONNECT_MS)
        in_outage[0] = False

        assert page.evaluate("window.__sameDocument") is True, "the page reloaded instead of reconnecting"
        assert len(sockets) >= 2 and sockets[-1].startswith(f"ws://localhost:{port}/"), sockets
        assert chart_state(page) == before  # what the tab showed, still there

        # The first action reaches a server that has never seen this tab: it starts a new session and
        # runs the page from the tab's URL. (Streamlit runs no widget callbacks in a session that has
        # not drawn the widget yet, so the action itself is dropped; the choice of Java is undone.)
        received_before = received[0]
        page.locator(".st-key-w_code").get_by_text("Java", exact=True).click()
        wait_for_app_run(page)
        wait_for_chart(page)
        assert received[0] > received_before, "the new server did not run the page"
        expect(frame_slider(page)).to_have_value("6")
        assert {k: v for k, v in chart_state(page).items() if k != "code"} == {
            k: v for k, v in before.items() if k != "code"
        }
        assert values_drawn(page) == ["1", "2", "3", "-9", ""]
        assert "values=1" in page.url and "step=6" in page.url, page.url

        # From then on the new server serves the tab as usual: a typed row is solved and drawn.
        page.locator(".st-key-explainer_row_text textarea").fill("[1,2,3,7]")
        page.get_by_test_id("stMain").get_by_test_id("stFormSubmitButton").click()
        wait_for_app_run(page)
        wait_for_chart(page)
        expect(frame_slider(page)).to_have_value("0")
        assert values_drawn(page) == ["1", "2", "3", "7", ""]
        assert caption_title(page).endswith("Step 0 of 9")
    finally:
        context.close()
    assert not errors, "errors in the browser:\n" + "\n".join(errors)
