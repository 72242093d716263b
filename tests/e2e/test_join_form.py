"""The light join form at the short address the projector names (/join, routes.SHORT, phone.join_form) in real
Chromium on phones of 390×844 and 360×740, in English and Chinese: a code typed in its box and Enter take the
phone to the light student page, drawn at the teacher's step; a wrong code gets its sentence on the form and
counts against the address (after 20 the right code typed from there is refused too, while the class's link
with its join token still passes and a phone of another address joins by typing); the form fits with targets
of at least 44 px and axe finds nothing serious. The class is made as a teacher's page makes it (POST
/classroom/rooms), no teacher's browser needed. Screenshots go to $STONEGAME_SHOTS."""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from stonegame import room as rm

ROW = [5, -3, 8, 2, -1, 7, 4, -6]
PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}
BOX = {"en": "Type the class code from the teacher's screen", "zh": "输入老师屏幕上的课堂码"}
FOLLOWING = {"en": "Following the teacher · class {code}", "zh": "正在跟随老师 · 课堂 {code}"}
CONTROLS = "button:visible, a:visible, input:visible"
AXE = Axe()
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/tmp/join-form-shots"))


def make_class(url: str, headers: dict[str, str]) -> tuple[str, str]:
    """A class on ROW at step 12, made as the teacher's page makes it: its code and join token."""
    body = json.dumps({"values": ROW, "step": 12}).encode()
    asked = urllib.request.Request(
        f"{url}/classroom/rooms", body, {"Content-Type": "application/json", **headers}, method="POST"
    )
    with urllib.request.urlopen(asked, timeout=30) as answer:
        made = json.load(answer)
    return made["code"], made["room"]["join"]


def phone(browser: Browser, size: str, headers: dict[str, str], lang: str = "en") -> Page:
    """A fresh phone of that size whose browser prefers `lang`, sending `headers`."""
    context = browser.new_context(
        viewport=PHONES[size], is_mobile=True, has_touch=True, extra_http_headers=headers, locale=lang
    )
    return context.new_page()


def type_code(page: Page, url: str, code: str, lang: str) -> None:
    """Open the form at /join (in the browser's language), type `code` in its box and press Enter."""
    page.goto(f"{url}/join")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    box = page.get_by_role("textbox", name=BOX[lang])
    box.fill(code)
    box.press("Enter")


def joined_at_the_teachers_step(page: Page, code: str, lang: str) -> None:
    """The page is the class's light page at its own address, in `lang`, its stage drawn at the teacher's step
    (12) and its class bar following."""
    expect(page).to_have_url(re.compile(rf"/classroom/join/{code}\?lang={lang}&code=py$"))
    expect(page.locator("html")).to_have_attribute("lang", lang)
    stage = page.locator("[data-testid=stage]")
    expect(stage).to_have_attribute("data-ready", "true")
    expect(stage).to_have_attribute("data-frame", "12")
    expect(page.get_by_test_id("classbar")).to_contain_text(FOLLOWING[lang].format(code=code))


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


@pytest.mark.parametrize(("size", "lang"), [("390", "en"), ("360", "zh"), ("390", "zh"), ("360", "en")])
def test_a_typed_code_joins_on_the_light_page_at_the_teachers_step(
    browser: Browser, class_url: str, class_headers: dict[str, str], size: str, lang: str
) -> None:
    code, _ = make_class(class_url, class_headers)
    page = phone(browser, size, class_headers, "zh-CN" if lang == "zh" else "en-US")
    try:
        page.goto(f"{class_url}/join")
        shot(page, f"join-form-{size}-{lang}.png")
        box = page.get_by_role("textbox", name=BOX[lang])
        box.fill(f"{code[:3].lower()} {code[3:]}")  # as typed off a projector: any case, a space
        box.press("Enter")
        joined_at_the_teachers_step(page, code, lang)
    finally:
        page.context.close()


