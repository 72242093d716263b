"""The other pages on a projector and a phone (issue 40): Play the computer keeps its moves on the first
1280×720 screen however long the game runs, in presenter mode and out of it, in English and 中文."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .helpers import DESKTOP, open_app, wait_for_app_run

ROW = "5,-3,8,2,-1,7,4,-6"
N = len(ROW.split(","))
HEIGHT = DESKTOP["height"]
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/work/shots")) / "present40"  # to look at, outside the repo
TAKES = "[class*='st-key-play_take_'] button"


def bottom(page: Page, selector: str) -> float:
    """The lowest bottom edge of the visible elements `selector` finds with Streamlit's main pane (the part
    that scrolls) scrolled to its top: where they are when the page opens."""
    page.evaluate("() => document.querySelector(\"[data-testid='stMain']\").scrollTo(0, 0)")
    boxes = [b for b in (e.bounding_box() for e in page.locator(selector).all() if e.is_visible()) if b]
    assert boxes, f"nothing visible: {selector}"
    return max(b["y"] + b["height"] for b in boxes)


@pytest.mark.parametrize("present", [False, True], ids=["normal", "present"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_moves_stay_on_the_first_screen_for_a_whole_game(page: Page, lang: str, present: bool) -> None:
    # main 3c5867e: the moves at y = 827 (normal, en) before the first move, 995 after two
    open_app(page, f"/play?values={ROW}&lang={lang}" + ("&present=1" if present else ""))
    seen = []
    for turn in range(N):  # the learner takes 1 pile each time: the longest game, the most messages
        if not page.locator(TAKES).count():
            break
        low = bottom(page, TAKES)
        seen.append(round(low))
        assert low <= HEIGHT, f"before move {turn + 1} the moves end at y = {low:.0f} (> {HEIGHT}); all so far {seen}"
        page.locator(".st-key-play_take_1 button").click()
        wait_for_app_run(page)
    expect(page.locator(TAKES)).to_have_count(0)  # the game is over
    expect(page.locator(".st-key-play_new button")).to_be_visible()
    assert len(seen) >= 3, f"a whole game takes several moves: {seen}"
