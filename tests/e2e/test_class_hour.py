"""The first real hour of a class (issue 33) in real Chromium, on the session's class server (conftest's
class_url; each test's browsers come from a client address of its own, own_headers): a teacher who
opened the app as http://localhost:PORT projects a join link and QR code a phone can reach (the machine's
LAN address, with one line saying why); one slip of the hand does not end the class ("End the class" asks
once more, in the same place; "Keep teaching" takes it back); a reloaded projector keeps its join screen
folded, and its listing shows the step's running lines (not line 1); a tab whose class bar never answers
does not stay on "Opening class …"; and the whole hour walked as a teacher, three phones and a newcomer
would. The public address (STONEGAME_PUBLIC_URL) is checked through AppTest in
tests/classroom/test_pages.py, the choice itself in test_reach.py."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from ui.server.rooms.reach import is_loopback, lan_address

from . import helpers
from .helpers import DESKTOP, PHONE, Devices, devices_of, on_light_page, stage, wait_for_app_run, wait_for_stage

ROW = "5,-3,8,2,-1,7,4,-6"
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/work/shots"))  # screenshots to look at, outside the repo
HOUR = SHOTS / "hour"  # the walk's screenshots
OPENING_WAIT_S = 5  # ui.parts.classroom.OPENING_WAIT: how long a class link waits for the tab's answer
# A tab whose class bar never answers: the bar's module (a components-v2 script Streamlit loads from a Blob)
# replaced by one that draws nothing and sends nothing.
MUTE_BAR = """(() => {
    const Real = window.Blob;
    window.Blob = class extends Real {
        constructor(parts, options) {
            const bar = (parts || []).some(p => typeof p === "string" && p.includes("stonegame:class:"));
            super(bar ? ["export default function () { return undefined; }"] : parts, options);
        }
    };
})();"""


@pytest.fixture
def devices(browser: Browser, own_headers: dict[str, str]) -> Iterator[Devices]:
    """The test's devices (from a client address of the test's own: the module starts six classes), closed
    after it; a console error on any fails the test."""
    yield from devices_of(browser, own_headers)


def start_class(page: Page, url: str) -> str:
    """A teacher at 1280×720 in presenter mode starts a class on ROW at step 12; the join code."""
    return helpers.start_class(page, f"{url}/?values={ROW}&step=12&present=1")


def decode_qr(page: Page, folder: Path) -> str:
    """The link the projector's QR code holds, read by zbarimg from a screenshot of it."""
    if shutil.which("zbarimg") is None:  # .ci/run installs it: on CI a missing decoder fails, never skips
        pytest.fail("zbarimg not found: apt-get install -y zbar-tools")
    shot = folder / "qr.png"
    page.get_by_test_id("join-qr").screenshot(path=str(shot))
    decoded = subprocess.run(["zbarimg", "--raw", "-q", str(shot)], capture_output=True, text=True, check=True)
    return decoded.stdout.strip()


