"""The explainer's stage as data: everything one row's stage needs in the browser, as one JSON-able dict
that `stonegame/draw/stage.js` draws (in the app's stage component and in the exported HTML file).

    spec       the picture: the arrays and the bars as one Vega-Lite vconcat, playable in the browser by
               the shared player's handlers (driven by the stage's HTML controls through window
               `player` events with the stage's id), its window of piles following the step
    frames     one per frame: step (the row's), phase (its name), status ("Step n of N"; the title is "phase · status"),
               formula, sentence (unwrapped: HTML wraps it)
    lines      the listing (Python comments in the page's language), highlight[frame] its running lines
    words      the controls' labels and accessible names; speeds [(label, tenths of a second)]
    last, start, present, lang, id, row (a digest naming the row, for the browser's memory of its frame)

A row of up to FOLLOW_MAX piles travels whole, and the picture shows as many piles as fit its width
around the pile the frame speaks of (the verdict: pile 0). A longer row travels as the window of
WINDOW piles the server picks for the step, pile 0 added for the verdict. Pure: no Streamlit.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import altair as alt
import pandas as pd

from stonegame.draw.grid import Follow, grid_data, grid_panel
from stonegame.draw.params import top_params
from stonegame.draw.player import SPEEDS, played, player_params
from stonegame.draw.template import records
from stonegame.fill.charts import GRID_ROWS, PRESENTER_SCALE, BarsWords, bars_panel
from stonegame.fill.spec import explainer_words
from stonegame.fill.view import (
    CodeLine,
    Frame,
    Window,
    cells,
    code_line_rows,
    frame_of_step,
    frame_rows,
    frame_steps,
    marks,
    phase_name,
    window_for_step,
)
from stonegame.i18n import t
from stonegame.listing import listing
from stonegame.solver import Solution
from stonegame.terms import Code, Form, Lang
from stonegame.text import NBSP, ZWSP
from stonegame.window import window_at

STAGE_ID = "stage"  # the player id the stage's controls address
FOLLOW_MAX = 200  # piles: a row up to this long travels whole (measured: see scripts/benchmark.py)
COLUMN_PX = 40  # pixels a pile's column needs at scale 1: the picture shows width / COLUMN_PX piles
WHOLE_PX = 32  # presenter mode: a row whose every column gets this many pixels (at scale 1) is drawn whole
MAX_COLUMNS = 16
PRESENT_LEAST_PX = 20  # presenter mode: a pile's two bar numbers are both drawn at this size or larger
NAMES_PX = 66  # pixels at scale 1 left of the grid for its row names (and as blank under them, left of the bars)
DRAWN = "min(cols, end - first)"  # the piles drawn (pile n's base case counted; not the verdict's pile 0 past a window)
# The piles the picture draws at a frame: `cols` of them from `lo`, and pile 0 at the verdict (the fill's last
# frame: `verdict`, not the player's `last`, which a class's open question holds back to an earlier frame).
PILES = "(datum.i >= lo && datum.i < lo + cols) || (datum.i == 0 && frame == verdict)"
NAV_WORDS = ("first", "back", "play", "pause", "next", "last")
STAGE_WORDS = ("toolbar", "speed", "scrubber", "link", "picture", "code", "loading", "failed")
Data = dict[str, Any]


def stage_window(sol: Solution, step: int) -> Window:
    """The piles the stage carries for a step: the whole row up to FOLLOW_MAX piles, else the server's
    window around the step."""
    return carried(sol, window_for_step(sol, step).lo)


def carried(sol: Solution, lo: int) -> Window:
    """The piles the stage carries when its window starts at lo: the whole row up to FOLLOW_MAX piles
    (lo is then 0), else the window of WINDOW piles at lo."""
    return window_at(sol, 0, sol.n) if sol.n <= FOLLOW_MAX else window_at(sol, lo)


# The first pile drawn: the focus in the middle, moved left until the last pile the step reads is in
# view too (on a phone's few columns dp[i]'s candidates sit right of it), never past the focus itself.
LO = "clamp(min(max(focus[frame] - floor(cols / 2), reach[frame] - cols + 1), focus[frame]), first, end - cols)"


def follow_params(
    focus: list[int], win: Window, scale: float, reach: list[int] | None = None, whole_px: float | None = None
) -> list[alt.Parameter]:
    """The window in the browser: focus[frame] (the pile each frame speaks of), reach[frame] (the last
    pile its step reads; the focus if not given), verdict (the last frame, whose picture adds pile 0), first and
    end (the piles carried), cols (as many piles
    as fit the width at COLUMN_PX each, the names' margin left out: 3 .. MAX_COLUMNS; with `whole_px`,
    every pile carried when each gets whole_px pixels) and lo (the first drawn: LO)."""
    fitting = f"floor(width / {COLUMN_PX * scale:g})"
    if whole_px is not None:
        fitting = f"max({fitting}, end - first <= floor(width / {whole_px:g}) ? end - first : 0)"
    return [
        alt.param(name="focus", value=focus),
        alt.param(name="reach", value=focus if reach is None else reach),
        alt.param(name="verdict", value=len(focus) - 1),
        alt.param(name="first", value=win.lo),
        alt.param(name="end", value=win.last + 1),
        alt.param(name="cols", expr=f"clamp({fitting}, 3, {MAX_COLUMNS})"),
        alt.param(name="lo", expr=LO),
    ]


def picture_chart(
    drawn: pd.DataFrame,
    marked: pd.DataFrame,
    focus: list[int],
    win: Window,
    start: int,
    present: bool,
    lang: Lang,
    form: Form = "total",
    reach: list[int] | None = None,
) -> alt.VConcatChart:
    """The stage's picture: the arrays (grid) above the bars, the piles drawn following the step, from
    frame `start`, the grid's row names in a left margin of NAMES_PX that the bars keep too (so each
    pile's bars stand under its cells); in presenter mode with room for type PRESENTER_SCALE times larger
    (scaled_fonts makes it so), a short row drawn whole where its columns get WHOLE_PX each (a projector
    shows every pile of a row of up to 10), no axis title under the bars, and on a NARROW picture the grid's legend
    in two columns (one row of it at 1.6 times ran past a phone's screen); the bars' legend beside_or_under; the dp
    row and the bars named for the form (diff in the score-difference form)."""
    words = explainer_words(lang, form)
    scale = PRESENTER_SCALE if present else 1
    follow, names = Follow(piles=PILES, columns=DRAWN), NAMES_PX * scale
    bars_words = BarsWords(words.bars.title, "" if present else words.bars.axis, words.bars.dp)
    columns = alt.ExprRef(expr=f"{NARROW} ? 2 : 0") if present else None  # presenter mode's big legend wraps on a phone
    chart = (
        alt.vconcat(
            grid_panel(
                drawn, marked, GRID_ROWS, words.grid, follow=follow, legend_columns=columns, names_px=names
            ).properties(width=480),
            bars_panel(
                drawn,
                marked,
                bars_words,
                follow=follow,
                legend_at=beside_or_under(names),
                names_px=names,
                least_px=PRESENT_LEAST_PX if present else 12,
            ).properties(width=480),
            spacing=10,
        )
        .resolve_scale(color="independent")
        .configure_view(stroke=None)
    )
    whole = WHOLE_PX * scale if present else None
    params = [*player_params(len(focus) - 1, start), *follow_params(focus, win, scale, reach, whole)]
    return top_params(chart, params)  # not add_params: on a vconcat it deep-copies every view twice


NARROW = "containerSize()[0] < 420"  # a phone's picture: the bars' legend goes under them


def beside_or_under(names_px: float) -> dict[str, object]:
    """The bars' legend placed by the picture's width: on a NARROW one under the bars in one row, from
    the left edge of the names' margin (the width is scarce); else right of them, one entry a line (the
    height is: picture and code stand side by side)."""
    return {
        "orient": "none",
        "direction": "vertical",
        "columns": alt.ExprRef(expr=f"{NARROW} ? 2 : 1"),
        "legendX": alt.ExprRef(expr=f"{NARROW} ? {-names_px:g} : width + 12"),
        "legendY": alt.ExprRef(expr=f"{NARROW} ? concat_1_height + 44 : 0"),
    }


def focus_of(frames_table: pd.DataFrame) -> list[int]:
    """The pile each frame speaks of: its step's pile, and pile 0 for the verdict."""
    return [
        0 if phase == "verdict" else int(i) for phase, i in zip(frames_table["phase"], frames_table["i"], strict=True)
    ]


