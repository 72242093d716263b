"""The parts of "Write it yourself" (pages/write.py): the mode, the code editor (our CodeMirror 6 element,
ui/editor/), the Java hint, "Run on this row" with the student's tables drawn against the truth and the first
wrong cell named, "Check on more rows", and the page's link. The code runs only in stonegame.write's pool of
child processes, through its own interpreter.

The page only draws: which cells are right, the first wrong one, its step and the sentence for it are
stonegame.write's (compare.compare through mistakes.diagnose), the same verdict "Check on more rows" and the class
room use."""

from __future__ import annotations

import base64
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
from stonegame.write.compare import TABLES, Cell, Comparison, Table
from stonegame.write.message import describe
from stonegame.write.mistakes import Diagnosis
from stonegame.write.modes import MODES, STARTERS, Mode, Outcome
from ui import specs, state
from ui.state import View

EDITOR_JS = (Path(__file__).resolve().parents[1] / "editor" / "editor.js").read_text(encoding="utf-8")
EDITOR_CSS = ".editor { width: 100%; }"
EDITOR = st.components.v2.component("stonegame_editor", js=EDITOR_JS, css=EDITOR_CSS)
LINK_CODE_MOST = 4096  # bytes of base64 the link's fragment may carry
WINDOW = 10  # piles the grid draws at most, around the first wrong cell
BOX, NAME_FILL, WRONG_FILL, RIGHT_TEXT = "#BBBBBB", "#F0F2F6", "#FADBC8", "#1B6B3A"


# ---- the student's tables against the truth: the core's comparison (stonegame.write.compare), drawn ---------


def drawn(cmp: Comparison, mode: Mode) -> tuple[Table, ...]:
    """The tables the grid draws: both, except in the loop-body mode (suffix is given there), where suffix is
    drawn only when the code spoiled one of its cells."""
    if mode == "body" and all(c.right for c in cmp.suffix):
        return ("dp",)
    return TABLES


def shown(value: Any) -> str:
    """A student's cell as text: a whole number (3.0 as 3: it is right, compare.same), −∞/∞, "—" for none."""
    if value is None:
        return "—"
    if value == float("-inf"):
        return "−∞"
    if value == float("inf"):
        return "∞"
    if type(value) is float and value.is_integer():
        value = int(value)
    return str(value).replace("-", "−")


