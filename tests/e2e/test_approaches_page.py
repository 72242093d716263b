"""The approach-ladder page in a real browser: it opens from a deep link without errors, its charts draw
(a rung's once its tab under the ladder table is picked), its animations play and step in the browser (the
server takes no part), its counters show, every rung's tab fits one 1280×720 screen under the strip, and it
fits a phone with thumb-sized controls. Screenshots at 1280×720 and 390×844 are left in
artifacts/screenshots/ for a person to look at."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers import (
    DESKTOP,
    NAV,
    NAV_BUTTONS,
    NAV_LABELS,
    PHONE,
    SCREENSHOT_DIR,
    SPEED_LABELS,
    RunWatch,
    clean,
    drawn_step,
    horizontal_overflow,
    open_app,
    screenshot,
    wait_for_app_run,
)

RUNGS = ("recursion", "memo", "table", "window")
COUNTERS = ("calls", "cache hits", "cells written", "cells held", "stack depth")


def rung(page: Page, name: str) -> Locator:
    """The container of a rung's animated chart."""
    return page.locator(f".st-key-ladder_rung_{name}")


def drawn(page: Page, name: str) -> Locator:
    """A rung's chart once Vega has drawn it (its five buttons exist)."""
    chart = rung(page, name).get_by_test_id("stVegaLiteChart")
    expect(chart.locator(NAV_LABELS)).to_have_count(len(NAV))
    expect(chart).to_have_attribute("role", "graphics-document")
    return chart


def press(chart: Locator, action: str) -> None:
    """Click an in-chart button on its label, as a person would."""
    chart.locator(NAV_LABELS).nth(NAV.index(action)).click()


def counters(chart: Locator) -> dict[str, str]:
    """The counters the chart shows now: {name: number or —}."""
    words = [clean(w) for w in chart.locator("g[class*='ladder_counter_word'] text").all_text_contents()]
    values = [clean(v) for v in chart.locator("g[class*='ladder_counter_value'] text").all_text_contents()]
    return dict(zip(words, values, strict=True))


def highlighted(chart: Locator) -> list[str]:
    """The listing lines under the highlight band, as drawn."""
    bands = chart.locator("g[class*='ladder_code_highlight'] path").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; })"
    )
    lines = chart.locator("g[class*='ladder_code_text'] text").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [(r.top + r.bottom) / 2, e.textContent]; })"
    )
    return [clean(text) for mid, text in lines if any(top <= mid <= bottom for top, bottom in bands)]


def expect_frame(chart: Locator, frame: int, timeout: int = 10_000) -> None:
    """The drawn player's "step n of N" says `frame`."""
    expect(drawn_step(chart)).to_have_text(re.compile(rf"^step {frame} of \d+$"), timeout=timeout)


TAB_STRIP = ".st-key-ladder_pick"
ISSUE_ROW = "5,-3,8,2,-1,7,4,-6"  # the row issue 40 was walked with (the recursion: 274 steps)
BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def pick(page: Page, name: str) -> Locator:
    """Pick a rung's tab in the strip under the ladder table (focused and Enter, as a keyboard does: a click
    where the pointer rests was intercepted now and then by the stElementToolbar that a hovered chart or table
    shows over the strip's last tab); its chart once drawn and visible."""
    page.locator(f"{TAB_STRIP} button").nth(RUNGS.index(name)).press("Enter")
    wait_for_app_run(page)
    chart = drawn(page, name)
    expect(chart).to_be_visible()
    return chart


def test_deep_link_opens_with_every_chart_drawn_and_the_counters_shown(page: Page):
    open_app(page, "/approaches?values=1,2,3,-9&k=3&form=diff&lang=zh")
    expect(page.locator("h1")).to_have_text("所有解法，用你的数组对照")
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_test_id("stAlertContainer").filter(has_text="链接")).to_have_count(0)  # a good link: no warning
    summary = page.locator(".st-key-ladder_summary").get_by_test_id("stTable")
    expect(summary).to_contain_text("1 · 朴素递归")
    expect(page.get_by_test_id("stAlertContainer").filter(has_text="diff[0] = 15")).to_contain_text("Alice")
    for name in RUNGS:
        pick(page, name)
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(4)  # the four rungs (the growth charts folded)
    for fold in range(2):  # the formulations, then the growth charts: folded away
        page.get_by_test_id("stExpander").nth(-2 + fold).locator("summary").click()
        wait_for_app_run(page)
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(6)  # and the two growth charts
    expect(page.locator(".st-key-ladder_form_diff")).to_contain_text("侧边栏当前选择")
    for chart in page.get_by_test_id("stVegaLiteChart").all():
        expect(chart).to_have_attribute("role", "graphics-document")
    shown = counters(drawn(page, "memo"))
    assert list(shown) == ["调用", "缓存命中", "写入格子", "占用格子", "栈深度"] and set(shown.values()) == {"0"}
    assert re.search(r"[?&]values=1(%2C|,)2(%2C|,)3(%2C|,)-9", page.url) and "form=diff" in page.url


