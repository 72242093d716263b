"""The light student page (/classroom/join/CODE?join=TOKEN, ui/server/rooms/phone.py) in real Chromium: a
teacher leads a class from the full app at 1280×720 (presenter-free, as test_classroom does), and three phones
open the class's link on the light page: 390×844 in English, 360×740 in Chinese, 390×844 in Chinese. The tests
run in order on the same class: join, follow, explore with buttons and keys and come back, a question
answered and revealed, the layout and touch targets, axe, the link to the full app, and the end."""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .helpers import ConsoleWatch, wait_for_app_run, wait_for_stage

ROW = "5,-3,8,2,-1,7,4,-6"
PHONES = [
    ({"width": 390, "height": 844}, "en"),
    ({"width": 360, "height": 740}, "zh"),
    ({"width": 390, "height": 844}, "zh"),
]
FOLLOWING = {"en": "Following the teacher · class {code}", "zh": "正在跟随老师 · 课堂 {code}"}
AXE = Axe()
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/tmp/phone-page-shots"))


class Hall:
    """The module's class: the teacher's page, the phones' pages (with their languages) and the code."""

    def __init__(self, teacher: Page, phones: list[Page], langs: list[str], code: str, url: str) -> None:
        self.teacher, self.phones, self.langs, self.code, self.url = teacher, phones, langs, code, url


def stage(page: Page):
    return page.locator("[data-testid=stage]")


def expect_step(page: Page, step: int) -> None:
    """The page's stage is drawn at `step` (the light page's data-frame, the full app's frame)."""
    expect(stage(page)).to_have_attribute("data-frame", str(step))
    if "/classroom/join/" in page.url:
        expect(stage(page)).to_have_attribute("data-ready", "true")


@pytest.fixture(scope="module")
def hall(browser: Browser, class_url: str, class_headers: dict[str, str]) -> Iterator[Hall]:
    """A teacher who started a class on ROW at step 12, and the phones that opened its link on the light page."""
    watch = ConsoleWatch()
    contexts = [
        watch.watch(browser.new_context(viewport={"width": 1280, "height": 720}, extra_http_headers=class_headers))
    ]
    teacher = contexts[0].new_page()
    teacher.goto(f"{class_url}/?values={ROW}&step=12")
    wait_for_stage(teacher)
    teacher.get_by_role("button", name="Start a class").first.click()
    wait_for_app_run(teacher)
    code = teacher.get_by_test_id("join-code").inner_text().strip()
    token = teacher.evaluate(
        """async code => {
            const secret = sessionStorage.getItem("stonegame:class:" + code);
            const r = await fetch(`/classroom/rooms/${code}/teacher`, {method: "POST",
                headers: {"Content-Type": "application/json"}, body: JSON.stringify({secret})});
            return (await r.json()).join;
        }""",
        code,
    )
    phones, langs = [], []
    for viewport, lang in PHONES:
        contexts.append(
            watch.watch(
                browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, extra_http_headers=class_headers)
            )
        )
        page = contexts[-1].new_page()
        page.goto(f"{class_url}/classroom/join/{code}?join={token}&lang={lang}")
        phones.append(page)
        langs.append(lang)
    yield Hall(teacher, phones, langs, code, class_url)
    watch.check()
    for context in contexts:
        context.close()


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def test_phones_join_by_the_link_and_draw_the_teachers_step_in_their_language(hall: Hall) -> None:
    for page, lang in zip(hall.phones, hall.langs, strict=True):
        expect_step(page, 12)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_test_id("classbar")).to_contain_text(FOLLOWING[lang].format(code=hall.code))
        expect(stage(page).locator(".picture svg")).to_have_count(1)
    expect(hall.teacher.get_by_test_id("classbar")).to_contain_text("3 joined · 3 following · 0 exploring")
    for page, name in zip(hall.phones, ["390-en", "360-zh", "390-zh"], strict=True):
        shot(page, f"phone-{name}.png")


def test_every_phone_follows_the_teachers_step(hall: Hall) -> None:
    hall.teacher.locator("[data-testid=stage] button.nav-next").click()
    for page in hall.phones:
        expect_step(page, 13)
    caption = {"en": "Step 13 of 17", "zh": "第 13 步，共 17 步"}
    for page, lang in zip(hall.phones, hall.langs, strict=True):
        expect(stage(page).locator(".steps")).to_have_text(caption[lang])
        expect(stage(page).locator(".picture")).to_have_attribute("aria-label", re.compile(re.escape(caption[lang])))


def test_a_phone_explores_with_keys_and_buttons_and_comes_back(hall: Hall) -> None:
    teacher, explorer, follower = hall.teacher, hall.phones[0], hall.phones[1]
    explorer.get_by_role("button", name="Explore on my own").click()
    expect(teacher.get_by_test_id("classbar")).to_contain_text("2 following · 1 exploring")
    expect(explorer.get_by_test_id("classbar")).to_contain_text(f"Exploring on your own · class {hall.code}")
    explorer.keyboard.press("ArrowLeft")
    expect_step(explorer, 12)
    explorer.keyboard.press("Home")
    expect_step(explorer, 0)
    stage(explorer).locator("button.nav-next").click()
    expect_step(explorer, 1)
    teacher.locator("[data-testid=stage] button.nav-next").click()
    expect_step(follower, 14)
    expect_step(explorer, 1)  # nothing the teacher does moves an explorer
    explorer.get_by_role("button", name="Back to the class").click()
    expect_step(explorer, 14)
    expect(teacher.get_by_test_id("classbar")).to_contain_text("3 following · 0 exploring")
    follower.keyboard.press("ArrowLeft")  # a key on a following phone explores too
    expect(follower.get_by_test_id("classbar")).to_contain_text("正在自己探索")
    expect_step(follower, 13)
    follower.get_by_role("button", name="回到课堂").click()
    expect_step(follower, 14)


