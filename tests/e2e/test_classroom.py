"""The class room in real Chromium: one teacher (1280×720) in the full app and three students (two phones at
390×844 and 360×740, one laptop) on the light student page the class's link opens, each in a browser context of
their own, on the session's class server (conftest's class_url; its browsers come from a client address of this
module's own, class_headers, so its shut-out is its own). The tests run in order on the same class, as a lesson
does: join, follow, explore and come back, a question asked, answered, locked and revealed, a new row, the QR
code, axe, the language, and the end of the class."""

from __future__ import annotations

import re
import shutil
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from stonegame import room as rm
from ui.server.rooms.reach import lan_address

from .helpers import (
    ConsoleWatch,
    caption_title,
    join_token,
    on_light_page,
    start_class,
    wait_for_app_run,
    wait_for_stage,
)

ROW = "5,-3,8,2,-1,7,4,-6"
PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}, {"width": 1280, "height": 720}]
AXE = Axe()


class Class:
    """The module's class: the class server's address and the headers naming the module's client address
    (conftest's class_headers), the teacher's page, the students' pages and the join code."""

    def __init__(self, url: str, headers: dict[str, str], teacher: Page, students: list[Page], code: str) -> None:
        self.url, self.headers, self.teacher, self.students, self.code = url, headers, teacher, students, code
        self.host, self.port = urlsplit(url).hostname or "", urlsplit(url).port or 0


def frame_of(page: Page) -> Page:
    """The page's stage element (its data-frame is the frame on screen)."""
    return page.locator("[data-testid=stage]")


def expect_frame(page: Page, frame: int) -> None:
    """The stage shows this frame (the step, for a row the stage carries whole), drawn."""
    expect(frame_of(page)).to_have_attribute("data-frame", str(frame))
    expect(frame_of(page)).to_have_attribute("data-ready", "true")


def in_language(page: Page, name: str) -> None:
    """A student switches the light page's language by its link (the page opens again in it, taking the seat
    this browser kept), and it is drawn again."""
    page.get_by_role("link", name=name).click()
    expect(page.get_by_role("link", name=name)).to_have_attribute("aria-current", "true")
    wait_for_stage(page)


@pytest.fixture(scope="module")
def lesson(browser: Browser, class_url: str, class_headers: dict[str, str]) -> Iterator[Class]:
    """A teacher who started a class on ROW at step 12, and three students who opened the class's link (the
    QR code's: the light student page with the room's join token)."""
    watch = ConsoleWatch()
    contexts = [
        watch.watch(browser.new_context(viewport={"width": 1280, "height": 720}, extra_http_headers=class_headers))
    ]
    teacher = contexts[0].new_page()
    code = start_class(teacher, f"{class_url}/?values={ROW}&step=12")
    token = join_token(teacher, code)
    students = []
    for viewport in PHONES:
        contexts.append(watch.watch(browser.new_context(viewport=viewport, extra_http_headers=class_headers)))
        page = contexts[-1].new_page()
        page.goto(f"{class_url}/classroom/join/{code}?join={token}")
        on_light_page(page, code)
        students.append(page)
    yield Class(class_url, class_headers, teacher, students, code)
    watch.check()
    for context in contexts:
        context.close()


def test_students_join_and_the_projector_counts_them(lesson: Class) -> None:
    expect(lesson.teacher.get_by_test_id("classbar")).to_contain_text("3 joined · 3 following · 0 exploring")
    for page in lesson.students:
        expect(page.get_by_test_id("classbar")).to_contain_text(f"Following the teacher · class {lesson.code}")
        expect_frame(page, 12)
        assert f"/classroom/join/{lesson.code}" in page.url and "key=" not in page.url and "you=" not in page.url


def test_every_student_follows_the_teachers_step_with_its_words(lesson: Class) -> None:
    teacher = lesson.teacher
    teacher.locator("[data-testid=stage] button.nav-next").click()
    expect_frame(teacher, 13)
    for page in lesson.students:
        expect_frame(page, 13)
        expect(frame_of(page).locator(".steps")).to_have_text("Step 13 of 17")
        assert "Step 13 of 17" in caption_title(teacher), caption_title(teacher)


