"""Forged widget values over the websocket (issue 14, item 7), against a server of its own started as
the README says (`streamlit run streamlit_app.py`, so the app's edge is in front): a scripted client
sends a rerun whose widget states are not what the widgets send; the run finishes successfully with no
exception element and no error alert, and the address bar the server writes back is what it was.

Each forgery of the wrong wire type below is one Streamlit 1.67 alone fails on in its own deserialiser
(tests/core/test_forged.py keeps that as a strict xfail): against a server without the edge
(`streamlit run explainer.py`) these tests fail with "exception on the page"."""

import math
from urllib.parse import parse_qs

import pytest
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.WidgetStates_pb2 import WidgetState

from scripts.client import Stats, Tab
from scripts.hostile import HostileTab
from scripts.meter import Server
from tests.loop import run_apart
from tests.widget_states import widget_state


@pytest.fixture(scope="module")
def server():
    started = Server()
    yield started
    assert started.alive(), "the server outlived every forgery"
    started.stop()


class Forger(HostileTab):
    """A tab that keeps the alerts of its runs (their format and text) instead of failing on a warning;
    an exception element on the page still fails it (client.AppError), as does a run that does not
    finish successfully."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.alerts = []

    def _element(self, element):
        if element.WhichOneof("type") == "alert":
            self.alerts.append((element.alert.format, element.alert.body))
            return
        Tab._element(self, element)

    def state(self, key, **value):
        """A WidgetState for the widget drawn with this key, holding one value (an array field takes a list)."""
        return widget_state(self.widgets[key].id, **value)

    async def forge(self, key, value, press=None):
        """Rerun with the widget `key` holding `value` (field -> value) and, if given, the button `press`
        pressed ("submit" for the page's form): the query the server wrote back."""
        widgets = [self.state(key, **value)]
        if press == "submit":
            widgets.append(WidgetState(id=self.submit_id, trigger_value=True))
        elif press:
            widgets.append(self.click(press))
        self.alerts = []
        await self.rerun("forged", widgets)
        return self.query


async def forged_run(base, path, query, key, value, press=None):
    """Open the page at url `path` ("" for the main one) with `query`, as a link to it does, and forge
    once: the query before and after, and the alerts."""
    tab = Forger(base, Stats())
    try:
        await tab.open(query)
        if path:
            tab.query = query  # the main page's run rewrote it: the page's own parameters again
            await tab.rerun(f"page {path}", page=tab.pages[path])
        if key not in tab.widgets:  # in the explainer's examples popover, drawn only while it is open
            await tab.rerun("open", [tab.state("explainer_more", bool_value=True)])
        before = tab.query
        after = await tab.forge(key, value, press)
        return before, after, tab.alerts
    finally:
        await tab.close()


LONG = "random=3000&seed=1&step=40"
FORGERIES = [  # (page's url path, query, widget key, value, button pressed in the same run)
    ("", "values=5,6,7&k=4", "w_max_take", {"double_array_value": [99.0]}, None),
    ("", "values=5,6", "explainer_preset", {"string_value": "x"}, None),
    ("", "values=5,6", "explainer_preset", {"int_value": 3}, None),
    ("", "values=5,6", "explainer_random_n", {"double_value": math.nan}, None),
    ("", "values=5,6", "explainer_random_n", {"double_value": math.inf}, None),
    ("", "values=5,6", "explainer_random_seed", {"double_value": math.nan}, None),
    ("export", "values=1,2,3,7&step=2", "export_w_step", {"double_value": math.nan}, None),
    ("export", "values=1,2,3,7&step=2", "export_w_step", {"double_value": math.inf}, None),
    ("export", "values=1,2,3,7&step=2", "export_w_step", {"string_value": "x"}, None),
    ("", LONG, "explainer_overview", {"string_value": "not json"}, None),
    ("", LONG, "explainer_overview", {"string_value": "5"}, None),
    ("", LONG, "explainer_overview", {"string_value": "null"}, None),
    ("", LONG, "explainer_overview", {"string_value": '{"selection": 5}'}, None),
    ("", LONG, "explainer_overview", {"string_value": '{"selection": "x"}'}, None),
    ("", LONG, "explainer_overview", {"string_value": '"selection"'}, None),
    ("quiz", "values=1,2,3,7&quiz_row=generated&quiz_level=2&quiz_seed=5", "quiz_w_level", {"int_value": 9}, None),
    ("play", "values=1,2,3,7", "play_side", {"int_value": 0}, None),
    ("", "values=5,6", "explainer_row_text", {"int_value": 5}, "submit"),
    ("", "values=5,6", "explainer_row_text", {"bool_value": True}, "submit"),
]


def errors(alerts):
    return [text for kind, text in alerts if kind == Alert.ERROR]


@pytest.mark.parametrize(("path", "query", "key", "value", "press"), FORGERIES, ids=lambda v: str(v)[:30])
def test_a_forged_value_of_the_wrong_kind_leaves_the_page_as_it_was(server, path, query, key, value, press):
    before, after, alerts = run_apart(forged_run(server.url, path, query, key, value, press))
    assert not errors(alerts)
    assert parse_qs(after) == parse_qs(before)


async def forged_winner(base):
    """On the quiz of a one-pile row: answer the pile's question, go on to the winner's, and submit it
    with the winner forged as a number: the alerts of that run."""
    tab = Forger(base, Stats())
    try:
        await tab.open("values=5")
        await tab.rerun("page quiz", page=tab.pages["quiz"])
        take = tab.state("quiz_take_0", string_value=next(iter(tab.widgets["quiz_take_0"].options)))
        answers = [take, tab.state("quiz_opponent_0", string_value="0"), tab.state("quiz_dp_0", string_value="5")]
        await tab.rerun("answer", [*answers, WidgetState(id=tab.submit_id, trigger_value=True)])
        await tab.rerun("next", [tab.click("quiz_next")])
        await tab.forge("quiz_winner_1", {"int_value": 1}, press="submit")
        return tab.alerts
    finally:
        await tab.close()


def test_a_forged_winner_is_a_blank_answer(server):
    alerts = run_apart(forged_winner(server.url))
    assert not errors(alerts)
    assert [kind for kind, _ in alerts] == [Alert.WARNING], "the page asks for the winner: it was left blank"


async def draw_after_forging(base):
    """Set the random row's size to 30 (as a browser does), then press Draw with the size forged as NaN:
    the query the server wrote back."""
    tab = Forger(base, Stats())
    try:
        await tab.open("values=5,6")
        await tab.rerun("open", [tab.state("explainer_more", bool_value=True)])  # the examples popover
        await tab.rerun("size", [tab.state("explainer_random_n", int_value=30)])
        return await tab.forge("explainer_random_n", {"double_value": math.nan}, press="explainer_draw")
    finally:
        await tab.close()


def test_a_dropped_value_leaves_the_widget_at_the_value_it_had(server):
    """The edge drops the NaN, so Streamlit reads the size the input had after the last run (30), not
    its default (12), and the draw goes on."""
    assert parse_qs(run_apart(draw_after_forging(server.url)))["random"] == ["30"]


async def forged_run_strings(base, query, forged):
    """Open the app at `query`, send one rerun with these widgets' string values forged (widget key ->
    value): the query string the server wrote back."""
    tab = Tab(base, Stats())
    try:
        await tab.open(query)
        states = [WidgetState(id=tab.widgets[key].id, string_value=value) for key, value in forged.items()]
        await tab.rerun("forged", states)
        return tab.query
    finally:
        await tab.close()


def test_forged_settings_over_the_websocket_leave_the_link_as_it_was(server):
    query = "values=5,6,7&lang=zh&code=java&form=diff"
    forged = {"w_lang": "fr", "w_code": "rust", "w_form": "x"}
    written = parse_qs(run_apart(forged_run_strings(server.url, query, forged)))
    assert {k: written.get(k) for k in ("lang", "code", "form")} == {
        "lang": ["zh"],
        "code": ["java"],
        "form": ["diff"],
    }
    assert server.alive()