def frame_reach(sol: Solution, win: Window) -> list[int]:
    """The last pile each frame's step reads, within the row: i + k on a dp step (its candidates
    dp[i+1 .. i+k]), i + 1 on a suffix step (suffix[i+1]), and the frame's focus otherwise."""
    phases, piles, last = sol.trace["phase"].tolist(), sol.trace["i"].tolist(), sol.n - 1
    ahead = {"dp": sol.max_take, "suffix": 1}
    focus = frame_focus(sol, win)
    return [
        min(int(piles[step]) + ahead[phases[step]], last) if phases[step] in ahead else pile
        for step, pile in zip(frame_steps(sol, win), focus, strict=True)
    ]


def frame_focus(sol: Solution, win: Window) -> list[int]:
    """focus_of(frames(sol, win, …)) without the frames' words: each frame's pile, 0 for the verdict."""
    phases, piles = sol.trace["phase"].tolist(), sol.trace["i"].tolist()
    return [0 if phases[step] == "verdict" else int(piles[step]) for step in frame_steps(sol, win)]


FONT_KEYS = ("fontSize", "labelFontSize", "titleFontSize", "symbolSize")
FITTED = re.compile(r"^clamp\((.*), 8, ([\d.]+)\)$")  # kit.fit's font size: its cap is the size to scale


