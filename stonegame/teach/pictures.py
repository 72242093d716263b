"""What the export page needs of its pictures without building a chart: how many frames the explainer
animates for a window of the row (the GIF's frame count and help text on every run of the page). The
picture's spec itself is built only when a picture is made (ui/parts/export.py, from the explainer's
template: stonegame.fill.spec.window_spec) and drawn by the render worker (stonegame.teach.export,
stonegame.teach.gif), which so imports neither Altair nor pandas and stays small.
"""

from __future__ import annotations

from stonegame.fill.view import frame_steps
from stonegame.solver import Solution
from stonegame.window import Window


def frame_count(sol: Solution, win: Window) -> int:
    """How many frames the explainer animates for the window `win` of the solved row (what
    export.frame_count reads off its spec), from the window's steps alone: no chart is built."""
    return len(frame_steps(sol, win))
