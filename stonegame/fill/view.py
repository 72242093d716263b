"""What the explainer draws, as tidy tables cut from the trace: the frames of the animation, the
cells of the three arrays, and the marks each frame puts on them.

A row too long to draw whole is shown through a window of piles [lo, hi); the positions just after
it (up to max_take of them) are shown as already known, since the window's dp reads them.

Tables (one row per observation; the row types below name their columns):
    frames   frame, step, phase, i, title, formula, sentence       one per animation frame
    cells    i, row, number, reveal                                one per array cell drawn
    marks    frame, i, row, role, number                           one per cell a frame marks
             role: "write" (●, the cell this step writes), "read" (○, a cell it reads),
                   "best" (★, the candidate that wins)
    code     frame, line                                           one per highlighted code line
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd

from stonegame.i18n import t
from stonegame.listing import Listing
from stonegame.narration import formula, sentence
from stonegame.solver import Solution
from stonegame.terms import Form, Lang
from stonegame.text import wrapped
from stonegame.window import GIF_WINDOW, WINDOW, Window, window_at


class Cell(NamedTuple):
    """One array cell drawn: pile i of array `row`, its number, and the frame that reveals it."""

    i: int
    row: str  # "values" | "suffix" | "dp"
    number: int
    reveal: int


class Mark(NamedTuple):
    """One cell a frame marks, and how: the cell it writes, a cell it reads, or the best candidate."""

    frame: int
    i: int
    row: str
    role: str  # "write" | "read" | "best"


class CodeLine(NamedTuple):
    """One line of the listing that a frame's step runs (1-based)."""

    frame: int
    line: int


def pile_of_step(sol: Solution, step: int) -> int:
    """The pile a step writes (the last pile for the start, pile 0 for the verdict)."""
    n = sol.n
    if step <= 0:
        return n - 1
    return n - step if step <= n else max(0, 2 * n - step)