def test_a_student_explores_and_comes_back_to_the_teachers_step(lesson: Class) -> None:
    teacher, explorer, follower = lesson.teacher, lesson.students[2], lesson.students[0]
    explorer.get_by_role("button", name="Explore on my own").click()
    expect(teacher.get_by_test_id("classbar")).to_contain_text("2 following · 1 exploring")
    explorer.locator("[data-testid=stage] button.nav-first").click()
    expect_frame(explorer, 0)
    teacher.locator("[data-testid=stage] button.nav-next").click()
    expect_frame(follower, 14)
    expect_frame(explorer, 0)  # nothing the teacher does moves an explorer ...
    expect_frame(teacher, 14)  # ... and nothing an explorer does moves the teacher
    in_language(explorer, "中文")  # the page opens again in Chinese: still exploring, on the same seat and step
    expect(explorer.get_by_test_id("classbar")).to_contain_text(f"正在自己探索 · 课堂 {lesson.code}")
    expect_frame(explorer, 0)
    in_language(explorer, "English")
    expect(explorer.get_by_test_id("classbar")).to_contain_text(f"Exploring on your own · class {lesson.code}")
    expect_frame(explorer, 0)
    expect(teacher.get_by_test_id("classbar")).to_contain_text("3 joined · 2 following · 1 exploring")
    explorer.get_by_role("button", name="Back to the class").click()
    expect_frame(explorer, 14)
    expect(teacher.get_by_test_id("classbar")).to_contain_text("3 following · 0 exploring")


def test_a_question_is_asked_answered_locked_and_revealed(lesson: Class) -> None:
    teacher, students = lesson.teacher, lesson.students
    teacher.get_by_test_id("stSelectbox").click()
    teacher.get_by_role("option", name="dp[i] here").click()
    wait_for_app_run(teacher)
    teacher.get_by_role("button", name="Ask the class").click()
    wait_for_app_run(teacher)
    # step 14 writes dp[2] = 12: while the question is open the class sees step 13, before the answer
    for page in [teacher, *students]:
        expect_frame(page, 13)
    for page in students:
        expect(page.locator(".classbar .prompt")).to_have_text("Question 1: what is dp[2]?")
    # the wrong buttons are the room's own draw (stonegame.room.number_choices: seeded by the room, so any
    # plausible mistake may be offered); the third student answers one, then changes to another
    offered = [c.strip() for c in students[2].locator(".classbar .choice").all_inner_texts()]
    wrong = [c for c in offered if c != "12" and c.isdigit()]  # its words write a negative with U+2212
    assert "12" in offered and len(wrong) >= 2, offered
    picks = ["12", "12", wrong[0]]
    for page, pick in zip(students, picks, strict=True):
        page.locator(".classbar .choice", has_text=re.compile(f"^{re.escape(pick)}$")).click()
        expect(page.locator(".classbar .hint")).to_contain_text(f"Your answer: {pick}.")
    expect(teacher.get_by_test_id("answered")).to_contain_text("3 of 3 answered")
    explorer = students[1]  # the stage a student explores holds nothing past the held step, backwards is free
    explorer.get_by_role("button", name="Explore on my own").click()
    explorer.keyboard.press("End")
    expect_frame(explorer, 13)
    expect(explorer.locator("[data-testid=stage] button.nav-last")).to_be_disabled()
    explorer.locator("[data-testid=stage] button.nav-first").click()
    expect_frame(explorer, 0)
    explorer.get_by_role("button", name="Back to the class").click()
    expect_frame(explorer, 13)
    students[2].locator(".classbar .choice", has_text=re.compile(f"^{re.escape(wrong[1])}$")).click()  # changed
    expect(students[2].locator(".classbar .hint")).to_contain_text(f"Your answer: {wrong[1]}.")  # still one answer
    expect(teacher.get_by_test_id("answered")).to_contain_text("3 of 3 answered")
    teacher.get_by_role("button", name="Lock answers").click()
    wait_for_app_run(teacher)
    for page in students:
        expect(page.locator(".classbar .hint")).to_contain_text("Answers are locked")
        expect(page.locator(".classbar .choice").first).to_be_disabled()
    teacher.get_by_role("button", name="Reveal").click()
    wait_for_app_run(teacher)
    expect(students[0].get_by_test_id("verdict")).to_have_text("✓ Right! The answer is 12.")
    expect(students[2].get_by_test_id("verdict")).to_have_text(
        f"✗ Not this time: the answer is 12 (you said {wrong[1]})."
    )
    expect(teacher.get_by_text("2 of 3 right (67 %). The answer: 12.")).to_be_visible()
    for page in [teacher, *students]:
        expect_frame(page, 14)  # the reveal steps on to the write
    chart = teacher.locator("[role='graphics-document']", has_text="Answers to question 1")
    expect(chart).to_be_visible()
    labels = chart.locator("text").all_text_contents()
    assert "✓ 2" in labels and "1" in labels, labels


