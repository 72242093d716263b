"""The game tree page as a teacher narrates it and a student taps it (issue 40, "Game tree → table"): with
the row 5,-3,8,2,-1,7,4,-6 (8 piles, a 177-node tree) at 1280×720 and on a 390×844 touch screen, in English
and 中文, named step buttons (the explainer's words, ≥ 44 px on touch) grow the tree depth by depth, merge
its positions and flatten them into the dp array; at every stage every node drawn carries its dp[i] in
text of at least 12 px on screen, no two of those labels overlap, and the page never asks to "hover".
On 3c5867e the page was three static pictures: no step buttons, no number on any of the 177 nodes, and
"hover a node" under them."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from stonegame import solve
from stonegame.game.tree import last_stage, stage_nodes, tree_of
from stonegame.i18n import t

from .helpers import DESKTOP, PHONE, open_app, screenshot, wait_for_app_run

ROW = "5,-3,8,2,-1,7,4,-6"
TREE = tree_of(solve([5, -3, 8, 2, -1, 7, 4, -6]))
SHOTS = Path(os.environ["TREE_SHOTS"]) if os.environ.get("TREE_SHOTS") else None  # a picture of every stage
VIEWS = {
    "desktop-en": ({"viewport": DESKTOP}, "en"),
    "desktop-zh": ({"viewport": DESKTOP}, "zh"),
    "phone-en": ({"viewport": PHONE, "is_mobile": True, "has_touch": True}, "en"),
    "phone-zh": ({"viewport": PHONE, "is_mobile": True, "has_touch": True}, "zh"),
}
HOVER = {"en": re.compile(r"hover", re.I), "zh": re.compile("悬停")}
STEPS = ("first", "back", "next", "last")
# The numbers over the nodes: the tree's, the merged states' and the dp array's label layers.
LABELS = "[data-testid='stVegaLiteChart'] :is(g[class*='node_dp'], g[class*='state_dp'], g[class*='table_dp']) text"
MEASURE = """els => els.map(el => {
  const r = el.getBoundingClientRect(), m = el.getScreenCTM();
  return {text: el.textContent, size: parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m.a, m.b),
          left: r.left, top: r.top, right: r.right, bottom: r.bottom};
})"""


def opened(new_context, view: str) -> tuple[Page, str]:
    """The tree page of the row in this view, its run over."""
    kwargs, lang = VIEWS[view]
    page = new_context(**kwargs).new_page()
    open_app(page, f"/tree?values={ROW}&lang={lang}")
    return page, lang


def step_button(page: Page, lang: str, action: str):
    """The page's step button named by the explainer's word for `action`."""
    return page.get_by_test_id("stMain").get_by_role("button", name=t("nav_" + action, lang), exact=True)


def overlaps(boxes: list[dict]) -> list[str]:
    """Every two label boxes that overlap by more than half a pixel each way."""
    found = []
    for k, a in enumerate(boxes):
        for b in boxes[k + 1 :]:
            if min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5 and (
                min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
            ):
                found.append(
                    f"{a['text']!r}@({a['left']:.0f},{a['top']:.0f}) × {b['text']!r}@({b['left']:.0f},{b['top']:.0f})"
                )
    return found


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_tree_page_never_asks_to_hover(new_context, view):
    page, lang = opened(new_context, view)
    text = page.get_by_test_id("stMain").inner_text()
    assert not HOVER[lang].search(text), (
        f"{view}: the page asks to hover: …{text[HOVER[lang].search(text).start() - 60 :][:120]}…"
    )


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_tree_steps_with_named_buttons_thumb_sized_on_touch(new_context, view):
    page, lang = opened(new_context, view)
    sizes = {}
    for action in STEPS:
        button = step_button(page, lang, action)
        expect(button).to_have_count(1)
        box = button.bounding_box()
        sizes[action] = (round(box["width"]), round(box["height"]))
    if VIEWS[view][0].get("has_touch"):
        small = {a: s for a, s in sizes.items() if min(s) < 44}
        assert not small, f"{view}: step buttons under 44 px: {small}"
    assert max(box[1] for box in sizes.values()) < 120, sizes


@pytest.mark.parametrize("view", list(VIEWS))
def test_every_stage_shows_its_numbers_readably(new_context, view):
    """Stage by stage (next ▶ from the first), the labels are the shown nodes' dp values, each at least 12 px
    on screen, no two overlapping; the stage is in the address bar."""
    page, lang = opened(new_context, view)
    for stage in range(last_stage(TREE) + 1):
        if stage:
            step_button(page, lang, "next").click()
            wait_for_app_run(page)
        wanted = sorted(str(v) for v in stage_nodes(TREE, stage)["dp"])
        labels = page.locator(LABELS)
        expect(labels).to_have_count(len(wanted), timeout=15_000)
        boxes = labels.evaluate_all(MEASURE)
        assert sorted(b["text"].replace("−", "-") for b in boxes) == wanted, f"{view} stage {stage}"
        small = sorted({round(b["size"], 1) for b in boxes if b["size"] < 12})
        assert not small, f"{view} stage {stage}: labels at {small} px on screen"
        clash = overlaps(boxes)
        assert not clash, f"{view} stage {stage}: {len(clash)} overlapping labels, e.g. {clash[:3]}"
        assert re.search(rf"[?&]stage={stage}(&|$)", page.url) or stage == 0, page.url
        if SHOTS:
            screenshot(page, SHOTS / f"{view}-stage{stage:02d}.png", full=True)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_presenter_mode_on_the_tree_page_has_a_way_out_and_big_text(new_context, lang):
    """?present=1 at 1280×720: the explainer's "Exit presenter mode" is visible, the steps and the sentence
    are at least 20 px (captions 17.6), every number on the tree at least 16 px; the way out brings the
    sidebar back."""
    page = new_context(viewport=DESKTOP).new_page()
    open_app(page, f"/tree?values={ROW}&lang={lang}&present=1&stage=4")
    main = page.get_by_test_id("stMain")
    way_out = main.get_by_role("button", name=t("exit_presenter", lang), exact=True)
    expect(way_out).to_be_visible()
    sizes = main.locator("[data-testid='stMarkdownContainer'] p").evaluate_all(
        "els => els.filter(e => e.offsetParent && !e.closest('[data-testid=stCaptionContainer]'))"
        ".map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert sizes and min(sizes) >= 20, sizes
    button = step_button(page, lang, "next").locator("p").first
    assert float(button.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 20
    labels = page.locator(LABELS)
    expect(labels).to_have_count(89)
    small = [b for b in labels.evaluate_all(MEASURE) if b["size"] < 16]
    assert not small and not overlaps(labels.evaluate_all(MEASURE)), small[:3]
    if SHOTS:
        screenshot(page, SHOTS / f"present-{lang}-stage04.png")
    way_out.click()
    wait_for_app_run(page)
    expect(page.get_by_test_id("stSidebar")).to_be_visible()