def scaled_fonts(spec: Any, scale: float) -> Any:
    """The spec tree with every font size times `scale`: fixed sizes (and legend symbols), and the cap
    of every size kit.fit makes fit the width."""
    if isinstance(spec, dict):
        return {k: _scaled(v, scale) if k in FONT_KEYS else scaled_fonts(v, scale) for k, v in spec.items()}
    if isinstance(spec, list):
        return [scaled_fonts(v, scale) for v in spec]
    return spec


def _scaled(size: Any, scale: float) -> Any:
    """One font size times `scale`: a number, or a fitted size's cap."""
    if isinstance(size, int | float):
        return round(size * scale, 1)
    fitted = FITTED.match(size.get("expr", "")) if isinstance(size, dict) else None
    return {"expr": f"clamp({fitted[1]}, 8, {float(fitted[2]) * scale:.1f})"} if fitted else size


def picture_spec(sol: Solution, win: Window, lang: Lang, form: Form, present: bool) -> Data:
    """The picture's playable spec (not validated: the tests validate the builder), its datasets packed
    and named by role (DATASETS, then stage_fixed_0, … for the fixed ones): no drawn controls (the stage's
    HTML controls send the player's events), the keys on; legends and axes scaled with the rest in
    presenter mode. It does not depend on the code listing: the page caches it without it, and builds
    it once per shape (stonegame.fill.template)."""
    drawn, marked = picture_tables(sol, win, form)
    focus, reach = frame_focus(sol, win), frame_reach(sol, win)
    chart = picture_chart(drawn, marked, focus, win, 0, present, lang, form, reach)
    spec = played(chart, keys=True, validate=False, drawn=False, player_id=STAGE_ID)
    spec = named(spec, dataset_tables(drawn, marked, lang, form))
    spec = {**spec, "datasets": {name: packed(rows) for name, rows in spec["datasets"].items()}}
    return scaled_fonts(spec, PRESENTER_SCALE) if present else spec


DATASETS = ("stage_grid", "stage_bars", "stage_marks")  # the picture's datasets that come from the row


def picture_tables(sol: Solution, win: Window, form: Form) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The cells and the marks the picture draws (pile 0 included), the marks with the grid's `col`."""
    drawn = cells(sol, win, form, zero=True)
    marked = marks(sol, win, form, zero=True, drawn=drawn)
    marked = marked.assign(col=marked["i"].astype(str))  # as the grid adds it: one dataset for grid and bars
    return drawn, marked


def dataset_tables(
    drawn: pd.DataFrame, marked: pd.DataFrame, lang: Lang, form: Form = "total"
) -> dict[str, pd.DataFrame]:
    """The tables the picture's row datasets are made of, by their DATASETS name: the grid's boxes
    (grid_data's: the cells and a name cell per array, dp named diff in that form), the bars' cells, and
    the marks (grid and bars share them)."""
    grid = grid_data(drawn, marked, GRID_ROWS, explainer_words(lang, form).grid.names).boxes
    return dict(zip(DATASETS, (grid, drawn[drawn["row"] != "values"], marked), strict=True))


