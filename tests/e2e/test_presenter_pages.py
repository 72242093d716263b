"""The other pages on a projector and a phone (issue 40): presenter mode on the quiz, Play and the replay has
the explainer's way out, text the back row can read and the page's main control on the first 1280×720
screen; Play the computer keeps its moves on the first screen however long the game runs, in presenter mode
and out of it; the replay's player has named buttons a finger can hit. In English and 中文."""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from stonegame.i18n import t

from .helpers import DESKTOP, NAV, PHONE, drawn_step, open_app, wait_for_app_run, wait_for_chart

ROW = "5,-3,8,2,-1,7,4,-6"
N = len(ROW.split(","))
HEIGHT = DESKTOP["height"]
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/work/shots")) / "present40"  # to look at, outside the repo
TAKES = "[class*='st-key-play_take_'] button"
MAIN = {  # each page's main control: the quiz's Reveal, Play's moves, the replay's player (its buttons)
    "quiz": "[data-testid='stFormSubmitButton'] button",
    "play": TAKES,
    "replay": "g.nav_button_0_marks path",
}
# Every piece of visible text in the main pane inside the window, open shadow roots (the lesson's stage)
# included: its size on screen (its font times the CSS zoom of the boxes around it), whether it is a paragraph
# of body text (markdown), and its first words.
TEXT_SIZES = """([width, height]) => {
    const out = [];
    const visit = root => {
        for (const host of root.querySelectorAll("*")) if (host.shadowRoot) visit(host.shadowRoot);
        const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) {
            const node = walk.currentNode, e = node.parentElement;
            if (!e || !node.textContent.trim()) continue;
            if (e.closest("[aria-hidden='true'], .material-symbols-rounded")) continue;
            const r = e.getBoundingClientRect(), style = getComputedStyle(e);
            if (!r.width || !r.height || r.bottom <= 0 || r.top >= height || style.visibility === "hidden") continue;
            if (style.fontFamily.includes("Material")) continue;  // Streamlit's icons are a font's ligatures
            if (["STYLE", "SCRIPT"].includes(e.tagName)) continue;
            const body = e.matches("[data-testid='stMarkdownContainer'] p, [data-testid='stMarkdownContainer'] p *");
            const size = parseFloat(style.fontSize) * (e.currentCSSZoom || 1);
            out.push([Math.round(size * 10) / 10, body && !e.matches("code"), node.textContent.trim().slice(0, 30)]);
        }
    };
    visit(document.querySelector("[data-testid='stMain']"));
    return out;
}"""


def bottom(page: Page, selector: str) -> float:
    """The lowest bottom edge of the visible elements `selector` finds with Streamlit's main pane (the part
    that scrolls) scrolled to its top: where they are when the page opens."""
    page.evaluate("() => document.querySelector(\"[data-testid='stMain']\").scrollTo(0, 0)")
    boxes = [b for b in (e.bounding_box() for e in page.locator(selector).all() if e.is_visible()) if b]
    assert boxes, f"nothing visible: {selector}"
    return max(b["y"] + b["height"] for b in boxes)


