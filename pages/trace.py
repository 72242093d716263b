"""The whole trace the explainer draws from, as tables, each with its CSV made and downloaded on request."""

import streamlit as st

from stonegame.i18n import t
from ui import frame, state
from ui.parts import trace

view, sol = frame.page("trace_title", projected=True)
st.markdown(t("trace_intro", view.lang))
st.markdown(f"**{t('row_summary', view.lang, n=sol.n, total=sol.total)}**")
tables = trace.of(sol)
for tab, shown in zip(st.tabs([t(table.tab, view.lang) for table in tables]), tables, strict=True):
    with tab:
        trace.show(shown, sol, view)
state.sync_url()
