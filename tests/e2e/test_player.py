"""The explainer's stage, driven in the browser: it is drawn with the right numbers, the caption and the
code follow the step, and the player is the state machine of stonegame/draw/player.py (play stops at the
last step, every manual move pauses, play at the last step starts again), all without the server."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from .helpers import (
    BINDINGS,
    RunWatch,
    caption_formula,
    caption_sentence,
    caption_title,
    code_lines,
    expect_frame,
    expect_playing,
    frame_slider,
    grid_row,
    highlighted_code,
    line_numbers,
    live_text,
    nav_label,
    open_explainer,
    press,
    record_frames,
    recorded_frames,
    speed_menu,
    stage,
    wait_for_app_run,
    wait_for_frames,
    wait_for_stage,
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
    """The scrubber, the player and the caption title all say `step` (for n ≤ 16 the frame is the step)."""
    expect_frame(page, step)
    expect(stage(page).locator(".title")).to_contain_text(f"Step {step} of {LAST}")


def test_stage_is_drawn_with_the_right_numbers(page: Page):
    open_explainer(page, "/?values=1,2,3,7")
    svg = stage(page).locator(".picture svg")
    expect(svg).to_have_count(1)
    box = svg.bounding_box()
    assert box and box["width"] > 300 and box["height"] > 300, box
    expect(page.locator(BINDINGS)).not_to_be_visible()  # no raw Vega bindings anywhere
    for action in ("first", "back", "play", "next", "last"):
        expect(nav_label(page, action)).to_be_visible()
    expect(speed_menu(page)).to_be_visible()
    expect(stage(page).locator(".status")).to_have_text(f"Step 0 of {LAST}")

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


def test_listing_numbers_have_one_width_and_the_code_keeps_its_indentation(page: Page):
    open_explainer(page, "/?values=1,2,3,7&step=5")
    numbers = line_numbers(page)
    assert len(numbers) >= 10 and len({len(n) for n in numbers}) == 1, numbers  # " 9" and "10"
    assert [n.strip() for n in numbers] == [str(k) for k in range(1, len(numbers) + 1)]
    lines = code_lines(page)
    opponent = next(k for k, line in enumerate(lines) if line.lstrip().startswith("opponent ="))
    assign = next(k for k, line in enumerate(lines) if line.lstrip().startswith("dp[i] = suffix[i]"))
    xs = (
        stage(page)
        .locator(".listing li code")
        .evaluate_all(
            """(els, ks) => ks.map(k => { const c = els[k], r = document.createRange();
                const t = c.firstChild, at = t.textContent.search(/\\S/);
                r.setStart(t, at); r.setEnd(t, at + 1); return r.getBoundingClientRect().left; })""",
            [opponent, assign],
        )
    )
    assert abs(xs[0] - xs[1]) < 0.5, f"'opponent =' and 'dp[i] =' start at x {xs} (same indentation)"


def test_buttons_and_scrubber_move_caption_and_code_without_rerun(page: Page):
    watch = RunWatch(page).attach()
    open_explainer(page, "/?values=1,2,3,7&step=5")
    watch.arm()

    expect_step(page, 5)
    assert caption_formula(page) == ["dp[3] = suffix[3] − min(dp[4])", "= 7 − min(0) = 7"]
    assert_highlight(page, DP_LINES)

    press(page, "back")  # a suffix step: the caption and the code follow
    expect_step(page, 4)
    assert caption_title(page) == f"Suffix sums · Step 4 of {LAST}"
    assert caption_formula(page) == ["suffix[0] = values[0] + suffix[1]", "= 1 + 12 = 13"]
    assert_highlight(page, SUFFIX_LINES)

    press(page, "next")
    expect_step(page, 5)
    press(page, "first")
    expect_step(page, 0)
    assert caption_formula(page) == ["suffix[4] = 0, dp[4] = 0"]
    press(page, "back")  # already at the start: stays
    expect_step(page, 0)

    frame_slider(page).fill("7")  # jump with the scrubber
    expect_step(page, 7)
    assert caption_title(page) == f"Backward fill of dp · Step 7 of {LAST}"
    assert caption_formula(page) == ["dp[1] = suffix[1] − min(dp[2], dp[3], dp[4])", "= 12 − min(10, 7, 0) = 12"]
    assert grid_row(page, "dp") == ["·", "12", "10", "7", "0"]
    assert_highlight(page, DP_LINES)

    frame_slider(page).press("ArrowLeft")  # the scrubber's own arrow key moves it once, not twice
    expect_step(page, 6)
    assert caption_formula(page)[1] == "= 10 − min(7, 0) = 10"

    press(page, "last")
    expect_step(page, LAST)
    press(page, "next")  # already at the end: stays
    expect_step(page, LAST)
    watch.assert_no_rerun()


def test_play_stops_at_the_last_step_and_manual_moves_pause(page: Page):
    watch = RunWatch(page).attach()
    open_explainer(page, "/?values=1,2,3,7")
    watch.arm()
    play = nav_label(page, "play")
    expect(play).to_have_text("▶ play")
    expect_playing(page, False)

    speed_menu(page).select_option(label="4×")  # 0.3 s a frame
    record_frames(page)
    press(page, "play")
    expect(play).to_have_text("❚❚ pause")
    expect(play).to_have_attribute("aria-label", "Pause")
    expect_playing(page, True)
    frames = wait_for_frames(page, 3)
    assert frames[:3] == [1, 2, 3], f"the frames shown while playing: {frames}"
    expect_frame(page, LAST)  # it runs to the verdict and stops there by itself
    expect_playing(page, False)
    expect(play).to_have_text("▶ play")
    assert recorded_frames(page) == list(range(1, LAST + 1))

    # at the end, a manual step back stays back: nothing runs forward again by itself
    for action, frame in (("back", LAST - 1), ("last", LAST)):
        record_frames(page)
        press(page, action)
        expect_frame(page, frame)
        wait_for_frames(page, 1)
        expect_playing(page, False)
    page.locator("h1").click()
    for key, frame in (("ArrowLeft", LAST - 1), ("End", LAST), ("Home", 0), ("End", LAST)):
        page.keyboard.press(key)
        expect_frame(page, frame)
        expect_playing(page, False)
    record_frames(page)
    press(page, "back")
    expect_frame(page, LAST - 1)
    # proof that nothing moves after a pause: the stopper and the timers run every 0.1-0.3 s, so a
    # playing flag left on would have moved the frame within the next run of the app (a rerun is none)
    press(page, "play")  # from LAST - 1, playing again: one frame to the end, then stops
    expect_frame(page, LAST)
    expect_playing(page, False)
    assert recorded_frames(page) == [LAST - 1, LAST]

    record_frames(page)
    press(page, "play")  # play at the last step starts over from the first
    frames = wait_for_frames(page, 3)
    assert frames[:3] == [0, 1, 2], frames
    expect_playing(page, True)
    press(page, "next")  # a manual step while playing: one step, paused
    expect_playing(page, False)
    stopped = int(frame_slider(page).input_value())
    record_frames(page)
    press(page, "play")
    wait_for_frames(page, 1)
    frame_slider(page).fill("2")  # the scrubber while playing: that frame, paused
    expect_frame(page, 2)
    expect_playing(page, False)
    press(page, "play")
    expect_playing(page, True)
    page.locator("h1").click()
    page.keyboard.press("Home")  # a key while playing: that frame, paused
    expect_frame(page, 0)
    expect_playing(page, False)
    assert stopped > 2
    watch.assert_no_rerun()


def test_keys_work_right_after_apply(page: Page):
    open_explainer(page, "/?values=1,2,3,7")
    page.locator(".st-key-explainer_row_text textarea").fill("[1,2,3,6]")
    page.get_by_test_id("stMain").get_by_test_id("stFormSubmitButton").click()  # the focus stays on the Apply button
    wait_for_app_run(page)
    wait_for_stage(page)
    expect(stage(page).locator(".status")).to_have_text(f"Step 0 of {LAST}")
    assert page.evaluate("() => document.activeElement.tagName") == "BUTTON"
    page.keyboard.press("ArrowRight")
    expect_frame(page, 1)
    page.keyboard.press("End")
    expect_frame(page, LAST)
    assert caption_formula(page) == ["2·dp[0] = 12 = total = 12 → Tie"]
    page.keyboard.press("ArrowLeft")
    expect_frame(page, LAST - 1)


def test_live_region_announces_formula_and_sentence(page: Page):
    open_explainer(page, "/?values=1,2,3,7&step=7")
    live = stage(page).locator("[aria-live='polite']")
    expect(live).to_have_attribute("aria-atomic", "true")
    expect(live).to_contain_text("Backward fill of dp · Step 7 of 9")
    assert "dp[1] = suffix[1] − min(dp[2], dp[3], dp[4]) = 12 − min(10, 7, 0) = 12" in live_text(page)
    assert caption_sentence(page) in live_text(page)
    press(page, "next")
    expect(live).to_contain_text("Step 8 of 9")
    assert "dp[0] = suffix[0] − min(dp[1], dp[2], dp[3]) = 13 − min(12, 10, 7) = 6" in live_text(page)


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


def test_language_switch(page: Page):
    open_explainer(page, "/?values=1,2,3,7&step=5")
    expect(page.locator("h1")).to_have_text("Stone Game III, explained")
    expect(nav_label(page, "play")).to_have_text("▶ play")
    page.get_by_test_id("stSidebar").get_by_text("中文").click()
    wait_for_app_run(page)
    wait_for_stage(page)
    expect(page.locator("h1")).to_have_text("石子游戏 III 图解")
    expect(nav_label(page, "play")).to_have_text("▶ 播放")
    expect(page.get_by_test_id("stMain").get_by_test_id("stFormSubmitButton")).to_have_text("应用")
    expect(stage(page).locator(".title")).to_contain_text("第 5 步，共 9 步")  # still at step 5
    assert any(line.lstrip().startswith("#") and "没有石子" in line for line in code_lines(page)), code_lines(page)
    expect(page.get_by_test_id("stSidebar").get_by_role("link", name="追踪表")).to_be_visible()
    assert "lang=zh" in page.url
