"""A server restarted in the middle of a class, in real Chromium: the server is killed (SIGKILL) while a
question is open and one student has answered, and a fresh process takes its port. The teacher's page (the
full app) and the students' (the light student page, opened by the class's link) reconnect by themselves and
each is back in the room (the teacher by the secret its tab keeps, never in its link; the students by the ids
their browsers keep), at the teacher's step, with the open question and the answer kept; the teacher goes on
leading."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from .helpers import free_port, join_token, on_light_page, start_class, wait_for_app_run, wait_for_stage
from .test_restart import RECONNECT_MS, FixedPortServer, outage_message
from .test_restart import servers as servers  # the fixture, by its name

ROW = "5,-3,8,2,-1,7,4,-6"


def frame_is(page: Page, frame: int, timeout: int = 10_000) -> None:
    """The page's stage shows this frame, drawn."""
    expect(page.locator("[data-testid=stage]")).to_have_attribute("data-frame", str(frame), timeout=timeout)
    expect(page.locator("[data-testid=stage]")).to_have_attribute("data-ready", "true", timeout=timeout)


def test_a_restart_brings_the_class_back_to_the_step_with_its_open_question(
    browser: Browser, servers, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STONEGAME_STATE", str(tmp_path / "state"))  # the same store before and after
    port = free_port()
    servers.append(FixedPortServer(port))
    errors: list[str] = []
    in_outage = [False]

    def on_console(message: ConsoleMessage) -> None:
        # a request in flight as the server dies: refused, cut, reset or answered with nothing (a light page's
        # picture of the next step, fetched ahead as it follows: ERR_EMPTY_RESPONSE once in CI, and
        # ERR_CONNECTION_RESET once)
        cuts = (
            "ERR_CONNECTION_REFUSED",
            "ERR_CONNECTION_RESET",
            "ERR_INCOMPLETE_CHUNKED_ENCODING",
            "ERR_EMPTY_RESPONSE",
        )
        refused = any(cut in message.text for cut in cuts)
        if message.type == "error" and not (in_outage[0] and (outage_message(message, port) or refused)):
            errors.append(message.text)

    pages = []
    for viewport in ({"width": 1280, "height": 720}, {"width": 390, "height": 844}, {"width": 390, "height": 844}):
        context = browser.new_context(viewport=viewport)
        context.on("console", on_console)
        pages.append(context.new_page())
    teacher, answering, quiet = pages
    code = start_class(teacher, f"{servers[0].url}/?values={ROW}&step=12")
    token = join_token(teacher, code)
    for page in (answering, quiet):  # students on the light page, by the class's link
        page.goto(f"{servers[0].url}/classroom/join/{code}?join={token}")
        on_light_page(page, code)
    teacher.get_by_role("button", name="Ask the class").click()  # the best take at pile 4 (step 12)
    wait_for_app_run(teacher)
    for page in pages:
        frame_is(page, 11)
    answering.locator(".classbar .choice", has_text=re.compile("^3$")).click()
    expect(teacher.get_by_test_id("answered")).to_contain_text("1 of 2 answered")

    in_outage[0] = True
    servers[0].kill()
    expect(teacher.get_by_test_id("stApp")).not_to_have_attribute(
        "data-test-connection-state", "CONNECTED", timeout=30_000
    )
    for page in (answering, quiet):  # the light page says its stream is gone
        expect(page.locator(".classbar .note")).to_contain_text("Reconnecting", timeout=30_000)
    servers.append(FixedPortServer(port))  # a fresh process on the same port: it knows no session
    expect(teacher.get_by_test_id("stApp")).to_have_attribute(
        "data-test-connection-state", "CONNECTED", timeout=RECONNECT_MS
    )
    wait_for_stage(teacher)
    for page in (answering, quiet):
        expect(page.locator(".classbar .note")).not_to_contain_text("Reconnecting", timeout=RECONNECT_MS)
    for page in pages:
        frame_is(page, 11, timeout=20_000)
    expect(teacher.get_by_test_id("answered")).to_contain_text("1 of 2 answered", timeout=20_000)
    expect(teacher.get_by_test_id("classbar")).to_contain_text("2 joined · 2 following")
    expect(answering.locator(".classbar .hint")).to_contain_text("Your answer: 3.", timeout=20_000)
    expect(quiet.locator(".classbar .prompt")).to_have_text(
        "Question 1: from pile 4, how many piles should the mover take?"
    )
    in_outage[0] = False

    wait_for_app_run(teacher)
    teacher.get_by_role("button", name="Reveal").click()  # the teacher still leads
    wait_for_app_run(teacher)
    expect(teacher.get_by_role("button", name="Reveal")).to_be_disabled()
    expect(answering.get_by_test_id("verdict")).to_have_text("✓ Right! The answer is 3.")
    for page in pages:
        frame_is(page, 12)
    assert not errors, errors
