"""The parts of "Write it yourself" (pages/write.py): the mode, the code editor (our CodeMirror 6 element,
ui/editor/), the Java hint, "Run on this row" with the student's tables drawn against the truth and the first
wrong cell named, "Check on more rows", and the page's link. The code runs only in stonegame.write's pool of
child processes, through its own interpreter.

The comparison of the student's tables with the true ones (first_wrong, the cells) is here, small and pure, until
stonegame.write has its own."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st

from stonegame import Solution, format_values
from stonegame.draw.kit import FIT_X, MONO, described_chart
from stonegame.i18n import t
from stonegame.listing import java_source
from stonegame.terms import Lang
from stonegame.write import hidden, mistakes
from stonegame.write import run as pool
from stonegame.write.message import describe
from stonegame.write.modes import MODES, STARTERS, Mode, Outcome
from ui import specs, state
from ui.state import View

EDITOR_JS = (Path(__file__).resolve().parents[1] / "editor" / "editor.js").read_text(encoding="utf-8")
EDITOR_CSS = ".editor { width: 100%; }"
EDITOR = st.components.v2.component("stonegame_editor", js=EDITOR_JS, css=EDITOR_CSS)
LINK_CODE_MOST = 4096  # bytes of base64 the link's fragment may carry
WINDOW = 10  # piles the grid draws at most, around the first wrong cell
BOX, NAME_FILL, WRONG_FILL, RIGHT_TEXT = "#BBBBBB", "#F0F2F6", "#FADBC8", "#1B6B3A"


# ---- the student's tables against the truth -------------------------------------------------------------------


@dataclass(frozen=True)
class Wrong:
    """The first cell the student's code writes wrong: table `name` ("suffix" or "dp"), pile `i`, the student's
    number and the true one, and the explainer's step that writes that cell."""

    name: str
    i: int
    got: Any
    want: int
    step: int


def _same(got: Any, want: int) -> bool:
    """Whether a student's cell holds the true whole number (True/False and floats never do, but 3.0 would)."""
    return type(got) is int and got == want


def write_order(n: int, names: tuple[str, ...]) -> list[tuple[str, int]]:
    """The cells in the order the fill writes them: each table's end cell (index n) first, then suffix from
    n - 1 down to 0, then dp from n - 1 down to 0 (the explainer's steps 1..2n)."""
    return [(name, n) for name in names] + [(name, i) for name in names for i in range(n - 1, -1, -1)]


def step_of(name: str, i: int, n: int) -> int:
    """The explainer's step that writes `name`[i]: suffix[i] at n - i, dp[i] at 2n - i (the end cells at the
    pass's first step)."""
    i = min(i, n - 1)
    return n - i if name == "suffix" else 2 * n - i


def compared(out: Outcome, sol: Solution, mode: Mode) -> tuple[dict[str, list[Any] | None], Wrong | None, int]:
    """The student's tables that can be compared (a list of n + 1 cells, else None), the first wrong cell in
    the order the fill writes them, and how many cells are wrong."""
    n = sol.n
    names = ("dp",) if mode == "body" else ("suffix", "dp")
    truth = {"suffix": sol.suffix, "dp": sol.dp}
    tables = {name: (getattr(out, name) if _fits(getattr(out, name), n) else None) for name in names}
    first, wrong = None, 0
    for name, i in write_order(n, names):
        got = tables[name][i] if tables[name] is not None else None
        if tables[name] is not None and _same(got, truth[name][i]):
            continue
        wrong += 1
        if first is None:
            first = Wrong(name, i, got, truth[name][i], step_of(name, i, n))
    return tables, first, wrong


def _fits(table: list[Any] | None, n: int) -> bool:
    """Whether a student's table has the n + 1 cells the true one has."""
    return table is not None and len(table) == n + 1


def shown(value: Any) -> str:
    """A student's cell as text: a whole number, −∞/∞, None as "None", anything else as Python writes it."""
    if value == float("-inf"):
        return "−∞"
    if value == float("inf"):
        return "∞"
    return str(value).replace("-", "−") if isinstance(value, int) else str(value)


def truth_sentence(wrong: Wrong, sol: Solution, lang: Lang) -> str:
    """How the truth fills the wrong cell, with its numbers."""
    n, i = sol.n, wrong.i
    if i == n:
        return t("write_truth_end", lang, name=wrong.name, i=i)
    if wrong.name == "suffix":
        return t("write_truth_suffix", lang, i=i, j=i + 1, v=sol.values[i], s=sol.suffix[i + 1], want=wrong.want)
    b = min(i + sol.max_take, n)
    cands = ", ".join(str(d) for d in sol.dp[i + 1 : b + 1])
    return t("write_truth_dp", lang, i=i, a=i + 1, b=b, s=sol.suffix[i], cands=cands, want=wrong.want)