def fits_and_passes_axe(page: Page, size: str) -> None:
    """Nothing wider than the phone, every control at least 44 px each way, and no serious axe finding."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONES[size]["width"], f"the form is {wide} px wide on a {size} px phone"
    for control in page.locator(CONTROLS).all():
        box = control.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, (control, box)
    violations = AXE.run(page).response["violations"]
    serious = [v["id"] for v in violations if v.get("impact") in ("serious", "critical")]
    assert serious == [], serious


@pytest.mark.parametrize(("size", "lang"), [("390", "en"), ("360", "zh")])
def test_the_form_fits_with_big_enough_targets_and_axe_finds_nothing_serious(
    browser: Browser, class_url: str, own_headers: dict[str, str], size: str, lang: str
) -> None:
    page = phone(browser, size, own_headers, "zh-CN" if lang == "zh" else "en-US")
    try:
        type_code(page, class_url, "K7QX4", lang)  # a code too short: the form again, with its sentence
        expect(page.locator("#join-note")).to_contain_text("K7QX4")
        expect(page.get_by_role("textbox", name=BOX[lang])).to_have_attribute("aria-invalid", "true")
        shot(page, f"join-form-refused-{size}-{lang}.png")
        fits_and_passes_axe(page, size)
        page.goto(f"{class_url}/join?lang={lang}")  # the form as it opens
        fits_and_passes_axe(page, size)
    finally:
        page.context.close()


def test_a_wrong_code_is_said_and_counts_against_the_address_and_the_link_still_passes(
    browser: Browser, class_url: str, own_headers: dict[str, str], class_headers: dict[str, str]
) -> None:
    code, token = make_class(class_url, class_headers)
    guesser = phone(browser, "390", own_headers)
    try:
        wrong = rm.new_code()
        type_code(guesser, class_url, wrong, "en")
        expect(guesser.locator("#join-note")).to_have_text(
            "No class has this code: it may have ended. Check the code with your teacher."
        )
        expect(guesser.get_by_role("textbox", name=BOX["en"])).to_have_value(wrong)
        for _ in range(19):  # 20 wrong codes from this address in all: it is shut out for 5 minutes
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(
                    urllib.request.Request(f"{class_url}/join?class={rm.new_code()}", headers=own_headers), timeout=30
                )
            assert refused.value.code == 404
        type_code(guesser, class_url, code, "en")
        expect(guesser.locator("#join-note")).to_have_text(
            "Too many wrong codes from this address: wait a few minutes, then try again."
        )
        guesser.goto(f"{class_url}/classroom/join/{code}?join={token}")  # the QR code's link: a proof
        expect(guesser.locator("[data-testid=stage]")).to_have_attribute("data-frame", "12")
    finally:
        guesser.context.close()
    honest = phone(browser, "360", class_headers)
    try:
        type_code(honest, class_url, code, "en")
        expect(honest.locator("[data-testid=stage]")).to_have_attribute("data-ready", "true")
    finally:
        honest.context.close()


QUICK_BOX = {
    "en": "Joining a class? Type the code from the teacher's screen",
    "zh": "要加入课堂？输入老师屏幕上的课堂码",
}


@pytest.mark.parametrize(("size", "lang"), [("390", "en"), ("360", "zh")])
def test_a_code_typed_on_slash_while_its_app_still_loads_joins_on_the_light_page(
    browser: Browser, class_url: str, own_headers: dict[str, str], size: str, lang: str
) -> None:
    """Issue 35, typing the code on `/`: a slow phone waits seconds for Streamlit's bundle, so `/`'s own HTML carries
    a join box (card.quick_join) until the app draws. Here the bundle never comes (its request is stopped), as on a
    phone still loading it: the box is there, big enough to tap, and the code typed in it joins the class on the light
    page at the teacher's step."""
    code, _ = make_class(class_url, own_headers)  # the module's address has made its 5 rooms in 10 minutes
    page = phone(browser, size, own_headers)
    try:
        page.route(re.compile(r"/static/js/index\.[^/]*\.js$"), lambda route: route.abort())
        page.goto(f"{class_url}/?lang={lang}")
        box = page.get_by_role("textbox", name=QUICK_BOX[lang])
        expect(box).to_be_visible()
        shot(page, f"quick-join-{size}-{lang}.png")
        fits_and_passes_axe(page, size)
        box.fill(code.lower())
        box.press("Enter")
        joined_at_the_teachers_step(page, code, lang)
    finally:
        page.context.close()


@pytest.mark.parametrize("size", ["390", "1280"])
def test_the_join_box_on_slash_is_gone_once_the_app_draws_and_never_shown_wide(browser: Browser, class_url: str, size):
    """React empties #root when the app draws: the box is gone then, on a phone; a projector never sees it."""
    viewport = PHONES.get(size, {"width": 1280, "height": 720})
    page = browser.new_context(viewport=viewport).new_page()
    try:
        page.route(re.compile(r"/static/js/index\.[^/]*\.js$"), lambda route: route.abort())
        page.goto(f"{class_url}/")
        if size == "1280":
            expect(page.get_by_test_id("quick-join")).to_be_hidden()
        else:
            expect(page.get_by_test_id("quick-join")).to_be_visible()
        page.unroute_all()
        page.goto(f"{class_url}/")
        page.locator("[data-testid=stage][data-ready=true]").wait_for(state="attached", timeout=60_000)
        expect(page.get_by_test_id("quick-join")).to_have_count(0)
    finally:
        page.context.close()
