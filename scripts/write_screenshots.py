"""The walk of issue 36 through "Write it yourself", as a student tries it, with a screenshot of each case.

    python scripts/write_screenshots.py                        # starts the app on a free port, then stops it
    python scripts/write_screenshots.py --url http://localhost:8501 --out /work/shots/wpage36
    python scripts/write_screenshots.py --only body-correct    # the cases whose name starts so

For each mode (body, loop, function), a correct fill, each named mistake the mode can hold (the programs of
tests/write/test_mistakes.py: max for min, the window early and late, no suffix, 0 past the end, the difference
formulation, values for suffix, suffix left to right, no base case), a syntax error and a hostile program, typed
into the editor on the row [2, 5, 1, 7, -2, -4] (k = 3, where every named mistake shows) and run, at 1280x720 and
390x844 (a touch screen), in English and Chinese. Writes <out>/<mode>-<case>-<size>-<lang>.png (the whole page)
and checks each page as it goes: the message the case calls for (✓ for a correct fill, the named mistake's
sentence, one sentence with the line for a refusal), no traceback, no overlapping blocks, and on the phone no
control under 44 px. Prints one line per case and the problems found; exits 1 if there are any.

    python scripts/write_screenshots.py --readme               # docs/write.png, the README's picture

With --readme it writes only docs/write.png: the page at 1280 wide in English on the example row [1,2,3,7]
(k = 3), max instead of min run in the loop-body editor, from the page's top down to "See this step in the
explainer", in 128 colours. The sidebar's icons are emoji: give Chromium an emoji font (fonts-noto-color-emoji,
or FONTCONFIG_FILE naming a fonts.conf that adds one) or they are drawn as boxes.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402
from playwright.sync_api import Browser, Page, expect  # noqa: E402

from scripts.screenshots import picture_parser, shoot_all  # noqa: E402
from stonegame.i18n import t  # noqa: E402
from stonegame.write.modes import MODES, REFERENCES  # noqa: E402
from tests.e2e.helpers import DESKTOP, PHONE, open_app, screenshot, wait_for_app_run  # noqa: E402
from tests.e2e.test_write_page import MAX, SMALL, overlaps, typed  # noqa: E402
from tests.write.test_mistakes import PROGRAMS  # noqa: E402

ROW, K = "2,5,1,7,-2,-4", 3
SIZES = {"desktop": DESKTOP, "phone": PHONE}
LANGS = ("en", "zh")
SYNTAX = {
    "body": "dp[i] = suffix[i] - min(dp[i + 1:i + k + 1]\n",
    "loop": "for i in range(n - 1, -1, -1)\n    suffix[i] = values[i] + suffix[i + 1]\n",
    "function": "def stone_game_iii(values, k):\n    n = len(values\n    return 0\n",
}
HOSTILE = {
    "body": "x = ().__class__.__bases__\n",
    "loop": "for i in range(n):\n    __import__('os')\n",
    "function": "def stone_game_iii(values, k):\n    return open('/etc/passwd')\n",
}


def cases() -> list[tuple[str, str, str, str]]:
    """(mode, case, code, expected) for the walk: expected is "right", a mistake's name, or "refused"."""
    out = []
    for mode in MODES:
        out.append((mode, "correct", REFERENCES[mode], "right"))
        seen = set()
        for name, m, code in PROGRAMS:
            if m == mode and name not in seen:
                seen.add(name)
                out.append((mode, name, code, name))
        out.append((mode, "syntax", SYNTAX[mode], "refused"))
        out.append((mode, "hostile", HOSTILE[mode], "refused"))
    return out