def test_the_recursion_plays_in_the_browser_and_its_counters_follow(page: Page):
    watch = RunWatch(page).attach()
    open_app(page, "/approaches?values=1,2,3,7")
    chart = drawn(page, "recursion")
    watch.arm()
    assert counters(chart) == dict(zip(COUNTERS, ["0", "—", "0", "0", "0"], strict=True))
    chart.locator(SPEED_LABELS).filter(has_text="4×").click()  # 0.3 s a frame
    press(chart, "play")
    expect(chart.locator(NAV_LABELS).nth(NAV.index("play"))).to_have_text("❚❚ pause")
    expect(drawn_step(chart)).not_to_have_text(re.compile(r"^step 0 of"))
    expect_frame(chart, 24, timeout=20_000)  # 23 events and the verdict, then it stops by itself
    assert counters(chart) == dict(zip(COUNTERS, ["15", "—", "0", "0", "0"], strict=True))
    assert any("2·dp(0) = 12 < total = 13" in clean(t) for t in chart.locator("text").all_text_contents())
    watch.assert_no_rerun()


def test_stepping_the_table_and_the_window_moves_counters_and_code_without_the_server(page: Page):
    watch = RunWatch(page).attach()
    open_app(page, "/approaches?values=1,2,3,7")
    table = pick(page, "table")
    watch.arm()
    press(table, "next")
    expect_frame(table, 1)
    assert counters(table)["cells written"] == "1" and counters(table)["cells held"] == "5"
    assert highlighted(table) == [
        "opponent = min(dp[i + 1 : i + 1 + max_take])",
        "dp[i] = suffix[i] - opponent",
    ]
    watch.assert_no_rerun()
    window = pick(page, "window")  # a pick runs the page; the steps after it do not
    expect_frame(table, 1)  # the table, hidden now, kept its step
    watch.arm()
    for _ in range(3):
        press(window, "next")
    expect_frame(window, 3)
    assert counters(window)["cells held"] == "3" and counters(window)["cells written"] == "3"
    assert "window.pop() # dp[i+max_take] is never read again" in highlighted(window)  # dp[4] let go at pile 1
    slots = [clean(t) for t in window.locator("g[class*='ladder_slot_text'] text").all_text_contents()]
    assert "● dp[1] = 12" in slots  # dp[1] just written, into the window and into ring slot 1 % 4
    press(window, "last")
    expect_frame(window, 5)
    watch.assert_no_rerun()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_screenshots_and_no_sideways_scrolling(new_context, viewport: dict):
    page = new_context(viewport=viewport).new_page()
    open_app(page, "/approaches?values=1,2,3,7&step=0")
    for name in RUNGS:
        pick(page, name)
    sizes = horizontal_overflow(page)
    too_wide = {k: v for k, v in sizes.items() if v[0] > v[1] + 1}
    assert not too_wide, f"scrolls sideways at {viewport['width']} px (scrollWidth, clientWidth): {too_wide}"
    size = f"{viewport['width']}x{viewport['height']}"
    press(pick(page, "recursion"), "last")
    for full in (False, True):
        png = screenshot(page, SCREENSHOT_DIR / f"approaches-{size}{'-full' if full else ''}.png", full=full)
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000


GROWTH_BOXES = """el => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const texts = sel => [...el.querySelectorAll(sel)].filter(t => t.textContent.trim()).map(box);
  return {
    plot: Math.max(...[...el.querySelectorAll('g.role-axis-grid')].map(g => g.getBoundingClientRect().height)),
    chart: box(el),
    axes: [...el.querySelectorAll('g.role-axis')].map(a => [...a.querySelectorAll('g.role-axis-label text')].map(box))
      .filter(labels => labels.length),  // the grid lines are axes of their own, without labels
    legend: texts('g.role-legend-label text'),
    words: [...el.querySelectorAll('g.role-legend-label text')].map(t => t.textContent),
    title: [...el.querySelectorAll('g.role-title-text text')].map(t => t.textContent),
  };
}"""


