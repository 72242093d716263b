"""The teacher's "New QR code" in real Chromium (issue 34), on the session's class server (conftest's
class_url; each test's browsers come from a client address of its own, own_headers): a teacher starts a
class, a phone joins by the QR code's link, the teacher presses "New QR code" and the QR code then decodes
to a link with another join token; a phone opening the old link is refused in one sentence, one opening
the new link joins, and the phone that joined first still follows the teacher's step. The same in 中文.
Screenshots of the teacher's panel before and after the press go to $STONEGAME_SHOTS/qr34 to look at."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from stonegame.i18n import t

from . import helpers
from .helpers import PHONE, Devices, devices_of, wait_for_app_run, wait_for_stage

ROW = "5,-3,8,2,-1,7,4,-6"
PROJECTOR = {"width": 1280, "height": 720}
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/work/shots")) / "qr34"  # screenshots to look at, outside the repo
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


@pytest.fixture
def devices(browser: Browser, own_headers: dict[str, str]) -> Iterator[Devices]:
    """The test's devices, closed after it; a console error on any fails the test."""
    yield from devices_of(browser, own_headers)


def start_class(page: Page, url: str, lang: str) -> str:
    """A teacher starts a class on ROW at step 12 in this language; the join code."""
    return helpers.start_class(page, f"{url}/?values={ROW}&step=12&lang={lang}", t("class_start", lang))


def qr_link(page: Page, where: Path, url: str) -> str:
    """The link the projector's QR code decodes to (zbarimg), on this test's server `url`."""
    if shutil.which("zbarimg") is None:  # .ci/run installs it: on CI a missing decoder fails, never skips
        pytest.fail("zbarimg not found: apt-get install -y zbar-tools")
    page.get_by_test_id("join-qr").screenshot(path=str(where))
    decoded = subprocess.run(["zbarimg", "--raw", "-q", str(where)], capture_output=True, text=True, check=True)
    link = decoded.stdout.strip()
    return link.replace(link.split("/classroom/join/", 1)[0], url)  # the LAN address it names is this server's


def token_of(link: str, code: str) -> str:
    """The join token of a class link, checked to be the light student page's
    `/classroom/join/<code>?join=<43 characters>`."""
    head, token = link.split("?join=")
    assert head.endswith(f"/classroom/join/{code}") and TOKEN.fullmatch(token), link
    return token


def frame_is(page: Page, frame: int) -> None:
    """The page's stage shows this frame."""
    expect(page.locator("[data-testid=stage]")).to_have_attribute("data-frame", str(frame), timeout=10_000)


def renew(teacher: Page, lang: str, name: str) -> None:
    """Screenshot the teacher's panel, press "New QR code" (it stands apart from the question's buttons and
    is a thumb's size), wait for the run, screenshot again."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    teacher.screenshot(path=str(SHOTS / f"{name}-before.png"))
    button = teacher.get_by_role("button", name=t("class_new_qr", lang))
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    for asking in (t("class_ask", lang), t("class_reveal", lang)):
        other = teacher.get_by_role("button", name=asking).bounding_box()
        assert other is not None and not _overlap(box, other), (asking, box, other)
    button.click()
    wait_for_app_run(teacher)
    teacher.screenshot(path=str(SHOTS / f"{name}-after.png"))


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes overlap."""
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def test_new_qr_code_refuses_the_old_link_and_keeps_the_class(class_url: str, devices: Devices, tmp_path: Path) -> None:
    teacher = devices.page()
    code = start_class(teacher, class_url, "en")
    old = qr_link(teacher, tmp_path / "old.png", class_url)
    first = devices.page(PHONE)
    first.goto(old)
    wait_for_stage(first)
    expect(first.get_by_test_id("classbar")).to_contain_text(f"Following the teacher · class {code}")
    expect(teacher.get_by_test_id("classbar")).to_contain_text("1 joined")

    renew(teacher, "en", "teacher-en")
    new = qr_link(teacher, tmp_path / "new.png", class_url)
    assert token_of(new, code) != token_of(old, code), "the QR code carries the new join token"
    expect(teacher.get_by_test_id("join-code")).to_have_text(code)

    stale = devices.page(PHONE).request.get(old)  # the old link's page: refused, with no stage to join
    said = html.unescape(stale.text())
    assert stale.status == 403 and f"This join link is not class {code}'s" in said, (stale.status, said)
    assert 'data-testid="stage"' not in said
    late = devices.page(PHONE)
    late.goto(new)
    wait_for_stage(late)
    expect(late.get_by_test_id("classbar")).to_contain_text(f"Following the teacher · class {code}")
    expect(teacher.get_by_test_id("classbar")).to_contain_text("2 joined · 2 following")

    frame_is(first, 12)
    teacher.locator("[data-testid=stage] button.nav-next").click()
    frame_is(first, 13)  # the phone that joined by the old link keeps its seat and its stream
    frame_is(late, 13)


def test_new_qr_code_in_chinese(class_url: str, devices: Devices, tmp_path: Path) -> None:
    teacher = devices.page()
    code = start_class(teacher, class_url, "zh")
    expect(teacher.get_by_text(t("class_new_qr_why", "zh"))).to_be_visible()
    old = qr_link(teacher, tmp_path / "old.png", class_url)
    renew(teacher, "zh", "teacher-zh")
    new = qr_link(teacher, tmp_path / "new.png", class_url)
    assert token_of(new, code) != token_of(old, code)