def check(page: Page, expected: str, lang: str, phone: bool) -> list[str]:
    """What is wrong with the page after the run: the message the case calls for, a traceback, overlapping
    blocks, controls under 44 px on the phone."""
    problems = []
    body = page.locator("[data-testid='stMain']")
    if expected == "right":
        alert = page.get_by_test_id("stAlertContentSuccess")
    elif expected == "refused":
        alert = page.get_by_test_id("stAlertContentError")
    else:
        alert = page.get_by_test_id("stAlertContentWarning")
    try:
        expect(alert.first).to_be_visible(timeout=15_000)
    except AssertionError:
        return ["no message of the expected kind"]
    text = alert.first.inner_text()
    if expected == "refused" and not any(w in text for w in ("Line ", "第 ")):
        problems.append(f"refusal without its line: {text[:80]!r}")
    if expected not in ("right", "refused"):
        sentence = t(f"write_mistake_{expected}", lang)[:18]
        if sentence not in text:
            problems.append(f"not named {expected}: {text[:120]!r}")
    if "Traceback" in body.inner_text():
        problems.append("a traceback on screen")
    if found := overlaps(page):
        problems.append(f"overlaps: {found}")
    if phone and (small := page.evaluate(SMALL)):
        problems.append(f"controls under 44 px: {small}")
    return problems


def ran(page: Page, address: str, code: str) -> None:
    """Open the write page at `address`, type `code` into its editor, press "Run on this row" and wait for it."""
    open_app(page, address)
    expect(page.locator(".cm-content")).to_be_visible(timeout=30_000)
    typed(page, code)
    page.locator(".st-key-write_w_run button").click()
    wait_for_app_run(page)


def walk(browser: Browser, url: str, out: Path, only: str = "") -> tuple[list[Path], list[str]]:
    """Every case at every size and language: the screenshots written and the problems found."""
    written, problems = [], []
    for size, viewport in SIZES.items():
        phone = size == "phone"
        for lang in LANGS:
            context = browser.new_context(viewport=viewport, device_scale_factor=1, is_mobile=phone, has_touch=phone)
            try:
                for mode, case, code, expected in cases():
                    name = f"{mode}-{case}-{size}-{lang}"
                    if not name.startswith(only):
                        continue
                    page = context.new_page()
                    ran(page, f"{url}/write?values={ROW}&k={K}&mode={mode}&lang={lang}", code)
                    found = check(page, expected, lang, phone)
                    written.append(screenshot(page, out / f"{name}.png", full=True))
                    problems += [f"{name}: {p}" for p in found]
                    print(f"{name}: {'ok' if not found else '; '.join(found)}", flush=True)
                    page.close()
            finally:
                context.close()
    return written, problems


def readme(browser: Browser, url: str, out: Path) -> list[Path]:
    """docs/write.png: max instead of min run on the example row at 1280 wide (English), the page from its top
    to just under "See this step in the explainer", in 128 colours (a README picture, not a test's)."""
    context = browser.new_context(viewport=DESKTOP, device_scale_factor=1)
    try:
        page = context.new_page()
        ran(page, f"{url}/write?lang=en", MAX)
        step = page.get_by_test_id("stLinkButton")
        expect(step).to_be_visible(timeout=15_000)
        path = screenshot(page, out / "write.png", full=True)
        box = step.bounding_box() or {"y": 0, "height": DESKTOP["height"]}
        bottom = max(DESKTOP["height"], int(box["y"] + box["height"] + 16))
        with Image.open(path) as shot:
            picture = shot.crop((0, 0, shot.width, min(bottom, shot.height))).convert("RGB")
        picture.quantize(colors=128).save(path, optimize=True)
        return [path]
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = picture_parser(__doc__)
    parser.set_defaults(out=Path("/work/shots/wpage36"))
    parser.add_argument("--only", default="", help="only the cases whose name starts so (e.g. body-correct)")
    parser.add_argument("--readme", action="store_true", help="only docs/write.png (--out defaults to docs/)")
    args = parser.parse_args(argv)
    if args.readme:
        out = ROOT / "docs" if args.out == Path("/work/shots/wpage36") else args.out
        return shoot_all(args.url, lambda browser, url: readme(browser, url, out))
    problems: list[str] = []

    def shoot(browser: Browser, url: str) -> list[Path]:
        written, found = walk(browser, url, args.out, args.only)
        problems.extend(found)
        return written

    code = shoot_all(args.url, shoot)
    print(f"\n{len(problems)} problems" + "".join(f"\n  {p}" for p in problems))
    return code or (1 if problems else 0)


if __name__ == "__main__":
    sys.exit(main())
