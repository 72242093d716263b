"""'Write it yourself' in a real browser, at 1280x720 and 390x844, in English and Chinese: the code typed into
our CodeMirror editor runs on the row; a correct fill gives every cell ✓; a known mistake (max instead of min)
marks the first wrong cell and says how the truth fills it, with the explainer's step one link away; a syntax
error and a hostile program are refused in one sentence with the line and column, never a traceback; the
editor has line numbers and Python colouring and Tab indents; "Check on more rows" shows its spinner while the
50,000-pile row runs, then the count; the touch controls are >= 44 px and nothing
overlaps. Screenshots go to artifacts/screenshots/ (and /work/shots/page36/ when that folder exists)."""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .helpers import DESKTOP, PHONE, SCREENSHOT_DIR, open_app, screenshot, wait_for_app_run

pytestmark = pytest.mark.browser

RIGHT = "dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])"
MAX = "dp[i] = suffix[i] - max(dp[i + 1:i + k + 1])"
SYNTAX = "dp[i] = suffix[i] - min(dp[i + 1:i + k + 1]"
HOSTILE = "x = ().__class__.__bases__"
SHOTS = Path(os.environ.get("WRITE_SHOTS", "/work/shots/page36"))
SIZES = {"desktop": DESKTOP, "phone": PHONE}


def typed(page: Page, code: str) -> None:
    """Replace the editor's code with `code`, as typing would (select all, then the text)."""
    editor = page.locator(".cm-content")
    editor.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(code)


def run(page: Page) -> None:
    """Press "Run on this row" and wait for the run to finish."""
    page.locator(".st-key-write_w_run button").click()
    wait_for_app_run(page)


def shot(page: Page, name: str) -> None:
    """A screenshot of the page into artifacts/screenshots/ and, if it exists, the shots folder."""
    screenshot(page, SCREENSHOT_DIR / f"write-{name}.png", full=True)
    if SHOTS.is_dir():
        screenshot(page, SHOTS / f"{name}.png", full=True)


def open_write(page: Page, lang: str, size: str) -> Page:
    """The write page on the default row in `lang`, at the size, with the editor drawn."""
    page.set_viewport_size(SIZES[size])
    open_app(page, f"/write?lang={lang}")
    expect(page.locator(".cm-content")).to_be_visible(timeout=30_000)
    return page


def overlaps(page: Page) -> list[str]:
    """Pairs of the page's main blocks (the editor, the buttons, the messages, the chart) whose boxes overlap."""
    return page.evaluate(
        """() => {
      const sel = ['.st-key-write_editor', '.st-key-write_w_run', '.st-key-write_w_check', '.st-key-write_w_reset',
                   '[data-testid="stAlert"]', '[data-testid="stVegaLiteChart"]', '[data-testid="stLinkButton"]'];
      const boxes = sel.flatMap(s => [...document.querySelectorAll(s)].map(e => [s, e.getBoundingClientRect()]))
        .filter(([, r]) => r.width > 0 && r.height > 0);
      const out = [];
      for (let a = 0; a < boxes.length; a++) for (let b = a + 1; b < boxes.length; b++) {
        const [p, r] = boxes[a], [q, s] = boxes[b];
        if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1)
          out.push(p + ' / ' + q);
      }
      return out;
    }"""
    )


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_correct_fill_all_right(page: Page, lang: str, size: str) -> None:
    open_write(page, lang, size)
    expect(page.locator(".cm-lineNumbers .cm-gutterElement").first).to_be_attached()
    typed(page, RIGHT)
    run(page)
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("✓")
    chart = page.get_by_test_id("stVegaLiteChart")
    expect(chart).to_have_attribute("role", "graphics-document", timeout=20_000)
    assert "✗" not in (chart.get_attribute("aria-label") or "") + (
        chart.locator("svg").get_attribute("aria-label") or ""
    )
    assert overlaps(page) == []
    shot(page, f"correct-{lang}-{size}")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_max_instead_of_min_first_wrong_cell(page: Page, lang: str, size: str) -> None:
    open_write(page, lang, size)
    typed(page, MAX)
    run(page)
    warning = page.get_by_test_id("stAlertContentWarning")
    expect(warning).to_contain_text("dp[2]")  # [1,2,3,7], k=3: dp[3] = 7 either way; dp[2] = 10 - max(7, 0) = 3, not 10
    expect(warning).to_contain_text("max(")
    link = page.get_by_test_id("stLinkButton").locator("a")
    expect(link).to_have_attribute("href", re.compile(r"^\./\?(.*&)?step=6(&|$)"))
    assert overlaps(page) == []
    shot(page, f"mistake-{lang}-{size}")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_syntax_error_and_hostile_refused(page: Page, lang: str, size: str) -> None:
    open_write(page, lang, size)
    typed(page, SYNTAX)
    run(page)
    error = page.get_by_test_id("stAlertContentError")
    expect(error).to_contain_text("1" if lang == "en" else "第 1 行")
    assert "Traceback" not in page.locator("body").inner_text()
    shot(page, f"syntax-{lang}-{size}")
    typed(page, HOSTILE)
    run(page)
    expect(error).to_contain_text("__class__")
    assert "Traceback" not in page.locator("body").inner_text()
    shot(page, f"hostile-{lang}-{size}")


