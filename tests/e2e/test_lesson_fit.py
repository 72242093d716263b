"""Every chapter of the lesson laid out without overlaps, measured in a real browser at a projector's
1280×720, a laptop's 1366×768 and a phone's 390×844: one page per screen steps through the chapters (Show me,
then Next), and on each chapter, before and after its answer is shown, the boxes are measured.

- The chapter's words, its live piece and its question do not overlap, and none runs out of the window's
  width.
- Inside the piece's frame (the stage's box for the explainer's stage, else the piece's box): no two of
  its pieces overlap, horizontally and vertically (the stage's control bar, caption, picture as drawn, and
  code listing; the other pieces' elements), and none runs out of the frame. The picture as drawn is the
  SVG Vega made, so a picture wider than its column (seen on main: chapter 6's ★ cell dp[4] under the
  listing, the piece zoomed to 0.749) is caught.
- On a phone the live piece comes before the Check button (the student sees the picture before answering).

Measured with the page scrolled to its top: the stage's control bar is sticky and, by design, lies over
the picture while a phone scrolls down the stage.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from stonegame.i18n import t
from stonegame.lesson.chapters import chapters

from .helpers import PHONE, open_app, wait_for_app_run

SCREENS = {"projector": {"width": 1280, "height": 720}, "laptop": {"width": 1366, "height": 768}, "phone": PHONE}

# Every box the test looks at, once everything in the piece has drawn and the sizes have held still for
# three polls (the lesson's zoom and the stage's fit settle over a few frames). Boxes are [left, top,
# right, bottom] in CSS pixels of the window.
MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom].map(v => Math.round(v)); };
  const shown = e => { const r = e.getBoundingClientRect(); return r.width > 1 && r.height > 1; };
  const piece = document.querySelector('.st-key-lesson_piece');
  if (!piece) return null;
  const page = {};
  for (const [name, key] of [['words', 'lesson_words'], ['piece', 'lesson_piece'], ['question', 'lesson_text']]) {
    const e = document.querySelector('.st-key-' + key);
    if (e && shown(e)) page[name] = box(e);
  }
  const check = [...document.querySelectorAll('[data-testid=stMain] button')].find(b => b.innerText.trim() === CHECK);
  const host = [...piece.querySelectorAll('*')]
    .find(e => e.shadowRoot && e.shadowRoot.querySelector('[data-testid=stage]'));
  const parts = {}, within = [];
  let frame, ready = true;
  if (host) {
    const stage = host.shadowRoot.querySelector('[data-testid=stage]');
    ready = stage.dataset.ready === 'true';
    frame = box(stage);
    const picture = stage.querySelector('.vega svg');
    for (const [name, e] of [['bar', stage.querySelector('.bar')], ['caption', stage.querySelector('.caption')],
                             ['picture', picture], ['code', stage.querySelector('.code')]]) {
      if (e && shown(e)) parts[name] = box(e);
    }
    ready = ready && !!picture;
    for (const [name, b] of Object.entries(parts)) within.push([name, b, frame]);
  } else {
    frame = box(piece);
    piece.querySelectorAll('[data-testid=stElementContainer]').forEach((e, k) => {
      if (!shown(e)) return;
      const name = (e.querySelector('[data-testid]') || e).dataset.testid + '#' + k;
      parts[name] = box(e);
      within.push([name, parts[name], frame]);
      const drawn = e.querySelector('[data-testid=stVegaLiteChart] svg.marks, [data-testid=stVegaLiteChart] canvas');
      if (drawn) within.push(['the chart drawn in ' + name, box(drawn), parts[name]]);
    });
    piece.querySelectorAll('[data-testid=stVegaLiteChart]')
      .forEach(e => { ready = ready && !!e.querySelector('svg.marks, canvas'); });
    piece.querySelectorAll('[data-testid=stDataFrame]').forEach(e => { ready = ready && !!e.querySelector('canvas'); });
  }
  return {page, frame, parts, within, ready, zoom: piece.style.zoom || '1',
          check: check && shown(check) ? box(check) : null, window: [innerWidth, innerHeight]};
}"""

