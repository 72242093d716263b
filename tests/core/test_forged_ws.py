"""Forged widget values over the websocket (issue 14, item 7), against a server of its own: a scripted
client sends a rerun whose widget states name settings that are not the widgets' own; the run finishes
with no exception element and no error or warning alert (loadtest.Tab raises on either), and the
address bar the server writes back carries the settings as they were."""

from urllib.parse import parse_qs

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState

from scripts.hostile import HostileServer
from scripts.loadtest import Stats, Tab
from tests.loop import run_apart


@pytest.fixture(scope="module")
def server():
    started = HostileServer()
    yield started
    started.stop()


async def forged_run(base: str, query: str, forged: dict[str, str]) -> str:
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
    written = parse_qs(run_apart(forged_run(server.url, query, forged)))
    assert {k: written.get(k) for k in ("lang", "code", "form")} == {
        "lang": ["zh"],
        "code": ["java"],
        "form": ["diff"],
    }
    assert server.alive()