def test_tab_indents_and_colours(page: Page) -> None:
    open_write(page, "en", "desktop")
    editor = page.locator(".cm-content")
    editor.click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text("if i < n:")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.insert_text("dp[i] = 0")
    lines = page.locator(".cm-line").all_inner_texts()
    assert lines[1].startswith("        ")  # Enter indented 4 after the colon, Tab 4 more: it stayed in the editor
    assert page.locator(".cm-content span[class]").count() >= 2  # the keyword and the number coloured


SMALL = """() => [...document.querySelectorAll(
    '[class*="st-key-write_w_"] button, .st-key-write_w_mode [data-testid="stRadioOption"], '
    + '.st-key-write_w_hint label, .st-key-write_w_link_code label, .cm-content')]
  .map(e => [(e.textContent || '').slice(0, 24), e.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.height < 44 || r.width < 44))
  .map(([n, r]) => n + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""


def test_touch_targets_on_a_phone(new_context) -> None:
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    open_app(page, "/write")
    expect(page.locator(".cm-content")).to_be_visible(timeout=30_000)
    typed(page, MAX)
    run(page)
    expect(page.get_by_test_id("stLinkButton")).to_be_visible()
    assert page.evaluate(SMALL) == []
    assert overlaps(page) == []


LOOP_MAX = (
    "for i in range(n - 1, -1, -1):\n"
    "    suffix[i] = values[i] + suffix[i + 1]\n"
    "    dp[i] = suffix[i] - max(dp[i + 1:i + k + 1])  # ünïcode kept\n"
)


def the_link(page: Page) -> str:
    """The page's link as the page shows it (the code block under "The link to this page")."""
    return page.locator("[data-testid='stCode'] code").last.inner_text()


def test_the_link_with_the_code_opens_the_same_mode_row_and_code(new_context) -> None:
    """ "Put my code in the link": base64url of the code in the fragment (<= 4 KB); the link opened in a fresh
    browser context gives the same mode, row and code, and a run of it gives the same first wrong cell."""
    page = new_context().new_page()
    open_app(page, "/write?values=5,-2,4,1,3&k=2")
    expect(page.locator(".cm-content")).to_be_visible(timeout=30_000)
    page.locator(".st-key-write_w_mode").get_by_text("the whole loop").click()
    wait_for_app_run(page)
    typed(page, LOOP_MAX)
    run(page)
    first = page.get_by_test_id("stAlertContentWarning").inner_text()
    page.locator(".st-key-write_w_link_code label").click()
    wait_for_app_run(page)
    expect(page.locator("[data-testid='stCode'] code").last).to_contain_text("#code=")
    link = the_link(page)
    fragment = link.split("#code=", 1)[1]
    assert len(fragment) <= 4096 and re.fullmatch(r"[A-Za-z0-9_=-]+", fragment), fragment
    assert "mode=loop" in link and "values=5,-2,4,1,3" in link.replace("%2C", ",") and "k=2" in link

    fresh = new_context().new_page()
    fresh.goto(link)
    wait_for_app_run(fresh)
    expect(fresh.locator(".cm-content")).to_be_visible(timeout=30_000)
    expect(fresh.locator(".st-key-write_w_mode input[type=radio]").nth(1)).to_be_checked()
    expect(fresh.locator(".cm-content")).to_contain_text("ünïcode kept")
    assert [line.rstrip() for line in fresh.locator(".cm-line").all_inner_texts()] == LOOP_MAX.split("\n")
    expect(fresh.get_by_test_id("stMarkdownContainer").filter(has_text="[5,-2,4,1,3]").first).to_be_visible()
    # Run pressed at once, without touching the editor: the editor sends the link's code as it opens and again
    # after its typing pause, and a press whose run those reruns cut short is still answered (write.ask).
    run(fresh)
    expect(fresh.get_by_test_id("stAlertContentWarning")).to_have_text(first)


