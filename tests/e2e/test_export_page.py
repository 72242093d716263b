"""The export page in a real browser (issue 40, "Small things a class notices"): a step outside the row
typed into the step box gets a sentence with the row's range, in English and Chinese, on a projector and
a phone; the trace files download with one click; the exported SVG's legend text keeps clear of the next
swatch when Chromium draws it."""

from __future__ import annotations

import random
import uuid

import pytest
from playwright.sync_api import Page, expect

from stonegame.i18n import t
from stonegame.teach import export as exports

from .helpers import DESKTOP, PHONE, SCREENSHOT_DIR, open_app, wait_for_app_run

ROW = "5,-3,8,2,-1,7,4,-6"  # issue 40's row: steps 0 to 17
RANGE = {"en": "the steps go from 0 to 17", "zh": "步骤从 0 到 17"}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("typed", ["-5", "99999"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x720", "390x844"])
def test_a_step_outside_the_row_is_answered_with_its_range(new_context, lang: str, typed: str, viewport: dict):
    page = new_context(viewport=viewport).new_page()
    open_app(page, f"/export?values={ROW}&step=4&lang={lang}")
    box = page.locator(".st-key-export_w_step input")
    box.fill(typed)
    box.press("Enter")
    wait_for_app_run(page)
    main = page.get_by_test_id("stMain")
    expect(main).to_contain_text(RANGE[lang], timeout=10_000)
    expect(main).to_contain_text(f"{int(typed):,}")
    expect(box).to_have_value("4")  # the step stays where it was
    box.fill("9")
    box.press("Enter")
    wait_for_app_run(page)
    expect(main).not_to_contain_text(RANGE[lang])
    expect(box).to_have_value("9")


def test_the_trace_csv_downloads_with_one_click(page: Page):
    open_app(page, f"/export?values={ROW}&step=4")
    with page.expect_download(timeout=20_000) as made:
        page.get_by_role("button", name="Trace as CSV").click()
    download = made.value
    assert download.suggested_filename == "stone-game-8-piles-trace.csv"
    lines = download.path().read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("step,phase,i,value"), lines[0]
    assert len(lines) == 1 + 18, "a header and one line per step"


# Each legend entry's label (its right edge) against the next entry's swatch (its left edge), in px.
LEGEND_GAPS = """() => [...document.querySelectorAll('g.role-legend')].map(legend => {
  const entries = [...legend.querySelectorAll('g.role-legend-entry g.role-scope > g')].map(entry => ({
    right: entry.querySelector('g.role-legend-label text').getBoundingClientRect().right,
    left: entry.querySelector('g.role-legend-symbol path').getBoundingClientRect().left,
    text: entry.querySelector('g.role-legend-label text').textContent}));
  return entries.slice(1).map((next, i) => [entries[i].text, next.left - entries[i].right]);
})"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x720", "390x844"])
def test_the_svg_downloads_with_one_click_and_its_legend_keeps_clear(new_context, tmp_path, lang: str, viewport: dict):
    """The SVG is cheap: the page asks the render service for it on its run, and its one button downloads
    it (no Make first); the GIF, dearer, keeps its Make and its sentence states the file's frames. The
    file, drawn by Chromium, keeps each legend label clear of the next swatch (issue 40: "● written" ran
    0.3 px into it, because the SVG's text was measured in one font and drawn in another)."""
    page = new_context(viewport=viewport).new_page()
    open_app(page, f"/export?values={ROW}&step=4&lang={lang}")
    main = page.get_by_test_id("stMain")
    label = t("export_svg", lang)
    expect(main.get_by_role("button", name=t("export_make", lang, what=label))).to_have_count(0)
    button = main.get_by_role("button", name=label, exact=True)
    expect(button).to_be_enabled(timeout=30_000)
    with page.expect_download(timeout=20_000) as made:
        button.click()
    svg = tmp_path / made.value.suggested_filename  # a file named .svg, opened as an image by Chromium
    made.value.save_as(svg)
    data = svg.read_text(encoding="utf-8")
    assert data.lstrip().startswith("<svg") and "dp[" in data, data[:80]
    expect(main).to_contain_text(t("export_gif_help", lang, frames=18, seconds=exports.gif_seconds(18)))
    drawn = page.context.new_page()
    drawn.goto(svg.resolve().as_uri())
    drawn.evaluate("document.fonts.ready.then(() => true)")
    legends = drawn.evaluate(LEGEND_GAPS)
    assert len(legends) == 2 and legends[0], legends
    for text, gap in (pair for legend in legends for pair in legend):
        assert gap >= 4, f"{text!r} ends {gap:.1f} px before the next swatch"
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    drawn.screenshot(path=str(SCREENSHOT_DIR / f"export-svg-{lang}-{viewport['width']}.png"))


def test_a_make_pressed_while_the_svg_is_being_made_is_never_lost(new_context):
    """A teacher presses "Make: Chart as PNG" at once, while the page's own SVG is still being made (its
    boxes are then a fragment that looks every POLL seconds): the press must start the PNG, whatever
    moment it falls in. It was lost when it fell after the SVG was made and before the fragment's next
    look (that run found nothing being made and ran the whole page again before reading the click): 20
    presses in 60 lost, at 0 to 800 ms after Make was drawn. Each press here is on a row of its own, so
    its SVG is not made yet."""
    rows = random.Random(uuid.uuid4().int)  # new rows on every run, as the server's render cache lives on
    for delay in (0, 50, 100, 150, 200, 300, 400, 600):
        row = ",".join(str(rows.randint(-999, 999)) for _ in range(6))
        page = new_context().new_page()
        page.goto(f"/export?values={row}&step=5")
        make = page.locator(".st-key-export_make_png button")
        expect(make).to_be_visible(timeout=30_000)  # drawn while the run's SVG is asked for and made
        page.wait_for_timeout(delay)  # the moment of the press (what is tested, not a wait for the app)
        make.click()
        expect(page.locator(".st-key-export_download_png button")).to_be_enabled(timeout=30_000)
        expect(page.get_by_test_id("stAlert")).to_have_count(0)  # the row was taken as it is
        page.context.close()
