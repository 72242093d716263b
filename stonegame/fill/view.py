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
from stonegame.window import WINDOW, Window, window_at


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


def frames(sol: Solution, win: Window, lang: Lang, form: Form = "total", wrap: bool = True) -> pd.DataFrame:
    """One row per frame: its global step, phase, pile, and the words shown with it (in the formulation
    `form`: "total" for dp, "diff" for the score difference), the sentence wrapped into lines unless
    told not to; each step's words read its candidates."""
    steps = frame_steps(sol, win)
    rows = sol.trace.set_index("step").loc[steps].reset_index()
    by_step = candidates_by_step(sol.candidates[sol.candidates["step"].isin(steps)])
    none = {name: np.array([]) for name in sol.candidates.columns}
    weighed = [(r, by_step.get(r["step"], none)) for r in rows.to_dict("records")]  # each row with its candidates
    return pd.DataFrame(
        {
            "frame": range(len(steps)),
            "step": steps,
            "phase": rows["phase"],
            "i": rows["i"],
            "title": [_title(r["phase"], r["step"], sol, lang, form) for r, _ in weighed],
            "formula": [formula(r, c, sol, lang, form) for r, c in weighed],
            "sentence": [_lines(sentence(r, sol, lang, form, c), wrap) for r, c in weighed],
        }
    )


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
    """One row per array cell drawn (a Cell): position, row name, its number, and the frame that reveals
    it; values are known from frame 0. The third row ("dp") holds dp[i], or diff[i] = 2·dp[i] − suffix[i]
    in the score-difference form. With `zero`, a window that starts after pile 0 also draws pile 0,
    revealed at the verdict (which speaks of dp[0])."""
    steps = frame_steps(sol, win)
    frame_of = {s: f for f, s in enumerate(steps)}
    shown = [0, *win.positions] if zero and win.lo > 0 else list(win.positions)
    pos = sol.positions.set_index("i").loc[shown].reset_index()
    out = []
    for p in pos.itertuples():
        third = 2 * p.dp - p.suffix if form == "diff" else p.dp
        known = 0 if p.i >= win.lo else len(steps) - 1  # pile 0 outside the window: known at the verdict
        out += [
            Cell(p.i, "values", p.value, known),
            Cell(p.i, "suffix", p.suffix, frame_of.get(p.suffix_step, known)),
            Cell(p.i, "dp", third, frame_of.get(p.dp_step, known)),
        ]
    return pd.DataFrame(out, columns=Cell._fields).astype({"number": "Int64"})


def marks(
    sol: Solution, win: Window, form: Form = "total", zero: bool = False, drawn: pd.DataFrame | None = None
) -> pd.DataFrame:
    """One row per cell a frame marks (a Mark, with the cell's number): the cell it writes (●), the
    cells it reads (○), the best (★); with `zero`, the verdict marks dp[0] even when the window starts
    after pile 0 (cells(..., zero=True) draws it there). The numbers come from `drawn`, the window's
    cells(sol, win, form, zero) when the caller has them already (made here otherwise)."""
    steps = frame_steps(sol, win)
    phases, piles = sol.trace["phase"].tolist(), sol.trace["i"].tolist()
    cands = sol.candidates[sol.candidates["step"].isin(steps)]
    weighed: dict[int, list[tuple[int, bool]]] = {}
    for step, j, best in zip(cands["step"].tolist(), cands["j"].tolist(), cands["best"].tolist(), strict=True):
        weighed.setdefault(step, []).append((j, best))
    out = []
    for frame, step in enumerate(steps):
        out += _step_marks(frame, phases[step], int(piles[step]), weighed.get(step, []), sol, win, zero)
    table = pd.DataFrame(out, columns=Mark._fields)
    drawn = cells(sol, win, form, zero) if drawn is None else drawn
    return table.merge(drawn[["i", "row", "number"]], on=["i", "row"], how="left")


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
    """One row per (frame, line) that the frame's step runs in the listing (a CodeLine)."""
    phases, piles = sol.trace["phase"].tolist(), sol.trace["i"].tolist()
    out = []
    for frame, step in enumerate(frame_steps(sol, win)):
        out += [CodeLine(frame, line) for line in code.lines_for(phases[step], int(piles[step]), sol.n, sol.max_take)]
    return pd.DataFrame(out, columns=CodeLine._fields)
