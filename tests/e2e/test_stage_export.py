"""The Export page's interactive HTML: the stage as one file, downloaded, then opened from disk in a
browser with the network blocked, where it plays with the same controls as the app's stage."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, Route, expect

from .helpers import caption_formula, expect_frame, expect_playing, open_app, press, speed_menu, stage

LAST = 9  # [1,2,3,7]: steps 0 .. 2n+1


def test_the_interactive_html_plays_offline_from_disk(page: Page, new_context, tmp_path):
    open_app(page, "/export?values=1,2,3,7&step=5")
    page.locator(".st-key-export_make_html button").click()  # made on request, like every file there
    button = page.locator(".st-key-export_download_html").get_by_role("button")
    expect(button).to_contain_text("Interactive HTML")
    expect(button).to_be_enabled(timeout=30_000)
    with page.expect_download() as info:
        button.click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    assert path.name == "stone-game-4-piles-step-5.html" and path.stat().st_size > 500_000  # Vega inlined

    offline = new_context(offline=True).new_page()
    asked: list[str] = []

    def block(route: Route) -> None:
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    offline.route("**/*", block)
    offline.goto(path.as_uri())
    expect(offline.locator("[data-testid='stage'][data-ready='true']")).to_have_count(1, timeout=30_000)
    expect(offline.locator("h1")).to_have_text("Stone Game III, explained · 4 piles · total 13")
    expect_frame(offline, 5)  # it opens at the exported step
    assert caption_formula(offline) == ["dp[3] = suffix[3] − min(dp[4])", "= 7 − min(0) = 7"]

    speed_menu(offline).select_option(label="4×")
    press(offline, "play")
    expect_playing(offline, True)
    expect_frame(offline, LAST)  # it plays to the verdict and stops
    expect_playing(offline, False)
    assert caption_formula(offline) == ["2·dp[0] = 12 < total = 13 → Bob"]
    press(offline, "back")
    expect_frame(offline, LAST - 1)
    offline.locator("h1").click()
    offline.keyboard.press("Home")  # the keys work too
    expect_frame(offline, 0)
    expect(stage(offline).locator("[aria-live]")).to_contain_text("Step 0 of 9")

    offline.keyboard.press("End")
    stage(offline).get_by_role("button", name="Link to this step").click()  # the app's link, at this step
    link = offline.locator("#stage-link")
    expect(link).to_contain_text("step=9")
    shown = urlsplit(link.text_content() or "")
    assert shown.path == "/", shown  # the app's root (the export page's address was /export)
    assert parse_qs(shown.query) == {"step": ["9"]}, shown  # the default row, as every link leaves it out
    assert asked == [], f"the file asked the network for {asked}"
