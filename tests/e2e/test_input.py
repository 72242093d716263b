"""Typing a row, sharing the link to it, and a row too long to animate whole."""

from __future__ import annotations

import re
import time
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, expect

from .helpers import (
    RunWatch,
    caption_formula,
    caption_title,
    chart_state,
    expect_frame,
    expect_playing,
    frame_slider,
    grid,
    grid_row,
    open_app,
    open_explainer,
    press,
    speed_menu,
    stage,
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
        page.get_by_test_id("stMain").get_by_test_id("stFormSubmitButton").click()
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
    expect(page.get_by_test_id("stCode")).to_have_count(0)  # the folded "share" expander draws nothing
    share = page.get_by_test_id("stExpander").filter(has_text="此数组与步骤的链接")
    share.locator("summary").click()  # opening it runs the script, which draws its content
    wait_for_app_run(page)
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
    # the picture draws as many of the window's piles as fit, around the pile the step speaks of: at
    # step 0 the known position after the last pile
    shown = grid_row(page, "dp")
    assert 4 <= len(shown) <= 17 and shown[-1] == "0" and set(shown[:-1]) == {"·"}, shown
    press(page, "next")  # frame 1 is the first suffix step of the window's last pile
    expect(slider).to_have_value("1")
    assert caption_title(page) == "Suffix sums · Step 1 of 100001"
    slider.fill("17")  # frame 17: the first dp step
    assert caption_title(page) == "Backward fill of dp · Step 50001 of 100001"
    expect(stage(page).locator("button.nav")).to_have_count(5)
    expect(page.get_by_test_id("stSlider").filter(has_text="Look at pile")).to_have_count(1)  # the window control


def test_link_to_this_step_carries_the_step_on_screen(page: Page, new_context):
    watch = RunWatch(page).attach()
    open_explainer(page, "/?values=1,2,3,-9&step=2")
    expect_frame(page, 2)
    for _ in range(3):
        press(page, "next")
    expect_frame(page, 5)
    watch.arm()
    stage(page).get_by_role("button", name="Link to this step").click()
    wait_for_app_run(page)
    seen = watch.changes()
    assert seen["script_states"].count("running") == 1, seen  # one rerun for the click
    link = page.get_by_test_id("stCode").first
    expect(link).to_contain_text("step=5")
    assert parse_qs(urlsplit(page.url).query).get("step") == ["5"], page.url  # the address bar too
    expect_frame(page, 5)  # the stage stayed where it was
    shown, first_link = chart_state(page), (link.text_content() or "").strip()

    watch.arm()  # playing costs no rerun, and the link's rerun does not stop it
    speed_menu(page).select_option(label="4×")
    press(page, "first")
    press(page, "play")
    expect_playing(page, True)
    watch.assert_no_rerun()
    stage(page).get_by_role("button", name="Link to this step").click()
    wait_for_app_run(page)
    expect_frame(page, 9)  # it played on to the end
    expect(link).not_to_contain_text("step=5")

    other = new_context().new_page()  # no cookies, no session state: only the link
    open_explainer(other, first_link)
    expect_frame(other, 5)
    assert chart_state(other) == shown


def test_a_long_row_window_follows_the_step_and_the_verdict_shows_dp0(page: Page):
    open_explainer(page, "/?random=30&seed=7")  # 30 piles, 62 steps: the whole row travels, a window is drawn
    expect(frame_slider(page)).to_have_attribute("max", "61")
    for frame, pile in ((0, 30), (1, 29), (20, 10), (31, 29), (45, 15), (60, 0)):
        frame_slider(page).fill(str(frame))
        expect_frame(page, frame)
        title = caption_title(page)
        piles = sorted(int(col) for col in grid(page).get("dp", {}))
        assert pile in piles, f"frame {frame} ({title}) speaks of pile {pile}; the grid shows {piles}"
        assert len(piles) < 31, "a window, not the whole row"
    press(page, "last")
    expect_frame(page, 61)
    assert caption_title(page) == "Verdict · Step 61 of 61"
    assert caption_formula(page)[0].startswith("2·dp[0] = ")
    dp = grid(page)["dp"]
    assert "0" in dp and dp["0"] not in ("", "·"), dp  # dp[0], that the verdict speaks of, is on screen
    assert caption_formula(page)[0].startswith(f"2·dp[0] = {2 * int(dp['0'].replace('−', '-'))} ")


def test_a_click_on_the_overview_moves_the_window_there(page: Page):
    """A click on a long row's overview moves the window to the bin under the pointer, on any of its three
    strips and on a band's own line too (its bins were only 5 px tall and the band's area, under the
    pointer there, always gave its first bin), and the step into the link."""
    open_app(page, "/?random=3000&seed=1")
    wait_for_chart(page)
    note = page.get_by_test_id("stAlertContainer").filter(has_text="too many to draw at once")
    expect(note).to_contain_text("piles 2984–2999")
    overview = page.locator(".st-key-explainer_overview").get_by_test_id("stVegaLiteChart")
    overview.scroll_into_view_if_needed()
    for strip, share in enumerate((0.3, 0.55, 0.8)):
        band = overview.locator(f"g.overview_{('suffix', 'dp', 'diff')[strip]}_pick_{strip}_marks").bounding_box()
        left = overview.locator("g.role-axis").last.bounding_box()  # the pile axis, under the last strip
        x = left["x"] + left["width"] * share
        page.mouse.click(x, band["y"] + band["height"] / 2)  # the middle of the strip: on the band's line
        wait_for_app_run(page)
        lo, hi = (int(p) for p in re.search(r"piles (\d+)–(\d+)", note.inner_text()).groups())
        assert lo - 150 <= 3000 * share <= hi + 150, (strip, share, lo, hi)  # the bin clicked (bins: 20 piles)
        step = int(parse_qs(urlsplit(page.url).query)["step"][0])
        assert 0 < step < 2 * 3000, step