def overlapping(boxes: list[list[float]]) -> list[tuple[int, int]]:
    """The pairs of boxes (left, top, right, bottom) that overlap by more than a pixel each way."""
    return [
        (i, j)
        for i, a in enumerate(boxes)
        for j, b in enumerate(boxes[i + 1 :], i + 1)
        if min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1
    ]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_growth_charts_are_tall_enough_and_nothing_overlaps(new_context, viewport: dict, lang: str):
    page = new_context(viewport=viewport).new_page()
    open_app(page, f"/approaches?values=1,2,3,7&lang={lang}")
    page.get_by_test_id("stExpander").last.locator("summary").click()  # the growth charts are folded away
    wait_for_app_run(page)
    charts = page.get_by_test_id("stVegaLiteChart")
    expect(charts).to_have_count(3)  # the recursion's (its tab is picked at first), then the growth charts
    for index in (1, 2):  # work, then memory
        chart = charts.nth(index)
        expect(chart).to_have_attribute("role", "graphics-document")
        chart.scroll_into_view_if_needed()
        shown = chart.evaluate(GROWTH_BOXES)
        assert shown["plot"] >= 180, f"plot {shown['plot']:.0f} px tall"
        assert len(shown["axes"]) == 2
        for labels in shown["axes"]:
            assert len(labels) >= 2 and not overlapping(labels), labels
        assert len(shown["legend"]) == 4 and not overlapping(shown["legend"]), shown["legend"]
        left, _, right, _ = shown["chart"]
        assert all(left - 1 <= box[0] and box[2] <= right + 1 for box in shown["legend"]), "a legend label is cut"
        assert not any(word.endswith("…") for word in shown["words"]), shown["words"]
        assert shown["title"] and not any("…" in line for line in shown["title"]), shown["title"]  # wraps, never cut
    size = f"{viewport['width']}x{viewport['height']}"
    screenshot(page, SCREENSHOT_DIR / f"approaches-growth-{lang}-{size}.png")


def test_each_tab_sits_right_under_the_strip_and_fits_one_screen(new_context):
    """At 1280×720 every rung's player starts just under the tab strip (the hidden tabs take no room, not
    even the gaps between blocks), and the strip, the player and the rung's first picture span at most 720
    px, so a teacher scrolls the strip to the top once and compares the four by clicks."""
    page = new_context(viewport=DESKTOP).new_page()
    open_app(page, f"/approaches?values={ISSUE_ROW}")
    strip = page.locator(TAB_STRIP).evaluate(BOX)
    for name in RUNGS:
        chart = pick(page, name)
        player = chart.locator(NAV_BUTTONS).first.evaluate(BOX)
        shown = chart.locator("g.concat_3_group").first.evaluate(BOX)  # after the player, caption, counters
        assert player[1] - strip[3] <= 24, f"{name}: the player starts {player[1] - strip[3]:.0f} px under the strip"
        span = shown[3] - strip[1]
        assert span <= DESKTOP["height"], f"{name}: the strip to the first picture's bottom spans {span:.0f} px"


TOUCH_BOXES = """el => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; };
  const band = els => { const rs = els.map(e => e.getBoundingClientRect());
    return rs.length ? [Math.max(...rs.map(r => r.right)) - Math.min(...rs.map(r => r.left)),
                        Math.max(...rs.map(r => r.bottom)) - Math.min(...rs.map(r => r.top))] : [0, 0]; };
  return {
    buttons: [...el.querySelectorAll('g.nav_button_0_marks path')].map(box),
    chips: [...el.querySelectorAll('g.speed_chip_0_marks path')].map(box),
    scrubber: band([...el.querySelectorAll('g.scrub_cell_0_marks path')]),
  };
}"""
HTML_CONTROLS = (
    "[data-testid='stMain'] button:visible, [data-testid='stMain'] [data-testid='stExpander'] summary:visible"
)


def test_every_control_is_thumb_sized_on_a_touch_phone(new_context):
    """On a 390×844 touch screen every control of the page is at least 44×44 px: the tab strip's tabs, the
    page's HTML buttons and expanders, and each rung's drawn player (its five buttons, its speed chips and
    its scrubber's band, the place a thumb presses or drags to seek)."""
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    open_app(page, f"/approaches?values={ISSUE_ROW}")
    small = {}
    for name in RUNGS:
        chart = pick(page, name)
        tabs = page.locator(f"{TAB_STRIP} button").evaluate_all("els => els.map(e => [e.offsetWidth, e.offsetHeight])")
        assert len(tabs) == len(RUNGS)
        drawn_boxes = chart.evaluate(TOUCH_BOXES)
        assert len(drawn_boxes["buttons"]) == len(NAV) and len(drawn_boxes["chips"]) == 4
        found = {"tab": tabs, **{k: v for k, v in drawn_boxes.items() if k != "scrubber"}}
        found["scrubber"] = [drawn_boxes["scrubber"]]
        found["html"] = page.locator(HTML_CONTROLS).evaluate_all(
            "els => els.map(e => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])"
        )
        for kind, boxes in found.items():
            under = [[round(w), round(h)] for w, h in boxes if w < 44 or h < 44]
            if under:
                small[f"{name} {kind}"] = under
    assert not small, f"controls under 44×44 px on a touch phone (width, height): {small}"
