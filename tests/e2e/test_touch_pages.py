"""The other pages on a phone used with a thumb (issue 40, "Small things a class notices"): on a 390×844
touch screen every visible control of /, /quiz (its answers' radio circles, number steppers and Reveal),
/play (Take, New game, Undo) and /trace is at least 44×44 CSS px, and the trace table shows dp, take and
opponent without a sideways scroll of its own. On 3c5867e: Take/New game/Undo were 358×40, Reveal 65×40,
the number steppers 32×38, the example chips 142×32, the radio circles 13 px; the steps table was 511 px
wide in a 356 px box, dp, take and opponent past its right edge."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from stonegame.i18n import t
from ui.parts.trace import NARROW

from .helpers import STAGE, open_app, open_explainer, wait_for_app_run
from .test_touch_targets import TOUCH, assert_thumb_sized, controls

ROW = "5,-3,8,2,-1,7,4,-6"

# The visible data grids of the page: each one's box, and the width of what it draws (its scroller's
# content); wider content than box means the grid scrolls sideways inside itself.
GRIDS = """() => [...document.querySelectorAll('[data-testid=stDataFrame]')].filter(el => {
    const r = el.getBoundingClientRect(); return r.width > 1 && r.height > 1;
  }).map(el => {
    const scroller = el.querySelector('.dvn-scroller');
    const bar = el.querySelector('[data-testid=stElementToolbar]'), grid = el.querySelector('.dvn-scroller');
    const shown = bar && getComputedStyle(bar).opacity !== '0' && getComputedStyle(bar).visibility !== 'hidden';
    return {box: scroller.clientWidth, content: scroller.scrollWidth,
            toolbar_bottom: shown ? bar.getBoundingClientRect().bottom : null,
            grid_top: grid.getBoundingClientRect().top};
  })"""


@pytest.mark.parametrize(
    ("path", "must"),
    [
        ("/", ("Step", t("lesson_start"))),
        ("/play", (t("play_new"), "Take 1")),
        ("/trace", (t("trace_steps"),)),
    ],
)
def test_every_control_of_a_page_fits_a_thumb(new_context, path: str, must: tuple[str, ...]):
    page = new_context(**TOUCH).new_page()
    open_app(page, f"{path}?values={ROW}")
    assert_thumb_sized(controls(page), path, must)


def test_the_quizs_answers_steppers_and_reveal_fit_a_thumb(new_context):
    page = new_context(**TOUCH).new_page()
    open_app(page, f"/quiz?values={ROW}")
    found = controls(page)
    assert len([c for c in found if c["tag"] == "label"]) >= 3, f"the takes' radio options: {found}"
    assert_thumb_sized(found, "/quiz", (t("quiz_reveal"),))


def test_a_played_move_keeps_take_undo_and_new_game_thumb_sized(new_context):
    page = new_context(**TOUCH).new_page()
    open_app(page, f"/play?values={ROW}")
    page.get_by_test_id("stMain").get_by_role("button").filter(has_text="Take 1").first.click()
    wait_for_app_run(page)
    expect(page.get_by_test_id("stMain")).to_be_visible()
    assert_thumb_sized(controls(page), "/play after a move", (t("play_new"), t("play_undo"), "Take"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_trace_table_shows_dp_take_and_opponent_without_a_sideways_scroll(new_context, lang: str):
    page = new_context(**TOUCH).new_page()
    open_app(page, f"/trace?values={ROW}&lang={lang}")
    grids = page.evaluate(GRIDS)
    assert len(grids) == 1, f"one grid shown on the steps tab: {grids}"
    assert grids[0]["content"] <= grids[0]["box"], f"the steps table scrolls sideways: {grids[0]}"
    bottom = grids[0]["toolbar_bottom"]
    assert bottom is None or bottom <= grids[0]["grid_top"] + 0.5, f"the toolbar covers the headers: {grids[0]}"
    wait_for_app_run(page)


def test_the_explainers_code_lines_wrap_on_a_phone(new_context):
    page = new_context(**TOUCH).new_page()
    open_explainer(page, f"/?values={ROW}&step=12")
    box = page.locator(f"{STAGE} .code")
    sizes = box.evaluate("el => ({box: el.clientWidth, content: el.scrollWidth})")
    assert sizes["content"] <= sizes["box"], f"the code box scrolls sideways (lines cut at its edge): {sizes}"


def test_the_narrow_trace_tables_hold_the_columns_of_the_fill():
    assert {"dp", "take", "opponent"} <= set(NARROW["steps"])
    assert {"dp_j", "gain", "best"} <= set(NARROW["candidates"])
