"""The stage's data (stonegame.fill.stage): one JSON-able dict per row, window, language, listing,
form and mode; its picture validates and plays without bindings; its window follows the step and shows
dp[0] at the verdict; its words exist in both languages; and the stage as one HTML file."""

import json
import math
import re

import pytest
import vl_convert as vlc

from stonegame import solve
from stonegame.draw.player import played
from stonegame.draw.stage import STAGE_CSS, STAGE_JS, stage_html
from stonegame.fill.stage import (
    COLUMN_PX,
    FOLLOW_MAX,
    MAX_COLUMNS,
    NAMES_PX,
    STAGE_ID,
    at_step,
    carried,
    focus_of,
    frame_reach,
    frame_steps,
    held_back,
    picture_chart,
    scaled_fonts,
    stage_data,
    stage_window,
    step_of_frame,
)
from stonegame.fill.view import cells, code_lines, frames, marks
from stonegame.i18n import t
from stonegame.link import random_row
from stonegame.listing import listing


def data_of(values, step=0, lang="en", code="py", form="total", present=False):
    sol = solve(values)
    win = stage_window(sol, step)
    return sol, win, at_step(stage_data(sol, win, lang, code, form, present, "row"), sol, win, step)


def unpacked(dataset):
    """A packed dataset ({field: [values]}) as rows."""
    fields = list(dataset)
    return [dict(zip(fields, values, strict=True)) for values in zip(*dataset.values(), strict=True)]


def param(spec, name):
    return next(p for p in spec["params"] if p["name"] == name)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("code", ["py", "java"])
def test_every_frame_has_its_words_and_its_code_lines(lang, code):
    sol, win, data = data_of([1, 2, 3, 7], 7, lang, code)
    assert data["id"] == STAGE_ID and data["lang"] == lang and data["last"] == 9 and data["start"] == 7
    assert len(data["frames"]) == len(data["highlight"]) == 10
    for frame in data["frames"]:
        assert frame["phase"] and frame["status"] and frame["formula"] and frame["sentence"]
        assert "\u200b" not in frame["formula"] and "\n" not in frame["sentence"]  # plain text: HTML lays it out
    lit = code_lines(sol, win, listing(code, words=lang))
    assert data["highlight"][7] == lit[lit["frame"] == 7]["line"].tolist()
    assert data["lines"] == listing(code, words=lang).lines
    assert (
        data["frames"][7]["formula"] == "dp[1] = suffix[1] − min(dp[2], dp[3], dp[4])\n      = 12 − min(10, 7, 0) = 12"
    )
    words = data["words"]
    assert {f"nav_{a}" for a in ("first", "back", "play", "pause", "next", "last")} <= set(words)
    assert all(words[f"aria_{a}"] for a in ("first", "back", "play", "pause", "next", "last"))
    json.dumps(data)


def test_the_chinese_stage_speaks_chinese_and_its_python_comments_too():
    _, _, data = data_of([1, 2, 3, 7], 7, "zh")
    assert data["frames"][7]["phase"] == "从后往前填写 dp" and data["frames"][7]["status"] == "第 7 步，共 9 步"
    assert any("对手最少只能拿到多少" in line for line in data["lines"])
    assert data["words"]["link"] == "此步骤的链接"


def test_the_picture_validates_and_plays_without_bindings():
    sol = solve([1, 2, 3, -9])
    win = carried(sol, 0)
    table = frames(sol, win, "en", wrap=False)
    chart = picture_chart(cells(sol, win, zero=True), marks(sol, win, zero=True), focus_of(table), win, 0, False, "en")
    spec = played(chart, drawn=False, player_id=STAGE_ID)  # validates against the Vega-Lite schema
    assert not any("bind" in p for p in spec["params"])
    events = json.dumps(param(spec, "frame")["on"])
    assert f"event.detail.id == '{STAGE_ID}'" in events and "keydown" in events
    assert "nav_button" not in events, "the stage's controls are HTML: no drawn marks to listen to"
    assert len(spec["vconcat"]) == 2  # the arrays and the bars