def test_a_teacher_on_localhost_is_told_and_projects_the_machines_lan_address(
    devices: Devices, class_url: str, tmp_path: Path
) -> None:
    app_url = class_url
    port = app_url.rsplit(":", 1)[1]
    teacher = devices.page()
    code = start_class(teacher, app_url)
    lan = lan_address()
    warning = teacher.get_by_test_id("stAlertContentWarning").filter(has_text="Phones cannot reach")
    expect(warning).to_have_count(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    warning.scroll_into_view_if_needed()
    teacher.screenshot(path=str(SHOTS / "class-projector-localhost.png"))
    link, shown = decode_qr(teacher, tmp_path), teacher.get_by_test_id("join-link").inner_text()
    link = link.split("?join=")[0]  # the QR code's link carries the room's join token as well
    if lan is None:  # a machine with no default route: nothing to offer, and the line says so
        expect(warning).to_contain_text("no network address was found")
        assert link == f"{app_url}/classroom/join/{code}"
        return
    expect(warning).to_contain_text(
        f"Phones cannot reach “localhost”: it names this computer only. The link and QR code use its network "
        f"address, {lan}:{port}."
    )
    assert link == f"http://{lan}:{port}/classroom/join/{code}" and not is_loopback(lan)
    assert shown == f"{lan}:{port}/join"  # the light join form's short address, where the code is typed
    with urllib.request.urlopen(f"http://{lan}:{port}/_stcore/health", timeout=5) as answer:
        assert answer.read() == b"ok", "a phone on the network reaches the server at the projected address"


def test_ending_the_class_asks_once_more_in_the_same_place(devices: Devices, class_url: str) -> None:
    teacher = devices.page()
    code = start_class(teacher, class_url)
    student = devices.page(PHONE)
    student.goto(f"{class_url}/?class={code}")
    on_light_page(student, code)
    following = f"Following the teacher · class {code}"
    expect(student.get_by_test_id("classbar")).to_contain_text(following)
    end, reveal = teacher.get_by_role("button", name="End the class"), teacher.get_by_role("button", name="Reveal")
    box = end.bounding_box()
    assert box is not None and box["height"] >= 44, box
    assert box["x"] - (reveal.bounding_box() or {"x": 0, "width": 0}).get("x", 0) > 0, "End stands right of Reveal"
    end.click()
    wait_for_app_run(teacher)
    sure, keep = (teacher.get_by_role("button", name=n) for n in ("End for everyone?", "Keep teaching"))
    expect(sure).to_be_visible()
    expect(keep).to_be_visible()
    expect(end).to_have_count(0)
    confirm, row = sure.bounding_box(), reveal.bounding_box()  # boxes now, after any scrolling the click made
    assert confirm is not None and row is not None
    assert abs(confirm["y"] - row["y"]) < row["height"] / 2, "the confirm is on the row of the buttons, where End was"
    assert confirm["x"] >= box["x"] - 1, (confirm, box)
    assert min(confirm["height"], (keep.bounding_box() or {"height": 0})["height"]) >= 44
    SHOTS.mkdir(parents=True, exist_ok=True)
    sure.scroll_into_view_if_needed()
    teacher.screenshot(path=str(SHOTS / "class-projector-end-confirm.png"))
    expect(teacher.get_by_test_id("join-code")).to_have_text(code)  # one press ended nothing
    expect(student.get_by_test_id("classbar")).to_contain_text(following)
    keep.click()
    wait_for_app_run(teacher)
    expect(end).to_be_visible()
    expect(sure).to_have_count(0)
    expect(student.get_by_test_id("classbar")).to_contain_text(following)
    end.click()
    wait_for_app_run(teacher)
    sure.click()
    wait_for_app_run(teacher)
    expect(teacher.get_by_text(f"You ended the class {code}.")).to_be_visible()
    expect(student.get_by_test_id("classbar")).to_contain_text("The class has ended")


def shot(page: Page, name: str) -> None:
    """A screenshot of the page's viewport into /work/shots/hour/, to look at."""
    HOUR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(HOUR / name))


def folded(page: Page) -> None:
    """The projector's join screen is folded to its one line: the code and the link, no big QR code."""
    expect(page.get_by_test_id("join-code")).to_be_visible()
    expect(page.get_by_test_id("join-qr")).to_have_count(0)
    expect(page.locator(".st-key-class_join_screen")).to_have_count(0)


def fold_kept(page: Page, code: str, fold: bool) -> None:
    """Wait until the teacher's tab keeps its join screen's fold as `fold` (classroom.js keepFold: the class
    bar writes it to sessionStorage each time it draws, a moment after the run that drew the fold)."""
    page.wait_for_function(
        "([key, want]) => (sessionStorage.getItem(key) || '') === want",
        arg=[f"stonegame:class:{code}:folded", "1" if fold else ""],
    )


def grid_on_screen(page: Page) -> tuple[float, float]:
    """The top and bottom of the stage's grid on the page (CSS px), asserted inside the 720 px of the window."""
    box = stage(page).locator("g.grid_boxes_0_marks").bounding_box()
    assert box is not None, "the stage draws its grid"
    top, bottom = box["y"], box["y"] + box["height"]
    assert top >= 0 and bottom <= DESKTOP["height"] + 1, f"the grid runs from y = {top:.0f} to {bottom:.0f}"
    return top, bottom