def named(spec: Data, tables: dict[str, pd.DataFrame]) -> Data:
    """The spec with its datasets renamed: the one holding each table's rows by the table's name, the
    others stage_fixed_0, … in order (Altair names them by a hash of their rows); every reference
    follows. A table found in no dataset is an error."""
    rows = {name: records(table) for name, table in tables.items()}
    names, fixed = {}, 0
    for old, values in spec["datasets"].items():
        match = [name for name, wanted in rows.items() if wanted == values]
        if match:
            names[old] = match[0]
        else:
            names[old], fixed = f"stage_fixed_{fixed}", fixed + 1
    if set(tables) - set(names.values()):
        raise ValueError(f"picture datasets not found: {sorted(set(tables) - set(names.values()))}")
    renamed = _renamed({k: v for k, v in spec.items() if k != "datasets"}, names)
    return {**renamed, "datasets": {names[old]: values for old, values in spec["datasets"].items()}}


def _renamed(node: Any, names: dict[str, str]) -> Any:
    """The spec tree with every dataset reference ({"name": old} under "data") renamed by `names`."""
    if isinstance(node, dict):
        if isinstance(node.get("name"), str) and node["name"] in names and set(node) == {"name"}:
            return {"name": names[node["name"]]}
        return {k: _renamed(v, names) for k, v in node.items()}
    if isinstance(node, list):
        return [_renamed(v, names) for v in node]
    return node


def packed(rows: list[dict[str, Any]]) -> dict[str, list[Any]]:
    """A dataset's rows as columns ({field: [each row's value]}), a third of the bytes; stage.js unpacks
    it before Vega sees it."""
    fields = list(dict.fromkeys(key for row in rows for key in row))
    return {field: [row.get(field) for row in rows] for field in fields}


def columns(table: pd.DataFrame) -> dict[str, list[Any]]:
    """packed(records(table)) read straight off the table's columns: each value as a plain Python
    value, a missing one (NA, NaN) as None, as Altair's transformer writes it (a test compares the two
    on every table the stage draws), without a dict per row. The fill makes its datasets from plain rows
    now (fill.template.row_datasets); tests hold those to this, on the tables of many rows."""
    return {str(name): [_plain(v) for v in column.tolist()] for name, column in table.items()}


def _plain(value: Any) -> Any:
    """A table's value as JSON writes it: a missing one (pd.NA, NaN) as None, any other as it is."""
    return None if value is pd.NA or (isinstance(value, float) and value != value) else value


def frame_words(rows: list[Frame], sol: Solution, lang: Lang, form: Form) -> list[dict[str, Any]]:
    """Each frame's step and words as the stage shows them: step (the row's step), phase (its name), status
    ("Step n of N": the title is "phase · status"), formula (ZWSP and NBSP as plain spaces), sentence."""
    return [
        {
            "step": int(row.step),
            "phase": phase_name(row.phase, lang, form),
            "status": t("step_of", lang, step=int(row.step), last=sol.last_step),
            "formula": row.formula.replace(ZWSP, "").replace(NBSP, " "),
            "sentence": row.sentence,
        }
        for row in rows
    ]


def _by_frame(lit: list[CodeLine], count: int) -> list[list[int]]:
    """The highlighted lines of each of `count` frames, from the (frame, line) rows."""
    out: list[list[int]] = [[] for _ in range(count)]
    for frame, line in lit:
        out[frame].append(line)
    return out


@cache
def stage_words(lang: Lang) -> dict[str, str]:
    """The stage's words in `lang`: the buttons' labels (nav_*), their accessible names (aria_*), the
    other controls' names, and "Step {n} of {N}"."""
    words = {f"nav_{a}": t(f"nav_{a}", lang) for a in NAV_WORDS}
    words |= {f"aria_{a}": t(f"stage_aria_{a}", lang) for a in NAV_WORDS}
    return words | {name: t(f"stage_{name}", lang) for name in STAGE_WORDS}


def stage_data(
    sol: Solution,
    win: Window,
    lang: Lang,
    code: Code,
    form: Form,
    present: bool,
    row: str,
    picture: Data | None = None,
) -> Data:
    """Everything the stage needs to show the piles `win` of this row, opening at frame 0 (see the
    module's docstring; `at_step` opens it elsewhere); `row` names the row (the page's cache key) so the
    browser can remember its frame, whatever the language, listing or form. `picture` is this row's
    picture_spec for the same window, language, form and mode, if the caller has it; else it is built."""
    table = frame_rows(sol, win, lang, form, wrap=False)
    listed = listing(code, form, sol.max_take, lang)
    lit = code_line_rows(sol, win, listed)
    return {
        "id": STAGE_ID,
        "row": f"{row}:{win.lo}",
        "key": f"{row}:{win.lo}:{lang}:{code}:{form}:{int(present)}",
        "lang": lang,
        "present": present,
        "last": len(table) - 1,
        "start": 0,
        "spec": picture_spec(sol, win, lang, form, present) if picture is None else picture,
        "frames": frame_words(table, sol, lang, form),
        "lines": listed.lines,
        "highlight": _by_frame(lit, len(table)),
        "words": stage_words(lang),
        "speeds": list(SPEEDS.items()),
    }


