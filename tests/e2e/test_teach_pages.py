"""The teaching pages in a real browser: deep links, a quiz answered, a card clicked, a file made and downloaded,
no sideways scrolling on a phone, and screenshots for a person to look at."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .helpers import (
    DESKTOP,
    PHONE,
    SCREENSHOT_DIR,
    horizontal_overflow,
    open_app,
    screenshot,
    wait_for_app_run,
    wait_for_chart,
)

LINKS = {
    "quiz": ("/quiz?quiz_seed=42&quiz_level=2&lang=zh", "先预测，再揭晓"),
    "deck": ("/deck?values=1,2,3", "Misconception deck"),
    "export": ("/export?values=1,2,3,7&step=9", "Export for slides"),
}


def assert_no_error_ui(page: Page) -> None:
    """No exception box, no traceback, no dialog."""
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_test_id("stMain")).not_to_contain_text("Traceback")


def charts_drawn(page: Page) -> None:
    """Every Vega-Lite chart on the page has drawn."""
    for chart in page.get_by_test_id("stVegaLiteChart").all():
        expect(chart).to_have_attribute("role", "graphics-document")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_each_page_opens_from_a_deep_link(new_context, viewport: dict):
    """Each page, opened straight from its link (console errors fail the test, see conftest), at desktop
    and phone width: the right page, its state from the link, no sideways scrolling, and a screenshot."""
    page = new_context(viewport=viewport).new_page()
    size = f"{viewport['width']}x{viewport['height']}"
    for name, (link, title) in LINKS.items():
        page.set_viewport_size(viewport)
        open_app(page, link)
        expect(page.locator("h1")).to_have_text(title)
        assert_no_error_ui(page)
        charts_drawn(page)
        too_wide = {k: v for k, v in horizontal_overflow(page).items() if v[0] > v[1] + 1}
        assert not too_wide, f"{name} scrolls sideways at {viewport['width']} px: {too_wide}"
        screenshot(page, SCREENSHOT_DIR / f"teach-{name}-{size}.png")
        screenshot(page, SCREENSHOT_DIR / f"teach-{name}-{size}-full.png", full=True)
    assert "quiz_seed" not in page.url, "each page writes its own link: the export page has no quiz parameters"


def test_the_quiz_page_keeps_its_link(page: Page):
    open_app(page, "/quiz?quiz_seed=42&quiz_level=2")
    expect(page.get_by_test_id("stMain")).to_contain_text("[3,6,1,9,-4,-2]")
    assert re.search(r"quiz_row=generated.*quiz_level=2.*quiz_seed=42", page.url), page.url


def test_a_quiz_answered_in_the_browser(page: Page):
    open_app(page, "/quiz")
    main = page.get_by_test_id("stMain")
    expect(main).to_contain_text("Pile 3 · question 1 of 5")
    page.get_by_text("take 1 (3)").click()
    page.get_by_label(re.compile("What is the opponent held to")).fill("0")
    page.get_by_label("3 · What is dp[3]?").fill("7")
    page.get_by_role("button", name="Reveal").click()
    wait_for_app_run(page)
    expect(main).to_contain_text("✓ dp[3]: 7")
    expect(page.get_by_test_id("stMetric").filter(has_text="Score")).to_contain_text("3 / 3")
    page.get_by_role("button", name="Next pile →").click()
    wait_for_app_run(page)
    expect(main).to_contain_text("Pile 2 · question 2 of 5")
    page.get_by_text("take 1 (2)").click()
    page.get_by_label(re.compile("What is the opponent held to")).fill("7")
    page.get_by_label("3 · What is dp[2]?").fill("3")
    page.get_by_role("button", name="Reveal").click()
    wait_for_app_run(page)
    expect(main).to_contain_text("✗ the best take: you said 1; the answer is 2")
    expect(main).to_contain_text("The player to move at pile 2 takes 2 piles")
    expect(page.get_by_test_id("stMetric").filter(has_text=re.compile(r"^Streak"))).to_contain_text("0")


def test_a_card_loads_its_row_into_the_explainer(page: Page):
    open_app(page, "/deck")
    page.get_by_role("button", name="Load [1,1,1,1,9]").click()
    wait_for_app_run(page)
    expect(page.get_by_test_id("stMain")).to_contain_text("[1,1,1,1,9] is now the row")
    assert re.search(r"values=1(%2C|,)1(%2C|,)1(%2C|,)1(%2C|,)9", page.url), page.url
    page.get_by_test_id("stMain").get_by_role("link", name="Open in the explainer").first.click()
    wait_for_app_run(page)
    wait_for_chart(page)
    expect(page.locator(".st-key-explainer_row_text textarea")).to_have_value("[1,1,1,1,9]")


def test_a_download_is_made_on_click(page: Page):
    open_app(page, "/export?values=1,2,3,7&step=9")
    page.get_by_role("button", name="Make: Chart as PNG").click()  # the render service makes it
    button = page.locator(".st-key-export_download_png button")
    expect(button).to_be_visible(timeout=120_000)  # the page looks again every second until it is made
    with page.expect_download() as made:
        button.click()
    download = made.value
    assert download.suggested_filename == "stone-game-4-piles-step-9.png"
    assert download.path().read_bytes().startswith(b"\x89PNG"), "a PNG (the SVG downloads with one click)"


def test_the_export_preview_is_drawn_when_asked_for(page: Page):
    """The export page draws no chart until its preview is asked for (issue 13: the chart is built on the
    server, ~0.5 s); then the picture the PNG and SVG hold, at the page's step."""
    open_app(page, "/export?values=1,2,3,7&step=9")
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(0)
    page.get_by_text("Show the preview").click()
    wait_for_app_run(page)
    chart = page.get_by_test_id("stVegaLiteChart")
    expect(chart).to_have_attribute("role", "graphics-document", timeout=30_000)
    expect(chart).to_have_attribute("aria-label", re.compile("step 9 of 9", re.I))