def window(n: int, first: Cell | None) -> tuple[int, int]:
    """The piles the grid draws, a..b inclusive (at most WINDOW, index n counted): from 0, or around the first
    wrong cell."""
    last = n  # the end cell
    if last < WINDOW:
        return 0, last
    centre = 0 if first is None else first.i
    a = max(0, min(centre - WINDOW // 2, last - WINDOW + 1))
    return a, a + WINDOW - 1


def grid_cells(cmp: Comparison, tables: tuple[Table, ...]) -> pd.DataFrame:
    """One row per drawn cell of the comparison's `tables` in the window: table, pile, the student's number,
    ✓ or ✗ with the true one, right or not, and whether it is the first wrong cell."""
    a, b = window(cmp.n, cmp.first)
    rows = []
    for name in tables:
        for cell in cmp.cells(name)[a : b + 1]:
            rows.append(
                {
                    "table": name,
                    "col": str(cell.i),
                    "i": cell.i,
                    "got": shown(cell.got),
                    "mark": "✓" if cell.right else f"✗ {shown(cell.want)}",
                    "ok": cell.right,
                    "first": cmp.first is not None and (cell.table, cell.i) == (cmp.first.table, cmp.first.i),
                }
            )
    return pd.DataFrame(rows)


def grid_chart(cells: pd.DataFrame, description: str) -> alt.LayerChart:
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
    chart = alt.layer(boxes, first, got, mark).properties(width="container", height=56 * len(names), autosize=FIT_X)
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
        data=data,
        key=state.WRITE_EDITOR,
        default={"code": data["code"], "link": None},
        on_code_change=lambda: None,
        on_link_change=lambda: None,
        height="content",
    )
    link_problem(_field(result, "link"), lang)
    typed = _field(result, "code")
    if isinstance(typed, str) and len(typed) <= 100_000 and typed != st.session_state.get(state.WRITE_SEEN):
        st.session_state[state.WRITE_SEEN] = typed  # what the editor sent last: only a new text is the student's
        if typed != code_of(mode):
            st.session_state[state.WRITE_CODE] = {**st.session_state[state.WRITE_CODE], mode: typed}
    return code_of(mode)


def _field(result: Any, name: str) -> Any:
    """One field of the editor's state (a dict or an object with attributes), None when absent."""
    return result.get(name) if isinstance(result, dict) else getattr(result, name, None)


def link_problem(problem: Any, lang: Lang) -> None:
    """When the page's link carried code the editor could not read ("too_long", "broken"), say so in one
    sentence: the starter is in the editor instead."""
    if problem in ("too_long", "broken"):
        st.warning(t(f"write_link_code_{problem}", lang, most=LINK_CODE_MOST), icon="🔗")


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


def ask(what: str) -> None:
    """Callback of Run and Check: the press is kept as asked until its outcome is kept. A callback runs when the
    press reaches the server, so a press whose run is cut short by another rerun (the editor sending a
    link's code as the page opens) is still answered by the next run."""
    st.session_state[state.WRITE_ASKED] = st.session_state.get(state.WRITE_ASKED, set()) | {what}


def asked(what: str) -> bool:
    """Whether a press of Run or Check ("run", "check") is waiting for its outcome."""
    return what in st.session_state.get(state.WRITE_ASKED, set())


def _answered(what: str) -> None:
    """The press's outcome is kept: it is no longer asked."""
    st.session_state[state.WRITE_ASKED] = st.session_state.get(state.WRITE_ASKED, set()) - {what}


def run_row(code: str, mode: Mode, sol: Solution) -> None:
    """Run the code on the session's row in the pool (with a spinner), keeping the outcome and the code run for
    the page; then the press is answered."""
    values, k = list(sol.values), sol.max_take
    try:
        with st.spinner(t("write_running", st.session_state[state.LANG], n=len(values))):
            out = pool.run(code, mode, values, k)
    except Exception:  # a failure is not asked again by every later run; a rerun cutting this one short is not
        _answered("run")  # an Exception (Streamlit's RerunException is a BaseException), so that press stays asked
        raise
    st.session_state[state.WRITE_RESULT] = (mode, state.digest(values), k, out, code)
    st.session_state[state.WRITE_CHECKED] = None
    _answered("run")


def result(sol: Solution, view: View, mode: Mode, code: str) -> None:
    """The last run's result, if it was on this row and mode, under a note when the editor's code is no longer
    the code run: a refusal or stop as one sentence with its line and column; else the core's diagnosis
    (stonegame.write.mistakes.diagnose: the comparison and the named mistake) as a verdict, the grid and the
    first wrong cell's step in the explainer."""
    kept = st.session_state.get(state.WRITE_RESULT)
    if not kept or kept[:3] != (mode, state.digest(sol.values), sol.max_take):
        return
    out: Outcome = kept[3]
    if kept[4] != code:
        st.info(t("write_stale", view.lang), icon="✏️")
    found = mistakes.diagnose_outcome(out, list(sol.values), sol.max_take)
    if found is None:
        st.error(describe(out, view.lang), icon="🚫")
        return
    cmp = found.comparison
    tables = drawn(cmp, mode)
    _verdict(found, tables, view.lang)
    cells = grid_cells(cmp, tables)
    a, b = window(sol.n, cmp.first)
    title = t("write_grid_title", view.lang)
    if sol.n + 1 > WINDOW:
        title += " · " + t("write_grid_window", view.lang, a=a, b=b, n=sol.n)
    st.markdown(f"**{title}**")  # above the chart, not its title: a phone wraps it instead of cutting it
    chart = grid_chart(cells, _describe(cells))
    st.vega_lite_chart(spec=specs.chart_spec(chart), width="stretch", key=state.WRITE_GRID)
    if cmp.first is not None:
        st.link_button(t("write_see_step", view.lang), explainer_link(cmp.first.step), icon="📈")
    if mode == "function" and out.returned is not None:
        st.caption(t("write_returned", view.lang, got=shown(out.returned), want=_winner(sol)))


def _describe(cells: pd.DataFrame) -> str:
    """The grid's words for a screen reader: each cell's table, pile, number and mark."""
    return "; ".join(f"{r.table}[{r.i}] {r.got} {r.mark}" for r in cells.itertuples())


def _winner(sol: Solution) -> str:
    """The reference's answer: "Alice", "Bob" or "Tie"."""
    twice = 2 * sol.dp[0]
    return "Alice" if twice > sol.total else "Bob" if twice < sol.total else "Tie"


def _verdict(found: Diagnosis, tables: tuple[Table, ...], lang: Lang) -> None:
    """A table the run did not leave as n + 1 numbers said first; then all right (with the named mistakes this
    row cannot show), or how many of the drawn cells are wrong and the core's sentence for the first one
    (mistakes.explain: where, yours and the truth, the named mistake or the numbers the truth uses)."""
    cmp = found.comparison
    for name in tables:
        if name in cmp.problems:
            st.error(t("write_page_no_table", lang, name=name, size=cmp.n + 1), icon="✗")
    if found.right:
        st.success(t("write_all_right", lang))
        if note := mistakes.hidden_note(found, lang):
            st.caption(note)
        return
    head = t("write_cells_count", lang, wrong=len(cmp.wrong()), cells=len(tables) * (cmp.n + 1))
    st.warning(f"{head}\n\n{mistakes.explain(found, lang)}")


def explainer_link(step: int) -> str:
    """The explainer's address on the session's row at `step` (docs/links.md), from the app's root."""
    params = {**state.link_params(), "step": str(step)}
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"./?{query}"


def check_rows(code: str, mode: Mode, sol: Solution) -> None:
    """Run the code on the session's row and the hidden set (stonegame.write.hidden, with a spinner), keeping
    how many hidden rows pass and the smallest failing row; then the press is answered."""
    values, k = list(sol.values), sol.max_take
    try:
        with st.spinner(t("write_checking", st.session_state[state.LANG], rows=len(hidden.hidden_set()) + 1)):
            found = hidden.check_more(code, mode, values, k)
    except Exception:  # as in run_row: a failure is not asked again
        _answered("check")
        raise
    st.session_state[state.WRITE_CHECKED] = (mode, found.passed, found.total, found.smallest)
    _answered("check")


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
