"""The first real hour of a class (issue 33) in real Chromium, on the session's server: a teacher who opened
the app as http://localhost:PORT projects a join link and QR code a phone can reach (the machine's LAN
address, with one line saying why), and one slip of the hand does not end the class ("End the class" asks
once more, in the same place; "Keep teaching" takes it back). The public address (STONEGAME_PUBLIC_URL)
is checked through AppTest in tests/classroom/test_pages.py, the choice itself in test_reach.py."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from ui.server.rooms.reach import is_loopback, lan_address

from .helpers import PHONE, wait_for_app_run, wait_for_stage

ROW = "5,-3,8,2,-1,7,4,-6"
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/work/shots"))  # screenshots to look at, outside the repo


def start_class(page: Page, url: str) -> str:
    """A teacher at 1280×720 in presenter mode starts a class on ROW at step 12; the join code."""
    page.goto(f"{url}/?values={ROW}&step=12&present=1")
    wait_for_stage(page)
    page.get_by_role("button", name="Start a class").first.click()
    wait_for_app_run(page)
    expect(page.get_by_test_id("join-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"))
    return page.get_by_test_id("join-code").inner_text().strip()


def decode_qr(page: Page, folder: Path) -> str:
    """The link the projector's QR code holds, read by zbarimg from a screenshot of it."""
    if shutil.which("zbarimg") is None:  # .ci/run installs it: on CI a missing decoder fails, never skips
        pytest.fail("zbarimg not found: apt-get install -y zbar-tools")
    shot = folder / "qr.png"
    page.get_by_test_id("join-qr").screenshot(path=str(shot))
    decoded = subprocess.run(["zbarimg", "--raw", "-q", str(shot)], capture_output=True, text=True, check=True)
    return decoded.stdout.strip()


def test_a_teacher_on_localhost_is_told_and_projects_the_machines_lan_address(
    new_context: Callable[..., BrowserContext], app_url: str, tmp_path: Path
) -> None:
    port = app_url.rsplit(":", 1)[1]
    teacher = new_context().new_page()
    code = start_class(teacher, app_url)
    lan = lan_address()
    warning = teacher.get_by_test_id("stAlertContentWarning").filter(has_text="Phones cannot reach")
    expect(warning).to_have_count(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    warning.scroll_into_view_if_needed()
    teacher.screenshot(path=str(SHOTS / "class-projector-localhost.png"))
    link, shown = decode_qr(teacher, tmp_path), teacher.get_by_test_id("join-link").inner_text()
    link = link.split("&join=")[0]  # the QR code's link carries the room's join token as well
    if lan is None:  # a machine with no default route: nothing to offer, and the line says so
        expect(warning).to_contain_text("no network address was found")
        assert link == f"{app_url}/?class={code}"
        return
    expect(warning).to_contain_text(
        f"Phones cannot reach “localhost”: it names this computer only. The link and QR code use its network "
        f"address, {lan}:{port}."
    )
    assert link == f"http://{lan}:{port}/?class={code}" and not is_loopback(lan)
    assert shown == f"{lan}:{port}/?class={code}"
    with urllib.request.urlopen(f"http://{lan}:{port}/_stcore/health", timeout=5) as answer:
        assert answer.read() == b"ok", "a phone on the network reaches the server at the projected address"


def test_ending_the_class_asks_once_more_in_the_same_place(
    new_context: Callable[..., BrowserContext], app_url: str
) -> None:
    teacher = new_context().new_page()
    code = start_class(teacher, app_url)
    student = new_context(viewport=PHONE).new_page()
    student.goto(f"{app_url}/?class={code}")
    wait_for_stage(student)
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
    expect(student.get_by_test_id("stMain").get_by_text("The class has ended").first).to_be_visible()
