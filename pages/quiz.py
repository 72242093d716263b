"""Predict, then reveal: before each dp[i] is filled in, say the best take, what the opponent is held
to and dp[i]; then who wins. Graded against the trace, with the explainer's words on a wrong answer."""

import streamlit as st

from stonegame.i18n import t
from ui import cache, frame, state, teach

lang = frame.page("quiz_title")
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
st.caption(t("quiz_intro", lang))
teach.quiz_from_link()
teach.quiz_setup(lang)
sol, quiz = teach.current_quiz()
teach.quiz_progress(sol, quiz, lang)
teach.quiz_board(sol, quiz, lang)
teach.quiz_question(sol, quiz, lang)
teach.quiz_share(lang)
state.sync_url(teach.quiz_params())