SETTLED = (
    """(check) => { const CHECK = check; const m = ("""
    + MEASURE
    + """)();
  if (!m || !m.ready) return false;
  const now = JSON.stringify(m);
  const same = window.__fitLast === now;
  window.__fitLast = now;
  window.__fitSame = same ? (window.__fitSame || 0) + 1 : 0;
  return window.__fitSame >= 3; }"""
)
# Measured with the page scrolled to its top: the stage's control bar is sticky, and lies over the picture
# on purpose while a phone scrolls down the stage (after pressing a button under it, say).
SCROLLED_UP = """() => { window.scrollTo(0, 0);
  for (const e of document.querySelectorAll('[data-testid=stMain], [data-testid=stAppViewContainer]')) {
    e.scrollTo(0, 0); } }"""
READ = "(check) => { const CHECK = check; return (" + MEASURE + ")(); }"


def overlap(a: list[int], b: list[int]) -> tuple[int, int]:
    """How far two boxes overlap, (width, height); (0, 0) or a negative side when they do not."""
    return min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])


def outside(inner: list[int], outer: list[int]) -> int:
    """How many pixels of `inner` lie outside `outer` on its worst side (0: inside)."""
    return max(outer[0] - inner[0], outer[1] - inner[1], inner[2] - outer[2], inner[3] - outer[3], 0)


def problems(m: dict, screen: str) -> list[str]:
    """What is wrong with one measured chapter: overlaps (width × height px), boxes out of their frame
    (px), a piece after the Check button on a phone."""
    found = []
    for group, boxes in (("page", m["page"]), ("piece", m["parts"])):
        names = sorted(boxes)
        for k, a in enumerate(names):
            for b in names[k + 1 :]:
                w, h = overlap(boxes[a], boxes[b])
                if w > 1 and h > 1:
                    found.append(f"{group}: {a} {boxes[a]} and {b} {boxes[b]} overlap by {w}×{h} px")
    width = [0, -(10**6), m["window"][0], 10**6]  # the window's width (the page scrolls down, never sideways)
    for name, box in m["page"].items():
        if outside(box, width) > 1:
            found.append(f"page: {name} {box} runs {outside(box, width)} px out of the window's width")
    for name, box, frame in m["within"]:
        if outside(box, frame) > 1:
            found.append(f"piece: {name} {box} runs {outside(box, frame)} px out of its frame {frame}")
    if screen == "phone" and m["check"] and m["page"].get("piece") and m["page"]["piece"][3] > m["check"][1]:
        found.append(f"phone: the piece {m['page']['piece']} ends below the Check button's top {m['check']}")
    return found


def measured(page: Page, label: str) -> dict:
    """The chapter's boxes once drawn and still (after 20 s, as they are)."""
    page.evaluate(SCROLLED_UP)
    page.evaluate("() => { window.__fitLast = null; window.__fitSame = 0; }")
    try:
        page.wait_for_function(SETTLED, arg=t("lesson_check"), timeout=20_000, polling=150)
    except Exception as err:
        raise AssertionError(
            f"{label}: the piece never drew or kept moving: {page.evaluate(READ, t('lesson_check'))}"
        ) from err
    return page.evaluate(READ, t("lesson_check"))


@pytest.mark.parametrize("screen", SCREENS)
def test_no_piece_of_any_chapter_overlaps_another(new_context, screen: str):
    page = new_context(viewport=SCREENS[screen]).new_page()
    open_app(page, "/lesson?lesson=1")
    main = page.get_by_test_id("stMain")
    found: list[str] = []
    for number, chapter in enumerate(chapters(), start=1):
        expect(page.locator("h1")).to_have_text(t(f"lesson_{chapter.name}_title"))
        for moment in ("asked", "shown"):
            label = f"{screen} chapter {number} ({moment})"
            m = measured(page, label)
            found += [f"{label}, zoom {m['zoom']}: {p}" for p in problems(m, screen if moment == "asked" else "")]
            if moment == "asked":
                main.get_by_role("button", name=t("lesson_show")).click()
                wait_for_app_run(page)
        main.get_by_role("button", name=t("lesson_next")).click()
        page.mouse.move(1, 1)  # off the next chapter's Next, whose tooltip would cover its Show me
        wait_for_app_run(page)
    expect(page.locator("h1")).to_have_text(t("lesson_summary_title"))
    assert not found, "\n".join(found)