def window(n: int, wrong: Wrong | None) -> tuple[int, int]:
    """The piles the grid draws, a..b inclusive (at most WINDOW, index n counted): from 0, or ending a little
    past the first wrong cell."""
    last = n  # the end cell
    if last < WINDOW:
        return 0, last
    centre = 0 if wrong is None else wrong.i
    a = max(0, min(centre - WINDOW // 2, last - WINDOW + 1))
    return a, a + WINDOW - 1


def grid_cells(tables: dict[str, list[Any] | None], sol: Solution, wrong: Wrong | None) -> pd.DataFrame:
    """One row per drawn cell: table, pile, the student's number, the true one, right or not, first wrong."""
    a, b = window(sol.n, wrong)
    truth = {"suffix": sol.suffix, "dp": sol.dp}
    rows = []
    for name, table in tables.items():
        for i in range(a, b + 1):
            got = table[i] if table is not None else None
            ok = table is not None and _same(got, truth[name][i])
            first = wrong is not None and (wrong.name, wrong.i) == (name, i)
            mark = "✓" if ok else f"✗ {shown(truth[name][i])}"
            rows.append(
                {
                    "table": name,
                    "col": str(i),
                    "i": i,
                    "got": shown(got) if table is not None else "—",
                    "mark": mark,
                    "ok": ok,
                    "first": first,
                }
            )
    return pd.DataFrame(rows)


def grid_chart(cells: pd.DataFrame, title: str, description: str) -> alt.LayerChart:
    """The student's tables in the stage's grid look: a row of boxes per table (name at the left), the
    student's number in bold, under it ✓ or ✗ with the true value; a wrong cell shaded, the first wrong cell
    outlined in black."""
    names = list(dict.fromkeys(cells["table"]))
    cols = list(dict.fromkeys(cells["col"]))
    x = alt.X(
        "col:N",
        scale=alt.Scale(domain=cols),
        title=None,
        axis=alt.Axis(
            orient="top",
            labelFontSize=14,
            labelAngle=0,
            ticks=False,
            domain=False,
            title="i",
            titleFontSize=14,
            titleAngle=0,
            titleX=-12,
            titleY=-8,
            labelColor="#333",
        ),
    )
    y = alt.Y(
        "table:N",
        scale=alt.Scale(domain=names),
        title=None,
        axis=alt.Axis(
            labelFontSize=15, labelFontWeight="bold", ticks=False, domain=False, labelColor="#333", labelFont=MONO
        ),
    )
    base = alt.Chart(cells).encode(x=x, y=y)
    boxes = base.mark_rect(stroke=BOX, strokeWidth=1).encode(
        color=alt.when("datum.ok").then(alt.value("white")).otherwise(alt.value(WRONG_FILL)),
    )
    first = base.transform_filter("datum.first").mark_rect(fill=None, stroke="black", strokeWidth=3)
    got = base.mark_text(fontWeight="bold", fontSize=16, dy=-8, color="black").encode(text="got:N")
    mark = base.mark_text(fontSize=13, dy=11).encode(
        text="mark:N",
        color=alt.when("datum.ok").then(alt.value(RIGHT_TEXT)).otherwise(alt.value("#8A2A00")),
    )
    chart = alt.layer(boxes, first, got, mark).properties(
        width="container", height=56 * len(names), autosize=FIT_X, title=alt.Title(title, anchor="start", fontSize=15)
    )
    return described_chart(chart, description)


# ---- the page's parts ---------------------------------------------------------------------------------------


def mode_control(lang: Lang) -> Mode:
    """The one control that picks the starting point (the mode); it keeps each mode's code apart."""
    mode = state.valid(state.WRITE_MODE, MODES, "body")
    st.session_state[state.W_WRITE_MODE] = mode
    st.radio(
        t("write_mode", lang),
        MODES,
        format_func=lambda m: t(f"write_mode_{m}", lang),
        horizontal=True,
        key=state.W_WRITE_MODE,
        on_change=_pick_mode,
    )
    st.caption(t(f"write_given_{mode}", lang))
    return mode


def _pick_mode() -> None:
    """Callback: the picked mode (one of MODES) becomes the page's; the last run's results are dropped."""
    st.session_state[state.WRITE_MODE] = state.valid(state.W_WRITE_MODE, MODES, "body")
    st.session_state[state.WRITE_RESULT] = None
    st.session_state[state.WRITE_CHECKED] = None


def code_of(mode: Mode) -> str:
    """The student's code in `mode` (the mode's starter until they type)."""
    return st.session_state[state.WRITE_CODE].get(mode, STARTERS[mode])


def editor(mode: Mode, lang: Lang) -> str:
    """The code editor showing the mode's code; what the student types comes back as its "code" state and is
    kept per mode when it is new (the element repeats its last text on every run; at most 4,000 characters are
    run: the interpreter says so). Returns the code."""
    data = {"code": code_of(mode), "label": t("write_editor_label", lang), "version": _version(mode)}
    result = EDITOR(
        data=data, key=state.WRITE_EDITOR, default={"code": data["code"]}, on_code_change=lambda: None, height="content"
    )
    typed = result.get("code") if isinstance(result, dict) else getattr(result, "code", None)
    if isinstance(typed, str) and len(typed) <= 100_000 and typed != st.session_state.get(state.WRITE_SEEN):
        st.session_state[state.WRITE_SEEN] = typed  # what the editor sent last: only a new text is the student's
        if typed != code_of(mode):
            st.session_state[state.WRITE_CODE] = {**st.session_state[state.WRITE_CODE], mode: typed}
    return code_of(mode)


def start_again(mode: Mode) -> None:
    """Callback: the mode's starter back in the editor, and the last results dropped."""
    codes = dict(st.session_state[state.WRITE_CODE])
    codes.pop(mode, None)
    st.session_state[state.WRITE_CODE] = codes
    st.session_state[state.WRITE_VERSION] += 1
    st.session_state[state.WRITE_RESULT] = None
    st.session_state[state.WRITE_CHECKED] = None


def _version(mode: Mode) -> str:
    """The editor's version of the code: a new one when the page replaces the code (a mode switch)."""
    return f"{mode}:{st.session_state[state.WRITE_VERSION]}"


def java_hint(view: View, sol: Solution) -> None:
    """The Java of the reference write-up, read-only, shown only on request."""
    if st.toggle(t("write_hint", view.lang), key=state.W_WRITE_HINT):
        st.code(java_source(view.form, sol.max_take), language="java")


def run_row(code: str, mode: Mode, sol: Solution) -> None:
    """Run the code on the session's row in the pool (with a spinner), keeping the outcome for the page."""
    values, k = list(sol.values), sol.max_take
    with st.spinner(t("write_running", st.session_state[state.LANG], n=len(values))):
        out = pool.run(code, mode, values, k)
    st.session_state[state.WRITE_RESULT] = (mode, state.digest(values), k, out)
    st.session_state[state.WRITE_CHECKED] = None


def result(sol: Solution, view: View, mode: Mode) -> None:
    """The last run's result, if it was on this row and mode: a refusal or stop as one sentence with its line
    and column; else the tables against the truth, the first wrong cell and its step in the explainer."""
    kept = st.session_state.get(state.WRITE_RESULT)
    if not kept or kept[:3] != (mode, state.digest(sol.values), sol.max_take):
        return
    out: Outcome = kept[3]
    if out.kind != "done":
        st.error(describe(out, view.lang), icon="🚫")
        return
    tables, wrong, count = compared(out, sol, mode)
    found = mistakes.diagnose_outcome(out, list(sol.values), sol.max_take)
    _verdict(tables, wrong, count, sol, view.lang, mistakes.explain(found, view.lang) if found else "")
    cells = grid_cells(tables, sol, wrong)
    a, b = window(sol.n, wrong)
    title = t("write_grid_title", view.lang)
    if sol.n + 1 > WINDOW:
        title += " · " + t("write_grid_window", view.lang, a=a, b=b, n=sol.n)
    chart = grid_chart(cells, title, _describe(cells))
    st.vega_lite_chart(spec=specs.chart_spec(chart), width="stretch", key=state.WRITE_GRID)
    if wrong is not None:
        st.link_button(t("write_see_step", view.lang), explainer_link(wrong.step), icon="📈")
    if mode == "function" and out.returned is not None:
        st.caption(t("write_returned", view.lang, got=shown(out.returned), want=_winner(sol)))


def _describe(cells: pd.DataFrame) -> str:
    """The grid's words for a screen reader: each cell's table, pile, number and mark."""
    return "; ".join(f"{r.table}[{r.i}] {r.got} {r.mark}" for r in cells.itertuples())


def _winner(sol: Solution) -> str:
    """The reference's answer: "Alice", "Bob" or "Tie"."""
    twice = 2 * sol.dp[0]
    return "Alice" if twice > sol.total else "Bob" if twice < sol.total else "Tie"


def _verdict(
    tables: dict[str, Any], wrong: Wrong | None, count: int, sol: Solution, lang: Lang, sentence: str = ""
) -> None:
    """All right, or how many cells are wrong, the first one, and the mistake's `sentence` (stonegame.write's
    matcher: the named mistake, or the numbers the truth uses), else how the truth fills it."""
    for name, table in tables.items():
        if table is None:
            st.error(t("write_page_no_table", lang, name=name, size=sol.n + 1), icon="✗")
    if wrong is None:
        st.success(t("write_all_right", lang))
        return
    cells = len(tables) * (sol.n + 1)
    head = t(
        "write_cells_wrong",
        lang,
        wrong=count,
        cells=cells,
        name=wrong.name,
        i=wrong.i,
        got=shown(wrong.got),
        want=shown(wrong.want),
    )
    if sentence:  # the matcher's sentence names the first wrong cell itself
        head = t("write_cells_count", lang, wrong=count, cells=cells)
    st.warning(f"{head}\n\n{sentence or truth_sentence(wrong, sol, lang)}")


def explainer_link(step: int) -> str:
    """The explainer's address on the session's row at `step` (docs/links.md), from the app's root."""
    params = {**state.link_params(), "step": str(step)}
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"./?{query}"


def check_rows(code: str, mode: Mode, sol: Solution) -> None:
    """Run the code on the session's row and the hidden set (stonegame.write.hidden, with a spinner), keeping
    how many hidden rows pass and the smallest failing row."""
    values, k = list(sol.values), sol.max_take
    with st.spinner(t("write_checking", st.session_state[state.LANG], rows=len(hidden.hidden_set()) + 1)):
        found = hidden.check_more(code, mode, values, k)
    st.session_state[state.WRITE_CHECKED] = (mode, found.passed, found.total, found.smallest)


def checked(view: View, mode: Mode) -> None:
    """How many rows the last check passed, and the smallest failing one with a button to load it."""
    kept = st.session_state.get(state.WRITE_CHECKED)
    if not kept or kept[0] != mode:
        return
    _, good, rows, smallest = kept
    (st.success if good == rows else st.warning)(t("write_passes", view.lang, good=good, rows=rows))
    if smallest is not None:
        values, k = list(smallest[0]), smallest[1]
        st.markdown(t("write_smallest", view.lang, row=f"`[{short(values)}]`", k=k))
        st.button(t("write_load", view.lang), key=state.W_WRITE_LOAD, on_click=_load, args=(values, k))


def short(values: list[int]) -> str:
    """A row as text, cut after 30 piles."""
    text = format_values(values[:30])
    return text + (", …" if len(values) > 30 else "")


def _load(values: list[int], k: int) -> None:
    """Callback: the smallest failing row (and its k) becomes the session's row (not while it is locked)."""
    if st.session_state[state.LOCK]:
        return
    state.set_row(values)
    st.session_state[state.MAX_TAKE] = k
    st.session_state[state.WRITE_CHECKED] = None


def code_link(mode: Mode, code: str, view: View) -> None:
    """The page's link: the mode and the row always; the code too if asked (base64 in the fragment, at most
    LINK_CODE_MOST bytes)."""
    with_code = st.toggle(t("write_link_code", view.lang), key=state.W_WRITE_LINK_CODE)
    base = (st.context.url or "").split("?")[0].split("#")[0]
    query = "&".join(f"{k}={v}" for k, v in {**state.link_params(), state.WRITE_MODE_PARAM: mode}.items())
    link = f"{base}?{query}"
    if with_code:
        packed = base64.urlsafe_b64encode(code.encode("utf-8")).decode("ascii")
        if len(packed) <= LINK_CODE_MOST:
            link += f"#code={packed}"
        else:
            st.caption(t("write_link_too_long", view.lang, size=len(packed), most=LINK_CODE_MOST))
    st.caption(t("write_link", view.lang))
    st.code(link, language=None, wrap_lines=True)


def arrive_mode() -> None:
    """On the session's first run of this page, the link's mode (if it names one of MODES)."""
    given = st.query_params.get(state.WRITE_MODE_PARAM)
    if given in MODES and not st.session_state.get(state.WRITE_ARRIVED):
        st.session_state[state.WRITE_MODE] = given
    st.session_state[state.WRITE_ARRIVED] = True


def defaults() -> None:
    """The page's state keys, set once a session."""
    st.session_state.setdefault(state.WRITE_MODE, "body")
    st.session_state.setdefault(state.WRITE_CODE, {})
    st.session_state.setdefault(state.WRITE_VERSION, 0)
    st.session_state.setdefault(state.WRITE_RESULT, None)
    st.session_state.setdefault(state.WRITE_CHECKED, None)
