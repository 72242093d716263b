"""'Write it yourself' in a real browser, at 1280x720 and 390x844, in English and Chinese: the code typed into
our CodeMirror editor runs on the row; a correct fill gives every cell ✓; a known mistake (max instead of min)
marks the first wrong cell and says how the truth fills it, with the explainer's step one link away; a syntax
error and a hostile program are refused in one sentence with the line and column, never a traceback; the
editor has line numbers and Python colouring and Tab indents; the touch controls are >= 44 px and nothing
overlaps. Screenshots go to artifacts/screenshots/ (and /work/shots/page36/ when that folder exists)."""

from __future__ import annotations

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