def test_a_question_is_answered_and_revealed_on_the_phones(hall: Hall) -> None:
    teacher, phones = hall.teacher, hall.phones
    teacher.get_by_test_id("stSelectbox").click()
    teacher.get_by_role("option", name="dp[i] here").click()
    wait_for_app_run(teacher)
    teacher.get_by_role("button", name="Ask the class").click()
    wait_for_app_run(teacher)
    for page in phones:  # step 14 writes dp[2] = 12: the phones are held at 13
        expect_step(page, 13)
    expect(phones[0].locator(".classbar .prompt")).to_have_text("Question 1: what is dp[2]?")
    phones[0].keyboard.press("End")  # exploring cannot pass the hold: End stays at it, next and last are off
    expect(phones[0].get_by_test_id("classbar")).to_contain_text("Exploring on your own")
    expect_step(phones[0], 13)
    expect(stage(phones[0]).locator("button.nav-next")).to_be_disabled()
    expect(stage(phones[0]).locator("button.nav-last")).to_be_disabled()
    phones[0].get_by_role("button", name="Back to the class").click()
    offered = [c.strip() for c in phones[2].locator(".classbar .choice").all_inner_texts()]
    wrong = next(c for c in offered if c != "12" and c.isdigit())
    for page, pick in zip(phones, ["12", "12", wrong], strict=True):
        page.locator(".classbar .choice", has_text=re.compile(f"^{re.escape(pick)}$")).click()
        expect(page.locator(".classbar .choice.picked")).to_have_text(pick)
    expect(phones[0].locator(".classbar .hint")).to_contain_text("Your answer: 12.")
    expect(teacher.get_by_test_id("answered")).to_contain_text("3 of 3 answered")
    shot(phones[0], "phone-question-390-en.png")
    teacher.get_by_role("button", name="Reveal").click()
    wait_for_app_run(teacher)
    expect(phones[0].get_by_test_id("verdict")).to_have_text("✓ Right! The answer is 12.")
    expect(phones[2].get_by_test_id("verdict")).to_have_text(f"✗ 这次没答对：答案是 12（你选了 {wrong}）。")
    for page in phones:
        expect_step(page, 14)  # the reveal steps on to the write
    shot(phones[1], "phone-revealed-360-zh.png")


def test_the_phone_page_fits_with_big_enough_targets_and_nothing_overlapping(hall: Hall) -> None:
    for page in hall.phones:
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"sideways scrolling: {width}"
        for target in page.locator("button:visible, a:visible").all():
            box = target.bounding_box()
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, (target.inner_text(), box)
        parts = [page.get_by_test_id("classbar"), stage(page).locator(".bar"), stage(page).locator(".picture svg")]
        boxes = [part.bounding_box() for part in parts]
        assert all(boxes), boxes
        for upper, lower in itertools.pairwise(boxes):
            assert upper["y"] + upper["height"] <= lower["y"] + 1, (upper, lower)  # type: ignore[index]


@pytest.mark.parametrize("which", [0, 1])
def test_axe_finds_no_serious_violation_on_the_phone_page(hall: Hall, which: int) -> None:
    found = AXE.run(hall.phones[which]).response["violations"]
    serious = [
        (v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found if v["impact"] in ("serious", "critical")
    ]
    assert not serious, serious


def test_the_full_app_link_opens_the_row_at_the_step_on_screen(hall: Hall) -> None:
    link = hall.phones[1].get_by_test_id("full-app")
    expect(link).to_have_text("在完整应用中打开这一行")
    href = link.get_attribute("href") or ""
    assert href.startswith("/?values=5%2C-3%2C8%2C2%2C-1%2C7%2C4%2C-6&k=3&form=total&step=14&lang=zh&code=py"), href


def test_ending_the_class_says_so_on_every_phone(hall: Hall) -> None:
    hall.teacher.get_by_role("button", name="End the class").click()
    wait_for_app_run(hall.teacher)
    hall.teacher.get_by_role("button", name="End for everyone?").click()
    wait_for_app_run(hall.teacher)
    ended = {"en": "The class has ended", "zh": "课堂已结束"}
    for page, lang in zip(hall.phones, hall.langs, strict=True):
        expect(page.get_by_test_id("classbar")).to_contain_text(ended[lang])
        expect(page.get_by_role("button", name=re.compile("Back to the class|回到课堂"))).to_have_count(0)
    stage(hall.phones[0]).locator("button.nav-first").click()  # the row stays: still explorable
    expect_step(hall.phones[0], 0)
    shot(hall.phones[0], "phone-ended-390-en.png")
