"""The game pages in a real browser: the optimal replay plays client-side, a whole game against the
computer is played by clicking, the game tree is drawn, long rows stay usable, phones need no
sideways scrolling. One page load per test."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from stonegame import solve
from stonegame.game.rules import move, new_game, score
from stonegame.game.tree import describe_count, tree_size

from .helpers import (
    CHART,
    PHONE,
    SCREENSHOT_DIR,
    RunWatch,
    caption_title,
    clean,
    drawn_step,
    horizontal_overflow,
    open_app,
    press,
    screenshot,
    wait_for_app_run,
    wait_for_chart,
)

ANY_CHART = "[data-testid='stVegaLiteChart']"
ROW_LETTERS = "g.row_letters_2_marks text"  # the replay's A/B letters on taken piles (view 2)
CHOICE_LABELS = "g.choice_labels_3_marks text"  # the replay's candidate labels (view 3)
TOTAL_WORDS = "g.total_words_4_marks text"  # the replay's running totals in words (view 4)


def texts(page: Page, selector: str) -> list[str]:
    """The visible texts of one named layer of the player chart, cleaned."""
    return [clean(t) for t in page.locator(CHART).locator(selector).all_text_contents()]


def test_the_replay_steps_and_plays_in_the_browser(page: Page):
    watch = RunWatch(page).attach()
    open_app(page, "/replay?values=1,2,3,7")
    wait_for_chart(page)
    expect(page.get_by_test_id("stMain")).to_contain_text("the replay takes the fewest piles")
    assert caption_title(page) == "Turn 1 of 2 · Alice at pile 0"
    assert texts(page, CHOICE_LABELS) == ["1", "3", "★ 6"]  # take 1, 2, 3: what each is worth from pile 0
    assert texts(page, ROW_LETTERS) == []  # nothing taken yet
    watch.arm()
    press(page, "next")
    expect(page.locator(CHART).locator("g.caption_title_1_marks text")).to_have_text("Turn 2 of 2 · Bob at pile 3")
    assert texts(page, ROW_LETTERS) == ["A", "A", "A"]
    assert "Alice: 6 so far + 0 from the rest = 6" in texts(page, TOTAL_WORDS)
    press(page, "first")
    expect(drawn_step(page.locator(CHART))).to_have_text("step 0 of 2")
    press(page, "play")  # the Vega timer moves the frame on, one a second at 1×, to the end
    expect(drawn_step(page.locator(CHART))).to_have_text("step 2 of 2", timeout=10_000)
    assert caption_title(page) == "End of the game"
    assert texts(page, ROW_LETTERS) == ["A", "A", "A", "B"]
    assert texts(page, TOTAL_WORDS) == ["Alice: 6 in all", "Bob: 7 in all"]
    watch.assert_no_rerun()  # stepping and playing never called the server


def test_a_whole_game_against_the_computer_played_by_clicking(page: Page):
    values = [3, -1, 4, -1, 5, -9, 2, 6, 5]
    sol = solve(values)
    open_app(page, "/play?values=" + ",".join(map(str, values)))
    main = page.get_by_test_id("stMain")
    game = new_game(sol, "Alice")
    first = True
    while not game.over:  # a poor first move (always 1 pile), then the best moves
        k = 1 if first else sol.take[game.position]
        page.locator(f".st-key-play_take_{k} button").click()
        wait_for_app_run(page)
        game, first = move(sol, game, k), False
    final = score(sol, game)
    result = {"Alice": "Alice wins", "Bob": "Bob wins", "Tie": "a tie"}
    expect(main).to_contain_text(f"Game over. Alice {final.alice}, Bob {final.bob}: {result[final.winner]}.")
    expect(main).to_contain_text(f"If both had played optimally: Alice {sol.alice}, Bob {sol.bob}")
    expect(main).to_contain_text(f"your regret {final.regret}")
    expect(page.locator(ANY_CHART)).to_have_count(4)  # the board, the comparison, two replays


def test_switching_sides_and_undo_in_the_browser(page: Page):
    open_app(page, "/play?values=1,2,3,-9")
    page.locator(".st-key-play_side label").filter(has_text="Bob").click()
    wait_for_app_run(page)
    main = page.get_by_test_id("stMain")
    expect(main).to_contain_text("The computer (Alice) took 3 piles (piles 0–2): +6 points.")
    page.locator(".st-key-play_take_1 button").click()
    wait_for_app_run(page)
    expect(main).to_contain_text("Game over. Alice 6, Bob -9: Alice wins.")
    page.locator(".st-key-play_undo button").click()
    wait_for_app_run(page)
    expect(main).not_to_contain_text("Game over")
    expect(page.locator(".st-key-play_take_1 button")).to_be_visible()


def test_the_tree_merges_into_states_and_the_table(page: Page):
    """The link's stage opens the whole tree of 4 piles; next ▶ merges it into n + 1 states, then lays them flat."""
    open_app(page, "/tree?values=1,2,3,7&stage=4")
    chart = page.locator(ANY_CHART).first
    expect(chart.locator("g[class*='node_marks'] path")).to_have_count(15)  # every node of the game tree
    main = page.get_by_test_id("stMain")
    main.get_by_role("button", name="next ▶", exact=True).click()
    wait_for_app_run(page)
    expect(chart.locator("g[class*='state_nodes'] path")).to_have_count(5)  # merged: n + 1 states
    expect(chart.locator("g[class*='state_merged'] text")).to_have_text(["×1", "×1", "×2", "×4", "×7"])
    main.get_by_role("button", name="next ▶", exact=True).click()
    wait_for_app_run(page)
    expect(chart.locator("g[class*='table_dp'] text")).to_have_text(["6", "12", "10", "7", "0"])  # the dp array
    metrics = page.get_by_test_id("stMetricValue")
    expect(metrics).to_have_text(["15", "7", "5", "5"])