def test_a_reloaded_projector_keeps_its_join_screen_folded(devices: Devices, class_url: str) -> None:
    # main at 3c5867e: after the reload the join screen was unfolded again, the grid from y = 660 to 802
    teacher = devices.page()
    code = start_class(teacher, class_url)
    teacher.get_by_role("button", name="Ask the class").click()
    wait_for_app_run(teacher)
    folded(teacher)
    grid_on_screen(teacher)  # asked: the grid comes up on the projector
    fold_kept(teacher, code, True)  # the class bar keeps the fold in the tab as it draws (CI once reloaded first)
    teacher.reload()
    wait_for_stage(teacher)
    wait_for_app_run(teacher)
    expect(teacher.get_by_role("button", name="Reveal")).to_be_enabled()  # it leads again
    folded(teacher)
    grid_on_screen(teacher)
    teacher.get_by_text("Show how to join").click()  # unfolded by hand: a reload keeps that too
    wait_for_app_run(teacher)
    expect(teacher.get_by_test_id("join-qr")).to_be_visible()
    fold_kept(teacher, code, False)
    teacher.reload()
    wait_for_stage(teacher)
    wait_for_app_run(teacher)
    expect(teacher.get_by_test_id("join-qr")).to_be_visible()


def test_a_tab_whose_class_bar_never_answers_does_not_wait_for_ever(devices: Devices, class_url: str) -> None:
    # main at 3c5867e: the tab stayed on "Opening class CODE…" (checked for 3 × OPENING_WAIT_S)
    teacher = devices.page()
    code = start_class(teacher, class_url)
    phone = devices.page(PHONE)
    phone.add_init_script(MUTE_BAR)
    phone.goto(f"{class_url}/?class={code}")
    opening = phone.get_by_text(f"Opening class {code}…")
    expect(opening).to_be_visible()
    expect(opening).to_have_count(0, timeout=(OPENING_WAIT_S + 5) * 1000)
    said = phone.get_by_text(f"This tab did not answer whether it leads class {code}")
    expect(said).to_be_visible()
    join = phone.get_by_role("link", name=f"Join class {code} as a student")  # a plain link: no script of ours
    shot(phone, "phone-bar-silent.png")
    box = join.bounding_box()
    assert box is not None and box["height"] >= 44, box
    with phone.context.expect_page() as opened:  # st.link_button opens a new tab
        join.click()
    on_light_page(opened.value, code)
    expect(teacher.get_by_test_id("classbar")).to_contain_text("1 joined")


TOUCH = {"is_mobile": True, "has_touch": True}
SMALL_PHONE = {"width": 360, "height": 740}
ENDED = {"en": "The class has ended", "zh": "课堂已结束"}


def same_step(teacher: Page, phones: list[Page], step: int) -> None:
    """The teacher's stage shows this step, and every phone's the same (waiting for each)."""
    for page in (teacher, *phones):
        expect(stage(page)).to_have_attribute("data-frame", str(step))


