"""Regenerate the lesson's pictures in docs/ (docs/teaching.md's) with headless Chromium.

    python scripts/lesson_screenshots.py                         # starts the app on a free port, then stops it
    python scripts/lesson_screenshots.py --url http://localhost:8501   # uses an app that is already running

Writes docs/lesson-game.png (chapter 1 at 1280×720), docs/lesson-greedy.png (chapter 2 after the greedy
answer 3 was checked: the feedback names the trap), docs/lesson-fill-zh.png (chapter 6 in Chinese: the
stage one step before dp[0], the ★ cell dp[4] beside the listing) and docs/lesson-phone.png (chapter 6 at
390×844: the words, then the live piece, before the question). Each opens its chapter by its link in a new
browser, so nothing is remembered. Uses $CHROMIUM_PATH or /usr/bin/chromium (never `playwright install`)
and the browser tests' helpers (tests/e2e/helpers.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page  # noqa: E402

from scripts.screenshots import picture_parser, shoot_all  # noqa: E402
from stonegame.i18n import t  # noqa: E402
from tests.e2e.helpers import (  # noqa: E402
    DESKTOP,
    PHONE,
    STAGE_READY,
    open_app,
    screenshot,
    wait_for_app_run,
)

SHOTS = {  # file name -> (query, viewport, the greedy answer checked first)
    "lesson-game.png": ("lesson=1", DESKTOP, False),
    "lesson-greedy.png": ("lesson=2", DESKTOP, True),
    "lesson-fill-zh.png": ("lesson=6&lang=zh", DESKTOP, False),
    "lesson-phone.png": ("lesson=6", PHONE, False),
}
# The chapter's pieces drawn and the lesson's zoom settled: the piece's size held for three polls.
SETTLED = """() => { const p = document.querySelector('.st-key-lesson_piece');
  if (!p || p.querySelector('[data-testid=stVegaLiteChart]:not(:has(svg.marks, canvas))')) return false;
  const now = JSON.stringify(p.getBoundingClientRect()) + p.style.zoom;
  window.__same = window.__last === now ? (window.__same || 0) + 1 : 0;
  window.__last = now;
  return window.__same >= 3; }"""


def greedy_answer(page: Page) -> None:
    """Pick 3 (greedy's take) in chapter 2 and press Check."""
    main = page.get_by_test_id("stMain")
    main.get_by_test_id("stRadio").get_by_text("3", exact=True).click()
    wait_for_app_run(page)
    main.get_by_role("button", name=t("lesson_check")).click()
    wait_for_app_run(page)


def shoot(browser: Browser, url: str, out: Path) -> list[Path]:
    """Take every screenshot in SHOTS from the app at `url`; return the files written."""
    written = []
    for name, (query, viewport, answer) in SHOTS.items():
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        try:
            page = context.new_page()
            open_app(page, f"{url}/lesson?{query}")
            if "lesson=6" in query:
                page.locator(STAGE_READY).wait_for(state="attached")
            if answer:
                greedy_answer(page)
            page.wait_for_function(SETTLED, polling=150, timeout=20_000)
            written.append(screenshot(page, out / name))
        finally:
            context.close()
    return written


def main(argv: list[str] | None = None) -> int:
    args = picture_parser(__doc__).parse_args(argv)
    return shoot_all(args.url, lambda browser, url: shoot(browser, url, args.out))


if __name__ == "__main__":
    sys.exit(main())
