"""A visitor's `clear_cache` websocket message is harmless (issue 14, item 4): Streamlit obeys it from
any session and empties st.cache_data and st.cache_resource for everybody, so the app uses neither.
Its own caches (ui/cache.py's memos, ui/render.py's files) keep what they hold.

Over the websocket, against a server of its own: a PNG made on the export page is offered at once to
a fresh session before and after another visitor sends the message. In-process: what Streamlit's
handler clears leaves every memo as full as it was.
"""

import ast
from pathlib import Path

import pytest
from streamlit.runtime import caching

from scripts.hostile import HostileServer, picture_survives_clear
from tests.loop import run_apart
from ui import cache


@pytest.fixture(scope="module")
def server():
    started = HostileServer()
    yield started
    started.stop()


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
        *(root / "ui").glob("*.py"),
    ]
    used = [
        f"{path.name}:{node.lineno}"
        for path in sources
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr in ("cache_data", "cache_resource")
    ]
    assert used == []
