"""The export page's pictures without a chart on the page's run (issue 13): the GIF's frame count from
the solved row and the window alone, equal to what the explainer's spec says on many rows; and the
chart a picture is made from, built from what names it (the row, k, the window, the language, the
listing, the form), is the explainer's own at that step."""

import random

import pytest

from stonegame import solve
from stonegame.explainer.spec import at_frame, opening, step_spec
from stonegame.link import random_row
from stonegame.teach import export, pictures
from stonegame.terms import TAKES


def cases(count=20, seed=13):
    """(values, k, step): rows of 1 to 60 piles (longer than a window: 16) under every k, at a step
    anywhere from the start to the verdict."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.choice([1, 2, 3, rng.randint(4, 16), 17, rng.randint(18, 60)])
        values = [rng.randint(-20, 20) for _ in range(n)]
        yield values, rng.choice(TAKES), rng.randint(0, 2 * n + 1)


@pytest.mark.parametrize(("values", "k", "step"), list(cases()))
def test_the_frame_count_is_the_specs(values, k, step):
    sol = solve(values, k)
    win, _ = opening(sol, step)
    assert pictures.frame_count(sol, win) == export.frame_count(step_spec(sol, step, "en", "py", "total"))


@pytest.mark.parametrize(
    ("values", "step", "lang", "code", "form"),
    [
        ([1, 2, 3, 7], 9, "en", "py", "total"),
        ([1, 2, 3, -9], 4, "zh", "java", "diff"),
        (random_row(300, 5), 290, "zh", "py", "total"),
    ],
)
def test_a_pictures_chart_is_the_explainers_at_that_step(values, step, lang, code, form):
    sol = solve(values)
    win, frame = opening(sol, step)
    built = pictures.spec_of(tuple(values), sol.max_take, win.lo, lang, code, form)
    assert at_frame(built, frame) == step_spec(sol, step, lang, code, form)
    assert pictures.spec_of(tuple(values), sol.max_take, win.lo, lang, code, form) is built, "kept for the next kind"
