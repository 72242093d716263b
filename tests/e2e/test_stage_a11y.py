"""The stage for people who do not use a mouse or do not see the screen: axe-core finds nothing serious
on the explainer page (en, zh), and the whole explainer can be walked with the keyboard alone."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from .helpers import expect_frame, expect_playing, live_text, open_explainer, stage, wait_for_app_run

SERIOUS = ("serious", "critical")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_axe_finds_nothing_serious_on_the_explainer(page: Page, lang: str):
    open_explainer(page, f"/?values=1,2,3,7&step=7&lang={lang}")
    found = Axe().run(page).response["violations"]
    serious = {v["id"]: [n["target"] for n in v["nodes"]] for v in found if v["impact"] in SERIOUS}
    assert serious == {}, serious


def focused(page: Page) -> str:
    """What has the keyboard focus, looking inside shadow roots: 'TAG.class' or 'TAG[aria-label]'."""
    return page.evaluate(
        """() => {
            let e = document.activeElement;
            while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
            if (!e) return "";
            const name = e.getAttribute("aria-label") || e.textContent.trim().slice(0, 30);
            return `${e.tagName}.${[...e.classList].join(".")}[${name}]`;
        }"""
    )


def tab_to(page: Page, wanted: str, most: int = 30) -> int:
    """Press Tab until the focus is on an element whose description contains `wanted`; how many presses."""
    for count in range(1, most + 1):
        page.keyboard.press("Tab")
        if wanted in focused(page):
            return count
    raise AssertionError(f"{most} Tabs never reached {wanted!r}; last focus {focused(page)!r}")


@pytest.mark.parametrize(("lang", "label"), [("en", "Skip to the stage"), ("zh", "跳到演示区")])
def test_a_skip_link_takes_the_keyboard_past_the_sidebar_to_play(page: Page, lang: str, label: str):
    open_explainer(page, f"/?values=1,2,3,7&lang={lang}")
    assert tab_to(page, f"[{label}]", most=3) <= 3, "the skip link is the first thing Tab reaches"
    page.keyboard.press("Enter")
    assert "[Play]" in focused(page) or "[播放]" in focused(page), focused(page)
    page.keyboard.press("Enter")  # Play, from where the link left the keyboard
    expect_playing(page, True)


def test_the_explainer_with_the_keyboard_alone(page: Page):
    open_explainer(page, "/?values=1,2,3,7")
    # from the top of the page: past the sidebar's links, settings and class box (Start a class, the join
    # code, Join), the row input and the first buttons; the skip link (above) gets there in two
    assert tab_to(page, "[Play]", most=34) <= 34
    page.keyboard.press("Enter")  # play
    expect_playing(page, True)
    page.keyboard.press("Enter")  # pause, on the same button (now named Pause)
    expect_playing(page, False)
    assert "[Play]" in focused(page)
    page.keyboard.press("Home")
    expect_frame(page, 0)
    page.keyboard.press("ArrowRight")  # the keys step from a focused button too
    expect_frame(page, 1)
    tab_to(page, "[Next step]")
    page.keyboard.press("Enter")
    expect_frame(page, 2)
    page.keyboard.press(" ")
    expect_frame(page, 3)
    expect(stage(page).locator("[aria-live]")).to_contain_text("Step 3 of 9")  # each step is announced
    tab_to(page, "SELECT.speeds")
    page.keyboard.press("ArrowDown")  # the menu keeps its own keys: the speed changes, not the step
    expect_frame(page, 3)
    tab_to(page, "INPUT.scrub")
    page.keyboard.press("ArrowRight")  # the scrubber's own arrow key: exactly one step
    expect_frame(page, 4)
    page.keyboard.press("End")
    expect_frame(page, 9)
    assert "Verdict" in live_text(page) and "Bob wins" in live_text(page)
    tab_to(page, "[Link to this step]")
    page.keyboard.press("Enter")
    wait_for_app_run(page)
    expect(page.get_by_test_id("stCode").first).to_contain_text("step=9")
    tab_to(page, "DIV.code")  # the listing is a focusable region: it can be scrolled with the keys
    expect_frame(page, 9)
