"""The code listing in the lesson's stage is readable on a projector and a laptop: in every chapter that
shows the stage, at 1280×720 and 1366×768, each listing line's text is at least 12 px on screen (its font
size times the zoom the lesson puts on the piece to fit it in the window). Seen walking the hour: the piece
zoomed to 0.75 drew the listing's 12 px font 9 px high."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from stonegame.i18n import t
from stonegame.lesson.chapters import chapters

from .helpers import open_app

SCREENS = {"projector": {"width": 1280, "height": 720}, "laptop": {"width": 1366, "height": 768}}
LEAST_PX = 12
STAGED = [n for n, c in enumerate(chapters(), start=1) if c.piece == "stage" and "code" not in c.hide]  # with a listing

# Each listing line's font size on screen: its CSS font size times the window pixels one of its own pixels
# covers (the zoom around it), once the stage has drawn and the sizes held still for three polls.
ON_SCREEN = """() => {
  const host = [...document.querySelectorAll('.st-key-lesson_piece *')]
    .find(e => e.shadowRoot && e.shadowRoot.querySelector('[data-testid=stage][data-ready=true]'));
  if (!host) return null;
  const code = host.shadowRoot.querySelector('.code');
  const zoom = code.getBoundingClientRect().width / code.offsetWidth;
  return [...code.querySelectorAll('.listing li code')]
    .map(c => Math.round(parseFloat(getComputedStyle(c).fontSize) * zoom * 100) / 100);
}"""
SETTLED = (
    "() => { const now = JSON.stringify(("
    + ON_SCREEN
    + """)());
  if (now === 'null') return false;
  window.__sizesSame = window.__sizesLast === now ? (window.__sizesSame || 0) + 1 : 0;
  window.__sizesLast = now;
  return window.__sizesSame >= 3; }"""
)


@pytest.mark.parametrize("screen", SCREENS)
def test_every_listing_line_is_at_least_12_px_on_screen(new_context, screen: str):
    assert STAGED, "the lesson shows the stage in some chapter"
    page = new_context(viewport=SCREENS[screen]).new_page()
    found = []
    for number in STAGED:
        open_app(page, f"/lesson?lesson={number}")
        expect(page.locator("h1")).to_have_text(t(f"lesson_{chapters()[number - 1].name}_title"))
        page.evaluate("() => { window.__sizesLast = null; window.__sizesSame = 0; }")
        page.wait_for_function(SETTLED, timeout=20_000, polling=150)
        sizes = page.evaluate(ON_SCREEN)
        assert sizes, f"chapter {number}: no listing"
        found += [f"chapter {number}: {min(sizes)} px"] if min(sizes) < LEAST_PX - 0.05 else []
    assert not found, f"{screen}: listing lines under {LEAST_PX} px on screen: {found}"
