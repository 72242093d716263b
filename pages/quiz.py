"""Predict, then reveal: before each dp[i] is filled in, say the best take, what the opponent is held
to and dp[i]; then who wins. Graded against the trace, with the explainer's words on a wrong answer."""

import streamlit as st

from stonegame.i18n import t
from ui import frame, state
from ui.parts import quiz

view, _ = frame.page("quiz_title", projected=True)  # the quiz asks about its own row (quiz.current)
quiz.from_link()
if view.present:  # the projector: the row and the way out on one line, the board beside the question
    quiz.projected(view)
else:
    st.caption(t("quiz_intro", view.lang))
    quiz.row_choice(view)
    sol, attempt = quiz.current()
    quiz.progress(sol, attempt, view)
    quiz.board(sol, attempt, view)
    quiz.question(sol, attempt, view)
    quiz.share(view)
state.sync_url(quiz.params())
