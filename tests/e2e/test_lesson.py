"""The lesson in a real browser: the whole walk from chapter 1 to the summary, one question answered wrong
and then right, the keys turning the pages, a reload in the middle that continues at the same chapter
with the answers kept (from the browser's own storage); every chapter fitting 1280×720 without
scrolling, one on a phone, presenter mode, axe on every chapter (four of them in Chinese too), and screenshots."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from stonegame.i18n import t
from stonegame.lesson.chapters import chapters
from stonegame.lesson.feedback import said

from .helpers import PHONE, SCREENSHOT_DIR, horizontal_overflow, open_app, screenshot, wait_for_app_run
from .test_accessibility import BLOCKING, report, violations

FITS = """() => { const m = document.querySelector("[data-testid='stMain']");
  return m.scrollHeight <= m.clientHeight + 1; }"""  # the main pane does not scroll


HEIGHTS = """() => { const m = document.querySelector("[data-testid='stMain']");
  const p = document.querySelector(".st-key-lesson_piece");
  return [m.scrollHeight, m.clientHeight, p && p.getBoundingClientRect().height, p && p.style.zoom]; }"""


def main(page: Page):
    return page.get_by_test_id("stMain")


def title(page: Page, name: str, lang: str = "en"):
    expect(page.locator("h1")).to_have_text(t(f"lesson_{name}_title", lang))


def pick(page: Page, value: str) -> None:
    """Pick an answer and press Check, then wait for the run."""
    main(page).get_by_test_id("stRadio").get_by_text(said(value, "en"), exact=True).click()
    wait_for_app_run(page)
    main(page).get_by_role("button", name=t("lesson_check")).click()
    wait_for_app_run(page)


def next_button(page: Page):
    return main(page).get_by_role("button", name=t("lesson_next"))


def fits(page: Page) -> None:
    """The chapter fits the window: once its pieces have drawn (and been fitted), nothing scrolls."""
    try:
        page.wait_for_function(FITS, timeout=15_000)
    except Exception as err:
        sizes = page.evaluate(HEIGHTS)
        screenshot(page, SCREENSHOT_DIR / "lesson-does-not-fit.png")
        raise AssertionError(f"{page.url} scrolls at {page.viewport_size}: main pane, then piece {sizes}") from err


def test_the_whole_lesson_wrong_then_right_with_a_reload_in_the_middle(new_context):
    page = new_context().new_page()
    open_app(page, "/lesson")
    first = chapters()[0]
    title(page, first.name)
    wrong = next(o for o in first.options if o.mistake)
    pick(page, wrong.value)
    expect(main(page).get_by_role("alert").first).to_contain_text(t("lesson_mistake_" + wrong.mistake))
    expect(next_button(page)).to_be_disabled()
    pick(page, first.answer)
    expect(main(page)).to_contain_text(t("lesson_right", answer=said(first.answer, "en")))
    expect(next_button(page)).to_be_enabled()
    fits(page)
    page.locator("h1").click()  # the focus on the page, not in a field
    page.keyboard.press("PageDown")  # the keys turn the page
    wait_for_app_run(page)
    for number, chapter in enumerate(chapters()[1:], start=2):
        title(page, chapter.name)
        expect(page).to_have_url(re.compile(f"lesson={number}(&|$)"))
        fits(page)
        pick(page, chapter.answer)
        expect(next_button(page)).to_be_enabled()
        if number == 4:  # a reload in the middle: the same chapter, the answers kept
            page.reload()
            wait_for_app_run(page)
            title(page, chapter.name)
            expect(main(page)).to_contain_text(t("lesson_right", answer=said(chapter.answer, "en")))
            page.locator("h1").click()
            page.keyboard.press("ArrowLeft")
            wait_for_app_run(page)
            title(page, chapters()[2].name)
            expect(main(page)).to_contain_text(t("lesson_right", answer=said(chapters()[2].answer, "en")))
            page.keyboard.press("ArrowRight")
            wait_for_app_run(page)
            title(page, chapter.name)
        next_button(page).click()
        wait_for_app_run(page)
    expect(page.locator("h1")).to_have_text(t("lesson_summary_title"))
    expect(main(page)).to_contain_text(t("lesson_summary_intro", first=9, total=10))
    expect(main(page).get_by_role("button", name=t("lesson_mark_later"))).to_have_count(1)
    main(page).get_by_role(
        "button", name=t("lesson_goto", n=1, title=t("lesson_game_title"), mark=t("lesson_mark_later"))
    ).click()
    wait_for_app_run(page)
    title(page, "game")


def test_a_fresh_visit_continues_where_the_student_stopped(new_context):
    """Without ?lesson in the link, a returning student opens at the chapter they left, answers kept."""
    context = new_context()
    page = context.new_page()
    open_app(page, "/lesson?lesson=1")
    pick(page, chapters()[0].answer)
    next_button(page).click()
    wait_for_app_run(page)
    title(page, chapters()[1].name)
    again = context.new_page()
    open_app(again, "/lesson")
    title(again, chapters()[1].name)
    again.get_by_test_id("stMain").get_by_role("button", name=t("lesson_back")).click()
    wait_for_app_run(again)
    expect(main(again)).to_contain_text(t("lesson_right", answer=said(chapters()[0].answer, "en")))


def test_a_bad_chapter_link_says_so_and_opens_chapter_one(new_context):
    page = new_context().new_page()
    open_app(page, "/lesson?lesson=99&lang=zh")
    expect(main(page).get_by_role("alert").first).to_contain_text("lesson")
    title(page, "game", "zh")


def test_a_chapter_on_a_phone_and_in_presenter_mode(new_context):
    page = new_context(viewport=PHONE).new_page()
    open_app(page, "/lesson?lesson=6&lang=zh")
    title(page, "fill", "zh")
    too_wide = {k: v for k, v in horizontal_overflow(page).items() if v[0] > v[1] + 1}
    assert not too_wide, f"the chapter scrolls sideways on a phone: {too_wide}"
    screenshot(page, SCREENSHOT_DIR / "lesson-6-phone.png")
    page = new_context().new_page()
    open_app(page, "/lesson?lesson=6&present=1")
    title(page, "fill")
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    expect(page.locator("[data-testid='stage'][data-ready='true']")).to_have_count(1)
    fits(page)
    screenshot(page, SCREENSHOT_DIR / "lesson-6-presenter.png")


AXED = [(n, "en") for n in range(1, len(chapters()) + 2)] + [(n, "zh") for n in (1, 3, 6, 11)]


@pytest.mark.parametrize(("number", "lang"), AXED)
def test_no_serious_axe_violation_on_a_chapter(new_context, number: int, lang: str):
    page = new_context().new_page()
    open_app(page, f"/lesson?lesson={number}&lang={lang}")
    found = violations(page)
    print("\n" + report(f"lesson {number} {lang}", found))
    blocking = [v for v in found if v["impact"] in BLOCKING]
    assert not blocking, report(f"lesson {number} {lang}, serious or critical", blocking)
    screenshot(page, SCREENSHOT_DIR / f"lesson-{number}-{lang}.png")
