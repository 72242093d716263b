"""The class's "Write dp[i]" question in real Chromium: a teacher leads from the full app at 1280×720 and three
phones (390×844, in English, Chinese and English, each a context of its own) open the class's link on the light
page. The teacher asks "Write dp[i]"; each phone gets the loop-body editor (CodeMirror, fetched only now: never
on the first visit); the phones send a right fill, max instead of min and a syntax error; the teacher reveals
and the projector's chart shows one bar per group with its count, and one anonymous example on request; each
phone is told what its code did. Screenshots go to $STONEGAME_SHOTS (default /tmp/classroom-write-shots)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .helpers import (
    ConsoleWatch,
    join_token,
    on_light_page,
    start_class,
    wait_for_app_run,
    wait_for_stage,
)

ROW = "5,-3,8,2,-1,7,4,-6"
PHONE = {"width": 390, "height": 844}
LANGS = ["en", "zh", "en"]
CODES = [
    "dp[i] = suffix[i] - min(dp[i + 1:i + k + 1])",
    "dp[i] = suffix[i] - max(dp[i + 1:i + k + 1])",
    "dp[i] = suffix[i] - min(dp[i + 1:i + k + 1]",
]
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/tmp/classroom-write-shots"))


class Room:
    """The module's class: the teacher's page, the phones, what each phone fetched, and the code."""

    def __init__(self, teacher: Page, phones: list[Page], fetched: list[list[str]], code: str) -> None:
        self.teacher, self.phones, self.fetched, self.code = teacher, phones, fetched, code


@pytest.fixture(scope="module")
def room(browser: Browser, class_url: str, class_headers: dict[str, str]) -> Iterator[Room]:
    """A teacher who started a class on ROW at step 12, and three phones on its link's light page."""
    watch = ConsoleWatch()
    contexts = [
        watch.watch(browser.new_context(viewport={"width": 1280, "height": 720}, extra_http_headers=class_headers))
    ]
    teacher = contexts[0].new_page()
    code = start_class(teacher, f"{class_url}/?values={ROW}&step=12")
    token = join_token(teacher, code)
    phones, fetched = [], []
    for lang in LANGS:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, extra_http_headers=class_headers)
        contexts.append(watch.watch(context))
        page = context.new_page()
        seen: list[str] = []
        page.on("request", lambda request, seen=seen: seen.append(request.url))
        page.goto(f"{class_url}/classroom/join/{code}?join={token}&lang={lang}")
        expect(page.locator("[data-testid=stage]")).to_have_attribute("data-ready", "true")
        phones.append(page)
        fetched.append(seen)
    yield Room(teacher, phones, fetched, code)
    watch.check()
    for context in contexts:
        context.close()


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def bar_count(said: str) -> tuple[str, int]:
    """A bar's group and count from its aria-label (Vega-Lite's "answer: right; students: 1")."""
    fields = dict(part.split(": ", 1) for part in said.split("; "))
    return fields["answer"], int(fields["students"])


def editor_fetches(seen: list[str]) -> list[str]:
    """The requests of the code editor's script among a page's requests."""
    return [url for url in seen if "/classroom/editor.js" in url]


def test_the_first_visit_never_fetches_the_editor(room: Room) -> None:
    for seen in room.fetched:
        assert any("/classroom/join/" in url for url in seen), seen
        assert editor_fetches(seen) == [], seen


def test_write_is_asked_and_each_phone_gets_the_loop_body_editor(room: Room) -> None:
    teacher = room.teacher
    teacher.get_by_test_id("stSelectbox").click()
    teacher.get_by_role("option", name="Write dp[i]").click()
    wait_for_app_run(teacher)
    teacher.get_by_role("button", name="Ask the class").click()
    wait_for_app_run(teacher)
    expect(room.phones[0].locator(".classbar .prompt")).to_have_text(
        "Question 1: write the loop body that fills dp[i] (values, suffix, dp, i, n, k are given)."
    )
    expect(room.phones[1].locator(".classbar .prompt")).to_contain_text("第 1 题：写出填 dp[i] 的循环体")
    for page, seen in zip(room.phones, room.fetched, strict=True):
        expect(page.get_by_test_id("writer")).to_have_attribute("data-editor", "codemirror")
        expect(page.locator(".writer .cm-content")).to_contain_text("dp[i] = ...")
        expect(page.locator(".writer .cm-lineNumbers")).to_be_visible()
        assert len(editor_fetches(seen)) == 1, editor_fetches(seen)