@pytest.mark.parametrize("present", [False, True], ids=["normal", "present"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_moves_stay_on_the_first_screen_for_a_whole_game(page: Page, lang: str, present: bool) -> None:
    # main 3c5867e: the moves at y = 827 (normal, en) before the first move, 995 after two
    open_app(page, f"/play?values={ROW}&lang={lang}" + ("&present=1" if present else ""))
    seen = []
    for turn in range(N):  # the learner takes 1 pile each time: the longest game, the most messages
        if not page.locator(TAKES).count():
            break
        low = bottom(page, TAKES)
        seen.append(round(low))
        assert low <= HEIGHT, f"before move {turn + 1} the moves end at y = {low:.0f} (> {HEIGHT}); all so far {seen}"
        page.locator(".st-key-play_take_1 button").click()
        wait_for_app_run(page)
    expect(page.locator(TAKES)).to_have_count(0)  # the game is over
    expect(page.locator(".st-key-play_new button")).to_be_visible()
    assert len(seen) >= 3, f"a whole game takes several moves: {seen}"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", ["quiz", "play", "replay"])
def test_presenter_mode_has_a_way_out_big_text_and_the_main_control_on_screen(page: Page, name: str, lang: str) -> None:
    # main 3c5867e: no way out at all; body text 16 px, captions 14, the row chip 12; Reveal at y = 940,
    # Take 1 at 789
    open_app(page, f"/{name}?values={ROW}&lang={lang}&present=1")
    if name == "replay":
        wait_for_chart(page)
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    way_out = page.get_by_role("button", name=t("exit_presenter", lang))
    expect(way_out).to_be_visible()
    assert bottom(page, ".st-key-w_exit_present button") <= HEIGHT
    page.screenshot(path=str(shot(f"{name}-present-{lang}-1280")))
    low = bottom(page, MAIN[name])
    assert low <= HEIGHT, f"{name}: the main control ends at y = {low:.0f}, below the first {HEIGHT} px"
    sizes = page.evaluate(TEXT_SIZES, [DESKTOP["width"], HEIGHT])
    small = [(size, text) for size, _, text in sizes if size < 16]
    assert not small, f"{name}: text under 16 px on the projector: {small[:8]}"
    body = [(size, text) for size, is_body, text in sizes if is_body and size < 20]
    assert not body, f"{name}: body text under 20 px on the projector: {body[:8]}"
    way_out.click()
    wait_for_app_run(page)
    expect(page.get_by_test_id("stSidebar")).to_be_visible()
    assert "present" not in page.url


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", ["quiz", "play", "replay"])
def test_presenter_mode_on_a_phone_has_the_way_out(new_context, name: str, lang: str) -> None:
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    open_app(page, f"/{name}?values={ROW}&lang={lang}&present=1")
    if name == "replay":
        wait_for_chart(page)
    way_out = page.get_by_role("button", name=t("exit_presenter", lang))
    expect(way_out).to_be_visible()
    box = way_out.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44, f"the way out is a touch target: {box}"
    page.screenshot(path=str(shot(f"{name}-present-{lang}-390")))
    way_out.click()
    wait_for_app_run(page)
    assert "present" not in page.url


def shot(name: str) -> Path:
    """Where a screenshot to look at goes (outside the repository)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"{name}.png"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_replay_player_has_named_buttons_a_finger_can_hit(new_context, lang: str) -> None:
    # main 3c5867e: no button by any name (the drawn marks had none), play and next both a bare ▶, 41×40 px
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    open_app(page, f"/replay?values={ROW}&lang={lang}")
    chart = wait_for_chart(page)
    buttons = {action: page.get_by_role("button", name=t("stage_aria_" + action, lang), exact=True) for action in NAV}
    for action, button in buttons.items():
        expect(button).to_have_count(1)
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, f"{action}: {box} is too small to touch"
    labels = chart.locator("g.nav_label_0_marks text").all_text_contents()
    assert len(set(labels)) == len(NAV), f"every button looks different: {labels}"
    page.screenshot(path=str(shot(f"replay-player-{lang}-390")))
    before = drawn_step(chart).text_content() or ""
    last = re.findall(r"\d+", before)[-1]
    assert before == t("player_step_of", lang).format(n=0, N=last)
    tap(page, buttons["next"])
    expect(drawn_step(chart)).to_have_text(t("player_step_of", lang).format(n=1, N=last))
    tap(page, buttons["play"])
    expect(page.get_by_role("button", name=t("stage_aria_pause", lang), exact=True)).to_have_count(1)


def tap(page: Page, button: Locator) -> None:
    """A finger on the middle of a button (its drawn label lies over it and takes the tap as the button)."""
    box = button.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


# How far Streamlit's main pane (the part that scrolls; the document itself never does) reaches past its width.
SIDEWAYS = """() => { const m = document.querySelector("[data-testid='stMain']");
    return [m.scrollWidth - m.clientWidth, document.scrollingElement.scrollWidth - innerWidth]; }"""
PRESENTABLE = ["", "lesson", "deck", "trace", "approaches", "quiz", "play", "replay", "tree"]  # not export, write


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", PRESENTABLE, ids=[p or "explainer" for p in PRESENTABLE])
def test_no_page_in_presenter_mode_scrolls_sideways_on_a_phone(new_context, name: str, lang: str) -> None:
    # main 6092292: the explainer's stage 499 px wide in 390 in 中文 (the bars' legend always right of them and the
    # grid's legend on one line in presenter mode); the approaches' chart 599 px, the replay's 426 px, the quiz's
    # 385 px in 中文 (charts whose text presenter mode raises to 16 px, in a 350 px column)
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    open_app(page, f"/{name}?values={ROW}&lang={lang}&present=1")
    if name in ("", "replay"):
        wait_for_chart(page)
    expect(page.locator("[data-testid='stVegaLiteChart']:not(:has(svg, canvas))")).to_have_count(0)
    pane, document = page.evaluate(SIDEWAYS)
    assert pane <= 1 and document <= 1, f"/{name} in presenter mode scrolls {max(pane, document)} px sideways at 390"


# Every text a chart draws, on screen: its box [left, right, top, bottom], its size (its font size times the
# SVG's scale) and its words; and the chart's own left and right edges and its width against its column's.
CHART_TEXTS = """chart => {
    const r = chart.getBoundingClientRect();
    const texts = [...chart.querySelectorAll("svg text")].filter(e => e.textContent.trim()).map(e => {
        const b = e.getBoundingClientRect(), m = e.getScreenCTM();
        return [[b.left, b.right, b.top, b.bottom], parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b),
                e.textContent.trim().slice(0, 30)];
    });
    return {edges: [r.left, r.right], widths: [chart.scrollWidth, chart.clientWidth], texts};
}"""
SMALL_PHONE = {"width": 360, "height": 740}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390", "360"])
def test_the_replay_in_presenter_mode_draws_every_word_inside_its_column_on_a_phone(
    new_context, viewport: dict[str, int], lang: str
) -> None:
    # bca1b24, 390 zh: "第 0 步，共 4 步" ended at 376 px, the formula at 446, in a column ending at 370, and the
    # row's title ran its two lines into each other: presenter mode's CSS drew the chart's 13 px text at 16 px,
    # where Vega had laid it out at 13 (the chart was 353 px wide in 350; it had scrolled sideways before walk40b)
    page = new_context(viewport=viewport, has_touch=True, is_mobile=True).new_page()
    open_app(page, f"/replay?values={ROW}&lang={lang}&present=1")
    chart = wait_for_chart(page)
    got = chart.evaluate(CHART_TEXTS)
    (left, right), (drawn, column) = got["edges"], got["widths"]
    out = [(text, round(b[0]), round(b[1])) for b, _, text in got["texts"] if b[0] < left - 0.5 or b[1] > right + 0.5]
    assert not out, f"{lang}: words past the chart's edges {left:.0f}-{right:.0f}: {out}"
    words = [(b, text) for b, _, text in got["texts"] if len(text) >= 3]  # words and lines, not a symbol or a digit
    clash = [
        (a, b)
        for (p, a), (q, b) in itertools.combinations(words, 2)
        if min(p[3], q[3]) - max(p[2], q[2]) > 2 and min(p[1], q[1]) > max(p[0], q[0])
    ]
    assert not clash, f"{lang}: lines run into each other: {clash[:4]}"
    assert drawn <= column + 2, f"{lang}: the chart is {drawn} px wide in its {column} px column"
    if viewport == PHONE:  # as out of presenter mode (test_phone_charts): the same column, the same sizes
        small = sorted({(round(size, 1), text) for _, size, text in got["texts"] if size < 12})
        assert not small, f"{lang}: chart text under 12 px: {small[:6]}"
    page.screenshot(path=str(shot(f"replay-present-{lang}-{viewport['width']}")))
