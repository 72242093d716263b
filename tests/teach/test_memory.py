"""Sessions hold keys, never solutions (issue 14, item 2): after a visit to every page on a long row,
with the widgets whose callbacks used to close over the Solution moved, nothing a session keeps
reaches a Solution or a DataFrame. Only ui.cache's bounded memo of solved rows holds them.

A session lives on for minutes after its tab closes (Streamlit keeps it in case the tab reconnects,
and an idle server longer), with everything its state reaches: widget callbacks and their closures,
callback arguments, values. The walk below follows exactly that: from the session's SessionState,
every object reachable by gc.get_referents, except through modules, classes and a function's globals
(what a module-level function can reach is not the session's to keep).
"""

import gc
import sys
import types

import pandas as pd
import pytest

from stonegame import Solution
from tests.apptest_helpers import app
from ui import cache, state
from ui.parts import fill

PAGES = [
    "pages/export.py",
    "pages/quiz.py",
    "pages/deck.py",
    "pages/replay.py",
    "pages/trace.py",
    "pages/approaches.py",
]


def reachable(root, limit=2_000_000):
    """Every object reachable from root as a session keeps it (see the module docstring), by id."""
    module_dicts = {id(m.__dict__) for m in list(sys.modules.values()) if m is not None}
    seen, todo = {}, [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, types.ModuleType | type) or id(obj) in module_dicts:
            continue
        seen[id(obj)] = obj
        assert len(seen) < limit, "the walk did not end"
        if isinstance(obj, types.FunctionType):
            todo.extend(c.cell_contents for c in obj.__closure__ or () if _filled(c))
            todo.extend([obj.__defaults__ or (), obj.__kwdefaults__ or {}])
        else:
            todo.extend(gc.get_referents(obj))
    return seen


def _filled(cell):
    """Whether a closure cell holds a value (an unfilled one raises ValueError when read)."""
    try:
        return cell.cell_contents is not _filled
    except ValueError:
        return False


def held(at):
    """The Solutions and DataFrames the AppTest's session reaches."""
    found = reachable(at._session_state._state).values()
    return [type(o).__name__ for o in found if isinstance(o, Solution | pd.DataFrame)]


@pytest.fixture(scope="module")
def visited():
    """One session on a 3,000-pile random row (a window and the pile slider), every page visited, the
    pile slider and the step moved."""
    at = app(random="3000", seed="5")
    assert len(at.session_state[state.VALUES]) == 3000
    at.slider(key=state.W_PILE).set_value(1200).run()
    at.session_state[state.STEP] = 7  # the stage moves the step in the browser; the server only reads it
    at.run()
    for path in PAGES:
        at.switch_page(path).run()
        assert not at.exception, [e.value for e in at.exception]
    at.switch_page("explainer.py").run()
    return at


def test_the_walk_reaches_the_widgets_callbacks(visited):
    found = reachable(visited._session_state._state)
    assert id(fill._set_pile) in found, "the pile slider's on_change, kept in the widget metadata"


def test_the_walk_finds_a_solution_a_session_would_hold(visited):
    sol = cache.solution(visited.session_state[state.VALUES], 3)
    visited._session_state._state["leak"] = lambda: sol.n  # what the pile slider's callback used to be
    try:
        assert "Solution" in held(visited)
    finally:
        del visited._session_state._state["leak"]


def test_no_session_holds_a_solution_or_a_table(visited):
    assert held(visited) == []
    assert isinstance(visited.session_state[state.VALUES], state.Row)


def test_the_solved_row_is_held_by_the_cache_alone(visited):
    sol = cache.solution(visited.session_state[state.VALUES], 3)
    assert any(value is sol for value in cache._solved.memo.values())
