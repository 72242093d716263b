"""The explainer: type a row, watch the suffix sums and the dp table fill right to left."""

import streamlit as st

from stonegame.i18n import t
from ui import cache, explainer, frame, state

lang = frame.page("app_title")
st.caption(t("app_tagline", lang))
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
explainer.row_input(sol, lang)
explainer.overview(sol, lang)
explainer.player(sol, lang)
explainer.answer(sol, lang)
explainer.share(sol, lang)
state.sync_url()
