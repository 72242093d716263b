"""The export page's pictures without a chart on the page's run (issue 13): the GIF's frame count from
the solved row and the window alone, equal to what the explainer's spec says on many rows."""

import random

import pytest

from stonegame import solve
from stonegame.fill.spec import opening, step_spec
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
