"""The light student page (/classroom/join/CODE?join=TOKEN, ui/server/rooms/phone.py) in real Chromium: a
teacher leads a class from the full app at 1280×720 (presenter-free, as test_classroom does), and three phones
open the class's link on the light page: 390×844 in English, 360×740 in Chinese, 390×844 in Chinese, 360×740 in
English. The tests run in order on the same class: join, follow, explore with buttons and keys and come back,
play, pause, the speed and the scrubber, the listing, the formula as text and the link to this step, a question
answered and revealed, the layout and touch targets, axe, the link to the full app, leaving the class, and the
end. Screenshots of each state go to $STONEGAME_SHOTS."""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from stonegame.i18n import t

from .helpers import ConsoleWatch, grid_misfits, join_token, start_class, wait_for_app_run

ROW = "5,-3,8,2,-1,7,4,-6"
GRID_ROWS = ("values", "suffix", "dp")
PHONES = [
    ({"width": 390, "height": 844}, "en"),
    ({"width": 360, "height": 740}, "zh"),
    ({"width": 390, "height": 844}, "zh"),
    ({"width": 360, "height": 740}, "en"),
]
NAMES = ["390-en", "360-zh", "390-zh", "360-en"]
CONTROLS = "button:visible, a:visible, select:visible, input:visible"
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
    code = start_class(teacher, f"{class_url}/?values={ROW}&step=12")
    token = join_token(teacher, code)
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
    expect(hall.teacher.get_by_test_id("classbar")).to_contain_text("4 joined · 4 following · 0 exploring")
    for page, name in zip(hall.phones, NAMES, strict=True):
        expect(page.locator(".more")).to_be_hidden()  # following: no speed nor scrubber
        expect(page.locator(".leave")).to_be_visible()
        shot(page, f"phone-following-{name}.png")


LEGEND_CLASH = """svg => {
    const boxes = sel => [...svg.querySelectorAll(sel)].map(e => e.getBoundingClientRect())
        .map(r => ({l: r.left, r: r.right, t: r.top, b: r.bottom}));
    const meet = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;
    const labels = boxes(".role-legend-label text"), symbols = boxes(".role-legend-symbol path");
    return {labels: labels.length, clashes: labels.flatMap(a => symbols.filter(b => meet(a, b)).map(b => [a, b]))};
}"""


def test_the_pictures_legend_is_drawn_in_the_font_it_was_measured_in(hall: Hall) -> None:
    """The inline picture's text is laid out by vl-convert in our Latin faces (Stone Sans, Stone Mono), which the
    page's style carries as web fonts: no legend label runs into the next swatch (before: "● written" reached
    the read swatch on the 390-en phone, drawn in the phone's own sans-serif)."""
    for page in hall.phones:
        picture = stage(page).locator(".picture svg")
        loaded = page.evaluate(  # the faces the page's style names, served and loaded (the picture's text uses them)
            """async () => [(await document.fonts.load('16px "Stone Sans"')).length,
                            (await document.fonts.load('bold 16px "Stone Sans"')).length,
                            (await document.fonts.ready, 1)]"""
        )
        assert loaded == [1, 1, 1], loaded
        found = picture.evaluate(LEGEND_CLASH)
        assert found["labels"] >= 3 and found["clashes"] == [], found


def test_the_pictures_row_names_fit_their_column_and_its_last_column_is_whole(hall: Hall) -> None:
    """bca1b24: the names at the numbers' 18 px, centred in a column one pile wide, ran into the first pile
    ("values5", "suffix16") and out of the picture, which vl-convert widened to hold them (401 px for 380)."""
    for page, lang, name in zip(hall.phones, hall.langs, NAMES, strict=True):
        expect_step(page, 12)
        wrong = grid_misfits(stage(page).locator(".picture"), {row: t("row_" + row, lang) for row in GRID_ROWS})
        assert not wrong, f"{name}: {wrong}"


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
    expect(teacher.get_by_test_id("classbar")).to_contain_text("3 following · 1 exploring")
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
    expect(teacher.get_by_test_id("classbar")).to_contain_text("4 following · 0 exploring")
    follower.keyboard.press("ArrowLeft")  # a key on a following phone explores too
    expect(follower.get_by_test_id("classbar")).to_contain_text("正在自己探索")
    expect_step(follower, 13)
    follower.get_by_role("button", name="回到课堂").click()
    expect_step(follower, 14)


