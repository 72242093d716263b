"""The projector shows the whole row, and the controls (issue 33), measured in real Chromium at 1280×720 in
presenter mode: every pile of a row of up to 10 piles is on screen at every step with the code listing
beside it, the step's running lines in its view; "Start a class" and then the class's controls are on the
first screen; after a question is asked, answered on a phone and revealed, the stage's formula and grid are
still on screen, and no two parts of the teacher's screen overlap. In English and 中文."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from stonegame.i18n import t

from .helpers import DESKTOP, PHONE, stage, wait_for_app_run, wait_for_stage

ROW8, ROW10 = "5,-3,8,2,-1,7,4,-6", "5,-3,8,2,-1,7,4,-6,3,9"
SHOTS = Path(os.environ.get("STONEGAME_SHOTS", "/work/shots")) / "projector"  # to look at, outside the repo
WIDTH, HEIGHT = DESKTOP["width"], DESKTOP["height"]

# Each pile's dp cell in the stage's grid (its number's text box; the column from its ARIA label), and the
# listing's box.
PILES = """stage => {
    const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const piles = {};
    for (const e of stage.querySelectorAll('g.grid_numbers_0_marks text')) {
        const f = Object.fromEntries((e.getAttribute('aria-label') || '').split('; ').map(p => p.split(': ')));
        if (f.row === 'dp' && f.col !== '#') piles[f.col] = box(e);
    }
    const lines = [...stage.querySelectorAll('.listing li.on')].map(e => [e.dataset.line, box(e)]);
    return {piles, lines, code: box(stage.querySelector('.code')), picture: box(stage.querySelector('.picture svg'))};
}"""


def inside(box: list[float] | None, top: float = 0) -> bool:
    """Whether a [left, top, right, bottom] box lies inside the 1280×720 window (below `top`)."""
    return box is not None and box[0] >= -1 and box[1] >= top - 1 and box[2] <= WIDTH + 1 and box[3] <= HEIGHT + 1


def apart(a: list[float], b: list[float]) -> bool:
    """Whether two boxes do not overlap (touching edges allowed)."""
    return a[2] <= b[0] + 1 or b[2] <= a[0] + 1 or a[3] <= b[1] + 1 or b[3] <= a[1] + 1


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize(("row", "lang"), [(ROW8, "en"), (ROW10, "en"), (ROW10, "zh")], ids=["8-en", "10-en", "10-zh"])
def test_every_pile_is_on_screen_at_every_step_with_the_listing_beside(page: Page, row: str, lang: str) -> None:
    # main at 6746042: at step 0 the 8-pile row showed piles 3..8 (0, 1, 2 off screen), the 10-pile row 5..10;
    # the running lines are inside the listing and the window at every step too
    page.goto(f"/?values={row}&present=1&lang={lang}")
    wait_for_stage(page)
    n = len(row.split(","))
    missing: dict[int, list[int]] = {}
    hidden: dict[int, list[str]] = {}
    for frame in range(2 * n + 2):
        expect(stage(page)).to_have_attribute("data-frame", str(frame))
        seen = stage(page).evaluate(PILES)
        off = [i for i in range(n + 1) if not inside(seen["piles"].get(str(i)))]
        if off:
            missing[frame] = off
        listing = seen["code"]
        for number, line in seen["lines"]:  # the running lines inside the listing's visible box, on screen
            if not (inside(line) and line[1] >= listing[1] - 1 and line[3] <= listing[3] + 1):
                hidden.setdefault(frame, []).append(f"line {number} at y {line[1]:.0f}..{line[3]:.0f}")
        assert listing[0] >= 0 and listing[2] <= WIDTH and listing[1] < HEIGHT - 200, f"the listing shown: {listing}"
        assert apart(seen["code"], seen["picture"]), f"listing {seen['code']} over picture {seen['picture']}"
        if frame in (0, n + 3):
            shot(page, f"present-{n}-{lang}-frame{frame}")
        if frame <= 2 * n:
            stage(page).locator("button.nav-next").click()
    assert not missing, f"piles off screen (frame: piles): {missing}"
    assert not hidden, f"running lines out of the listing's view (frame: lines): {hidden}"


def boxes(page: Page, locators: dict[str, object]) -> dict[str, list[float]]:
    """The boxes [left, top, right, bottom] of the visible locators, by name."""
    out = {}
    for name, locator in locators.items():
        box = locator.bounding_box() if locator.count() else None  # type: ignore[attr-defined]
        if box is not None:
            out[name] = [box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"]]
    return out


def overlaps(found: dict[str, list[float]]) -> list[tuple[str, str]]:
    names = list(found)
    return [(a, b) for k, a in enumerate(names) for b in names[k + 1 :] if not apart(found[a], found[b])]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_class_controls_and_after_a_reveal_the_formula_and_grid_stay_on_screen(
    new_context: Callable[..., BrowserContext], app_url: str, lang: str
) -> None:
    # main at 6746042: "Start a class" at y = 790; after the reveal the formula at y = 894, the grid at 1108
    teacher = new_context().new_page()
    teacher.goto(f"{app_url}/?values={ROW8}&step=12&present=1&lang={lang}")
    wait_for_stage(teacher)
    start = teacher.get_by_role("button", name=t("class_start", lang))
    assert inside(list(boxes(teacher, {"start": start}).get("start", [0, 9999, 0, 9999]))), "Start a class on screen"
    start.click()
    wait_for_app_run(teacher)
    code = teacher.get_by_test_id("join-code").inner_text().strip()
    words = {k: t(f"class_{k}", lang) for k in ("ask", "lock", "reveal", "end")}
    controls = {
        "kind": teacher.get_by_test_id("stSelectbox"),
        **{k: teacher.get_by_role("button", name=w, exact=True) for k, w in words.items()},
        "fold": teacher.get_by_text(t("class_show_join", lang)),
    }
    found = boxes(teacher, controls)
    assert set(found) == set(controls), f"drawn: {sorted(found)}"
    assert all(inside(box) for box in found.values()), f"the class controls on the first screen: {found}"
    shot(teacher, f"class-{lang}-started")

    student = new_context(viewport=PHONE).new_page()
    student.goto(f"{app_url}/?class={code}")
    wait_for_stage(student)
    if lang == "en":  # everybody is in: fold how to join (in 中文 asking folds it)
        teacher.get_by_text(t("class_show_join", lang)).click()
        wait_for_app_run(teacher)
    controls["ask"].click()
    wait_for_app_run(teacher)
    expect(teacher.get_by_test_id("join-qr")).to_have_count(0)  # folded: the stage comes up
    student.locator(".classbar .choice").first.click()
    expect(teacher.get_by_test_id("answered")).to_contain_text("1")
    shot(teacher, f"class-{lang}-asked")
    controls["reveal"].click()
    wait_for_app_run(teacher)
    wait_for_stage(teacher)
    expect(student.get_by_test_id("verdict")).to_be_visible()
    formula, grid = stage(teacher).locator(".formula"), stage(teacher).locator("g.grid_boxes_0_marks")
    expect(formula).to_be_in_viewport(ratio=1)
    expect(grid).to_be_in_viewport(ratio=1)
    result = teacher.get_by_test_id("stMarkdownContainer").filter(has_text=re.compile(r"1 .*%"))
    expect(result.first).to_be_in_viewport(ratio=1)
    parts = {
        **{k: v for k, v in controls.items() if k != "fold"},
        "strip": teacher.get_by_test_id("classbar"),
        "code": teacher.get_by_test_id("join-code"),
        "result": result.first,
        "chart": teacher.get_by_test_id("stExpander").filter(has_text=t("class_chart_show", lang)),
        "bar": stage(teacher).locator(".bar"),
        "formula": formula,
        "sentence": stage(teacher).locator(".sentence"),
        "grid": grid,
        "listing": stage(teacher).locator(".code"),
    }
    found = boxes(teacher, parts)
    shot(teacher, f"class-{lang}-revealed")
    assert set(found) == set(parts), f"drawn: {sorted(found)}"
    assert inside(found["formula"]) and inside(found["grid"]), {k: found[k] for k in ("formula", "grid")}
    assert not overlaps(found), overlaps(found)
