"""The edge's table of widgets (ui/state.py WIDGETS) against what the pages really draw: a tour of every
page through AppTest, in the states that draw their other widgets (presenter mode, a long row, a long
game, a quiz to its end, a made CSV, a class's teacher, an old student link), records every widget Streamlit
registers with the value type it registers. Every one of them must be in the table, with a kind whose
fields hold that type (else the edge would drop a real browser's value); and every entry of the table
must be drawn somewhere on the tour (else the tour has missed a state, or the entry is stale)."""

import os

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptest_helpers import ENTRY
from ui import state
from ui.server import edge
from ui.server.rooms import routes

NOT_ON_THE_TOUR = {  # entries drawn only where the tour cannot go cheaply, and why
    state.VEGA_LOADER: "drawn only when static/ cannot be written (ui/parts/vega.py); building it takes 5-10 s",
    state.EVENTS.format(key=state.VEGA_LOADER): "the same element's event trigger",
}


MAX_NOT_MIN = "dp[i] = suffix[i] - max(dp[i + 1 : i + k + 1])\n"  # a fill with a mistake (the write page)


class Tour:
    """AppTest sessions on the app; after every run, the widgets registered so far (id -> value type)."""

    def __init__(self):
        self.seen = {}

    def open(self, path=None, **query):
        """A new session on the main page with these query parameters, switched to `path` if given."""
        at = AppTest.from_file(ENTRY, default_timeout=120)
        for key, value in query.items():
            at.query_params[key] = value
        self.run(at)
        if path:
            for key, value in query.items():
                at.query_params[key] = value
            self.run(at.switch_page(path))
        return at

    def run(self, at):
        at.run()
        self.seen.update(seen(at))
        return at


def seen(at):
    """The widgets a run registered (id -> value type), once it ran without an exception."""
    assert not at.exception, [e.value for e in at.exception]
    metadata = at._session_state._state._new_widget_state.widget_metadata
    return {wid: meta.value_type for wid, meta in metadata.items()}


def quiz_to_the_end(tour, at):
    """Answer every question of the quiz (the first option, zeros) until its result shows."""
    for _ in range(30):
        buttons = {b.key for b in at.button}
        if state.QUIZ_RESTART in buttons:
            return at
        if state.QUIZ_NEXT in buttons:
            at.button(key=state.QUIZ_NEXT).click()
        else:
            for radio in at.radio:
                if radio.key.startswith(("quiz_take_", "quiz_winner_")):
                    radio.set_value(radio.options[0])
            for box in at.text_input:
                if box.key.startswith(("quiz_opponent_", "quiz_dp_")):
                    box.set_value("0")
            at.form_submit_button[0].click()
        tour.run(at)
    raise AssertionError("the quiz did not end")


@pytest.fixture(scope="module")
def class_store(tmp_path_factory):
    """The class room's store in a fresh folder of this module's (the tour starts a class)."""
    before = os.environ.get("STONEGAME_STATE")
    os.environ["STONEGAME_STATE"] = str(tmp_path_factory.mktemp("class-state"))
    routes._SHARED.clear()
    yield
    routes._SHARED.clear()
    if before is None:
        os.environ.pop("STONEGAME_STATE", None)
    else:
        os.environ["STONEGAME_STATE"] = before


