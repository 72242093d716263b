"""The stage's sizes, measured in the browser: at 1280×720 with the sidebar open one whole step is in the
first viewport; presenter mode fills 1280×720 and 1920×1080 with chart text of at least 20 px and
legends dark enough for AA; on a 390×844 phone the stage stacks, nothing is cut and code is ≥ 12 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .helpers import (
    DESKTOP,
    PHONE,
    SCREENSHOT_DIR,
    clean,
    grid,
    horizontal_overflow,
    open_explainer,
    screenshot,
    wait_for_app_run,
)

# The parts of one step, each as (name, selector inside the stage).
PARTS = {
    "bar": ".bar",
    "title": ".title",
    "formula": ".formula",
    "sentence": ".sentence",
    "grid": "g.grid_numbers_0_marks",
    "bars": "g.concat_1_group g.role-axis",  # the bars panel's x axis, its lowest part
    "code line": ".listing li.on",
}
MEASURE = """(stage, parts) => {
    const box = e => {
        const r = e.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
    };
    const out = {};
    for (const [name, sel] of Object.entries(parts)) {
        const e = stage.querySelector(sel);
        out[name] = e ? box(e) : null;
    }
    out.picture = box(stage.querySelector('.picture svg'));
    out.code = box(stage.querySelector('.code'));
    const texts = [...stage.querySelectorAll('.picture svg text')].filter(t => t.textContent.trim());
    out.chartFonts = texts.map(t => parseFloat(getComputedStyle(t).fontSize));
    const labels = ['legend-label', 'axis-label', 'title-text'].map(r => `.picture svg g.role-${r} text`);
    out.legendFills = [...stage.querySelectorAll(labels.join(', '))].map(t => t.getAttribute('fill'));
    out.codeFont = parseFloat(getComputedStyle(stage.querySelector('.code')).fontSize);
    const c = stage.querySelector('.code');
    out.codeScroll = [c.scrollWidth, c.clientWidth];
    return out;
}"""


# The stage fits its picture again whenever the page around it changes size (a ResizeObserver): true once
# that fit has caught up with the last change, i.e. the picture ends inside the window.
FITTED = """() => {
    const hosts = [...document.querySelectorAll('*')].filter(e => e.shadowRoot);
    const svg = hosts.map(e => e.shadowRoot.querySelector('.picture svg')).find(Boolean);
    return !!svg && svg.getBoundingClientRect().bottom <= window.innerHeight + 1;
}"""


def measure(page: Page, side_by_side: bool = True) -> dict:
    """The stage's parts, measured once the page's run is over and (picture and code side by side) the
    stage has fitted itself to the window."""
    wait_for_app_run(page)
    if side_by_side:
        page.wait_for_function(FITTED, timeout=15_000)
    return page.locator("[data-testid='stage']").evaluate(MEASURE, PARTS)


def luminance(hex_colour: str) -> float:
    digits = hex_colour.lstrip("#")
    digits = "".join(d * 2 for d in digits) if len(digits) == 3 else digits  # #333 is #333333
    channels = [int(digits[k : k + 2], 16) / 255 for k in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_on_white(hex_colour: str) -> float:
    return 1.05 / (luminance(hex_colour) + 0.05)


def assert_in_view(sizes: dict, top: float, height: float) -> None:
    for name in (*PARTS, "picture"):
        box = sizes[name]
        assert box is not None, f"{name} not drawn"
        assert box["top"] >= top - 1 and box["bottom"] <= height + 1, f"{name} at {box} is outside {top}..{height}"


def test_one_step_fits_the_first_viewport_with_the_sidebar_open(page: Page):
    open_explainer(page, "/?values=1,2,3,7&step=7")
    assert page.get_by_test_id("stSidebar").is_visible()
    sizes = measure(page)
    assert_in_view(sizes, 60, DESKTOP["height"])  # under Streamlit's 60-px header
    assert sizes["code"]["left"] >= sizes["picture"]["right"] - 1, "picture and code side by side"
    assert sizes["sentence"]["right"] - sizes["sentence"]["left"] > 800, "the sentence uses the stage's width"
    assert min(sizes["chartFonts"]) >= 13, sorted(sizes["chartFonts"])[:5]
    assert sizes["codeFont"] >= 12
    screenshot(page, SCREENSHOT_DIR / "stage-1280x720.png")


@pytest.mark.parametrize("viewport", [DESKTOP, {"width": 1920, "height": 1080}], ids=["1280", "1920"])
def test_presenter_mode_fills_the_screen_with_large_text(new_context, viewport: dict):
    page = new_context(viewport=viewport).new_page()
    open_explainer(page, "/?values=1,2,3,7&step=7&present=1")
    sizes = measure(page)
    assert_in_view(sizes, 0, viewport["height"])
    assert sizes["picture"]["bottom"] >= 0.85 * viewport["height"], f"the stage fills the screen: {sizes['picture']}"
    assert min(sizes["chartFonts"]) >= 20, f"chart text at {viewport['width']}: {sorted(sizes['chartFonts'])[:5]}"
    assert sizes["codeFont"] >= (13 if viewport["width"] < 1600 else 18)
    fills = {fill for fill in sizes["legendFills"] if fill and fill.startswith("#")}
    assert fills and all(contrast_on_white(f) >= 4.5 for f in fills), {f: contrast_on_white(f) for f in fills}
    screenshot(page, SCREENSHOT_DIR / f"stage-present-{viewport['width']}x{viewport['height']}.png")


def test_the_phone_stacks_and_cuts_nothing(new_context):
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    open_explainer(page, "/?values=1,2,3,7&step=7")
    sizes = measure(page, side_by_side=False)
    assert sizes["code"]["top"] >= sizes["picture"]["bottom"] - 1, "the code stacks under the picture"
    for name in ("bar", "formula", "sentence", "picture", "code"):
        box = sizes[name]
        assert box["left"] >= -1 and box["right"] <= PHONE["width"] + 1, f"{name} cut: {box}"
    too_wide = {k: v for k, v in horizontal_overflow(page).items() if v[0] > v[1] + 1}
    assert not too_wide, too_wide
    assert sizes["codeFont"] >= 12
    assert sizes["codeScroll"][0] >= sizes["codeScroll"][1]  # a long line scrolls inside the listing
    assert min(sizes["chartFonts"]) >= 12, sorted(sizes["chartFonts"])[:5]
    screenshot(page, SCREENSHOT_DIR / "stage-390x844.png", full=True)


def test_on_a_phone_the_step_and_all_its_candidates_are_in_view(new_context):
    # issue 21: at 390x844 the window showed piles 2-5 for dp[4], whose candidates are dp[5..7]
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    open_explainer(page, "/?values=5,-3,8,2,-1,7,4,-6&step=12")
    shown = sorted(int(col) for col in grid(page)["dp"])
    assert {4, 5, 6, 7} <= set(shown), f"dp[4] and dp[5..7] drawn: {shown}"


# issue 21's "Phone" list: the picture, read off its SVG text boxes. The bars' numbers are the text marks
# of the bars' view that a frame shows (opacity not 0), axes apart; the row names are the grid's left axis.
PICTURE_BOXES = """(stage) => {
    const box = e => {
        const r = e.getBoundingClientRect();
        return {text: e.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
    };
    const shown = e => !e.closest('.role-axis') && e.getAttribute('opacity') !== '0' && e.textContent.trim();
    const bars = [...stage.querySelectorAll('.picture svg g.concat_1_group text')].filter(shown);
    const axis = [...stage.querySelectorAll('.picture svg g.concat_0_group g.role-axis-label text')];
    const cells = [...stage.querySelectorAll('.picture svg g.grid_boxes_0_marks path')].map(box);
    return {
        numbers: bars.filter(t => /^[\u2212-]?\\d+$/.test(t.textContent.trim())).map(box),
        names: axis.filter(t => ['values', 'suffix', 'dp'].includes(t.textContent.trim())).map(box),
        cells,
        stage: [stage.scrollWidth, stage.clientWidth],
    };
}"""
SMALL_PHONE = {"width": 360, "height": 740}
ROW8 = "/?values=5,-3,8,2,-1,7,4,-6&step=12"  # the row: dp[4] weighs dp[5..7]
ROW20 = "/?values=12,-6,3,15,-8,7,-11,4,9,-2,13,-6,5,10,-14,6,-3,12,8,-7&step=30"  # dp[10]: two-digit numbers


def overlapping(boxes: list[dict], gap: float = 4) -> list[tuple[str, str]]:
    """The pairs of boxes less than `gap` pixels apart both across and up or down: overlapping, touching
    side by side ("−6−6") or corner to corner ("12" just left of and above "18") all count."""
    return [
        (a["text"], b["text"])
        for k, a in enumerate(boxes)
        for b in boxes[k + 1 :]
        if max(a["left"], b["left"]) - min(a["right"], b["right"]) < gap
        and max(a["top"], b["top"]) - min(a["bottom"], b["bottom"]) < gap
    ]


@pytest.mark.parametrize(
    ("viewport", "url"),
    [(PHONE, ROW8), (PHONE, ROW20), (SMALL_PHONE, ROW8), (SMALL_PHONE, ROW20), (DESKTOP, ROW20 + "&present=1")],
    ids=["390-row8", "390-row20", "360-row8", "360-row20", "1280-present-row20"],
)
def test_the_picture_fits_and_no_text_touches_another(new_context, viewport: dict, url: str):
    phone = viewport["width"] < 500
    page = new_context(viewport=viewport, is_mobile=phone, has_touch=phone).new_page()
    open_explainer(page, url)
    boxes = measure_boxes(page, side_by_side=not phone)
    assert boxes["numbers"], "the bars show numbers at a dp step"
    assert boxes["stage"][0] <= boxes["stage"][1], f"the stage scrolls sideways: {boxes['stage']}"
    assert not overlapping(boxes["numbers"]), overlapping(boxes["numbers"])
    assert sorted(n["text"] for n in boxes["names"]) == ["dp", "suffix", "values"], boxes["names"]
    first_cell = min(c["left"] for c in boxes["cells"])
    for name in boxes["names"]:
        assert name["right"] <= first_cell - 6, f"{name['text']} ends at {name['right']}, the cells at {first_cell}"
    too_wide = {k: v for k, v in horizontal_overflow(page).items() if v[0] > v[1] + 1}
    assert not too_wide, too_wide


def test_on_a_phone_the_bars_keep_the_step_candidates_numbers(new_context):
    # dp[4] = 4 - min(dp[5], dp[6], dp[7]) = 4 - min(11, 4, -6): the candidates' numbers are on their bars
    page = new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True).new_page()
    open_explainer(page, ROW8)
    numbers = [clean(n["text"]).replace("\u2212", "-") for n in measure_boxes(page, side_by_side=False)["numbers"]]
    assert {"10", "11", "4", "-6"} <= set(numbers), numbers


def test_with_room_each_pile_shows_both_its_numbers(new_context):
    # presenter mode at 1920x1080: five piles, each with room for suffix[i] and dp[i] side by side
    page = new_context(viewport={"width": 1920, "height": 1080}).new_page()
    open_explainer(page, "/?values=1,2,3,7&step=7&present=1")
    boxes = measure_boxes(page, side_by_side=True)
    numbers = sorted(clean(n["text"]) for n in boxes["numbers"])
    assert numbers == sorted(["13", "12", "12", "10", "10", "7", "7", "0", "0"]), numbers  # dp[0] not yet
    assert not overlapping(boxes["numbers"]), overlapping(boxes["numbers"])


def measure_boxes(page: Page, side_by_side: bool) -> dict:
    """PICTURE_BOXES of the stage, once it has fitted itself (as `measure` waits)."""
    wait_for_app_run(page)
    if side_by_side:
        page.wait_for_function(FITTED, timeout=15_000)
    return page.locator("[data-testid='stage']").evaluate(PICTURE_BOXES)


# Every title of the stage's picture, each line as drawn, and the picture's right edge.
TITLES = """stage => {
    const svg = stage.querySelector('.picture svg');
    const lines = [...svg.querySelectorAll('g.role-title-text text')].flatMap(t => {
        const spans = [...t.querySelectorAll('tspan')];
        return (spans.length ? spans : [t]).map(e => ({text: e.textContent, right: e.getBoundingClientRect().right}));
    });
    return {lines, right: svg.getBoundingClientRect().right};
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("viewport", [SMALL_PHONE, PHONE, DESKTOP], ids=["360", "390", "1280"])
def test_every_title_of_the_picture_is_whole_and_inside_it(new_context, viewport: dict, lang: str):
    phone = viewport["width"] < 500
    page = new_context(viewport=viewport, is_mobile=phone, has_touch=phone).new_page()
    open_explainer(page, f"{ROW8}&lang={lang}")
    wait_for_app_run(page)
    drawn = page.locator("[data-testid='stage']").evaluate(TITLES)
    assert len(drawn["lines"]) >= 2, drawn  # the grid's and the bars' titles, each one line or two
    for line in drawn["lines"]:
        assert "…" not in line["text"], f"a title cut short: {line['text']!r}"
        assert line["right"] <= drawn["right"] + 1, f"{line['text']!r} runs past the picture"
