"""axe-core (4.12, shipped inside axe-playwright-python, so nothing is downloaded) on every page of the
app in English and Chinese, at 1280×720, once every chart has drawn: no serious or critical violation.
Every other violation (moderate, minor) is printed, so `pytest -s` shows what is left to improve.

axe does not test the contrast of text drawn inside an SVG, so on the same pages the text of every Vega
view's axes, legends and titles must reach 4.5:1 (WCAG AA) on the white chart, and every view must carry
its spec's description as its name (Vega's default name is "Vega visualization").

On a branch without the explainer's stage, `/` fails the last two checks only (its old chart has no
description and Streamlit's grey axes); axe itself passes there."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.contrast import contrast_on_white
from ui.nav import PAGES

from .helpers import STAGE, TIMEOUT_MS, open_app, wait_for_stage

PATHS = ["/" if file == "explainer.py" else "/" + file.removeprefix("pages/").removesuffix(".py") for file, *_ in PAGES]
BLOCKING = ("serious", "critical")
AXE = Axe()
# Every Vega view on the page (Vega gives its container this role), Streamlit's charts and any inside a
# component (Playwright's CSS selectors reach into open shadow roots).
CHARTS = "[role='graphics-document']"
# The views (by index) that Vega names "Vega visualization": their spec has no description.
UNNAMED = """views => views.map((v, i) => [i, v.getAttribute('aria-label') || '']).filter(
  ([, name]) => !name.trim() || name === 'Vega visualization').map(([i]) => i)"""
AA = 4.5  # WCAG AA contrast for text under 18.66 px bold / 24 px
# Every text of a chart's axes, legends and titles: its colour and opacity as drawn, and the text.
GUIDE_TEXTS = """charts => charts.flatMap(chart =>
  [...chart.querySelectorAll('g.role-axis text, g.role-legend text, g.role-title text')]
    .filter(t => t.textContent.trim() && Number(getComputedStyle(t).opacity) > 0)  // Vega hides overlapping labels
    .map(t => {
      const s = getComputedStyle(t);
      return [s.fill, Number(s.fillOpacity) * Number(s.opacity), t.textContent];
    }))"""


def drawn(page: Page) -> None:
    """Wait until every Vega chart on the page has drawn (Vega gives its container a role then), and the
    explainer's stage too when the page has one."""
    if page.locator(STAGE).count():
        wait_for_stage(page)
    for chart in page.get_by_test_id("stVegaLiteChart").all():
        expect(chart).to_have_attribute("role", "graphics-document", timeout=TIMEOUT_MS)


def violations(page: Page) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now: rule, impact, the number of nodes and up to three of
    them (a CSS selector and what axe says about it)."""
    found = AXE.run(page).response["violations"]
    return [
        {
            "rule": v["id"],
            "impact": v["impact"],
            "nodes": len(v["nodes"]),
            "examples": [(" ".join(map(str, n["target"])), n["failureSummary"]) for n in v["nodes"][:3]],
        }
        for v in found
    ]


def faint_chart_texts(page: Page) -> list[str]:
    """The axis, legend and title texts of the page's Vega charts drawn below AA contrast on white."""
    texts = page.locator(CHARTS).evaluate_all(GUIDE_TEXTS)
    return sorted(
        {
            f"{text!r} in {fill} ({contrast_on_white(fill, o):.1f}:1)"
            for fill, o, text in texts
            if contrast_on_white(fill, o) < AA
        }
    )


def report(where: str, found: list[dict[str, Any]]) -> str:
    """One line per violation, then its example nodes."""
    lines = [f"{where}: {len(found)} rule(s) violated"]
    for v in found:
        lines.append(f"  {v['rule']} ({v['impact']}, {v['nodes']} node(s))")
        lines += [f"    {target}: {summary.splitlines()[-1].strip()}" for target, summary in v["examples"]]
    return "\n".join(lines)


def test_every_page_is_listed():
    """The test below walks ui.nav.PAGES: eleven pages (the lesson first), the explainer at /, and "Write it
    yourself" at /write."""
    assert len(PATHS) == 11 and {"/", "/write"} <= set(PATHS) and len(set(PATHS)) == 11


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("path", PATHS)
def test_no_serious_axe_violation_and_every_chart_named_and_legible(new_context, path: str, lang: str):
    page = new_context().new_page()
    open_app(page, f"{path}?values=1,2,3,7&lang={lang}")
    drawn(page)
    found = violations(page)
    print("\n" + report(f"{path} {lang}", found))
    unnamed = page.locator(CHARTS).evaluate_all(UNNAMED)
    print(f"{path} {lang}: charts (by index) without a description: {unnamed}")
    faint = faint_chart_texts(page)
    print(f"{path} {lang}: {len(faint)} chart text(s) below {AA}:1" + "".join(f"\n  {f}" for f in faint[:5]))
    blocking = [v for v in found if v["impact"] in BLOCKING]
    assert not blocking, report(f"{path} {lang}, serious or critical", blocking)
    assert not faint, f"{path} {lang}: chart axis/legend/title text below {AA}:1 on white: {faint}"
    assert not unnamed, f"{path} {lang}: charts (by index) without a description: {unnamed}"