@pytest.fixture(scope="module")
def drawn(class_store):
    """Every widget the tour saw: its id and the value type Streamlit registered it with."""
    tour = Tour()
    at = tour.open(values="1,2,3,7")
    at.button(key=state.W_CLASS_START).click()
    tour.run(at)  # a class: the teacher's buttons and the class bar
    code = at.session_state[state.CLASS].code
    asking = tour.open(**{"class": code})  # a class link asks the tab first
    asking.session_state[state.CLASS_OPENING_SINCE] = -1e9  # a tab that never answered: the light page's link
    tour.run(asking)
    you = routes.shared().store().join(code, "10.0.0.9")[0]  # a student seated by the light page
    tour.open(**{"class": code, "you": you})  # an old student link: the light page's link, no class
    at.selectbox(key=state.W_CLASS_KIND).set_value("write")
    at.button(key=state.W_CLASS_ASK).click()
    tour.run(at)  # "Write dp[i]" asked; the student's code, counted in its group, then the reveal
    routes.shared().store().answer(code, you, 1, "dp[i] = 0", group="other")
    at.button(key=state.W_CLASS_REVEAL).click()
    tour.run(at)  # the revealed groups' bars and "Show an example" pills
    at.button(key=state.W_CLASS_END).click()
    tour.run(at)  # the end's confirm step: "End for everyone?" and "Keep teaching"
    at = tour.open(values="1,2,3,7")
    for folded in (
        state.W_HOW,
        state.W_ANSWER,
        state.W_SHARE,
        state.W_MORE,
        state.W_CLASS_JOIN_OPEN,
    ):  # drawn only open
        at.session_state[folded] = True
    tour.run(at)
    at.toggle(key=state.W_PRESENT).set_value(True)
    tour.run(at)
    for path in ("pages/trace.py", "pages/play.py", "pages/tree.py", "pages/approaches.py", "pages/deck.py"):
        tour.run(at.switch_page(path))
    for path in ("pages/play.py", "pages/tree.py"):  # their example pills: presenter mode draws the row instead
        tour.open(path, values="1,2,3,7")
    tour.open("pages/export.py", values="1,2,3,7")  # the trace's one-click Downloads, the pictures' Makes
    at = tour.open("pages/trace.py", values="1,2,3,7")  # a made CSV's Download button
    at.button(key=state.TRACE_MAKE.format(name="steps")).click()
    tour.run(at)
    tour.open(random="3000", seed="1")
    tour.open("pages/replay.py", random="60", seed="1")
    at = tour.open("pages/quiz.py", quiz_row="generated", quiz_level="1", quiz_seed="5")
    quiz_to_the_end(tour, at)
    at = tour.open("pages/lesson.py", lesson="4")  # a chapter with the stage, then the summary's buttons
    at.button(key=state.LESSON_SHOW).click()
    tour.run(at)
    at = tour.open("pages/lesson.py", lesson="1")  # the first chapter's game, played to its end
    at.button(key=state.LESSON_TAKE.format(k=3)).click()
    tour.run(at)
    tour.open("pages/lesson.py", lesson="11")
    at = tour.open("pages/write.py", values="1,2,3,7")  # the editor, the hint, the link with the code
    at.toggle(key=state.W_WRITE_HINT).set_value(True)
    at.toggle(key=state.W_WRITE_LINK_CODE).set_value(True)
    at.session_state[state.WRITE_CODE] = {"body": MAX_NOT_MIN}
    at.button(key=state.W_WRITE_RUN).click()
    tour.run(at)
    at.button(key=state.W_WRITE_CHECK).click()  # fails some rows: the smallest's Load button
    tour.run(at)
    at.button(key=state.W_WRITE_RESET).click()
    tour.run(at)
    tour.open(lang="zh")  # the forms' submit buttons are keyed by their label, in each language
    return tour.seen


def test_every_widget_drawn_is_in_the_table_with_the_kind_streamlit_gives_it(drawn):
    wrong = {}
    for widget_id, value_type in drawn.items():
        kind = edge.kind_of(edge.widget_key(widget_id))
        if kind is None or value_type not in edge.KINDS[kind]:
            wrong[widget_id] = (kind, value_type)
    assert not wrong, f"widgets the edge would drop from a real browser (kind, Streamlit's type): {wrong}"


def test_every_entry_of_the_table_is_drawn_on_the_tour(drawn):
    keys = [edge.widget_key(widget_id) for widget_id in drawn]
    missing = [
        entry
        for entry in state.WIDGETS
        if entry not in NOT_ON_THE_TOUR and not any(edge.kind_of(k) and _matches(entry, k) for k in keys)
    ]
    assert not missing, f"entries no page drew on the tour: {missing}"


def test_the_tour_saw_every_page_and_the_widgets_of_its_rare_states(drawn):
    keys = {edge.widget_key(widget_id) for widget_id in drawn}
    assert {state.W_EXIT_PRESENT, state.W_PILE, state.W_OVERVIEW, state.REPLAY_TURN, state.QUIZ_NEW} <= keys
    assert {"FormSubmitter:explainer_row_form-Apply", "FormSubmitter:explainer_row_form-应用"} <= keys


def _matches(entry, key):
    """Whether the key is the entry's (itself, or one its template formats to)."""
    return entry == key or ("{" in entry and edge.key_pattern(entry).fullmatch(key) is not None)
