"""Typing a row, sharing the link to it, and a row too long to animate whole."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from .helpers import (
    CHART,
    caption_formula,
    caption_title,
    chart_state,
    frame_slider,
    grid_row,
    open_app,
    open_explainer,
    press,
    wait_for_app_run,
    wait_for_chart,
)

TEXT_BOX = ".st-key-explainer_row_text textarea"
MINUS = "-"  # the grid writes negatives as the formulas and the input do


def submit(page: Page, text: str, how: str = "button") -> None:
    """Type `text` into the row box and apply it with the Apply button or Ctrl+Enter."""
    box = page.locator(TEXT_BOX)
    box.fill(text)
    if how == "button":
        page.get_by_test_id("stFormSubmitButton").click()
    else:
        box.press("Control+Enter")
    wait_for_app_run(page)
    wait_for_chart(page)


def test_typed_rows_and_bad_input(page: Page):
    open_explainer(page, "/")
    warnings = page.get_by_test_id("stAlertContainer")
    expect(warnings).to_have_count(0)
    press(page, "last")
    before = chart_state(page)
    assert before["formula"] == ["2·dp[0] = 12 < total = 13 → Bob"]

    submit(page, "1,2,x")  # a bad token: named, with its place, and the last good row stays
    expect(warnings).to_have_count(1)
    expect(warnings).to_contain_text("Could not read the piles")
    expect(warnings).to_contain_text("#3 “x” (at character 5)")
    expect(warnings).to_contain_text("Still showing the last good row.")
    expect(page.locator(TEXT_BOX)).to_have_value("1,2,x")  # what was typed stays, to be corrected
    assert grid_row(page, "values") == ["1", "2", "3", "7", ""]
    press(page, "last")
    assert chart_state(page) == before
    assert "values" not in page.url, page.url  # still the default row

    submit(page, "[1,2,3,-9]")  # LeetCode's own format; a good row clears the warning
    expect(warnings).to_have_count(0)
    expect(frame_slider(page)).to_have_value("0")  # a new row starts at step 0
    assert grid_row(page, "values") == ["1", "2", "3", f"{MINUS}9", ""]
    press(page, "last")
    expect(frame_slider(page)).to_have_value("9")
    assert caption_formula(page) == ["2·dp[0] = 12 > total = -3 → Alice"]
    assert grid_row(page, "dp") == ["6", "5", "3", f"{MINUS}9", "0"]

    submit(page, "1，2，3，6", how="keyboard")  # full-width commas from a Chinese IME, applied with Ctrl+Enter
    expect(warnings).to_have_count(0)
    assert grid_row(page, "values") == ["1", "2", "3", "6", ""]
    press(page, "last")
    assert caption_formula(page) == ["2·dp[0] = 12 = total = 12 → Tie"]
    assert parse_qs(urlsplit(page.url).query).get("values") == ["1,2,3,6"], page.url


def test_share_link_reproduces_the_state_in_a_fresh_browser(page: Page, new_context):
    open_explainer(page, "/?values=1,2,3,-9&step=6&lang=zh")
    expect(frame_slider(page)).to_have_value("6")
    first = chart_state(page)
    assert first["title"] == "从后往前填写 dp · 第 6 步，共 9 步"
    assert first["formula"] == ["dp[2] = suffix[2] − min(dp[3], dp[4])", "= -6 − min(-9, 0) = 3"]
    link = page.url
    shown_link = page.get_by_test_id("stCode").first.text_content()  # the link in the "share" expander
    assert shown_link, "no link in the share box"
    shown, current = urlsplit(shown_link.strip()), urlsplit(link)  # the box writes http://host:port?… for `/`
    assert (shown.netloc, shown.path or "/", parse_qs(shown.query)) == (
        current.netloc,
        current.path,
        parse_qs(current.query),
    )

    other = new_context().new_page()  # no cookies, no session state: only the link
    open_explainer(other, link)
    expect(frame_slider(other)).to_have_value(first["frame"])
    assert chart_state(other) == first
    expect(other.locator("h1")).to_have_text("石子游戏 III 图解")


def test_fifty_thousand_piles(page: Page):
    started = time.monotonic()
    open_app(page, "/?random=50000&seed=1")
    wait_for_chart(page)
    elapsed = time.monotonic() - started
    assert elapsed < 20, f"50,000 piles took {elapsed:.1f} s to draw"
    note = page.get_by_test_id("stAlertContainer").filter(has_text="too many to draw at once")
    expect(note).to_have_count(1)
    expect(note).to_contain_text("50,000 piles")
    expect(note).to_contain_text("piles 49984–49999")
    # only a window of 16 piles is animated: 34 frames for 100,002 steps
    slider = frame_slider(page)
    expect(slider).to_have_attribute("max", "33")
    assert caption_title(page) == "Start: the base case · Step 0 of 100001"
    assert len(grid_row(page, "values")) == 17  # 16 piles and the one known position after them
    press(page, "next")  # frame 1 is the first suffix step of the window's last pile
    expect(slider).to_have_value("1")
    assert caption_title(page) == "Suffix sums · Step 1 of 100001"
    slider.fill("17")  # frame 17: the first dp step
    assert caption_title(page) == "Backward fill of dp · Step 50001 of 100001"
    expect(page.locator(CHART).locator("g.nav_label_0_marks text")).to_have_count(5)
    expect(page.get_by_test_id("stSlider").filter(has_text="Look at pile")).to_have_count(1)  # the window control
