"""Every page: first-visit deep links on fresh servers, bad links, phone widths, and screenshots."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .helpers import (
    CHART,
    DESKTOP,
    PHONE,
    SCREENSHOT_DIR,
    StreamlitServer,
    caption_formula,
    caption_title,
    grid_row,
    horizontal_overflow,
    open_app,
    screenshot,
    wait_for_app_run,
    wait_for_chart,
)

DEEP_LINK = "?values=1,2,3,-9&step=6&lang=zh"
PAGES = {"explainer": "/", "trace": "/trace"}  # the pages this suite checks in detail: name -> path
TITLES = {"explainer": "石子游戏 III 图解", "trace": "完整追踪表"}


def assert_no_error_ui(page: Page) -> None:
    """No exception box, no traceback, no 'Page not found' (or any other) dialog."""
    expect(page.get_by_test_id("stException")).to_have_count(0)
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.get_by_test_id("stMain")).not_to_contain_text("Traceback")
    expect(page.get_by_test_id("stMain")).not_to_contain_text("Page not found")


def sidebar_pages(page: Page) -> dict[str, str]:
    """Every page the sidebar links to, as {label: path}."""
    links = page.get_by_test_id("stSidebar").get_by_test_id("stPageLink-NavLink")
    return {
        label.strip(): "/" + (href or "")
        for href, label in links.evaluate_all("els => els.map(e => [e.getAttribute('href'), e.innerText])")
    }


def test_first_visit_deep_links_on_fresh_servers(new_context):
    """A shared link is often the first request a (re)started server sees (Community Cloud wakes an app
    up on it), and Streamlit has had bugs exactly there: every page gets its own fresh server and is
    that server's first visitor. The servers start together, so their cold first runs overlap."""
    servers = {name: StreamlitServer() for name in PAGES}
    try:
        pages = {name: new_context().new_page() for name in PAGES}
        for name, page in pages.items():
            page.goto(servers[name].url + PAGES[name] + DEEP_LINK, wait_until="commit")
        for name, page in pages.items():
            page.get_by_test_id("stAppViewContainer").wait_for(state="attached")
            wait_for_app_run(page)
            check_deep_link(page, name)
            page.close()  # before its server stops, or it logs its reconnection attempts
    finally:
        for server in servers.values():
            server.stop()


def check_deep_link(page: Page, name: str) -> None:
    """The page `name`, opened from DEEP_LINK: right page, right state, nothing broken."""
    expect(page.locator("h1")).to_have_text(TITLES[name])
    assert_no_error_ui(page)
    expect(page.get_by_test_id("stAlert")).to_have_count(0)  # a good link gives no warning
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_role("link", name="图解")).to_be_visible()
    expect(sidebar.get_by_role("link", name="追踪表")).to_be_visible()
    expect(sidebar.get_by_role("radio", name="中文")).to_be_checked()
    if name == "explainer":
        wait_for_chart(page)
        assert caption_title(page) == "从后往前填写 dp · 第 6 步，共 9 步"
        assert caption_formula(page) == ["dp[2] = suffix[2] − min(dp[3], dp[4])", "= -6 − min(-9, 0) = 3"]
        expect(page.locator(".st-key-explainer_row_text textarea")).to_have_value("[1,2,3,-9]")
    else:
        expect(page.get_by_test_id("stMain")).to_contain_text("4 堆 · 总和 -3")
        expect(page.get_by_test_id("stTab")).to_have_count(3)
        expect(
            page.get_by_test_id("stDataFrame").locator("visible=true").first
        ).to_be_visible()  # a phone: the narrow one
        expect(page.locator(".st-key-trace_make_steps button")).to_contain_text("生成“步骤”表（CSV）")
    # the app wrote its state back: the address bar is a link to the same thing
    assert re.search(r"[?&]values=1(%2C|,)2(%2C|,)3(%2C|,)-9", page.url) and "step=6" in page.url, page.url
    assert "lang=zh" in page.url