def fits(page: Page) -> None:
    """No sideways scrolling; every visible control at least 44 px both ways; no two controls overlapping;
    the page's parts stacked top to bottom without overlapping."""
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"sideways scrolling: {width}"
    boxes = []
    for target in page.locator(CONTROLS).all():
        box = target.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, (
            target.evaluate("e => e.outerHTML"),
            box,
        )
        boxes.append((target.evaluate("e => e.className || e.tagName"), box))
    for (one, a), (other, b) in itertools.combinations(boxes, 2):
        apart = (
            a["x"] + a["width"] <= b["x"] + 1
            or b["x"] + b["width"] <= a["x"] + 1
            or a["y"] + a["height"] <= b["y"] + 1
            or b["y"] + b["height"] <= a["y"] + 1
        )
        assert apart, ("controls overlap", one, a, other, b)
    parts = [".classbar", ".stage .bar", ".stage .more", ".picture svg", ".formula", ".tools", ".shared", ".foot"]
    shown = [page.locator(f"main {part}") for part in parts]
    stacked = [box for part in shown if part.is_visible() and (box := part.bounding_box())]
    assert len(stacked) >= 6, stacked
    for upper, lower in itertools.pairwise(stacked):
        assert upper["y"] + upper["height"] <= lower["y"] + 1, (upper, lower)


