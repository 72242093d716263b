"""Issue 40's sections in the views the other tests leave out (its "Done when": at 1280×720 and 390×844, in
English and 中文): the words a class reads on the page itself (a negative operand in parentheses in the
explainer's sentence, "1 pile left" in Play, the trace table's headers in 中文 and no "None" at step 0), the
drawn players of the replays named at 1280×720 too (the two at the end of a game and /replay), and the quiz's
and Play's controls thumb-sized on a phone in 中文.
On 0134460: "5 − -6 = 11", "1 piles left", the trace's headers in English in 中文 with "None" in the value
of step 0, the drawn players' buttons without names, Reveal 65×40 and Take 358×40 in 中文 too."""

from __future__ import annotations

import itertools
import re

import pytest
from playwright.sync_api import Page, expect

from stonegame.i18n import t

from .helpers import CHART, DESKTOP, NAV, PHONE, STAGE, grid_misfits, open_app, open_explainer, wait_for_app_run
from .test_approaches_compare import PICK, RUNGS, box, picture, show
from .test_touch_targets import TOUCH, assert_thumb_sized, controls

ROW = "5,-3,8,2,-1,7,4,-6"
VIEWS = {
    "1280-en": ({"viewport": DESKTOP}, "en"),
    "1280-zh": ({"viewport": DESKTOP}, "zh"),
    "390-en": (TOUCH, "en"),
    "390-zh": (TOUCH, "zh"),
}
# The cells a data grid (glide) shows: Streamlit's grid keeps an accessible table of the drawn cells (once the
# grid has been focused).
GRID_CELLS = """() => [...document.querySelectorAll('[data-testid=stDataFrame]')].filter(el => {
    const r = el.getBoundingClientRect(); return r.width > 1 && r.height > 1;
  }).map(el => ({
    headers: [...el.querySelectorAll('th')].map(th => th.textContent.trim()),
    rows: [...el.querySelectorAll('tbody tr')].map(tr => [...tr.querySelectorAll('td')].map(
      td => td.textContent.trim())),
  }))"""


def grid_cells(page: Page) -> list[dict]:
    """The headers and drawn rows of each visible data grid, after a click on the first one's first row
    (the grid writes its accessible table once focused)."""
    grid = page.get_by_test_id("stDataFrame").locator("visible=true").first
    box = grid.bounding_box()
    assert box, "no data grid on screen"
    page.mouse.click(box["x"] + 20, box["y"] + 55)
    expect(grid.locator("th").first).to_be_attached()
    return page.evaluate(GRID_CELLS)


def opened(new_context, view: str, path: str) -> tuple[Page, str]:
    """The app at `path` (lang added) in this view, its run over."""
    kwargs, lang = VIEWS[view]
    page = new_context(**kwargs).new_page()
    open_app(page, f"{path}&lang={lang}")
    return page, lang


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_explainer_writes_a_negative_operand_in_parentheses(new_context, view: str) -> None:
    # 0134460: "The mover collects 5 − -6 = 11."
    kwargs, lang = VIEWS[view]
    page = new_context(**kwargs).new_page()
    open_explainer(page, f"/?values={ROW}&step=11&lang={lang}")
    text = page.locator(STAGE).inner_text()
    assert "5 − (-6) = 11" in text, f"step 11 says: {text[:400]}"
    assert not re.search(r"[−+] -\d", text), f"an operator before a minus sign: {text[:400]}"