def test_bad_link_warns_and_falls_back(page: Page):
    open_app(page, "/?values=1,abc&step=-3&lang=xx")
    assert_no_error_ui(page)
    warnings = page.get_by_test_id("stAlertContainer")
    expect(warnings).to_have_count(3)
    expect(warnings.filter(has_text="values")).to_contain_text("“abc”")
    expect(warnings.filter(has_text="values")).to_contain_text("Showing the first example instead.")
    expect(warnings.filter(has_text="step")).to_contain_text("“-3”")
    expect(warnings.filter(has_text="lang")).to_contain_text("“xx”")
    wait_for_chart(page)  # the default row renders, in English, at step 0
    expect(page.locator("h1")).to_have_text("Stone Game III, explained")
    assert grid_row(page, "values") == ["1", "2", "3", "7", ""]
    assert caption_title(page) == "Start: the base case · Step 0 of 9"
    expect(page.locator(".st-key-explainer_row_text textarea")).to_have_value("[1,2,3,7]")
    assert "abc" not in page.url and "xx" not in page.url  # the bad parts are dropped from the link

    open_app(page, "/trace?values=1,2,x&lang=zh&code=cobol")  # the other page reads links the same way
    assert_no_error_ui(page)
    expect(page.get_by_test_id("stAlertContainer")).to_have_count(2)
    expect(page.get_by_test_id("stAlertContainer").filter(has_text="values")).to_contain_text("“x”")
    expect(page.get_by_test_id("stAlertContainer").filter(has_text="code")).to_contain_text("“cobol”")
    expect(page.get_by_test_id("stMain")).to_contain_text("4 堆 · 总和 13")  # the default row, in Chinese


@pytest.mark.parametrize(
    "path",
    [
        pytest.param("/?values=1,2,3,7&step=5", id="explainer-python"),
        pytest.param("/?values=1,2,3,7&step=5&code=java", id="explainer-java"),
        pytest.param("/?values=1,2,3,7&step=5&lang=zh&code=java", id="explainer-zh"),
        pytest.param("/trace?values=1,2,3,7", id="trace"),
    ],
)
def test_phone_width_needs_no_horizontal_scrolling(new_context, path: str):
    page = new_context(viewport=PHONE).new_page()
    open_app(page, path)
    if page.locator(CHART).count():
        wait_for_chart(page)
    sizes = horizontal_overflow(page)
    too_wide = {k: v for k, v in sizes.items() if v[0] > v[1] + 1}
    assert not too_wide, f"scrolls sideways at {PHONE['width']} px (scrollWidth, clientWidth): {too_wide}"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_screenshots_of_every_page(new_context, viewport: dict):
    """The explainer and the trace (both linked from the sidebar) open without an error and leave their
    screenshots in artifacts/screenshots/ for a person to look at (at desktop size also one of the
    whole page). The other pages in the sidebar have tests of their own (test_game_pages.py, …)."""
    page = new_context(viewport=viewport).new_page()
    open_app(page, "/?values=1,2,3,7&step=7")
    linked = sidebar_pages(page)
    assert set(PAGES.values()) <= set(linked.values()), linked
    size = f"{viewport['width']}x{viewport['height']}"
    for name, path in PAGES.items():
        if path != "/":
            open_app(page, path + "?values=1,2,3,7")
        assert_no_error_ui(page)
        expect(page.locator("h1")).to_have_count(1)
        if path == "/":
            wait_for_chart(page)
        else:
            expect(
                page.get_by_test_id("stDataFrame").locator("visible=true").first
            ).to_be_visible()  # a phone: the narrow one
        for full in (False, True) if viewport == DESKTOP else (False,):
            png = screenshot(page, SCREENSHOT_DIR / f"{name}-{size}{'-full' if full else ''}.png", full=full)
            assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000, png
        page.set_viewport_size(viewport)
