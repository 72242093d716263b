"""A newcomer's first screen of `/` (issue 33): at 1280×720 and on a 390×844 phone, in English and 中文,
two sentences say what the game is and asks, and the way into the lesson is there, both inside the first
screen without scrolling and neither under the stage's control bar; at 1280×720 the stage's step (its title,
formula and sentence) stays inside it too.
On 6746042 the page had no such sentence and "New here? Start the lesson" was at y = 737 (1280×720) and
y = 1421 (390×844)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from stonegame.i18n import t

from .helpers import DESKTOP, PHONE, clean, open_explainer

SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/work/shots")) / "thumb"  # screenshots to look at, outside the repo


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x720", "390x844"])
def test_the_first_screen_says_what_the_game_is_and_leads_into_the_lesson(new_context, viewport: dict, lang: str):
    phone = viewport == PHONE
    page = new_context(viewport=viewport, is_mobile=phone, has_touch=phone).new_page()
    open_explainer(page, f"/?lang={lang}")
    main = page.get_by_test_id("stMain")
    intro = main.locator(".st-key-explainer_intro p").first
    expect(intro).to_be_visible()
    assert clean(intro.inner_text()) == clean(t("explainer_intro", lang)), intro.inner_text()
    link = main.get_by_role("link", name=t("lesson_start", lang))
    expect(link).to_be_visible()
    boxes = {"intro": intro.bounding_box(), "lesson link": link.bounding_box()}
    if not phone:  # the stage's step: its heading, formula and sentence
        boxes["step caption"] = page.locator("[data-testid='stage'] .caption").bounding_box()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"first-screen-{viewport['width']}x{viewport['height']}-{lang}.png"))
    for name, box in boxes.items():
        assert box is not None, f"{name} not drawn"
        bottom = box["y"] + box["height"]
        assert box["y"] >= 0 and bottom <= viewport["height"], f"{name} at y {box['y']:.0f}..{bottom:.0f}"
    words, link_box = boxes["intro"], boxes["lesson link"]
    apart = (
        words["y"] + words["height"] <= link_box["y"] + 0.5  # stacked (a phone): the link under the words
        or words["x"] + words["width"] <= link_box["x"] + 0.5  # side by side: the link beside them
    )
    assert apart, (
        f"the intro (to y {words['y'] + words['height']:.0f}) runs under the lesson link (from y {link_box['y']:.0f})"
    )
    bar = page.locator("[data-testid='stage'] .bar").bounding_box()
    assert bar is not None
    for name in ("intro", "lesson link"):
        bottom = boxes[name]["y"] + boxes[name]["height"]
        assert bottom <= bar["y"] + 1, f"the stage's bar (from y {bar['y']:.0f}) lies over the {name} (to {bottom:.0f})"
