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

from .helpers import wait_for_app_run, wait_for_stage

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
