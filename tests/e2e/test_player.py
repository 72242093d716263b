"""The animated explainer chart, driven in the browser: it is drawn, its numbers are right, and play,
pause, the step buttons and the slider move it without the server taking part."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .helpers import (
    CHART,
    RunWatch,
    caption_formula,
    caption_sentence,
    caption_title,
    code_lines,
    frame_slider,
    grid_row,
    highlighted_code,
    nav_button,
    nav_label,
    open_explainer,
    playing_box,
    press,
    record_frames,
    recorded_frames,
    speed_menu,
    wait_for_app_run,
    wait_for_chart,
    wait_for_frames,
)

# LeetCode 1406, example 1, worked by hand: suffix sums and dp filled from the right.
ROW = [1, 2, 3, 7]
SUFFIX = ["13", "12", "10", "7", "0"]
DP = ["6", "12", "10", "7", "0"]
LAST = 2 * len(ROW) + 1  # steps: 0 start, 1..n suffix, n+1..2n dp, 2n+1 verdict

# What each kind of step highlights in the Python listing.
START_LINES = ["suffix = [0] * (n + 1)", "dp = [0] * (n + 1)"]
SUFFIX_LINES = ["suffix[i] = stone_value[i] + suffix[i + 1]"]
DP_LINES = ["opponent = min(dp[i + 1 :", "dp[i] = suffix[i] - opponent"]
VERDICT_LINES = ["if 2 * dp[0] == total:", 'return "Alice" if 2 * dp[0] > total else "Bob"']


def assert_highlight(page: Page, expected: list[str]) -> None:
    """The highlighted listing lines are exactly the ones that start with `expected`, in order."""
    shown = highlighted_code(page)
    assert len(shown) == len(expected), f"highlighted {shown}, expected lines starting {expected}"
    for line, start in zip(shown, expected, strict=True):
        assert line.startswith(start), f"highlighted {shown}, expected lines starting {expected}"


def expect_step(page: Page, step: int) -> None:
    """The slider and the caption title both say `step` (for n ≤ 16 the frame is the step)."""
    expect(frame_slider(page)).to_have_value(str(step))
    expect(page.locator(CHART).locator("g.caption_title_1_marks text")).to_contain_text(f"Step {step} of {LAST}")


def test_chart_is_drawn_with_the_right_numbers(page: Page):
    open_explainer(page, "/?values=1,2,3,7")
    chart = page.locator(CHART)
    # a real Vega view: an SVG with mark groups and many drawn marks, sized to the page
    svg = chart.locator("svg.marks")
    expect(svg).to_have_count(1)
    box = svg.bounding_box()
    assert box and box["width"] > 600 and box["height"] > 600, box
    assert chart.locator("g.role-mark path, g.role-mark text").count() > 60
    assert chart.locator("g.grid_boxes_2_marks path").count() == 3 * (len(ROW) + 2)  # 3 rows × (name + n + 1)

    # step 0: only the given values (and the base case n) are known; '·' marks what is not computed yet
    expect_step(page, 0)
    assert grid_row(page, "values") == ["1", "2", "3", "7", ""]
    assert grid_row(page, "suffix") == ["·", "·", "·", "·", "0"]
    assert grid_row(page, "dp") == ["·", "·", "·", "·", "0"]
    assert caption_formula(page) == ["suffix[4] = 0, dp[4] = 0"]
    assert_highlight(page, START_LINES)

    press(page, "last")
    expect_step(page, LAST)
    assert grid_row(page, "suffix") == SUFFIX
    assert grid_row(page, "dp") == DP
    assert caption_title(page) == f"Verdict · Step {LAST} of {LAST}"
    assert caption_formula(page) == ["2·dp[0] = 12 < total = 13 → Bob"]
    assert "Bob wins" in caption_sentence(page)
    assert_highlight(page, VERDICT_LINES)


def test_buttons_and_slider_move_caption_and_code_without_rerun(page: Page):
    watch = RunWatch(page).attach()
    open_explainer(page, "/?values=1,2,3,7&step=5")
    watch.arm()

    expect_step(page, 5)
    assert caption_formula(page) == ["dp[3] = suffix[3] − min(dp[4])", "= 7 − min(0) = 7"]
    assert_highlight(page, DP_LINES)
    dp_band = page.locator(CHART).locator("g.code_highlight_4_marks path").first.bounding_box()

    press(page, "back")  # a suffix step: the caption and the code follow
    expect_step(page, 4)
    assert caption_title(page) == f"Suffix sums · Step 4 of {LAST}"
    assert caption_formula(page) == ["suffix[0] = values[0] + suffix[1]", "= 1 + 12 = 13"]
    assert_highlight(page, SUFFIX_LINES)
    suffix_band = page.locator(CHART).locator("g.code_highlight_4_marks path").first.bounding_box()
    assert suffix_band["y"] < dp_band["y"], "the suffix loop is above the dp loop in the listing"

    nav_button(page, "next").click(position={"x": 8, "y": 8})  # the button itself, off its label
    expect_step(page, 5)
    assert_highlight(page, DP_LINES)

    press(page, "first")
    expect_step(page, 0)
    assert caption_formula(page) == ["suffix[4] = 0, dp[4] = 0"]
    assert_highlight(page, START_LINES)

    press(page, "back")  # already at the start: stays
    expect_step(page, 0)

    frame_slider(page).fill("7")  # jump with the slider
    expect_step(page, 7)
    assert caption_title(page) == f"Backward fill of dp · Step 7 of {LAST}"
    assert caption_formula(page) == ["dp[1] = suffix[1] − min(dp[2], dp[3], dp[4])", "= 12 − min(10, 7, 0) = 12"]
    assert grid_row(page, "dp") == ["·", "12", "10", "7", "0"]
    assert_highlight(page, DP_LINES)

    frame_slider(page).press("ArrowLeft")  # the slider takes arrow keys too
    expect_step(page, 6)
    assert caption_formula(page)[1] == "= 10 − min(7, 0) = 10"

    press(page, "last")
    expect_step(page, LAST)
    press(page, "next")  # already at the end: stays
    expect_step(page, LAST)
    assert caption_formula(page) == ["2·dp[0] = 12 < total = 13 → Bob"]

    watch.assert_no_rerun()

    # the watch can see a rerun: changing "Open at step" is one
    page.locator(".st-key-explainer_step input").fill("3")
    page.locator(".st-key-explainer_step input").press("Enter")
    wait_for_app_run(page)
    seen = watch.changes()
    assert "running" in seen["script_states"] and seen["sent"] > 0 and seen["received"] > 0, seen
    wait_for_chart(page)
    expect_step(page, 3)


def test_play_advances_in_the_browser_and_pause_stops_it(page: Page):
    watch = RunWatch(page).attach()
    open_explainer(page, "/?values=1,2,3,7")
    watch.arm()
    slider, play = frame_slider(page), nav_label(page, "play")
    expect(play).to_have_text("▶ play")
    expect(playing_box(page)).not_to_be_checked()

    speed_menu(page).select_option(label="2×")  # 0.5 s a frame
    record_frames(page)
    press(page, "play")
    expect(play).to_have_text("❚❚ pause")
    expect(playing_box(page)).to_be_checked()
    frames = wait_for_frames(page, 3)  # it passes through the frames one by one
    assert frames[:3] == [1, 2, 3], f"the frames shown while playing: {frames}"

    press(page, "play")  # the same button now pauses
    expect(play).to_have_text("▶ play")
    expect(playing_box(page)).not_to_be_checked()
    paused = slider.input_value()
    assert 3 <= int(paused) < LAST
    record_frames(page)
    for _ in range(4):  # sampling that nothing changes: 1.2 s is over two frames at 2×
        page.wait_for_timeout(300)
        assert slider.input_value() == paused, "the frame moved after pause"
    assert recorded_frames(page) == [], "the chart drew other frames after pause"
    title = caption_title(page)

    press(page, "play")  # resume; it stops by itself at the verdict
    expect(slider).to_have_value(str(LAST), timeout=10_000)
    expect(play).to_have_text("▶ play")
    assert title != caption_title(page)
    assert caption_formula(page) == ["2·dp[0] = 12 < total = 13 → Bob"]

    press(page, "play")  # play at the end starts over from the first frame
    expect(slider).not_to_have_value(str(LAST))
    press(page, "first")
    expect_step(page, 0)
    watch.assert_no_rerun()


def test_java_listing(page: Page):
    open_explainer(page, "/?values=1,2,3,7&step=5&code=java")
    lines = code_lines(page)
    assert any("bestj" in line for line in lines), lines
    assert not any("stone_game_iii" in line for line in lines), "still the Python listing"
    expect(page.get_by_test_id("stSidebar").get_by_role("radio", name="Java")).to_be_checked()
    # step 5 fills dp[3], the last pile: one candidate, so the inner loop's line is not run
    expect_step(page, 5)
    assert_highlight(page, ["int bestj = f[i + 1];", "f[i] = suffixSum[i] - bestj;"])
    frame_slider(page).fill("7")  # dp[1] weighs three candidates: the Math.min line runs too
    expect_step(page, 7)
    assert_highlight(page, ["int bestj = f[i + 1];", "bestj = Math.min(bestj, f[j]);", "f[i] = suffixSum[i] - bestj;"])
    press(page, "back")
    press(page, "back")
    press(page, "back")  # step 4: the suffix loop
    expect_step(page, 4)
    assert_highlight(page, ["suffixSum[i] = suffixSum[i + 1] + stoneValue[i];"])


def test_language_switch(page: Page):
    open_explainer(page, "/?values=1,2,3,7&step=5")
    expect(page.locator("h1")).to_have_text("Stone Game III, explained")
    expect(nav_label(page, "play")).to_have_text("▶ play")
    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    wait_for_app_run(page)
    wait_for_chart(page)
    expect(page.locator("h1")).to_have_text("石子游戏 III 图解")
    expect(nav_label(page, "play")).to_have_text("▶ 播放")
    expect(page.get_by_test_id("stFormSubmitButton")).to_have_text("应用")
    title = page.locator(CHART).locator("g.caption_title_1_marks text")
    expect(title).to_contain_text("第 5 步，共 9 步")  # the chart, rebuilt in Chinese, still opens at step 5
    expect(page.get_by_test_id("stSidebar").get_by_role("link", name="追踪表")).to_be_visible()
    assert "lang=zh" in page.url
