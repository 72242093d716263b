"""Regenerate the screenshots in docs/ (the README's and docs/teaching.md's) with headless Chromium.

    python scripts/screenshots.py                         # starts the app on a free port, then stops it
    python scripts/screenshots.py --url http://localhost:8501   # uses an app that is already running

Writes docs/explainer.png (1280×720, the sidebar open), docs/explainer-zh.png (the same, in Chinese),
docs/presenter.png (presenter mode at 1920×1080) and docs/phone.png (390×844, a touch screen). Each opens the
example row [1,2,3,7] at step 7, where dp[1] weighs three candidates. On the desktop the whole stage is in the first
viewport, so the page is shot from its top; on the phone the stage's control bar is scrolled to just below
Streamlit's header (`--top page` shoots the phone from the top too). Uses $CHROMIUM_PATH or
/usr/bin/chromium (never `playwright install`), and the same helpers as the browser tests
(tests/e2e/helpers.py).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from tests.e2e.helpers import (  # noqa: E402
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    STAGE,
    StreamlitServer,
    chromium_available,
    chromium_path,
    open_explainer,
    screenshot,
)

ROW = "values=1,2,3,7&step=7"
SHOTS = {  # file name -> (query, viewport)
    "explainer.png": (ROW, DESKTOP),
    "explainer-zh.png": (ROW + "&lang=zh", DESKTOP),
    "presenter.png": (ROW + "&present=1", {"width": 1920, "height": 1080}),
    "phone.png": (ROW, PHONE),
}

SCROLL_TO_STAGE = """el => {
    el.scrollIntoView({block: 'start'});
    const header = document.querySelector("[data-testid='stHeader']");
    const main = document.querySelector("[data-testid='stMain']");
    if (header && main) main.scrollBy(0, -header.getBoundingClientRect().height - 8);
}"""


def shoot(browser: Browser, url: str, out: Path, top: str) -> list[Path]:
    """Take every screenshot in SHOTS from the app at `url`; return the files written."""
    written = []
    for name, (query, viewport) in SHOTS.items():
        phone = viewport == PHONE  # a real phone's context: a touch screen (pointer: coarse), thumb-sized controls
        context = browser.new_context(viewport=viewport, device_scale_factor=1, is_mobile=phone, has_touch=phone)
        try:
            page = context.new_page()
            open_explainer(page, f"{url}/?{query}")
            if top == "chart" and viewport == PHONE:  # the stage's bar just below Streamlit's header
                page.locator(STAGE).evaluate(SCROLL_TO_STAGE)
            written.append(screenshot(page, out / name))
        finally:
            context.close()
    return written


def picture_parser(description: str) -> argparse.ArgumentParser:
    """The options every picture script takes: --url (a running app) and --out (the folder)."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a running app (default: start one on a free port)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder for the PNGs (default: docs/)")
    return parser


def shoot_all(url: str | None, shoot: Callable[[Browser, str], list[Path]]) -> int:
    """Run `shoot(browser, app_url)` in headless Chromium against the app at `url` (or one started on a free
    port and stopped after) and print the files it wrote; 2 with a hint if there is no Chromium."""
    if not chromium_available():
        print(f"No Chromium at {chromium_path()}: apt-get install -y chromium, or set CHROMIUM_PATH.", file=sys.stderr)
        return 2
    with StreamlitServer() if url is None else nullcontext() as server:
        app_url = (url or server.url).rstrip("/")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            try:
                for path in shoot(browser, app_url):
                    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
            finally:
                browser.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = picture_parser(__doc__)
    parser.add_argument(
        "--top",
        choices=("chart", "page"),
        default="chart",
        help="what is at the top of the phone's picture (default: chart)",
    )
    args = parser.parse_args(argv)
    return shoot_all(args.url, lambda browser, url: shoot(browser, url, args.out, args.top))


if __name__ == "__main__":
    sys.exit(main())