def window_for_step(sol: Solution, step: int, size: int = WINDOW) -> Window:
    """The window that puts the step's pile near its middle."""
    return window_at(sol, pile_of_step(sol, step) - size // 2, size)


def gif_window(sol: Solution, step: int) -> Window:
    """The piles an exported GIF of `step` animates: the whole row up to GIF_WINDOW piles (every step of
    it a frame), else GIF_WINDOW piles round the step's pile (they hold the explainer's window)."""
    return window_for_step(sol, step, GIF_WINDOW)


def frame_steps(sol: Solution, win: Window) -> list[int]:
    """The global steps the window animates: start, its suffix steps, its dp steps, verdict."""
    n = sol.n
    suffix_steps = [n - i for i in range(win.hi - 1, win.lo - 1, -1)]
    dp_steps = [2 * n - i for i in range(win.hi - 1, win.lo - 1, -1)]
    return [0, *suffix_steps, *dp_steps, sol.last_step]


def frame_of_step(sol: Solution, win: Window, step: int) -> int:
    """The frame showing `step`, or the nearest frame before it when the window skips that step."""
    steps = frame_steps(sol, win)
    return max(f for f, s in enumerate(steps) if s <= step)


class Frame(NamedTuple):
    """One frame of the animation: its global step, phase and pile, and the words shown with it."""

    frame: int
    step: int
    phase: str
    i: int
    title: str
    formula: str
    sentence: str


def frames(sol: Solution, win: Window, lang: Lang, form: Form = "total", wrap: bool = True) -> pd.DataFrame:
    """One row per frame (a Frame, frame_rows'), the phase of the trace's categories."""
    table = pd.DataFrame(frame_rows(sol, win, lang, form, wrap), columns=Frame._fields)
    return table.astype({"phase": sol.trace["phase"].dtype})


def frame_rows(sol: Solution, win: Window, lang: Lang, form: Form = "total", wrap: bool = True) -> list[Frame]:
    """One Frame per frame: its global step, phase, pile, and the words shown with it (in the formulation
    `form`: "total" for dp, "diff" for the score difference), the sentence wrapped into lines unless
    told not to; each step's words read its trace row (a dict) and its candidates."""
    steps = frame_steps(sol, win)
    by_step = candidates_by_step(window_candidates(sol, win, steps))
    none = {name: np.array([]) for name in sol.candidates.columns}
    return [
        Frame(
            frame,
            r["step"],
            r["phase"],
            r["i"],
            _title(r["phase"], r["step"], sol, lang, form),
            formula(r, c, sol, lang, form),
            _lines(sentence(r, sol, lang, form, c), wrap),
        )
        for frame, r in enumerate(trace_rows(sol, steps))
        for c in [by_step.get(r["step"], none)]
    ]


def window_candidates(sol: Solution, win: Window, steps: list[int]) -> pd.DataFrame:
    """The candidates the window's `steps` weigh: all of them for a window over the whole row (no copy),
    else those of its steps."""
    if win.lo > 0 or win.last < sol.n:
        return sol.candidates[sol.candidates["step"].isin(steps)]
    return sol.candidates


def trace_rows(sol: Solution, steps: list[int]) -> list[dict[str, object]]:
    """The trace's rows of these steps as dicts of plain values (a missing value pd.NA), in that order;
    the trace's row r is step r."""
    picked = sol.trace.iloc[steps]
    names = list(picked.columns)
    return [dict(zip(names, values, strict=True)) for values in zip(*(picked[n].tolist() for n in names), strict=True)]


def candidates_by_step(cands: pd.DataFrame) -> dict[int, dict[str, np.ndarray]]:
    """The candidates table (in step order) cut by step: each step's candidates as columns of arrays,
    what explain.formula and explain.sentence read (cands["j"], cands["k"].max(), ...)."""
    columns = {name: cands[name].to_numpy() for name in cands.columns}
    step = columns["step"]
    starts = np.flatnonzero(np.r_[True, step[1:] != step[:-1]]) if len(step) else np.array([], dtype=int)
    ends = np.r_[starts[1:], len(step)]
    return {
        int(step[a]): {name: column[a:b] for name, column in columns.items()} for a, b in zip(starts, ends, strict=True)
    }


def _lines(text: str, wrap: bool) -> str:
    """A sentence wrapped into lines for a chart, or as it is (HTML wraps it itself)."""
    return wrapped(text) if wrap else text


def _title(phase: str, step: int, sol: Solution, lang: Lang, form: Form) -> str:
    """A frame's title: the phase's name and the step's number, e.g. "Backward fill of dp  ·  Step 7 of 9"."""
    return phase_name(phase, lang, form) + "  ·  " + t("step_of", lang, step=step, last=sol.last_step)


def phase_name(phase: str, lang: Lang, form: Form) -> str:
    """A phase's name in `lang`, e.g. "Backward fill of dp" ("… of diff" in the score-difference form)."""
    return t(_phase_key(phase, form), lang)


def _phase_key(phase: str, form: Form) -> str:
    """The catalogue key of a phase's name: the dp phase is "diff" in the score-difference form."""
    return "phase_diff" if phase == "dp" and form == "diff" else "phase_" + phase


def cells(sol: Solution, win: Window, form: Form = "total", zero: bool = False) -> pd.DataFrame:
    """One row per array cell drawn (a Cell, cell_rows'), the numbers as nullable ints."""
    return pd.DataFrame(cell_rows(sol, win, form, zero), columns=Cell._fields).astype({"number": "Int64"})


def cell_rows(sol: Solution, win: Window, form: Form = "total", zero: bool = False) -> list[Cell]:
    """One Cell per array cell drawn: position, row name, its number (None for the value of pile n, the
    base case), and the frame that reveals it; values are known from frame 0. The third row ("dp") holds
    dp[i], or diff[i] = 2·dp[i] − suffix[i] in the score-difference form. With `zero`, a window that
    starts after pile 0 also draws pile 0, revealed at the verdict (which speaks of dp[0])."""
    steps = frame_steps(sol, win)
    frame_of = {s: f for f, s in enumerate(steps)}
    shown = [0, *win.positions] if zero and win.lo > 0 else list(win.positions)
    pos = sol.positions.iloc[shown]  # position i is row i
    out = []
    for i, value, suffix, dp, suffix_step, dp_step in zip(
        *(pos[name].tolist() for name in ("i", "value", "suffix", "dp", "suffix_step", "dp_step")), strict=True
    ):
        third = 2 * dp - suffix if form == "diff" else dp
        known = 0 if i >= win.lo else len(steps) - 1  # pile 0 outside the window: known at the verdict
        out += [
            Cell(i, "values", None if value is pd.NA else value, known),
            Cell(i, "suffix", suffix, frame_of.get(suffix_step, known)),
            Cell(i, "dp", third, frame_of.get(dp_step, known)),
        ]
    return out


def marks(
    sol: Solution, win: Window, form: Form = "total", zero: bool = False, drawn: pd.DataFrame | None = None
) -> pd.DataFrame:
    """One row per cell a frame marks (a Mark, mark_rows'), with the cell's number from `drawn`, the
    window's cells(sol, win, form, zero) when the caller has them already (made here otherwise)."""
    table = pd.DataFrame(mark_rows(sol, win, zero), columns=Mark._fields)
    drawn = cells(sol, win, form, zero) if drawn is None else drawn
    return table.merge(drawn[["i", "row", "number"]], on=["i", "row"], how="left")


def mark_rows(sol: Solution, win: Window, zero: bool = False) -> list[Mark]:
    """One Mark per cell a frame marks: the cell it writes (●), the cells it reads (○), the best (★);
    with `zero`, the verdict marks dp[0] even when the window starts after pile 0 (cells(..., zero=True)
    draws it there)."""
    steps = frame_steps(sol, win)
    phases, piles = sol.trace["phase"].tolist(), sol.trace["i"].tolist()
    cands = window_candidates(sol, win, steps)
    weighed: dict[int, list[tuple[int, bool]]] = {}
    for step, j, best in zip(cands["step"].tolist(), cands["j"].tolist(), cands["best"].tolist(), strict=True):
        weighed.setdefault(step, []).append((j, best))
    out = []
    for frame, step in enumerate(steps):
        out += _step_marks(frame, phases[step], int(piles[step]), weighed.get(step, []), sol, win, zero)
    return out


def _step_marks(
    frame: int, phase: str, i: int, weighed: list[tuple[int, bool]], sol: Solution, win: Window, zero: bool = False
) -> list[Mark]:
    """The marks of one frame, by its step's phase and pile: the start writes suffix[n] and dp[n] (when
    the window reaches n); a suffix step writes suffix[i], reading values[i] and suffix[i+1]; a dp step
    writes dp[i], reading suffix[i] and each candidate's dp[j] (`weighed`: (j, best) in the candidates'
    order; the best one ★); the verdict reads suffix[0] and stars dp[0] (when the window starts at 0, or
    `zero` draws pile 0 anyway)."""
    if phase == "start" and win.last == sol.n:
        return [Mark(frame, i, "suffix", "write"), Mark(frame, i, "dp", "write")]
    if phase == "suffix":
        return [
            Mark(frame, i, "suffix", "write"),
            Mark(frame, i, "values", "read"),
            Mark(frame, i + 1, "suffix", "read"),
        ]
    if phase == "dp":
        chosen = [Mark(frame, j, "dp", "best" if best else "read") for j, best in weighed]
        return [Mark(frame, i, "dp", "write"), Mark(frame, i, "suffix", "read"), *chosen]
    if phase == "verdict" and (win.lo == 0 or zero):
        return [Mark(frame, 0, "dp", "best"), Mark(frame, 0, "suffix", "read")]
    return []


def code_lines(sol: Solution, win: Window, code: Listing) -> pd.DataFrame:
    """One row per (frame, line) that the frame's step runs in the listing (a CodeLine, code_line_rows')."""
    return pd.DataFrame(code_line_rows(sol, win, code), columns=CodeLine._fields)


def code_line_rows(sol: Solution, win: Window, code: Listing) -> list[CodeLine]:
    """One CodeLine per (frame, line) that the frame's step runs in the listing."""
    steps = frame_steps(sol, win)
    picked = sol.trace.iloc[steps]
    out = []
    for frame, (phase, i) in enumerate(zip(picked["phase"].tolist(), picked["i"].tolist(), strict=True)):
        out += [CodeLine(frame, line) for line in code.lines_for(phase, i, sol.n, sol.max_take)]
    return out