@pytest.mark.parametrize("view", ["1280-en", "390-en"])
def test_play_says_1_pile_left_not_1_piles(new_context, view: str) -> None:
    # 0134460: "Your turn (Alice): 1 piles left, from pile 0." (中文 has no plural: "还剩 1 堆")
    page, _ = opened(new_context, view, "/play?values=5")
    main = page.get_by_test_id("stMain")
    expect(main).to_contain_text("1 pile left")
    assert not re.search(r"\b1 piles\b", main.inner_text()), main.inner_text()[:400]


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_trace_table_has_the_pages_words_and_no_none(new_context, view: str) -> None:
    # 0134460: the value of step 0 read "None"; in 中文 the headers were step, phase, i, value ... in English
    page, lang = opened(new_context, view, f"/trace?values={ROW}")
    grids = grid_cells(page)
    assert len(grids) == 1 and grids[0]["rows"], f"one steps table shown, with rows: {grids}"
    headers, rows = grids[0]["headers"], grids[0]["rows"]
    assert t("trace_col_dp", lang) in headers and t("trace_col_opponent", lang) in headers, headers
    if lang == "zh":
        english = [h for h in headers if re.fullmatch(r"[a-z_]{3,}", h)]
        assert not english, f"English headers in 中文: {english} of {headers}"
    cells = [cell for row in rows for cell in row]
    assert "None" not in cells and "<NA>" not in cells and "nan" not in cells, f"step 0: {rows[0]}"
    if view.startswith("1280"):  # a phone's table has no value column (ui/parts/trace.py NARROW)
        assert "—" in rows[0], f"the start's missing value is a dash: {rows[0]}"


def named_player_buttons(page: Page, lang: str) -> dict[str, int]:
    """How many of each of the drawn players' buttons the page has, by the explainer's accessible name."""
    main = page.get_by_test_id("stMain")
    return {a: main.get_by_role("button", name=t("stage_aria_" + a, lang), exact=True).count() for a in NAV}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_replays_at_the_end_of_a_game_have_named_buttons_at_1280(page: Page, lang: str) -> None:
    # 0134460: the two replays' buttons were chart marks with no name (no button "First step" at all)
    open_app(page, f"/play?values=1,5,-9&lang={lang}")
    for _ in range(3):
        takes = page.locator("[class*='st-key-play_take_'] button")
        if not takes.count():
            break
        takes.first.click()
        wait_for_app_run(page)
    expect(page.locator(CHART)).to_have_count(2)
    expect(page.locator(CHART).nth(1).locator("g.nav_label_0_marks text").first).to_be_attached()
    assert named_player_buttons(page, lang) == dict.fromkeys(NAV, 2)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_replay_pages_player_has_named_buttons_at_1280(page: Page, lang: str) -> None:
    open_app(page, f"/replay?values={ROW}&lang={lang}")
    expect(page.locator(CHART).locator("g.nav_label_0_marks text").first).to_be_attached()
    assert named_player_buttons(page, lang) == dict.fromkeys(NAV, 1)
    box = page.get_by_role("button", name=t("stage_aria_next", lang), exact=True).bounding_box()
    assert box and box["height"] >= 32 and box["y"] + box["height"] <= DESKTOP["height"], f"next: {box}"


def test_the_quizs_and_plays_controls_fit_a_thumb_in_chinese(new_context) -> None:
    # 0134460: the same as in English: Reveal 65×40, the steppers 32×38, Take/New game 358×40
    page = new_context(**TOUCH).new_page()
    open_app(page, f"/quiz?values={ROW}&lang=zh")
    assert_thumb_sized(controls(page), "/quiz 中文", (t("quiz_reveal", "zh"),))
    open_app(page, f"/play?values={ROW}&lang=zh")
    page.get_by_test_id("stMain").locator(".st-key-play_take_1 button").click()
    wait_for_app_run(page)
    assert_thumb_sized(controls(page), "/play 中文 after a move", (t("play_new", "zh"), t("play_undo", "zh")))


def test_every_approach_fits_one_screen_under_its_tab_strip_in_chinese(new_context) -> None:
    # 0134460: no tab strip, the four approaches stacked about 2,000 px apart down a 9,256 px page
    page = new_context(viewport=DESKTOP).new_page()
    open_app(page, f"/approaches?values={ROW}&lang=zh")
    for rung in RUNGS:
        found = show(page, rung)
        strip = box(page.locator(PICK)) if page.locator(PICK).count() else box(found.locator("g.nav_button_0_marks"))
        span = box(picture(found))[3] - strip[1]
        assert strip[3] <= DESKTOP["height"], f"{rung}: the tab strip ends at y = {strip[3]:.0f}"
        assert span <= DESKTOP["height"], f"{rung}: tab strip to the picture's bottom spans {span:.0f} px > 720"