def test_run_pressed_as_a_code_link_opens_is_answered_with_the_links_code(new_context) -> None:
    """A student who presses Run the moment a `#code=` link's page shows its button (before the editor has sent
    the link's code, while its reruns come in): every time, the run of the link's code is drawn (on this
    machine's CPU slowed 4x, 1 in about 8 such presses drew nothing before write.ask kept the press)."""
    packed = base64.urlsafe_b64encode(LOOP_MAX.encode()).decode()
    for _ in range(4):
        context = new_context()
        page = context.new_page()
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(f"/write?values=5,-2,4,1,3&k=2&mode=loop#code={packed}")
        page.locator(".st-key-write_w_run button").click(timeout=30_000)
        wait_for_app_run(page)
        expect(page.get_by_test_id("stAlertContentWarning")).to_contain_text("dp[3]", timeout=20_000)
        expect(page.get_by_test_id("stAlertContentInfo")).to_have_count(0)  # the run is of the editor's code
        context.close()


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        ("#code=" + "A" * 5000, "too long"),
        ("#code=%%%not-base64", "could not be read"),
        ("#code=_w", "could not be read"),
    ],
)
def test_a_broken_or_too_long_code_link_is_said_plainly(new_context, fragment: str, words: str) -> None:
    """A link whose fragment carries more than 4 KB, or text that is not base64url of UTF-8, opens the page
    with its starter and one plain sentence saying the code was not in the link, never a traceback."""
    page = new_context().new_page()
    open_app(page, f"/write?mode=loop{fragment}")
    expect(page.locator(".cm-content")).to_be_visible(timeout=30_000)
    expect(page.locator(".cm-content")).to_contain_text("suffix[i] = ...")
    expect(page.get_by_test_id("stAlert").filter(has_text=words)).to_be_visible(timeout=20_000)
    assert "Traceback" not in page.locator("body").inner_text()


SLOW_RIGHT = (  # right, but ~186 steps a pile: 9.3 M steps, ~0.9 s of CPU on the 50,000-pile row (12 M, 2 s allowed)
    "def stone_game_iii(values, k):\n"
    "    n = len(values)\n"
    "    suffix = [0] * (n + 1)\n"
    "    dp = [0] * (n + 1)\n"
    "    i = n - 1\n"
    "    while i >= 0:\n"
    "        suffix[i] = values[i] + suffix[i + 1]\n"
    "        best = -10 ** 15\n"
    "        taken = 0\n"
    "        j = 1\n"
    "        while j <= k:\n"
    "            if i + j <= n:\n"
    "                taken = taken + values[i + j - 1]\n"
    "                mine = taken + suffix[i + j] - dp[i + j]\n"
    "                if mine > best:\n"
    "                    best = mine\n"
    "            j = j + 1\n"
    "        dp[i] = best\n"
    "        i = i - 1\n"
    "    if 2 * dp[0] > suffix[0]:\n"
    "        return 'Alice'\n"
    "    if 2 * dp[0] < suffix[0]:\n"
    "        return 'Bob'\n"
    "    return 'Tie'\n"
)

SEEN = """() => {
    window.__writeSeen = [];
    window.__writeSpinner = null;
    const note = () => {
        const spinner = document.querySelector("[data-testid='stSpinner']");
        if (spinner) window.__writeSpinner = spinner.textContent;
        const now = [
            spinner ? 'spinner' : '',
            [...document.querySelectorAll("[data-testid='stAlert']")].some(e => /Passes \\d+ of/.test(e.textContent))
                ? 'result' : '',
        ].filter(Boolean).join('+') || 'none';
        const seen = window.__writeSeen;
        if (seen[seen.length - 1] !== now) seen.push(now);
    };
    note();
    new MutationObserver(note).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def test_check_on_more_rows_shows_a_spinner_then_the_result(new_context) -> None:
    """ "Check on more rows" with a correct but wordy whole function: the 50,000-pile hidden row takes it
    ~0.9 s of CPU (more than Streamlit's 0.5 s before a spinner shows), so the page shows the spinner saying
    how many rows it runs, and then, with the spinner gone, "Passes 56 of 56 rows." A MutationObserver installed
    before the click records every state the page goes through (none, spinner, result), so no sleep decides."""
    page = new_context().new_page()
    open_app(page, "/write?mode=function")
    expect(page.locator(".cm-content")).to_be_visible(timeout=30_000)
    typed(page, SLOW_RIGHT)
    page.evaluate(SEEN)
    page.locator(".st-key-write_w_check button").click()
    expect(page.get_by_test_id("stAlertContentSuccess")).to_contain_text("Passes 56 of 56 rows.", timeout=30_000)
    wait_for_app_run(page)
    seen = page.evaluate("() => window.__writeSeen")
    assert seen[0] == "none" and seen[-1] == "result", seen
    assert "spinner" in seen and seen.index("spinner") < seen.index("result"), seen  # the spinner, then the result
    assert "spinner+result" not in seen, seen  # the spinner went before the result was drawn
    assert page.evaluate("() => window.__writeSpinner") == "Running your code on 57 rows…"
    expect(page.get_by_test_id("stSpinner")).to_have_count(0)