def test_the_data_is_packed_by_column_and_repacks_to_the_chart_rows():
    _, _, data = data_of([1, 2, 3, 7])
    spec = data["spec"]
    for name, dataset in spec["datasets"].items():
        assert isinstance(dataset, dict) and len({len(v) for v in dataset.values()}) == 1, name
    rows = [row for d in spec["datasets"].values() for row in unpacked(d)]
    assert {"i": 0, "row": "dp", "number": 6, "reveal": 8} in [
        {k: r.get(k) for k in ("i", "row", "number", "reveal")} for r in rows
    ]


def columns_at(width, present=False):
    """How many piles the picture draws at this width, the names' margin left out (the spec's `cols`)."""
    return min(max(math.floor(width / (COLUMN_PX * (1.6 if present else 1))), 3), MAX_COLUMNS)


def drawn_piles(data, frame, width):
    """The piles the picture draws at a frame and width: the spec's lo, cols and PILES, worked here."""
    spec = data["spec"]
    focus, first, end = (param(spec, name)["value"] for name in ("focus", "first", "end"))
    cols = columns_at(width)
    lo = min(max(focus[frame] - cols // 2, first), end - cols) if end - cols >= first else first
    piles = {int(i) for d in spec["datasets"].values() if "reveal" in d for i in d["i"] if i >= 0}
    return {i for i in piles if lo <= i < lo + cols or (i == 0 and frame == data["last"])}


@pytest.mark.parametrize("width", [340, 480, 760])
def test_thirty_piles_the_window_follows_the_step_and_the_verdict_shows_dp0(width):
    sol, win, data = data_of(random_row(30, 7))
    assert (win.lo, win.last) == (0, 30) and data["last"] == 61  # the whole row travels
    focus = param(data["spec"], "focus")["value"]
    table = frames(sol, win, "en")
    for frame, (phase, pile) in enumerate(zip(table["phase"], table["i"], strict=True)):
        shown = drawn_piles(data, frame, width)
        assert (0 if phase == "verdict" else pile) in shown, (frame, phase, pile, shown)
    assert focus[-1] == 0 and 0 in drawn_piles(data, 61, width)


def test_a_row_longer_than_the_stage_carries_gets_pile_0_for_its_verdict():
    sol, win, data = data_of(random_row(FOLLOW_MAX + 100, 3), step=FOLLOW_MAX)
    assert win.lo > 0 and win.hi - win.lo == 16
    dp0 = [r for d in data["spec"]["datasets"].values() if "reveal" in d for r in unpacked(d)]
    dp0 = [r for r in dp0 if r["i"] == 0 and r["row"] == "dp"]
    assert dp0 and dp0[0]["number"] == sol.dp[0] and dp0[0]["reveal"] == data["last"]
    marked = [r for d in data["spec"]["datasets"].values() if "role" in d for r in unpacked(d)]
    assert {"frame": data["last"], "i": 0, "row": "dp", "role": "best"} in [
        {k: r[k] for k in ("frame", "i", "row", "role")} for r in marked
    ]
    assert 0 in drawn_piles(data, data["last"], 480)
    assert step_of_frame(sol, win, data["last"]) == sol.last_step and step_of_frame(sol, win, 0) == 0


def test_presenter_mode_scales_every_font():
    _, _, plain = data_of([1, 2, 3, 7], 7)
    _, _, big = data_of([1, 2, 3, 7], 7, present=True)
    assert big["present"] and big["key"] != plain["key"] and big["row"] == plain["row"]
    sizes = [v for k, v in _walk(big["spec"]) if k in ("fontSize", "labelFontSize", "titleFontSize")]
    numbers = [v for v in sizes if isinstance(v, int | float)]
    caps = [float(v["expr"].rsplit(",", 1)[1].rstrip(") ")) for v in sizes if isinstance(v, dict)]
    assert numbers and min(numbers) >= 20 and caps and min(caps) >= 20, (numbers, caps)
    assert scaled_fonts({"fontSize": {"expr": "clamp(x / 2, 8, 18)"}}, 2) == {
        "fontSize": {"expr": "clamp(x / 2, 8, 36.0)"}
    }


def _walk(node):
    if isinstance(node, dict):
        for k, v in node.items():
            yield k, v
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


def test_the_stage_as_one_html_file():
    _, _, data = data_of([1, 2, 3, 7], 5)
    data = {**data, "title": "Stone Game III <explained>", "link": "https://example.org/?values=1,2,3,7"}
    page = stage_html(data, "window.vegaEmbed = function () {}; // </script> inside the bundle")
    assert page.startswith("<!doctype html>") and "<title>Stone Game III &lt;explained&gt;</title>" in page
    assert page.count("</script>") == 3, "the bundle's, the data's and the stage's: nothing ends one early"
    assert "mountStage(" in page and "export default function" not in page  # the stage without Streamlit's entry
    assert STAGE_CSS in page and STAGE_JS.split("// --- Streamlit entry")[0].replace("</", "<\\/") in page
    payload = page.split('id="stage-data">', 1)[1].split("</script>", 1)[0]
    shown = json.loads(payload.replace("<\\/", "</"))
    assert shown["start"] == 5 and shown["linkable"] and shown["bundle"] is None


def test_the_stage_writes_text_never_markup():
    """Everything a row or a link brings reaches the page as text (textContent, attributes, Vega data)."""
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
        assert sink not in STAGE_JS, sink


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_score_difference_form_names_its_row_and_bars_diff(lang):
    """In the diff form the grid's dp row is named diff and the bars say what diff[i] is: the names
    match the numbers (for a fresh shape and for one filled from its template)."""
    for values in ([1, 2, 3, 7], [4, -1, 2, 9]):  # the second row is filled from the first's template
        _, _, data = data_of(values, lang=lang, form="diff")
        text = json.dumps(data["spec"], ensure_ascii=False)
        names = [r.get("name") for d in data["spec"]["datasets"].values() for r in unpacked(d) if r.get("i") == -1]
        assert "diff" in names and "dp" not in names
        assert t("chart_bars_title_diff", lang) in text and t("chart_bars_title", lang) not in text
        _, _, total = data_of(values, lang=lang)
        assert t("chart_bars_title", lang) in json.dumps(total["spec"], ensure_ascii=False)


def test_each_frame_reaches_the_last_pile_its_step_reads():
    sol = solve([5, -3, 8, 2, -1, 7, 4, -6])
    win = carried(sol, 0)
    steps, reach = frame_steps(sol, win), frame_reach(sol, win)
    rows = sol.trace.set_index("step")
    for step, last in zip(steps, reach, strict=True):
        phase, i = rows.loc[step, "phase"], int(rows.loc[step, "i"])
        ahead = {"dp": 3, "suffix": 1}.get(phase, 0)
        assert last == (min(i + ahead, sol.n - 1) if ahead else (0 if phase == "verdict" else i)), (step, phase)


def _walk_axes(spec, view):
    """The y axes of one view of the picture (0: the grid, 1: the bars), one per layer that has one."""
    return [
        layer["encoding"]["y"]["axis"] for layer in spec["vconcat"][view]["layer"] if layer["encoding"]["y"].get("axis")
    ]


@pytest.mark.parametrize("present", [False, True])
def test_the_row_names_have_a_margin_the_bars_keep_so_their_piles_line_up(present):
    # issue 21: the names filled a pile-wide first column and touched the cells ("values" is wider)
    _, _, data = data_of([5, -3, 8, 2, -1, 7, 4, -6], 12, present=present)
    spec, px = data["spec"], NAMES_PX * (1.6 if present else 1)
    names, margins = _walk_axes(spec, 0), _walk_axes(spec, 1)
    assert names and margins, "the grid names its rows on a left axis; the bars keep a blank one"
    for axis in names + margins:
        assert axis["orient"] == "left" and axis["minExtent"] == axis["maxExtent"] == px, axis
    assert all(axis["labels"] is False for axis in margins)
    assert all(axis["labelLimit"] < px for axis in names)  # a long name ends in "…" inside its margin
    drawn = [layer for layer in spec["vconcat"][0]["layer"] if layer.get("name", "").startswith("grid_boxes")]
    assert "!datum.label_cell" in json.dumps(drawn), "no name column is drawn"


def test_a_pile_shows_both_bar_numbers_only_while_both_fit():
    # issue 21: "−6−6", "1212" on longer rows: the suffix numbers give way, the dp ones stay
    _, _, data = data_of([5, -3, 8, 2, -1, 7, 4, -6], 12)
    texts = [layer for layer in data["spec"]["vconcat"][1]["layer"] if layer["mark"]["type"] == "text"]
    labels = [layer for layer in texts if layer["encoding"].get("text", {}).get("field") == "number"]
    assert len(labels) == 2  # above the bars that rise, below those that fall
    for layer in labels:
        kept = [step["filter"] for step in layer.get("transform", []) if "filter" in step]
        assert any(f.startswith("datum.row == 'dp' || ") and ">= 12" in f for f in kept), kept
        assert " ? " in layer["mark"]["fontSize"]["expr"]  # sized for two a pile, or for one


@pytest.mark.parametrize("form", ["total", "diff"])
def test_a_stage_held_back_holds_nothing_past_its_frame_and_the_same_up_to_it(form):
    sol, _, data = data_of([5, -3, 8, 2, -1, 7, 4, -6], form=form)
    for last in range(data["last"] + 1):
        held = held_back(data, last)
        assert held["last"] == last == param(held["spec"], "last")["value"]
        assert held["frames"] == data["frames"][: last + 1] and held["highlight"] == data["highlight"][: last + 1]
        assert param(held["spec"], "focus")["value"] == param(data["spec"], "focus")["value"][: last + 1]
        for name in ("stage_grid", "stage_bars"):
            for before, after in zip(
                unpacked(data["spec"]["datasets"][name]), unpacked(held["spec"]["datasets"][name]), strict=True
            ):
                assert after == (before if before["reveal"] <= last else before | {"number": None}), (last, before)
        marks_left = unpacked(held["spec"]["datasets"]["stage_marks"])
        assert marks_left == [m for m in unpacked(data["spec"]["datasets"]["stage_marks"]) if m["frame"] <= last]
        assert held["key"] != data["key"] and data["last"] == 2 * sol.n + 1, "the stage it came from is untouched"


def test_a_held_stage_draws_pile_0_only_at_the_fills_own_verdict():
    # seen in the walk of a class (2026-12-06): a phone held at step 11 drew piles 0, 2 .. 7, as if the
    # held step were the verdict, because the window's pile 0 was tied to the player's `last`, which the
    # hold moves back
    _, _, data = data_of([5, -3, 8, 2, -1, 7, 4, -6])
    piles = [step["filter"] for step in _filters(data["spec"]) if "lo + cols" in step["filter"]]
    assert piles and all("frame == verdict" in f and "frame == last" not in f for f in piles), piles
    for last in range(data["last"] + 1):
        held = held_back(data, last)
        assert param(held["spec"], "verdict")["value"] == data["last"], "the verdict is the fill's last frame"


def _filters(spec: object) -> list[dict]:
    """Every transform step with a filter string anywhere in a spec."""
    if isinstance(spec, dict):
        own = [spec] if isinstance(spec.get("filter"), str) else []
        return own + [f for value in spec.values() for f in _filters(value)]
    if isinstance(spec, list):
        return [f for value in spec for f in _filters(value)]
    return []


def _drawn_grid(data: dict, frame: int) -> list[tuple[str, str]]:
    """The grid's numbers as a browser draws them at `frame` (rendered to SVG by vl-convert, the stage's
    packed datasets unpacked as stage.js does): each text's position and what it says."""
    spec = data["spec"]
    spec = spec | {
        "datasets": {name: unpacked(table) for name, table in spec["datasets"].items()},
        "params": [p | {"value": frame} if p["name"] == "frame" else p for p in spec["params"]],
    }
    svg = vlc.vegalite_to_svg(spec)
    group = svg[svg.index("grid_numbers_0_marks") :]
    group = group[: group.index("</g>")]
    return re.findall(r'<text[^>]*transform="translate\(([^)]*)\)"[^>]*>([^<]*)</text>', group)


@pytest.mark.parametrize("last", [0, 5, 12])
def test_a_held_stage_draws_a_dot_for_each_cell_not_yet_written_and_no_number(last):
    # seen walking the hour (2026-12-06): a phone held by a class's question showed its unwritten cells
    # blank, where the explainer shows · for a cell not yet written; the held data has no number for them
    _, _, data = data_of([5, -3, 8, 2, -1, 7, 4, -6])
    held = held_back(data, last)
    grid = unpacked(held["spec"]["datasets"]["stage_grid"])
    later = [r for r in grid if r["reveal"] > last and not r.get("label_cell")]
    assert later and all(r["number"] is None for r in later), "the held data holds no later number"
    drawn, full = _drawn_grid(held, last), _drawn_grid(data, last)
    assert drawn == full, "the held stage draws its last frame as the whole stage does"
    assert sum(text == "·" for _, text in drawn) >= len(later), drawn