def test_three_phones_send_a_right_fill_max_for_min_and_a_syntax_error(room: Room) -> None:
    for page, code, lang in zip(room.phones, CODES, LANGS, strict=True):
        page.locator(".writer .cm-content").click()
        page.keyboard.press("Control+A")
        page.keyboard.type(code)
        page.get_by_test_id("write-send").click()
        sent = "Your code is in" if lang == "en" else "你的代码已提交"
        expect(page.get_by_test_id("write-hint")).to_contain_text(sent)
        following = "Following the teacher" if lang == "en" else "正在跟随老师"
        expect(page.get_by_test_id("classbar")).to_contain_text(following)  # typing is no stage key
    expect(room.teacher.get_by_test_id("answered")).to_contain_text("3 of 3 answered")
    for page in room.phones:
        box = page.get_by_test_id("writer").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        send = page.get_by_test_id("write-send").bounding_box()
        assert send is not None and send["height"] >= 44, send
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for page, lang, n in zip(room.phones, LANGS, range(3), strict=True):
        shot(page, f"phone-write-open-{n}-{lang}.png")


def test_the_reveal_shows_the_groups_with_their_counts_and_an_example(room: Room) -> None:
    teacher = room.teacher
    teacher.get_by_role("button", name="Reveal").click()
    wait_for_app_run(teacher)
    expect(teacher.get_by_text("1 of 3 wrote a right fill (33 %).")).to_be_visible()
    chart = teacher.locator("[role='graphics-document']", has_text="Answers to question 1")
    expect(chart).to_be_visible()
    labels = chart.locator("text").all_text_contents()
    for group in ("right", "max instead of min", "window one cell early", "window one cell too long", "does not run"):
        assert group in labels, labels
    assert labels.count("✓ 1") == 1, labels
    bars = chart.locator("[aria-roledescription=bar]")
    said = [bars.nth(n).get_attribute("aria-label") or "" for n in range(bars.count())]
    counted = dict(bar_count(text) for text in said)
    assert counted == {
        "right": 1,
        "max instead of min": 1,
        "window one cell early": 0,
        "window one cell too long": 0,
        "other": 0,
        "does not run": 1,
    }, said
    shot(teacher, "projector-write-chart-en.png")
    pills = teacher.locator(".st-key-class_examples")
    expect(pills).to_contain_text("Show an example: right")
    expect(pills).to_contain_text("Show an example: does not run")
    expect(pills).not_to_contain_text("window one cell early"), "no pill for a group nobody's code is in"
    pills.get_by_text("Show an example: max instead of min").click()
    wait_for_app_run(teacher)
    example = teacher.locator(".st-key-class_examples [data-testid=stCode]")
    expect(example).to_be_visible()
    assert CODES[1] in example.inner_text(), "the example as typed, spaces and all"
    shot(teacher, "projector-write-revealed-en.png")
    expect(room.phones[0].get_by_test_id("verdict")).to_have_text("✓ What your code does on the class's row: right.")
    expect(room.phones[1].get_by_test_id("verdict")).to_have_text("✗ 你的代码在课堂这一行上的效果：把 min 写成 max。")
    expect(room.phones[2].get_by_test_id("verdict")).to_have_text(
        "✗ What your code does on the class's row: does not run."
    )
    for page, lang, n in zip(room.phones, LANGS, range(3), strict=True):
        shot(page, f"phone-write-revealed-{n}-{lang}.png")


