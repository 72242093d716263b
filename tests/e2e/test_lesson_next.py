"""The lesson's last page leads on: each suggestion is a link to its page that opens it on the lesson's
row [1, 2, 3, 7], in the same tab (a session that had another row takes the lesson's) and, by its address,
in a new one. The student had the row [5, -3, 8] before the lesson, so each page shows which row it got.
Each link's href is absolute to its page (the explainer at the app's root "/"): Streamlit writes a page link's
href relative, "?from=lesson…" for the main page, so the explainer's link opened in a new tab (a middle click)
landed on the lesson again (seen walking the hour)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from stonegame.i18n import t
from stonegame.lesson import progress as pg
from stonegame.lesson.chapters import chapters, summary_number
from ui.parts.lesson import NEXT_PAGES

from .helpers import grid_row, open_app, open_explainer, wait_for_app_run, wait_for_stage

BEFORE = "/?values=5,-3,8"  # the student's own row, three piles
KEPT = pg.dumps({c.name: pg.Record(shown=True) for c in chapters()}, summary_number())  # every answer shown
REMEMBER = f"() => localStorage.setItem('stonegame:lesson', {KEPT!r})"


def summary(page: Page) -> None:
    """From the explainer on the student's row, the lesson's link; the browser remembers the lesson done,
    so it opens at its end."""
    open_explainer(page, BEFORE)
    page.evaluate(REMEMBER)
    page.get_by_test_id("stMain").get_by_role("link", name=t("lesson_start")).click()
    wait_for_app_run(page)
    expect(page.locator("h1")).to_have_text(t("lesson_summary_title"))


def shows_the_lessons_row(page: Page, path: str) -> None:
    """The page at `path` is on [1, 2, 3, 7] (four piles), not the student's [5, -3, 8]."""
    main = page.get_by_test_id("stMain")
    if path.endswith("explainer.py"):
        wait_for_stage(page)
        assert [v for v in grid_row(page, "values") if v] == ["1", "2", "3", "7"]
    elif path.endswith("write.py"):
        expect(main).to_contain_text("[1,2,3,7] (k = 3)")
    elif path.endswith("play.py"):
        expect(main).to_contain_text("4 piles left")
    else:
        expect(main).to_contain_text(t("quiz_heading_pile", i=3, q=1, total=5))


@pytest.mark.parametrize(("path", "key"), [(path, key) for path, key, _ in NEXT_PAGES])
def test_each_suggestion_opens_its_page_on_the_lessons_row(new_context, path: str, key: str):
    page = new_context().new_page()
    summary(page)
    link = page.get_by_test_id("stMain").get_by_role("link", name=t(key))
    expect(link).to_have_count(1)
    wanted = "/" if path.endswith("explainer.py") else "/" + path.removeprefix("pages/").removesuffix(".py")
    expect(link).to_have_attribute("href", re.compile(rf"^{re.escape(wanted)}\?"))  # absolute, as written
    href = link.get_attribute("href")
    address = urlsplit(href)
    assert parse_qs(address.query).get("from") == ["lesson"], href
    tab = page.context.new_page()  # the link's own address in a new tab, as a middle click opens it
    open_app(tab, href)
    expect(tab).to_have_url(re.compile(rf"{re.escape(wanted)}(\?|$)"))
    shows_the_lessons_row(tab, path)
    tab.close()
    link.click()
    wait_for_app_run(page)
    shows_the_lessons_row(page, path)
    expect(page).to_have_url(re.compile(rf"{re.escape(wanted)}(\?|$)"))
    expect(page).not_to_have_url(re.compile("from="))  # handed once: a rerun keeps the page's own row


def test_the_links_keep_the_language(new_context):
    page = new_context().new_page()
    open_app(page, "/lesson?lang=zh")
    page.evaluate(REMEMBER)
    open_app(page, "/lesson?lang=zh")
    expect(page.locator("h1")).to_have_text(t("lesson_summary_title", "zh"))
    for _, key, _ in NEXT_PAGES:
        href = page.get_by_test_id("stMain").get_by_role("link", name=t(key, "zh")).evaluate("a => a.href")
        query = parse_qs(urlsplit(href).query)
        assert query.get("lang") == ["zh"] and query.get("from") == ["lesson"], href
