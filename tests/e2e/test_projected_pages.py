"""Presenter mode on the pages issue 40 left with 14-16 px text (the lesson, the deck, the trace table and the
approaches; the lesson's live stage too, inside its shadow root), and the export page, which does not offer
it: at 1280×720 in English and 中文 each projected page has its way out over nothing, body text at least 20 px,
nothing that carries content under 16 px (a chart's text included, drawn big by its config, not squeezed by
CSS), its main control inside the first 720 px; the export page says why it has no presenter mode and draws
its ordinary page.
On main 813d8bf: body text 16-18.4 px, captions 14 px, the trace's and the deck's tables drawn on a canvas
at 13-14 px, the approaches' chart text 11-12 px. On main 6a3666a the lesson's stage (chapter 6) was zoomed
to 0.70 with its text drawn at 13 px: 9.1 px on the projector."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from stonegame.i18n import t

from .helpers import DESKTOP, open_app, wait_for_stage
from .test_approaches_compare import PICK, chart
from .test_presenter_pages import TEXT_SIZES, bottom

ROW = "5,-3,8,2,-1,7,4,-6"
HEIGHT = DESKTOP["height"]
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/work/shots")) / "proj40-tests"  # to look at, outside the repo
PATHS = {
    "lesson": "/lesson?lesson=2",
    "lesson_stage": "/lesson?lesson=6",
    "deck": "/deck?",
    "trace": "/trace?",
    "approaches": "/approaches?",
}
MAIN = {  # each page's main control: the lesson's question, the deck's first card's load, the trace's tabs
    "lesson": "[data-testid='stMain'] .st-key-lesson_text [data-testid='stRadio']",
    "lesson_stage": "[data-testid='stMain'] .st-key-lesson_text [data-testid='stRadio']",
    "deck": ".st-key-deck_load_greedy button",
    "trace": "[data-testid='stMain'] [role='tab']",
    "approaches": f"{PICK} button",
}
# Two of the browser's frames: the lesson's fit of its piece (a ResizeObserver, then a frame) has run.
SETTLED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
# The way out's box against the box of every visible run of words of the main pane (chart text too) it overlaps.
UNDER_WAY_OUT = """() => {
  const out = document.querySelector('.st-key-w_exit_present button').getBoundingClientRect(), hit = [];
  const walk = document.createTreeWalker(document.querySelector("[data-testid='stMain']"), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const e = walk.currentNode.parentElement, range = document.createRange();
    if (!walk.currentNode.textContent.trim() || e.closest('.st-key-w_exit_present')) continue;
    range.selectNodeContents(walk.currentNode);
    const r = range.getBoundingClientRect();  // the words' own box, not their block's
    if (!r.width || !r.height) continue;
    const x = Math.min(out.right, r.right) - Math.max(out.left, r.left);
    const y = Math.min(out.bottom, r.bottom) - Math.max(out.top, r.top);
    if (x > 1 && y > 1) hit.push(walk.currentNode.textContent.trim().slice(0, 30));
  }
  return hit;
}"""


def shot(name: str) -> str:
    """Where a screenshot to look at goes (outside the repository)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return str(SHOTS / f"{name}.png")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", list(PATHS))
def test_presenter_mode_projects_the_other_pages(page: Page, name: str, lang: str) -> None:
    open_app(page, f"{PATHS[name]}&values={ROW}&lang={lang}&present=1")
    if name == "approaches":
        chart(page, "recursion")
    if name == "lesson_stage":  # its live stage drawn, and the lesson's fit of it to the window done
        wait_for_stage(page)
        page.evaluate(SETTLED)
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    way_out = page.get_by_role("button", name=t("exit_presenter", lang))
    expect(way_out).to_be_visible()
    assert bottom(page, ".st-key-w_exit_present button") <= HEIGHT
    page.screenshot(path=shot(f"{name}-present-{lang}-1280"))
    covered = page.evaluate(UNDER_WAY_OUT)
    assert not covered, f"{name}: the way out lies over {covered}"
    low = bottom(page, MAIN[name])
    assert low <= HEIGHT, f"{name}: the main control ends at y = {low:.0f}, below the first {HEIGHT} px"
    grids = page.get_by_test_id("stDataFrame").locator("visible=true").count()
    assert not grids, f"{name}: {grids} tables drawn on a canvas, their text 14 px whatever the page's size"
    sizes = page.evaluate(TEXT_SIZES, [DESKTOP["width"], HEIGHT])
    small = sorted({(size, text) for size, _, text in sizes if size < 16})
    assert not small, f"{name}: text under 16 px on the projector: {small[:8]}"
    body = sorted({(size, text) for size, is_body, text in sizes if is_body and size < 20})
    assert not body, f"{name}: body text under 20 px on the projector: {body[:8]}"


# Every chart text of the main pane: its size as Vega drew it (the attribute) and as the page shows it (CSS).
CHART_TEXT = """() => [...document.querySelectorAll("[data-testid='stMain'] [data-testid='stVegaLiteChart'] svg text")]
  .filter(e => e.textContent.trim() && e.getBoundingClientRect().width > 0)
  .map(e => [parseFloat(e.getAttribute('font-size')), parseFloat(getComputedStyle(e).fontSize),
             e.textContent.trim().slice(0, 20)])"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("path", ["/approaches?", "/lesson?lesson=3", "/replay?", "/play?"])
def test_presenter_mode_draws_chart_text_big(page: Page, path: str, lang: str) -> None:
    open_app(page, f"{path}&values={ROW}&lang={lang}&present=1")
    expect(page.locator("[data-testid='stMain'] [data-testid='stVegaLiteChart'] svg text").first).to_be_attached()
    texts = page.evaluate(CHART_TEXT)
    assert texts, "no chart text"
    drawn = sorted({(size, text) for size, _, text in texts if size < 16})
    assert not drawn, f"{path}: chart text drawn under 16 px (CSS enlarges it over its neighbours): {drawn[:8]}"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_export_page_says_it_has_no_presenter_mode(page: Page, lang: str) -> None:
    open_app(page, f"/export?values={ROW}&lang={lang}&present=1")
    main = page.get_by_test_id("stMain")
    expect(main).to_contain_text(t("present_not_here", lang))
    expect(page.get_by_test_id("stSidebar")).to_be_visible()
    toggle = page.get_by_test_id("stSidebar").get_by_role("switch", name=t("presenter_mode", lang), exact=True)
    expect(toggle).to_be_disabled()
    expect(page.get_by_role("button", name=t("exit_presenter", lang))).to_have_count(0)
    page.screenshot(path=shot(f"export-present-{lang}-1280"))