FRAMED = ("frames", "highlight", "steps")  # the stage's lists with one entry per frame
PER_FRAME_PARAMS = ("focus", "reach")  # the picture's params with one entry per frame


def held_back(data: Data, last: int) -> Data:
    """A copy of a stage's data that holds nothing past frame `last` (a class's question is open at it):
    its per-frame lists and params cut after `last`, `last` its last frame, the number of every cell
    and bar a later frame reveals emptied (None: the layout stays, the value is not there to read), the
    marks of later frames dropped, and its key marked so the browser draws it anew."""
    spec = data["spec"]
    datasets = dict(spec["datasets"])
    for name in ("stage_grid", "stage_bars"):
        table = dict(datasets[name])
        table["number"] = [None if r > last else n for n, r in zip(table["number"], table["reveal"], strict=True)]
        datasets[name] = table
    marks = datasets["stage_marks"]
    kept = [k for k, frame in enumerate(marks["frame"]) if frame <= last]
    datasets["stage_marks"] = {column: [values[k] for k in kept] for column, values in marks.items()}
    params = [_held_param(p, last) for p in spec["params"]]
    cut = {name: data[name][: last + 1] for name in FRAMED if name in data}
    return (
        data
        | cut
        | {"last": last, "key": f"{data['key']}:held{last}", "spec": spec | {"datasets": datasets, "params": params}}
    )


def _held_param(param: dict[str, Any], last: int) -> dict[str, Any]:
    """The picture's param with its per-frame value cut after frame `last` (`last` itself for "last")."""
    if param["name"] == "last":
        return param | {"value": last}
    if param["name"] in PER_FRAME_PARAMS:
        return param | {"value": param["value"][: last + 1]}
    return param


def at_step(data: Data, sol: Solution, win: Window, step: int) -> Data:
    """A shallow copy of a stage's data that opens at the frame showing `step`."""
    return {**data, "start": frame_of_step(sol, win, step)}


def step_of_frame(sol: Solution, win: Window, frame: int) -> int:
    """The row's step a frame of the window shows (kept within the frames)."""
    steps = frame_steps(sol, win)
    return steps[min(max(int(frame), 0), len(steps) - 1)]


HIDABLE = ("formula", "code", "suffix")  # what untaught may leave out of a stage


def untaught(data: Data, hide: tuple[str, ...], lang: Lang) -> Data:
    """A copy of a stage's data without what a lesson has not taught yet, by the names in `hide` (of
    HIDABLE): "formula", every frame's formula (stage.js draws an empty one not at all); "code", the
    listing (no lines: stage.js draws the picture alone); "suffix", the suffix array's name, which the
    grid's row label and the bars' legend say as t("stage_suffix_plain") instead."""
    out = dict(data)
    if "formula" in hide:
        out["frames"] = [frame | {"formula": ""} for frame in data["frames"]]
    if "code" in hide:
        out["lines"], out["highlight"] = [], [[] for _ in data["highlight"]]
    if "suffix" in hide:
        plain = t("stage_suffix_plain", lang)
        spec = _renamed_label(data["spec"], "suffix", plain)
        grid = dict(spec["datasets"]["stage_grid"])
        if "name" in grid:
            names = explainer_words(lang, "total").grid.names
            grid["name"] = [plain if name == names["suffix"] else name for name in grid["name"]]
        out["spec"] = spec | {"datasets": spec["datasets"] | {"stage_grid": grid}}
    return out


def _renamed_label(node: Any, label: str, shown: str) -> Any:
    """The spec tree with every axis's and legend's labelExpr on a scale whose domain holds `label` saying
    `shown` for it."""
    if isinstance(node, list):
        return [_renamed_label(v, label, shown) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _renamed_label(v, label, shown) for k, v in node.items()}
    if label in (node.get("scale") or {}).get("domain", []):
        for part in ("axis", "legend"):
            if isinstance(out.get(part), dict) and "labelExpr" in out[part]:
                said = f"datum.label == {json.dumps(label)} ? {json.dumps(shown, ensure_ascii=False)} : "
                out[part] = out[part] | {"labelExpr": said + out[part]["labelExpr"]}
    return out
