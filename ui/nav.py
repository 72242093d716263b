"""The pages, in sidebar order: (file, catalogue key of its label, icon). Every page is listed here; `page`
gives one as st.page_link takes it."""

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

MAIN = "explainer.py"  # the main page, at "/"
PAGES = (
    ("pages/lesson.py", "lesson_nav", "🎓"),
    (MAIN, "nav_explainer", "📈"),
    ("pages/write.py", "write_nav", "✍️"),
    ("pages/trace.py", "nav_trace", "📋"),
    ("pages/replay.py", "replay_nav", "🎬"),
    ("pages/play.py", "play_nav", "🎮"),
    ("pages/tree.py", "tree_nav", "🌳"),
    ("pages/approaches.py", "ladder_nav", "🪜"),
    ("pages/quiz.py", "quiz_nav", "❓"),
    ("pages/deck.py", "deck_nav", "🃏"),
    ("pages/export.py", "export_nav", "📤"),
)

# A page as st.page_link takes it, made once per process for each app folder and page (below).
_MADE: dict[tuple[str, str], st.Page] = {}


def page(path: str) -> st.Page:
    """The page at `path` (one of PAGES' files) as an `st.Page`, made in the first run that asks for it
    and kept for the process, per main script (AppTest may run another checkout's). Given a path,
    `st.page_link` resolves it on the file system every time (`os.path.realpath`, a `stat` per folder);
    given the page, it only checks it against the pages Streamlit found. The main page is the default
    one, at "/"."""
    ctx = get_script_run_ctx()
    where = (ctx.main_script_path if ctx is not None else "", path)
    if where not in _MADE:
        _MADE[where] = st.Page(path, default=path == MAIN)
    return _MADE[where]
