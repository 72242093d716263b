"""The server makes the chart templates a class asks for first as it starts (ui/server/warm.py, from
streamlit_app.py's lifespan): afterwards a new row of those shapes, in either language and listing,
builds no chart."""

import importlib

import pytest

from stonegame import solve
from stonegame.fill import template as stage
from stonegame.fill.stage import carried
from stonegame.game import charts as game
from stonegame.ladder import spec as ladder
from stonegame.teach import charts as teach
from tests.loop import run_apart
from ui.server import heap, warm


@pytest.fixture(scope="module")
def warmed():
    return warm.templates()


@pytest.mark.parametrize(("lang", "code"), [("en", "py"), ("zh", "java"), ("zh", "py")])
def test_after_the_warm_up_a_new_row_builds_no_chart(warmed, lang, code):
    stores = (ladder.TEMPLATES, game.REPLAYS, teach.BOARDS)
    before = [len(store) for store in stores], len(stage._templates)
    sol = solve([4, -2, 9, 0, 3, -7, 5])
    ladder.calls_spec(sol, False, lang, "total")
    ladder.calls_spec(sol, True, lang, "total")
    ladder.table_spec(sol, lang, code, "total")
    ladder.window_spec(sol, lang, "total")
    stage.picture(sol, carried(sol, 0), lang, "total", False)
    assert ([len(store) for store in stores], len(stage._templates)) == before, "no new template"


def test_the_warm_up_runs_at_start_unless_switched_off(monkeypatch):
    """...and the heap is frozen after it (given to the warm-up to call when done), or at once without it."""
    started, frozen = [], []
    monkeypatch.setattr(warm, "in_background", lambda then: started.append(then))
    monkeypatch.setattr(heap, "freeze", lambda: frozen.append(True))
    server = importlib.import_module("streamlit_app")

    async def start():
        async with server.lifespan(server.app):
            pass

    monkeypatch.setenv("STONEGAME_WARM", "1")
    run_apart(start())
    monkeypatch.setenv("STONEGAME_WARM", "0")
    run_apart(start())
    assert len(started) == 1 and frozen == [True]
    started[0]()
    assert frozen == [True, True]
