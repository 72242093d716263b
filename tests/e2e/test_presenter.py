"""Presenter mode, the keyboard and a teacher's locked link, in the browser."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .helpers import (
    RunWatch,
    expect_frame,
    expect_playing,
    frame_slider,
    open_app,
    open_explainer,
    stage,
    wait_for_app_run,
    wait_for_chart,
)

LAST = 9  # [1,2,3,7]: steps 0 .. 2n+1


def caption(page: Page):
    """The stage's "phase · Step n of N" (in presenter mode it is the bar's status)."""
    return stage(page).locator(".status")


def test_keys_step_the_chart_anywhere_but_in_inputs(page: Page):
    watch = RunWatch(page).attach()
    open_explainer(page, "/?values=1,2,3,7&step=3")
    watch.arm()
    page.locator("h1").click()  # focus on the page, not on a control
    page.keyboard.press("ArrowRight")
    expect(frame_slider(page)).to_have_value("4")
    page.keyboard.press("End")
    expect(caption(page)).to_contain_text(f"Step {LAST} of {LAST}")
    page.keyboard.press("Home")
    expect(frame_slider(page)).to_have_value("0")
    page.keyboard.press("PageDown")
    expect(frame_slider(page)).to_have_value("1")
    page.locator("textarea").click()  # typing in the row box must not step the chart
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    expect(frame_slider(page)).to_have_value("1")
    frame_slider(page).focus()  # the slider's own arrow keys move it once, not twice
    page.keyboard.press("ArrowRight")
    expect(frame_slider(page)).to_have_value("2")
    watch.assert_no_rerun()  # stepping with keys costs the server nothing


def test_space_plays_and_pauses(page: Page):
    open_explainer(page, "/?values=1,2,3,7")
    page.locator("h1").click()
    page.keyboard.press(" ")
    expect_playing(page, True)
    expect(frame_slider(page)).not_to_have_value("0", timeout=5_000)  # playing, in the browser
    page.keyboard.press(" ")
    expect_playing(page, False)
    paused_at = frame_slider(page).input_value()
    page.wait_for_timeout(1_500)  # sampling: a paused chart stays put for longer than a frame at 1×
    expect(frame_slider(page)).to_have_value(paused_at)
    stage(page).locator("button.nav-next").focus()  # space on a focused button clicks it, once
    page.keyboard.press(" ")
    expect_frame(page, int(paused_at) + 1)
    expect_playing(page, False)


def test_presenter_mode_from_a_link(page: Page):
    open_explainer(page, "/?values=1,2,3,7&step=7&present=1")
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    expect(page.locator("textarea")).to_have_count(0)
    expect(caption(page)).to_contain_text("Step 7 of 9")
    for part in (".status", ".formula", ".sentence", "button.nav-play"):
        size = float(stage(page).locator(part).evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
        assert size >= 20, f"presenter text is large: {part} {size} px"
    page.keyboard.press("ArrowRight")
    expect(caption(page)).to_contain_text("Step 8 of 9")
    page.get_by_role("button", name="Exit presenter mode").click()
    wait_for_app_run(page)
    wait_for_chart(page)
    expect(page.get_by_test_id("stSidebar")).to_be_visible()
    assert "present" not in page.url


def test_a_locked_link_cannot_edit_the_row(page: Page):
    open_app(page, "/?values=1,2,3,-9&lock=1&lang=zh")
    expect(page.locator("textarea")).to_be_disabled()
    expect(page.get_by_text("此链接锁定了数组")).to_be_visible()
    wait_for_chart(page)
    assert "lock=1" in page.url