def test_exploring_phones_play_pause_scrub_switch_the_listing_and_link_the_step(hall: Hall) -> None:
    teacher = hall.teacher
    for page in hall.phones:
        formula = page.get_by_test_id("formula")  # the formula as text, the step's (14: dp[2])
        expect(formula).to_contain_text("dp[2] = suffix[2] − min(dp[3], dp[4], dp[5])")
        assert formula.evaluate("e => e.closest('[aria-hidden]') === null"), "the formula is read out"
    explorer, zh = hall.phones[0], hall.phones[1]
    play = {"en": "Play", "zh": "播放"}
    pause = {"en": "Pause", "zh": "暂停"}
    for page, lang in ((explorer, "en"), (zh, "zh")):
        page.get_by_role("button", name=play[lang], exact=True).click()  # playing explores
        expect(page.get_by_test_id("classbar")).to_contain_text(
            {"en": "Exploring on your own", "zh": "正在自己探索"}[lang]
        )
        expect(page.get_by_role("button", name=pause[lang], exact=True)).to_be_visible()
        expect(page.locator(".more")).to_be_visible()
        expect_step(page, 15)  # it steps on its own
    expect(teacher.get_by_test_id("classbar")).to_contain_text("2 following · 2 exploring")
    for page, lang in ((explorer, "en"), (zh, "zh")):
        page.locator(".more select.speed").select_option(label="4×")
        expect_step(page, 17)  # ... to the last step, where it stops
        expect(page.get_by_role("button", name=play[lang], exact=True)).to_be_visible()
    shot(zh, "phone-exploring-360-zh.png")
    explorer.locator(".more input.scrubber").fill("3")  # the scrubber goes to any step
    expect_step(explorer, 3)
    expect(explorer.get_by_test_id("formula")).to_contain_text("suffix[5] = values[5] + suffix[6]")
    expect(explorer.locator(".stage .steps")).to_have_text("Step 3 of 17")
    explorer.locator(".picture").click()
    explorer.keyboard.press(" ")  # space plays ...
    expect(explorer.get_by_role("button", name="Pause", exact=True)).to_be_visible()
    expect(stage(explorer)).not_to_have_attribute("data-frame", "3")
    explorer.keyboard.press(" ")  # ... and pauses
    expect(explorer.get_by_role("button", name="Play", exact=True)).to_be_visible()
    explorer.locator(".more input.scrubber").fill("3")
    expect_step(explorer, 3)
    with explorer.expect_response(re.compile(r"/pictures/[0-9a-f]{16}/en/java/3\.svg$")) as got:
        explorer.get_by_role("link", name="Java").click()  # the listing, in place
    assert got.value.ok
    expect(explorer.locator(".picture svg")).to_contain_text("stoneGameIII(int[]")
    expect(explorer.get_by_role("link", name="Java")).to_have_attribute("aria-current", "true")
    assert "code=java" in explorer.url
    expect(explorer.get_by_test_id("full-app")).to_have_attribute("href", re.compile(r"step=3&lang=en&code=java$"))
    expect(explorer.get_by_role("link", name="中文")).to_have_attribute("href", re.compile(r"code=java"))
    expect_step(explorer, 3)
    explorer.get_by_role("button", name="Link to this step").click()
    shared = explorer.get_by_test_id("step-link")
    expect(shared).to_be_visible()
    expect(shared.locator("a")).to_have_text(
        re.compile(r"^http://[^ ]+/\?values=5%2C-3%2C8.*&step=3&lang=en&code=java$")
    )
    for page in (explorer, zh):
        fits(page)
    shot(explorer, "phone-exploring-390-en.png")
    found = AXE.run(explorer).response["violations"]
    serious = [
        (v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found if v["impact"] in ("serious", "critical")
    ]
    assert not serious, serious
    explorer.get_by_role("link", name="Python").click()
    expect(explorer.locator(".picture svg")).not_to_contain_text("stoneGameIII(int[]")
    explorer.get_by_role("button", name="Back to the class").click()
    zh.get_by_role("button", name="回到课堂").click()
    for page in (explorer, zh):
        expect_step(page, 14)
    expect(teacher.get_by_test_id("classbar")).to_contain_text("4 following · 0 exploring")


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
    for page, pick in zip(phones, ["12", "12", wrong, "12"], strict=True):
        page.locator(".classbar .choice", has_text=re.compile(f"^{re.escape(pick)}$")).click()
        expect(page.locator(".classbar .choice.picked")).to_have_text(pick)
    expect(phones[0].locator(".classbar .hint")).to_contain_text("Your answer: 12.")
    expect(teacher.get_by_test_id("answered")).to_contain_text("4 of 4 answered")
    for page, name in zip(phones, NAMES, strict=True):
        shot(page, f"phone-question-{name}.png")
    teacher.get_by_role("button", name="Reveal").click()
    wait_for_app_run(teacher)
    expect(phones[0].get_by_test_id("verdict")).to_have_text("✓ Right! The answer is 12.")
    expect(phones[2].get_by_test_id("verdict")).to_have_text(f"✗ 这次没答对：答案是 12（你选了 {wrong}）。")
    for page in phones:
        expect_step(page, 14)  # the reveal steps on to the write
    for page, name in zip(phones, NAMES, strict=True):
        shot(page, f"phone-revealed-{name}.png")


def test_the_phone_page_fits_with_big_enough_targets_and_nothing_overlapping(hall: Hall) -> None:
    for page in hall.phones:
        fits(page)


def test_play_keeps_its_word_beside_its_symbol_on_a_phone(hall: Hall) -> None:
    """Play and next are both a ▶: the word tells them apart on a phone as in the explainer ("▶ play"), while
    the other buttons stay symbols with their names (before: a bare ▶ on every phone)."""
    for page in hall.phones:
        expect(page.locator(".nav-play .word")).to_be_visible()
        expect(page.locator(".nav-play .word")).not_to_have_text("")
        expect(page.locator(".nav-next .word")).to_be_hidden()
        assert page.locator(".stage .bar").bounding_box()["width"] <= page.viewport_size["width"]


@pytest.mark.parametrize("which", [0, 1, 3])
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


def test_a_phone_leaves_the_class_and_keeps_the_row(hall: Hall) -> None:
    leaver = hall.phones[2]
    expect(hall.teacher.get_by_test_id("classbar")).to_contain_text("4 joined · 4 following")
    leaver.get_by_role("button", name="离开课堂").click()
    expect(hall.teacher.get_by_test_id("classbar")).to_contain_text("3 joined · 3 following")  # told the server
    expect(leaver.get_by_test_id("classbar")).to_contain_text("你已离开课堂。这一行留给你。")
    expect(leaver.get_by_role("button", name="离开课堂")).to_have_count(0)
    expect(leaver.get_by_role("button", name="自己探索")).to_have_count(0)
    assert leaver.evaluate("code => localStorage.getItem('stonegame:student:' + code)", hall.code) is None
    hall.teacher.locator("[data-testid=stage] button.nav-back").click()
    expect_step(hall.phones[0], 13)
    expect_step(leaver, 14)  # nothing the teacher does moves a phone that left
    stage(leaver).locator("button.nav-first").click()  # the row stays: explorable
    expect_step(leaver, 0)
    fits(leaver)
    shot(leaver, "phone-left-390-zh.png")


def test_ending_the_class_says_so_on_every_phone(hall: Hall) -> None:
    hall.teacher.get_by_role("button", name="End the class").click()
    wait_for_app_run(hall.teacher)
    hall.teacher.get_by_role("button", name="End for everyone?").click()
    wait_for_app_run(hall.teacher)
    ended = {"en": "The class has ended", "zh": "课堂已结束"}
    staying = [(p, lang, n) for p, lang, n in zip(hall.phones, hall.langs, NAMES, strict=True) if p != hall.phones[2]]
    for page, lang, _ in staying:
        expect(page.get_by_test_id("classbar")).to_contain_text(ended[lang])
        expect(page.get_by_role("button", name=re.compile("Back to the class|回到课堂"))).to_have_count(0)
        expect(page.get_by_role("button", name=re.compile("Leave the class|离开课堂"))).to_have_count(0)
        expect(page.locator(".more")).to_be_visible()
    expect(hall.phones[2].get_by_test_id("classbar")).to_contain_text("你已离开课堂")  # the one that left
    stage(hall.phones[0]).locator("button.nav-first").click()  # the row stays: still explorable
    expect_step(hall.phones[0], 0)
    for page, _, name in staying:
        fits(page)
        shot(page, f"phone-ended-{name}.png")


def test_a_link_without_a_language_opens_in_the_browsers(browser: Browser, class_url: str, class_headers) -> None:
    """A zh-CN phone opening the link without lang= gets 中文 (its Accept-Language; and, with the header taken
    away, its navigator.languages); an explicit lang=en still wins."""
    maker = browser.new_context(extra_http_headers=class_headers)
    made = maker.request.post(f"{class_url}/classroom/rooms", data={"values": [5, -3, 8], "step": 2})
    assert made.ok, made.text()
    code, token = made.json()["code"], made.json()["room"]["join"]
    maker.close()
    link = f"{class_url}/classroom/join/{code}?join={token}"
    cases = [(link, "zh", False), (link, "zh", True), (f"{link}&lang=en", "en", False)]
    for address, lang, bare in cases:
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, locale="zh-CN", is_mobile=True, extra_http_headers=class_headers
        )
        page = context.new_page()
        if bare:  # an empty Accept-Language (a route that drops it gets Chromium's en-US put back): the page's
            # script reads navigator.languages
            page.route(
                "**/classroom/join/**",
                lambda route: route.continue_(headers={**route.request.headers, "accept-language": ""}),
            )
        page.goto(address)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_test_id("classbar")).to_contain_text(FOLLOWING[lang].format(code=code))
        expect_step(page, 2)
        if lang == "zh":
            expect(page.get_by_role("link", name="English")).not_to_have_attribute("aria-current", "true")
            expect(page.get_by_role("link", name="中文")).to_have_attribute("aria-current", "true")
            shot(page, f"phone-browser-zh{'-bare' if bare else ''}.png")
        context.close()


