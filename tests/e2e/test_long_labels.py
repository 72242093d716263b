"""A 50,000-pile row's pile numbers, measured in Chromium: on the grid's top axis and the bars' pile axis
(and the overview's) no two labels that are drawn overlap or touch, at 1280×720 and on a 390×844 phone,
at the start (piles 49,994…50,000), in the middle of the fill (piles around 30,000) and in presenter
mode. Issue 33: the five-digit numbers ran together ("2999729998299993000030001…"): before the fix,
12 pairs at 1280×720 and 10 at 390×844 overlapped by up to 2.6 px, in presenter mode by up to 30 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .helpers import DESKTOP, PHONE, SCREENSHOT_DIR, open_explainer, screenshot

LONG = "/?random=50000&seed=1"
# Every axis of the stage's picture: its drawn labels' and title's boxes (a label Vega hid to avoid an overlap has
# opacity 0 and is left out), with the axis's text, so a failure names the labels that touch.
AXES = """stage => [...stage.querySelectorAll('.picture svg g.role-axis')].map(axis =>
    [...axis.querySelectorAll('g.role-axis-label text, g.role-axis-title text')]
        .filter(t => t.textContent.trim() && getComputedStyle(t).opacity !== '0' && t.getAttribute('opacity') !== '0')
        .map(t => {
            const r = t.getBoundingClientRect();
            return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
        }))"""


GAP = 3  # pixels: two labels closer than this read as one number ("4999449995")


def overlaps(labels: list[dict]) -> list[tuple[str, str, float]]:
    """Every pair of labels on one line whose boxes overlap or are less than GAP apart, with the
    overlap's width in pixels (negative: the gap between them)."""
    found = []
    for k, a in enumerate(labels):
        for b in labels[k + 1 :]:
            wide = min(a["right"], b["right"]) - max(a["left"], b["left"])
            high = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            if wide > -GAP and high > 0.5:
                found.append((a["text"], b["text"], round(wide, 1)))
    return found


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x720", "390x844"])
@pytest.mark.parametrize(
    ("step", "present"), [(0, ""), (70_000, ""), (70_000, "&present=1")], ids=["start", "middle", "presenter"]
)
def test_a_long_rows_pile_numbers_never_run_together(new_context, viewport, step, present):
    page: Page = new_context(viewport=viewport).new_page()
    open_explainer(page, f"{LONG}&step={step}{present}")
    stage = page.locator("[data-testid='stage']")
    axes = stage.evaluate(AXES)
    screenshot(
        page,
        SCREENSHOT_DIR / f"long-labels-{step}{present[1:8]}-{viewport['width']}x{viewport['height']}.png",
        full=True,
    )
    piles = [axis for axis in axes if any(label["text"].strip().isdigit() for label in axis)]
    assert len(piles) >= 2, f"the grid's and the bars' pile axes are drawn: {axes}"
    shown = [label["text"] for axis in piles for label in axis]
    assert any(len(text) == 5 for text in shown), f"five-digit pile numbers are drawn: {shown}"
    touching = [pair for axis in piles for pair in overlaps(axis)]
    assert not touching, f"{len(touching)} pairs of pile numbers overlap or touch (a, b, overlap px): {touching[:6]}"
