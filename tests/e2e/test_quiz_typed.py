"""The quiz's typed answers in a real browser (issue 40, "Small things a class notices"): a 20-digit answer, a
word, 1e5, --3 or a blank box gets one sentence saying which answer is wrong, why, and the range it must be
in; nothing is graded; then a right answer (full-width, as a Chinese input method types it, in 中文) is
revealed. At 1280×720 and at 390×844 on a touch screen (the boxes and Reveal at least 44 px), in English and
中文, and in presenter mode (the sentence in body text the back row reads, Reveal on the first screen).
On main 7c405e6 the answers were number boxes: the 20-digit answer was stopped in the browser and Reveal
showed nothing at all."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from stonegame.i18n import t
from stonegame.teach.quiz import ANSWER_LIMIT

from .helpers import DESKTOP, PHONE, open_app, wait_for_app_run

ROW = "5,-3,8,2,-1,7,4,-6"  # the first question is about pile 7: take 1, the opponent held to 0, dp[7] = -6
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/work/shots")) / "quiz40"  # to look at, outside the repo
SIZES = {"1280": {"viewport": DESKTOP}, "390": {"viewport": PHONE, "has_touch": True, "is_mobile": True}}
BAD = [  # typed into dp[7]'s box: what it is, and why it is refused
    ("12345678901234567890", "err_whole_range"),
    ("abc", "err_whole_not_integer"),
    ("1e5", "err_whole_not_integer"),
    ("--3", "err_whole_not_integer"),
]
WARNING = "[data-testid='stAlertContentWarning'] [data-testid='stMarkdownContainer']"
SUCCESS = "[data-testid='stAlertContentSuccess']"
REVEAL = "[data-testid='stFormSubmitButton'] button"


def said(lang: str, token: str, key: str) -> str:
    """The sentence the quiz says of `token` typed as dp[7]."""
    reason = t(key, lang, token=token, lo=-ANSWER_LIMIT, hi=ANSWER_LIMIT)
    return t("quiz_bad_answer", lang, n=3, part=t("quiz_part_dp", lang, i=7), reason=reason)


def reveal(page: Page, enter: bool = False) -> None:
    """Press Reveal (or Enter in dp[7]'s box, which submits the form) and wait for the run."""
    if enter:
        page.keyboard.press("Enter")
    else:
        page.locator(REVEAL).click()
    wait_for_app_run(page)


def shot(name: str) -> str:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return str(SHOTS / f"{name}.png")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_bad_typed_answer_gets_a_sentence_with_the_range_and_a_good_one_is_revealed(new_context, size, lang):
    # main 7c405e6: after the 20-digit answer and Reveal, no sentence at all (the box held it back)
    page = new_context(**SIZES[size]).new_page()
    open_app(page, f"/quiz?values={ROW}&lang={lang}")
    page.get_by_text(t("quiz_take_k", lang, k=1, span="7"), exact=True).click()
    page.get_by_label(t("quiz_ask_opponent", lang, choices="dp[8]")).fill("0")
    dp = page.get_by_label(t("quiz_ask_dp", lang, i=7))
    for n, (token, key) in enumerate(BAD):
        dp.fill(token)
        reveal(page, enter=n == 1)
        expect(page.locator(WARNING)).to_have_text(said(lang, token, key))
        expect(page.locator(SUCCESS)).to_have_count(0)
        if n == 0:
            page.screenshot(path=shot(f"quiz-bad-{lang}-{size}"))
    dp.fill("")
    reveal(page)
    expect(page.locator(WARNING)).to_have_text(t("quiz_missing", lang, parts=t("quiz_part_dp", lang, i=7)))
    if size == "390":  # a thumb: the boxes typed into and Reveal
        for box in (dp, page.locator(REVEAL)):
            b = box.bounding_box()
            assert b and b["height"] >= 44 and b["width"] >= 44, f"too small to touch: {b}"
    dp.fill("－６" if lang == "zh" else "-6")  # a Chinese input method types full-width digits and minus
    reveal(page)
    expect(page.locator(SUCCESS)).to_contain_text(t("quiz_mark_right", lang, part="dp[7]", given=-6))
    expect(page.locator(WARNING)).to_have_count(0)
    page.screenshot(path=shot(f"quiz-revealed-{lang}-{size}"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_in_presenter_mode_the_sentence_is_body_text_and_reveal_stays_on_screen(page: Page, lang: str):
    # main 7c405e6: no sentence after the 20-digit answer (the number box held it back)
    open_app(page, f"/quiz?values={ROW}&lang={lang}&present=1")
    page.get_by_text(t("quiz_take_k", lang, k=1, span="7"), exact=True).click()
    page.get_by_label(t("quiz_ask_opponent", lang, choices="dp[8]")).fill("0")
    dp = page.get_by_label(t("quiz_ask_dp", lang, i=7))
    dp.fill(BAD[0][0])
    reveal(page)
    warning = page.locator(WARNING)
    expect(warning).to_have_text(said(lang, *BAD[0]))
    page.screenshot(path=shot(f"quiz-bad-present-{lang}-1280"))
    sizes = warning.locator("p").evaluate_all("ps => ps.map(p => parseFloat(getComputedStyle(p).fontSize))")
    assert sizes and min(sizes) >= 20, f"the sentence on the projector is under 20 px: {sizes}"
    typed = dp.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert typed >= 20, f"what is typed reads at {typed} px on the projector"
    page.evaluate("() => document.querySelector(\"[data-testid='stMain']\").scrollTo(0, 0)")
    box = page.locator(REVEAL).bounding_box()
    assert box and box["y"] + box["height"] <= DESKTOP["height"], f"Reveal below the first screen: {box}"
    dp.fill("-6")
    reveal(page)
    expect(page.locator(SUCCESS)).to_contain_text(t("quiz_mark_right", lang, part="dp[7]", given=-6))