def test_no_approaches_table_is_wider_than_its_column_on_a_phone_in_chinese(new_context) -> None:
    # 0134460: the recursion's table 596 px wide in a 358 px column
    page = new_context(**TOUCH).new_page()
    open_app(page, f"/approaches?values={ROW}&lang=zh")
    show(page, "recursion")
    tables = page.get_by_test_id("stTable").evaluate_all(
        """els => els.map(e => [e.scrollWidth, e.querySelector('table').getBoundingClientRect().width,
                                e.closest("[data-testid='stVerticalBlock']").clientWidth])"""
    )
    assert tables, "no table on the page"
    wide = [w for w in tables if max(w[0], w[1]) > w[2] + 1]
    assert not wide, f"tables wider than their column (scrollWidth, table width, column width): {wide}"


# Every run of Latin letters, digits and signs in the ladder table's cells that the browser drew over more than one
# line (a CJK character may start a line anywhere: Chinese breaks between characters): [text, lines].
SPLIT_WORDS = r"""box => {
    const split = [], word = /[^\s\u2e80-\u9fff\uff00-\uffef]+/g;
    for (const cell of box.querySelectorAll("th, td")) {
        const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) {
            const node = walk.currentNode;
            for (const m of node.textContent.matchAll(word)) {
                const range = document.createRange();
                range.setStart(node, m.index);
                range.setEnd(node, m.index + m[0].length);
                const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
                if (lines.size > 1) split.push([m[0], lines.size]);
            }
        }
    }
    return split;
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_approaches_table_wraps_at_word_boundaries_on_a_phone(new_context, lang: str) -> None:
    # main 6092292: overflow-wrap: anywhere broke 4 words mid-word in English (memory, written and memo over 2
    # lines, "exponential:" over 3), to fit 8 fixed columns into the 358 px column; 中文 passed (its Latin runs short)
    page = new_context(**TOUCH).new_page()
    open_app(page, f"/approaches?values={ROW}&lang={lang}")
    box = page.locator(".st-key-ladder_summary")
    split = box.evaluate(SPLIT_WORDS)
    assert not split, f"words split over lines in the approaches table (word, lines): {split}"
    table, column = box.evaluate("b => [b.querySelector('table').getBoundingClientRect().width, b.clientWidth]")
    assert table <= column + 1 <= 358 + 1, f"the table is {table:.0f} px wide in a {column} px column"


@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("name", ["quiz", "play", "replay", "tree"])
def test_the_way_out_of_presenter_mode_shows_its_whole_name(new_context, name: str, view: str) -> None:
    # main 79e7f27 (seen on the walk's screenshots): on /quiz, /play and /replay at 1280×720 in English the
    # button read "Exit presenter …", cut by the narrow third column of the presenter line
    page, lang = opened(new_context, view, f"/{name}?values={ROW}&present=1")
    button = page.get_by_role("button", name=t("exit_presenter", lang))
    expect(button).to_be_visible()
    cut = button.evaluate(
        """b => [b, ...b.querySelectorAll('*')].filter(e => e.scrollWidth > e.clientWidth + 1)
                 .map(e => [e.tagName, e.textContent.trim(), e.scrollWidth, e.clientWidth])"""
    )
    assert not cut, f"{name}: the way out's label is cut (tag, text, scrollWidth, clientWidth): {cut}"


@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("name", ["lesson", "deck", "trace", "approaches"])
def test_presenter_mode_on_the_other_pages_leaves_a_way_out(new_context, name: str, view: str) -> None:
    # main 79e7f27 (the walk): the sidebar's toggle turns presenter mode on on every page, and on these five
    # it hid the sidebar (its toggle and page links) and drew no "Exit presenter mode": no way out but the
    # address bar (the fifth, export, has no presenter mode now: test_projected_pages)
    page, lang = opened(new_context, view, f"/{name}?values={ROW}&present=1")
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    button = page.get_by_role("button", name=t("exit_presenter", lang))
    expect(button).to_be_visible()
    box = button.bounding_box()
    kwargs = VIEWS[view][0]
    assert box and box["y"] + box["height"] <= kwargs["viewport"]["height"], f"the way out is off the screen: {box}"
    assert not kwargs.get("has_touch") or min(box["width"], box["height"]) >= 44, f"too small for a thumb: {box}"
    button.click()
    wait_for_app_run(page)
    expect(page.get_by_test_id("stSidebar")).to_be_attached()
    assert "present" not in page.url, page.url


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_games_tables_have_the_pages_words(new_context, view: str) -> None:
    # main 79e7f27 (the walk): in 中文 /replay's turns table had the schema's English headers (turn, player,
    # start, take, end, ...) and its caption said "start（拿走的第一堆）… end"; Play's moves table "start", "take"
    page, lang = opened(new_context, view, f"/replay?values={ROW}")
    page.get_by_test_id("stExpander").filter(has_text=t("replay_turns_table", lang)).locator("summary").click()
    expect(page.get_by_test_id("stDataFrame")).to_be_visible()
    caption = page.get_by_test_id("stCaptionContainer").filter(has_text=t("play_col_player", lang)).inner_text()
    headers = grid_cells(page)[0]["headers"]
    assert t("replay_col_start", lang) in headers and t("replay_col_end", lang) in headers, headers
    if lang == "zh":
        english = [h for h in headers if re.fullmatch(r"[a-z_]{3,}", h)]
        assert not english, f"English headers in 中文: {english} of {headers}"
        assert not re.search(r"\b(start|end)\b", caption), caption


# Each shown data grid's toolbar's box (a chart's is not measured here) against every paragraph, heading
# and caption of the main pane it overlaps.
TOOLBAR_OVER_WORDS = """() => {
  const shown = e => { const cs = getComputedStyle(e), r = e.getBoundingClientRect();
                       return r.width > 1 && r.height > 1 && cs.visibility !== 'hidden' && cs.opacity !== '0'; };
  const bars = [...document.querySelectorAll('[data-testid=stDataFrame] [data-testid=stElementToolbar]')]
    .filter(b => shown(b) && !b.closest('details:not([open])'));  // not a grid in a closed fold
  const words = [...document.querySelectorAll('[data-testid=stMain] :is(p, h1, h2, h3, li)')].filter(shown);
  const out = [];
  for (const bar of bars) { const b = bar.getBoundingClientRect();
    for (const w of words) { const r = w.getBoundingClientRect();
      const x = Math.min(b.right, r.right) - Math.max(b.left, r.left);
      const y = Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top);
      if (x > 1 && y > 1) out.push([w.textContent.trim().slice(0, 40), Math.round(y)]); } }
  return {bars: bars.length, out};
}"""


@pytest.mark.parametrize("path", ["/deck?lang=en", "/deck?lang=zh", "/trace?lang=zh"])
def test_a_tables_toolbar_covers_no_words_on_a_phone(new_context, path: str) -> None:
    # main 79e7f27 (the walk, deck-student-zh-open.png): on a touch phone a table's toolbar (shown without a
    # hover, 64 px tall) lay over the line above the table ("Alice 3 分，Bob 10 分 → Bob")
    page = new_context(**TOUCH).new_page()
    open_app(page, f"{path}&values={ROW}")
    page.get_by_test_id("stDataFrame").locator("visible=true").first.scroll_into_view_if_needed()
    found = page.evaluate(TOOLBAR_OVER_WORDS)
    assert found["bars"] >= 1, "no table toolbar shown on touch"
    assert not found["out"], f"a table's toolbar covers words (text, px of height covered): {found['out']}"


assert TOUCH["viewport"] == PHONE  # the phone of every view above is the 390×844


# The quiz board's legend: each symbol's and label's box, its font size (labels) and its text.
BOARD_LEGEND = """() => {
  const chart = document.querySelector("[data-testid='stMain'] [data-testid='stVegaLiteChart']");
  const own = chart.getBoundingClientRect();
  const items = [...chart.querySelectorAll('g.role-legend-symbol path, g.role-legend-label text')].map(e => {
    const r = e.getBoundingClientRect();
    const size = parseFloat(getComputedStyle(e).fontSize);
    return {text: e.textContent, box: [r.left, r.top, r.right, r.bottom], size};
  });
  return {chart: [own.left, own.right], items};
}"""


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_quiz_boards_legend_reads_on_one_line_inside_its_chart(new_context, view: str) -> None:
    # on 0134460 as now (the board's legend was narrowed to 13 px before): a test for the 中文 view it lacked
    page, lang = opened(new_context, view, f"/quiz?values={ROW}")
    legend = page.get_by_test_id("stMain").locator("g.role-legend-label text")
    expect(legend.first).to_be_attached()
    got = page.evaluate(BOARD_LEGEND)
    labels = [i for i in got["items"] if i["text"]]
    words = " ".join(i["text"] for i in labels)
    assert len(labels) == 3 and all(t(f"role_{k}", lang) in words for k in ("write", "read")), words
    left, right = got["chart"]
    cut = [i["text"] for i in got["items"] if i["box"][0] < left - 1 or i["box"][2] > right + 1]
    assert not cut, f"{view}: legend items past the chart's edges ({left:.0f}-{right:.0f}): {cut}"
    lines = {round(i["box"][1] / 4) for i in labels}
    assert len(lines) == 1, f"{view}: the legend runs on {len(lines)} lines"
    boxes = sorted(i["box"] for i in got["items"])
    touching = [(a, b) for a, b in itertools.pairwise(boxes) if b[0] < a[2] - 0.5]
    assert not touching, f"{view}: legend items overlap: {touching}"
    small = [(i["size"], i["text"]) for i in labels if i["size"] < 12]
    assert not small, f"{view}: legend labels under 12 px: {small}"


BOARD_VIEWS = {
    "390-en": ({**TOUCH, "viewport": PHONE}, "en"),
    "390-zh": ({**TOUCH, "viewport": PHONE}, "zh"),
    "360-en": ({**TOUCH, "viewport": {"width": 360, "height": 740}}, "en"),
    "360-zh": ({**TOUCH, "viewport": {"width": 360, "height": 740}}, "zh"),
    "1280-en": ({"viewport": DESKTOP}, "en"),
    "1280-zh": ({"viewport": DESKTOP}, "zh"),
}


@pytest.mark.parametrize("view", list(BOARD_VIEWS))
def test_the_quiz_boards_row_names_and_last_column_fit_its_column(new_context, view: str) -> None:
    # bca1b24: the row names at the numbers' 18 px, centred in a column one pile wide ('values' 66 px in 36), ran
    # into the first pile and out of the chart, which Vega widened to hold them: the board 367 px wide in its 358
    # px column at 390, its last column cut (issue 40); 1280: 'values' into its first pile too
    kwargs, lang = BOARD_VIEWS[view]
    page = new_context(**kwargs).new_page()
    open_app(page, f"/quiz?values={ROW}&lang={lang}")
    board = page.get_by_test_id("stMain").get_by_test_id("stVegaLiteChart").first
    expect(board.locator("g[class*='grid_boxes'] path").first).to_be_attached()
    wrong = grid_misfits(board, {row: t("row_" + row, lang) for row in ("values", "suffix", "dp")})
    assert not wrong, f"{view}: {wrong}"
    drawn, column = board.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert drawn <= column, f"{view}: the board is {drawn} px wide in its {column} px column"
