"""The pictures of a class in docs/teaching.md: the projector (a teacher in presenter mode at 1280×720: the join
screen with its LAN-address line, then a question revealed, its answers' chart opened, "Open the control on
another device" opened, and the confirm step of "End the class") and a student's phone (390×844, the light
page /classroom/join/CODE that the join link and QR code open, a question open; and in 中文), made on a server of
its own with its own class-room state, in Debian's Chromium.

    python scripts/class_screenshots.py [--out docs]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

from scripts.servers import StreamlitServer  # noqa: E402
from tests.e2e.helpers import CHROMIUM_ARGS, join_token, wait_for_app_run, wait_for_stage  # noqa: E402

ROW = "5,-3,8,2,-1,7,4,-6"
TOP = {"x": 0, "y": 0, "width": 1280, "height": 230}  # the projector's class controls and folded join line


def shoot(page: Page, path: Path) -> None:
    """A screenshot of the viewport, once the app has finished running (the teacher's Streamlit page) or the
    stage is drawn (a phone's light page)."""
    if "/classroom/join/" in page.url:
        expect(page.locator("[data-testid=stage]")).to_have_attribute("data-ready", "true")
    else:
        wait_for_app_run(page)
    page.screenshot(path=str(path))
    print(path)


def main() -> None:
    """Start a server, a teacher and two students, and take the pictures into --out."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    out = parser.parse_args().out
    with tempfile.TemporaryDirectory() as state:
        os.environ["STONEGAME_STATE"] = state
        with StreamlitServer() as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            teacher = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            teacher.goto(f"{server.url}/?values={ROW}&step=12&present=1")
            wait_for_stage(teacher)
            teacher.get_by_role("button", name="Start a class").click()
            wait_for_app_run(teacher)
            expect(teacher.get_by_test_id("join-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"))
            code = teacher.get_by_test_id("join-code").inner_text().strip()
            token = join_token(teacher, code)
            phones = []
            for lang in ("en", "zh"):
                phone = {
                    "viewport": {"width": 390, "height": 844},
                    "device_scale_factor": 2,
                    "has_touch": True,
                    "is_mobile": True,
                }
                page = browser.new_context(**phone).new_page()  # a touch screen: its controls are drawn at 44 px
                page.goto(f"{server.url}/classroom/join/{code}?join={token}&lang={lang}")  # as the QR code opens it
                expect(page.locator("[data-testid=stage]")).to_have_attribute("data-ready", "true")
                phones.append(page)
            shoot(teacher, out / "class-projector.png")
            teacher.get_by_text("Show how to join").click()
            wait_for_app_run(teacher)
            teacher.get_by_test_id("stSelectbox").click()
            teacher.get_by_role("option", name="dp[i] here").click()
            wait_for_app_run(teacher)
            teacher.get_by_role("button", name="Ask the class").click()
            wait_for_app_run(teacher)
            for page in phones:
                expect(page.locator(".classbar .choice").first).to_be_visible()
            phones[0].locator(".classbar .choice", has_text=re.compile("^10$")).click()
            phones[1].locator(".classbar .choice", has_text=re.compile("^(?!10$)")).first.click()  # a wrong one
            expect(teacher.get_by_test_id("answered")).to_contain_text("2 of 2")
            shoot(phones[0], out / "class-phone.png")
            shoot(phones[1], out / "class-phone-zh.png")
            teacher.get_by_role("button", name="Reveal").click()
            wait_for_app_run(teacher)
            expect(teacher.get_by_text("Answers to question 1: 1 of 2 right")).to_be_visible()
            expect(phones[0].get_by_test_id("verdict")).to_be_visible()
            shoot(teacher, out / "class-reveal.png")
            shoot(phones[0], out / "class-phone-reveal.png")
            teacher.get_by_text("The answers' chart").click()  # folded in presenter mode: opened on request
            expect(teacher.locator("[role='graphics-document']", has_text="Answers to question 1")).to_be_visible()
            shoot(teacher, out / "class-reveal-chart.png")
            teacher.get_by_text("The answers' chart").click()  # folded again
            wait_for_app_run(teacher)
            control = teacher.get_by_test_id("stExpander").filter(has_text="Open the control on another device")
            control.get_by_text("Open the control on another device").click()  # opened on request only
            wait_for_app_run(teacher)
            expect(control.get_by_test_id("control-qr")).to_be_visible()
            control.screenshot(path=str(out / "class-control.png"))  # the fold alone: under a warning, its link
            print(out / "class-control.png")
            control.get_by_text("Open the control on another device").click()  # folded: the secret off the page
            wait_for_app_run(teacher)
            teacher.evaluate("window.scrollTo(0, 0)")
            teacher.get_by_role("button", name="End the class").click()
            wait_for_app_run(teacher)
            expect(teacher.get_by_role("button", name="End for everyone?")).to_be_visible()
            wait_for_app_run(teacher)
            teacher.screenshot(path=str(out / "class-end-confirm.png"), clip=TOP)  # the row of buttons and the fold
            print(out / "class-end-confirm.png")
            browser.close()


if __name__ == "__main__":
    main()
