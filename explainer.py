"""The explainer: type a row, watch the suffix sums and the dp table fill right to left, on one stage."""

import streamlit as st

from ui import cache, frame, state
from ui.parts import fill

lang = frame.page("app_title", title=False)  # the header draws the title beside the row input
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
fill.style()
if not st.session_state[state.PRESENT]:
    fill.header(sol, lang)
fill.stage(sol, lang)
fill.long_row(sol, lang)
if st.session_state[state.PRESENT]:
    fill.presenter_bar(sol, lang)
fill.how_to_read(sol, lang)
fill.answer(sol, lang)
fill.share(sol, lang)
state.sync_url()
