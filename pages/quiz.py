"""Predict, then reveal: before each dp[i] is filled in, say the best take, what the opponent is held
to and dp[i]; then who wins. Graded against the trace, with the explainer's words on a wrong answer."""

import streamlit as st

from stonegame.i18n import t
from ui import frame, state
from ui.parts import quiz

lang = frame.page("quiz_title")
st.caption(t("quiz_intro", lang))
quiz.from_link()
quiz.row_choice(lang)
sol, attempt = quiz.current()
quiz.progress(sol, attempt, lang)
quiz.board(sol, attempt, lang)
quiz.question(sol, attempt, lang)
quiz.share(lang)
state.sync_url(quiz.params())
