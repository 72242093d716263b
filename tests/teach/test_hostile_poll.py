"""scripts/hostile.py's look at a file being made (HostileTab.made), without a server: a tab whose runs
are scripted pages. In CI its GIF burst once printed "a GIF not made: its page said nothing" for a file
made in the last second: the last poll's page (its Download, and so no sentence) was never read."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

from scripts.client import Stats
from scripts.hostile import HostileTab
from ui.state import EXPORT_DOWNLOAD, EXPORT_MAKE

MAKING = {}  # a page while the GIF is made: neither Make nor a Download with a file
MADE = {EXPORT_DOWNLOAD.format(kind="gif"): SimpleNamespace(url="/media/made.gif")}
OFFERED = {EXPORT_MAKE.format(kind="gif"): SimpleNamespace(id="make")}


def run(coro):
    """The coroutine run to its end on an event loop of its own, in a thread of its own: in the whole suite
    Playwright's sync API leaves an event loop running in this thread, where asyncio.run() refuses."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class ScriptedTab(HostileTab):
    """A HostileTab whose page runs draw these pages in turn (widgets only), counted in `runs`."""

    def __init__(self, *pages: dict[str, object]) -> None:
        super().__init__("http://scripted", Stats())
        self.pages_left, self.runs = list(pages), 0

    async def rerun(self, action: str, widgets=None, page=None) -> None:
        self._page_cleared()
        self.widgets, self.runs = dict(self.pages_left.pop(0)), self.runs + 1


def test_a_file_made_at_the_last_poll_is_found():
    """The click's page says "making", the one poll the time allows shows the Download: made, not "not made"."""
    tab = ScriptedTab(MADE)
    tab.widgets = dict(MAKING)
    assert run(tab.made("gif", timeout=0.5)) == "/media/made.gif"
    assert tab.runs == 1


def test_a_page_that_offers_make_again_is_told_from_one_still_making():
    """Make offered again (the service lost the file) ends the look at once, noted in offered_make; a page
    still making it when the time is up is not that."""
    lost = ScriptedTab(OFFERED)
    lost.widgets = dict(MAKING)
    assert run(lost.made("gif", timeout=5.0)) is None and lost.offered_make and lost.runs == 1
    slow = ScriptedTab(MAKING)
    slow.widgets = dict(MAKING)
    assert run(slow.made("gif", timeout=0.5)) is None and not slow.offered_make and slow.runs == 1
