"""The approaches page compared on one screen (issue 40, "Every way to solve it"), in a real browser:

- at 1280×720 the ladder table and the tab strip are on the first screen, and for every approach the
  tab strip, its player and its first picture fit together in one 720-px screen, at the same place for
  all four (so comparing two is a click, not a scroll); switching approach and back keeps each one's step;
- the recursion's call labels are at least 12 px on screen and none overlaps another (measured boxes);
- at 390×844 no table is wider than its column;
- in 中文 the approaches' listings have their comments in Chinese.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers import DESKTOP, NAV, NAV_LABELS, PHONE, STEP_TEXT, open_app

ROW = "5,-3,8,2,-1,7,4,-6"  # the row the issue was walked with: 274 recursion steps, 31 memo steps
RUNGS = ("recursion", "memo", "table", "window")
PICK = ".st-key-ladder_pick"
BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
CJK = re.compile(r"[\u4e00-\u9fff]")
WORDS = re.compile(r"\b[A-Za-z]{2,} [A-Za-z]{2,}\b")  # two English words in a row (code such as dp[n] = 0 is not)


def chart(page: Page, rung: str) -> Locator:
    """A rung's chart once drawn (its five buttons exist)."""
    found = page.locator(f".st-key-ladder_rung_{rung}").get_by_test_id("stVegaLiteChart")
    expect(found.locator(NAV_LABELS)).to_have_count(len(NAV), timeout=25_000)
    expect(found).to_have_attribute("role", "graphics-document")
    return found


def show(page: Page, rung: str) -> Locator:
    """Pick the rung in the tab strip (where the page has one), then its chart once drawn and visible."""
    if page.locator(PICK).count():
        page.locator(f"{PICK} button").nth(RUNGS.index(rung)).press("Enter")  # as in pick(): no pointer
    found = chart(page, rung)
    expect(found).to_be_visible()
    return found


def box(locator: Locator) -> list[float]:
    """[left, top, right, bottom] of the element on screen."""
    return locator.evaluate(BOX)


def picture(found: Locator) -> Locator:
    """A rung's first picture: the fourth view of its chart (after the player, the caption, the counters)."""
    return found.locator("g.concat_3_group").first


def test_every_approach_fits_one_screen_under_the_table_and_keeps_its_step(new_context):
    page = new_context(viewport=DESKTOP).new_page()
    open_app(page, f"/approaches?values={ROW}")
    table = box(page.locator(".st-key-ladder_summary [data-testid='stTable']"))
    assert table[3] <= DESKTOP["height"], f"the ladder table ends at y = {table[3]:.0f}, below the first screen"
    players = {}
    for rung in RUNGS:
        found = show(page, rung)
        player, shown = box(found.locator("g.nav_button_0_marks")), box(picture(found))
        strip = box(page.locator(PICK)) if page.locator(PICK).count() else player
        assert strip[3] <= DESKTOP["height"], f"{rung}: the tab strip ends at y = {strip[3]:.0f}, off the first screen"
        span = shown[3] - strip[1]
        assert span <= DESKTOP["height"], f"{rung}: tab strip to the picture's bottom spans {span:.0f} px > 720"
        players[rung] = player[1]
    apart = max(players.values()) - min(players.values())
    assert apart <= 1, f"the four players are {apart:.0f} px apart: {players}"
    recursion = show(page, "recursion")
    for _ in range(3):
        recursion.locator(NAV_LABELS).nth(NAV.index("next")).click()
    expect(recursion.locator(STEP_TEXT)).to_have_text("step 3 of 274")
    memo = show(page, "memo")
    expect(memo.locator(STEP_TEXT)).to_have_text("step 0 of 31")
    expect(show(page, "recursion").locator(STEP_TEXT)).to_have_text("step 3 of 274")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_call_labels_are_readable_and_never_overlap(new_context, viewport: dict):
    page = new_context(viewport=viewport).new_page()
    open_app(page, f"/approaches?values={ROW}")
    found = show(page, "recursion")
    found.locator(NAV_LABELS).nth(NAV.index("last")).click()
    expect(found.locator(STEP_TEXT)).to_have_text("step 274 of 274")
    labels = found.locator("g[class*='ladder_call_labels'] text").evaluate_all(
        """els => els.map(e => {
            const r = e.getBoundingClientRect(), scale = e.getScreenCTM().a;
            return {text: e.textContent, size: parseFloat(getComputedStyle(e).fontSize) * scale,
                    box: [r.left, r.top, r.right, r.bottom]};
        })"""
    )
    assert len(labels) >= 8, f"only {len(labels)} call labels drawn"
    small = sorted({round(label["size"], 1) for label in labels if label["size"] < 12})
    assert not small, f"call labels under 12 px on screen: {small} px ({len(labels)} labels)"
    overlaps = [
        (a["text"], b["text"])
        for n, a in enumerate(labels)
        for b in labels[n + 1 :]
        if min(a["box"][2], b["box"][2]) - max(a["box"][0], b["box"][0]) > 0.5
        and min(a["box"][3], b["box"][3]) - max(a["box"][1], b["box"][1]) > 0.5
    ]
    assert not overlaps, f"{len(overlaps)} pairs of call labels overlap, e.g. {overlaps[:5]}"


def test_no_table_is_wider_than_its_column_on_a_phone(new_context):
    page = new_context(viewport=PHONE).new_page()
    open_app(page, f"/approaches?values={ROW}")
    show(page, "recursion")
    tables = page.get_by_test_id("stTable").evaluate_all(
        """els => els.map(e => {
            const column = e.closest("[data-testid='stVerticalBlock']");
            return [e.scrollWidth, e.querySelector('table').getBoundingClientRect().width, column.clientWidth];
        })"""
    )
    assert tables, "no table on the page"
    wide = [t for t in tables if max(t[0], t[1]) > t[2] + 1]
    assert not wide, f"tables wider than their column (scrollWidth, table width, column width): {wide}"
    # and no cell's words run out of it into the next ("exponential: C(n) calls" over the calls column)
    spilling = (
        page.get_by_test_id("stTable")
        .locator("th, td")
        .evaluate_all(
            """cells => cells.filter(c => c.scrollWidth > c.clientWidth + 1)
                         .map(c => [c.textContent, c.scrollWidth, c.clientWidth])"""
        )
    )
    assert not spilling, f"cells whose words run out of them (text, scrollWidth, clientWidth): {spilling}"


def test_the_listings_comments_are_chinese_in_chinese(new_context):
    page = new_context(viewport=DESKTOP).new_page()
    open_app(page, f"/approaches?values={ROW}&lang=zh")
    comments = {}
    for rung in RUNGS:
        lines = show(page, rung).locator("g[class*='ladder_code_text'] text").all_text_contents()
        comments[rung] = [line.split("#", 1)[1].replace("\u00a0", " ") for line in lines if "#" in line]
    english = {rung: [c for c in found if WORDS.search(c)] for rung, found in comments.items()}
    assert all(any(CJK.search(c) for c in found) for found in comments.values()), f"no Chinese comment: {comments}"
    assert not any(english.values()), f"comments still in English: {english}"
