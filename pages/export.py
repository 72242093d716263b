"""Exports for slides and notebooks: the trace as CSV and JSON, this step's chart as PNG and SVG, and
the whole fill as an animated GIF, each made on the server only when its button is clicked."""

import streamlit as st

from stonegame.i18n import t
from ui import cache, frame, state
from ui.parts import embed, export, teach

lang = frame.page("export_title")
sol = cache.solution(st.session_state[state.VALUES], st.session_state[state.MAX_TAKE])
st.caption(t("export_intro", lang))
teach.row_line(sol, lang)
chart = export.chart_at(sol, export.step_input(sol, lang), lang)
export.downloads(chart, lang)
export.preview(chart, lang)
embed.snippet(chart.step, lang)
state.sync_url()
