"""The explainer: type a row, watch the suffix sums and the dp table fill right to left."""

import streamlit as st

from stonegame.i18n import t
from ui import cache, explainer, frame, state

lang = frame.page("app_title")
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
if st.session_state[state.PRESENT]:
    explainer.presenter_bar(sol, lang)
else:
    st.caption(t("app_tagline", lang))
    explainer.row_input(sol, lang)
explainer.overview(sol, lang)
explainer.player(sol, lang)
explainer.answer(sol, lang)
explainer.share(sol, lang)
state.sync_url()
