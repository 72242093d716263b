"""The game pages' charts on a 390×844 touch phone, in English and 中文 (issue 40, "Small things a class
notices"): every chart text at least 12 px as drawn on screen (Play's board and strip, the replays' captions,
the game tree's title), and the replays' speed chips thumb-sized (44 px) like the rest of the player.
On main 813d8bf: Play's and the replay's captions 10.3-10.9 px, the tree's title 10.9 px; the chips 26 px tall."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import CHART, wait_for_app_run, wait_for_chart
from .test_touch_targets import TOUCH

ROW = "5,-3,8,2,-1,7,4,-6"
SHORT = "1,5,-9"  # a game of at most three moves, to reach the two replays at its end
# Every drawn chart text of the main pane, at its size on screen (its font size times the SVG's scale, turned
# text too: the length of the transform's first column).
SHOWN_SIZES = """() => [...document.querySelectorAll("[data-testid='stMain'] [data-testid='stVegaLiteChart'] svg text")]
  .filter(e => e.textContent.trim() && e.getBoundingClientRect().width > 0)
  .map(e => [Math.round(parseFloat(getComputedStyle(e).fontSize) * Math.hypot(e.getScreenCTM().a,
                                                                             e.getScreenCTM().b) * 10) / 10,
             e.textContent.trim().slice(0, 24)])"""
CHIPS = "g.speed_chip_0_marks path"


def phone(new_context, path: str) -> Page:
    """The page at `path` on a touch phone, its charts drawn."""
    page = new_context(**TOUCH).new_page()
    page.goto(path)
    page.get_by_test_id("stAppViewContainer").wait_for(state="attached", timeout=30_000)
    wait_for_app_run(page)
    expect(page.locator("[data-testid='stMain'] [data-testid='stVegaLiteChart'] svg text").first).to_be_attached()
    return page


def game_over(page: Page) -> None:
    """Take the first offered move until the game ends, then wait for its two replays."""
    for _ in range(len(SHORT.split(","))):
        takes = page.locator("[class*='st-key-play_take_'] button")
        if not takes.count():
            break
        takes.first.click()
        wait_for_app_run(page)
    expect(page.locator(CHART)).to_have_count(2)
    for chart in page.locator(CHART).all():
        expect(chart.locator("g.nav_label_0_marks text").first).to_be_attached()


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    "path", ["/play?values=ROW", "/play?values=SHORT&over", "/replay?values=ROW", "/tree?values=ROW"]
)
def test_chart_text_is_at_least_12_px_on_a_phone(new_context, path: str, lang: str) -> None:
    over = path.endswith("&over")
    url = path.replace("&over", "").replace("ROW", ROW).replace("SHORT", SHORT) + f"&lang={lang}"
    page = phone(new_context, url)
    if over:
        game_over(page)
    if "replay" in url:
        wait_for_chart(page)
    sizes = page.evaluate(SHOWN_SIZES)
    assert sizes, "no chart text"
    small = sorted({(size, text) for size, text in sizes if size < 12})
    assert not small, f"{url}: chart text under 12 px on a phone (px on screen, text): {small[:10]}"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("over", [False, True], ids=["replay-page", "end-of-game"])
def test_the_replays_speed_chips_fit_a_thumb(new_context, over: bool, lang: str) -> None:
    page = phone(new_context, f"/play?values={SHORT}&lang={lang}" if over else f"/replay?values={ROW}&lang={lang}")
    if over:
        game_over(page)
    else:
        wait_for_chart(page)
    boxes = [b for b in (c.bounding_box() for c in page.locator(f"{CHART} {CHIPS}").all()) if b]
    assert len(boxes) >= 4, f"the speed chips: {boxes}"
    small = [(round(b["width"]), round(b["height"])) for b in boxes if min(b["width"], b["height"]) < 44]
    assert not small, f"speed chips under 44 px (width, height): {small}"
