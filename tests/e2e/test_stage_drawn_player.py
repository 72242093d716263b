"""The drawn player the other animated charts share (stonegame/draw/player.py nav_bar), in the browser on
the Replay page and on a ladder rung: the same state machine as the stage's (play stops at the last
frame, a manual move pauses and stays paused, play at the last frame restarts), no bindings, no server."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from .helpers import (
    BINDINGS,
    CHART,
    NAV,
    NAV_LABELS,
    SPEED_LABELS,
    RunWatch,
    drawn_press,
    drawn_seek,
    drawn_step,
    open_app,
    record_frames,
    recorded_frames,
    wait_for_app_run,
    wait_for_chart,
    wait_for_frames,
)

ROW = "3,-1,4,1,-5,9,2,-6,5,3"  # ten piles: a replay of several turns


def play_label(chart: Locator) -> Locator:
    return chart.locator(NAV_LABELS).nth(NAV.index("play"))


def last_frame(chart: Locator) -> int:
    return int(re.fullmatch(r"step \d+ of (\d+)", drawn_step(chart).text_content() or "")[1])


def expect_frame(chart: Locator, frame: int, timeout: int = 10_000) -> None:
    expect(drawn_step(chart)).to_have_text(re.compile(rf"^step {frame} of \d+$"), timeout=timeout)


def stays(page: Page, chart: Locator, frame: int) -> None:
    """Sampling, not synchronisation: over 1.2 s (four frames at 4×) the player shows no other frame."""
    record_frames(page, chart)
    page.wait_for_timeout(1_200)
    assert recorded_frames(page) == [], f"the player moved on by itself from {frame}"
    expect_frame(chart, frame)
    expect(play_label(chart)).to_have_text("▶ play")


def check_state_machine(page: Page, chart: Locator) -> None:
    expect(chart.locator(BINDINGS)).not_to_be_visible()  # no raw Vega bindings
    last = last_frame(chart)
    assert last >= 3, last
    chart.locator(SPEED_LABELS).filter(has_text="4×").click()
    record_frames(page, chart)
    drawn_press(chart, "play")
    expect(play_label(chart)).to_have_text("❚❚ pause")
    expect_frame(chart, last, timeout=15_000)  # it stops by itself at the last frame
    assert recorded_frames(page) == list(range(1, last + 1))
    expect(play_label(chart)).to_have_text("▶ play")
    drawn_press(chart, "back")  # at the end, back stays back: nothing runs forward again
    expect_frame(chart, last - 1)
    stays(page, chart, last - 1)
    drawn_press(chart, "first")
    expect_frame(chart, 0)
    stays(page, chart, 0)
    drawn_press(chart, "last")
    expect_frame(chart, last)
    record_frames(page, chart)
    drawn_press(chart, "play")  # play at the last frame starts over from 0
    frames = wait_for_frames(page, 2)
    assert frames[:2] == [0, 1], frames
    drawn_press(chart, "next")  # a manual step while playing pauses
    expect(play_label(chart)).to_have_text("▶ play")
    stopped = int(re.match(r"step (\d+)", drawn_step(chart).text_content() or "")[1])
    stays(page, chart, stopped)
    drawn_press(chart, "play")
    expect(play_label(chart)).to_have_text("❚❚ pause")
    drawn_seek(chart, 1)  # the scrubber while playing: that frame, paused
    expect_frame(chart, 1)
    stays(page, chart, 1)


def test_the_replay_player(page: Page):
    watch = RunWatch(page).attach()
    open_app(page, f"/replay?values={ROW}")
    chart = wait_for_chart(page)
    watch.arm()
    check_state_machine(page, chart)
    drawn_press(chart, "play")  # keys pause it too
    expect(play_label(chart)).to_have_text("❚❚ pause")
    page.locator("h1").click()
    page.keyboard.press("Home")
    expect_frame(chart, 0)
    stays(page, chart, 0)
    watch.assert_no_rerun()


def test_a_ladder_rung_player(page: Page):
    watch = RunWatch(page).attach()
    open_app(page, "/approaches?values=1,2,3,7")
    page.locator(".st-key-ladder_pick button").nth(2).press("Enter")  # the table's tab: a rung is drawn once picked
    wait_for_app_run(page)
    chart = page.locator(".st-key-ladder_rung_table").locator(CHART)
    expect(chart.locator(NAV_LABELS)).to_have_count(len(NAV))
    watch.arm()
    check_state_machine(page, chart)
    watch.assert_no_rerun()