def test_a_row_change_reaches_every_student(lesson: Class) -> None:
    teacher = lesson.teacher
    teacher.locator("textarea").fill("[1,2,3,7]")
    teacher.get_by_role("button", name="Apply").click()
    wait_for_app_run(teacher)
    expect_frame(teacher, 0)
    for page in lesson.students:
        expect(frame_of(page).locator("input.scrubber")).to_have_attribute("max", "9")  # 4 piles: steps 0 .. 9
        expect_frame(page, 0)
    teacher.locator("[data-testid=stage] button.nav-last").click()
    for page in lesson.students:
        expect_frame(page, 9)
        expect(frame_of(page).locator(".steps")).to_have_text("Step 9 of 9")


def test_the_projectors_qr_code_decodes_to_the_join_link(lesson: Class, tmp_path: Path) -> None:
    if shutil.which("zbarimg") is None:  # .ci/run installs it: on CI a missing decoder fails, never skips
        pytest.fail("zbarimg not found: apt-get install -y zbar-tools")
    teacher = lesson.teacher
    if not teacher.get_by_test_id("join-qr").is_visible():
        teacher.get_by_text("Show how to join").click()
        wait_for_app_run(teacher)
    shot = tmp_path / "qr.png"
    teacher.get_by_test_id("join-qr").screenshot(path=str(shot))
    decoded = subprocess.run(["zbarimg", "--raw", "-q", str(shot)], capture_output=True, text=True, check=True)
    lan = lan_address()  # the teacher's localhost is no address for a phone: the machine's LAN address, if any
    host = f"{lan}:{lesson.port}" if lan else f"{lesson.host}:{lesson.port}"
    link, token = decoded.stdout.strip().split("?join=")  # the light student page's link
    assert link == f"http://{host}/classroom/join/{lesson.code}" and re.fullmatch(r"[A-Za-z0-9_-]{43}", token)
    assert teacher.get_by_test_id("join-link").inner_text() == f"{host}/join", "the join form's short address"


@pytest.mark.parametrize("who", ["projector", "projector at 390", "phone", "laptop"])
def test_axe_finds_no_serious_violation_in_the_class(lesson: Class, who: str) -> None:
    page = {"phone": lesson.students[0], "laptop": lesson.students[2]}.get(who, lesson.teacher)
    if who == "projector at 390":
        page.set_viewport_size({"width": 390, "height": 844})
    try:
        found = AXE.run(page).response["violations"]
    finally:
        if page is lesson.teacher:
            page.set_viewport_size({"width": 1280, "height": 720})
    serious = [
        (v["id"], [n["target"] for n in v["nodes"][:3]]) for v in found if v["impact"] in ("serious", "critical")
    ]
    assert not serious, serious


def test_a_phone_shows_the_class_without_sideways_scrolling(lesson: Class) -> None:
    for page in lesson.students[:2]:
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], width
        box = page.get_by_test_id("classbar").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width[1]


def test_html_lang_follows_the_language(lesson: Class) -> None:
    student = lesson.students[2]
    assert student.evaluate("document.documentElement.lang") == "en"
    in_language(student, "中文")
    expect(student.locator("html")).to_have_attribute("lang", "zh")
    expect(student.get_by_test_id("classbar")).to_contain_text(f"正在跟随老师 · 课堂 {lesson.code}")


def test_a_code_typed_on_the_main_page_opens_the_light_page_which_joins(lesson: Class, browser: Browser) -> None:
    watch = ConsoleWatch()
    context = watch.watch(
        browser.new_context(viewport={"width": 390, "height": 844}, extra_http_headers=lesson.headers)
    )
    page = context.new_page()
    page.goto(lesson.url)
    wait_for_stage(page)
    page.get_by_test_id("stMain").get_by_role("button", name="Join a class").click()
    box = page.get_by_test_id("stPopoverBody").get_by_role("textbox", name="Join code")
    box.fill(lesson.code.lower()[:3] + "-" + lesson.code.lower()[3:])  # as a student might type it
    box.press("Enter")
    on_light_page(page, lesson.code)
    assert page.url.endswith(f"/classroom/join/{lesson.code}?lang=en&code=py"), page.url
    expect(page.get_by_test_id("classbar")).to_contain_text(f"Following the teacher · class {lesson.code}")
    expect_frame(page, int(frame_of(lesson.teacher).get_attribute("data-frame") or -1))
    expect(lesson.teacher.get_by_test_id("classbar")).to_contain_text("4 joined")  # one seat: the light page's
    page.go_back()  # the main page is behind it, as it was
    wait_for_stage(page)
    expect(page.get_by_test_id("stMain").get_by_role("button", name="Join a class")).to_be_visible()
    watch.check()
    context.close()