def test_long_rows_stay_usable(page: Page):
    """50,000 piles: the replay animates a window of turns; the tree page gives the counts, no drawing."""
    open_app(page, "/replay?random=50000&seed=1")
    wait_for_chart(page, timeout=40_000)
    expect(page.get_by_test_id("stMain")).to_contain_text("too many to animate at once")
    assert caption_title(page) == "Turn 1 of 25,881 · Alice at pile 0"
    press(page, "next")
    expect(page.locator(CHART).locator("g.caption_title_1_marks text")).to_contain_text("Turn 2 of 25,881")
    page.get_by_test_id("stSidebar").get_by_role("link", name="Game tree → table").click()
    wait_for_app_run(page)
    expect(page.get_by_test_id("stMain")).to_contain_text("this row has 50,000")
    expect(page.get_by_test_id("stMetricValue").first).to_have_text(describe_count(tree_size(50_000)))
    expect(page.locator(ANY_CHART)).to_have_count(1)  # the counts chart only


@pytest.mark.parametrize("path", ["/replay?values=1,2,3,-9", "/play?values=1,2,3,-9&lang=zh", "/tree?values=1,2,3,-9"])
def test_phone_width_needs_no_sideways_scrolling(new_context, path: str):
    page = new_context(viewport=PHONE).new_page()
    open_app(page, path)
    expect(page.locator(ANY_CHART).first).to_have_attribute("role", "graphics-document")
    if page.locator(CHART).count():
        wait_for_chart(page)
    sizes = horizontal_overflow(page)
    too_wide = {k: v for k, v in sizes.items() if v[0] > v[1] + 1}
    assert not too_wide, f"scrolls sideways at {PHONE['width']} px (scrollWidth, clientWidth): {too_wide}"
    name = path.split("?")[0].strip("/")
    screenshot(page, SCREENSHOT_DIR / f"{name}-{PHONE['width']}x{PHONE['height']}-full.png", full=True)
