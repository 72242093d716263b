"""The view tables the chart draws: frames, cells, marks and code lines, cut from the trace."""

import pytest

from stonegame import solve
from stonegame.fill.view import (
    WINDOW,
    cells,
    code_lines,
    frame_of_step,
    frame_steps,
    frames,
    marks,
    pile_of_step,
    window_at,
    window_for_step,
)
from stonegame.link import random_row
from stonegame.listing import listing


def test_a_small_row_is_one_window_and_frames_are_steps():
    sol = solve([1, 2, 3, 7])
    win = window_for_step(sol, 5)
    assert (win.lo, win.hi, win.last) == (0, 4, 4)
    assert frame_steps(sol, win) == list(range(10))
    table = frames(sol, win, "en")
    assert table["frame"].tolist() == table["step"].tolist() == list(range(10))
    assert table["title"][7] == "Backward fill of dp  ·  Step 7 of 9"


def test_cells_reveal_at_the_frame_that_writes_them():
    sol = solve([1, 2, 3, 7])
    table = cells(sol, window_at(sol, 0)).set_index(["i", "row"])
    assert table.loc[(0, "dp"), "number"] == 6 and table.loc[(0, "dp"), "reveal"] == 8
    assert table.loc[(3, "suffix"), "reveal"] == 1 and table.loc[(4, "dp"), "reveal"] == 0
    assert (table.xs("values", level="row")["reveal"] == 0).all()


def test_marks_name_what_each_frame_writes_reads_and_picks():
    sol = solve([1, 2, 3, 7])
    table = marks(sol, window_at(sol, 0))
    frame7 = {(r.i, r.row): r.role for r in table[table["frame"] == 7].itertuples()}
    assert frame7 == {
        (1, "dp"): "write",
        (1, "suffix"): "read",
        (2, "dp"): "read",
        (3, "dp"): "read",
        (4, "dp"): "best",
    }
    assert table[table["frame"] == 7].set_index("i").loc[4, "number"] == 0


def test_code_lines_follow_the_phase():
    sol = solve([1, 2, 3, 7])
    py = listing("py")
    table = code_lines(sol, window_at(sol, 0), py)
    assert table[table["frame"] == 2]["line"].tolist() == py.lines_by_phase["suffix"]
    assert table[table["frame"] == 7]["line"].tolist() == py.lines_by_phase["dp"]


@pytest.mark.parametrize("step", [0, 1, 30_000, 50_000, 50_001, 75_000, 100_001])
def test_a_long_row_shows_a_window_around_the_step(step):
    sol = solve(random_row(50_000, 1))
    win = window_for_step(sol, step)
    assert win.hi - win.lo == WINDOW and win.lo >= 0 and win.hi <= sol.n
    assert win.lo <= pile_of_step(sol, step) < win.hi
    steps = frame_steps(sol, win)
    assert len(steps) == 2 * WINDOW + 2 and steps == sorted(steps)
    assert steps[frame_of_step(sol, win, step)] <= step
    table = cells(sol, win)
    assert set(table["i"]) == set(win.positions) and len(frames(sol, win, "zh")) == len(steps)


def test_the_window_keeps_the_known_positions_after_it():
    sol = solve(random_row(100, 2))
    win = window_at(sol, 40)
    assert (win.lo, win.hi, win.last) == (40, 56, 58)
    context = cells(sol, win)
    assert (context[context["i"] >= win.hi]["reveal"] == 0).all()  # already known when the window opens


def test_one_pile():
    sol = solve([5])
    win = window_for_step(sol, 0)
    assert frame_steps(sol, win) == [0, 1, 2, 3]
    assert len(marks(sol, win)) > 0


def test_a_later_window_draws_pile_0_for_its_verdict_when_asked():
    sol = solve(random_row(40, 2))
    win = window_at(sol, 20)
    last = len(frame_steps(sol, win)) - 1
    plain, zero = cells(sol, win), cells(sol, win, zero=True).set_index(["i", "row"])
    assert 0 not in set(plain["i"]) and zero.loc[(0, "dp"), "number"] == sol.dp[0]
    assert (zero.xs(0, level="i")["reveal"] == last).all(), "pile 0 is known at the verdict"
    verdict = marks(sol, win, zero=True)
    verdict = verdict[verdict["frame"] == last]
    assert set(zip(verdict["i"], verdict["row"], verdict["role"], strict=True)) == {
        (0, "dp", "best"),
        (0, "suffix", "read"),
    }
    assert marks(sol, win)[lambda m: m["frame"] == last].empty