def first_screen_apart(phone: Page) -> None:
    """On the phone's first screen the class bar and the stage's parts (caption, controls, picture) do not
    overlap, and the page does not scroll sideways."""
    height, width = phone.viewport_size["height"], phone.viewport_size["width"]  # type: ignore[index]
    parts = {
        "classbar": phone.get_by_test_id("classbar"),
        "caption": stage(phone).locator(".caption"),
        "controls": stage(phone).locator(".bar"),
        "picture": stage(phone).locator(".picture svg"),
    }
    found = {}
    for name, part in parts.items():
        box = part.first.bounding_box() if part.count() else None
        if box is not None and box["height"] > 0 and box["y"] < height:
            found[name] = (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
    assert "classbar" in found and "controls" in found, f"on the first screen: {sorted(found)}"
    names = list(found)
    for k, a in enumerate(names):
        for b in names[k + 1 :]:
            p, q = found[a], found[b]
            apart = p[2] <= q[0] + 1 or q[2] <= p[0] + 1 or p[3] <= q[1] + 1 or q[3] <= p[1] + 1
            assert apart, f"{a} {p} overlaps {b} {q} on a {width}x{height} phone"
    scroll = phone.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"the page is {scroll} px wide on a {width} px phone"


def test_the_hour_walked_by_a_teacher_three_phones_and_a_newcomer(
    devices: Devices, class_url: str, tmp_path: Path
) -> None:
    # The projector: presenter mode at 1280x720; the class starts with its join screen.
    teacher = devices.page()
    code = start_class(teacher, class_url)
    expect(teacher.get_by_test_id("join-qr")).to_be_visible()
    assert "key=" not in teacher.url, teacher.url
    shot(teacher, "01-projector-join-screen.png")
    qr_link = decode_qr(teacher, tmp_path)
    assert f"/classroom/join/{code}?join=" in qr_link, qr_link

    # Three phones join, each on the light student page: by the typed code (English), by the QR code (中文),
    # by the link (360x740).
    typed = devices.page(PHONE, **TOUCH)
    typed.goto(f"{class_url}/")
    wait_for_stage(typed)
    typed.get_by_test_id("stMain").get_by_role("button", name="Join a class").click()
    box = typed.get_by_test_id("stPopoverBody").get_by_role("textbox", name="Join code")
    box.fill(code.lower())
    box.press("Enter")
    scanned = devices.page(PHONE, **TOUCH)
    scanned.goto(f"{qr_link}&lang=zh")
    small = devices.page(SMALL_PHONE, **TOUCH)
    small.goto(f"{class_url}/?class={code}")
    phones, langs = [typed, scanned, small], ["en", "zh", "en"]
    following = {"en": f"Following the teacher · class {code}", "zh": f"正在跟随老师 · 课堂 {code}"}
    for phone, lang in zip(phones, langs, strict=True):
        expect(phone.get_by_test_id("classbar")).to_contain_text(following[lang])
        wait_for_stage(phone)
    expect(teacher.get_by_test_id("classbar")).to_contain_text("3 joined · 3 following · 0 exploring")
    same_step(teacher, phones, 12)
    for phone, name in zip(phones, ["02-phone-typed-en", "03-phone-qr-zh", "04-phone-360"], strict=True):
        first_screen_apart(phone)
        assert "key=" not in phone.url and f"/classroom/join/{code}" in phone.url, phone.url
        shot(phone, f"{name}.png")

    # A newcomer opens / on a laptop: the way into the lesson and into a class on the first screen.
    newcomer = devices.page()
    newcomer.goto(f"{class_url}/")
    wait_for_stage(newcomer)
    for control in (
        newcomer.get_by_test_id("stMain").get_by_role("link", name="New here? Start the lesson"),
        newcomer.get_by_test_id("stMain").get_by_role("button", name="Join a class"),
    ):
        expect(control).to_be_in_viewport(ratio=1)
    expect(newcomer.get_by_test_id("classbar")).to_have_count(0)
    shot(newcomer, "05-newcomer.png")

    # The teacher steps and asks; the phones follow, see the question, and answer with a thumb.
    teacher.locator("[data-testid=stage] button.nav-next").click()
    same_step(teacher, phones, 13)
    teacher.get_by_role("button", name="Ask the class").click()
    wait_for_app_run(teacher)
    folded(teacher)
    grid_on_screen(teacher)
    for phone in phones:  # step 13 writes dp[3], the answer: the phones are held at the step before it
        expect(stage(phone)).to_have_attribute("data-frame", "12")
    for phone in phones:
        expect(phone.locator(".classbar .prompt")).to_be_visible()
        choices = phone.locator(".classbar .choice")
        expect(choices.first).to_be_enabled()
        for k in range(choices.count()):
            size = choices.nth(k).bounding_box()
            assert size is not None and min(size["width"], size["height"]) >= 44, size
        first_screen_apart(phone)
    shot(typed, "06-phone-question-en.png")
    shot(scanned, "07-phone-question-zh.png")
    for phone in phones:
        phone.locator(".classbar .choice").first.tap()
        expect(phone.locator(".classbar .choice.picked")).to_have_count(1)
    expect(teacher.get_by_test_id("answered")).to_contain_text("3 of 3 answered")
    shot(teacher, "08-projector-asked.png")

    # The reveal: the projector's result line counts the three answers; every phone has its verdict.
    teacher.get_by_role("button", name="Reveal").click()
    wait_for_app_run(teacher)
    result = teacher.locator(".st-key-class_result")
    expect(result).to_contain_text(re.compile(r"Answers to question 1: \d of 3 right"))
    expect(result).to_be_in_viewport(ratio=1)
    for phone in phones:
        expect(phone.get_by_test_id("verdict")).to_be_visible()
    same_step(teacher, phones, 13)  # the reveal steps on to the write
    grid_on_screen(teacher)
    shot(teacher, "09-projector-revealed.png")
    shot(scanned, "10-phone-verdict-zh.png")

    # A reload of the projector: it still leads, with no key in its address and the join screen folded.
    teacher.reload()
    wait_for_stage(teacher)
    wait_for_app_run(teacher)
    expect(teacher.get_by_role("button", name="Ask the class")).to_be_visible()
    expect(teacher.get_by_role("button", name="Reveal")).to_be_disabled()
    assert "key=" not in teacher.url and f"class={code}" in teacher.url, teacher.url
    folded(teacher)
    same_step(teacher, phones, 13)
    expect(teacher.get_by_test_id("classbar")).to_contain_text("3 joined")
    shot(teacher, "11-projector-reloaded.png")

    # The end, with its confirm step: every phone says the class has ended.
    teacher.get_by_role("button", name="End the class").click()
    wait_for_app_run(teacher)
    shot(teacher, "12-projector-end-confirm.png")
    teacher.get_by_role("button", name="End for everyone?").click()
    wait_for_app_run(teacher)
    expect(teacher.get_by_text(f"You ended the class {code}.")).to_be_visible()
    for phone, lang in zip(phones, langs, strict=True):
        expect(phone.locator("main#phone").get_by_text(ENDED[lang]).first).to_be_visible()
    shot(small, "13-phone-ended-360.png")


def test_asking_one_step_after_the_start_takes_the_projector_back_to_the_held_step(
    devices: Devices, class_url: str
) -> None:
    # Asked at step 13 after one Next from the class's start (12), the room holds the class at 12. The
    # projector's stage stayed at 13, showing the answer ("takes 3 piles") while the phones answered: the
    # session's step was 12 before and after, so its data did not change. The step the class is held at
    # is now in the teacher's stage data (`hold`), and a change of it takes the stage to its start.
    teacher = devices.page()
    code = start_class(teacher, class_url)
    phone = devices.page(PHONE, **TOUCH)
    phone.goto(f"{class_url}/?class={code}")
    on_light_page(phone, code)
    teacher.locator("[data-testid=stage] button.nav-next").click()
    expect(stage(phone)).to_have_attribute("data-frame", "13")
    teacher.get_by_role("button", name="Ask the class").click()
    wait_for_app_run(teacher)
    expect(stage(phone)).to_have_attribute("data-frame", "12")
    expect(stage(teacher)).to_have_attribute("data-frame", "12", timeout=5_000)


def running_line_in_view(page: Page) -> None:
    """The listing's highlighted lines (the current step's running lines) lie inside the listing's visible
    box and on the screen: the listing scrolled to them, not to line 1."""
    listing, lines = stage(page).locator(".code"), stage(page).locator(".listing li.on")
    expect(lines.first).to_be_attached()
    # the fit, which bounds the listing's height beside the picture, runs after the first frame is drawn
    expect(listing).to_have_attribute("style", re.compile("max-height"))
    seen = listing.bounding_box()
    assert seen is not None
    for line in (lines.first, lines.last):
        box, number = line.bounding_box(), line.get_attribute("data-line")
        assert box is not None
        bottom = box["y"] + box["height"]
        assert box["y"] >= seen["y"] - 1 and bottom <= seen["y"] + seen["height"] + 1, (
            f"line {number} runs from y = {box['y']:.0f} to {bottom:.0f}, the listing shows "
            f"y = {seen['y']:.0f} to {seen['y'] + seen['height']:.0f}"
        )
        assert bottom <= DESKTOP["height"] + 1, f"line {number} ends at y = {bottom:.0f}"


def test_a_reloaded_projector_shows_the_steps_line_in_its_listing(devices: Devices, class_url: str) -> None:
    # After a reload the projector's listing was back at line 1, the running lines out of its view.
    teacher = devices.page()
    start_class(teacher, class_url)
    teacher.get_by_text("Show how to join").click()  # everybody is in: folded to its line
    wait_for_app_run(teacher)
    folded(teacher)
    teacher.locator("[data-testid=stage] button.nav-next").click()
    expect(stage(teacher)).to_have_attribute("data-frame", "13")
    running_line_in_view(teacher)
    teacher.reload()
    wait_for_stage(teacher)
    wait_for_app_run(teacher)
    expect(stage(teacher)).to_have_attribute("data-frame", "13")
    folded(teacher)
    running_line_in_view(teacher)
    shot(teacher, "14-projector-reloaded-listing.png")
