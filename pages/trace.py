"""The whole trace the explainer draws from, as tables, each with its CSV made and downloaded on request."""

import streamlit as st

from stonegame.i18n import t
from ui import cache, frame, state
from ui.parts import trace

lang = frame.page("trace_title")
st.markdown(t("trace_intro", lang))
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
st.markdown(f"**{t('row_summary', lang, n=sol.n, total=sol.total)}**")
tables = trace.of(sol)
for tab, shown in zip(st.tabs([t(table.tab, lang) for table in tables]), tables, strict=True):
    with tab:
        trace.show(shown, sol, lang)
state.sync_url()
