"""A visitor's `clear_cache` websocket message (issue 14, item 4). Streamlit obeys it from any session:
it empties st.cache_data and st.cache_resource for everybody and the sender's own session state. The
app's edge refuses it (ui/server/edge.py: only Streamlit's developer menu sends it); behind the edge, the app
uses neither Streamlit cache anyway, so its own caches (ui/cache.py's memos, ui/server/renderer.py's files) keep
what they hold even where the edge is not (AppTest).

Over the websocket, against a server of its own: the sender's session keeps its state after the message
(against a server without the edge, `streamlit run explainer.py`, it loses it), and a PNG made on the
export page is offered at once to a fresh session before and after another visitor sends it.
In-process: what Streamlit's handler clears leaves every memo as full as it was.
"""

import ast
from pathlib import Path

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.runtime import caching

from scripts.client import Stats
from scripts.hostile import HostileTab, picture_survives_clear
from scripts.meter import Server
from tests.loop import run_apart
from ui import cache
from ui.state import W_LANG


@pytest.fixture(scope="module")
def server():
    started = Server()
    yield started
    started.stop()


async def language_after_clear_cache(base):
    """Open the app on a row, switch the language to Chinese, send clear_cache, then run the page with
    the address bar as it was before the switch: the language the page is in (the server writes it
    into the query when it is not English)."""
    tab = HostileTab(base, Stats())
    try:
        await tab.open("values=1,2,3")
        radio = tab.widgets[W_LANG]
        await tab.rerun("zh", [WidgetState(id=radio.id, string_value=list(radio.options)[1])])
        assert "lang=zh" in tab.query
        await tab.send(BackMsg(clear_cache=True))
        tab.query = "values=1,2,3"  # a cleared session would read the language from here again
        await tab.rerun("after clear_cache")
        return "zh" if "lang=zh" in tab.query else "en"
    finally:
        await tab.close()


def test_a_visitors_clear_cache_is_refused_and_the_session_keeps_its_state(server):
    assert run_apart(language_after_clear_cache(server.url)) == "zh"
    assert server.alive()


def test_a_made_picture_survives_a_visitors_clear_cache(server):
    before, after = run_apart(picture_survives_clear(server.url))
    assert before, "made, and offered at once to a fresh session"
    assert after, "still offered at once after another visitor's clear_cache"
    assert server.alive()


def test_what_clear_cache_clears_leaves_the_apps_memos_full():
    row = [5, -3, 8, 1]
    sol = cache.solution(row, 3)
    held = {memo.name: len(memo) for memo in cache.MEMOS}
    caching.cache_data.clear()  # what AppSession._handle_clear_cache_request runs, for everybody
    caching.cache_resource.clear()
    assert {memo.name: len(memo) for memo in cache.MEMOS} == held
    assert cache.solution(row, 3) is sol


def test_no_app_code_caches_with_streamlit():
    """Every cache of the app is one of ui/cache.py's (which clear_cache cannot reach): no page or ui
    module uses st.cache_data or st.cache_resource."""
    root = Path(__file__).resolve().parents[2]
    sources = [
        root / "streamlit_app.py",
        root / "explainer.py",
        *(root / "pages").glob("*.py"),
        *(root / "ui").rglob("*.py"),
    ]
    used = [
        f"{path.name}:{node.lineno}"
        for path in sources
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr in ("cache_data", "cache_resource")
    ]
    assert used == []
