"""What the explainer draws, as tidy tables cut from the trace: the frames of the animation, the
cells of the three arrays, and the marks each frame puts on them.

A row too long to draw whole is shown through a window of piles [lo, hi); the positions just after
it (up to max_take of them) are shown as already known, since the window's dp reads them.

Tables (one row per observation):
    frames   frame, step, phase, i, title, formula, sentence       one per animation frame
    cells    i, row, number, reveal                                one per array cell drawn
    marks    frame, i, row, role, number                           one per cell a frame marks
             role: "write" (●, the cell this step writes), "read" (○, a cell it reads),
                   "best" (★, the candidate that wins)
    code     frame, line                                           one per highlighted code line
"""

from __future__ import annotations

import pandas as pd

from stonegame.explainer.explain import formula, sentence
from stonegame.i18n import t
from stonegame.listing import Listing
from stonegame.solver import Solution
from stonegame.text import wrapped
from stonegame.window import WINDOW, Window, window_at


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


def frames(sol: Solution, win: Window, lang: str, form: str = "total") -> pd.DataFrame:
    """One row per frame: its global step, phase, pile, and the words shown with it (in the formulation
    `form`: "total" for dp, "diff" for the score difference)."""
    steps = frame_steps(sol, win)
    rows = sol.trace.set_index("step").loc[steps].reset_index()
    cands = sol.candidates[sol.candidates["step"].isin(steps)]
    by_step = dict(tuple(cands.groupby("step")))
    empty = cands.iloc[0:0]
    return pd.DataFrame(
        {
            "frame": range(len(steps)),
            "step": steps,
            "phase": rows["phase"],
            "i": rows["i"],
            "title": [
                t(_phase_key(r.phase, form), lang) + "  ·  " + t("step_of", lang, step=r.step, last=sol.last_step)
                for r in rows.itertuples()
            ],
            "formula": [formula(r, by_step.get(r["step"], empty), sol, lang, form) for _, r in rows.iterrows()],
            "sentence": [
                wrapped(sentence(r, sol, lang, form, by_step.get(r["step"], empty))) for _, r in rows.iterrows()
            ],
        }
    )


def _phase_key(phase: str, form: str) -> str:
    """The catalogue key of a phase's name: the dp phase is "diff" in the score-difference form."""
    return "phase_diff" if phase == "dp" and form == "diff" else "phase_" + phase


def cells(sol: Solution, win: Window, form: str = "total") -> pd.DataFrame:
    """One row per array cell drawn: position, row name, its number, and the frame that reveals it.
    The third row ("dp") holds dp[i], or diff[i] = 2·dp[i] − suffix[i] in the score-difference form."""
    steps = frame_steps(sol, win)
    frame_of = {s: f for f, s in enumerate(steps)}
    pos = sol.positions.set_index("i").loc[list(win.positions)].reset_index()
    out = []
    for p in pos.itertuples():
        out.append((p.i, "values", p.value, 0))
        out.append((p.i, "suffix", p.suffix, frame_of.get(p.suffix_step, 0)))
        third = 2 * p.dp - p.suffix if form == "diff" else p.dp
        out.append((p.i, "dp", third, frame_of.get(p.dp_step, 0)))
    return pd.DataFrame(out, columns=["i", "row", "number", "reveal"]).astype({"number": "Int64"})


def marks(sol: Solution, win: Window, form: str = "total") -> pd.DataFrame:
    """One row per cell a frame marks: the cell it writes (●), the cells it reads (○), the best (★)."""
    out = []
    cands = sol.candidates.set_index("step")
    for frame, step in enumerate(frame_steps(sol, win)):
        row = sol.trace.iloc[step]
        i, phase = int(row["i"]), row["phase"]
        if phase == "start" and win.last == sol.n:
            out += [(frame, i, "suffix", "write"), (frame, i, "dp", "write")]
        elif phase == "suffix":
            out += [(frame, i, "suffix", "write"), (frame, i, "values", "read"), (frame, i + 1, "suffix", "read")]
        elif phase == "dp":
            out += [(frame, i, "dp", "write"), (frame, i, "suffix", "read")]
            for c in cands.loc[[step]].itertuples():
                out.append((frame, c.j, "dp", "best" if c.best else "read"))
        elif phase == "verdict" and win.lo == 0:
            out += [(frame, 0, "dp", "best"), (frame, 0, "suffix", "read")]
    table = pd.DataFrame(out, columns=["frame", "i", "row", "role"])
    return table.merge(cells(sol, win, form)[["i", "row", "number"]], on=["i", "row"], how="left")


def code_lines(sol: Solution, win: Window, code: Listing) -> pd.DataFrame:
    """One row per (frame, line) that the frame's step runs in the listing."""
    out = []
    for frame, step in enumerate(frame_steps(sol, win)):
        row = sol.trace.iloc[step]
        for line in code.lines_for(row["phase"], int(row["i"]), sol.n, sol.max_take):
            out.append((frame, line))
    return pd.DataFrame(out, columns=["frame", "line"])