def test_the_projector_in_chinese_names_the_groups(room: Room) -> None:
    teacher = room.teacher
    teacher.get_by_test_id("stSidebar").get_by_text("中文").click()
    wait_for_app_run(teacher)
    chart = teacher.locator("[role='graphics-document']", has_text="第 1 题的作答")
    expect(chart).to_be_visible()
    labels = chart.locator("text").all_text_contents()
    assert "正确" in labels and "把 min 写成 max" in labels and "运行不了" in labels, labels
    shot(teacher, "projector-write-revealed-zh.png")
    teacher.get_by_test_id("stSidebar").get_by_text("English").click()
    wait_for_app_run(teacher)


def test_a_student_on_a_laptop_types_a_fill_with_spaces_and_the_stage_stays(
    browser: Browser, class_url: str, class_headers: dict[str, str]
) -> None:
    """A student on a laptop (the light page at 1280×720, by the class's link) writes the loop body in the
    editor: every key typed stays in it (a space is no stage key: the stage neither plays nor leaves the
    teacher's step, the student keeps following), and the code sent is counted in its group."""
    watch = ConsoleWatch()
    contexts = [
        watch.watch(browser.new_context(viewport={"width": 1280, "height": 720}, extra_http_headers=class_headers))
        for _ in range(2)
    ]
    teacher, student = (context.new_page() for context in contexts)
    code = start_class(teacher, f"{class_url}/?values={ROW}&step=12")
    student.goto(f"{class_url}/classroom/join/{code}?join={join_token(teacher, code)}")
    on_light_page(student, code)
    teacher.get_by_test_id("stSelectbox").click()
    teacher.get_by_role("option", name="Write dp[i]").click()
    wait_for_app_run(teacher)
    teacher.get_by_role("button", name="Ask the class").click()
    wait_for_app_run(teacher)
    expect(student.get_by_test_id("writer")).to_have_attribute("data-editor", "codemirror")
    frame = student.locator("[data-testid=stage]").get_attribute("data-frame")
    student.locator(".writer .cm-content").click()
    student.keyboard.press("Control+A")
    student.keyboard.type(CODES[0])
    expect(student.locator(".writer .cm-content")).to_have_text(CODES[0])
    assert student.locator("[data-testid=stage]").get_attribute("data-frame") == frame, "a space played the stage"
    expect(student.get_by_test_id("classbar")).to_contain_text("Following the teacher")
    student.get_by_test_id("write-send").click()
    expect(teacher.get_by_test_id("answered")).to_contain_text("1 of 1 answered")
    teacher.get_by_role("button", name="Reveal").click()
    wait_for_app_run(teacher)
    expect(student.get_by_test_id("verdict")).to_have_text("✓ What your code does on the class's row: right.")
    watch.check()
    for context in contexts:
        context.close()


def test_a_student_who_types_the_code_gets_the_light_pages_code_editor(
    browser: Browser, class_url: str, class_headers: dict[str, str]
) -> None:
    """Issue 36's last gap: a student who joined by typing the code on `/` got the full app's plain box.
    The typed code now opens the light page, whose "Write dp[i]" is the CodeMirror editor."""
    watch = ConsoleWatch()
    contexts = [
        watch.watch(browser.new_context(viewport=size, extra_http_headers=class_headers))
        for size in ({"width": 1280, "height": 720}, PHONE)
    ]
    teacher, student = (context.new_page() for context in contexts)
    code = start_class(teacher, f"{class_url}/?values={ROW}&step=12")
    student.goto(f"{class_url}/")
    wait_for_stage(student)
    student.get_by_test_id("stMain").get_by_role("button", name="Join a class").click()
    box = student.get_by_test_id("stPopoverBody").get_by_role("textbox", name="Join code")
    box.fill(code)
    box.press("Enter")
    on_light_page(student, code)
    teacher.get_by_test_id("stSelectbox").click()
    teacher.get_by_role("option", name="Write dp[i]").click()
    wait_for_app_run(teacher)
    teacher.get_by_role("button", name="Ask the class").click()
    wait_for_app_run(teacher)
    expect(student.get_by_test_id("writer")).to_have_attribute("data-editor", "codemirror")
    expect(student.locator(".writer .cm-content")).to_contain_text("dp[i] = ...")
    watch.check()
    for context in contexts:
        context.close()