def test_a_class_link_opens_the_light_page_whose_full_app_link_stays_in_the_full_app(
    lesson: Class, browser: Browser
) -> None:
    watch = ConsoleWatch()
    context = watch.watch(
        browser.new_context(viewport={"width": 390, "height": 844}, extra_http_headers=lesson.headers)
    )
    page = context.new_page()
    bar = lesson.teacher.get_by_test_id("classbar")
    joined = int(re.search(r"(\d+) joined", bar.inner_text()).group(1))
    page.goto(f"{lesson.url}/?class={lesson.code}&lang=zh")
    on_light_page(page, lesson.code)
    assert page.url.endswith(f"/classroom/join/{lesson.code}?lang=zh&code=py"), page.url
    expect(page.locator("html")).to_have_attribute("lang", "zh")
    expect(bar).to_contain_text(f"{joined + 1} joined")  # one seat, the light page's
    page.get_by_test_id("full-app").click()
    wait_for_stage(page)
    wait_for_app_run(page)
    assert "/classroom/" not in page.url and "class=" not in page.url, page.url
    expect(page.get_by_test_id("stMain").get_by_role("button", name="加入课堂")).to_be_visible()  # not bounced
    expect(bar).to_contain_text(f"{joined + 1} joined")
    watch.check()
    context.close()


def shut_out(url: str, headers: dict[str, str]) -> int:
    """A prankster's 21 wrong codes from the address the class's browsers come from (the module's own:
    conftest's class_headers): the status of the last one (429 once the address is shut out)."""
    status = 0
    for _ in range(21):
        try:
            with urllib.request.urlopen(
                urllib.request.Request(f"{url}/classroom/rooms/{rm.new_code()}", headers=headers), timeout=10
            ):
                pass
        except urllib.error.HTTPError as refused:
            status = refused.code
    return status


def test_the_projectors_stream_opens_while_its_address_is_shut_out(lesson: Class) -> None:
    teacher, explorer = lesson.teacher, lesson.students[1]
    bar = teacher.get_by_test_id("classbar")
    expect(bar).to_contain_text(re.compile(r"\d+ joined · \d+ following · 0 exploring"))
    joined = int(re.search(r"(\d+) joined", bar.inner_text()).group(1))
    assert shut_out(lesson.url, lesson.headers) == 429, "the class's one address is shut out"
    teacher.reload()  # a new stream: it proves itself with the teacher's stream id, never the secret
    wait_for_app_run(teacher)
    expect(bar).to_contain_text(f"{joined} joined · {joined} following · 0 exploring")
    explorer.get_by_role("button", name="Explore on my own").click()
    expect(bar).to_contain_text(f"{joined - 1} following · 1 exploring")  # the stream is live: a move arrives
    expect(bar.locator(".note")).to_have_text("")  # no "reconnecting"
    explorer.get_by_role("button", name="Back to the class").click()
    expect(bar).to_contain_text(f"{joined} following · 0 exploring")


def test_ending_the_class_leaves_each_student_with_the_row(lesson: Class) -> None:
    lesson.teacher.get_by_role("button", name="End the class").click()
    wait_for_app_run(lesson.teacher)
    lesson.teacher.get_by_role("button", name="End for everyone?").click()  # the confirm step
    wait_for_app_run(lesson.teacher)
    for page in lesson.students[:2]:
        expect(page.get_by_test_id("classbar")).to_contain_text("The class has ended")
        expect(page.get_by_role("button", name="Back to the class")).to_have_count(0)
        expect(page.get_by_role("button", name="Leave the class")).to_have_count(0)
        # the class's last row and step ([1,2,3,7]: the default row) stay, to explore and to open in the full app
        expect(page.get_by_test_id("full-app")).to_have_attribute("href", re.compile(r"values=1%2C2%2C3%2C7.*&step=9"))
        frame_of(page).locator("button.nav-first").click()
        expect_frame(page, 0)