def test_a_following_phone_keeps_the_teachers_next_step_ahead(browser: Browser, class_url: str, own_headers) -> None:
    """Following, once the page has drawn the teacher's step k it has asked for step k+1's shared picture; the
    teacher's press to k+1 then draws with no new picture request; a question holding the class at h: the page
    draws h and asks for no picture of h+1 (the server would refuse it, 409). A class of its own, made through
    the routes (4 piles: steps 0 to 9, dp[i] written at steps 5 to 8)."""
    maker = browser.new_context(extra_http_headers=own_headers)
    made = maker.request.post(f"{class_url}/classroom/rooms", data={"values": [5, -3, 8, 2], "step": 2})
    assert made.ok, made.text()
    code, secret, token = made.json()["code"], made.json()["secret"], made.json()["room"]["join"]

    def teacher(path: str, **data: object) -> None:
        answer = maker.request.post(f"{class_url}/classroom/rooms/{code}{path}", data={"secret": secret, **data})
        assert answer.ok, answer.text()

    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, extra_http_headers=own_headers
    )
    page = context.new_page()
    asked: list[int] = []  # the steps whose shared picture the page asked for, in order
    picture = re.compile(rf"/classroom/rooms/{code}/pictures/[^/]+/en/py/(\d+)\.svg$")

    def seen(url: str) -> bool:
        found = picture.search(url)
        if found:
            asked.append(int(found.group(1)))
        return bool(found)

    page.on("request", lambda r: seen(r.url))
    with page.expect_request(lambda r: r.url.endswith("/3.svg")):  # step 2 drawn (with the page): 3 asked ahead
        page.goto(f"{class_url}/classroom/join/{code}?join={token}&lang=en")
        expect_step(page, 2)
    with page.expect_request(lambda r: r.url.endswith("/4.svg")):  # the press to 3 draws it; 4 is asked ahead
        teacher("/stage", step=3)
        expect_step(page, 3)
    assert asked == [3, 4], asked  # step 3's picture was asked for once: ahead, before the press
    with page.expect_request(lambda r: r.url.endswith("/7.svg")):
        teacher("/stage", step=6)
        expect_step(page, 6)
    before = len(asked)
    with page.expect_request(lambda r: r.url.endswith("/5.svg")):  # dp[2] at step 6: the class is held at 5
        teacher("/questions", kind="dp")
        expect_step(page, 5)
    teacher("/stage", step=7)  # the teacher goes on; the phone stays at the held step
    expect(page.get_by_test_id("classbar")).to_contain_text("Question 1")
    expect_step(page, 5)
    page.wait_for_load_state("networkidle")
    assert asked[before:] == [5], asked  # the held step, and nothing past it
    context.close()
    maker.close()
