"""What the teaching pages (the quiz, the misconception deck, the exports) share: the row in one line,
and whether a teacher's link locked it."""

from __future__ import annotations

import streamlit as st

from stonegame import Solution, format_values
from stonegame.i18n import t
from stonegame.text import ROW_SHOWN
from ui import state
from ui.state import View


def locked() -> bool:
    """Whether a teacher's link fixed the row (state.LOCK)."""
    return bool(st.session_state[state.LOCK])


def row_line(sol: Solution, view: View) -> None:
    """The row in one line (summarised when longer than ROW_SHOWN piles)."""
    summary = t("row_summary", view.lang, n=sol.n, total=sol.total)
    st.markdown(f"`[{format_values(sol.values)}]` · {summary}" if sol.n <= ROW_SHOWN else summary)
