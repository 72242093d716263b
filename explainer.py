"""The explainer: type a row, watch the suffix sums and the dp table fill right to left, on one stage."""

import streamlit as st

from ui import cache, explainer, frame, state

lang = frame.page("app_title", title=False)  # the header draws the title beside the row input
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
explainer.style()
if not st.session_state[state.PRESENT]:
    explainer.header(sol, lang)
explainer.stage(sol, lang)
explainer.long_row(sol, lang)
if st.session_state[state.PRESENT]:
    explainer.presenter_bar(sol, lang)
explainer.how_to_read(sol, lang)
explainer.answer(sol, lang)
explainer.share(sol, lang)
state.sync_url()
