"""The stage's tables made from plain rows (cell_rows, mark_rows, frame_rows, code_line_rows) against
the DataFrame code they replaced, copied here as it was (f25defb), on many rows: short ones carried
whole, long ones through windows at the start, the middle and the end, both forms, k 1..5."""

import random

import numpy as np
import pandas as pd
import pytest

from stonegame import solve
from stonegame.fill import view
from stonegame.fill.stage import carried
from stonegame.fill.view import Cell, CodeLine, Mark, frame_steps
from stonegame.listing import listing
from stonegame.narration import formula, sentence
from stonegame.window import WINDOW

# --- the DataFrame code as it was ----------------------------------------------------------------


def old_cells(sol, win, form="total", zero=False):
    steps = frame_steps(sol, win)
    frame_of = {s: f for f, s in enumerate(steps)}
    shown = [0, *win.positions] if zero and win.lo > 0 else list(win.positions)
    pos = sol.positions.set_index("i").loc[shown].reset_index()
    out = []
    for p in pos.itertuples():
        third = 2 * p.dp - p.suffix if form == "diff" else p.dp
        known = 0 if p.i >= win.lo else len(steps) - 1
        out += [
            Cell(p.i, "values", p.value, known),
            Cell(p.i, "suffix", p.suffix, frame_of.get(p.suffix_step, known)),
            Cell(p.i, "dp", third, frame_of.get(p.dp_step, known)),
        ]
    return pd.DataFrame(out, columns=Cell._fields).astype({"number": "Int64"})


def old_marks(sol, win, form="total", zero=False):
    steps = frame_steps(sol, win)
    phases, piles = sol.trace["phase"].tolist(), sol.trace["i"].tolist()
    cands = sol.candidates[sol.candidates["step"].isin(steps)]
    weighed = {}
    for step, j, best in zip(cands["step"].tolist(), cands["j"].tolist(), cands["best"].tolist(), strict=True):
        weighed.setdefault(step, []).append((j, best))
    out = []
    for frame, step in enumerate(steps):
        out += view._step_marks(frame, phases[step], int(piles[step]), weighed.get(step, []), sol, win, zero)
    table = pd.DataFrame(out, columns=Mark._fields)
    drawn = old_cells(sol, win, form, zero)
    return table.merge(drawn[["i", "row", "number"]], on=["i", "row"], how="left")


def old_frames(sol, win, lang, form="total", wrap=True):
    steps = frame_steps(sol, win)
    rows = sol.trace.set_index("step").loc[steps].reset_index()
    by_step = view.candidates_by_step(sol.candidates[sol.candidates["step"].isin(steps)])
    none = {name: np.array([]) for name in sol.candidates.columns}
    weighed = [(r, by_step.get(r["step"], none)) for r in rows.to_dict("records")]
    return pd.DataFrame(
        {
            "frame": range(len(steps)),
            "step": steps,
            "phase": rows["phase"],
            "i": rows["i"],
            "title": [view._title(r["phase"], r["step"], sol, lang, form) for r, _ in weighed],
            "formula": [formula(r, c, sol, lang, form) for r, c in weighed],
            "sentence": [view._lines(sentence(r, sol, lang, form, c), wrap) for r, c in weighed],
        }
    )


def old_code_lines(sol, win, code):
    phases, piles = sol.trace["phase"].tolist(), sol.trace["i"].tolist()
    out = []
    for frame, step in enumerate(frame_steps(sol, win)):
        out += [CodeLine(frame, line) for line in code.lines_for(phases[step], int(piles[step]), sol.n, sol.max_take)]
    return pd.DataFrame(out, columns=CodeLine._fields)


# --- the cases -----------------------------------------------------------------------------------


def cases():
    """(values, k, lo, lang, form) for rows of 1..24 piles, 200 and 201, and windows of 1,000 and 5,000."""
    rng = random.Random(23)
    out = []
    for n in [*range(1, 25), 200, 201, 1000, 1000, 1000, 5000]:
        values = [rng.randint(-1000, 1000) if n % 3 else rng.randint(-9, 9) for _ in range(n)]
        lo = rng.choice([0, 1, n // 2, max(n - WINDOW, 0)]) if n > 200 else 0
        out.append((values, rng.randint(1, 5), lo, rng.choice(["en", "zh"]), rng.choice(["total", "diff"])))
    return out


@pytest.mark.parametrize(("values", "k", "lo", "lang", "form"), cases())
def test_the_tables_from_plain_rows_are_the_old_tables(values, k, lo, lang, form):
    sol = solve(values, k)
    win = carried(sol, lo)
    for zero in (False, True):
        pd.testing.assert_frame_equal(view.cells(sol, win, form, zero), old_cells(sol, win, form, zero))
        pd.testing.assert_frame_equal(view.marks(sol, win, form, zero), old_marks(sol, win, form, zero))
    for wrap in (False, True):
        pd.testing.assert_frame_equal(view.frames(sol, win, lang, form, wrap), old_frames(sol, win, lang, form, wrap))
        assert view.frame_rows(sol, win, lang, form, wrap) == list(
            old_frames(sol, win, lang, form, wrap).itertuples(index=False)
        )
    for code in ("py", "java"):
        listed = listing(code, form, k, lang)
        pd.testing.assert_frame_equal(view.code_lines(sol, win, listed), old_code_lines(sol, win, listed))
        assert view.code_line_rows(sol, win, listed) == list(old_code_lines(sol, win, listed).itertuples(index=False))
